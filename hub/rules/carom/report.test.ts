/**
 * `autoref replay --game three-cushion|three-ball|four-ball FILE` prints the documented JSON: the
 * CLI's own function (hub/cli/replay.ts `replayFile`, what the command prints) over a fixture of
 * each game, compared with the example in docs/games/carom.md and with the statistics' definitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { GameSummary } from '../../../shared/game/engine';
import { replayFile } from '../../cli/replay';
import type { CaromReport } from './report';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../../../test/fixtures/carom');
const doc = readFileSync(join(here, '../../../docs/games/carom.md'), 'utf8');

/** The report example of the documentation (the JSON block of the "Report" section). */
function documentedReport(): Record<string, unknown> {
  const section = doc.slice(doc.indexOf('## Report'));
  const block = /```json\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no JSON example in the Report section of docs/games/carom.md');
  return JSON.parse(block[1]!) as Record<string, unknown>;
}

const sorted = (o: object) => Object.keys(o).sort();
const GAMES = ['three-cushion', 'three-ball', 'four-ball'] as const;
const files = readdirSync(fixtures)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();

describe('autoref replay: the documented JSON of each carom game', () => {
  const example = documentedReport();
  const player = (example.players as Record<string, unknown>[])[0]!;

  it.each(GAMES)('%s: a fixture exists and prints { game, summary, report, corrections, rejected }', (game) => {
    const mine = files.filter((f) => f.startsWith(`${game}-`));
    expect(mine.length).toBeGreaterThan(0);
    for (const f of mine) {
      const out = replayFile(join(fixtures, f), game) as Record<string, unknown>;
      expect(sorted(out)).toEqual(['corrections', 'game', 'rejected', 'report', 'summary']);
      expect(out.game).toBe(game);
      expect(Value.Check(GameSummary, out.summary)).toBe(true);
      const r = out.report as CaromReport;
      // The report has exactly the documented fields; each player too (`side` only when set).
      expect(sorted(r)).toEqual(sorted(example));
      expect(r.game).toBe(game);
      for (const p of r.players) expect(sorted(p).filter((k) => k !== 'side')).toEqual(sorted(player));
      if (r.lastShot) expect(sorted(r.lastShot)).toEqual(sorted(example.lastShot as object));
      expect(out.rejected).toEqual(r.rejected);
    }
  });

  it.each(files)('%s: statistics agree with their definitions (points = Σ runs, high run, general average)', (f) => {
    const game = GAMES.find((g) => f.startsWith(`${g}-`))!;
    const r = (replayFile(join(fixtures, f), game) as { report: CaromReport }).report;
    for (const p of r.players) {
      expect(p.points).toBe(p.runs.reduce((a, b) => a + b, 0));
      expect(p.innings).toBe(p.runs.length);
      expect(p.highRun).toBe(Math.max(0, ...p.runs));
      expect(p.highRun).toBeLessThanOrEqual(p.points);
      expect(p.average).toBe(p.innings === 0 ? 0 : Math.round((p.points / p.innings) * 1000) / 1000);
      expect(p.currentRun === null ? true : p.runs[p.runs.length - 1] === p.currentRun).toBe(true);
    }
    // Provisional exactly while a decision is open; a finished game has nobody at the table.
    expect(r.provisional).toBe(r.pending.length > 0);
    if (r.status === 'finished' || r.status === 'abandoned') expect(r.turn).toBeNull();
  });
});
