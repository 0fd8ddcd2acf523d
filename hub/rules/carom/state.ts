/**
 * Carom match state (one game) and small pure helpers over it. Nothing here mutates: every
 * helper returns a new object.
 *
 * The reducer works on `Live`: everything that grows with the match (innings, fouls, notes,
 * decisions, refused events) is a persistent list (../common/plist), appended in O(1) with the
 * rest shared, and each player carries his running total and high run. `Core` is the same state
 * with plain arrays: the view the report, the tests and the documentation read, built on demand
 * by `materialize` (O(match), once per state looked at, never per event).
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { CaromConfig, CaromGame } from './config';
import type { CaromSheet } from '../../../shared/game/sheets/carom';
import type {
  CaromCarried,
  CaromStatus as Status,
  EditRec,
  FoulRec,
  LagState,
  SettledDecision,
  ShotResult,
  SpotInstruction,
  TimeoutRec,
} from '../../../shared/reports/carom';

export type {
  CaromCarried,
  CaromStatus as Status,
  EditRec,
  FoulRec,
  LagState,
  SettledDecision,
  ShotResult,
  SpotInstruction,
  TimeoutRec,
} from '../../../shared/reports/carom';
import { type List, push, size, toArray } from '../common/plist';
import type { Prefix } from '../common/prefix';
import { decisionView, type LiveDecision } from './evidence';
import type { AnswerRec } from './answers';

export type { LivePlayer } from './players';
import type { LivePlayer } from './players';

export interface ShotRec {
  no: number;
  player: string;
  /** The player's cue ball for this inning. */
  cue: string;
  /** The ball actually struck, when the strike sensor named it. */
  struck: string | undefined;
  /** Sensor events (strike, contact, cushion, off_table), in order. */
  events: GameEvent[];
  /** Referee foul calls entered during the shot. */
  fouls: FoulRec[];
  startSeq: number | undefined;
  /**
   * CG-FOUL-4: the strike named a player who is not at the table (`player` is then the striker):
   * the id of the player at the table, who keeps it. Absent: a stroke of the player at the table.
   */
  outOfTurn?: string;
}

export { type AnswerRec, answerTo, hasAnswers } from './answers';

export interface Live {
  game: CaromGame;
  config: CaromConfig;
  status: Status;
  players: LivePlayer[];
  /** Player ids in playing order; order[0] opens. */
  order: string[];
  /** Index into `order` of the player at the table; null when nobody is. */
  turn: number | null;
  /** Cue ball of the inning in progress. */
  cue: string | null;
  /** Match inning number (the opener's innings). */
  inning: number;
  shotsInInning: number;
  opening: boolean;
  shot: ShotRec | null;
  shots: number;
  lastShot: ShotResult | null;
  /** Players still owed an equalizing inning (CQ-15 option). */
  equalizing: string[] | null;
  winner: string | null;
  draw: boolean;
  endReason: string | null;
  lag: LagState | null;
  frozen: { balls: string[]; player: string; option: string | null } | null;
  /** Who may ask for the balls to be restored, and why (C3-FOUL-8, CG-OUT-2). */
  restoreOption: { player: string | null; reason: string } | null;
  spotting: SpotInstruction[];
  fouls: List<FoulRec>;
  edits: List<EditRec>;
  timeouts: TimeoutRec[];
  timeoutActive: boolean;
  clock: { running: boolean; startedAt: number | null; player: string | null };
  /** Open decisions, newest first. */
  pending: List<LiveDecision>;
  answers: Record<string, AnswerRec>;
  decisions: List<SettledDecision>;
  rejected: List<RejectedEvent>;
  notes: List<string>;
  /** The score sheet the match continued from, as the `start` event gave it (sheet.ts); absent: from the beginning. */
  sheet?: CaromSheet;
}

/** A player as the report and the tests read him: `runs` oldest first. */
export interface PlayerRec {
  id: string;
  name: string;
  side?: string;
  /** Run (points) of every closed inning, in order. */
  runs: number[];
  /** Run of the inning in progress; null when the player is not at the table. */
  current: number | null;
  fouls: number;
  /** 4-ball: points erased by C4-ERASE-1. */
  erased: number;
  timeoutsUsed: number;
  /** From a score sheet: see `LivePlayer.carried`. */
  carried?: CaromCarried;
}

