/**
 * The recorded logs the replay benchmarks replay (bench/engines.ts) and the command line's
 * replay figure times (bench/cli.ts): deterministic, built from each game's catalogue entry.
 */
import type { GameEvent } from '../shared/game/events';
import { gameEntry } from '../shared/game/catalogue';

type Draft = Record<string, unknown> & { type: string };

function sensorShots(n: number, first: Draft[]): GameEvent[] {
  const log: GameEvent[] = [];
  let t = 0;
  const push = (d: Draft) => {
    log.push({ ...d, seq: log.length, t } as GameEvent);
    t += 250;
  };
  for (const d of first) push(d);
  const cushions = ['L1', 'S1', 'L2', 'S2'];
  for (let i = 0; log.length < n; i++) {
    push({ type: 'strike' });
    for (let c = 0; c < i % 5 && log.length < n; c++) push({ type: 'cushion', cushion: cushions[c % 4] });
    if (log.length < n) push({ type: 'contact' });
    if (log.length < n) push({ type: 'at_rest' });
  }
  return log.slice(0, n);
}

const two = [
  { id: 'A', name: 'Ayşe' },
  { id: 'B', name: 'Noam' },
];

/** A tournament of 80 players in 20 groups of 4, 20 rounds of 18 lanes: every event is accepted. */
function minigolfLog(n: number): GameEvent[] {
  const players = Array.from({ length: 80 }, (_, i) => `p${i + 1}`);
  const log: GameEvent[] = [];
  let t = 0;
  const push = (d: Draft) => {
    log.push({ ...d, seq: log.length, t } as GameEvent);
    t += 1000;
  };
  push({ type: 'start', players: players.map((id) => ({ id, name: id.toUpperCase() })), config: { rounds: 20, groupSize: 4 } });
  for (let round = 0; log.length < n; round++) {
    for (let lane = 1; lane <= 18 && log.length < n; lane++) {
      for (let g = 0; g < 20 && log.length < n; g++) {
        for (let j = 0; j < 4 && log.length < n; j++) {
          const p = players[g * 4 + ((j + round) % 4)]!;
          // 1 to 3 strokes, the last one holed
          const strokes = 1 + ((lane + j + round) % 3);
          for (let s = 0; s < strokes; s++) {
            push({ type: 'strike', player: p, lane: String(lane) });
            push(s === strokes - 1 ? { type: 'hole', lane: String(lane), player: p } : { type: 'at_rest' });
          }
        }
      }
    }
  }
  return log.slice(0, n);
}

/**
 * A log for a game, from its catalogue entry: a course of lanes gets strokes and holes; a table
 * gets sensor shots after the inputs a referee makes before the first shot (the catalogue's demo
 * match: three-cushion's lag winner), its players mapped onto A and B.
 */
export function logFor(id: string, n: number): GameEvent[] {
  const entry = gameEntry(id);
  if (entry.lanes) return minigolfLog(n);
  const demo = entry.demo;
  const as = (player: string): string => (demo?.players.findIndex((p) => p.id === player) === 1 ? 'B' : 'A');
  const before: Draft[] = (demo?.then ?? []).map((c) => ({ type: 'ref', call: c.call, player: as(c.player), by: 'referee' }));
  return sensorShots(n, [{ type: 'start', players: two }, ...before]);
}
