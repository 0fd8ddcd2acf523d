/**
 * What a golf billiards table waits for from the hub's timer (GB-TIME-1, GB-Q9): "TIME" called
 * 50 s after the balls came to rest, then the 10 s in which the stroke must be played. No referee
 * is needed for either: the hub sends `warn` and then `expire`, and the reducer applies them.
 */
import type { DueClock } from '../../../shared/game/engine';
import type { GbState } from './state';

export function nextClock(state: GbState): DueClock | null {
  const core = state.live;
  const cfg = state.setup?.config;
  if (!core || !cfg || core.open || core.set.phase !== 'play' || core.set.turn === null) return null;
  const c = core.clock;
  if (c.startedAt === null) return null;
  if (c.timeCalledAt === null) return { at: c.startedAt + cfg.turnMs, event: { type: 'clock', clock: 'turn', phase: 'warn' } };
  return { at: c.timeCalledAt + cfg.graceMs, event: { type: 'clock', clock: 'turn', phase: 'expire' } };
}
