/**
 * States restored from snapshots written before the open-decision state was made smaller
 * (2026-11-30; hub/games/matches.ts keeps snapshots in the store and folds on from them): the
 * events since an open decision were a persistent list (common/plist), and a point question kept
 * its id and a separate `evidence` object. Such a state is read once, when it is first reduced.
 */
import type { GameEvent } from '../../../shared/game/events';
import { type List, fromArray as listOf, toArray as listToArray } from '../common/plist';
import { type Prefix, fromArray } from '../common/prefix';
import { fromOldSnapshot } from './evidence';
import type { Live } from './state';

/** The events since `base` in either form: a shared prefix, or (old snapshots) a list. */
export function isOldTail(tail: object | null): boolean {
  return tail !== null && !('items' in tail);
}

export function upgradeTail(tail: object | null): Prefix<GameEvent> | null {
  return isOldTail(tail) ? fromArray(listToArray(tail as List<GameEvent>)) : (tail as Prefix<GameEvent> | null);
}

export function upgradeLive(s: Live): Live {
  return { ...s, pending: listOf(listToArray(s.pending).map(fromOldSnapshot)) };
}
