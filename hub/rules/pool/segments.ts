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

/**
 * Where the segmentation of a tail stands after its last event: no shot yet, a shot in
 * progress, or a shot at rest (a pocket then is a late drop of it). The same decisions as
 * `segments`, without building them: the reducer asks this on every event.
 */
export type Phase = 'none' | 'open' | 'closed';

export function phaseAfter(p: Phase, e: GameEvent): Phase {
  if (e.type === 'goal' || e.type === 'hole' || e.type === 'start') return p;
  if (p === 'open') return e.type === 'at_rest' ? 'closed' : 'open';
  if (p === 'closed' && isPost(e)) return p;
  return SHOT_START.has(e.type) ? 'open' : p;
}

export function phaseOf(events: readonly GameEvent[]): Phase {
  let p: Phase = 'none';
  for (const e of events) p = phaseAfter(p, e);
  return p;
}

/**
 * Where `segments` puts `e` appended to a tail in phase `p`: the start of a new shot, the gap
 * that ends the tail (the last segment), or anything else (into the shot in progress or its
 * late events, or a call held until the shot ends).
 */
export function placeOf(p: Phase, e: GameEvent): 'shot-start' | 'last-gap' | 'other' {
  if (p === 'open') return 'other';
  if (e.type === 'goal' || e.type === 'hole' || e.type === 'start') return 'last-gap';
  if (p === 'closed' && isPost(e)) return 'other';
  return SHOT_START.has(e.type) ? 'shot-start' : 'last-gap';
}
