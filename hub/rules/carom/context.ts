/**
 * What a game's scoring rule knows about the shot besides its events: the game, its configuration,
 * the ball that was struck and whether it is the opening shot. Shared by the per-game rules
 * (three-cushion.ts, three-ball.ts, four-ball.ts) and outcome.ts, which reads uncertain shots.
 */
import type { CaromConfig, CaromGame } from './config';
import { ballsOf } from './config';

export interface ShotContext {
  game: CaromGame;
  config: CaromConfig;
  /** The ball that was struck. */
  cue: string;
  /** This is the opening shot of the game. */
  opening: boolean;
}

const objectLists = new WeakMap<readonly string[], Map<string, string[]>>();

/** The balls other than the cue ball (one shared list per ball set and cue: do not mutate). */
export function objectBalls(ctx: ShotContext): string[] {
  const balls = ballsOf(ctx.game, ctx.config);
  // The last answer first (twice per three-cushion shot; see config.ts ballsOf).
  if (balls === last.balls && ctx.cue === last.cue) return last.list;
  let byCue = objectLists.get(balls);
  if (!byCue) {
    byCue = new Map();
    objectLists.set(balls, byCue);
  }
  let list = byCue.get(ctx.cue);
  if (!list) {
    list = balls.filter((b) => b !== ctx.cue);
    byCue.set(ctx.cue, list);
  }
  last = { balls, cue: ctx.cue, list };
  return list;
}

let last: { balls: readonly string[] | null; cue: string; list: string[] } = { balls: null, cue: '', list: [] };
