/**
 * The signals of an acoustic calibration session (issue #26), as the calibration assistant asks for
 * it: a knock with a knuckle or a ball on the cushion nose of each rail at each diamond, then a ball
 * dropped from 2 cm onto the bed at each interior diamond-line crossing (marked points), 400 ms
 * apart. The hub's calibration fits the table's speeds and sensor delays from these; `knocks` is
 * what the assistant knows (where and when it asked), the edges what the sensors gave, through
 * the same physics and noise as a game (sim/signals/waves.ts).
 */
import type { TableProfile } from '../../shared/profile';
import { RAILS, type AcousticLayout, type Rail } from '../../shared/tables/acoustic';
import { levelsOnly, NO_NOISE, type Edge, type NoiseOptions } from './signals';
import {
  ACOUSTIC_NOISE,
  acousticPins,
  acousticRng,
  Arrivals,
  bedClick,
  railKnock,
  spurious,
  type AcousticArrival,
  type AcousticNoise,
  type AcousticTable,
} from './waves';

export interface CalibrationKnock {
  surface: 'rail' | 'slate';
  rail?: Rail;
  /** The point knocked or dropped on, m (table coordinates). */
  x: number;
  y: number;
  /** Its instant on the board's clock, µs (drift applied, no jitter): the first impact of a drop. */
  us: number;
}

export interface CalibrationOptions {
  /** The profile: the sensors' pins and pulses. */
  profile: TableProfile;
  noise?: NoiseOptions;
  acousticNoise?: AcousticNoise;
  seed?: number;
  /** Height the ball is dropped from, m (2 cm). */
  dropM?: number;
  /** Vertical restitution of a ball on the cloth and slate (a dropped ball bounces: each bounce clicks again). */
  bounce?: number;
}

/** Knocks and drops this far apart, s: the ringing and the bounces are over before the next. */
export const CALIBRATION_SPACING_S = 0.4;
const G = 9.81;

/** The diamonds of a carom table: 7 between the corners on a long rail (eighths), 3 on a short one (quarters). */
function diamonds(rail: Rail, w: number, h: number): { x: number; y: number }[] {
  const long = rail === 'n' || rail === 's';
  const out: { x: number; y: number }[] = [];
  for (let k = 1; k < (long ? 8 : 4); k++) {
    if (rail === 'n') out.push({ x: (k * w) / 8, y: h });
    else if (rail === 's') out.push({ x: (k * w) / 8, y: 0 });
    else if (rail === 'e') out.push({ x: w, y: (k * h) / 4 });
    else out.push({ x: 0, y: (k * h) / 4 });
  }
  return out;
}

/**
 * The session on `table` (the physical one), as the assistant lays it out on `layout` (the bed's
 * size, which rails have sensors): rails n, e, s, w in turn, each diamond once, then the slate's
 * 3 × 7 marked points row by row from the s side. A dropped ball bounces (restitution `bounce`,
 * 0.5): each bounce is a click, heard by each slate sensor with a chance of its impact speed
 * relative to the first (the comparator threshold), until that chance is below 5 %.
 */
export function calibrationKnocks(
  layout: AcousticLayout,
  table: AcousticTable,
  opts: CalibrationOptions,
): { knocks: CalibrationKnock[]; edges: Edge[]; durationUs: number; arrivals: AcousticArrival[] } {
  const noise = opts.noise ?? NO_NOISE;
  const acousticNoise = opts.acousticNoise ?? ACOUSTIC_NOISE;
  const bounce = Math.max(0, Math.min(0.9, opts.bounce ?? 0.5));
  const a = new Arrivals(acousticPins(opts.profile), noise, acousticRng(opts.seed ?? 1));
  const onBoard = (t: number): number => Math.round(t * 1e6 * (1 + noise.drift));
  const knocks: CalibrationKnock[] = [];
  let t = 0;
  const { width: w, height: h } = layout;
  for (const rail of RAILS) {
    if (!layout.sensors.some((s) => s.rail === rail)) continue;
    for (const p of diamonds(rail, w, h)) {
      t += CALIBRATION_SPACING_S;
      knocks.push({ surface: 'rail', rail, x: p.x, y: p.y, us: onBoard(t) });
      railKnock(a, table, acousticNoise, t, rail, p.x, p.y);
    }
  }
  if (layout.sensors.some((s) => s.surface === 'slate')) {
    const v0 = Math.sqrt(2 * G * (opts.dropM ?? 0.02));
    for (let j = 1; j < 4; j++) {
      for (let k = 1; k < 8; k++) {
        const x = (k * w) / 8;
        const y = (j * h) / 4;
        t += CALIBRATION_SPACING_S;
        knocks.push({ surface: 'slate', x, y, us: onBoard(t) });
        bedClick(a, table, acousticNoise, t, x, y);
        // Each bounce flies 2 e^n v0 / g and lands at e^n of the first impact's speed.
        let at = t;
        for (let e = bounce; e >= 0.05; e *= bounce) {
          at += (2 * e * v0) / G;
          bedClick(a, table, acousticNoise, at, x, y, 'bounce', e);
        }
      }
    }
  }
  const end = t + CALIBRATION_SPACING_S;
  spurious(a, table, noise.spuriousPerS, end);
  return { knocks, edges: levelsOnly(a.edges), durationUs: onBoard(end), arrivals: a.record };
}
