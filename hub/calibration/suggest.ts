/**
 * Thresholds and debounce values from what the calibration recorded. Pure functions of the
 * samples; every suggestion says how it was found (`method`) and what it was found from
 * (`evidence`), and says so in `warnings` when the data cannot support one.
 *
 * Which methods apply to a sensor is its kind's (the descriptor's `calibration.methods`,
 * shared/sensors/kinds.ts); the methods themselves are here, in the hub, with the sentences the
 * dashboard translates by their fixed phrases (dashboard/src/calibration.ts reads them from this
 * file). A new kind names the methods that fit what its edges mean, and needs no edit here.
 *
 * Methods (docs/calibration.md explains them for the user):
 * - Hits and balls: a sensor's events closer than BURST_GAP_MS to the previous one on the same
 *   sensor are one hit or one ball (ringing, bounce); the user is asked to leave a second between.
 * - Piezo level threshold (needs the analog peak pin, `m` per mille): halfway between the noise
 *   floor (the loudest level this sensor showed while nothing was done to it: the quiet step and
 *   the other sensors' steps) and the weakest real hit (the peak of each hit in its own step).
 *   It is set on the comparator (LM393 reference), so it is given in volts too.
 * - Piezo dead time: the longest ringing seen (first to last edge of one hit) × 1.25 + 2 ms.
 * - Beam shortest pulse (`minWidthUs`): a quarter of the shortest real ball pulse (a ball four
 *   times faster still counts), raised to twice the longest noise pulse if that is higher; when
 *   the two cross, halfway between them, with a warning.
 * - Beam debounce: the longest gap inside one ball's bounce × 1.5, rounded up.
 * - Pocket capture window: doubled when balls dropped in were reported as rattles.
 */
import type { SensorOptions } from '../../shared/profile';
import type { Suggestion } from '../../shared/api/calibration';
import { kindOf, type CalibrationMethod } from '../../shared/sensors/kinds';
import { currentOptions } from './plan';

export interface Sample {
  /** Sensor id, event type, boot and device time (µs) as the device sent them. */
  s: string;
  e: string;
  b: string;
  t: number;
  m?: number;
  w?: number;
}

/** Events of one sensor closer than this to the previous one belong to the same hit or ball. */
export const BURST_GAP_MS = 150;
/** Full scale of the analog peak pin (Espruino boards run at 3.3 V). */
export const ADC_VOLTS = 3.3;

/** Longest dead time suggested, by the event the sensor sends (a rail, a bed zone, the tee); others 100 ms. */
const DEAD_MAX: Record<string, number> = { cushion: 100, contact: 60, stroke: 500 };
const DEBOUNCE_MAX = 25;

export type { Suggestion } from '../../shared/api/calibration';

/** Groups one sensor's samples (in arrival order) into hits: same boot, gaps under BURST_GAP_MS. */
export function bursts(samples: Sample[]): Sample[][] {
  const sorted = [...samples].sort((a, b) => (a.b === b.b ? a.t - b.t : a.b < b.b ? -1 : 1));
  const out: Sample[][] = [];
  let cur: Sample[] = [];
  for (const x of sorted) {
    const prev = cur[cur.length - 1];
    if (prev && (prev.b !== x.b || x.t - prev.t > BURST_GAP_MS * 1000)) {
      out.push(cur);
      cur = [];
    }
    cur.push(x);
  }
  if (cur.length) out.push(cur);
  return out;
}

const max = (xs: number[]): number => xs.reduce((a, b) => Math.max(a, b), -Infinity);
const min = (xs: number[]): number => xs.reduce((a, b) => Math.min(a, b), Infinity);

export interface StepRecord {
  /** Step id: `quiet` or a sensor id. */
  id: string;
  samples: Sample[];
}

/**
 * Suggestions for one sensor from all the steps' records: its own step gives the real hits, the
 * quiet step and the other steps give its noise.
 */
