import { describe, expect, it } from 'vitest';
import { defaultGeometry } from './config';
import { golfBilliards } from './index';
import { zoneObligationMet } from './predicates';
import { isProvisional } from './report';
import { DOUBLES, Log, core, pendingIds, run, score } from './testkit';

function jumpFoul(l: Log, ball: string): number {
  const s = l.strike(ball);
  l.ref('jump');
  l.rest();
  return s;
}

describe('golf billiards: re-spot points', () => {
  it("GB-SPOT-1: the infringer's opponent chooses the re-spot point, asked as a players' decision", () => {
    const l = new Log();
    l.open('A');
    const s = jumpFoul(l, 'A1');
    const d = core(l.events).pending.find((p) => p.id === `set1-stroke-${s}:respot-A1`)!;
    expect(d).toMatchObject({ answeredBy: 'players', kind: 'golf-billiards.respot' });
    expect(golfBilliards.summary(run(l.events)).provisional).toBe(false);
    l.decide(d.id, '2');
    expect(core(l.events).set.balls.A1).toEqual({ side: 'A', where: 'table', spot: '2' });
  });

  it('GB-SPOT-2: points 1, 2 and 3 are the choices; the default is the first free one', () => {
    const l = new Log();
    l.open('A');
    const s = jumpFoul(l, 'A1');
    const d = core(l.events).pending.find((p) => p.id === `set1-stroke-${s}:respot-A1`)!;
    expect(d.options.map((o) => o.value).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(d.default).toBe('1');
    l.decide(d.id, '3');
    expect(core(l.events).set.balls.A1?.spot).toBe('3');
  });

  it('GB-SPOT-3: a point declared occupied falls back to 4, then 5 (GB-Q6 reading: then the referee places it near)', () => {
    const l = new Log();
    l.open('A');
    const s1 = jumpFoul(l, 'A1');
    l.decide(`set1-stroke-${s1}:respot-A1`, '1');
    l.ref('spot_occupied', { place: '1' });
    l.ref('spot_occupied', { place: '4' });
    const s2 = jumpFoul(l, 'B1');
    expect(core(l.events).pending.find((p) => p.id === `set1-stroke-${s2}:respot-B1`)?.default).toBe('2');
    l.decide(`set1-stroke-${s2}:respot-B1`, '1');
    expect(core(l.events).set.balls.B1?.spot).toBe('5');
    l.ref('spot_occupied', { place: '1' });
    l.ref('spot_occupied', { place: '4' });
    l.ref('spot_occupied', { place: '5' });
    const s3 = jumpFoul(l, 'A2');
    l.decide(`set1-stroke-${s3}:respot-A2`, '1');
    expect(core(l.events).set.balls.A2?.spot).toBe('near');
  });

  it("GB-SPOT-3 / GB-Q6 (reading: a point that only looks occupied is avoided by the default, but the players' tap is trusted)", () => {
    const l = new Log();
    l.open('A');
    const s1 = jumpFoul(l, 'A1');
    l.decide(`set1-stroke-${s1}:respot-A1`, '1');
    // A1 still stands on point 1 as far as the engine knows (no event named it since).
    const s2 = jumpFoul(l, 'B1');
    const d = core(l.events).pending.find((p) => p.id === `set1-stroke-${s2}:respot-B1`)!;
    expect(d.default).toBe('2');
    expect(d.options.find((o) => o.value === '1')?.label).toMatch(/looks occupied/);
    expect(d.options.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', 'near']);
    // The players see A1 was moved away (by a ball the sensors named only by colour) and tap 1.
    l.decide(d.id, '1');
    expect(core(l.events).set.balls.B1).toEqual({ side: 'B', where: 'table', spot: '1' });
  });

  it('GB-SPOT-3: answering 4 or 5 tells the engine 1, 2 and 3 are taken: the next re-spot of the stroke defaults to the other fallback point', () => {
    const l = new Log();
    l.given(3, 5, 'A', ['A2', 'A3']);
    const s = l.strike('A1');
    l.off('A2');
    l.off('A3');
    l.rest();
    const id2 = `set1-stroke-${s}:respot-A2`;
    const id3 = `set1-stroke-${s}:respot-A3`;
    expect(core(l.events).pending.find((p) => p.id === id3)?.default).toBe('2');
    l.decide(id2, '4');
    expect(core(l.events).pending.find((p) => p.id === id3)?.default).toBe('5');
    l.decide(id3, '2');
    const c = core(l.events);
    expect(c.set.balls.A2?.spot).toBe('4');
    expect(c.set.balls.A3?.spot).toBe('5');
    expect(c.strokes.at(-1)?.respots).toContain('A3 -> point 5 (point 2 occupied)');
  });

  it('GB-SPOT-4: zone play, a faulty stroke from a re-spot point moves the ball to the first point not yet faulted from', () => {
    const l = new Log();
    l.given(2, 1, 'A');
    const s1 = jumpFoul(l, 'A4');
    l.decide(`set1-stroke-${s1}:respot-A4`, '1');
    l.miss('B5');
    const s3 = jumpFoul(l, 'A4');
    const c = core(l.events);
    expect(c.set.balls.A4).toMatchObject({ where: 'table', spot: '2' });
    expect(c.set.faultedSpots).toEqual(['1']);
    expect(pendingIds(c)).not.toContain(`set1-stroke-${s3}:respot-A4`);
    // The rule places it; the players may only correct the point if it is taken.
    const d = c.pending.find((p) => p.id === `set1-stroke-${s3}:repeat-spot-A4`)!;
    expect(d).toMatchObject({ kind: 'golf-billiards.respot_repeat', default: '2' });
    expect(d.options.map((o) => o.value)).toEqual(['2', '3', '4', '5', 'near']);
    expect(isProvisional([d])).toBe(false);
    l.decide(d.id, '3');
    expect(core(l.events).set.balls.A4).toMatchObject({ where: 'table', spot: '3' });
  });

  it('GB-SPOT-5: a ball jammed between a bumper and the short cushion is freed, no penalty', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    l.ref('jammed', { ball: 'A2', place: 'cushion' });
    const c = core(l.events);
    expect(c.warnings.at(-1)?.rule).toBe('GB-SPOT-5');
    expect(c.set.turn).toBe('A');
    expect(score(c).A).toBe(1);
  });

  it("GB-SPOT-6: a ball jammed in its own goal mouth is re-spotted without loss of turn (GB-Q11 reading: the owner's own goal)", () => {
    const l = new Log();
    l.open('A');
    l.strike('A1');
    l.goal('A1', 'goal-B');
    l.ref('jammed', { ball: 'A2', place: 'goal-A' });
    l.ref('jammed', { ball: 'B2', place: 'goal-B' });
    l.rest();
    const c = core(l.events);
    expect(c.set.turn).toBe('A');
    expect(c.set.balls.A2?.where).toBe('waiting');
    expect(c.set.balls.B2?.where).toBe('waiting');
    expect(score(c)).toMatchObject({ A: 1, B: 0 });
  });
});

describe('golf billiards: zone play', () => {
  it('GB-ZONE-1: the default table has 15 zones covering the whole cloth (GB-Q1 reading: geometry is configuration)', () => {
    const g = defaultGeometry(['A', 'B']);
    expect(g.zones.map((z) => z.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const area = g.zones.reduce((sum, z) => sum + (z.polygon[2]![0] - z.polygon[0]![0]) * (z.polygon[2]![1] - z.polygon[0]![1]), 0);
    expect(area).toBe(1800 * 900);
  });

  it('GB-ZONE-2: zone play starts when a side has one ball left and stays for the set', () => {
    expect(core(new Log().given(2, 5, 'A').events).set.zone).toBe(false);
    const l = new Log().given(1, 5, 'B');
    expect(core(l.events).set.zone).toBe(true);
    expect(golfBilliards.summary(run(l.events)).headline).toMatch(/zone play/);
  });

  it('GB-ZONE-3: no ball left its zone: loss of turn, played ball re-spotted, others stay (asked in self-scoring)', () => {
    const l = new Log();
    l.given(2, 1, 'A');
    const s = l.miss('A4');
    const id = `set1-stroke-${s}:zone`;
    expect(core(l.events).pending.find((p) => p.id === id)?.default).toBe('left');
    expect(core(l.events).set.balls.A4?.where).toBe('table');
    l.decide(id, 'stayed');
    const c = core(l.events);
    expect(c.set.balls.A4?.where).toBe('waiting');
    expect(Object.values(c.set.balls).filter((b) => b.where === 'waiting')).toHaveLength(1);
    const r = new Log({ mode: 'referee' });
    r.given(2, 1, 'A');
    r.strike('A4');
    r.ref('zone_fail');
    r.rest();
    expect(core(r.events).pending.some((p) => p.kind === 'golf-billiards.zone')).toBe(false);
    expect(core(r.events).set.balls.A4?.where).toBe('waiting');
  });

  it('GB-ZONE-4: a ball in the big attack triangle need not change zone', () => {
    const l = new Log({ mode: 'referee' });
    l.given(2, 1, 'A');
    l.strike('A4');
    l.ref('zone_report', { data: { moves: [{ ball: 'A4', from: 'big-attack-triangle', left: false }] } });
    l.rest();
    expect(core(l.events).set.balls.A4?.where).toBe('table');
    expect(zoneObligationMet([{ ball: 'A4', from: 'zone', left: false }], false, 'A4')).toBe(false);
  });

  it('GB-ZONE-5: a ball that entered a goal has changed zone (no question asked)', () => {
    const l = new Log();
    l.given(2, 1, 'A');
    const s = l.score('A4');
    expect(core(l.events).pending.some((p) => p.id === `set1-stroke-${s}:zone`)).toBe(false);
    expect(score(core(l.events)).A).toBe(4);
    expect(zoneObligationMet([], true, 'A4')).toBe(true);
  });

  it('GB-ZONE-6: the big defence triangle is not a zone for the defender (reading: his ball is judged by its ordinary zone)', () => {
    expect(zoneObligationMet([{ ball: 'B5', from: 'big-defence-triangle', defender: true, left: true, leftTriangle: false }], false, 'A4')).toBe(true);
    expect(zoneObligationMet([{ ball: 'A4', from: 'big-defence-triangle', defender: false, left: true, leftTriangle: false }], false, 'A4')).toBe(false);
    const l = new Log({ mode: 'referee' });
    l.given(2, 1, 'A');
    l.strike('A4');
    l.ref('zone_report', { data: { moves: [{ ball: 'A4', from: 'big-defence-triangle', defender: false, left: true, leftTriangle: false }] } });
    l.rest();
    expect(core(l.events).set.balls.A4?.where).toBe('waiting');
  });

  it("GB-ZONE-7: a ball on a zone line only has to leave the line; GB-Q16 (reading: any ball, own or opponent's)", () => {
    const l = new Log({ mode: 'referee' });
    l.given(2, 1, 'A');
    l.strike('A4');
    l.ref('zone_report', { data: { moves: [{ ball: 'A4', from: 'line', left: true }] } });
    l.rest();
    expect(core(l.events).set.balls.A4?.where).toBe('table');
    expect(
      zoneObligationMet(
        [
          { ball: 'B5', from: 'zone', left: true },
          { ball: 'A4', from: 'zone', left: false },
        ],
        false,
        'A4',
      ),
    ).toBe(true);
  });
});

describe('golf billiards: doubles', () => {
  it('GB-DBL-1: before the first set each pair names its opener', () => {
    const l = new Log({}, DOUBLES);
    l.ref('opener', { player: 'bob' });
    expect(core(l.events).set.openers).toEqual({ A: 'bob', B: null });
  });

  it('GB-DBL-4: the pair closest to the goal keeps the turn and its second player continues (GB-Q7: decided by the players; until then the opening is repeated by the same openers)', () => {
    const l = new Log({}, DOUBLES);
    l.ref('opener', { player: 'bob' });
    l.ref('opener', { player: 'cid' });
    const s = l.strike(undefined, 'bob');
    l.strike(undefined, 'cid');
    l.rest();
    expect(core(l.events).pending.find((p) => p.id === `set1-stroke-${s}:opening`)?.default).toBe('repeat');
    expect(core(l.events).set).toMatchObject({ phase: 'opening', pointer: { A: 1, B: 0 } });
    expect(golfBilliards.summary(run(l.events)).turn).toBeNull();
    l.decide(`set1-stroke-${s}:opening`, 'A');
    expect(golfBilliards.summary(run(l.events)).turn).toBe('ann');
  });

  it('GB-DBL-2: in set 2 the other player opens; the same opener again: loss of turn, played ball re-spotted', () => {
    const l = new Log({}, DOUBLES);
    l.strike(undefined, 'ann');
    l.strike(undefined, 'cid');
    l.rest();
    l.decide('set1-stroke-1:opening', 'A');
    for (let i = 1; i <= 5; i++) l.score(`A${i}`);
    expect(core(l.events).set.openers).toEqual({ A: 'bob', B: 'dan' });
    l.strike('A1', 'ann');
    l.strike(undefined, 'dan');
    l.rest();
    const c = core(l.events);
    expect(c.set.number).toBe(2);
    expect(c.set.turn).toBe('B');
    expect(c.set.balls.A1?.where).toBe('waiting');
  });

  it('GB-DBL-3: before the deciding set each pair chooses again (no automatic opener)', () => {
    const l = new Log({}, DOUBLES);
    l.strike(undefined, 'ann');
    l.rest();
    l.decide('set1-stroke-1:opening', 'A');
    for (let i = 1; i <= 5; i++) l.score(`A${i}`);
    l.set = 2;
    const s = l.strike(undefined, 'bob');
    l.rest();
    l.decide(`set2-stroke-${s}:opening`, 'B');
    for (let i = 1; i <= 5; i++) l.score(`B${i}`);
    expect(core(l.events).set).toMatchObject({ number: 3, openers: { A: null, B: null } });
    l.ref('opener', { player: 'ann' });
    l.strike('A1', 'ann');
    expect(core(l.events).open?.fouls).toEqual([]);
  });

  it('GB-DBL-5: out of order: loss of turn and the goal is annulled (GB-Q8 reading: partners alternate per stroke)', () => {
    const l = new Log({}, DOUBLES);
    l.strike(undefined, 'ann');
    l.rest();
    l.decide('set1-stroke-1:opening', 'A');
    l.strike('A1', 'bob');
    l.goal('A1', 'goal-B');
    l.rest();
    expect(golfBilliards.summary(run(l.events)).turn).toBe('ann');
    l.strike('A2', 'bob');
    l.goal('A2', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(score(c).A).toBe(1);
    expect(c.set.turn).toBe('B');
    expect(c.strokes.at(-1)?.fouls[0]?.rule).toBe('GB-DBL-5');
    const perTurn = new Log({ alternation: 'turn' }, DOUBLES);
    perTurn.events.push(...l.events.slice(1, 6));
    expect(golfBilliards.summary(run(perTurn.events)).turn).toBe('bob');
  });

  it('GB-DBL-6: the consulting rule (partner 1 m away) is a referee warning only', () => {
    const l = new Log({}, DOUBLES);
    l.open('A');
    const before = core(l.events);
    l.ref('consult', { player: 'bob' });
    const c = core(l.events);
    expect(c.warnings.at(-1)?.rule).toBe('GB-DBL-6');
    expect(c.set).toEqual(before.set);
  });
});

describe('golf billiards: turn clock', () => {
  it('GB-TIME-1: after TIME the stroke must come within 10 s; otherwise loss of turn (zone play: designate)', () => {
    const timed = (strikeAfterTime: number) => {
      const l = new Log();
      l.open('A');
      const rest = l.t;
      l.add({ type: 'clock', clock: 'turn', phase: 'warn', t: rest + 50_000 });
      l.add({ type: 'strike', ball: 'A1', t: rest + 50_000 + strikeAfterTime });
      return core(l.events).open?.fouls.map((f) => f.rule);
    };
    expect(timed(7_000)).toEqual([]);
    expect(timed(10_500)).toEqual(['GB-TIME-1']);
    const x = new Log();
    x.given(2, 1, 'A');
    x.add({ type: 'clock', clock: 'turn', phase: 'warn', t: x.t + 50_000 });
    x.add({ type: 'clock', clock: 'turn', phase: 'expire', t: x.t + 10_000 });
    const c = core(x.events);
    expect(c.set.turn).toBe('B');
    expect(c.pending.some((p) => p.kind === 'golf-billiards.designate')).toBe(true);
  });

  it('GB-TIME-1: with a referee, the clock after an opening only he could settle starts at his answer: no deadline unless he calls TIME', () => {
    const mk = (time: boolean) => {
      const l = new Log({ mode: 'referee' });
      const s = l.strike();
      const rest = l.events[l.rest()]!.t;
      l.add({ type: 'decide', decision: `set1-stroke-${s}:opening`, answer: 'A', t: rest + 120_000 });
      if (time) l.add({ type: 'ref', call: 'time', by: 'referee', t: rest + 170_000 });
      l.add({ type: 'strike', ball: 'A1', t: rest + 185_000 });
      l.goal('A1', 'goal-B');
      l.rest();
      return core(l.events);
    };
    expect(mk(false).clock.startedAt).not.toBeNull();
    expect(mk(false).strokes.at(-1)?.fouls).toEqual([]);
    expect(mk(false).set.turn).toBe('A');
    expect(
      mk(true)
        .strokes.at(-1)
        ?.fouls.map((f) => f.rule),
    ).toEqual(['GB-TIME-1']);
    expect(mk(true).set.turn).toBe('B');
  });

  it('GB-TIME-1: the report gives when TIME is due and the deadline, so a table with no referee can show the call', () => {
    const l = new Log();
    l.open('A');
    const rest = l.events.find((e) => e.type === 'at_rest')!.t;
    type Rep = { clock: { startedAt: number | null; timeAt: number | null; deadline: number | null } };
    expect((golfBilliards.report(run(l.events)) as Rep).clock).toMatchObject({ startedAt: rest, timeAt: rest + 50_000, deadline: rest + 60_000 });
    l.add({ type: 'ref', call: 'time', by: 'referee', t: rest + 45_000 });
    expect((golfBilliards.report(run(l.events)) as Rep).clock).toMatchObject({ timeAt: rest + 45_000, deadline: rest + 55_000 });
    l.strike('A1');
    expect((golfBilliards.report(run(l.events)) as Rep).clock).toMatchObject({ startedAt: null, timeAt: null, deadline: null });
  });

  it('GB-Q9 (reading: TIME at 50 s, deadline 60 s): a strike after the deadline is a time foul', () => {
    const mk = (after: number) => {
      const l = new Log();
      l.open('A');
      l.add({ type: 'strike', ball: 'A1', t: l.t + after });
      l.goal('A1', 'goal-B');
      l.rest();
      return core(l.events);
    };
    expect(mk(59_000).set.turn).toBe('A');
    expect(mk(61_000).set.turn).toBe('B');
    expect(mk(61_000).strokes.at(-1)?.fouls[0]?.rule).toBe('GB-TIME-1');
  });
});

describe("golf billiards: what the hub's timer waits for (nextClock)", () => {
  const due = (l: Log) => golfBilliards.nextClock!(run(l.events));

  it('GB-TIME-1: "TIME" is due 50 s after rest, then the expiry 10 s after the call; applied in turn they pass the turn with no referee', () => {
    const l = new Log();
    l.open('A');
    const rest = l.events.find((e) => e.type === 'at_rest')!.t;
    expect(due(l)).toEqual({ at: rest + 50_000, event: { type: 'clock', clock: 'turn', phase: 'warn' } });
    l.add({ ...due(l)!.event, by: 'hub', t: rest + 50_000 });
    expect(due(l)).toEqual({ at: rest + 60_000, event: { type: 'clock', clock: 'turn', phase: 'expire' } });
    l.add({ ...due(l)!.event, by: 'hub', t: rest + 60_000 });
    const c = core(l.events);
    expect(c.set.turn).toBe('B');
    expect(c.strokes.at(-1)?.fouls.map((f) => f.rule)).toEqual(['GB-TIME-1']);
    // B's 50 s run from the expiry.
    expect(due(l)).toEqual({ at: rest + 110_000, event: { type: 'clock', clock: 'turn', phase: 'warn' } });
  });

  it('GB-TIME-1: a strike takes the clock away until its balls are at rest', () => {
    const l = new Log();
    l.open('A');
    l.strike('A1');
    expect(due(l)).toBeNull();
    l.rest();
    expect(due(l)?.event.phase).toBe('warn');
  });
});
