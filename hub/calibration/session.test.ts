/**
 * The assistant on recorded events: a session fed the events a table sends while the user does
 * each step, and the suggestions worked out from them (methods in docs/calibration.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import type { DeviceEvent } from '../../shared/protocol/schema';
import { CalibrationSession } from './session';
import { bursts, suggestFor, type Sample } from './suggest';

const load = (id: string): TableProfile => JSON.parse(readFileSync(new URL(`../../hardware/profiles/${id}.json`, import.meta.url), 'utf8')) as TableProfile;

let n = 0;
/** An event of device `d` at `ms` milliseconds of device time. */
function ev(d: string, s: string, e: DeviceEvent['e'], ms: number, x: { m?: number; w?: number } = {}): DeviceEvent {
  return { v: 1, k: 'ev', d, b: 'b1', n: ++n, t: Math.round(ms * 1000), e, s, ...x };
}

/** One piezo hit: a peak edge and ringing edges 3 and 7 ms later, quieter. */
function hit(d: string, s: string, e: DeviceEvent['e'], ms: number, m?: number): DeviceEvent[] {
  const lv = (k: number) => (m === undefined ? {} : { m: Math.round(m * k) });
  return [ev(d, s, e, ms, lv(1)), ev(d, s, e, ms + 3, lv(0.5)), ev(d, s, e, ms + 7, lv(0.3))];
}

/** One ball through a beam: its pulse, and a 300 µs bounce pulse 2 ms after it clears. */
function ball(d: string, s: string, e: DeviceEvent['e'], ms: number, wUs: number): DeviceEvent[] {
  return [ev(d, s, e, ms, { w: wUs }), ev(d, s, e, ms + wUs / 1000 + 2, { w: 300 })];
}

describe('bursts', () => {
  it("groups one sensor's events into hits by the gap between them, and never across boots", () => {
    const x = (t: number, b = 'a'): Sample => ({ s: 'c1', e: 'cushion', b, t: t * 1000 });
    expect(bursts([x(0), x(5), x(100), x(400), x(1000), x(1001, 'z')]).map((g) => g.length)).toEqual([3, 1, 1, 1]);
  });
});

describe('carom: piezo levels and ringing', () => {
  const carom = load('carom');
  const s = new CalibrationSession('s1', 'c1', 'c1-a', carom);

  it('walks the steps and records only its own device, into the current step', () => {
    expect(s.current!.id).toBe('quiet');
    expect(s.record(ev('c1-a', 'b1', 'contact', 10, { m: 40 }))).toBe(true);
    expect(s.record(ev('other', 'b1', 'contact', 11, { m: 999 }))).toBe(false);
    s.record(ev('c1-a', 'c1', 'cushion', 30));
    expect(s.view().steps[0]!.seen).toEqual({ b1: 1, c1: 1 });
    expect(s.next()!.id).toBe('c1');
  });

  it('c1 (no level pin): dead time from the ringing, counts checked, no threshold', () => {
    for (let i = 0; i < 5; i++) for (const e of hit('c1-a', 'c1', 'cushion', 1000 + i * 1000)) s.record(e);
    const sug = s.suggestions().find((x) => x.sensor === 'c1')!;
    expect(sug.evidence.hits).toBe(5);
    expect(sug.evidence.ringMs).toBe(7);
    expect(sug.set).toEqual({ 'c1.deadMs': 11 }); // ceil(7 × 1.25 + 2)
    expect(sug.threshold).toBeNull();
    expect(sug.warnings).toEqual([]);
  });

  it('redo forgets the step, goTo goes back', () => {
    s.next(); // c2
    s.record(ev('c1-a', 'c2', 'cushion', 9000));
    s.redo();
    expect(s.view().steps[2]!.seen).toEqual({});
    s.goTo(1);
    expect(s.current!.id).toBe('c1');
    expect(s.view().steps[1]!.seen).toEqual({});
    for (let i = 0; i < 5; i++) for (const e of hit('c1-a', 'c1', 'cushion', 1000 + i * 1000)) s.record(e);
    s.goTo(7); // not reached yet: ignored
    expect(s.current!.id).toBe('c1');
  });

  it('b1 (level pin): threshold halfway between the noise floor and the weakest hit', () => {
    while (s.current!.id !== 'b1') s.next();
    for (const [i, m] of [300, 420, 510, 650, 800].entries()) for (const e of hit('c1-a', 'b1', 'contact', 20_000 + i * 1000, m)) s.record(e);
    s.next(); // b2: a click there reaches b1 too, at 120
    for (let i = 0; i < 5; i++) {
      for (const e of hit('c1-a', 'b2', 'contact', 30_000 + i * 1000, 500)) s.record(e);
      s.record(ev('c1-a', 'b1', 'contact', 30_001 + i * 1000, { m: i === 2 ? 120 : 60 }));
    }
    const all = s.suggestions();
    const b1 = all.find((x) => x.sensor === 'b1')!;
    expect(b1.evidence.real).toEqual([300, 420, 510, 650, 800]);
    expect(Math.max(...b1.evidence.noise)).toBe(120);
    expect(b1.threshold).toEqual({ permille: 210, volts: 0.69 });
    expect(b1.set['b1.deadMs']).toBe(11);
    const b2 = all.find((x) => x.sensor === 'b2')!;
    expect(b2.evidence.crosstalk).toEqual({ b1: 5 });
    expect(b2.warnings.join()).toContain('b1 fired 5 time(s)');
  });

  it('the stored record: the profile values for the rest, the suggestions, the thresholds', () => {
    const rec = s.result(new Date('2026-01-02T03:04:05Z'));
    expect(rec).toMatchObject({ table: 'c1', device: 'c1-a', profile: 'carom', at: '2026-01-02T03:04:05.000Z' });
    expect(rec.set).toMatchObject({ 'c1.deadMs': 11, 'b1.deadMs': 11, 'c6.deadMs': 30, 'o1.minWidthUs': 2000, 'o1.debounceMs': 1 });
    // b2 saw no noise at all: halfway between 0 and its weakest hit (500).
    expect(rec.thresholds).toEqual({ b1: { permille: 210, volts: 0.69 }, b2: { permille: 250, volts: 0.83 } });
  });

  it('ignores events once every step is done', () => {
    while (!s.done) s.next();
    expect(s.next()).toBeNull();
    expect(s.record(ev('c1-a', 'c1', 'cushion', 99_000))).toBe(false);
  });
});

