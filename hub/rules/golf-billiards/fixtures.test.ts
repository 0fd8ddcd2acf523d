import { readdirSync, readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { GameEvent } from '../../../shared/game/events';
import { replayFile } from '../../cli/replay';
import { replay } from '../common/replay';
import { engineWithoutBaseRates, getEngine } from '../registry';
import { golfBilliards } from './index';
import { holed } from './predicates';
import type { GbState } from './state';

const dir = new URL('../../../test/fixtures/golf-billiards/', import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''));

interface Expected {
  summary: { status: string; turn: string | null; winner: string | null };
  setsWon: Record<string, number>;
  sets: { number: number; winner: string; rule: string }[];
  set: { number: number; phase?: string; holed: Record<string, number> };
  balls?: Record<string, unknown>;
  /** Open decisions at the end (checked when given). */
  pending?: number;
  rejected: number;
  corrections: number;
}

describe('golf billiards: recorded fixtures replay to their hand-written expected outcome', () => {
  it('the engine is registered as golf-billiards', () => {
    expect(engineWithoutBaseRates('golf-billiards')).toBe(golfBilliards);
    expect(getEngine('golf-billiards')?.id).toBe('golf-billiards');
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of names) {
    it(`fixture ${name}`, () => {
      const lines = readFileSync(new URL(`${name}.jsonl`, dir), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const log = lines.map((l) => JSON.parse(l) as unknown);
      for (const e of log) expect(Value.Check(GameEvent, e)).toBe(true);
      const expected = JSON.parse(readFileSync(new URL(`${name}.expected.json`, dir), 'utf8')) as Expected;
      const m = replay(golfBilliards, log as GameEvent[]);
      const s: GbState = m.game;
      const c = s.core!;
      const summary = golfBilliards.summary(s);
      expect({ status: summary.status, turn: summary.turn, winner: summary.winner }).toEqual(expected.summary);
      expect(c.setsWon).toEqual(expected.setsWon);
      expect(c.sets.map((x) => ({ number: x.number, winner: x.winner, rule: x.how.split(':')[0] }))).toEqual(expected.sets);
      expect(c.set.number).toBe(expected.set.number);
      if (expected.set.phase !== undefined) expect(c.set.phase).toBe(expected.set.phase);
      expect({ A: holed(c.set.balls, 'A'), B: holed(c.set.balls, 'B') }).toEqual(expected.set.holed);
      for (const [id, b] of Object.entries(expected.balls ?? {})) expect(c.set.balls[id]).toEqual(b);
      if (expected.pending !== undefined) expect(summary.pending).toHaveLength(expected.pending);
      expect((golfBilliards.report(s) as { rejected: unknown[] }).rejected).toHaveLength(expected.rejected);
      expect(m.corrections).toHaveLength(expected.corrections);
    });

    it(`autoref replay --game golf-billiards ${name}.jsonl prints the documented JSON`, () => {
      const expected = JSON.parse(readFileSync(new URL(`${name}.expected.json`, dir), 'utf8')) as Expected;
      const out = JSON.parse(JSON.stringify(replayFile(new URL(`${name}.jsonl`, dir).pathname, 'golf-billiards'))) as {
        game: string;
        summary: { status: string; turn: string | null; winner: string | null };
        corrections: unknown[];
        rejected: unknown[];
        report: { started: boolean; sets: unknown[]; match: { finished: boolean }; rejected: unknown[]; set: { number: number } };
      };
      expect(Object.keys(out)).toEqual(['game', 'summary', 'report', 'corrections', 'rejected']);
      expect(out.game).toBe('golf-billiards');
      expect({ status: out.summary.status, turn: out.summary.turn, winner: out.summary.winner }).toEqual(expected.summary);
      expect(out.report).toMatchObject({ started: true, set: { number: expected.set.number }, match: { finished: expected.summary.status === 'finished' } });
      expect(out.report.sets).toHaveLength(expected.sets.length);
      // The refusals are printed at the top as well as in the report.
      expect(out.rejected).toHaveLength(expected.rejected);
      expect(out.rejected).toEqual(out.report.rejected);
      expect(out.corrections).toHaveLength(expected.corrections);
    });
  }
});
