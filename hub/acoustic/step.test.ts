/**
 * The acoustic step of the calibration assistant: its place in the plan, its knocks grouped by
 * silence and paired with the points, the session's result and the calibrated layout it gives
 * (layoutFor). The events are the simulator's calibration session (sim/signals/calibration-knocks.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import type { DeviceEvent } from '../../shared/protocol/schema';
import { CalibrationSession } from '../calibration/session';
import { planFor } from '../calibration/plan';
import { acousticInstruction, knocksOf, pointLists } from './step';
import { calibrationPoints, geometryOf } from './geometry';
import { calibrate } from './calibrate';
import { layoutFor } from './layout';
import { CAROM_ACOUSTIC, nominal } from './testkit';
import { calibrationKnocks } from '../../sim/signals/calibration-knocks';
import { acousticTable } from '../../sim/signals/waves';
import { BAR_NOISE } from '../../sim/signals/signals';

const load = (id: string): TableProfile => JSON.parse(readFileSync(new URL(`../../hardware/profiles/${id}.json`, import.meta.url), 'utf8')) as TableProfile;

/** The simulated session's arrivals as the device sends them: one event per arrival, the board's µs. */
function events(seed: number, device = 'ca1-a'): { events: DeviceEvent[]; table: ReturnType<typeof acousticTable> } {
  const layout = nominal();
  const table = acousticTable(layout, seed);
  const run = calibrationKnocks(layout, table, { profile: CAROM_ACOUSTIC, noise: BAR_NOISE, seed });
  const slate = new Set(layout.sensors.filter((s) => s.surface === 'slate').map((s) => s.id));
  const out = [...run.arrivals]
    .sort((a, b) => a.us - b.us)
    .map((a, i): DeviceEvent => ({
      v: 1,
      k: 'ev',
      d: device,
      b: 'boot1',
      n: i + 1,
      t: a.us + 5_000_000,
      e: slate.has(a.sensor) ? 'contact' : 'cushion',
      s: a.sensor,
    }));
  return { events: out, table };
}

describe('the acoustic step in the plan', () => {
  it('comes last for a profile with acoustic sensors, listing its 41 points in order', () => {
    const plan = planFor(CAROM_ACOUSTIC);
    const step = plan[plan.length - 1]!;
    expect(plan[0]!.id).toBe('quiet');
    expect(step).toMatchObject({ id: 'acoustic', kind: 'acoustic', sensor: null, count: 41 });
    expect(step.points).toHaveLength(41);
    expect(pointLists(step.points!)).toEqual({
      rails: 'rail n 1–7, rail e 1–3, rail s 1–7, rail w 1–3',
      bed: '1×1, 2×1, 3×1, 4×1, 5×1, 6×1, 7×1, 1×2, 2×2, 3×2, 4×2, 5×2, 6×2, 7×2, 1×3, 2×3, 3×3, 4×3, 5×3, 6×3, 7×3',
    });
    expect(step.instruction).toBe(acousticInstruction(step.points!));
    expect(step.instruction).toMatch(
      /^Knock 41 times, one at a time, a second apart, in this order\. On the cushions, .*: rail n 1–7, .*\. On the bed, drop a ball from 2 cm .*: 1×1, .*7×3\.$/,
    );
  });

  it('is not there for tables without acoustic sensors', () => {
    for (const id of ['carom', 'pool', 'golf-billiards', 'minigolf-lane']) expect(planFor(load(id)).some((s) => s.kind === 'acoustic')).toBe(false);
  });
});

describe('knocks from the step’s events', () => {
  it('splits at every silence of 200 ms and at a new boot; a lone arrival is noise', () => {
    const x = (s: string, ms: number, b = 'a') => ({ s, b, t: ms * 1000 });
    const k = knocksOf(
      [x('nw', 0), x('ne', 1), x('b1', 64), x('b2', 130), x('nw', 500), x('ne', 501), x('b3', 1150), x('nw', 1400), x('ne', 1400.5, 'z'), x('zz', 2000)],
      nominal(),
    );
    expect(k.map((g) => g.map((a) => a.sensor))).toEqual([
      ['nw', 'ne', 'b1', 'b2'],
      ['nw', 'ne'],
    ]);
  });

  it('the simulated session: every knock heard once', () => {
    const { events: ev } = events(2);
    expect(knocksOf(ev, nominal())).toHaveLength(calibrationPoints(nominal()).length);
  });
});