export function suggestFor(s: SensorOptions, records: StepRecord[], asked: number): Suggestion {
  const own = records.find((r) => r.id === s.id)?.samples ?? [];
  const elsewhere = records.filter((r) => r.id !== s.id).flatMap((r) => r.samples.filter((x) => x.s === s.id));
  const mine = own.filter((x) => x.s === s.id);
  const crosstalk: Record<string, number> = {};
  for (const x of own) if (x.s !== s.id) crosstalk[x.s] = (crosstalk[x.s] ?? 0) + 1;
  const hitsOf = bursts(mine.filter((x) => x.e !== 'rattle'));
  const rattles = mine.filter((x) => x.e === 'rattle').length;
  const cur = currentOptions(s);
  const sug: Suggestion = {
    sensor: s.id,
    kind: s.kind,
    place: s.place ?? null,
    set: {},
    threshold: null,
    evidence: { hits: hitsOf.length, asked, real: [], noise: [], ringMs: null, crosstalk, rattles },
    method: [],
    warnings: [],
  };
  const calibration = kindOf(s).calibration;
  if (!calibration) return sug;
  if (hitsOf.length === 0 && rattles === 0) {
    sug.warnings.push(`no event from ${s.id} during its step: check its wiring, power and alignment, then repeat the step`);
    return sug;
  }
  if (hitsOf.length < asked) sug.warnings.push(`asked for ${asked}, counted ${hitsOf.length}: some were missed (too weak, or less than a second apart)`);
  if (hitsOf.length > asked)
    sug.warnings.push(`asked for ${asked}, counted ${hitsOf.length}: extra events (noise, or hits less than ${BURST_GAP_MS} ms apart)`);
  for (const [other, n] of Object.entries(crosstalk)) sug.warnings.push(`${other} fired ${n} time(s) during this step (crosstalk)`);

  const rec: Recorded = { hits: hitsOf, elsewhere, cur, rattles };
  for (const m of calibration.methods) METHODS[m](s, sug, rec);
  return sug;
}

/** What a method works from: one sensor's hits in its own step, its events elsewhere, its values now. */
interface Recorded {
  hits: Sample[][];
  elsewhere: Sample[];
  cur: Record<string, number>;
  rattles: number;
}

/** The suggestion methods, by the name a kind's descriptor gives them (`calibration.methods`). */
const METHODS: Record<CalibrationMethod, (s: SensorOptions, sug: Suggestion, r: Recorded) => void> = { ringing, level, width, bounce, rattles };

function ringing(s: SensorOptions, sug: Suggestion, { hits, cur }: Recorded): void {
  const ring = max(hits.map((h) => (h[h.length - 1]!.t - h[0]!.t) / 1000));
  const cap = DEAD_MAX[kindOf(s).event(s) ?? ''] ?? 100;
  if (ring > 0) {
    sug.evidence.ringMs = Math.round(ring * 10) / 10;
    const dead = Math.min(cap, Math.ceil(ring * 1.25 + 2));
    sug.set[`${s.id}.deadMs`] = dead;
    sug.method.push(`deadMs: longest ringing ${sug.evidence.ringMs} ms × 1.25 + 2 ms`);
    if (ring * 1.25 + 2 > cap)
      sug.warnings.push(`ringing of ${sug.evidence.ringMs} ms is longer than ${cap} ms: damp the disc (foam, glue it flat) rather than waiting longer`);
  } else {
    sug.set[`${s.id}.deadMs`] = cur['deadMs']!;
    sug.method.push('deadMs: no ringing seen (one edge per hit), the profile value is kept');
  }
}

function level(s: SensorOptions, sug: Suggestion, { hits, elsewhere }: Recorded): void {
  const levels = hits.map((h) => max(h.filter((x) => x.m !== undefined).map((x) => x.m!))).filter((m) => Number.isFinite(m));
  // The level pin is the one the descriptor reads as analog (a piezo's `analog`).
  const analog = kindOf(s)
    .pins(s)
    .some((p) => p.role === 'analog' && p.ref !== undefined);
  if (!analog || levels.length === 0) {
    sug.method.push(
      'threshold: no level pin (analog) on this sensor, so only the counts can be checked; turn the comparator up if it misses hits, down if it fires on its own or on crosstalk',
    );
    return;
  }
  const noise = elsewhere.filter((x) => x.m !== undefined).map((x) => x.m!);
  sug.evidence.real = levels;
  sug.evidence.noise = noise;
  const weakest = min(levels);
  const floor = noise.length ? max(noise) : 0;
  if (floor >= weakest) {
    sug.warnings.push(
      `noise (up to ${floor}‰) is as loud as the weakest hit (${weakest}‰): the threshold cannot separate them; mount the disc closer to the rail or isolate it from the table frame`,
    );
    return;
  }
  const permille = Math.round((floor + weakest) / 2);
  sug.threshold = { permille, volts: Math.round(((permille * ADC_VOLTS) / 1000) * 100) / 100 };
  sug.method.push(`threshold: halfway between the noise floor ${floor}‰ and the weakest hit ${weakest}‰`);
}

