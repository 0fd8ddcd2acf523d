/**
 * What `GET /api/players` answers (hub/api/players.ts), as the dashboard's history reads it.
 */
import type { PlayerTotals } from '../reports/carom';
import type { LaneStats } from '../reports/minigolf';

export type { PlayerTotals, LaneStats };

/** One player's record over every finished match (players matched by name). */
export interface PlayerLineStats {
  key: string;
  name: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Matches per game id. */
  byGame: Record<string, number>;
}

export interface PlayerStats {
  players: PlayerLineStats[];
  /** The carom club ranking (from the carom engines' statistics hook). */
  carom: PlayerTotals[];
  /** Minigolf lane statistics (from the minigolf engine's hook). */
  lanes: LaneStats[];
}
