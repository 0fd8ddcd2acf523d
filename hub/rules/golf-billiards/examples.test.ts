import { describe, expect, it } from 'vitest';
import { golfBilliards } from './index';
import { DOUBLES, Log, core, pendingIds, run, score } from './testkit';

describe('golf billiards: worked examples of the digest', () => {
  it('GB-EX-1: a valid own goal keeps the turn and the 50 s clock starts at AT_REST', () => {
    const l = new Log();
    l.open('A');
    l.strike('A3');
    l.contact('A3', 'B1');
    l.goal('A3', 'goal-B', l.t + 1800);
    const rest = l.rest();
    const c = core(l.events);
    expect(score(c)).toMatchObject({ leftA: 4, leftB: 5 });
    expect(c.set.turn).toBe('A');
    expect(c.clock.startedAt).toBe(l.events[rest]!.t);
  });

  it("GB-EX-2: an opponent's ball holed counts for him, even in his own goal, and he plays", () => {
    const l = new Log();
    l.given(4, 5, 'A', ['A2']);
    l.strike('A2');
    l.contact('A2', 'B4');
    l.goal('B4', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(score(c)).toMatchObject({ leftA: 4, leftB: 4 });
    expect(c.set.turn).toBe('B');
  });

  it('GB-EX-3: own ball into own goal: no goal, taken out, B chooses the point, turn to B', () => {
    const l = new Log();
    l.given(4, 4, 'A', ['A1']);
    const s = l.strike('A1');
    l.cushion('A1');
    l.goal('A1', 'goal-A');
    l.rest();
    let c = core(l.events);
    expect(score(c).leftA).toBe(4);
    expect(c.set.turn).toBe('B');
    const id = `set1-stroke-${s}:respot-A1`;
    expect(pendingIds(c)).toContain(id);
    l.decide(id, '2');
    c = core(l.events);
    expect(c.set.balls.A1).toMatchObject({ where: 'table', spot: '2' });
  });

  it('GB-EX-4: own ball off the table on a scoring stroke: the goal stands, A5 re-spotted, loss of turn', () => {
    const l = new Log();
    l.given(4, 4, 'A', ['A4', 'A5']);
    l.strike('A4');
    l.contact('A4', 'B1');
    l.contact('B1', 'A5');
    l.off('A5');
    l.goal('A4', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(score(c).leftA).toBe(3);
    expect(c.set.balls.A5?.where).toBe('waiting');
    expect(c.set.turn).toBe('B');
  });

  it("GB-EX-5: opponent's ball off on a scoring stroke: B2 credited, A3 out of the goal and re-spotted (GB-Q3 reading), turn to B", () => {
    const l = new Log();
    l.given(3, 3, 'A', ['A3', 'B2']);
    l.strike('A3');
    l.contact('A3', 'B2');
    l.off('B2');
    l.goal('A3', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(score(c)).toMatchObject({ leftA: 3, leftB: 2 });
    expect(c.set.balls.A3?.where).toBe('waiting');
    expect(c.set.turn).toBe('B');
  });

  it('GB-EX-6: the 1-1 case: A loses the set, sets 0-1, next set starts', () => {
    const l = new Log();
    l.given(1, 1, 'A');
    l.strike('A5');
    l.contact('A5', 'B5');
    l.off('B5');
    l.goal('A5', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(c.setsWon).toEqual({ A: 0, B: 1 });
    expect(c.set).toMatchObject({ number: 2, phase: 'opening' });
  });

  it("GB-EX-7: A's stroke puts in B's last ball: B wins the set at AT_REST", () => {
    const l = new Log();
    l.given(2, 1, 'A', ['A1', 'B3']);
    l.strike('A1');
    l.contact('A1', 'B3');
    l.goal('B3', 'goal-B');
    l.rest();
    expect(core(l.events).sets[0]?.winner).toBe('B');
  });

  it('GB-EX-8: both last balls go in, B2 first: B wins; with A first A wins', () => {
    const mk = (tA: number, tB: number) => {
      const l = new Log();
      l.given(1, 1, 'A', ['B2']);
      l.strike('A5');
      l.contact('A5', 'B2');
      l.goal('B2', 'goal-A', tB);
      l.goal('A5', 'goal-B', tA);
      l.rest(Math.max(tA, tB) + 500);
      return core(l.events).sets[0]?.winner;
    };
    expect(mk(100_900 + 500, 100_900)).toBe('B');
    expect(mk(100_900, 100_900 + 500)).toBe('A');
  });

  it('GB-EX-9: a ball on the lip: (a) dropping while rolling is valid, (b) dropping after rest is not and B plays', () => {
    const a = new Log();
    a.given(3, 3, 'A', ['A2']);
    a.strike('A2');
    a.goal('A2', 'goal-B');
    a.rest();
    expect(score(core(a.events)).leftA).toBe(2);
    expect(core(a.events).set.turn).toBe('A');
    const b = new Log();
    b.given(3, 3, 'A', ['A2']);
    b.strike('A2');
    const rest = b.rest();
    b.goal('A2', 'goal-B', b.events[rest]!.t + 4000);
    const c = core(b.events);
    expect(score(c).leftA).toBe(3);
    expect(c.set.balls.A2?.where).toBe('table');
    expect(c.set.turn).toBe('B');
  });

  it('GB-EX-10: zone obligation: (a) leaving and coming back is fine, (b) staying inside: loss of turn, A4 re-spotted', () => {
    const mk = (left: boolean) => {
      const l = new Log({ mode: 'referee' });
      l.given(3, 1, 'A');
      l.strike('A4');
      l.cushion('A4');
      l.ref('zone_report', { data: { moves: [{ ball: 'A4', from: 'zone', left }] } });
      l.rest();
      return core(l.events);
    };
    expect(mk(true).set.turn).toBe('B');
    expect(mk(true).set.balls.A4?.where).toBe('table');
    expect(mk(false).set.balls.A4?.where).toBe('waiting');
    expect(Object.values(mk(false).set.balls).filter((b) => b.where === 'waiting')).toHaveLength(1);
  });

  it('GB-EX-11: stroke clock: (a) TIME at 50 s and a strike at 57 s is legal, (b) nothing by 60 s: loss of turn, zone play designate', () => {
    const a = new Log();
    a.open('A');
    const t0 = a.t;
    a.add({ type: 'ref', call: 'time', by: 'referee', t: t0 + 50_000 });
    a.add({ type: 'strike', ball: 'A1', t: t0 + 57_000 });
    a.goal('A1', 'goal-B');
    a.rest();
    expect(core(a.events).set.turn).toBe('A');
    const b = new Log();
    b.given(3, 1, 'A');
    const t1 = b.t;
    b.add({ type: 'ref', call: 'time', by: 'referee', t: t1 + 50_000 });
    b.add({ type: 'clock', clock: 'turn', phase: 'expire', t: t1 + 60_000 });
    const c = core(b.events);
    expect(c.set.turn).toBe('B');
    expect(c.pending.some((p) => p.kind === 'golf-billiards.designate' && p.question.includes("A's balls"))).toBe(true);
  });

  it('GB-EX-12: doubles order: (a) Ann opens set 2 again: loss of turn, her ball re-spotted; (b) Ann out of turn holes A3: annulled, turn to B', () => {
    const l = new Log({}, DOUBLES);
    l.strike(undefined, 'ann');
    l.strike(undefined, 'cid');
    l.rest();
    l.decide('set1-stroke-1:opening', 'A');
    l.strike('A3', 'ann');
    l.goal('A3', 'goal-B');
    l.rest();
    const b = core(l.events);
    expect(b.set.balls.A3?.where).toBe('table');
    expect(b.set.turn).toBe('B');
    expect(b.strokes.at(-1)?.goals[0]?.valid).toBe(false);
    const a = new Log({}, DOUBLES);
    a.strike(undefined, 'ann');
    a.strike(undefined, 'cid');
    a.rest();
    a.decide('set1-stroke-1:opening', 'B');
    for (let i = 1; i <= 5; i++) a.score(`B${i}`);
    a.set = 2;
    a.strike('A2', 'ann');
    a.strike(undefined, 'dan');
    a.rest();
    const c = core(a.events);
    expect(c.set.balls.A2?.where).toBe('waiting');
    expect(c.set.turn).toBe('B');
    expect(golfBilliards.summary(run(a.events)).turn).toBe('cid');
  });
});
