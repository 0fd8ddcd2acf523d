/**
 * Replays every recorded fixture under test/fixtures/pool the way `autoref replay` does (the
 * CLI's own `replayFile`: schema check of every line, engine from the registry) and compares the
 * result with the hand-written expected outcome and with the JSON documented in docs/games/pool.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../shared/game/engine';
import { replayFile } from '../../cli/replay';
import type { PoolReport } from './report';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '../../../test/fixtures/pool');
const names = readdirSync(dir)
  .filter((n) => n.endsWith('.jsonl'))
  .map((n) => n.slice(0, -'.jsonl'.length));

const md = readFileSync(join(here, '../../../docs/games/pool.md'), 'utf8');

/** The first ```jsonc block after `heading` in the pocket docs, comments removed. */
function documented(heading: string): Record<string, unknown> {
  const from = md.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const block = /```jsonc\n([\s\S]*?)```/.exec(md.slice(from))![1]!;
  const json = block.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s\/\/[^\n]*/g, '');
  return JSON.parse(json) as Record<string, unknown>;
}

const keys = (o: unknown) => Object.keys(o as object).sort();

describe('pocket fixtures', () => {
  const envelope = documented('autoref replay --game nine-ball FILE.jsonl');
  const report = documented('## Report');
  const first = (k: string) => (report[k] as unknown[])[0];

  it('has fixtures for both engines', () => {
    expect(names.some((n) => n.startsWith('eight-ball'))).toBe(true);
    expect(names.some((n) => n.startsWith('nine-ball'))).toBe(true);
  });

  it.each(names)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as Record<string, unknown>;
    // Through JSON, as the command prints it (a field left undefined would vanish from the output).
    const printed = JSON.stringify(replayFile(join(dir, `${name}.jsonl`), String(expected['game'])));
    const out = JSON.parse(printed) as { summary: GameSummary; report: PoolReport; rejected: unknown[] };
    const { summary, report: r } = out;
    expect(out.rejected).toEqual([]);
    expect({
      game: summary.game,
      status: summary.status,
      winner: summary.winner,
      turn: summary.turn,
      provisional: summary.provisional,
      scores: Object.fromEntries(summary.players.map((p) => [p.id, p.score])),
      racks: r.racks.map((x) => ({ no: x.no, breaker: x.breaker, winner: x.winner, reason: x.reason })),
      pendingKinds: summary.pending.map((p) => p.kind),
      ballInHand: r.rack.ballInHand,
    }).toEqual(expected);

    // The printed JSON is the documented one, key for key.
    expect(keys(out)).toEqual(keys(envelope));
    expect(keys(r)).toEqual(keys(report));
    expect(keys(r.rack)).toEqual(keys(report['rack']));
    for (const k of keys(r.config)) expect(md, `config option ${k}`).toContain(`| \`${k}\` |`);
    for (const k of ['players', 'racks', 'shots', 'refLog', 'rejected'] as const) {
      for (const item of r[k] as unknown[]) expect(keys(item), k).toEqual(keys(first(k)));
    }
  });
});
