/**
 * The localiser on synthetic arrivals (hub/acoustic/testkit.ts: emission + distance / speed +
 * delay + Gaussian jitter) on the carom-acoustic profile's table. The figures measured are
 * printed (docs/acoustic.md quotes them).
 */
import { describe, expect, it } from 'vitest';
import type { Arrival, Click, Knock, Localised, Rail } from '../../shared/tables/acoustic';
import { Localiser } from './localise';
import { clickArrivals, hubMs, knockArrivals, quantiles, scene, type Scene } from './testkit';
import { gauss } from '../../sim/physics/rng';
import { pointOn } from './geometry';
import { Multilaterator } from './multilaterate';
import { CAROM_ACOUSTIC, nominal } from './testkit';
import { calibrationKnocks } from '../../sim/signals/calibration-knocks';
import { acousticTable } from '../../sim/signals/waves';
import { BAR_NOISE } from '../../sim/signals/signals';

/** Feeds arrivals in time order and flushes well after the last; returns everything placed. */
function run(loc: Localiser, arrivals: Arrival[]): Localised[] {
  const sorted = [...arrivals].sort((a, b) => a.us - b.us);
  const out: Localised[] = [];
  for (const a of sorted) out.push(...loc.push(a));
  out.push(...loc.flush(hubMs(sorted[sorted.length - 1]!.us) + 1000));
  return out;
}

const knocks = (xs: Localised[]): Knock[] => xs.filter((x): x is Knock => x.kind === 'knock');
const clicks = (xs: Localised[]): Click[] => xs.filter((x): x is Click => x.kind === 'click');
const along = (sc: Scene, rail: Rail): number => (rail === 'n' || rail === 's' ? sc.layout.width : sc.layout.height);
const SPACING_US = 300_000;

