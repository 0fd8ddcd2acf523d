/**
 * Pending decisions as the carom working state keeps them (state.ts `Live.pending`), and their
 * documented view.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision } from '../../../shared/game/engine';
import { describe } from './shot';

/**
 * The evidence of a point question as its shot's events: the lines (`evidenceLines`) are written
 * when the decision is read. An open decision lives as long as nobody answers it, and four-ball
 * shots the sensors cannot tell apart raise one each: kept as lines, their strings were a third
 * of a four-ball replay's time (garbage collection of what every such state keeps).
 */
export interface ShotEvidence {
  cue: string;
  /** The shot's events (strike and sensor events; the shot's own array, never changed). */
  events: readonly GameEvent[];
  /** Events without a ball identity. */
  unknown: number;
}

/** A pending decision as the working state keeps it (see `ShotEvidence`). */
export type LiveDecision = Omit<PendingDecision, 'evidence'> & { evidence: string[] | ShotEvidence };

export function evidenceLines(x: ShotEvidence): string[] {
  const lines = [`cue ball ${x.cue}`];
  for (const e of x.events) lines.push(describe(e));
  lines.push(`${x.unknown} event(s) without a ball identity; the default counts only identified events`);
  return lines;
}

const decisionViews = new WeakMap<LiveDecision, PendingDecision>();

/** The decision as documented (evidence as lines), built once per decision. */
export function decisionView(d: LiveDecision): PendingDecision {
  if (Array.isArray(d.evidence)) return d as PendingDecision;
  let v = decisionViews.get(d);
  if (!v) {
    v = { ...d, evidence: evidenceLines(d.evidence) };
    decisionViews.set(d, v);
  }
  return v;
}
