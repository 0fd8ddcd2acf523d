/**
 * Sensor events after the last round when they change nothing: no tied player left to play off
 * (or not the player named), no play-off ball moving. A league replays logs whose lanes go on
 * reporting long after a tournament ended; each such event used to copy the whole game and
 * rank every category again (playoff.ts `awaitedPlayoffLanes`), to refuse it.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { RejectedEvent } from '../../../shared/game/engine';
import { awaitedOnce as awaited } from './playoff';
import { push } from '../common/plist';
import { MgState, refusedOf, type Game, type State } from './state';

function anyBallMoving(game: Game): boolean {
  for (const id in game.playoffBalls) if (game.playoffBalls[id]!.ball === 'moving') return true;
  return false;
}

/**
 * What playoff.ts would do with `e` when it is one of these events: `undefined` when it is not
 * (the full step decides), null when nothing happens, else the refusal, word for word.
 */
function outcome(game: Game, e: GameEvent): Omit<RejectedEvent, 'seq' | 'type'> | null | undefined {
  switch (e.type) {
    case 'strike': {
      const a = awaited(game);
      if (e.player !== undefined)
        return a.some((x) => x.player === e.player) ? undefined : { code: 'not_in_play', reason: `${e.player} has no play-off lane to play (MG-TIE-1)` };
      return a.length > 0 ? undefined : { code: 'unattributed_stroke', reason: 'cannot tell whose play-off stroke it is: name the player' };
    }
    case 'hole':
      return anyBallMoving(game)
        ? undefined
        : { code: 'hole_outside_play', reason: `hole on lane ${e.lane} with no play-off ball moving there (MG-STROKE-14)` };
    case 'at_rest':
    case 'off_table':
      return anyBallMoving(game) ? undefined : null;
    default:
      return undefined;
  }
}

/**
 * The next state when `e` is such an event, else null. The game is the same object: nothing in
 * it changes (a full step would give an equal copy).
 */
export function afterPlayStep(state: State, e: GameEvent): State | null {
  const game = state.game;
  if (game.status !== 'finished' || game.cancelled !== null || state.open.length > 0) return null;
  const r = outcome(game, e);
  if (r === undefined) return null;
  const refused = refusedOf(state);
  return new MgState(game, [], state.decided, r === null ? refused : push(refused, { seq: e.seq, type: e.type, code: r.code, reason: r.reason }), state.n + 1);
}
