import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { replay } from '../common/replay';
import { fourBall, threeBall, threeCushion } from './index';
import type { CaromState } from './state';
import type { CaromReport } from './report';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/carom');
const engines: Record<string, RulesEngine<CaromState>> = { 'three-cushion': threeCushion, 'three-ball': threeBall, 'four-ball': fourBall };

interface Expected {
  game: string;
  status: string;
  winner: string | null;
  draw: boolean;
  turn: string | null;
  players: Record<string, unknown>[];
  pending: string[];
  decisions: string[];
  corrections: number;
  edits?: Record<string, unknown>[];
  rejected: string[];
}

/** The report, cut down to the keys the expected file states. */
function project<T extends Record<string, unknown>>(actual: T[], like: Record<string, unknown>[]): Record<string, unknown>[] {
  return actual.map((a, i) => Object.fromEntries(Object.keys(like[i] ?? {}).map((k) => [k, a[k]])));
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();

describe('carom fixtures (expected outcomes written by hand from the rules)', () => {
  it('there are fixtures for every carom engine', () => {
    const games = files.map((f) => (JSON.parse(readFileSync(join(dir, f.replace(/\.jsonl$/, '.expected.json')), 'utf8')) as Expected).game);
    expect(new Set(games)).toEqual(new Set(Object.keys(engines)));
  });

  it.each(files)('%s', (file) => {
    const log = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as GameEvent);
    for (const e of log) expect(Value.Check(GameEvent, e)).toBe(true);
    expect(log[0]!.type).toBe('start');
    const exp = JSON.parse(readFileSync(join(dir, file.replace(/\.jsonl$/, '.expected.json')), 'utf8')) as Expected;
    const engine = engines[exp.game]!;
    const m = replay(engine, log);
    const r = engine.report(m.game) as CaromReport;
    const actual: Expected = {
      game: r.game,
      status: r.status,
      winner: r.winner,
      draw: r.draw,
      turn: r.turn?.player ?? null,
      players: project(r.players as unknown as Record<string, unknown>[], exp.players),
      pending: r.pending.map((d) => d.id),
      decisions: r.decisions.map((d) => `${d.id}=${d.answer}`),
      corrections: m.corrections.length,
      rejected: r.rejected.map((x) => x.code),
    };
    if (exp.edits) actual.edits = project(r.edits as unknown as Record<string, unknown>[], exp.edits);
    expect(actual).toEqual(exp);
  });
});
