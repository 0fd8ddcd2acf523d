/**
 * Naming a pocketed ball from the colour samples taken while it rolled past the pocket's colour
 * sensor (pocket-colour.ts), against the profile's learned ball set (`bc`,
 * shared/sensors/ball-colours.ts; its numbers unpacked once at boot into one Int16Array, `T`):
 * - each sample, ambient taken off and white-balanced, is empty (too dark: the ball is not in
 *   view), white (light and colourless: a stripe's caps, a number circle, the cue ball), pale
 *   (half white: the spot on a band's edge) or coloured; a pass keeps running sums, not samples;
 * - the colour: the coloured samples' mean chromaticity and lightness, each sample weighted by how
 *   coloured it is;
 * - Bayes' rule over the balls: each ball's likelihood (a Gaussian of its spread around its
 *   signature) times its share of the pass's white bucket (the learned stripe table split over
 *   the stripes, the rest over the solids); the cue by the learned cue table.
 * The confidence sent is the verdict's probability, per mille. Allocation-free (the caller owns
 * the buffers, made once at boot). Node imports it too (the calibration learner, tests).
 */
import type { BallCfg } from '../../shared/sensors/ball-set';

/** A sample is in view at this lightness (‰ of the white reference's clear count) or more. */
export const MIN_L = 25;
/** White: at least this light and at most this far (sum of |‰ - 333|) from colourless. */
export const WHITE_L = 150;
export const WHITE_SAT = 90;
/** Pale: light and at most this far from colourless (counts half white). */
export const PALE_SAT = 200;
/** Fewer samples in view than this: no reading (a ball too fast, a sensor failing). */
export const MIN_VALID = 4;
/** Sums per pass (ballAdd): samples in view, white ones, then weighted red, green, lightness, and the weights. */
export const FN = 6;

/** Where each table starts in T (shared/sensors/ball-colours.ts packs them in this order). */
const SD = 3;
const ST = 4;
const WR = 5;

/**
 * One sample (clear, red, green, blue) of a pass added to the sums at `acc[fi..fi+5]`, the
 * sensor's ambient (c, r, g, b at `amb[ai..]`) taken off.
 */
export function ballAdd(
  bc: BallCfg,
  T: Int16Array,
  c0: number,
  r0: number,
  g0: number,
  b0: number,
  amb: Uint16Array,
  ai: number,
  acc: Float32Array | Float64Array,
  fi: number,
): void {
  const w = bc.cu * WR;
  const l = ((c0 - (amb[ai] as number)) * 1000) / (T[w] as number);
  if (l < MIN_L) return;
  // White balance: the cue ball's own reading is colourless (333, 333, 333).
  const r = Math.max(0, ((r0 - (amb[ai + 1] as number)) * 1000) / (T[w + 1] as number));
  const g = Math.max(0, ((g0 - (amb[ai + 2] as number)) * 1000) / (T[w + 2] as number));
  const b = Math.max(0, ((b0 - (amb[ai + 3] as number)) * 1000) / (T[w + 3] as number));
  const sum = r + g + b;
  if (sum <= 0) return;
  acc[fi] = (acc[fi] as number) + 1;
  const rn = (r * 1000) / sum;
  const gn = (g * 1000) / sum;
  const sat = Math.abs(rn - 333) + Math.abs(gn - 333) + Math.abs(1000 - rn - gn - 333);
  if (l >= WHITE_L && sat <= PALE_SAT) acc[fi + 1] = (acc[fi + 1] as number) + (sat <= WHITE_SAT ? 1 : 0.5);
  if (l >= WHITE_L && sat <= WHITE_SAT) return;
  // Weighted by how coloured it is: a stripe's pale samples count little in its colour; the
  // black's samples (no colour at all) still count, by the floor of 60.
  const wt = (sat + 60) * (sat + 60);
  acc[fi + 2] = (acc[fi + 2] as number) + wt * rn;
  acc[fi + 3] = (acc[fi + 3] as number) + wt * gn;
  acc[fi + 4] = (acc[fi + 4] as number) + wt * l;
  acc[fi + 5] = (acc[fi + 5] as number) + wt;
}

/**
 * The white-share bucket of a pass (sums at `acc[fi..]`): 0 when no sample was white (most
 * solids), else 1 + the ninths of its samples that were (9: nearly all, the cue).
 */
export function whiteBin(acc: Float32Array | Float64Array, fi: number): number {
  const white = acc[fi + 1] as number;
  if (white <= 0) return 0;
  const b = 1 + Math.floor((white * 9) / (acc[fi] as number));
  return b > 9 ? 9 : b;
}

/**
 * The verdict on a pass (sums at `acc[fi..]`) into `v`: v[0] the label's index in bc.o (-1: no
 * reading), v[1] the confidence, per mille; v[2], v[3] the runner-up and its probability (-1, 0:
 * none), for the hub to weigh against the balls still in play. `p`: scratch, one slot per ball
 * and one more.
 */
