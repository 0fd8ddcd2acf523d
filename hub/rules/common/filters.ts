/**
 * Small composable filters over a shot's events, so engines ask questions ("the cue ball's
 * cushions before its last contact") instead of writing loops.
 */
import type { GameEvent, GameEventOf, GameEventType } from '../../../shared/game/events';

export type Filter = (e: GameEvent) => boolean;

export function byType<K extends GameEventType>(...types: K[]): (e: GameEvent) => e is GameEventOf<K> {
  return (e): e is GameEventOf<K> => (types as string[]).includes(e.type);
}

/** Events that involve the ball: as `ball`, or as either side of a contact. */
export function byBall(ball: string): Filter {
  return (e) => ('ball' in e && e.ball === ball) || (e.type === 'contact' && (e.a === ball || e.b === ball));
}

export function and(...fs: Filter[]): Filter {
  return (e) => fs.every((f) => f(e));
}

export function or(...fs: Filter[]): Filter {
  return (e) => fs.some((f) => f(e));
}

export function not(f: Filter): Filter {
  return (e) => !f(e);
}

export function before(events: readonly GameEvent[], index: number): GameEvent[] {
  return events.slice(0, Math.max(0, index));
}

export function lastIndex(events: readonly GameEvent[], f: Filter): number {
  for (let i = events.length - 1; i >= 0; i--) if (f(events[i]!)) return i;
  return -1;
}
