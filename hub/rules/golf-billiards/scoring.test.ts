import { describe, expect, it } from 'vitest';
import { golfBilliards } from './index';
import { defaultGeometry } from './config';
import { DOUBLES, Log, core, pendingIds, run, score } from './testkit';

describe('golf billiards: format, scoring and turns', () => {
  it('GB-EQUIP-1: the default geometry is the 1.80 x 0.90 m competition table with goals at both ends', () => {
    const g = defaultGeometry(['A', 'B']);
    expect([g.length, g.width]).toEqual([1800, 900]);
    expect(g.goals.A![0]).toBeLessThan(g.length / 2);
    expect(g.goals.B![0]).toBeGreaterThan(g.length / 2);
  });

  it('GB-EQUIP-2: ten balls, five per side, whatever the colours', () => {
    const c = core(new Log({ colours: { A: 'white', B: 'red' } }).events);
    const balls = Object.values(c.set.balls);
    expect(balls).toHaveLength(10);
    expect(balls.filter((b) => b.side === 'A')).toHaveLength(5);
    const l = new Log({ colours: { A: 'white', B: 'red' } });
    l.open('A');
    l.strike('white');
    l.goal('white', 'goal-B');
    l.rest();
    expect(score(core(l.events)).A).toBe(1);
  });

  it('GB-GEN-1: singles (one player a side) and doubles (two a side) are accepted; three sides are not', () => {
    expect(run(new Log().events).setup?.doubles).toBe(false);
    expect(run(new Log({}, DOUBLES).events).setup?.doubles).toBe(true);
    const bad = run(new Log({}, [...DOUBLES.slice(0, 3), { id: 'eve', name: 'Eve', side: 'C' }]).events);
    expect(bad.setup).toBeNull();
    expect(golfBilliards.report(bad)).toMatchObject({ started: false });
  });

  it('GB-GEN-2: a valid goal keeps the striker at the table', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    l.score('A2');
    const c = core(l.events);
    expect(c.set.turn).toBe('A');
    expect(score(c).A).toBe(2);
  });

  it("GB-SCORE-1: own ball into the opponent's goal is a valid goal for the striker", () => {
    const l = new Log();
    l.open('A');
    l.score('A4');
    const c = core(l.events);
    expect(c.set.balls.A4?.where).toBe('holed');
    expect(c.strokes.at(-1)?.goals[0]).toMatchObject({ ball: 'A4', credited: 'A', valid: true });
  });

  it("GB-SCORE-2: an opponent's ball into either goal counts for the opponent and passes the turn", () => {
    for (const goal of ['goal-A', 'goal-B']) {
      const l = new Log();
      l.open('A');
      l.strike('A1');
      l.contact('A1', 'B2');
      l.goal('B2', goal);
      l.rest();
      const c = core(l.events);
      expect(score(c)).toMatchObject({ A: 0, B: 1 });
      expect(c.set.turn).toBe('B');
    }
  });

  it('GB-SCORE-3: own ball into own goal does not count, is re-spotted (opponent chooses) and ends the turn', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    l.cushion('A1');
    l.goal('A1', 'goal-A');
    l.rest();
    const c = core(l.events);
    expect(score(c).A).toBe(0);
    expect(c.set.balls.A1?.where).toBe('waiting');
    expect(c.set.turn).toBe('B');
    const d = c.pending.find((p) => p.id === `set1-stroke-${s}:respot-A1`);
    expect(d?.kind).toBe('golf-billiards.respot');
    expect(d?.question).toMatch(/^B chooses/);
  });

  it('GB-SCORE-4: a ball that drops from the lip after everything stopped is not a goal; one that drops while rolling is', () => {
    const l = new Log();
    l.open('A');
    l.strike('A2');
    l.rest(1000);
    l.goal('A2', 'goal-B', 4000);
    const c = core(l.events);
    expect(score(c).A).toBe(0);
    expect(c.set.turn).toBe('B');
    expect(c.warnings.at(-1)?.rule).toBe('GB-SCORE-4');
    const r = new Log();
    r.open('A');
    r.strike('A2');
    r.ref('lip_stopped', { ball: 'A2' });
    r.goal('A2', 'goal-B');
    r.rest();
    expect(score(core(r.events)).A).toBe(0);
    expect(core(r.events).strokes.at(-1)?.goals[0]?.note).toMatch(/GB-SCORE-4/);
  });

  it("GB-SCORE-5: a ball jammed between the bumpers of the opponent's goal is a valid goal", () => {
    const l = new Log();
    l.open('A');
    l.strike('A2');
    l.rest();
    l.ref('jammed', { ball: 'A2', place: 'goal-B' });
    const c = core(l.events);
    expect(score(c).A).toBe(1);
    expect(c.set.turn).toBe('A');
  });

  it("GB-TURN-1: a valid own goal keeps the turn even with an opponent's ball also holed (GB-Q4 reading: continue)", () => {
    const l = new Log();
    l.open('A');
    l.strike('A1');
    l.goal('B1', 'goal-A');
    l.goal('A1', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(score(c)).toMatchObject({ A: 1, B: 1 });
    expect(c.set.turn).toBe('A');
    const strict = new Log({ mixedGoalKeepsTurn: false });
    strict.events.push(...l.events.slice(1));
    expect(core(strict.events).set.turn).toBe('B');
  });

  it('GB-TURN-2: a stroke without a valid own goal passes the turn', () => {
    const l = new Log();
    l.open('A');
    l.miss('A1');
    expect(core(l.events).set.turn).toBe('B');
  });

  it('GB-END-1: holing all five balls wins the set, including balls put in by the opponent', () => {
    const l = new Log();
    l.open('A');
    for (let i = 1; i <= 5; i++) l.score(`A${i}`);
    const c = core(l.events);
    expect(c.sets[0]).toMatchObject({ number: 1, winner: 'A' });
    expect(c.set.number).toBe(2);
    expect(c.set.phase).toBe('opening');
    // Bob's fifth ball is knocked off the table by Ann: it counts as holed for him (GB-FOUL-4).
    const o = new Log();
    o.given(3, 1, 'A');
    o.strike('A4');
    o.off('B5');
    o.rest();
    expect(core(o.events).sets[0]).toMatchObject({ winner: 'B', holed: { A: 2, B: 5 } });
  });

  it('GB-END-2: the match is best of three: two won sets end it', () => {
    const l = new Log();
    for (const set of [1, 2]) {
      l.set = set;
      l.open('A');
      for (let i = 1; i <= 5; i++) l.score(`A${i}`);
    }
    const c = core(l.events);
    expect(c.winner).toBe('A');
    expect(golfBilliards.summary(run(l.events))).toMatchObject({ status: 'finished', winner: 'ann' });
    l.strike('A1');
    expect(core(l.events).rejected.at(-1)?.code).toBe('match-over');
  });

  it('GB-END-3: the set ends at AT_REST of the stroke that holes the last ball, not at the goal event', () => {
    const l = new Log();
    l.given(1, 5, 'A');
    l.strike('A5');
    l.goal('A5', 'goal-B');
    expect(core(l.events).sets).toHaveLength(0);
    l.rest();
    expect(core(l.events).sets[0]?.winner).toBe('A');
  });

  it('GB-END-4: both last balls in one stroke: the side whose last ball dropped first wins; a tie is a decision', () => {
    const mk = (tA: number, tB: number, config: Record<string, unknown> = {}) => {
      const l = new Log(config);
      l.given(1, 1, 'A');
      const s = l.strike('A5');
      l.goal('B5', 'goal-A', tB);
      l.goal('A5', 'goal-B', tA);
      l.rest(Math.max(tA, tB) + 100);
      return { l, s };
    };
    expect(core(mk(90_000, 90_500).l.events).sets[0]?.winner).toBe('A');
    expect(core(mk(90_500, 90_000).l.events).sets[0]?.winner).toBe('B');
    // Referee mode: the photo finish is the referee's, play waits for it.
    const { l, s } = mk(90_000, 90_000, { mode: 'referee' });
    const c = core(l.events);
    expect(c.sets).toHaveLength(0);
    expect(c.pending.find((p) => p.id === `set1-stroke-${s}:first-drop`)).toMatchObject({ default: null, answeredBy: 'referee' });
    expect(golfBilliards.summary(run(l.events)).provisional).toBe(true);
    l.decide(`set1-stroke-${s}:first-drop`, 'A');
    expect(core(l.events).sets[0]?.winner).toBe('A');
  });

  it('GB-END-4 (reading: identical drop times on a self-scoring table: the side that did NOT strike wins until someone answers, as in GB-FOUL-5)', () => {
    const mk = (striker: 'A' | 'B') => {
      const l = new Log();
      l.given(1, 1, striker);
      const s = l.strike(`${striker}5`);
      l.goal('B5', 'goal-A', 90_000);
      l.goal('A5', 'goal-B', 90_000);
      l.rest(90_100);
      return { l, s };
    };
    for (const [striker, other] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      const { l, s } = mk(striker);
      const id = `set1-stroke-${s}:first-drop`;
      let c = core(l.events);
      expect(c.pending.find((p) => p.id === id)).toMatchObject({ default: other, answeredBy: 'players' });
      expect(c.sets).toEqual([expect.objectContaining({ number: 1, winner: other })]);
      expect(c.set).toMatchObject({ number: 2, phase: 'opening' });
      expect(golfBilliards.summary(run(l.events)).provisional).toBe(true);
      l.decide(id, striker);
      c = core(l.events);
      expect(c.sets[0]?.winner).toBe(striker);
      expect(c.sets[0]?.how).toMatch(/decided/);
      expect(pendingIds(c)).not.toContain(id);
    }
  });
});