describe('the session', () => {
  it('records the step, works out the speeds and delays when it is ended, stores them; layoutFor gives them back', () => {
    const s = new CalibrationSession('s1', 'ca1', 'ca1-a', CAROM_ACOUSTIC);
    while (s.current!.kind !== 'acoustic') s.next();
    const { events: ev, table } = events(3);
    for (const e of ev) s.record(e);
    let step = s.view().steps.find((x) => x.kind === 'acoustic')!;
    expect(step.acoustic).toEqual({ heard: 41, result: null });
    expect(s.next()).toBeNull();
    step = s.view().steps.find((x) => x.kind === 'acoustic')!;
    const a = step.acoustic!.result!;
    expect(a.knocks).toBe(41);
    expect(a.asked).toBe(41);
    expect(Math.abs(a.railSpeed / table.railSpeed - 1)).toBeLessThan(0.08);
    expect(Math.abs(a.slateSpeed / table.slateSpeed - 1)).toBeLessThan(0.06);
    expect(Object.keys(a.delaysUs).sort()).toEqual(['b1', 'b2', 'b3', 'b4', 'en', 'es', 'ne', 'nw', 'se', 'sw', 'wn', 'ws']);
    expect(a.error.n).toBeGreaterThanOrEqual(40);
    expect(a.error.medianCm).toBeGreaterThan(0);
    expect(a.warnings).toEqual([]);
    // The knocks are no sensor's noise: a slate piezo's threshold comes from its own step and the quiet one only.
    expect(s.suggestions().find((x) => x.sensor === 'b1')!.evidence.noise).toEqual([]);

    const rec = s.result(new Date('2026-12-01T10:00:00Z'));
    expect(rec.acoustic).toEqual(a);
    const layout = layoutFor(CAROM_ACOUSTIC, rec)!;
    expect(layout).toMatchObject({ railSpeed: a.railSpeed, slateSpeed: a.slateSpeed, delaysUs: a.delaysUs });
    expect(layout.source).toEqual({ kind: 'calibrated', at: '2026-12-01T10:00:00.000Z', medianCm: a.error.medianCm, p95Cm: a.error.p95Cm });
  });

  it('redo and going back forget the result; a step with knocks missing says which', () => {
    const s = new CalibrationSession('s2', 'ca1', 'ca1-a', CAROM_ACOUSTIC);
    while (s.current!.kind !== 'acoustic') s.next();
    const i = s.view().current;
    const { events: ev } = events(4);
    // The first rail knock is not heard at all.
    const firstKnock = ev[0]!.t;
    for (const e of ev) if (e.t > firstKnock + 100_000) s.record(e);
    s.next();
    const a = s.acousticCalibration()!;
    expect(a.knocks).toBe(40);
    expect(a.warnings).toContain('1 of 41 points not heard: n1');
    s.goTo(i);
    expect(s.acousticCalibration()).toBeNull();
    expect(s.view().steps[i]!.acoustic).toEqual({ heard: 0, result: null });
    for (const e of ev) s.record(e);
    s.redo();
    expect(s.view().steps[i]!.acoustic!.heard).toBe(0);
  });
});

describe('layoutFor', () => {
  const base = { table: 'ca1', device: 'ca1-a', at: '2026-12-01T10:00:00.000Z', set: {}, thresholds: {}, suggestions: [] };
  const acoustic = {
    railSpeed: 2100,
    slateSpeed: 2900,
    delaysUs: { nw: 12, ne: -12, gone: 40 },
    error: { medianCm: 8, p95Cm: 30, n: 41, rail: null, slate: null },
    knocks: 41,
    asked: 41,
    outliers: 0,
    warnings: [],
  };

  it('the nominal layout before any calibration, or for a record of another profile', () => {
    expect(layoutFor(CAROM_ACOUSTIC)).toEqual(nominal());
    expect(layoutFor(CAROM_ACOUSTIC, { ...base, profile: 'carom', acoustic })).toEqual(nominal());
    expect(layoutFor(load('carom'), { ...base, profile: 'carom', acoustic })).toBeUndefined();
  });

  it('the record’s speeds and the delays of the profile’s sensors; nonsense speeds are ignored', () => {
    const l = layoutFor(CAROM_ACOUSTIC, { ...base, profile: 'carom-acoustic', acoustic })!;
    expect(l).toMatchObject({ railSpeed: 2100, slateSpeed: 2900, delaysUs: { nw: 12, ne: -12 } });
    expect(l.delaysUs['gone']).toBeUndefined();
    expect(layoutFor(CAROM_ACOUSTIC, { ...base, profile: 'carom-acoustic', acoustic: { ...acoustic, railSpeed: 0 } })).toEqual(nominal());
  });

  it('sensor ids named like Object’s own members are plain ids', () => {
    const odd: TableProfile = { ...CAROM_ACOUSTIC, sensors: CAROM_ACOUSTIC.sensors.map((x) => (x.id === 'nw' ? { ...x, id: 'constructor' } : x)) };
    const l = layoutFor(odd, { ...base, profile: 'carom-acoustic', acoustic: { ...acoustic, delaysUs: { ne: 5 } } })!;
    expect(Object.hasOwn(l.delaysUs, 'constructor')).toBe(false);
    expect(geometryOf(l).delay[0]).toBe(0);
    const fit = calibrate(l, []);
    expect(Object.hasOwn(fit.layout.delaysUs, 'constructor')).toBe(true);
  });
});
