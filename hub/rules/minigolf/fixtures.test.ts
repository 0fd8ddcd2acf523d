import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { GameEvent } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { minigolf } from './index';
import { report } from './report';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/minigolf');

interface Expected {
  status?: string;
  lanes?: Record<string, (number | null)[][]>;
  totals?: Record<string, number>;
  penalties?: Record<string, string[]>;
  ranking?: Record<string, [string, number][]>;
  teams?: Record<string, number>;
  pending?: string[];
  rejected?: string[];
}

const names = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.slice(0, -'.jsonl'.length));

describe('recorded minigolf fixtures', () => {
  it('there are fixtures, each with its expected file', () => {
    expect(names.length).toBeGreaterThanOrEqual(5);
  });
  for (const name of names) {
    it(`fixture ${name}`, () => {
      const log = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as unknown);
      for (const e of log) expect(Value.Check(GameEvent, e)).toBe(true);
      const exp = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as Expected;
      const m = replay(minigolf, log as GameEvent[]);
      const r = report(m.game);
      if (exp.status !== undefined) expect(r.status).toBe(exp.status);
      for (const [id, rounds] of Object.entries(exp.lanes ?? {})) expect(r.players.find((p) => p.id === id)!.rounds.map((x) => x.lanes)).toEqual(rounds);
      for (const [id, total] of Object.entries(exp.totals ?? {})) expect(r.players.find((p) => p.id === id)!.total).toBe(total);
      for (const [id, levels] of Object.entries(exp.penalties ?? {})) expect(r.players.find((p) => p.id === id)!.penalties.map((p) => p.level)).toEqual(levels);
      for (const [cat, lines] of Object.entries(exp.ranking ?? {}))
        expect(r.ranking.find((c) => c.category === cat)!.lines.map((l) => [l.player, l.place])).toEqual(lines);
      for (const [team, total] of Object.entries(exp.teams ?? {})) expect(r.teams.find((t) => t.team === team)!.total).toBe(total);
      if (exp.pending !== undefined) expect(r.pending.map((p) => p.kind)).toEqual(exp.pending);
      if (exp.rejected !== undefined) expect(r.rejected.map((x) => x.code)).toEqual(exp.rejected);
    });
  }
});
