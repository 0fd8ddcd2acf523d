/**
 * Carom match state (one game) and small pure helpers over it. Nothing here mutates: every
 * helper returns a new object.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { CaromConfig, CaromGame } from './config';

export type Status = 'setup' | 'lag' | 'playing' | 'finished' | 'abandoned';

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
}

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
}

export interface SpotInstruction {
  ball: string;
  /** red_spot, head_spot, centre, opening_side_spot, previous_position, referee. */
  spot: string;
  /** Fallback when the spot is occupied: the spot of the ball that occupies it (C3-SPOT-2, CQ-9). */
  ifOccupied: { by: string; spot: string }[];
  reason: string;
}

export interface AnswerRec {
  answer: string;
  seq: number | undefined;
  t: number;
  by: string | undefined;
  who: string | undefined;
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
  inProgress: boolean;
  startSeq: number | undefined;
}

export interface Core {
  game: CaromGame;
  config: CaromConfig;
  status: Status;
  players: PlayerRec[];
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
  fouls: FoulRec[];
  edits: EditRec[];
  timeouts: TimeoutRec[];
  timeoutActive: boolean;
  clock: { running: boolean; startedAt: number | null; player: string | null };
  pending: PendingDecision[];
  answers: Record<string, AnswerRec>;
  decisions: SettledDecision[];
  rejected: RejectedEvent[];
  notes: string[];
}

export function emptyCore(game: CaromGame, config: CaromConfig): Core {
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
    fouls: [],
    edits: [],
    timeouts: [],
    timeoutActive: false,
    clock: { running: false, startedAt: null, player: null },
    pending: [],
    answers: {},
    decisions: [],
    rejected: [],
    notes: [],
  };
}

export function reject(s: Core, e: GameEvent, code: string, reason: string): Core {
  return { ...s, rejected: [...s.rejected, { seq: e.seq, type: e.type, code, reason }] };
}

export function points(p: PlayerRec): number {
  return p.runs.reduce((a, b) => a + b, 0) + (p.current ?? 0);
}

export function innings(p: PlayerRec): number {
  return p.runs.length + (p.current !== null ? 1 : 0);
}

export function highRun(p: PlayerRec): number {
  return Math.max(0, p.current ?? 0, ...p.runs);
}

/** General average: points per inning, 3 decimals (0 before the first inning). */
export function average(p: PlayerRec): number {
  const n = innings(p);
  return n === 0 ? 0 : Math.round((points(p) / n) * 1000) / 1000;
}

export function playerAt(s: Core): PlayerRec | null {
  if (s.turn === null) return null;
  const id = s.order[s.turn];
  return s.players.find((p) => p.id === id) ?? null;
}

export function findPlayer(s: Core, id: string | undefined): PlayerRec | undefined {
  return id === undefined ? undefined : s.players.find((p) => p.id === id);
}

export function updatePlayer(s: Core, id: string, f: (p: PlayerRec) => PlayerRec): Core {
  return { ...s, players: s.players.map((p) => (p.id === id ? f(p) : p)) };
}

export function opponentsOf(s: Core, id: string): string[] {
  return s.order.filter((x) => x !== id);
}
