/**
 * The ball set a table's pocket colour sensors tell apart (profile `ballColours`, learned at
 * install: hardware/pool.md "Calibration"), and its compiled form for the firmware
 * (firmware/sensors/ballid.ts reads it). One set per profile: every pocket sees the same balls
 * under the same sensor and LED, so six pockets share one table (six copies would cost the
 * board's RAM for nothing).
 *
 * A ball is named from two things seen while it rolled past: the mean chromaticity and lightness
 * of the samples that are not white (each ball's signature: a stripe's is paler than its solid's,
 * the sensor's spot catching the band's edge), and the share of white samples (a stripe shows its
 * white caps in part of the samples, a solid only its small number circles, the cue nothing else). Node-side (TypeBox) except the compiled shape.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_SAMPLES, PACK_ALPHABET, unpackNumbers, type BallCfg } from './ball-set';

/** Numbers into the bundle's packed string (ball-set.ts `unpackNumbers` reads it): build side only. */
export function packNumbers(values: readonly number[]): string {
  let s = '';
  for (const v of values) {
    if (!(Number.isInteger(v) && v >= 0 && v < 262144)) throw new TypeError(`cannot pack ${v}: integers 0 to 262143 only`);
    s += PACK_ALPHABET.charAt(v >> 12) + PACK_ALPHABET.charAt((v >> 6) & 63) + PACK_ALPHABET.charAt(v & 63);
  }
  return s;
}

export { DEFAULT_SAMPLES, type BallCfg };

/** Buckets of the white share the stripe and cue tables are learned in (firmware/sensors/ballid.ts whiteBin). */
export const WHITE_BINS = 10;

const Ball = Type.String({ pattern: '^[a-z0-9_-]{1,24}$', description: 'ball label sent as `o`' });

export const BallColours = Type.Object(
  {
    part: Type.Union([Type.Literal('TCS34725'), Type.Literal('TCS34727')], { description: 'colour sensor part of every pocket (controllers table)' }),
    white: Type.Array(Type.Integer({ minimum: 1, maximum: 32767 }), {
      minItems: 4,
      maxItems: 4,
      description: 'the cue ball under the sensor, ambient taken off: raw clear, red, green, blue (the white reference)',
    }),
    balls: Type.Array(
      Type.Object(
        {
          id: Ball,
          stripe: Type.Boolean({ description: 'a stripe (white with a coloured band); false: a solid' }),
          chroma: Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), {
            minItems: 3,
            maxItems: 3,
            description: 'its coloured samples: white-balanced red and green per mille of r+g+b, and lightness per mille of the white clear count',
          }),
          spread: Type.Integer({ minimum: 1, maximum: 1000, description: 'spread (one standard deviation, per mille) of one pass around the signature' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 24 },
    ),
    cue: Ball,
    stripeShare: Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), {
      minItems: WHITE_BINS,
      maxItems: WHITE_BINS,
      description:
        'per white-share bucket (none white; then ninths of the samples white): how many of the learned passes not of the cue were stripes, per mille',
    }),
    cueShare: Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), {
      minItems: WHITE_BINS,
      maxItems: WHITE_BINS,
      description: 'per white-share bucket: how many of the learned passes were the cue ball, per mille',
    }),
    cueClear: Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'passes with no coloured sample at all that were the cue ball, per mille (cueShare is for the passes with some)',
    }),
    samples: Type.Optional(Type.Integer({ minimum: 4, maximum: 64, description: 'samples taken per ball (2.4 ms each), default 32' })),
  },
  { additionalProperties: false, description: 'the ball set the pocket colour sensors name, learned at install' },
);
export type BallColours = Static<typeof BallColours>;

/** The numbers of a ball set, in `t`'s order. */
export function ballTables(b: BallColours): number[] {
  return [
    ...b.balls.flatMap((x) => x.chroma),
    ...b.balls.map((x) => x.spread),
    ...b.balls.map((x) => (x.stripe ? 1 : 0)),
    ...b.white,
    ...b.stripeShare,
    ...b.cueShare,
    b.cueClear,
  ];
}

export function compileBallColours(b: BallColours): BallCfg {
  return {
    part: b.part,
    o: [...b.balls.map((x) => x.id), b.cue],
    cu: b.balls.length,
    ns: b.balls.filter((x) => x.stripe).length,
    n: b.samples ?? DEFAULT_SAMPLES,
    t: packNumbers(ballTables(b)),
  };
}

/** The compiled set's numbers as the firmware holds them (one Int16Array, unpacked at boot). */
export function unpackBallTables(bc: BallCfg): Int16Array {
  const T = new Int16Array(bc.t.length / 3);
  unpackNumbers(bc.t, T);
  return T;
}

/** What a ball set names, for a check: every label once. */
export function ballColourProblems(b: BallColours): string[] {
  const ids = [...b.balls.map((x) => x.id), b.cue];
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  return twice.length > 0 ? [`ballColours: ${[...new Set(twice)].join(', ')} named twice`] : [];
}