const withW = (xs: Sample[]): Sample[] => xs.filter((x) => x.w !== undefined);

function width(s: SensorOptions, sug: Suggestion, { hits, elsewhere }: Recorded): void {
  // The ball is the longest pulse of its burst; the others are bounce.
  const real: number[] = [];
  const bounce: number[] = [];
  for (const h of hits) {
    const ws = withW(h);
    if (!ws.length) continue;
    const longest = max(ws.map((x) => x.w!));
    real.push(longest);
    let skipped = false;
    for (const x of ws) {
      if (x.w === longest && !skipped) skipped = true;
      else bounce.push(x.w!);
    }
  }
  const noise = [...withW(elsewhere).map((x) => x.w!), ...bounce];
  sug.evidence.real = real;
  sug.evidence.noise = noise;
  if (real.length) {
    const shortest = min(real);
    const loud = noise.length ? max(noise) : 0;
    let mw = Math.floor(shortest / 4);
    if (loud * 2 > mw) {
      if (loud * 2 < shortest) {
        mw = loud * 2;
        sug.method.push(`minWidthUs: twice the longest noise pulse ${loud} µs (above a quarter of the shortest ball ${shortest} µs)`);
      } else {
        mw = Math.round((loud + shortest) / 2);
        sug.method.push(`minWidthUs: halfway between the longest noise pulse ${loud} µs and the shortest ball ${shortest} µs`);
        sug.warnings.push(
          `noise pulses (${loud} µs) come close to ball pulses (${shortest} µs): shade the receiver from light, check the emitter's resistor and alignment`,
        );
      }
    } else sug.method.push(`minWidthUs: a quarter of the shortest ball pulse ${shortest} µs`);
    sug.set[`${s.id}.minWidthUs`] = Math.min(1_000_000, mw);
  }
}

function bounce(s: SensorOptions, sug: Suggestion, { hits, cur }: Recorded): void {
  // The longest gap from a pulse's end to the next pulse's start inside one ball's burst.
  let gap = 0;
  for (const h of hits) {
    const ws = withW(h);
    for (let i = 1; i < ws.length; i++) gap = Math.max(gap, (ws[i]!.t - (ws[i - 1]!.t + ws[i - 1]!.w!)) / 1000);
  }
  if (gap > 0) {
    sug.evidence.ringMs = Math.round(gap * 10) / 10;
    const db = Math.min(DEBOUNCE_MAX, Math.max(1, Math.ceil(gap * 1.5)));
    sug.set[`${s.id}.debounceMs`] = db;
    sug.method.push(`debounceMs: longest bounce gap ${sug.evidence.ringMs} ms × 1.5`);
    if (gap * 1.5 > DEBOUNCE_MAX)
      sug.warnings.push(`bounce gaps of ${sug.evidence.ringMs} ms: the beam flickers as the ball passes; aim it at the ball's middle`);
  } else {
    sug.set[`${s.id}.debounceMs`] = cur['debounceMs']!;
    sug.method.push('debounceMs: no bounce seen (one pulse per ball), the profile value is kept');
  }
}

function rattles(s: SensorOptions, sug: Suggestion, { cur, rattles }: Recorded): void {
  if (rattles === 0) return;
  const cw = Math.min(10_000, cur['captureMs']! * 2);
  sug.set[`${s.id}.captureMs`] = cw;
  sug.method.push(`captureMs: ${rattles} ball(s) dropped in were reported as rattles, so the window is doubled`);
  sug.warnings.push(`${rattles} ball(s) rolled in were counted as rattles: check the drop beam, then repeat this step`);
}