export function ballClassify(bc: BallCfg, T: Int16Array, acc: Float32Array | Float64Array, fi: number, p: Float64Array, v: Int16Array): void {
  v[0] = -1;
  v[1] = 0;
  v[2] = -1;
  v[3] = 0;
  if ((acc[fi] as number) < MIN_VALID) return;
  const nb = bc.cu;
  const bin = whiteBin(acc, fi);
  const wt = acc[fi + 5] as number;
  // No coloured sample at all: the cue ball, as sure as the learned passes without colour say.
  if (!(wt > 0)) {
    v[0] = nb;
    v[1] = T[nb * WR + 24] as number;
    return;
  }
  const cue = (T[nb * WR + 14 + bin] as number) / 1000;
  if (cue >= 0.5) {
    v[0] = nb;
    v[1] = Math.round(cue * 1000);
    return;
  }
  const dmin = distances(bc, T, (acc[fi + 2] as number) / wt, (acc[fi + 3] as number) / wt, (acc[fi + 4] as number) / wt, p);
  weigh(bc, T, p, dmin, (T[nb * WR + 4 + bin] as number) / 1000, v);
  const sum = p[nb] as number;
  v[1] = Math.round(((1 - cue) * (p[v[0] as number] as number) * 1000) / sum);
  if ((v[2] as number) >= 0) v[3] = Math.round(((1 - cue) * (p[v[2] as number] as number) * 1000) / sum);
}

/** Each ball's squared distance from the pass's colour (red, green, lightness), in its spreads, into p[k]; returns the least. */
function distances(bc: BallCfg, T: Int16Array, rd: number, gr: number, li: number, p: Float64Array): number {
  let dmin = -1;
  for (let k = 0; k < bc.cu; k++) {
    const dr = rd - (T[k * 3] as number);
    const dg = gr - (T[k * 3 + 1] as number);
    // Lightness counts half: it moves with the view's shading.
    const dl = (li - (T[k * 3 + 2] as number)) * 0.5;
    const sd = T[bc.cu * SD + k] as number;
    const d = (dr * dr + dg * dg + dl * dl) / (sd * sd);
    p[k] = d;
    if (dmin < 0 || d < dmin) dmin = d;
  }
  return dmin;
}

/**
 * Each ball's weight into p[k] (likelihood times its share of the bucket, `ps` the stripes'),
 * their sum into p[bc.cu]; the heaviest into v[0], the next into v[2]. Exponents relative to the
 * nearest (`dmin`), so they never all underflow to 0.
 */
function weigh(bc: BallCfg, T: Int16Array, p: Float64Array, dmin: number, ps: number, v: Int16Array): void {
  const nb = bc.cu;
  let sum = 0;
  let best = -1;
  let next = -1;
  for (let k = 0; k < nb; k++) {
    const sd = T[nb * SD + k] as number;
    const prior = T[nb * ST + k] ? ps / bc.ns : (1 - ps) / (nb - bc.ns);
    const w = (Math.exp(-((p[k] as number) - dmin) / 2) / (sd * sd * sd)) * prior;
    p[k] = w;
    sum += w;
    if (best < 0 || w > (p[best] as number)) {
      next = best;
      best = k;
    } else if (next < 0 || w > (p[next] as number)) next = k;
  }
  p[nb] = sum;
  v[0] = best;
  v[2] = next;
}

/** The sums of a pass from its samples (c, r, g, b each, flat): what the firmware's give, for Node (the learner, tests). */
export function ballSums(bc: BallCfg, T: Int16Array, samples: readonly number[], amb: readonly number[]): Float64Array {
  const acc = new Float64Array(FN);
  const a = new Uint16Array(amb);
  for (let i = 0; i + 3 < samples.length; i += 4) ballAdd(bc, T, samples[i]!, samples[i + 1]!, samples[i + 2]!, samples[i + 3]!, a, 0, acc, 0);
  return acc;
}

/** The verdict on a pass's samples, for Node: the ball's label (null: no reading), the confidence, per mille, and the runner-up. */
export function nameBall(
  bc: BallCfg,
  T: Int16Array,
  samples: readonly number[],
  amb: readonly number[],
): { ball: string | null; confidence: number; next: string | null; nextConfidence: number } {
  const v = new Int16Array(4);
  ballClassify(bc, T, ballSums(bc, T, samples, amb), 0, new Float64Array(bc.cu + 1), v);
  return { ball: v[0]! >= 0 ? bc.o[v[0]!]! : null, confidence: v[1]!, next: v[2]! >= 0 ? bc.o[v[2]!]! : null, nextConfidence: v[3]! };
}
