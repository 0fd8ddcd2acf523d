/**
 * The minigolf report: the documented JSON that the engine's `report()` builds
 * (hub/rules/minigolf/report.ts, whose own type refines this one and must stay assignable to it),
 * `autoref replay` prints and the dashboard reads (docs/games/minigolf.md); and the lane
 * statistics of /api/players. Records the dashboard does not read are `unknown` here.
 */
import type { PendingDecision, RejectedEvent } from '../game/engine';
import type { MinigolfSheet } from '../game/sheets/minigolf';

/** One round of a player's scorecard. */
export interface MinigolfRoundReport {
  /** 1-based. */
  round: number;
  course: string | null;
  /** Strokes per lane, null where not played yet. */
  lanes: (number | null)[];
  /** How each lane's score came about, null where not played yet; `sheet` where it was carried from the score sheet. */
  how?: (string | null)[];
  laneTotal: number;
  penaltyPoints: number;
  total: number;
  complete: boolean;
}

export interface MinigolfPlayerReport {
  id: string;
  name: string;
  side: string | null;
  total: number;
  rounds: MinigolfRoundReport[];
}

/**
 * The next stroke's clock of a group: whose it is, its limit (70 s on a new lane, 60 s after that:
 * MG-TIME-1/2/3), what starts it, and once it runs its start and end (hub ms).
 */
export interface StrokeClock {
  player: string;
  seconds: number;
  startsOn: string;
  startedAt: number | null;
  dueAt: number | null;
}

export interface GroupReport {
  id: string;
  /** 1-based round of the lane being played. */
  round: number;
  lane: number | null;
  course: string | null;
  order: string[];
  markers: Record<string, string | null>;
  /** MG-ORDER-7: who plays next; null while the group waits at its lane (`waitsFor`). */
  toPlay: string | null;
  /** MG-ORDER-4: the group on this lane that started it, which this group waits for; else null. */
  waitsFor: string | null;
  /** The next stroke's clock; null while nobody in the group is to play. */
  clock: StrokeClock | null;
  done: boolean;
}

export interface RankingLine {
  place: number;
  player: string;
  name: string;
  total: number;
  shared: boolean;
}

export interface MinigolfReport {
  game: 'minigolf';
  status: string;
  config: { max: number; lanes: number; rounds: number };
  players: MinigolfPlayerReport[];
  groups: GroupReport[];
  ranking: { category: string; lines: RankingLine[] }[];
  pending: PendingDecision[];
  rejected: RejectedEvent[];
  tournament: unknown;
  interrupted: unknown;
  cancelled: unknown;
  coaches: unknown[];
  teams: unknown;
  matches: unknown[];
  playoffs: unknown;
  playoffInPlay: unknown;
  announcements: string[];
  problems: string[];
  decided: unknown;
  /** The score sheet the tournament continued from, exactly as its `start` gave it; absent when autoref saw it from the first lane. */
  sheet?: MinigolfSheet;
}

/** One lane's line of the players' statistics (/api/players `lanes`). */
export interface LaneStats {
  lane: number;
  plays: number;
  average: number;
  aces: number;
  max: number;
}
