/**
 * The acoustic calibration: a table whose speeds are 10 % off the profile's and whose sensors
 * are tens of µs late, knocked at the calibration points (hub/acoustic/testkit.ts arrivals; then
 * the simulator's calibration session, sim/signals/calibration-knocks.ts), gives its speeds and
 * delays back, and the error it reports is the one the localiser then has.
 */
import { describe, expect, it } from 'vitest';
import type { Arrival } from '../../shared/tables/acoustic';
import { calibrate, type CalibrationSample } from './calibrate';
import { calibrationPoints } from './geometry';
import { CAROM_ACOUSTIC, clickArrivals, knockArrivals, nominal, scene, type Scene } from './testkit';
import { calibrationKnocks } from '../../sim/signals/calibration-knocks';
import { acousticTable } from '../../sim/signals/waves';
import { BAR_NOISE } from '../../sim/signals/signals';
import { knocksOf } from './step';
import { pairKnocks } from './pairing';

const DELAYS: Record<string, number> = { nw: 30, ne: -20, en: 45, es: 10, se: -35, sw: 25, ws: 0, wn: 60, b1: 20, b2: -40, b3: 70, b4: 5 };
const TRUTH = { railSpeed: 2200, slateSpeed: 2700, delaysUs: DELAYS };

/** Each calibration point knocked once (or `rounds` times), a second apart, with crosstalk and the slate hearing the rails. */
function session(sc: Scene, rounds = 1): CalibrationSample[] {
  const out: CalibrationSample[] = [];
  let t0 = 1e6;
  for (let r = 0; r < rounds; r++)
    for (const p of calibrationPoints(sc.layout)) {
      const arrivals: Arrival[] =
        p.surface === 'rail'
          ? knockArrivals(sc, p.rail!, p.rail === 'n' || p.rail === 's' ? p.x : p.y, t0, { jointUs: 200, slateUs: 150 })
          : clickArrivals(sc, p.x, p.y, t0);
      out.push({ surface: p.surface, rail: p.rail, x: p.x, y: p.y, arrivals });
      t0 += 1e6;
    }
  return out;
}

/** The delays' differences within each rail and within the slate (all a calibration can know), true less fitted. */
function delayErrors(fitted: Record<string, number>): number[] {
  const groups = [
    ['nw', 'ne'],
    ['en', 'es'],
    ['se', 'sw'],
    ['ws', 'wn'],
    ['b1', 'b2', 'b3', 'b4'],
  ];
  const mean = (ids: string[], d: Record<string, number>): number => ids.reduce((a, i) => a + (d[i] ?? 0), 0) / ids.length;
  return groups.flatMap((g) => g.map((id) => fitted[id]! - mean(g, fitted) - (DELAYS[id]! - mean(g, DELAYS))));
}

