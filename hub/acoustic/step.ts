/**
 * The calibration assistant's acoustic step (docs/calibration.md): for a profile with acoustic
 * sensors, the points to knock at and the sentence that asks for them; then, from the events the
 * step recorded, the knocks (grouped by the silence between them: they are asked for one at a
 * time), each paired with the point it was made at (hub/acoustic/pairing.ts), and the calibration
 * they give.
 */
import type { TableProfile } from '../../shared/profile';
import type { AcousticCalibration, AcousticPoint } from '../../shared/api/calibration';
import { nominalLayout, type AcousticLayout, type Arrival } from '../../shared/tables/acoustic';
import { calibrationPoints } from './geometry';
import { calibrate } from './calibrate';
import { pairKnocks } from './pairing';

/**
 * Arrivals further apart than this are different knocks: a ball dropped from 2 cm bounces for
 * about 130 ms, its gaps 115 ms at most (restitution 0.9); the knocks are asked a second apart.
 */
export const KNOCK_GAP_MS = 200;
/** A knock heard by fewer sensors than this is noise (someone leaning on the table), not one of the points. */
const MIN_SENSORS = 2;

/** What the step records of a device event: sensor, boot, device µs. */
export interface KnockSample {
  s: string;
  b: string;
  t: number;
}

/** "rail n 1–7, rail e 1–3, …" and "1×1, 3×1, …": the points in the order asked for, short. */
export function pointLists(points: AcousticPoint[]): { rails: string; bed: string } {
  const rails: string[] = [];
  for (const p of points) {
    if (p.surface !== 'rail') continue;
    const last = rails[rails.length - 1];
    const m = last?.match(/^rail (\w) (\d+)(?:–(\d+))?$/);
    if (m && m[1] === p.rail && Number(m[3] ?? m[2]) === p.diamond - 1) rails[rails.length - 1] = `rail ${p.rail} ${m[2]}–${p.diamond}`;
    else rails.push(`rail ${p.rail} ${p.diamond}`);
  }
  const bed = points.filter((p) => p.surface === 'slate').map((p) => `${p.diamond}×${p.across}`);
  return { rails: rails.join(', '), bed: bed.join(', ') };
}

/** The step's instruction (the dashboard makes the same sentence in each language from the points). */
export function acousticInstruction(points: AcousticPoint[]): string {
  const { rails, bed } = pointLists(points);
  const out = [`Knock ${points.length} times, one at a time, a second apart, in this order.`];
  if (rails)
    out.push(`On the cushions, a firm tap with a ball at each diamond (counted from the w end on rails n and s, from the s end on e and w): ${rails}.`);
  if (bed)
    out.push(
      `On the bed, drop a ball from 2 cm onto each marked point (long-rail diamond × short-rail diamond, where the lines between opposite diamonds cross): ${bed}.`,
    );
  return out.join(' ');
}

/** The profile's acoustic layout and points, or null when it has no acoustic sensors. */
export function acousticPlan(profile: TableProfile): { layout: AcousticLayout; points: AcousticPoint[] } | null {
  const layout = nominalLayout(profile);
  if (!layout) return null;
  const points = calibrationPoints(layout);
  return points.length ? { layout, points } : null;
}

/** The step's events of acoustic sensors as knocks: per boot, in time order, split at every silence of KNOCK_GAP_MS. */
export function knocksOf(samples: KnockSample[], layout: AcousticLayout): Arrival[][] {
  const ids = new Set(layout.sensors.map((s) => s.id));
  const sorted = samples.filter((x) => ids.has(x.s)).sort((a, c) => (a.b === c.b ? a.t - c.t : a.b < c.b ? -1 : 1));
  const out: Arrival[][] = [];
  let cur: Arrival[] = [];
  let prev: KnockSample | null = null;
  for (const x of sorted) {
    if (prev && (prev.b !== x.b || x.t - prev.t > KNOCK_GAP_MS * 1000)) {
      out.push(cur);
      cur = [];
    }
    cur.push({ sensor: x.s, us: x.t, at: x.t / 1000 });
    prev = x;
  }
  if (cur.length) out.push(cur);
  return out.filter((k) => new Set(k.map((a) => a.sensor)).size >= MIN_SENSORS);
}

/**
 * The calibration from the step's events, with what the staff should know: too few or too many
 * knocks, a rail whose two sensors never both heard a knock (its delays stay as they were), a
 * wave speed far from the profile's (a sensor on the wrong rail, or the wrong points).
 */
export function acousticResult(profile: TableProfile, samples: KnockSample[]): AcousticCalibration | null {
  const plan = acousticPlan(profile);
  if (!plan) return null;
  const { layout, points } = plan;
  const { samples: pairs, missed, extra } = pairKnocks(knocksOf(samples, layout), points, layout);
  const fit = calibrate(layout, pairs);
  const warnings: string[] = [];
  if (missed.length) warnings.push(`${missed.length} of ${points.length} points not heard: ${missed.join(', ')}`);
  if (extra) warnings.push(`${extra} knock(s) heard that match no point (noise, or a point knocked twice)`);
  for (const rail of new Set(layout.sensors.filter((s) => s.rail).map((s) => s.rail!))) {
    const ids = layout.sensors.filter((s) => s.rail === rail).map((s) => s.id);
    const both = pairs.filter((p) => p.rail === rail && ids.every((id) => p.arrivals.some((a) => a.sensor === id))).length;
    if (both < 2) warnings.push(`rail ${rail}: fewer than 2 knocks heard by both its sensors, its delays are not learned`);
  }
  // A quarter off: more than any table differs, less than a sensor on the wrong rail or the points knocked out of order.
  const off = (got: number, was: number): boolean => Math.abs(got / was - 1) > 0.25;
  if (off(fit.layout.railSpeed, layout.railSpeed))
    warnings.push(
      `rail speed ${fit.layout.railSpeed} m/s is far from the profile's ${layout.railSpeed} m/s: check the sensors' places and that the points were knocked in order`,
    );
  if (off(fit.layout.slateSpeed, layout.slateSpeed))
    warnings.push(
      `slate speed ${fit.layout.slateSpeed} m/s is far from the profile's ${layout.slateSpeed} m/s: check the sensors' places and that the points were knocked in order`,
    );
  return {
    railSpeed: fit.layout.railSpeed,
    slateSpeed: fit.layout.slateSpeed,
    delaysUs: fit.layout.delaysUs,
    error: fit.error,
    knocks: pairs.length,
    asked: points.length,
    outliers: fit.outliers,
    warnings,
  };
}