describe('rail knocks', () => {
  it('places a knock by the difference: the error follows sd = v·σ/√2 (5.7 cm at 2000 m/s, 40 µs), t is the emission', () => {
    const sc = scene(11);
    const loc = new Localiser(sc.layout);
    const errors: number[] = [];
    const z: number[] = [];
    let t0 = 1e6;
    for (let i = 0; i < 400; i++) {
      const rail = (['n', 'e', 's', 'w'] as Rail[])[i % 4]!;
      const L = along(sc, rail);
      const a = 0.05 * L + sc.r() * 0.9 * L;
      const out = run(loc, knockArrivals(sc, rail, a, t0));
      expect(out).toHaveLength(1);
      const k = knocks(out)[0]!;
      expect(k.rail).toBe(rail);
      expect(k.sensors).toHaveLength(2);
      expect(Math.abs(k.t - hubMs(t0))).toBeLessThan(0.15);
      errors.push(Math.abs(k.along - a));
      z.push((k.along - a) / k.sd);
      t0 += SPACING_US;
    }
    const q = quantiles(errors);
    const formula = (2000 * 40e-6) / Math.SQRT2;
    console.log(`rail knock error: median ${(q.median * 100).toFixed(1)} cm, p95 ${(q.p95 * 100).toFixed(1)} cm (formula sd ${(formula * 100).toFixed(1)} cm)`);
    // |N(0, sd)|: median 0.674 sd, p95 1.96 sd.
    expect(q.median).toBeGreaterThan(0.5 * formula);
    expect(q.median).toBeLessThan(0.85 * formula);
    expect(q.p95).toBeLessThan(2.4 * formula);
    expect(quantiles(z.map(Math.abs)).p95).toBeLessThan(2.5);
  });

  it('a lone arrival (the other sensor missed it) is a knock anywhere on that rail', () => {
    const sc = scene(12);
    const loc = new Localiser(sc.layout);
    const out = run(loc, knockArrivals(sc, 'e', 0.4, 1e6, { miss: ['en'] }));
    expect(out).toEqual([expect.objectContaining({ kind: 'knock', rail: 'e', along: 0.71, sensors: ['es'] })]);
    const k = out[0] as Knock;
    expect(k.sd).toBeCloseTo(1.42 / Math.sqrt(12), 5);
    // Emitted before it was heard, by the mean travel over the rail.
    expect(k.t).toBeLessThan(hubMs(1e6 + 0.38 * 500));
    expect(Math.abs(k.t - hubMs(1e6))).toBeLessThan(0.8);
    expect(loc.counts.loneKnocks).toBe(1);
  });

  it('ringing: a doubled pulse 1–8 ms later at one or both sensors makes no second knock', () => {
    const sc = scene(13);
    const loc = new Localiser(sc.layout);
    const all: Arrival[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = 1e6 + i * SPACING_US;
      const first = knockArrivals(sc, 's', 0.3 + i * 0.04, t0);
      const ring = first.map((a) => ({ ...a, us: a.us + 1000 + Math.round(sc.r() * 7000) }));
      all.push(...first, ...ring.map((a) => ({ ...a, at: hubMs(a.us) })).filter((_, k) => i % 3 === 0 || k === 0));
    }
    const out = run(loc, all);
    expect(knocks(out)).toHaveLength(50);
    expect(out.every((k) => k.kind === 'knock' && k.sensors.length === 2)).toBe(true);
    expect(loc.counts.rejected.ringing).toBe(50 + 17);
  });

  it('crosstalk: the neighbour rails hear it through the corners and the slate under it; only the knock counts', () => {
    const sc = scene(14);
    const loc = new Localiser(sc.layout);
    let t0 = 1e6;
    let wrong = 0;
    let nearCorner = 0;
    for (let i = 0; i < 400; i++) {
      const rail = (['n', 'e', 's', 'w'] as Rail[])[i % 4]!;
      const L = along(sc, rail);
      // Everywhere, the corners too; the joints add 0–300 µs, the slate 0–200 µs.
      const a = 0.03 * L + sc.r() * 0.94 * L;
      const out = run(loc, knockArrivals(sc, rail, a, t0, { jointUs: sc.r() * 300, slateUs: sc.r() * 200 }));
      const k = knocks(out);
      const p = pointOn(sc.layout, rail, a);
      // Within a few cm of a corner the neighbour's crosstalk pair and the knock's own are the same
      // times mirrored: either rail may be named, the point is the corner's.
      const placed = k.length === 1 && Math.hypot(k[0]!.x - p.x, k[0]!.y - p.y) <= 4 * k[0]!.sd;
      if (out.length !== 1 || !placed) wrong++;
      else if (k[0]!.rail !== rail) nearCorner++;
      t0 += SPACING_US;
    }
    console.log(
      `crosstalk: ${wrong} of 400 knocks not placed as one knock; ${nearCorner} placed at their corner on the neighbour rail; counts ${JSON.stringify(loc.counts)}`,
    );
    expect(wrong).toBeLessThanOrEqual(4);
    expect(nearCorner).toBeLessThanOrEqual(12);
    expect(loc.counts.clicks).toBe(0);
    expect(loc.counts.rejectedGroups.crosstalk).toBeGreaterThan(400);
  });

  it('a rail knock heard through the slate before the rail sensors hear it is a knock, not a click', () => {
    const sc = scene(15);
    const loc = new Localiser(sc.layout);
    let t0 = 1e6;
    for (let i = 0; i < 200; i++) {
      const rail = (['n', 's'] as Rail[])[i % 2]!;
      const a = 0.5 + (i / 200) * 1.84;
      const arr = knockArrivals(sc, rail, a, t0, { slateUs: 0 });
      // The slate is faster: a slate sensor hears it first.
      if (a > 0.9 && a < 1.9) expect(sc.layout.sensors.find((s) => s.id === arr[0]!.sensor)!.surface).toBe('slate');
      const out = run(loc, arr);
      expect(clicks(out)).toEqual([]);
      expect(knocks(out)).toEqual([expect.objectContaining({ rail })]);
      t0 += SPACING_US;
    }
    expect(loc.counts.rejectedGroups.crosstalk).toBe(200);
  });
});

