/**
 * Lane play: named predicates and the placement rules (MG-SCORE-1..3, MG-HOLE-1, MG-PLACE-*).
 */
import type { Config, LaneConfig, LaneSystem } from './config';
import type { LanePlay } from './state';

/** MG-SCORE-2: the last stroke allowed on a lane (6 with the default maximum 7). */
export function strokeCap(c: Config): number {
  return c.max - 1;
}

/** MG-SCORE-1 / MG-HOLE-1: a holed ball scores one point per stroke. */
export function holedScore(strokes: number, c: Config): number {
  return Math.min(strokes, c.max);
}

/** MG-SCORE-2: not holed after the last allowed stroke, the ball at rest: the lane is over. */
export function isCapReached(play: LanePlay, c: Config): boolean {
  return play.ball !== 'holed' && play.ball !== 'moving' && play.strokes >= strokeCap(c);
}

/** MG-SCORE-2: no stroke beyond the cap. */
export function mayStrike(play: LanePlay, c: Config): boolean {
  return play.ball !== 'moving' && play.ball !== 'holed' && play.strokes < strokeCap(c);
}

/** MG-SCORE-3 / MG-PEN-8(e): giving up before the last allowed stroke draws B+2. */
export function isGiveUpPenalised(strokes: number, c: Config): boolean {
  return strokes < strokeCap(c);
}

export function newPlay(round: number, lane: number): LanePlay {
  return {
    round,
    lane,
    strokes: 0,
    ball: 'start',
    fromStart: true,
    placed: false,
    ballId: null,
    early: false,
    lastStroke: undefined,
    strokeSeqs: [],
    lostAt: null,
  };
}

export type PlaceKind =
  | 'start'
  | 'left_lane'
  | 'obstacle_incorrect'
  | 'near_obstacle_passed'
  | 'near_obstacle_not_passed'
  | 'near_border'
  | 'border_and_obstacle'
  | 'after_boundary'
  | 'mark';

export const PLACE_KINDS: readonly PlaceKind[] = [
  'start',
  'left_lane',
  'obstacle_incorrect',
  'near_obstacle_passed',
  'near_obstacle_not_passed',
  'near_border',
  'border_and_obstacle',
  'after_boundary',
  'mark',
];

/** Maximum distance in cm for a placement by hand (MG-PLACE-4..6), null when not limited or unknown. */
export function placementLimit(kind: PlaceKind, system: LaneSystem, c: Config): number | null {
  switch (kind) {
    case 'near_obstacle_passed':
      return system === 'felt' ? 50 : 30;
    case 'near_obstacle_not_passed':
      if (system === 'miniature') return 20;
      if (system === 'mos') return 30;
      if (system === 'felt') return 50;
      return c.concreteNotPassedCm; // MG-Q5
    case 'near_border':
      return 20;
    default:
      return null;
  }
}

export interface PlaceArgs {
  kind: PlaceKind;
  cm: number | null;
  obstacle: number | null;
  touching: boolean | null;
}

/**
 * Checks a placement for the next stroke. Returns a rejection code, or null when it is allowed.
 * The referee warns the player before the violation (MG-STROKE-15), so a wrong placement is
 * refused rather than recorded.
 */
export function placementProblem(play: LanePlay, lc: LaneConfig, a: PlaceArgs, c: Config): string | null {
  if (play.placed) return 'second_adjustment'; // MG-PLACE-10
  if (a.kind === 'start') return null;
  if (lc.startOnly) return 'start_only_lane'; // MG-PLACE-1, MG-COURSE-7
  if (play.fromStart) return 'must_play_from_start'; // MG-PLACE-1, MG-SUB-11
  if (a.kind === 'obstacle_incorrect') {
    // MG-PLACE-3 is about the second or a later obstacle (MG-COURSE-6 numbering).
    if (a.obstacle === null || a.obstacle < 2 || a.obstacle > lc.obstacles) return 'not_a_later_obstacle';
  }
  if (a.kind === 'mark') {
    if (!lc.marks) return 'no_marks'; // MG-COURSE-10
    if (a.touching !== true) return 'not_on_mark'; // MG-PLACE-9
  }
  const limit = placementLimit(a.kind, c.system, c);
  // MG-COURSE-9: measured distances include the marks, so the limit itself is allowed.
  if (limit !== null && a.cm !== null && a.cm > limit) return 'placement_too_far';
  return null;
}
