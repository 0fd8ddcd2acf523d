/**
 * Every engine and the score sheet (docs/score-sheet.md): a sheet of another game family is
 * refused at the start (`bad_sheet`), a match without a sheet is not marked, and the start event
 * with a sheet validates against the shared event schema (what `autoref replay` reads).
 */
import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { CATALOGUE, type GameFamily } from '../../shared/game/catalogue';
import { GameEvent } from '../../shared/game/events';
import type { ScoreSheet } from '../../shared/game/sheets/index';
import { getEngine } from './registry';

const players = [
  { id: 'a', name: 'Ana', side: 'A' },
  { id: 'b', name: 'Ben', side: 'B' },
];

/** A sheet of each family that fits a two-player match of that family at its start. */
const SHEETS: Record<GameFamily, ScoreSheet> = {
  carom: {
    family: 'carom',
    players: [
      { player: 'a', points: 3, innings: 2, highRun: 2 },
      { player: 'b', points: 1, innings: 2, highRun: 1 },
    ],
    atTable: 'a',
  },
  pool: {
    family: 'pool',
    players: [
      { player: 'a', racks: 1 },
      { player: 'b', racks: 0 },
    ],
    turn: 'b',
    breaker: 'a',
    onTable: ['8', '9'],
  },
  'golf-billiards': {
    family: 'golf-billiards',
    sides: [
      { side: 'A', sets: 1, ballsLeft: 3 },
      { side: 'B', sets: 0, ballsLeft: 4 },
    ],
    turn: 'b',
  },
  minigolf: {
    family: 'minigolf',
    players: [
      { player: 'a', rounds: [[2, 3]] },
      { player: 'b', rounds: [[3, 1]] },
    ],
  },
};

describe('the score sheet across the registry (#22)', () => {
  for (const game of CATALOGUE) {
    const engine = getEngine(game.id)!;
    const begin = (sheet?: ScoreSheet) => engine.reduce(engine.initial(), { type: 'start', seq: 0, t: 0, players, ...(sheet ? { sheet } : {}) });

    it(`${game.id}: a sheet of another family is refused at the start (bad_sheet); none is not marked`, () => {
      for (const [family, sheet] of Object.entries(SHEETS)) {
        if (family === game.family) continue;
        const refused = engine.rejections?.(begin(sheet)).find((r) => r.seq === 0);
        expect(refused?.code, `${game.id} given a ${family} sheet`).toBe('bad_sheet');
      }
      expect(engine.summary(begin()).fromSheet).toBeUndefined();
    });

    it(`${game.id}: the start with its family's sheet is a valid game event, and the match is marked`, () => {
      const start = { type: 'start', seq: 0, t: 0, players, sheet: SHEETS[game.family] };
      expect(Value.Check(GameEvent, start)).toBe(true);
      const state = begin(SHEETS[game.family]);
      expect(engine.rejections?.(state).filter((r) => r.seq === 0) ?? []).toEqual([]);
      expect(engine.summary(state).fromSheet).toBe(true);
    });
  }
});
