/** The agreement the chain tests defend (docs/simulator.md), and how a shot is fed to an engine. */
import { toGameEvent } from '../../hub/games/assembler';
import type { StoredDeviceEvent } from '../../hub/store/types';
import type { RulesEngine } from '../../shared/game/engine';
import type { GameEvent } from '../../shared/game/events';
import type { DeviceEvent } from '../../shared/protocol/schema';

/**
 * Wrong decided answers allowed: none without noise. With bar noise a decided answer is wrong only
 * when a knock that matters is missed (0.5 % each, about five that matter per shot: ~2.5 % of
 * shots at worst, ~1.5 % measured), so at most 5 % of decided shots, with a slack of 3 for small
 * samples.
 */
export function allowedWrong(decided: number): number {
  return Math.max(3, Math.ceil(0.05 * decided));
}

/**
 * One carom shot through the engine as the hub's assembler would give it: a strike, the firmware's
 * events on the hub's timeline from `t` (device time taken relative to the first event), then at
 * rest when the balls stopped. Returns the state and the time after the shot.
 */
export function shotThroughEngine(
  engine: RulesEngine,
  state: unknown,
  fired: readonly DeviceEvent[],
  t: number,
  durationS: number,
): { state: unknown; t: number } {
  const base = fired[0]?.t ?? 0;
  let s = engine.reduce(state, { type: 'strike', t, by: 'hub' } as GameEvent);
  for (const e of fired) {
    const g = toGameEvent({ event: e, at: t + (e.t - base) / 1000 + 1 } as StoredDeviceEvent);
    if (g?.kind === 'event') s = engine.reduce(s, g.event);
  }
  const end = t + durationS * 1000 + 10;
  return { state: engine.reduce(s, { type: 'at_rest', t: end, by: 'hub' } as GameEvent), t: end };
}
