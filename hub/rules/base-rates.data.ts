/**
 * The games' base rates: sightings of each true answer per game, question kind and basis (`=`:
 * the engine's own default was the truth). Made by `npm run base-rates` (bench/automation/base-rates.ts);
 * do not edit by hand. Counted from:
 * - golf-billiards (seeds 1, 2, 1000 shots each)
 * - three-cushion (seeds 1, 2, 1000 shots each)
 * - three-ball (seeds 1, 2, 1000 shots each)
 * - four-ball (seeds 1, 2, 1000 shots each)
 * - eight-ball (seeds 1, 2, 1000 shots each)
 * - nine-ball (seeds 1, 2, 1000 shots each)
 * - minigolf (seeds 1, 2, 1000 shots each)
 */

/**
 * Sightings of each true answer, per game, kind and basis. The key `=` counts the times the engine's
 * own default was the truth (its meaning is often relative, "the side that plays into this goal",
 * while the answer's value names a side); any other key is an answer's value.
 */
export type BaseRates = Record<string, Record<string, Record<string, Record<string, number>>>>;

export const BASE_RATES: BaseRates = {
  'golf-billiards': {
    'golf-billiards.opening': { 'scorers=2': { '=': 7 }, 'scorers=0': { B: 28, A: 33 } },
    'golf-billiards.zone': { 'no-goal': { '=': 186, stayed: 6 } },
  },
  'three-cushion': {
    'c3.point': {
      'contacts=2|cushions-before-last-contact=3+|cushions=5': { point: 16, '=': 13 },
      'contacts=2|cushions-before-last-contact=3+|cushions=3': { point: 63, '=': 23 },
      'contacts=1|cushions-before-last-contact=1|cushions=6+': { '=': 14 },
      'contacts=2|cushions-before-last-contact=1|cushions=5': { '=': 5 },
      'contacts=2|cushions-before-last-contact=3+|cushions=4': { point: 42, '=': 27 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=4': { point: 9, '=': 3 },
      'contacts=2|cushions-before-last-contact=3+|cushions=6+': { '=': 10, point: 2 },
      'contacts=2|cushions-before-last-contact=2|cushions=5': { '=': 9 },
      'contacts=1|cushions-before-last-contact=0|cushions=6+': { '=': 9 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=5': { '=': 4, point: 1 },
      'contacts=2|cushions-before-last-contact=1|cushions=6+': { '=': 1 },
      'contacts=3+|cushions-before-last-contact=2|cushions=3': { '=': 1 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=3': { point: 2, '=': 2 },
      'contacts=3+|cushions-before-last-contact=2|cushions=6+': { '=': 1 },
      'contacts=2|cushions-before-last-contact=2|cushions=6+': { '=': 2 },
      'contacts=1|cushions-before-last-contact=3+|cushions=6+': { '=': 1 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=6+': { point: 1, '=': 2 },
      'contacts=3+|cushions-before-last-contact=2|cushions=5': { '=': 1 },
      'contacts=2|cushions-before-last-contact=0|cushions=5': { '=': 2 },
      'contacts=3+|cushions-before-last-contact=1|cushions=5': { '=': 1 },
    },
  },
  'three-ball': {
    'c3b.point': {
      'contacts=2|cushions-before-last-contact=1|cushions=1': { point: 83, '=': 27 },
      'contacts=2|cushions-before-last-contact=2|cushions=2': { point: 63, '=': 36 },
      'contacts=2|cushions-before-last-contact=0|cushions=3': { point: 20, '=': 4 },
      'contacts=2|cushions-before-last-contact=1|cushions=2': { point: 63, '=': 33 },
      'contacts=3+|cushions-before-last-contact=2|cushions=3': { point: 13, '=': 1 },
      'contacts=2|cushions-before-last-contact=1|cushions=3': { point: 32, '=': 16 },
      'contacts=3+|cushions-before-last-contact=2|cushions=2': { point: 30, '=': 1 },
      'contacts=2|cushions-before-last-contact=2|cushions=3': { '=': 20, point: 36 },
      'contacts=2|cushions-before-last-contact=3+|cushions=4': { '=': 3, point: 17 },
      'contacts=2|cushions-before-last-contact=0|cushions=0': { point: 27, '=': 2 },
      'contacts=2|cushions-before-last-contact=0|cushions=2': { point: 26 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=3': { point: 18, '=': 3 },
      'contacts=2|cushions-before-last-contact=0|cushions=1': { point: 24, '=': 3 },
      'contacts=3+|cushions-before-last-contact=1|cushions=1': { '=': 3, point: 13 },
      'contacts=3+|cushions-before-last-contact=1|cushions=4': { point: 3 },
      'contacts=2|cushions-before-last-contact=3+|cushions=5': { point: 1 },
      'contacts=2|cushions-before-last-contact=3+|cushions=3': { point: 37, '=': 6 },
      'contacts=2|cushions-before-last-contact=1|cushions=4': { point: 14, '=': 1 },
      'contacts=3+|cushions-before-last-contact=1|cushions=3': { point: 4, '=': 1 },
      'contacts=2|cushions-before-last-contact=0|cushions=4': { point: 6 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=4': { point: 8 },
      'contacts=2|cushions-before-last-contact=2|cushions=4': { point: 13, '=': 4 },
      'contacts=3+|cushions-before-last-contact=1|cushions=2': { point: 4 },
      'contacts=2|cushions-before-last-contact=0|cushions=5': { point: 1 },
      'contacts=3+|cushions-before-last-contact=2|cushions=4': { point: 3 },
      'contacts=2|cushions-before-last-contact=1|cushions=5': { point: 2 },
      'contacts=3+|cushions-before-last-contact=2|cushions=5': { point: 1 },
      'contacts=3+|cushions-before-last-contact=2|cushions=6+': { point: 1 },
    },
  },
  'four-ball': {
    'c4.point': {
      'contacts=2|cushions-before-last-contact=1|cushions=1': { p5: 11, '=': 3, p1: 38 },
      'contacts=1|cushions-before-last-contact=0|cushions=0': { p1: 76, '=': 7 },
      'contacts=2|cushions-before-last-contact=0|cushions=4': { p1: 1, p5: 1 },
      'contacts=2|cushions-before-last-contact=3+|cushions=5': { p1: 2, p5: 1 },
      'contacts=2|cushions-before-last-contact=0|cushions=3': { p1: 6, '=': 2 },
      'contacts=1|cushions-before-last-contact=1|cushions=2': { p1: 262, '=': 33 },
      'contacts=2|cushions-before-last-contact=1|cushions=2': { p5: 17, '=': 10, p1: 44 },
      'contacts=2|cushions-before-last-contact=3+|cushions=3': { p5: 12, p1: 17, '=': 1 },
      'contacts=1|cushions-before-last-contact=0|cushions=2': { '=': 39, p1: 182 },
      'contacts=1|cushions-before-last-contact=0|cushions=1': { p1: 134, '=': 16 },
      'contacts=1|cushions-before-last-contact=1|cushions=3': { '=': 15, p1: 103 },
      'contacts=1|cushions-before-last-contact=0|cushions=3': { '=': 26, p1: 97 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=4': { '=': 2, p1: 10, p5: 2 },
      'contacts=1|cushions-before-last-contact=2|cushions=2': { p1: 133, '=': 8 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=3': { p1: 5, p5: 5, '=': 1 },
      'contacts=2|cushions-before-last-contact=2|cushions=2': { p5: 18, p1: 45, '=': 5 },
      'contacts=1|cushions-before-last-contact=1|cushions=1': { p1: 254, '=': 8 },
      'contacts=1|cushions-before-last-contact=2|cushions=3': { '=': 4, p1: 34 },
      'contacts=2|cushions-before-last-contact=1|cushions=3': { p1: 15, '=': 7, p5: 7 },
      'contacts=2|cushions-before-last-contact=2|cushions=3': { p1: 22, p5: 7, '=': 1 },
      'contacts=3+|cushions-before-last-contact=1|cushions=2': { p1: 2 },
      'contacts=1|cushions-before-last-contact=0|cushions=4': { '=': 3, p1: 12 },
      'contacts=2|cushions-before-last-contact=1|cushions=4': { p5: 3, p1: 8, '=': 1 },
      'contacts=2|cushions-before-last-contact=3+|cushions=4': { p5: 8, p1: 5, p50: 1, '=': 1 },
      'contacts=3+|cushions-before-last-contact=2|cushions=2': { p5: 7, p1: 9, p25: 1 },
      'contacts=2|cushions-before-last-contact=0|cushions=2': { p1: 8 },
      'contacts=2|cushions-before-last-contact=2|cushions=5': { p5: 2, '=': 1, p1: 2 },
      'contacts=1|cushions-before-last-contact=1|cushions=4': { p1: 33, '=': 9 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=5': { p1: 1, p50: 1 },
      'contacts=1|cushions-before-last-contact=2|cushions=4': { p1: 7, '=': 2 },
      'contacts=2|cushions-before-last-contact=0|cushions=1': { p5: 3, p1: 3 },
      'contacts=2|cushions-before-last-contact=2|cushions=4': { p1: 5, p5: 1 },
      'contacts=3+|cushions-before-last-contact=2|cushions=3': { p5: 3, p1: 3 },
      'contacts=3+|cushions-before-last-contact=2|cushions=4': { p5: 1, p1: 6 },
      'contacts=3+|cushions-before-last-contact=1|cushions=1': { p1: 1, '=': 1, p5: 2 },
      'contacts=1|cushions-before-last-contact=3+|cushions=3': { '=': 1, p1: 3 },
      'contacts=3+|cushions-before-last-contact=0|cushions=2': { p1: 2 },
      'contacts=2|cushions-before-last-contact=0|cushions=0': { p1: 2, p5: 4 },
      'contacts=1|cushions-before-last-contact=1|cushions=5': { p1: 3 },
      'contacts=3+|cushions-before-last-contact=3+|cushions=6+': { p5: 1, p1: 1 },
      'contacts=3+|cushions-before-last-contact=1|cushions=4': { p1: 1, p25: 1 },
    },
  },
  'eight-ball': {
    'eight-ball.break-cushions': {
      'known=0|unknown=9': { '=': 6 },
      'known=0|unknown=8': { '=': 3 },
      'known=0|unknown=10': { '=': 3 },
      'known=0|unknown=6': { '=': 1 },
      'known=0|unknown=11': { '=': 2 },
      'known=0|unknown=7': { no: 1 },
    },
    'pocket.rail': { 'cushions=1': { '=': 409, no: 11 }, 'cushions=2': { '=': 373 }, 'cushions=4+': { '=': 27 }, 'cushions=3': { '=': 182 } },
    'pocket.first-contact': {
      'legal-ball|none-pocketed': { '2': 1, '3': 1, '4': 5, '5': 2, '7': 3, '8': 7, '9': 2, '10': 2, '11': 1, '12': 2, '13': 1, '=': 172, none: 8 },
      'legal-ball|pocketed': { '1': 2, '2': 1, '4': 1, '7': 1, '8': 2, '12': 2, '15': 1, '=': 134, none: 1 },
    },
  },
  'nine-ball': {
    'pocket.first-contact': {
      'legal-ball|none-pocketed': { '2': 2, '3': 5, '4': 14, '5': 14, '6': 17, '7': 21, '8': 29, '9': 30, '=': 964, none: 34 },
      'legal-ball|pocketed': { '2': 1, '3': 2, '4': 1, '5': 2, '6': 5, '7': 2, '8': 7, '9': 7, '=': 813, none: 5 },
    },
    'nine-ball.break-cushions': {
      'known=0|unknown=7': { '=': 3 },
      'known=0|unknown=9': { '=': 7 },
      'known=0|unknown=12+': { '=': 23 },
      'known=0|unknown=8': { '=': 6, no: 1 },
      'known=0|unknown=11': { '=': 13 },
      'known=0|unknown=5': { '=': 1, no: 1 },
      'known=0|unknown=10': { '=': 10 },
      'known=0|unknown=6': { no: 3 },
    },
    'pocket.rail': { 'cushions=1': { '=': 344, no: 13 }, 'cushions=2': { '=': 353 }, 'cushions=3': { '=': 161 }, 'cushions=4+': { '=': 27 } },
  },
  minigolf: { 'minigolf.hole_without_stroke': { 'after-rest': { stroke: 8 }, 'from-start': { '=': 2 } } },
};
