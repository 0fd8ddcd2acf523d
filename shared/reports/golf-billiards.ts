/**
 * The golf billiards (bumper pool) report: the documented JSON that the engine's `report()` builds
 * (hub/rules/golf-billiards/report.ts), `autoref replay` prints and the dashboard reads
 * (docs/games/golf-billiards.md). Before the start only `started: false` and `rejected` are set.
 * Records the dashboard does not read are `unknown` here.
 */
import type { PendingDecision, RejectedEvent } from '../game/engine';
import type { GolfBilliardsSheet } from '../game/sheets/golf-billiards';

export interface GolfBilliardsReport {
  started: boolean;
  /** The match's options (docs/games/golf-billiards.md), the geometry apart. */
  config?: { turnMs: number; graceMs: number; setsToWin: number; [option: string]: unknown };
  geometry?: unknown;
  sides?: {
    side: string;
    players: string[];
    ownGoal: string;
    targetGoal: string;
    holed: number;
    left: number;
    onTable: number;
    waiting: number;
    setsWon: number;
  }[];
  set?: {
    number: number;
    phase: string;
    zonePlay: boolean;
    turn: string | null;
    player: string | null;
    strokes: number;
    openers: unknown;
    faultedSpots: unknown;
    declared: unknown;
  };
  balls?: Record<string, { side: string; where: 'table' | 'holed' | 'waiting'; spot?: string }>;
  sets?: unknown[];
  match?: { winner: string | null; finished: boolean; setsToWin: number };
  /** GB-TIME-1: `timeAt` when "TIME" is due (or was called), `deadline` by when the stroke must be played (hub ms). */
  clock?: { startedAt: number | null; timeCalledAt: number | null; timeAt?: number | null; deadline?: number | null };
  /** The score sheet the match continued from, exactly as the `start` event gave it; absent: autoref saw it all. */
  sheet?: GolfBilliardsSheet;
  /** With `sheet`: the figures it carried, counted in the totals above, apart from what autoref saw. */
  carried?: {
    /** The set in progress when autoref took over; the report's `sets` lists the sets that ended from it on. */
    set: number;
    /** Sets each side had won by the sheet (counted in `sides[].setsWon`). */
    setsWon: Record<string, number>;
    /** Balls each side had holed in set `set` before autoref took over (counted in `sides[].holed` while that set lasts). */
    holed: Record<string, number>;
  };
  strokes?: unknown[];
  pending?: PendingDecision[];
  decided?: unknown;
  warnings?: unknown;
  rejected: RejectedEvent[];
}