describe('clicks on the bed', () => {
  it('places a click by multilateration; the error is what 40 µs allows with this layout, and sd says so', () => {
    const sc = scene(21);
    const loc = new Localiser(sc.layout);
    const errors: number[] = [];
    const z: number[] = [];
    const dt: number[] = [];
    let t0 = 1e6;
    for (let i = 0; i < 400; i++) {
      // Where balls meet: anywhere a ball's radius from the cushions.
      const x = 0.06 + sc.r() * 2.72;
      const y = 0.06 + sc.r() * 1.3;
      const out = run(loc, clickArrivals(sc, x, y, t0));
      const c = clicks(out);
      expect(c).toHaveLength(1);
      dt.push(Math.abs(c[0]!.t - hubMs(t0)));
      errors.push(Math.hypot(c[0]!.x - x, c[0]!.y - y));
      z.push(Math.hypot(c[0]!.x - x, c[0]!.y - y) / c[0]!.sd);
      t0 += SPACING_US;
    }
    const q = quantiles(errors);
    const zq = quantiles(z);
    console.log(`click error at 40 µs: median ${(q.median * 100).toFixed(1)} cm, p95 ${(q.p95 * 100).toFixed(1)} cm; error/sd p95 ${zq.p95.toFixed(2)}`);
    // The Cramér–Rao bound at the bed's centre is 6.4 cm along and 17 cm across (the slate sensors are 0.82 m apart across).
    expect(q.median).toBeLessThan(0.2);
    expect(zq.p95).toBeLessThan(2.5);
    // t: the emission, to a tenth of a millisecond mostly (worse in the corners, far outside the sensors).
    expect(quantiles(dt).median).toBeLessThan(0.05);
    expect(quantiles(dt).p95).toBeLessThan(0.3);
  });

  it('at 10 µs the same clicks are placed within a few cm', () => {
    const sc = scene(22, {}, 10);
    const loc = new Localiser(sc.layout, { sigmaUs: 10, relSpeedSd: 0.02 });
    const errors: number[] = [];
    let t0 = 1e6;
    for (let i = 0; i < 300; i++) {
      const x = 0.3 + sc.r() * 2.24;
      const y = 0.3 + sc.r() * 0.82;
      const c = clicks(run(loc, clickArrivals(sc, x, y, t0)));
      expect(c).toHaveLength(1);
      errors.push(Math.hypot(c[0]!.x - x, c[0]!.y - y));
      t0 += SPACING_US;
    }
    const q = quantiles(errors);
    console.log(`click error at 10 µs, inside the sensors: median ${(q.median * 100).toFixed(1)} cm, p95 ${(q.p95 * 100).toFixed(1)} cm`);
    expect(q.median).toBeLessThan(0.04);
  });

  it('four arrivals, one of them wrong (the sensor fired on noise just before): placed as well as from the other three alone', () => {
    const sc = scene(23);
    const loc = new Localiser(sc.layout);
    const alone = new Multilaterator(sc.layout, 40, 0.1);
    let t0 = 1e6;
    let placeable = 0;
    let same = 0;
    let output = 0;
    let honest = 0;
    for (let i = 0; i < 400; i++) {
      const x = 0.2 + sc.r() * 2.44;
      const y = 0.2 + sc.r() * 1.02;
      const arr = clickArrivals(sc, x, y, t0);
      const k = i % 4;
      // Noise 300–700 µs before the click's wave would have come; the real one falls in its dead time.
      arr[k] = { ...arr[k]!, us: arr[k]!.us - 300 - Math.round(sc.r() * 400) };
      arr[k]!.at = hubMs(arr[k]!.us);
      const good = arr.filter((_, j) => j !== k);
      const at = (a: Arrival) => sc.layout.sensors.find((s) => s.id === a.sensor)!;
      const three = alone.solve(
        good.map((a) => at(a).x),
        good.map((a) => at(a).y),
        good.map((a) => a.us),
        3,
        1e6 / sc.layout.slateSpeed,
      );
      const c = clicks(run(loc, arr));
      if (three) placeable++;
      if (three && c.length === 1 && Math.hypot(c[0]!.x - Math.min(2.84, Math.max(0, three.x)), c[0]!.y - Math.min(1.42, Math.max(0, three.y))) < 1e-6) same++;
      if (c.length === 1) {
        output++;
        if (Math.hypot(c[0]!.x - x, c[0]!.y - y) <= 3 * c[0]!.sd) honest++;
      }
      t0 += SPACING_US;
    }
    console.log(
      `one early outlier of four: the other three alone place ${placeable} of 400 (sd ≤ 0.5 m); with the outlier ${same} of those are placed the same; ${output} clicks out, ${honest} within 3 sd of the truth`,
    );
    expect(same).toBeGreaterThanOrEqual(0.9 * placeable);
    expect(honest).toBeGreaterThanOrEqual(0.95 * output);
  });

  it('rolling noise (random single arrivals at the slate sensors) makes no click; clicks among it are still found', () => {
    const sc = scene(24);
    const loc = new Localiser(sc.layout);
    const slate = ['b1', 'b2', 'b3', 'b4'];
    const noise: Arrival[] = [];
    const seconds = 120;
    const perSecond = 20;
    for (const s of slate) {
      for (let t = 0; t < seconds * 1e6;) {
        t += Math.round(-Math.log(Math.max(1e-9, sc.r())) * (1e6 / perSecond));
        noise.push({ sensor: s, us: 1e6 + t, at: hubMs(1e6 + t) });
      }
    }
    // The firmware's dead time (15 ms on the slate) keeps only the first of close arrivals per sensor.
    const byTime = (xs: Arrival[]): Arrival[] => {
      const last = new Map<string, number>();
      return xs
        .sort((a, b) => a.us - b.us)
        .filter((a) => {
          const ok = a.us - (last.get(a.sensor) ?? -Infinity) > 15_000;
          if (ok) last.set(a.sensor, a.us);
          return ok;
        });
    };
    const heard = byTime([...noise]);
    const falseClicks = clicks(run(loc, heard)).length;
    console.log(`rolling noise ${perSecond}/s per slate sensor for ${seconds} s: ${falseClicks} false click(s); ${JSON.stringify(loc.counts.rejected)}`);
    expect(falseClicks).toBeLessThanOrEqual(3);
    expect(loc.counts.rejected.single).toBeGreaterThan(0.95 * heard.length);

    const loc2 = new Localiser(sc.layout);
    const truth: { x: number; y: number; t0: number }[] = [];
    for (let i = 0; i < 100; i++) truth.push({ x: 0.4 + sc.r() * 2, y: 0.35 + sc.r() * 0.7, t0: 1e6 + 500_000 + i * 1_000_000 + gauss(sc.r) * 1000 });
    const waves = truth.map((c) => clickArrivals(sc, c.x, c.y, c.t0));
    const heardWithClicks = byTime([...noise, ...waves.flat()]);
    const out = clicks(run(loc2, heardWithClicks));
    const kept = new Set(heardWithClicks);
    // A click can be found when at least three of its arrivals got past the dead times.
    const findable = waves.filter((w) => w.filter((a) => kept.has(a)).length >= 3).length;
    const found = truth.filter((c) => out.some((o) => Math.abs(o.t - hubMs(c.t0)) < 1 && Math.hypot(o.x - c.x, o.y - c.y) < 3 * o.sd)).length;
    console.log(
      `100 clicks among the noise: ${findable} with three or more arrivals past the dead times, ${found} found, ${out.length - found} other click(s)`,
    );
    expect(found).toBeGreaterThanOrEqual(0.85 * findable);
    expect(out.length - found).toBeLessThanOrEqual(3);
  });
});

