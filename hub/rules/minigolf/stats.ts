/**
 * Lane statistics across finished matches, for the players' statistics (/api/players): per lane,
 * the strokes played, their average, the holes in one and the scores at the maximum.
 */
import type { LaneStats, MinigolfReport } from '../../../shared/reports/minigolf';

export function laneStats(reports: readonly MinigolfReport[]): LaneStats[] {
  const lanes = new Map<number, { plays: number; sum: number; aces: number; max: number }>();
  for (const r of reports) {
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
  return [...lanes.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([lane, l]) => ({ lane, plays: l.plays, average: Math.round((l.sum / l.plays) * 100) / 100, aces: l.aces, max: l.max }));
}
