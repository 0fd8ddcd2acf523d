/**
 * The scoring rule of each carom game, as one outcome function over a shot's sensor events,
 * plus the points and words of each outcome. Uncertain shots are read every possible way
 * (shot.ts `readings`); more than one outcome means a pending decision.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { CaromConfig, CaromGame } from './config';
import { ballsOf } from './config';
import { cushionsBeforeLastBall, fourBallPoints, isCarom, isPoint, isRedFirst, touchedNoBall } from './shot';

export interface ShotContext {
  game: CaromGame;
  config: CaromConfig;
  /** The ball that was struck. */
  cue: string;
  /** This is the opening shot of the game. */
  opening: boolean;
}

export function objectBalls(ctx: ShotContext): string[] {
  return ballsOf(ctx.game, ctx.config).filter((b) => b !== ctx.cue);
}

function otherCueBall(ctx: ShotContext): string {
  const { white, yellow } = ctx.config.balls;
  return ctx.cue === white ? yellow : ctx.cue === yellow ? white : white;
}

/** The outcome code of a shot whose balls are all identified. */
export function outcomeOf(events: readonly GameEvent[], ctx: ShotContext): string {
  const objects = objectBalls(ctx);
  switch (ctx.game) {
    case 'three-cushion':
      // C3-BREAK-3 + CQ-16: on the break, a first contact other than the red is a miss.
      if (ctx.opening && ctx.config.breakRedFirst && !isRedFirst(events, ctx.cue, ctx.config.balls.red)) return 'miss';
      return isPoint(events, ctx.cue, objects, ctx.config.cushionCount) ? 'point' : 'miss';
    case 'three-ball':
      return isCarom(events, ctx.cue, objects) ? 'point' : 'miss';
    case 'four-ball': {
      if (touchedNoBall(events, ctx.cue)) return 'none';
      const { red, maroon } = ctx.config.balls;
      const v = fourBallPoints(events, { cue: ctx.cue, otherCue: otherCueBall(ctx), red, maroon }, ctx.config.fourBallWhiteYellow);
      return `p${v}`;
    }
  }
}

/** Points an outcome is worth. */
export function pointsOf(code: string): number {
  if (code === 'point') return 1;
  const m = /^p(\d+)$/.exec(code);
  return m ? Number(m[1]) : 0;
}

export function labelOf(code: string): string {
  switch (code) {
    case 'point':
      return 'Point';
    case 'miss':
      return 'No point';
    case 'none':
      return 'No ball touched (the inning is erased)';
    default:
      return pointsOf(code) > 0 ? `${pointsOf(code)} points` : 'No points (a ball was touched)';
  }
}

/** Every outcome the game can produce, for shots too uncertain to enumerate. */
export function allOutcomes(game: CaromGame): string[] {
  return game === 'four-ball' ? ['p50', 'p25', 'p5', 'p1', 'p0', 'none'] : ['point', 'miss'];
}

/** CEB referee call for a three-cushion miss (C3-MISS-1): "no cushion", "one cushion", "two cushions". */
export function missCall(events: readonly GameEvent[], ctx: ShotContext): string | null {
  if (ctx.game !== 'three-cushion') return null;
  const n = cushionsBeforeLastBall(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount);
  return n >= 3 ? null : (['no cushion', 'one cushion', 'two cushions'][n] ?? null);
}

/** The rule an outcome is scored by, for reports. */
export function cushionsOf(events: readonly GameEvent[], ctx: ShotContext): number | null {
  if (ctx.game !== 'three-cushion') return null;
  return cushionsBeforeLastBall(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount);
}
