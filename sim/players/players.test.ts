import { describe, expect, it } from 'vitest';
import type { TruthEvent } from '../physics/world';
import { caromOutcome, caromTruth, golfOpening, golfOutcome, golfZone, poolOutcome } from './truth';
import { skillModel } from './players';
import { SimGame } from './games';

const c = (t: number): TruthEvent => ({ type: 'cushion', t, ball: 'W', place: 'e', speed: 1, sensed: true });
const hit = (t: number, b: string): TruthEvent => ({ type: 'contact', t, a: 'W', b, speed: 1, x: 0, y: 0 });

describe('ground truth per game', () => {
  it('three-cushion: both object balls, three cushions before the second', () => {
    expect(caromOutcome([hit(1, 'R'), c(2), c(3), c(4), hit(5, 'Y')], 'W')).toMatchObject({ point: true, cushions: 3 });
    expect(caromOutcome([hit(1, 'R'), c(2), c(3), hit(4, 'Y'), c(5)], 'W')).toMatchObject({ point: false });
    expect(caromOutcome([c(1), c(2), c(3), hit(4, 'R'), hit(5, 'R')], 'W').point).toBe(false);
    expect(caromOutcome([hit(1, 'R'), c(2), c(3), c(4), hit(5, 'Y'), { type: 'off', t: 6, ball: 'R', place: 'e' }], 'W')).toMatchObject({
      point: false,
      fouls: ['out'],
    });
  });

  it('3-ball (C3B-SCORE-1): both object balls, no cushion needed; a ball off the table scores nothing', () => {
    expect(caromTruth('three-ball', [hit(1, 'R'), hit(2, 'Y')], 'W')).toEqual({ code: 'point', value: 1, foul: false, keepsTurn: true });
    expect(caromTruth('three-ball', [hit(1, 'R'), hit(2, 'R'), c(3)], 'W')).toMatchObject({ code: 'miss', value: 0, keepsTurn: false });
    expect(caromTruth('three-ball', [hit(1, 'R'), hit(2, 'Y'), { type: 'off', t: 3, ball: 'Y', place: 'e' }], 'W')).toEqual({
      code: 'point',
      value: 0,
      foul: true,
      keepsTurn: false,
    });
  });

  it('4-ball (C4-SCORE-1..4, C4-ERASE-1): the highest category only, as the engine scores it', () => {
    const four = (ev: TruthEvent[]): string => caromTruth('four-ball', ev, 'W').code;
    expect(four([hit(1, 'Y')])).toBe('p1');
    expect(four([hit(1, 'R'), hit(2, 'Y')])).toBe('p1');
    expect(four([hit(1, 'R'), hit(2, 'M')])).toBe('p5');
    expect(four([hit(1, 'Y'), hit(2, 'R'), hit(3, 'M')])).toBe('p25');
    expect(four([c(1), hit(2, 'M'), hit(3, 'Y'), hit(4, 'R')])).toBe('p50');
    expect(four([hit(1, 'R'), c(2)])).toBe('p0');
    expect(four([c(1), { type: 'contact', t: 2, a: 'R', b: 'M', speed: 1, x: 0, y: 0 }])).toBe('none');
    expect(caromTruth('four-ball', [hit(1, 'R'), hit(2, 'M'), { type: 'off', t: 3, ball: 'R', place: 'e' }], 'W')).toMatchObject({
      code: 'p5',
      value: 0,
      foul: true,
    });
  });

  it("golf billiards: own ball into the opponent's goal scores; own goal and exits are recorded", () => {
    const cap = (ball: string, place: string): TruthEvent => ({ type: 'capture', t: 1, ball, place, kind: 'goal', speed: 0.3 });
    expect(golfOutcome([cap('A1', 'b'), cap('A2', 'a'), cap('B1', 'a')], 'A')).toMatchObject({ scored: 1, ownGoals: 1, forOpponent: 1 });
    expect(
      golfOutcome(
        [
          { type: 'off', t: 1, ball: 'B2', place: 'n' },
          { type: 'lip', t: 2, ball: 'A3', place: 'b' },
        ],
        'A',
      ),
    ).toMatchObject({ fouls: ['off_table'], onLip: ['A3'] });
  });

  it('golf billiards opening: a lone valid goal, else the first goal, else the clean side, else the closer ball', () => {
    const cap = (ball: string, place: string, t = 1): TruthEvent => ({ type: 'capture', t, ball, place, kind: 'goal', speed: 0.3 });
    const off = (ball: string): TruthEvent => ({ type: 'off', t: 1, ball, place: 'n' });
    const goals = { a: { x: 0.15, y: 0.45 }, b: { x: 1.65, y: 0.45 } };
    const at = (ax: number, bx: number): Record<'A' | 'B', { x: number; y: number; onTable: boolean }> => ({
      A: { x: ax, y: 0.45, onTable: true },
      B: { x: bx, y: 0.45, onTable: true },
    });
    expect(golfOpening([cap('B2', 'a')], at(1.6, 1.7), goals)).toBe('B');
    expect(golfOpening([cap('A1', 'b'), off('A3')], at(1, 1), goals)).toBe('B');
    expect(golfOpening([cap('A1', 'b', 2), cap('B1', 'a', 1)], at(1, 1), goals)).toBe('B');
    expect(golfOpening([off('B4')], at(0.9, 0.9), goals)).toBe('A');
    // A at 0.25 m from goal b, B at 0.6 m from goal a.
    expect(golfOpening([], at(1.4, 0.75), goals)).toBe('A');
    expect(golfOpening([], at(1.4, 0.3), goals)).toBe('B');
    // Both played balls off the table: nobody can tell, the opening is played again.
    const gone = { A: { x: 0, y: 0, onTable: false }, B: { x: 0, y: 0, onTable: false } };
    expect(golfOpening([off('A1'), off('B1')], gone, goals)).toBe(null);
  });

  it("golf billiards zones: 5 x 3 from goal A's end, across first", () => {
    expect(golfZone(0.1, 0.1)).toBe(1);
    expect(golfZone(0.1, 0.8)).toBe(3);
    expect(golfZone(0.4, 0.1)).toBe(4);
    expect(golfZone(1.79, 0.89)).toBe(15);
  });

  it('golf billiards: a set opens with both sides striking at once, then one side plays', () => {
    const g = new SimGame('golf-billiards', { skill: 0.5, seed: 3 });
    expect(g.opening).toBe(true);
    const first = g.next();
    expect(first.opening).toBe(true);
    expect(first.result.events.filter((e) => e.type === 'strike').map((e) => (e.type === 'strike' ? e.ball.slice(0, 1) : ''))).toEqual(['A', 'B']);
    while (g.opening) g.next();
    const next = g.next();
    expect(next.opening).toBe(false);
    expect(next.result.events.filter((e) => e.type === 'strike')).toHaveLength(1);
  });

  it('nine-ball: the lowest ball first, no scratch', () => {
    const pot = (ball: string): TruthEvent => ({ type: 'capture', t: 2, ball, place: 'tl', kind: 'pocket', speed: 1 });
    const first = (b: string): TruthEvent => ({ type: 'contact', t: 1, a: 'cue', b, speed: 1, x: 0, y: 0 });
    expect(poolOutcome([first('1'), pot('3')], '1')).toEqual({ firstContact: '1', potted: ['3'], foul: false });
    expect(poolOutcome([first('2'), pot('3')], '1').foul).toBe(true);
    expect(poolOutcome([first('1'), pot('cue')], '1').foul).toBe(true);
    expect(poolOutcome([], '1').foul).toBe(true);
  });
});

