/**
 * 4-ball carom (C4-*, seed 002): the scoring rule of one shot. The engine is `fourBall`
 * (index.ts); the rest is the carom reducer's, shared with three-cushion and 3-ball.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { ShotContext } from './context';
import { fourBallValue, touchedNoBall } from './shot';

/** `p<value>`: the shot's value (C4-SCORE-1..4); `none`: no ball touched, the inning is erased (C4-ERASE-1). */
export type FourBallOutcome = 'p50' | 'p25' | 'p5' | 'p1' | 'p0' | 'none';

/** The code of a 4-ball value: one string per value, not a new one per reading of every shot. */
export const FOUR_BALL_CODE = { 0: 'p0', 1: 'p1', 5: 'p5', 25: 'p25', 50: 'p50' } as const;

/** The shot has a contact event, whatever balls it names (none, one or two). */
export function hasContact(events: readonly GameEvent[]): boolean {
  for (const e of events) if (e.type === 'contact') return true;
  return false;
}

/** CQ-5 reading: the players strike the white and the yellow; the other of the two is an object ball. */
function otherCueBall(ctx: ShotContext): string {
  const { white, yellow } = ctx.config.balls;
  return ctx.cue === white ? yellow : ctx.cue === yellow ? white : white;
}

/**
 * C4-SCORE-1..4, highest category only (CQ-2). C4-ERASE-1 erases only when the cue ball touched no
 * ball. A contact heard, whichever balls it names or leaves unknown, means it touched one: the shot
 * starts on a still table with the cue ball alone struck, and a ball at rest moves only when a
 * moving ball hits it, so every contact of the shot follows one of the cue ball. A reading whose
 * named contacts leave the cue ball out then credits nothing and erases nothing (`p0`): the cue
 * ball's own contact was missed, and what a sensor did not see neither scores nor takes away.
 */
export function fourBallOutcome(events: readonly GameEvent[], ctx: ShotContext): FourBallOutcome {
  if (touchedNoBall(events, ctx.cue)) return hasContact(events) ? 'p0' : 'none';
  const { red, maroon } = ctx.config.balls;
  const v = fourBallValue(events, ctx.cue, otherCueBall(ctx), red, maroon, ctx.config.fourBallWhiteYellow);
  return FOUR_BALL_CODE[v];
}
