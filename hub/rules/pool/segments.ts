/**
 * Split the unsettled events into alternating gaps (people's calls between shots) and shots.
 * A shot runs from its first ball event (strike, contact, cushion, off_table, pocket) to at_rest;
 * a captured pocket after at_rest (late drop) and foul/interference calls made before the next
 * shot belong to the shot that just ended.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { ShotRaw } from './facts';

export type Segment = { kind: 'gap'; start: number; events: GameEvent[] } | { kind: 'shot'; start: number; raw: ShotRaw };

const SHOT_START = new Set(['strike', 'contact', 'cushion', 'off_table', 'pocket']);
const POST_CALLS = new Set(['foul', 'interference', 'crossed']);
/** Calls that set up the next shot: entered during a shot they are too late (refused by the table). */
export const PREP_CALLS = new Set(['call', 'safety', 'push-out', 'frozen', 'kitchen-warning']);

function isPost(e: GameEvent): boolean {
  if (e.type === 'pocket') return true;
  return e.type === 'ref' && POST_CALLS.has(e.call) && e.data?.['standalone'] !== true;
}

export function segments(tail: readonly GameEvent[]): Segment[] {
  const out: Segment[] = [];
  let gap: Extract<Segment, { kind: 'gap' }> = { kind: 'gap', start: 0, events: [] };
  out.push(gap);
  let cur: ShotRaw | null = null;
  let last: ShotRaw | null = null;
  /** People's calls entered during a shot that are not about the shot: applied right after it. */
  let deferred: GameEvent[] = [];
  tail.forEach((e, i) => {
    if (e.type === 'goal' || e.type === 'hole' || e.type === 'start') {
      gap.events.push(e); // not pocket billiards: rejected by the gap handler, never ignored silently
      return;
    }
    if (cur) {
      if (e.type === 'ref' && !POST_CALLS.has(e.call) && !PREP_CALLS.has(e.call)) {
        deferred.push(e);
        return;
      }
      cur.events.push(e);
      if (e.type === 'at_rest') {
        cur.complete = true;
        last = cur;
        cur = null;
        gap = { kind: 'gap', start: i + 1, events: deferred };
        deferred = [];
        out.push(gap);
      }
      return;
    }
    if (last && isPost(e)) {
      last.post.push(e);
      return;
    }
    if (SHOT_START.has(e.type)) {
      cur = { key: e.seq ?? i, events: [e], post: [], complete: false };
      last = null;
      out.push({ kind: 'shot', start: i, raw: cur });
      return;
    }
    gap.events.push(e);
  });
  return out;
}
