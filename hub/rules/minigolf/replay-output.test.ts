/**
 * What `autoref replay --game minigolf FILE` prints (hub/cli/main.ts prints `replayFile` as JSON):
 * the documented report of docs/games/minigolf.md, read here as a user reads the printed JSON.
 * test/cli.test.ts runs the real command on a minigolf fixture.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayFile } from '../../cli/replay';
import type { MinigolfReport } from './report';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/minigolf/two-rounds-playoff-then-round-differences.jsonl');

interface Printed {
  game: string;
  summary: { status: string; winner: string | null; players: { id: string; score: number }[] };
  report: MinigolfReport;
  corrections: unknown[];
  rejected: unknown[];
}

describe('autoref replay --game minigolf', () => {
  const out = JSON.parse(JSON.stringify(replayFile(FIXTURE, 'minigolf'))) as Printed;
  const player = (id: string) => out.report.players.find((p) => p.id === id)!;

  it('prints the game, the summary, the report, the corrections and the rejections', () => {
    expect(Object.keys(out)).toEqual(['game', 'summary', 'report', 'corrections', 'rejected']);
    expect(out.game).toBe('minigolf');
    expect(out.summary).toMatchObject({ status: 'finished', winner: 'p' });
    expect(out.rejected).toEqual([]);
  });

  it('MG-SCORE-1 / MG-SCORE-3 / MG-Q14: lane scores and round totals (lanes + penalty points) per player and round', () => {
    expect(player('t').rounds.map((r) => [r.lanes, r.how, r.laneTotal, r.penaltyPoints, r.total])).toEqual([
      [[1, 7, 1], ['holed', 'gave_up', 'holed'], 9, 2, 11],
      [[2, 2, 1], ['holed', 'holed', 'holed'], 5, 0, 5],
    ]);
    expect(player('q').rounds.map((r) => r.total)).toEqual([5, 7]);
    expect(out.report.players.map((p) => [p.id, p.total])).toEqual([
      ['p', 12],
      ['q', 12],
      ['r', 14],
      ['s', 16],
      ['t', 16],
    ]);
  });

  it('MG-PEN-3: penalties with level, points, sanction, clause and reason', () => {
    expect(player('t').penalties.map((x) => [x.level, x.points, x.sanction, x.clause, x.round])).toEqual([['B+2', 2, 'recording', '18.6e', 0]]);
    expect(player('r').penalties.map((x) => [x.level, x.points, x.sanction, x.rule])).toEqual([['A', 0, 'warning', 'MG-STROKE-7']]);
  });

  it('MG-TIE-1 / MG-TIE-2 / MG-TIE-6: the ranking with the tie-break applied: play-off for 1st, round differences for 4th', () => {
    const open = out.report.ranking.find((c) => c.category === 'open')!;
    expect(open.lines.map((l) => [l.place, l.player, l.total, l.rounds, l.decidedBy, l.shared])).toEqual([
      [1, 'p', 12, [6, 6], 'playoff', false],
      [2, 'q', 12, [5, 7], 'playoff', false],
      [3, 'r', 14, [7, 7], 'total', false],
      [4, 's', 16, [8, 8], 'round-differences', false],
      [5, 't', 16, [11, 5], 'round-differences', false],
    ]);
    expect(open.playoffs).toEqual([]);
    // The play-off was counted from the lane sensors on lanes 1 and 2 of course A.
    expect(out.report.playoffs.map((x) => [x.player, x.course, x.lane, x.value, x.source])).toEqual([
      ['p', 'A', 1, 2, 'sensor'],
      ['q', 'A', 1, 2, 'sensor'],
      ['p', 'A', 2, 1, 'sensor'],
      ['q', 'A', 2, 3, 'sensor'],
    ]);
  });
});
