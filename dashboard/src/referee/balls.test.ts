/**
 * The balls the referee panel offers, read from real engine reports: carom's in their colours as
 * the match names them, pool's cue ball and the object balls still on the table (9 to 15 striped),
 * bumper pool's balls on the table in their side's colour.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { getEngine } from '../../../hub/rules/registry';
import { ballsOf } from './balls';

function reportAfter(game: string, events: Record<string, unknown>[]): unknown {
  const engine = getEngine(game)!;
  let s = engine.initial();
  events.forEach((e, i) => (s = engine.reduce(s, { seq: i, t: i * 100, ...e } as GameEvent)));
  return engine.report(s);
}

const TWO = [
  { id: 'A', name: 'Ayşe', side: 'A' },
  { id: 'B', name: 'Noam', side: 'B' },
];
const pick = (list: ReturnType<typeof ballsOf>) => list.map((b) => [b.id, b.colour, b.stripe]);

describe('referee panel: balls as buttons in their colours', () => {
  it('carom: white, yellow, red (four-ball: and maroon), as the match config names them', () => {
    expect(pick(ballsOf('three-cushion', reportAfter('three-cushion', [{ type: 'start', players: TWO, config: { lag: false } }])))).toEqual([
      ['W', 'white', false],
      ['Y', 'yellow', false],
      ['R', 'red', false],
    ]);
    const four = reportAfter('four-ball', [{ type: 'start', players: TWO, config: { balls: { white: 'w', yellow: 'y', red: 'r', maroon: 'm' } } }]);
    expect(pick(ballsOf('four-ball', four))).toEqual([
      ['w', 'white', false],
      ['y', 'yellow', false],
      ['r', 'red', false],
      ['m', 'maroon', false],
    ]);
    expect(ballsOf('four-ball', four).map((b) => b.label)).toEqual(['White', 'Yellow', 'Red', 'Maroon']);
  });

  it('pool: the cue ball and the balls still on the table, by number in their colours, 9 to 15 striped', () => {
    const r = reportAfter('nine-ball', [
      { type: 'start', players: TWO },
      { type: 'strike', ball: 'cue' },
      { type: 'contact', a: 'cue', b: '1' },
      { type: 'pocket', pocket: 'tl', ball: '3', captured: true },
      { type: 'cushion', ball: '5', cushion: 'side' },
      { type: 'cushion', ball: '6', cushion: 'side' },
      { type: 'cushion', ball: '7', cushion: 'side' },
      { type: 'cushion', ball: '8', cushion: 'side' },
      { type: 'at_rest' },
    ]);
    const balls = ballsOf('nine-ball', r);
    expect(balls.map((b) => b.id)).toEqual(['cue', '1', '2', '4', '5', '6', '7', '8', '9']);
    expect(pick(balls).filter(([id]) => id === 'cue' || id === '8' || id === '9')).toEqual([
      ['cue', 'white', false],
      ['8', 'black', false],
      ['9', 'yellow', true],
    ]);
  });

  it('bumper pool: the balls on the table in the colour the goals’ sensors give their side', () => {
    const r = reportAfter('golf-billiards', [
      {
        type: 'start',
        players: [
          { id: 'ann', name: 'Ann', side: 'A' },
          { id: 'bob', name: 'Bob', side: 'B' },
        ],
        config: { colours: { A: 'white', B: 'red' } },
      },
    ]);
    const balls = ballsOf('golf-billiards', r, (id) => ({ ann: 'Ann', bob: 'Bob' })[id] ?? id);
    expect(balls).toHaveLength(10);
    expect(pick(balls.filter((b) => b.id === 'A1' || b.id === 'B5'))).toEqual([
      ['A1', 'white', false],
      ['B5', 'red', false],
    ]);
    expect(balls.find((b) => b.id === 'B5')!.name).toBe('Ball B5 of Bob');
    expect(ballsOf('minigolf', {})).toEqual([]);
  });
});
