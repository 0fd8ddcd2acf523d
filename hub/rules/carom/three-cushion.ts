/**
 * Three-cushion (C3-*, seeds 004 and 002): the scoring rule of one shot. The engine is
 * `threeCushion` (index.ts); innings, fouls, decisions, lag, clock and corrections are the carom
 * reducer's, shared with 3-ball and 4-ball.
 */
import type { GameEvent } from '../../../shared/game/events';
import { type ShotContext, objectBalls } from './context';
import { cushionsBeforeLastBall, isPoint, isRedFirst } from './shot';

export type ThreeCushionOutcome = 'point' | 'miss';

/**
 * C3-POINT-1/2: both object balls, with at least three cue-ball cushions before the last one
 * (cushions before the first ball count, the object balls' never). C3-BREAK-3 with the CQ-16
 * reading: on the opening shot a first ball other than the red is a miss.
 */
export function threeCushionOutcome(events: readonly GameEvent[], ctx: ShotContext): ThreeCushionOutcome {
  if (ctx.opening && ctx.config.breakRedFirst && !isRedFirst(events, ctx.cue, ctx.config.balls.red)) return 'miss';
  return isPoint(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount) ? 'point' : 'miss';
}

/** Cue-ball cushions before the last object ball (all of them if it never got there). */
export function threeCushionCushions(events: readonly GameEvent[], ctx: ShotContext): number {
  return cushionsBeforeLastBall(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount);
}

/** CEB referee call for a miss with `n` cushions before the last ball (C3-MISS-1); null: none. */
export function missCallFor(n: number): string | null {
  return n >= 3 ? null : (['no cushion', 'one cushion', 'two cushions'][n] ?? null);
}