/** The carom state with plain arrays (see the top of this file). */
export interface Core extends Omit<Live, 'players' | 'pending' | 'fouls' | 'edits' | 'decisions' | 'rejected' | 'notes'> {
  players: PlayerRec[];
  pending: PendingDecision[];
  fouls: FoulRec[];
  edits: EditRec[];
  decisions: SettledDecision[];
  rejected: RejectedEvent[];
  notes: string[];
}

export function playerView(p: LivePlayer): PlayerRec {
  const { runs, total: _total, best: _best, ...rest } = p;
  return { ...rest, runs: toArray(runs) };
}

export function materialize(s: Live): Core {
  return {
    ...s,
    players: s.players.map(playerView),
    pending: toArray(s.pending).map(decisionView),
    fouls: toArray(s.fouls),
    edits: toArray(s.edits),
    decisions: toArray(s.decisions),
    rejected: toArray(s.rejected),
    notes: toArray(s.notes),
  };
}

export { closeRun, editPlayer, newPlayer, openRun, withRuns } from './players';

/** The shot in progress with other sensor events (a literal: see `editPlayer`). */
export function withEvents(shot: ShotRec, events: GameEvent[]): ShotRec {
  const next: ShotRec = { no: shot.no, player: shot.player, cue: shot.cue, struck: shot.struck, events, fouls: shot.fouls, startSeq: shot.startSeq };
  if (shot.outOfTurn !== undefined) next.outOfTurn = shot.outOfTurn;
  return next;
}

export function emptyLive(game: CaromGame, config: CaromConfig): Live {
  return {
    game,
    config,
    status: 'setup',
    players: [],
    order: [],
    turn: null,
    cue: null,
    inning: 0,
    shotsInInning: 0,
    opening: false,
    shot: null,
    shots: 0,
    lastShot: null,
    equalizing: null,
    winner: null,
    draw: false,
    endReason: null,
    lag: null,
    frozen: null,
    restoreOption: null,
    spotting: [],
    fouls: null,
    edits: null,
    timeouts: [],
    timeoutActive: false,
    clock: { running: false, startedAt: null, player: null },
    pending: null,
    answers: {},
    decisions: null,
    rejected: null,
    notes: null,
  };
}

/**
 * A copy of `s` with `patch` applied: what `{ ...s, ...patch }` means, an order of magnitude
 * cheaper on this 31-field object (V8's object spread takes a slow path on objects this size;
 * the reducer makes several such copies per shot). Every field is listed: the compiler checks it.
 */
export function edit(s: Live, patch: Partial<Live>): Live {
  return Object.assign(cloneLive(s), patch);
}

/** `edit(s, { shot })`, without a patch to merge: once per sensor event of every shot. */
export function withShot(s: Live, shot: ShotRec | null): Live {
  const next = cloneLive(s);
  next.shot = shot;
  return next;
}

/**
 * A fresh copy of `s` for its caller to fill in before it returns it: the state a step makes, with
 * its changes written into the copy (a shot's end sets a dozen fields: a patch object for them
 * grew its property store field by field, and was then copied over). Never a state already
 * returned: states are immutable once out of the function that made them.
 */
export function draft(s: Live): Live {
  return cloneLive(s);
}

function cloneLive(s: Live): Live {
  const next: Live = {
    game: s.game,
    config: s.config,
    status: s.status,
    players: s.players,
    order: s.order,
    turn: s.turn,
    cue: s.cue,
    inning: s.inning,
    shotsInInning: s.shotsInInning,
    opening: s.opening,
    shot: s.shot,
    shots: s.shots,
    lastShot: s.lastShot,
    equalizing: s.equalizing,
    winner: s.winner,
    draw: s.draw,
    endReason: s.endReason,
    lag: s.lag,
    frozen: s.frozen,
    restoreOption: s.restoreOption,
    spotting: s.spotting,
    fouls: s.fouls,
    edits: s.edits,
    timeouts: s.timeouts,
    timeoutActive: s.timeoutActive,
    clock: s.clock,
    pending: s.pending,
    answers: s.answers,
    decisions: s.decisions,
    rejected: s.rejected,
    notes: s.notes,
  };
  if (s.sheet !== undefined) next.sheet = s.sheet;
  return next;
}

