/**
 * A pool referee who saw the shot: the answers to the engines' questions from the truth
 * (`poolTruth`) and the physics' events, for a table whose sensors name no ball and sense no
 * contact (the pool profile). Shared by the chain tests (test/chain/pool.ts, hub-pool.test.ts)
 * and the automation yardstick (bench/automation/pool.ts).
 */
import type { PendingDecision } from '../../shared/game/engine';
import type { TruthEvent } from '../physics/world';
import type { PoolTruth } from './truth';

/**
 * The balls no sensor names, in the order the table reports them: per pocket, its captures in
 * time order (the k-th pocket event there is the k-th capture); the exits in time order (an exit
 * is recorded with its cushion hit, 50 ms before it happens: sorted here), the one out beam's.
 */
export function poolUnnamed(events: readonly TruthEvent[]): { captures: { ball: string; place: string }[]; offs: string[] } {
  const captures = events.flatMap((e) => (e.type === 'capture' ? [{ ball: e.ball, place: e.place }] : []));
  const offs = events
    .flatMap((e) => (e.type === 'off' ? [e] : []))
    .sort((a, b) => a.t - b.t)
    .map((e) => e.ball);
  return { captures, offs };
}

/**
 * The referee's answer to one engine question, from the truth (null: no answer possible). `names`:
 * the ball of each unnamed pocket or out event, by the event's seq; `meant`: the group the player
 * meant (its target ball's); `call`: the pocket the player called for the 8 before the shot.
 */
export function poolAnswer(
  p: PendingDecision,
  truth: PoolTruth,
  names: ReadonlyMap<number, string>,
  meant: string | null,
  events: readonly TruthEvent[],
  call: string | null,
): string | null {
  const options = p.options.map((o) => o.value);
  const pick = (v: string | null): string | null => (v !== null && options.includes(v) ? v : null);
  switch (p.kind) {
    case 'pocket.ball-identity':
      return pick(names.get(Number(/^event-(\d+):ball$/.exec(p.id)?.[1] ?? -1)) ?? null);
    case 'pocket.first-contact':
      return pick(truth.firstContact ?? 'none');
    case 'pocket.rail':
      return truth.rail ? 'yes' : 'no';
    case 'nine-ball.break-cushions':
    case 'eight-ball.break-cushions':
      return truth.cushionBalls >= 4 ? 'yes' : 'no';
    case 'eight-ball.group':
      return pick(meant);
    case 'eight-ball.eight-call': {
      const into = events.find((e) => e.type === 'capture' && e.ball === '8');
      return call !== null && into?.type === 'capture' && into.place === call ? 'yes' : 'no';
    }
    default:
      // A player's option (break choices, push-out reply): the default, as the simulated truth assumes.
      return p.default;
  }
}