describe('calibrate', () => {
  it('asks for 41 points: the inner diamonds of each rail, then the 21 crossings on the bed', () => {
    const pts = calibrationPoints(nominal());
    expect(pts).toHaveLength(41);
    expect(pts.slice(0, 8).map((p) => p.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'e1']);
    expect(pts[7]).toMatchObject({ surface: 'rail', rail: 'e', diamond: 1, x: 2.84, y: 0.355 });
    expect(pts[20]).toMatchObject({ id: 'bed1', surface: 'slate', diamond: 1, across: 1, x: 0.355, y: 0.355 });
    expect(pts[40]).toMatchObject({ id: 'bed21', diamond: 7, across: 3, x: 2.485, y: 1.065 });
  });

  it('without jitter, recovers speeds 10 % off and delays of tens of µs exactly', () => {
    const sc = scene(41, TRUTH, 0);
    const fit = calibrate(sc.layout, session(sc));
    expect(fit.layout.railSpeed).toBeCloseTo(2200, -1);
    expect(fit.layout.slateSpeed).toBeCloseTo(2700, -1);
    for (const e of delayErrors(fit.layout.delaysUs)) expect(Math.abs(e)).toBeLessThan(2);
    // Each rail's two and the slate's delays average 0: the common part is not measurable.
    expect(fit.layout.delaysUs['nw']! + fit.layout.delaysUs['ne']!).toBeCloseTo(0, 0);
    expect(fit.layout.source).toMatchObject({ kind: 'calibrated' });
    expect(fit.error.rail!.medianCm).toBeLessThan(1);
    expect(fit.error.slate!.medianCm).toBeLessThan(1);
  });

  it('at 40 µs: speeds to a few per cent, delay differences to tens of µs; the error reported is the localiser’s', () => {
    const rail: number[] = [];
    const slate: number[] = [];
    const delays: number[] = [];
    const medians: number[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const sc = scene(100 + seed, TRUTH, 40);
      const fit = calibrate(sc.layout, session(sc));
      rail.push(fit.layout.railSpeed / 2200 - 1);
      slate.push(fit.layout.slateSpeed / 2700 - 1);
      delays.push(...delayErrors(fit.layout.delaysUs));
      medians.push(fit.error.medianCm);
      expect(fit.error.n).toBe(41);
    }
    const rms = (xs: number[]): number => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);
    console.log(
      `20 tables at 40 µs, one knock per point: rail speed error rms ${(rms(rail) * 100).toFixed(1)} %, slate ${(rms(slate) * 100).toFixed(1)} %, delay differences rms ${rms(delays).toFixed(0)} µs; error median ${Math.min(...medians)}–${Math.max(...medians)} cm`,
    );
    // From 10 % off to a few per cent; the delays from tens of µs to the timing's own spread.
    expect(rms(rail)).toBeLessThan(0.04);
    expect(rms(slate)).toBeLessThan(0.03);
    expect(rms(delays)).toBeLessThan(35);
  });

  it('three rounds of knocks: speeds within 2 %, delays within 20 µs', () => {
    const sc = scene(7, TRUTH, 40);
    const fit = calibrate(sc.layout, session(sc, 3));
    expect(Math.abs(fit.layout.railSpeed / 2200 - 1)).toBeLessThan(0.02);
    expect(Math.abs(fit.layout.slateSpeed / 2700 - 1)).toBeLessThan(0.02);
    for (const e of delayErrors(fit.layout.delaysUs)) expect(Math.abs(e)).toBeLessThan(20);
  });

  it('arrivals a wave cycle late, a stray arrival before a knock, a bounce heard late: left out', () => {
    const sc = scene(8, TRUTH, 0);
    const samples = session(sc);
    const late = (s: CalibrationSample, sensor: string, us: number): void => {
      const k = s.arrivals.findIndex((a) => a.sensor === sensor);
      s.arrivals[k] = { ...s.arrivals[k]!, us: s.arrivals[k]!.us + us };
    };
    late(samples[2]!, 'nw', 300); // rail n, diamond 3: its nearer sensor, a wave cycle late
    late(samples[9]!, 'es', 300); // a short rail's knock
    late(samples[25]!, 'b3', 200); // a bed point
    samples[30]!.arrivals.unshift({ sensor: 'b2', us: samples[30]!.arrivals[0]!.us - 40_000, at: 0 }); // noise 40 ms before
    samples[31]!.arrivals.push({ sensor: 'b1', us: samples[31]!.arrivals[0]!.us + 64_000, at: 0 }); // a bounce
    const fit = calibrate(sc.layout, samples);
    expect(fit.outliers).toBe(2 + 2 + 1);
    expect(fit.layout.railSpeed).toBeCloseTo(2200, -1);
    expect(fit.layout.slateSpeed).toBeCloseTo(2700, -1);
    for (const e of delayErrors(fit.layout.delaysUs)) expect(Math.abs(e)).toBeLessThan(2);
  });

  it('a rail nobody knocked on keeps the profile’s values', () => {
    const sc = scene(9, TRUTH, 0);
    const fit = calibrate(
      sc.layout,
      session(sc).filter((s) => s.rail !== 'w'),
    );
    expect(fit.layout.delaysUs['ws']).toBe(0);
    expect(fit.layout.delaysUs['wn']).toBe(0);
    expect(fit.layout.railSpeed).toBeCloseTo(2200, -1);
  });
});

describe('calibrate on the simulator’s calibration session', () => {
  it('recovers each simulated table’s speeds and reports the error (sim/signals/calibration-knocks.ts)', () => {
    const layout = nominal();
    const lines: string[] = [];
    const rail: number[] = [];
    const slate: number[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const table = acousticTable(layout, seed);
      const run = calibrationKnocks(layout, table, { profile: CAROM_ACOUSTIC, noise: BAR_NOISE, seed });
      // What the hub's step does with the recorded events: knocks by the silence between them, in the order asked.
      const heard = knocksOf(
        run.arrivals.map((a) => ({ s: a.sensor, b: 'boot', t: a.us })),
        layout,
      );
      const points = calibrationPoints(layout);
      const paired = pairKnocks(heard, points, layout);
      // A knock one of its rail's sensors missed (the bar's noise misses 1 in 200) is not paired.
      expect(paired.missed.length).toBeLessThanOrEqual(2);
      expect(paired.extra).toBeLessThanOrEqual(1);
      const fit = calibrate(layout, paired.samples);
      rail.push(fit.layout.railSpeed / table.railSpeed - 1);
      slate.push(fit.layout.slateSpeed / table.slateSpeed - 1);
      lines.push(
        `table ${seed}: rail ${Math.round(table.railSpeed)} → ${fit.layout.railSpeed} m/s, slate ${Math.round(table.slateSpeed)} → ${fit.layout.slateSpeed} m/s; error median ${fit.error.medianCm} cm, p95 ${fit.error.p95Cm} cm (rail ${fit.error.rail!.medianCm}/${fit.error.rail!.p95Cm}, bed ${fit.error.slate!.medianCm}/${fit.error.slate!.p95Cm}); ${fit.outliers} left out`,
      );
      expect(fit.error.n).toBeGreaterThanOrEqual(38);
      expect(fit.error.medianCm).toBeLessThan(15);
    }
    console.log(lines.join('\n'));
    const rms = (xs: number[]): number => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);
    expect(rms(rail)).toBeLessThan(0.05);
    expect(rms(slate)).toBeLessThan(0.04);
  });
});