export function reject(s: Live, e: GameEvent, code: string, reason: string): Live {
  return edit(s, { rejected: push(s.rejected, { seq: e.seq, type: e.type, code, reason }) });
}

export function note(s: Live, text: string): Live {
  return edit(s, { notes: push(s.notes, text) });
}

type AnyPlayer = LivePlayer | PlayerRec;

function isLive(p: AnyPlayer): p is LivePlayer {
  return !Array.isArray(p.runs);
}

/** Closed innings, those carried from a score sheet included. */
export function closed(p: AnyPlayer): number {
  return (isLive(p) ? size(p.runs) : p.runs.length) + (p.carried?.innings ?? 0);
}

export function points(p: AnyPlayer): number {
  return (isLive(p) ? p.total : p.runs.reduce((a, b) => a + b, 0)) + (p.current ?? 0) + (p.carried?.points ?? 0);
}

export function innings(p: AnyPlayer): number {
  return closed(p) + (p.current !== null ? 1 : 0);
}

export function highRun(p: AnyPlayer): number {
  if (isLive(p)) return Math.max(0, p.current ?? 0, p.best, p.carried?.highRun ?? 0);
  let best = Math.max(0, p.current ?? 0, p.carried?.highRun ?? 0);
  for (const r of p.runs) if (r > best) best = r;
  return best;
}

/** General average: points per inning, 3 decimals (0 before the first inning). */
export function average(p: AnyPlayer): number {
  const n = innings(p);
  return n === 0 ? 0 : Math.round((points(p) / n) * 1000) / 1000;
}

export function playerAt<P extends { id: string }>(s: { turn: number | null; order: string[]; players: P[] }): P | null {
  if (s.turn === null) return null;
  const id = s.order[s.turn];
  return s.players.find((p) => p.id === id) ?? null;
}

export function findPlayer(s: Live, id: string | undefined): LivePlayer | undefined {
  return id === undefined ? undefined : s.players.find((p) => p.id === id);
}

export function updatePlayer(s: Live, id: string, f: (p: LivePlayer) => LivePlayer): Live {
  return edit(s, { players: mapPlayer(s.players, id, f) });
}

/** The players with player `id` replaced by `f` of him. */
export function mapPlayer(players: LivePlayer[], id: string, f: (p: LivePlayer) => LivePlayer): LivePlayer[] {
  return players.map((p) => (p.id === id ? f(p) : p));
}

export function opponentsOf(s: Live, id: string): string[] {
  return s.order.filter((x) => x !== id);
}

const views = new WeakMap<CaromState, Core>();

/**
 * The engine state. Its own fields are the working state (compared by tests and replays);
 * `core` and `rejected` are views with plain arrays, built when first read and kept per state.
 */
export class CaromState {
  constructor(
    /** The game, with growing histories as persistent lists (state.ts). */
    readonly live: Live,
    /** State before the first event that raised a still-open decision; null when none is open. */
    readonly base: Live | null,
    /**
     * Events since `base`, oldest first (answers excluded: they live in `answers`). A view of
     * one array shared by the successive states (common/prefix.ts): an open decision may stay
     * open for the rest of the match, and a linked cell per event was kept that long.
     */
    readonly tail: Prefix<GameEvent> | null,
  ) {}

  /** The game as documented (arrays, oldest first): O(match) the first time, then cached. */
  get core(): Core {
    let v = views.get(this);
    if (!v) {
      v = materialize(this.live);
      views.set(this, v);
    }
    return v;
  }

  /** The refused events (the same list as `core.rejected`), where the replay CLI looks for them. */
  get rejected(): RejectedEvent[] {
    return this.core.rejected;
  }
}
