/**
 * Learning a table's ball set at install (hardware/pool.md, "Calibration"): each ball of the set
 * is rolled through the pockets a number of times and every pass's raw samples are kept; from
 * them the profile's `ballColours`:
 * 1. the white reference: the cue ball's brightest sample per pass (straight over the window),
 *    ambient taken off, averaged;
 * 2. every pass's sums, as the firmware makes them (firmware/sensors/ballid.ts `ballAdd`);
 * 3. per ball, its signature: the mean of its passes' coloured features, and their spread around
 *    it (one standard deviation per dimension);
 * 4. per bucket of white samples, how many passes were stripes (of those not the cue) and how
 *    many were the cue, and of the passes with no coloured sample at all how many were the cue,
 *    per mille, each with one imagined pass of either kind (Laplace's rule: a bucket no pass fell
 *    in says "don't know", 500).
 */
import { WHITE_BINS, type BallColours, compileBallColours, unpackBallTables } from '../../shared/sensors/ball-colours';
import { ballSums, whiteBin } from '../../firmware/sensors/ballid';

/** One pass of a known ball: its raw samples (c, r, g, b each) and the empty chute's reading before it. */
export interface LearnPass {
  ball: string;
  samples: readonly number[];
  idle: readonly number[];
}

/** The balls of the set but the cue, in order, stripe or solid (the standard set: 1-8 solids, 9-15 stripes). */
export interface SetBall {
  id: string;
  stripe: boolean;
}

export const STANDARD_SET: readonly SetBall[] = Array.from({ length: 15 }, (_, i) => ({ id: String(i + 1), stripe: i + 1 > 8 }));

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function learnBallColours(
  passes: readonly LearnPass[],
  set: readonly SetBall[] = STANDARD_SET,
  cue = 'cue',
  part: BallColours['part'] = 'TCS34725',
): BallColours {
  const cuePasses = passes.filter((p) => p.ball === cue);
  if (cuePasses.length === 0) throw new TypeError('learning a ball set needs passes of the cue ball (the white reference)');
  const white = [0, 1, 2, 3].map((ch) =>
    Math.round(
      mean(
        cuePasses.map((p) => {
          let best = 0;
          for (let i = 0; i < p.samples.length; i += 4) if (p.samples[i]! > p.samples[best]!) best = i;
          return p.samples[best + ch]! - p.idle[ch]!;
        }),
      ),
    ),
  );
  // Features need a compiled set for the white reference only (signatures are what is learned).
  const draft: BallColours = {
    part,
    white,
    balls: set.map((b) => ({ ...b, chroma: [333, 333, 0], spread: 1 })),
    cue,
    stripeShare: new Array(WHITE_BINS).fill(500),
    cueShare: new Array(WHITE_BINS).fill(500),
    cueClear: 500,
  };
  const bc = compileBallColours(draft);
  const T = unpackBallTables(bc);
  // Per pass: samples in view and white (the sums' first two), and the coloured samples' weighted means.
  const feats = passes.map((p) => {
    const a = ballSums(bc, T, p.samples, p.idle);
    const wt = a[5]!;
    return { ball: p.ball, a, f: [a[2]! / wt, a[3]! / wt, a[4]! / wt], coloured: wt > 0 };
  });
  const balls = set.map((b) => {
    const mine = feats.filter((x) => x.ball === b.id && x.coloured).map((x) => x.f);
    const chroma = [0, 1, 2].map((i) => mean(mine.map((f) => f[i]!)));
    // The spread: deviations from the signature, lightness weighted as the firmware weighs it (0.5), per dimension.
    const dev = mine.map((f) => ((f[0]! - chroma[0]!) ** 2 + (f[1]! - chroma[1]!) ** 2 + ((f[2]! - chroma[2]!) * 0.5) ** 2) / 3);
    return { ...b, chroma: chroma.map((x) => Math.round(x)), spread: Math.max(1, Math.round(Math.sqrt(mean(dev)))) };
  });
  const stripes = new Array(WHITE_BINS).fill(0);
  const objects = new Array(WHITE_BINS).fill(0);
  const cues = new Array(WHITE_BINS).fill(0);
  const all = new Array(WHITE_BINS).fill(0);
  let clear = 0;
  let clearCues = 0;
  for (const x of feats) {
    if (x.a[0]! === 0) continue;
    if (!x.coloured) {
      // No coloured sample at all: the cue table for these is one number.
      clear++;
      if (x.ball === cue) clearCues++;
      continue;
    }
    const b = whiteBin(x.a, 0);
    all[b]++;
    if (x.ball === cue) {
      cues[b]++;
      continue;
    }
    objects[b]++;
    if (set.some((c) => c.id === x.ball && c.stripe)) stripes[b]++;
  }
  const share = (n: number, of: number): number => Math.round(((n + 1) / (of + 2)) * 1000);
  return {
    part,
    white,
    balls,
    cue,
    stripeShare: stripes.map((n, b) => share(n, objects[b]!)),
    cueShare: cues.map((n, b) => share(n, all[b]!)),
    cueClear: share(clearCues, clear),
  };
}
