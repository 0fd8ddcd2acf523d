import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../firmware/build/build';
import type { TableProfile } from '../../shared/profile';
import { nominalLayout, type AcousticSensor } from '../../shared/tables/acoustic';
import { newBalls, playShot, type TruthEvent } from '../physics/world';
import { CAROM, caromBreak, GOLF_BILLIARDS, POOL } from '../physics/tables';
import { calibrationKnocks } from './calibration-knocks';
import { FirmwareTable } from './firmware';
import { BAR_NOISE, NO_NOISE, signalsFor, type Edge } from './signals';
import { ACOUSTIC_NOISE, acousticTable, NO_ACOUSTIC_NOISE, type AcousticArrival, type AcousticTable } from './waves';

const profile = loadProfile('carom-acoustic') as TableProfile;
const layout = nominalLayout(profile)!;
const table = acousticTable(layout, 7);
const quiet = { noise: NO_NOISE, acousticNoise: NO_ACOUSTIC_NOISE, acoustic: table };
const W = CAROM.width;
const H = CAROM.height;

const knock = (t: number, place: string, x: number, y: number): TruthEvent => ({ type: 'cushion', t, ball: 'W', place, speed: 1, sensed: true, x, y });
const click = (t: number, x: number, y: number): TruthEvent => ({ type: 'contact', t, a: 'W', b: 'R', speed: 1, x, y });
const sensor = (id: string): AcousticSensor => table.sensors.find((s) => s.id === id)!;
const pinOf = (id: string): string => profile.sensors.find((s) => s.id === id)!.pin;
/** The exact arrival, µs: the truth instant, the distance over the speed, the sensor's delay. */
const exact = (t: number, metres: number, speed: number, id: string): number => t * 1e6 + (metres / speed) * 1e6 + table.delaysUs[id]!;
const riseAt = (edges: readonly Edge[], id: string): number[] => edges.filter((e) => e.pin === pinOf(id) && e.level === 1).map((e) => e.us);
const byCause = (arrivals: readonly AcousticArrival[] | undefined, cause: AcousticArrival['cause']) => (arrivals ?? []).filter((a) => a.cause === cause);

