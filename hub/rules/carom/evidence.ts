/**
 * Pending decisions as the carom working state keeps them (state.ts `Live.pending`), and their
 * documented view.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision } from '../../../shared/game/engine';
import { describe } from './shot';
import { flat } from '../common/text';
import { trackEvidence, trackOf, trackedBasis } from './tracked';

/**
 * A point question as the working state keeps it: the shot it is about instead of its texts.
 * The evidence lines (`evidenceLines`) and the question's words (`pointQuestion`) are written
 * when the decision is read. An open decision lives as long as nobody answers it, and four-ball
 * shots the sensors cannot tell apart raise one each: kept as texts, their strings were a third
 * of a four-ball replay's time (garbage collection of what every such state keeps). The shot's
 * fields are the decision's own, not a separate evidence object: one object per open question
 * for the collector to copy, not two; and no id text, which `decisionId` writes from the shot's
 * number when it is needed (an answer, the documented view).
 */
export interface ShotDecision extends Omit<PendingDecision, 'id' | 'evidence' | 'question'> {
  /** The ball that was struck. */
  cue: string;
  /** The shot's events (strike and sensor events; the shot's own array, never changed). */
  events: readonly GameEvent[];
  /** The name of the player who played the shot, for the question. */
  who: string;
  /** The shot's number. */
  shot: number;
}

/** A pending decision as the working state keeps it: written out, or a point question (`ShotDecision`). */
export type LiveDecision = PendingDecision | ShotDecision;

export function isShotDecision(d: LiveDecision): d is ShotDecision {
  return !('evidence' in d);
}

/** Events of the shot without a ball identity (a strike never counts). */
function unknownEvents(events: readonly GameEvent[]): number {
  let n = 0;
  for (const e of events) if ((e.type === 'cushion' && e.ball === undefined) || (e.type === 'contact' && (e.a === undefined || e.b === undefined))) n++;
  return n;
}

/** The id of a point question: `shot-<no>:point` (resolve.ts asks at most one per shot). */
export function decisionId(d: LiveDecision): string {
  return isShotDecision(d) ? flat('shot-', d.shot, ':point') : d.id;
}

/** `decisionId(d) === id`, without writing the id of every point question compared. */
export function hasId(d: LiveDecision, id: string): boolean {
  if (!isShotDecision(d)) return d.id === id;
  return id.startsWith('shot-') && id.endsWith(':point') && id.slice(5, -6) === String(d.shot);
}

export function evidenceLines(x: ShotDecision): string[] {
  const lines = [`cue ball ${x.cue}`];
  for (const e of x.events) lines.push(describe(e));
  lines.push(`${unknownEvents(x.events)} event(s) without a ball identity; the default counts only identified events`);
  return lines;
}

/** 4-ball questions ask for a value (`c4.point`: resolve.ts POINT_KIND), the others a point or not. */
const FOUR_BALL_POINT = 'c4.point';

/** The words of a point question. */
export function pointQuestion(x: ShotDecision): string {
  return x.kind === FOUR_BALL_POINT ? `What did ${x.who}'s shot ${x.shot} score?` : `Point for ${x.who} (shot ${x.shot})?`;
}

/**
 * A point question restored from a snapshot written before 2026-11-30 (carom/legacy.ts): its
 * shot in a separate `evidence` object, next to its id. Today's form; other decisions as they are.
 */
export function fromOldSnapshot(d: LiveDecision): LiveDecision {
  const old = (d as { evidence?: unknown }).evidence;
  if (old === undefined || Array.isArray(old)) return d;
  const { cue, events, who, shot } = old as Pick<ShotDecision, 'cue' | 'events' | 'who' | 'shot'>;
  return { kind: d.kind, options: d.options, default: d.default, answeredBy: d.answeredBy, raisedAt: d.raisedAt, cue, events, who, shot };
}

const decisionViews = new WeakMap<ShotDecision, PendingDecision>();

/** 0, 1, 2 or `3+`: counts coarse enough for the base rates to see each often. */
const few = (n: number): string => (n >= 3 ? '3+' : String(n));

/**
 * What a point question's probability rests on (PendingDecision.basis): the ball contacts the
 * sensors heard, and the cushions heard before the last of them (a three-cushion point needs three
 * before the second contact) and in all, coarsely.
 */
export function pointBasis(events: readonly GameEvent[]): string {
  let contacts = 0;
  let cushions = 0;
  let beforeLast = 0;
  for (const e of events) {
    if (e.type === 'contact') {
      contacts++;
      beforeLast = cushions;
    } else if (e.type === 'cushion') cushions++;
  }
  return `contacts=${few(contacts)}|cushions-before-last-contact=${few(beforeLast)}|cushions=${cushions >= 6 ? '6+' : cushions}`;
}

/** The decision as documented (question and evidence as texts), built once per decision. */
export function decisionView(d: LiveDecision): PendingDecision {
  if (!isShotDecision(d)) return Array.isArray(d.evidence) ? d : decisionView(fromOldSnapshot(d));
  let v = decisionViews.get(d);
  if (!v) {
    // The fields in the order of a written decision (reports are compared as JSON).
    v = {
      id: decisionId(d),
      kind: d.kind,
      question: pointQuestion(d),
      options: d.options,
      default: d.default,
      answeredBy: d.answeredBy,
      evidence: evidenceLines(d),
      raisedAt: d.raisedAt,
      basis: pointBasis(d.events),
    };
    // A tracked shot: how sure the tracker was, and of what, is the basis; the base rates learned
    // how often such a reading is right (tracked.ts). Unlearned, nothing is decided alone.
    const track = trackOf(d.events);
    if (track) {
      v.basis = trackedBasis(d.probability ?? 0, d.default ?? '');
      v.evidence = [...v.evidence, ...trackEvidence(track)];
    }
    decisionViews.set(d, v);
  }
  return v;
}
