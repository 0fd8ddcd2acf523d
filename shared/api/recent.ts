/**
 * What `GET /api/tables/:table/recent` answers (hub/api/recent.ts), as the referee panel reads it:
 * the last shots in force, the decisions answered in force with the question as it was asked, what
 * undo and redo can do, the places the table's sensors report.
 */
import type { PendingDecision } from '../game/engine';

export interface RecentShot {
  /** 1 for the first shot of the match (a shot being the events "undo" takes back at once). */
  n: number;
  /** Log positions of its first and last event. */
  from: number;
  to: number;
  /**
   * Who played it: the player its strike named, else the player (or side) to play when it began;
   * null when a question was open then (the turn was a reading its answer may have changed).
   */
  player: string | null;
  /** Every player's score after it and what it changed. */
  scores: { id: string; score: number; change: number }[];
  /** No event ended it yet (the balls still roll, or a call waits for the next shot). */
  open: boolean;
}

export interface RecentDecision {
  /** The question as the engine asked it (its options are what "change" offers). */
  decision: PendingDecision;
  /** Its answer in force now, and who gave it (an override's author once changed). */
  answer: string;
  by: string | null;
  who: string | null;
  /** Log position of the answer. */
  seq: number;
}

export interface RecentView {
  match: string;
  /** Log position of the last event read. */
  seq: number;
  /** Newest first. */
  shots: RecentShot[];
  /** Newest answer first. */
  decided: RecentDecision[];
  /** Something after the start is in force: "undo" takes it back. */
  undo: boolean;
  /** Groups taken back by undo that "redo" can put back, in turn. */
  redo: number;
  /** The places each kind of sensor event of the table reports (pocket: tl, tm…), from its devices' profiles. */
  places: Record<string, string[]>;
}

/** The answer: the view, or no match running at the table. */
export type RecentAnswer = RecentView | { match: null };