describe('acoustic sensors: arrivals by wave (issue #26)', () => {
  it('the physics gives every cushion hit its touch point on the cushion line', () => {
    const res = playShot(CAROM, newBalls(caromBreak()), { ball: 'W', angle: 0.7, speed: 3.5 }, 5);
    const hits = res.events.filter((e) => e.type === 'cushion');
    expect(hits.length).toBeGreaterThan(2);
    for (const e of hits) {
      const line = { n: e.y === H, s: e.y === 0, e: e.x === W, w: e.x === 0 }[e.place[0] as 'n' | 's' | 'e' | 'w'];
      expect(line, JSON.stringify(e)).toBe(true);
      expect(e.x).toBeGreaterThanOrEqual(0);
      expect(e.x).toBeLessThanOrEqual(W);
    }
  });

  it('without noise each arrival is the distance over the true speed plus the sensor delay, a 100 µs pulse', () => {
    const sig = signalsFor(CAROM, profile, [knock(0.5, 'n2', 2, H), knock(1, 'e', W, 0.4), click(1.5, 1, 0.6)], quiet);
    const expected: [string, number][] = [
      ['nw', exact(0.5, 2 - sensor('nw').x, table.railSpeed, 'nw')],
      ['ne', exact(0.5, sensor('ne').x - 2, table.railSpeed, 'ne')],
      ['en', exact(1, sensor('en').y - 0.4, table.railSpeed, 'en')],
      ['es', exact(1, 0.4 - sensor('es').y, table.railSpeed, 'es')],
      ...['b1', 'b2', 'b3', 'b4'].map((id): [string, number] => [id, exact(1.5, Math.hypot(1 - sensor(id).x, 0.6 - sensor(id).y), table.slateSpeed, id)]),
    ];
    for (const [id, us] of expected) {
      const seen = riseAt(sig.edges, id);
      expect(seen, id).toHaveLength(1);
      expect(Math.abs(seen[0]! - us), id).toBeLessThanOrEqual(0.5);
      expect(sig.edges.find((e) => e.pin === pinOf(id) && e.level === 0)!.us - seen[0]!, id).toBe(100);
    }
    expect(sig.edges).toHaveLength(2 * expected.length);
    expect(sig.acoustic!.map((a) => a.cause).sort()).toEqual(['click', 'click', 'click', 'click', 'knock', 'knock', 'knock', 'knock']);
    // The true table is not the nominal one: the calibration has something to find.
    expect(table.railSpeed).not.toBe(layout.railSpeed);
    expect(Object.values(table.delaysUs).every((d) => d >= 5 && d <= 40)).toBe(true);
  });

  it("a rail knock's two arrivals place it: x = (x1 + x2 - v (Δt - Δdelay)) / 2", () => {
    for (const t of [8, 1234]) {
      const tab = acousticTable(layout, t);
      const [sw, se] = [tab.sensors.find((s) => s.id === 'sw')!, tab.sensors.find((s) => s.id === 'se')!];
      for (let x = 0.05; x < W; x += 0.17) {
        const sig = signalsFor(CAROM, profile, [knock(0.2, x < W / 2 ? 's1' : 's2', x, 0)], { ...quiet, acoustic: tab });
        const dt = riseAt(sig.edges, 'se')[0]! - riseAt(sig.edges, 'sw')[0]! - (tab.delaysUs['se']! - tab.delaysUs['sw']!);
        const placed = (sw.x + se.x - tab.railSpeed * dt * 1e-6) / 2;
        // Each stamp is rounded to 1 µs: about 1 mm at these speeds.
        expect(Math.abs(placed - x)).toBeLessThan(0.0015);
      }
    }
  });

  it('crosstalk and the slate hearing the rails come at the stated rates and times', () => {
    const heard: Record<string, number> = {};
    let knocks = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const events = [0.1, 0.2, 0.3, 0.4, 0.5].map((t) => knock(t, 'n1', 0.4, H));
      knocks += events.length;
      const sig = signalsFor(CAROM, profile, events, { noise: NO_NOISE, acousticNoise: { ...ACOUSTIC_NOISE, rollingPerS: 0 }, acoustic: table, seed });
      for (const a of sig.acoustic!) if (a.cause !== 'knock') heard[a.sensor] = (heard[a.sensor] ?? 0) + 1;
      if (seed === 1) {
        // Through the n-w corner joint, at the frame speed: 0.4 m to the corner, 0.02 m down the w rail.
        for (const a of byCause(sig.acoustic, 'crosstalk').filter((x) => x.sensor === 'wn'))
          expect(Math.abs(a.us - exact(a.t, 0.42, table.frameSpeed, 'wn'))).toBeLessThanOrEqual(0.5);
      }
    }
    const rate = (id: string): number => (heard[id] ?? 0) / knocks;
    // The w rail meets n at the corner nearer the knock (0.3); e and s are farther (0.05); the slate 0.5.
    const within = (ids: string[], lo: number, hi: number): void => {
      for (const id of ids) expect(rate(id), id).toBeGreaterThan(lo);
      for (const id of ids) expect(rate(id), id).toBeLessThan(hi);
    };
    within(['ws', 'wn'], 0.25, 0.35);
    within(['en', 'es', 'se', 'sw'], 0.03, 0.07);
    within(['b1', 'b2', 'b3', 'b4'], 0.45, 0.55);
    expect(rate('nw') + rate('ne')).toBe(0);
  });

  it('rolling noise: single slate arrivals at 0.5 per second and sensor while balls move, none at rest', () => {
    let rolling = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const events: TruthEvent[] = [
        { type: 'strike', t: 0, ball: 'W', speed: 2 },
        { type: 'rest', t: 10 },
      ];
      const sig = signalsFor(CAROM, profile, events, { noise: NO_NOISE, acoustic: table, seed });
      const noise = byCause(sig.acoustic, 'rolling');
      expect(noise.every((a) => a.sensor.startsWith('b') && a.t >= 0 && a.t < 10)).toBe(true);
      expect(sig.acoustic!.length).toBe(noise.length);
      rolling += noise.length;
    }
    expect(rolling / (100 * 10 * 4)).toBeGreaterThan(0.45);
    expect(rolling / (100 * 10 * 4)).toBeLessThan(0.55);
    expect(signalsFor(CAROM, profile, [{ type: 'rest', t: 10 }], { noise: NO_NOISE, acoustic: table }).edges).toEqual([]);
  });

  it('profiles without acoustic sensors give the very edges they gave before (digests of the old function)', () => {
    // A fixed truth with every kind of event; bar noise with spurious knocks, so every draw counts.
    const truth = (ball: string, rails: string[], holes: { place: string; kind: 'pocket' | 'goal' }[]): TruthEvent[] => {
      const ev: TruthEvent[] = [{ type: 'strike', t: 0, ball, speed: 3 }];
      for (let i = 0; i < 24; i++) {
        const t = 0.05 + i * 0.137;
        ev.push({ type: 'cushion', t, ball, place: rails[i % rails.length]!, speed: 0.3 + (i % 5) * 0.4, sensed: true, x: 0.1 * i, y: 0.05 });
        if (i % 3 === 0) ev.push({ type: 'contact', t: t + 0.02, a: ball, b: `${(i % 9) + 1}`, speed: 1, x: 0.07 * i, y: 0.4 });
        if (i % 4 === 1) ev.push({ type: 'bumper', t: t + 0.05, ball, bumper: 'a1', speed: 0.8 });
        if (i % 5 === 2) {
          const h = holes[i % holes.length]!;
          ev.push({ type: 'capture', t: t + 0.07, ball: `${(i % 9) + 1}`, place: h.place, kind: h.kind, speed: 0.6 });
        }
      }
      ev.push({ type: 'off', t: 3.5, ball, place: rails[0]! }, { type: 'rest', t: 4 });
      return ev;
    };
    const digest = (x: unknown): string => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
    const noise = { ...BAR_NOISE, spuriousPerS: 1 };
    const goals = [
      { place: 'a', kind: 'goal' as const },
      { place: 'b', kind: 'goal' as const },
    ];
    const pockets = ['tl', 'tm', 'tr', 'bl', 'bm', 'br'].map((place) => ({ place, kind: 'pocket' as const }));
    const golf = signalsFor(GOLF_BILLIARDS, loadProfile('golf-billiards') as TableProfile, truth('A3', ['n', 'e', 's', 'w'], goals), {
      noise,
      seed: 17,
      colourOf: (b) => (b === 'A3' ? 'white' : 'red'),
    });
    const pool = signalsFor(POOL, loadProfile('pool') as TableProfile, truth('cue', ['head', 'foot'], pockets), { noise, seed: 23 });
    expect([digest(golf), digest(pool)]).toEqual(['f094ec4d782f7c53', '67cc122c345b48d9']);
    expect(golf.acoustic).toBeUndefined();
  });

  it('is deterministic per seed; another seed or another table gives other edges', () => {
    const res = playShot(CAROM, newBalls(caromBreak()), { ball: 'W', angle: 0.7, speed: 3.5 }, 5);
    const run = (seed: number, acoustic: AcousticTable = table) => signalsFor(CAROM, profile, res.events, { noise: BAR_NOISE, seed, acoustic });
    expect(run(3)).toEqual(run(3));
    expect(run(3).edges).not.toEqual(run(4).edges);
    expect(run(3).edges).not.toEqual(run(3, acousticTable(layout, 8)).edges);
    // Without a table given, the profile's nominal layout drawn with a fixed seed.
    expect(signalsFor(CAROM, profile, res.events, { noise: BAR_NOISE, seed: 3 })).toEqual(run(3, acousticTable(layout, 1)));
  });

  it('through the real firmware: one cushion or contact event per arrival, from the sensor that heard it, at its time', () => {
    const fw = new FirmwareTable({ profile: 'carom-acoustic', device: 'acoustic-1', table: 't1' });
    try {
      // Far enough apart that no sensor hears twice within its dead time (rails 30 ms, slate 15 ms).
      const events: TruthEvent[] = [
        { type: 'strike', t: 0, ball: 'W', speed: 2 },
        knock(0.1, 'n1', 0.8, H),
        click(0.16, 1.3, 0.5),
        knock(0.22, 'e', W, 1.1),
        knock(0.28, 's2', 2.4, 0),
        click(0.34, 0.4, 1.2),
        knock(0.4, 'w', 0, 0.3),
        { type: 'rest', t: 0.5 },
      ];
      for (const seed of [1, 2, 3]) {
        const sig = signalsFor(CAROM, profile, events, { noise: { ...BAR_NOISE, doubled: 0.3 }, acousticNoise: { ...ACOUSTIC_NOISE, rollingPerS: 0 }, seed });
        const fired = fw.play(sig.edges, sig.durationUs);
        expect(fw.invalid).toEqual([]);
        // Rings fall in the firmware's dead time; everything else is one event.
        const arrivals = sig.acoustic!.filter((a) => a.cause !== 'ring').sort((a, b) => a.us - b.us || a.sensor.localeCompare(b.sensor));
        expect(fired).toHaveLength(arrivals.length);
        const t0 = fired.reduce((m, e) => Math.min(m, e.t), Infinity) - arrivals[0]!.us;
        const seen = fired.map((e) => ({ s: e.s, e: e.e, us: e.t - t0 })).sort((a, b) => a.us - b.us || a.s.localeCompare(b.s));
        seen.forEach((e, i) => {
          const a = arrivals[i]!;
          expect(e.s).toBe(a.sensor);
          expect(e.e).toBe(sensor(a.sensor).surface === 'rail' ? 'cushion' : 'contact');
          expect(Math.abs(e.us - a.us)).toBeLessThanOrEqual(1);
        });
      }
    } finally {
      fw.stop();
    }
  });

  it('a calibration session: each diamond knocked, 21 marked points dropped on, 400 ms apart, with the same physics', () => {
    const cal = calibrationKnocks(layout, table, { profile, noise: NO_NOISE, acousticNoise: NO_ACOUSTIC_NOISE });
    const rails = cal.knocks.filter((k) => k.surface === 'rail').map((k) => k.rail);
    expect(rails).toEqual([...Array(7).fill('n'), ...Array(3).fill('e'), ...Array(7).fill('s'), ...Array(3).fill('w')]);
    expect(cal.knocks.filter((k) => k.surface === 'slate')).toHaveLength(21);
    cal.knocks.forEach((k, i) => expect(k.us).toBe(Math.round((i + 1) * 400_000)));
    expect(cal.knocks[0]).toMatchObject({ x: W / 8, y: H });
    expect(cal.knocks[7]).toMatchObject({ x: W, y: H / 4 });
    // A knock reaches its rail's sensors along the rail, a drop every slate sensor through the bed.
    const k = cal.knocks[2]!;
    for (const id of ['nw', 'ne'])
      expect(riseAt(cal.edges, id)).toContainEqual(Math.round(exact(k.us / 1e6, Math.abs(k.x - sensor(id).x), table.railSpeed, id)));
    const drop = cal.knocks[30]!;
    for (const id of ['b1', 'b2', 'b3', 'b4'])
      expect(riseAt(cal.edges, id)).toContainEqual(
        Math.round(exact(drop.us / 1e6, Math.hypot(drop.x - sensor(id).x, drop.y - sensor(id).y), table.slateSpeed, id)),
      );
    // The dropped ball bounces: its first bounce (2 e v0 / g after, e 0.5, 2 cm) is heard by some sensors.
    const bounces = byCause(cal.arrivals, 'bounce');
    expect(bounces.length).toBeGreaterThan(0);
    expect(Math.min(...bounces.map((b) => b.t - Math.floor(b.t / 0.4) * 0.4))).toBeCloseTo((2 * 0.5 * Math.sqrt(2 * 9.81 * 0.02)) / 9.81, 6);
    expect(cal.durationUs).toBe(42 * 400_000);
  });
});
