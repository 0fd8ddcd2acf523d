/**
 * The pool report (eight-ball, nine-ball): the documented JSON that the engine's `report()` builds
 * (hub/rules/pool/report.ts, whose own type refines this one and must stay assignable to it),
 * `autoref replay` prints and the dashboard reads (docs/games/pool.md, "Report").
 */
import type { PendingDecision, RejectedEvent } from '../game/engine';
import type { PoolSheet } from '../game/sheets/pool';

export type BallState = 'table' | 'pocketed' | 'off';
export type BallInHand = 'table' | 'kitchen' | null;

/** The match's options (docs/games/pool.md). */
export interface PoolConfig {
  /** Racks needed to win the match. */
  raceTo: number;
  /** Who breaks racks after the first: alternate (WPA default) or the winner of the last rack. */
  breakOrder: 'alternate' | 'winner';
  /** PB-FOUL-4 (refereed) or PB-FOUL-5 (unrefereed) touching rules. */
  refereed: boolean;
  /** PB-POCKET-2: a ball that drops this long (ms) or longer after the shot came to rest is put back. */
  lateDropMs: number;
  /** PB-BREAK-2: cushion ids that lie wholly beyond the head string (a cue-ball cushion there proves the crossing). */
  crossingCushions: string[];
  /** Lose the rack on three consecutive fouls (WPA nine-ball: yes; WPA eight-ball: no). */
  threeFoulRule: boolean;
  /** Cue ball id used by the sensors. */
  cueBall: string;
  /** Eight-ball: the 8 must be called (ball and pocket); a missing call raises a decision. */
  callEight: boolean;
  /** Nine-ball: push-out allowed on the shot after a legal break. */
  pushOut: boolean;
  /** Player id that breaks the first rack when no lag is entered (default: first player). */
  firstBreaker: string | null;
  /**
   * The table reports the cue ball's contacts (a `contact` event). False for a table without a
   * contact sensor (the pool profile): a shot without a contact event then has an unknown first
   * contact, which is asked (`pocket.first-contact`, with a "no ball" option), never taken as none.
   */
  contactSensor: boolean;
}

export interface PoolShotReport {
  n: number;
  rack: number;
  shooter: string;
  isBreak: boolean;
  /** No foul in the shot. */
  legal: boolean;
  /** Outside interference affected it (PB-EXT-1): balls restored, it counts for nothing, replayed by the same player. */
  replayed?: boolean;
  pocketed: string[];
  result: string;
  next: string | null;
  ballInHand: BallInHand;
}

export interface PoolReport {
  game: string;
  config: PoolConfig;
  status: 'setup' | 'playing' | 'finished' | 'abandoned';
  /**
   * `racksWon` counts every rack, the score sheet's too; `racksFromSheet` (only in a match that
   * continued from a sheet) is the part the sheet carried, so racks autoref saw = racksWon - racksFromSheet.
   */
  players: { id: string; name: string; side?: string; racksWon: number; racksFromSheet?: number }[];
  raceTo: number;
  winner: string | null;
  rack: {
    no: number;
    breaker: string | null;
    turn: string | null;
    inning: number;
    ballInHand: BallInHand;
    balls: Record<string, BallState>;
    groups: Record<string, 'solids' | 'stripes'>;
    /** Fouls in a row per player in this rack (the three-foul rule, `config.threeFoulRule`: a third loses the rack). */
    consecutiveFouls: Record<string, number>;
  };
  shots: PoolShotReport[];
  pending: PendingDecision[];
  /**
   * The score sheet the match continued from, exactly as the `start` event gave it (absent: a match
   * from its opening). Shots and racks list only what autoref saw; the rack numbers go on from the sheet's.
   */
  sheet?: PoolSheet;
  /** Shot whose judgement waits for an answer (later shots are held until then). */
  waiting: boolean;
  rejected: RejectedEvent[];
}
