/**
 * 3-ball carom (C3B-*, seed 002): the scoring rule of one shot. The engine is `threeBall`
 * (index.ts); the rest is the carom reducer's, shared with three-cushion and 4-ball.
 */
import type { GameEvent } from '../../../shared/game/events';
import { type ShotContext, objectBalls } from './context';
import { isCarom } from './shot';

export type ThreeBallOutcome = 'point' | 'miss';

/** C3B-SCORE-1: the cue ball touches both other balls in the shot, no cushion needed; else C3B-MISS-1. */
export function threeBallOutcome(events: readonly GameEvent[], ctx: ShotContext): ThreeBallOutcome {
  return isCarom(events, ctx.cue, objectBalls(ctx)) ? 'point' : 'miss';
}
