/**
 * Per-player statistics across finished matches, for the dashboard's history and the exports:
 * every game (games, wins, draws, losses; players matched by name), the carom club ranking
 * (`clubRanking` of the carom engine) and minigolf lane statistics.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GameSummary } from '../../shared/game/engine';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import type { MatchRecord } from '../store/types';
import { clubRanking, type PlayerTotals } from '../rules/carom';
import type { CaromReport } from '../rules/carom/report';
import type { MinigolfReport } from '../rules/minigolf/report';

const CAROM = new Set(['three-cushion', 'three-ball', 'four-ball']);
/** Matches read for statistics, newest first. */
const LIMIT = 1000;

export interface PlayerLineStats {
  key: string;
  name: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  byGame: Record<string, number>;
}
export interface LaneStats {
  lane: number;
  plays: number;
  average: number;
  aces: number;
  max: number;
}
export interface PlayerStats {
  players: PlayerLineStats[];
  carom: PlayerTotals[];
  lanes: LaneStats[];
}

export async function finishedMatches(hub: HubContext): Promise<MatchRecord[]> {
  return [...(await hub.store.listMatches({ status: 'finished', limit: LIMIT })), ...(await hub.store.listMatches({ status: 'abandoned', limit: LIMIT }))];
}

export async function playerStats(hub: HubContext, matches: MatchManager): Promise<PlayerStats> {
  const byName = new Map<string, PlayerLineStats>();
  const carom: CaromReport[] = [];
  const lanes = new Map<number, { plays: number; sum: number; aces: number; max: number }>();
  for (const rec of await finishedMatches(hub)) {
    const needReport = CAROM.has(rec.game) || rec.game === 'minigolf';
    const details = needReport || !rec.summary ? await matches.details(rec.id) : null;
    const s = (details?.summary ?? rec.summary) as GameSummary | null;
    if (s && rec.status === 'finished') {
      for (const p of s.players) {
        const key = p.name.trim().toLowerCase();
        const t = byName.get(key) ?? { key, name: p.name.trim(), games: 0, wins: 0, draws: 0, losses: 0, byGame: {} };
        t.games++;
        t.byGame[rec.game] = (t.byGame[rec.game] ?? 0) + 1;
        if (s.winner === null) t.draws++;
        else if (s.winner === p.id || (p.side !== undefined && s.winner === p.side)) t.wins++;
        else t.losses++;
        byName.set(key, t);
      }
    }
    // A match ended by people (end of the evening) counts with the status its record got.
    if (details && CAROM.has(rec.game)) carom.push({ ...(details.report as CaromReport), status: rec.status });
    if (details && rec.game === 'minigolf') {
      const r = details.report as MinigolfReport;
      for (const p of r.players) {
        for (const round of p.rounds) {
          round.lanes.forEach((v, i) => {
            if (v === null) return;
            const l = lanes.get(i + 1) ?? { plays: 0, sum: 0, aces: 0, max: 0 };
            l.plays++;
            l.sum += v;
            if (v === 1) l.aces++;
            if (v >= r.config.max) l.max++;
            lanes.set(i + 1, l);
          });
        }
      }
    }
  }
  return {
    players: [...byName.values()].sort((a, b) => b.wins - a.wins || b.games - a.games || a.name.localeCompare(b.name)),
    carom: clubRanking(carom),
    lanes: [...lanes.entries()].sort((a, b) => a[0] - b[0]).map(([lane, l]) => ({ lane, plays: l.plays, average: Math.round((l.sum / l.plays) * 100) / 100, aces: l.aces, max: l.max })),
  };
}

export const playersPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager }> = async (app, { hub, matches }) => {
  app.get('/api/players', async () => playerStats(hub, matches));
};
