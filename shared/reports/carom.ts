/**
 * The carom report (three-cushion, 3-ball, 4-ball): the documented JSON that the engine's
 * `report()` builds (hub/rules/carom/report.ts), `autoref replay` prints and the dashboard reads
 * (docs/games/carom.md), with the records and configuration it carries, and the club ranking's
 * rows (/api/players). One home: the engine and the dashboard both import these.
 */
import type { PendingDecision, RejectedEvent } from '../game/engine';
import type { CaromSheet } from '../game/sheets/carom';

/**
 * Carom engine configuration: one object of defaults per game, read from the `start` event.
 * Every option is documented in docs/games/carom.md.
 */
export type CaromGame = 'three-cushion' | 'three-ball' | 'four-ball';

/** `ceb-004`: European three-cushion rules of 18.8.2009. `salon-002`: the salon rule sheet. */
export type Ruleset = 'ceb-004' | 'salon-002';

export interface BallIds {
  white: string;
  yellow: string;
  red: string;
  maroon: string;
}

export interface CaromConfig {
  ruleset: Ruleset;
  /** Points that win the game; null = open game (ends by innings limit or an `end_game` call). */
  distance: number | null;
  /** Innings per player; null = no limit. */
  inningsLimit: number | null;
  /** The players after the one who reached the distance complete the round (off by default, CQ-15). */
  equalizingInning: boolean;
  /** Lag for the break (C3-LAG-*); two-player games only. */
  lag: boolean;
  /** The opening shot must hit the red first (C3-BREAK-3). */
  breakRedFirst: boolean;
  /** Shot clock (C3-TIME-1); null = none. */
  shotClockSeconds: number | null;
  /** Timeouts (C3-TO-*). */
  timeouts: boolean;
  timeoutsPerPlayer: number;
  timeoutSeconds: number;
  /** Multi-set matches (C3-TO-2): sets in the match and the number of this game. */
  setsInMatch: number;
  setNumber: number;
  /** CQ-6: count cushion contacts, or distinct cushions. */
  cushionCount: 'contacts' | 'distinct';
  /** CQ-1: 4-ball white↔yellow: a contact is enough, or a carom including the other cue ball. */
  fourBallWhiteYellow: 'contact' | 'carom';
  /**
   * C3-FOUL-8 (ceb-004): after which fouls the opponent may have the balls restored. `any`: every
   * foul, as seed 004 words it ("the fouls of the previous section are intentional fouls");
   * `intentional`: only fouls entered with `data.intentional` (the digest's CQ-19 proposal).
   */
  foulRestore: 'any' | 'intentional';
  /** CG-REF-7: false = no referee; the players (or the hall owner) enter every call. */
  referee: boolean;
  balls: BallIds;
}

/**
 * Answers to pending decisions as the carom state keeps them (state.ts `Live.answers`), and the
 * fast lookup the shot resolution uses on every shot.
 */
export interface AnswerRec {
  answer: string;
  seq: number | undefined;
  t: number;
  by: string | undefined;
  who: string | undefined;
}

export type CaromStatus = 'setup' | 'lag' | 'playing' | 'finished' | 'abandoned';

export interface FoulRec {
  seq: number | undefined;
  t: number;
  player: string;
  code: string;
  inning: number;
  intentional: boolean;
  who: string | undefined;
  /** The ball, for a manual "out". */
  ball?: string;
}

export interface ShotResult {
  no: number;
  player: string;
  cue: string;
  /** Outcome code: point / miss (3-ball games), p50..p0 / none (4-ball), foul. */
  outcome: string;
  points: number;
  fouls: string[];
  /** Cue-ball cushions before the last ball (three-cushion), from identified events. */
  cushions: number | null;
  /** Inning index (0-based, per player) the shot belonged to. */
  inning: number;
  /**
   * The shot's cushions and contacts in the order they came (issue #19: the shot picture of a table
   * without a tracker), as the shot was judged: the sensors' identified events, or the tracker's
   * first reading when it read the shot. A ball or a cushion no sensor named is null. Absent in a
   * state restored from a snapshot written before it was kept, until that match's next shot.
   */
  sequence?: ShotStep[];
  /**
   * The shot picture (issue #26), when the hub's tracker read the shot: where each ball went
   * (points from where it stood to where it stopped, metres on the bed) and the tracker's first
   * reading's cushions and contacts in order, with how probable that reading's outcome is.
   */
  picture?: ShotPicture;
}