describe('players', () => {
  it('skill sets how long a player thinks and how well the stroke is executed; out of range throws', () => {
    expect(skillModel(1).candidates).toBeGreaterThan(skillModel(0).candidates);
    expect(skillModel(1).aimSd).toBeLessThan(skillModel(0).aimSd);
    expect(() => skillModel(1.5)).toThrow(TypeError);
  });

  it('a game is deterministic for a seed', () => {
    const a = new SimGame('golf-billiards', { seed: 3 });
    const b = new SimGame('golf-billiards', { seed: 3 });
    for (let i = 0; i < 5; i++) expect(a.next()).toEqual(b.next());
  });

  it('a good minigolf player holes out on a straight lane in a few strokes; a good bumper pool player scores', () => {
    const mg = new SimGame('minigolf', { skill: 1, seed: 1 });
    let holed = 0;
    for (let i = 0; i < 20; i++) if (mg.next().result.events.some((e) => e.type === 'capture')) holed++;
    expect(holed).toBeGreaterThanOrEqual(8);
    const gb = new SimGame('golf-billiards', { skill: 1, seed: 2 });
    let goals = 0;
    for (let i = 0; i < 20; i++) goals += gb.next().result.events.filter((e) => e.type === 'capture').length;
    expect(goals).toBeGreaterThan(5);
  });

  it('4-ball is played with four balls (C4-SETUP-1: W Y R M), 3-ball with three; each aims at its own point', () => {
    const four = new SimGame('carom', { skill: 0.6, seed: 5, carom: 'four-ball' });
    const three = new SimGame('carom', { skill: 0.6, seed: 5, carom: 'three-ball' });
    expect(four.balls.map((b) => b.id).sort()).toEqual(['M', 'R', 'W', 'Y']);
    expect(three.balls.map((b) => b.id).sort()).toEqual(['R', 'W', 'Y']);
    let scored = 0;
    for (let i = 0; i < 5; i++) if (four.next().keepsTurn) scored++;
    for (let i = 0; i < 5; i++) if (three.next().keepsTurn) scored++;
    expect(scored).toBeGreaterThan(1);
  });

  it('the turn passes on a miss and stays after a point', () => {
    const g = new SimGame('carom', { skill: 0.3, seed: 4 });
    for (let i = 0; i < 6; i++) {
      const before = g.turn;
      const s = g.next();
      expect(s.player).toBe(before);
      expect(g.turn === before).toBe(s.keepsTurn);
    }
  });
});
