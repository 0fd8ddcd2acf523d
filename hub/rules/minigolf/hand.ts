/**
 * Lane inputs made by hand: a stroke tapped on a phone or the scorer's screen where no stroke
 * sensor is fitted (or it missed one), a ball moved by wind, a lost or changed ball.
 */
import type { GameEventOf } from '../../../shared/game/events';
import { startClock, stopClock } from './clock';
import { givePenalty, reject, str, type Ctx } from './context';
import { callPlayer, livePlay, onStrike } from './play';

type Ref = GameEventOf<'ref'>;

/**
 * `stroke`: one stroke, as from the stroke sensor (MG-SCORE-1), with the same checks (order, cap,
 * whose entry it is: MG-CARD-3). Whoever taps saw the previous ball stop, so a ball of that player
 * still rolling for the engine (no sensor said `at_rest`) comes to rest first. The ball is then in
 * motion until the hole sensor, an `at_rest` or the next tap. Rejections name the `ref` event.
 */
function tap(ctx: Ctx, e: Ref): void {
  const strike: GameEventOf<'strike'> = {
    type: 'strike',
    t: e.t,
    ...(e.player !== undefined ? { player: e.player } : {}),
    ...(e.place !== undefined ? { lane: e.place } : {}),
    ...(e.ball !== undefined ? { ball: e.ball } : {}),
  };
  onStrike(ctx, strike, true);
}

export function onHandCall(ctx: Ctx, e: Ref): boolean {
  switch (e.call) {
    case 'stroke':
      return (tap(ctx, e), true);
    case 'wind_moved': {
      const p = callPlayer(ctx, e);
      if (!p) return true;
      if (!p.play || p.play.ball === 'moving') return (reject(ctx, 'no_ball_at_rest', 'no ball at rest to put back'), true);
      // MG-STROKE-13: put back where it first stopped; no stroke.
      p.play.ball = p.play.ball === 'out' ? 'rest' : p.play.ball;
      return true;
    }
    case 'ball_lost': {
      const p = callPlayer(ctx, e);
      const play = p ? livePlay(ctx, p) : null;
      if (!p || !play) return true;
      // MG-BALL-2, MG-Q15: the stroke clock is suspended during the search.
      play.lostAt = e.t;
      stopClock(ctx.game, p.id);
      return true;
    }
    case 'ball_change': {
      const p = callPlayer(ctx, e);
      const play = p ? livePlay(ctx, p) : null;
      if (!p || !play) return true;
      const why = str(e.value);
      const subFirstLane = p.subs.some((s) => s.dir === 'in' && s.lane === play.lane && s.round === play.round);
      if (why === 'damaged' && e.by !== 'referee') return (reject(ctx, 'referee_ruling_required', 'a referee rules a ball damaged (MG-BALL-2)'), true);
      if (why === 'lost' && (play.lostAt === null || e.t - play.lostAt < 300_000))
        return (reject(ctx, 'search_not_over', 'a lost ball is replaced after 5 minutes (MG-BALL-2)'), true);
      if (why !== 'damaged' && why !== 'lost' && !(why === 'substitute' && subFirstLane)) {
        givePenalty(ctx, p.id, 'B+2', '18.6d', 'MG-BALL-1', `ball changed during lane ${play.lane} without authorisation`);
      }
      const searched = play.lostAt !== null;
      play.ballId = e.ball ?? null;
      play.lostAt = null;
      // MG-Q15: the search is over; the player's clock runs again from now.
      if (searched && play.strokes > 0) startClock(ctx.game, p.id, e.t);
      return true;
    }
    default:
      return false;
  }
}