describe('the simulator’s physics (sim/signals/waves.ts)', () => {
  it('its calibration session: each cushion knock one knock on its rail, each dropped ball a click, nothing else', () => {
    const lines: string[] = [];
    for (const seed of [1, 2, 3]) {
      const layout = nominal();
      const table = acousticTable(layout, seed);
      const session = calibrationKnocks(layout, table, { profile: CAROM_ACOUSTIC, noise: BAR_NOISE, seed });
      // The firmware's dead time drops a sensor's ring (rails 30 ms, slate 15 ms).
      const last = new Map<string, number>();
      const heard = [...session.arrivals]
        .sort((a, b) => a.us - b.us)
        .filter((a) => {
          const ok = a.us - (last.get(a.sensor) ?? -Infinity) > (a.sensor.startsWith('b') ? 15_000 : 30_000);
          if (ok) last.set(a.sensor, a.us);
          return ok;
        })
        .map((a): Arrival => ({ sensor: a.sensor, us: a.us, at: hubMs(a.us) }));
      const loc = new Localiser(layout);
      const out = run(loc, heard);
      const rail: number[] = [];
      const bed: number[] = [];
      for (const k of session.knocks) {
        // What was placed from the knock to 2 ms after it (a dropped ball's bounces come 64 ms later: clicks of their own).
        const near = out.filter((o) => o.t >= hubMs(k.us) - 1 && o.t <= hubMs(k.us) + 2);
        expect(near, `${k.surface} ${k.rail ?? ''} ${k.x} ${k.y}`).toHaveLength(1);
        const o = near[0]!;
        if (k.surface === 'rail') {
          expect(o).toMatchObject({ kind: 'knock', rail: k.rail });
          rail.push(Math.hypot(o.x - k.x, o.y - k.y));
        } else {
          expect(o.kind).toBe('click');
          bed.push(Math.hypot(o.x - k.x, o.y - k.y));
        }
      }
      const r = quantiles(rail);
      const b = quantiles(bed);
      lines.push(
        `table ${seed}, nominal speeds: knocks median ${(r.median * 100).toFixed(1)} cm, p95 ${(r.p95 * 100).toFixed(1)} cm; drops median ${(b.median * 100).toFixed(1)} cm, p95 ${(b.p95 * 100).toFixed(1)} cm; rejected ${JSON.stringify(loc.counts.rejected)}`,
      );
    }
    console.log(lines.join('\n'));
  });
});

describe('the hot path', () => {
  it('takes a busy table’s arrivals cheaply', () => {
    const sc = scene(31);
    const loc = new Localiser(sc.layout);
    const arr: Arrival[] = [];
    let t0 = 1e6;
    for (let i = 0; i < 2000; i++) {
      if (i % 2) arr.push(...knockArrivals(sc, 'n', 0.2 + (i % 20) * 0.12, t0, { jointUs: 100, slateUs: 50 }));
      else arr.push(...clickArrivals(sc, 0.5 + (i % 17) * 0.1, 0.4 + (i % 7) * 0.1, t0));
      t0 += 20_000;
    }
    const start = performance.now();
    const out = run(loc, arr);
    const perArrival = ((performance.now() - start) * 1000) / arr.length;
    console.log(`${arr.length} arrivals, ${out.length} placed: ${perArrival.toFixed(2)} µs per arrival`);
    expect(out).toHaveLength(2000);
    expect(perArrival).toBeLessThan(200);
  });
});