describe('suggestions from single steps', () => {
  const gb = load('golf-billiards');
  const g1 = gb.sensors.find((x) => x.id === 'g1')!;

  it('goal beam: shortest pulse a quarter of the shortest ball, debounce from the bounce gap', () => {
    const own = [40_000, 25_000, 60_000, 12_000, 30_000].flatMap((w, i) => ball('gb1-a', 'g1', 'goal', i * 1000, w)).map(toSample);
    const quiet = [ev('gb1-a', 'g1', 'goal', 50, { w: 150 })].map(toSample);
    const sug = suggestFor(
      g1,
      [
        { id: 'quiet', samples: quiet },
        { id: 'g1', samples: own },
      ],
      5,
    );
    expect(sug.evidence.real).toEqual([40_000, 25_000, 60_000, 12_000, 30_000]);
    expect(Math.max(...sug.evidence.noise)).toBe(300);
    expect(sug.set).toEqual({ 'g1.minWidthUs': 3000, 'g1.debounceMs': 3 });
    expect(sug.warnings).toEqual([]);
  });

  it('goal beam: noise above a quarter of the shortest ball raises it to twice the noise', () => {
    const own = [12_000, 20_000, 20_000, 20_000, 20_000].map((w, i) => toSample(ev('gb1-a', 'g1', 'goal', i * 1000, { w })));
    const quiet = [toSample(ev('gb1-a', 'g1', 'goal', 50, { w: 2000 }))];
    const sug = suggestFor(
      g1,
      [
        { id: 'quiet', samples: quiet },
        { id: 'g1', samples: own },
      ],
      5,
    );
    expect(sug.set).toEqual({ 'g1.minWidthUs': 4000, 'g1.debounceMs': 1 });
  });

  it('goal beam: noise as long as balls gives the midpoint and a warning', () => {
    const own = [8000, 9000, 9000, 9000, 9000].map((w, i) => toSample(ev('gb1-a', 'g1', 'goal', i * 1000, { w })));
    const quiet = [toSample(ev('gb1-a', 'g1', 'goal', 50, { w: 5000 }))];
    const sug = suggestFor(
      g1,
      [
        { id: 'quiet', samples: quiet },
        { id: 'g1', samples: own },
      ],
      5,
    );
    expect(sug.set['g1.minWidthUs']).toBe(6500);
    expect(sug.warnings.join()).toContain('shade the receiver');
  });

  it('a sensor that sent nothing gets no values and a wiring warning; missed hits are counted', () => {
    const none = suggestFor(g1, [{ id: 'g1', samples: [] }], 5);
    expect(none.set).toEqual({});
    expect(none.warnings[0]).toContain('no event from g1');
    const three = [20_000, 20_000, 20_000].map((w, i) => toSample(ev('gb1-a', 'g1', 'goal', i * 1000, { w })));
    expect(suggestFor(g1, [{ id: 'g1', samples: three }], 5).warnings[0]).toContain('asked for 5, counted 3');
  });

  it('piezo: noise as loud as the weakest hit gives no threshold and says why', () => {
    const carom = load('carom');
    const b1 = carom.sensors.find((x) => x.id === 'b1')!;
    const own = [200, 300, 300, 300, 300].map((m, i) => toSample(ev('c1-a', 'b1', 'contact', i * 1000, { m })));
    const quiet = [toSample(ev('c1-a', 'b1', 'contact', 50, { m: 250 }))];
    const sug = suggestFor(
      b1,
      [
        { id: 'quiet', samples: quiet },
        { id: 'b1', samples: own },
      ],
      5,
    );
    expect(sug.threshold).toBeNull();
    expect(sug.warnings.join()).toContain('cannot separate');
  });

  it('pocket: balls reported as rattles double the capture window', () => {
    const pool = load('pool');
    const k1 = pool.sensors.find((x) => x.id === 'k1')!;
    const own = [
      ...[30_000, 30_000, 30_000].map((w, i) => toSample(ev('p1-a', 'k1', 'pocket', i * 1000, { w }))),
      ...[30_000, 30_000].map((w, i) => toSample(ev('p1-a', 'k1', 'rattle', 5000 + i * 1000, { w }))),
    ];
    const sug = suggestFor(k1, [{ id: 'k1', samples: own }], 5);
    expect(sug.evidence.rattles).toBe(2);
    expect(sug.set['k1.captureMs']).toBe(1600);
    expect(sug.set['k1.minWidthUs']).toBe(7500);
  });
});

function toSample(e: DeviceEvent): Sample {
  return { s: e.s, e: e.e, b: e.b, t: e.t, ...(e.m !== undefined ? { m: e.m } : {}), ...(e.w !== undefined ? { w: e.w } : {}) };
}
