/**
 * Per-player statistics across finished matches, for the dashboard's history and the exports:
 * every game (games, wins, draws, losses; players matched by name), the carom club ranking
 * (`clubRanking` of the carom engine) and minigolf lane statistics, each from the hook of the
 * engines that have one (RulesEngine.playerStats), reached through the registry.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GameSummary, PlayerStatsHook } from '../../shared/game/engine';
import type { PlayerTotals } from '../../shared/reports/carom';
import type { LaneStats, PlayerLineStats, PlayerStats } from '../../shared/api/players';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import type { MatchRecord } from '../store/types';
import { getEngine } from '../rules/registry';

/** Matches read for statistics, newest first. */
const LIMIT = 1000;

export type { PlayerLineStats, PlayerStats, LaneStats };

export async function finishedMatches(hub: HubContext): Promise<MatchRecord[]> {
  return [...(await hub.store.listMatches({ status: 'finished', limit: LIMIT })), ...(await hub.store.listMatches({ status: 'abandoned', limit: LIMIT }))];
}

export async function playerStats(hub: HubContext, matches: MatchManager): Promise<PlayerStats> {
  const byName = new Map<string, PlayerLineStats>();
  // The reports of the engines with a statistics hook, by hook: engines sharing one are counted together.
  const byHook = new Map<PlayerStatsHook, { report: unknown; status: string }[]>();
  for (const rec of await finishedMatches(hub)) {
    const hook = getEngine(rec.game)?.playerStats;
    const details = hook || !rec.summary ? await matches.details(rec.id) : null;
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
    if (details && hook) byHook.set(hook, [...(byHook.get(hook) ?? []), { report: details.report, status: rec.status }]);
  }
  const section = (name: PlayerStatsHook['section']): unknown[] => [...byHook].filter(([h]) => h.section === name).flatMap(([h, ms]) => h.of(ms));
  return {
    players: [...byName.values()].sort((a, b) => b.wins - a.wins || b.games - a.games || a.name.localeCompare(b.name)),
    carom: section('carom') as PlayerTotals[],
    lanes: section('lanes') as LaneStats[],
  };
}

export const playersPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager }> = async (app, { hub, matches }) => {
  app.get('/api/players', async () => playerStats(hub, matches));
};
