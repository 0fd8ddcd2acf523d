/**
 * What the carom state waits for from the hub's timers: the end of a running timeout (C3-TO-*)
 * or the 30-second shot clock running out (C3-TIME-1). The reducer decides what an expiry means;
 * this only says when one is due.
 */
import type { DueClock } from '../../../shared/game/engine';
import type { CaromState } from './state';

export function nextClock(state: CaromState): DueClock | null {
  const s = state.live;
  if (s.status !== 'playing') return null;
  if (s.timeoutActive) {
    const open = s.timeouts.find((t) => t.end === null);
    return open ? { at: open.start + s.config.timeoutSeconds * 1000, event: { type: 'clock', clock: 'timeout', phase: 'expire' } } : null;
  }
  const c = s.clock;
  if (!c.running || c.startedAt === null || s.config.shotClockSeconds === null || s.shot) return null;
  return {
    at: c.startedAt + s.config.shotClockSeconds * 1000,
    event: { type: 'clock', clock: 'shot', phase: 'expire', ...(c.player !== null ? { player: c.player } : {}) },
  };
}
