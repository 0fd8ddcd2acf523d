/**
 * The carom player record of the working state (state.ts `LivePlayer`) and its copies: opened and
 * closed innings, edits. Each is an object literal with every field listed, not a spread with
 * overrides (V8's slow path for that was a good part of a shot's cost); the order of the fields is
 * the record's (reports are compared as JSON).
 */
import { type List, push } from '../common/plist';
import type { CaromCarried } from '../../../shared/reports/carom';

export interface LivePlayer {
  id: string;
  name: string;
  side?: string;
  /** Run (points) of every closed inning, newest first. */
  runs: List<number>;
  /** Sum of `runs`. */
  total: number;
  /** Largest of `runs` (0 when none). */
  best: number;
  /** Run of the inning in progress; null when the player is not at the table. */
  current: number | null;
  fouls: number;
  /** 4-ball: points erased by C4-ERASE-1. */
  erased: number;
  timeoutsUsed: number;
  /**
   * From a score sheet: the figures of his innings before autoref (sheet.ts), kept apart from
   * `runs` (those innings have no runs of their own) and added into every derived figure below.
   */
  carried?: CaromCarried;
}

export function newPlayer(id: string, name: string): LivePlayer {
  return { id, name, runs: null, total: 0, best: 0, current: null, fouls: 0, erased: 0, timeoutsUsed: 0 };
}

/** Close an inning of `run` points: O(1). */
export function closeRun(p: LivePlayer, run: number): LivePlayer {
  const next: LivePlayer = {
    id: p.id,
    name: p.name,
    runs: push(p.runs, run),
    total: p.total + run,
    best: Math.max(p.best, run),
    current: null,
    fouls: p.fouls,
    erased: p.erased,
    timeoutsUsed: p.timeoutsUsed,
  };
  if (p.side !== undefined) next.side = p.side;
  if (p.carried !== undefined) next.carried = p.carried;
  return next;
}

/** Open an inning: `editPlayer(p, { current: 0 })`, without a patch object, once per inning. */
export function openRun(p: LivePlayer): LivePlayer {
  const next: LivePlayer = {
    id: p.id,
    name: p.name,
    runs: p.runs,
    total: p.total,
    best: p.best,
    current: 0,
    fouls: p.fouls,
    erased: p.erased,
    timeoutsUsed: p.timeoutsUsed,
  };
  if (p.side !== undefined) next.side = p.side;
  if (p.carried !== undefined) next.carried = p.carried;
  return next;
}

/**
 * A copy of `p` with `patch` applied, like `{ ...p, ...patch }` (same keys, `side` last as
 * `closeRun` puts it) without V8's slow path for a spread with overrides: several per shot.
 */
export function editPlayer(p: LivePlayer, patch: Partial<LivePlayer>): LivePlayer {
  const next: LivePlayer = {
    id: p.id,
    name: p.name,
    runs: p.runs,
    total: p.total,
    best: p.best,
    current: p.current,
    fouls: p.fouls,
    erased: p.erased,
    timeoutsUsed: p.timeoutsUsed,
  };
  if (p.side !== undefined) next.side = p.side;
  if (p.carried !== undefined) next.carried = p.carried;
  return Object.assign(next, patch);
}

/** Replace every closed run (a scorecard edit): O(innings), rare. */
export function withRuns(p: LivePlayer, runs: readonly number[]): LivePlayer {
  let list: List<number> = null;
  for (const r of runs) list = push(list, r);
  return { ...p, runs: list, total: runs.reduce((a, b) => a + b, 0), best: Math.max(0, ...runs) };
}
