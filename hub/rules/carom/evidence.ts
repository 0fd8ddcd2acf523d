/**
 * Pending decisions as the carom working state keeps them (state.ts `Live.pending`), and their
 * documented view.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision } from '../../../shared/game/engine';
import { describe } from './shot';

/**
 * The evidence of a point question as its shot's events: the lines (`evidenceLines`) and the
 * question's words (`pointQuestion`) are written when the decision is read. An open decision
 * lives as long as nobody answers it, and four-ball shots the sensors cannot tell apart raise
 * one each: kept as texts, their strings were a third of a four-ball replay's time (garbage
 * collection of what every such state keeps), and writing them a good part of a shot's.
 */
export interface ShotEvidence {
  cue: string;
  /** The shot's events (strike and sensor events; the shot's own array, never changed). */
  events: readonly GameEvent[];
  /** Events without a ball identity. */
  unknown: number;
  /** The name of the player who played the shot, for the question. */
  who: string;
  /** The shot's number. */
  shot: number;
  /** The question is worded for 4-ball (several values), else for a point or not. */
  fourBall: boolean;
}

/** A point question as the working state keeps it: no question text, the shot as evidence. */
export type ShotDecision = Omit<PendingDecision, 'evidence' | 'question'> & { evidence: ShotEvidence };

/** A pending decision as the working state keeps it: written out, or a point question (`ShotEvidence`). */
export type LiveDecision = PendingDecision | ShotDecision;

export function isShotDecision(d: LiveDecision): d is ShotDecision {
  return !Array.isArray(d.evidence);
}

export function evidenceLines(x: ShotEvidence): string[] {
  const lines = [`cue ball ${x.cue}`];
  for (const e of x.events) lines.push(describe(e));
  lines.push(`${x.unknown} event(s) without a ball identity; the default counts only identified events`);
  return lines;
}

/** The words of a point question. */
export function pointQuestion(x: ShotEvidence): string {
  return x.fourBall ? `What did ${x.who}'s shot ${x.shot} score?` : `Point for ${x.who} (shot ${x.shot})?`;
}

const decisionViews = new WeakMap<ShotDecision, PendingDecision>();

/** The decision as documented (question and evidence as texts), built once per decision. */
export function decisionView(d: LiveDecision): PendingDecision {
  if (!isShotDecision(d)) return d;
  let v = decisionViews.get(d);
  if (!v) {
    // The fields in the order of a written decision (reports are compared as JSON).
    v = { id: d.id, kind: d.kind, question: pointQuestion(d.evidence), options: d.options, default: d.default, answeredBy: d.answeredBy, evidence: evidenceLines(d.evidence), raisedAt: d.raisedAt };
    decisionViews.set(d, v);
  }
  return v;
}