/** One step of a shot's sequence: a ball met a cushion (rail place id), or two balls touched. */
export type ShotStep = { type: 'cushion'; ball: string | null; cushion: string | null } | { type: 'contact'; a: string | null; b: string | null };

export interface ShotPicture {
  cue: string;
  paths: Record<string, [number, number][]>;
  events: (
    | { type: 'cushion'; t: number; ball: string; cushion: string; x: number; y: number }
    | { type: 'contact'; t: number; a: string; b: string; x: number; y: number }
  )[];
  probability: number;
}

export interface SpotInstruction {
  ball: string;
  /** red_spot, head_spot, centre, opening_side_spot, previous_position, referee. */
  spot: string;
  /** Fallback when the spot is occupied: the spot of the ball that occupies it (C3-SPOT-2, CQ-9). */
  ifOccupied: { by: string; spot: string }[];
  reason: string;
}

export interface SettledDecision extends AnswerRec {
  id: string;
  kind: string;
  raisedAt: number;
}

export interface EditRec {
  seq: number | undefined;
  t: number;
  who: string | undefined;
  why: string | undefined;
  player: string;
  inning: number;
  from: number;
  to: number;
}

export interface TimeoutRec {
  player: string;
  /** Requested by the player, or granted automatically to the opponent (C3-TO-1). */
  requested: boolean;
  start: number;
  end: number | null;
}

export interface LagState {
  round: number;
  balls: Record<string, string>;
  repeatsCausedBy: Record<string, number>;
  winner: string | null;
  touchedRed: string[];
  collision: boolean;
  /**
   * Contacts of this lag stroke that name fewer than two balls: either could have been a lag ball
   * touching the red (C3-LAG-7) or the other lag ball (C3-LAG-5). Absent in snapshots written
   * before it was kept (read as 0).
   */
  unidentified?: number;
  inProgress: boolean;
  startSeq: number | undefined;
}

/**
 * What a player's figures carry from the score sheet the match continued from (his line of the
 * sheet): counted in `points`, `innings`, `highRun`, `average` and `timeoutsUsed`, never in `runs`.
 */
export interface CaromCarried {
  /** Points of the innings closed before autoref. */
  points: number;
  /** Innings closed before autoref: they have no runs of their own in `runs`. */
  innings: number;
  /** Highest run of those innings. */
  highRun: number;
  /** Points of the inning in progress when autoref took over (0 unless he was at the table): part of his next run in `runs`. */
  run: number;
  /** Timeouts used before autoref. */
  timeoutsUsed: number;
}

export interface CaromPlayerReport {
  id: string;
  name: string;
  side?: string;
  points: number;
  innings: number;
  currentRun: number | null;
  highRun: number;
  /** General average: points per inning, 3 decimals. */
  average: number;
  /**
   * Run of every inning autoref saw, in order (the inning in progress last, if any); from a score
   * sheet, the `carried.innings` before them have no runs of their own.
   */
  runs: number[];
  fouls: number;
  erased: number;
  timeoutsUsed: number;
  /** The match continued from a score sheet: what of these figures came from it. Absent otherwise. */
  carried?: CaromCarried;
}

export interface CaromReport {
  game: string;
  ruleset: string;
  config: CaromConfig;
  status: CaromStatus;
  winner: string | null;
  draw: boolean;
  endReason: string | null;
  /** Match inning number. */
  inning: number;
  turn: { player: string; cueBall: string | null; run: number; shotsInInning: number } | null;
  players: CaromPlayerReport[];
  opening: boolean;
  equalizing: string[] | null;
  lastShot: ShotResult | null;
  shots: number;
  fouls: FoulRec[];
  spotting: SpotInstruction[];
  frozen: { balls: string[]; player: string; option: string | null } | null;
  restoreOption: { player: string | null; reason: string } | null;
  lag: LagState | null;
  timeouts: TimeoutRec[];
  clock: { running: boolean; startedAt: number | null; player: string | null };
  pending: PendingDecision[];
  decisions: SettledDecision[];
  edits: EditRec[];
  notes: string[];
  rejected: RejectedEvent[];
  provisional: boolean;
  /** The score sheet the match continued from, exactly as the `start` event gave it. Absent: a match from its beginning. */
  sheet?: CaromSheet;
}

export interface PlayerTotals {
  id: string;
  name: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  innings: number;
  /** General average over all games: total points / total innings, 3 decimals. */
  average: number;
  /** Highest run in any game. */
  highRun: number;
  /** Best average in a single game (BSA), 3 decimals. */
  bestSingleAverage: number;
}
