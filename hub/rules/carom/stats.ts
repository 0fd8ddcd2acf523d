/**
 * Player statistics across matches, for a club ranking: totals, general average, high run and
 * best single average. Input: the reports of finished (or abandoned) games, as printed by
 * `autoref replay`. Pure; the hub or a script gathers the reports.
 */
import type { CaromReport, PlayerTotals } from '../../../shared/reports/carom';

export type { PlayerTotals } from '../../../shared/reports/carom';

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Totals per player id over the given games (one game per report), ranked by general average,
 * then points, then id. Games still in play are left out.
 */
export function clubRanking(reports: readonly CaromReport[]): PlayerTotals[] {
  const byId = new Map<string, PlayerTotals>();
  for (const r of reports) {
    if (r.status !== 'finished' && r.status !== 'abandoned') continue;
    for (const p of r.players) {
      const t = byId.get(p.id) ?? {
        id: p.id,
        name: p.name,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        points: 0,
        innings: 0,
        average: 0,
        highRun: 0,
        bestSingleAverage: 0,
      };
      const won = r.winner === p.id;
      // No winner and no draw: both disqualified (CG-REF-2, a loss for each), or a game abandoned
      // by force majeure (C3-ABAN-1, no result: neither won nor lost).
      const lost = !won && !r.draw && (r.winner !== null || r.status === 'finished');
      const next: PlayerTotals = {
        ...t,
        games: t.games + 1,
        wins: t.wins + (won ? 1 : 0),
        draws: t.draws + (r.draw ? 1 : 0),
        losses: t.losses + (lost ? 1 : 0),
        points: t.points + p.points,
        innings: t.innings + p.innings,
        highRun: Math.max(t.highRun, p.highRun),
        bestSingleAverage: Math.max(t.bestSingleAverage, p.average),
      };
      byId.set(p.id, { ...next, average: next.innings === 0 ? 0 : round3(next.points / next.innings) });
    }
  }
  return [...byId.values()].sort((a, b) => b.average - a.average || b.points - a.points || a.id.localeCompare(b.id));
}
