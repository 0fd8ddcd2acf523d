import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { golfBilliards } from './index';
import { Log, core, pendingIds, run, score } from './testkit';

/**
 * Zone play, A's no-goal stroke raises a zone question; answer it at once, or the same log with
 * that answer moved after two more strokes (every other event keeps its seq and time).
 */
function zoneGame(answerAt: 'now' | 'late', answer: 'left' | 'stayed'): GameEvent[] {
  const l = new Log();
  l.given(2, 1, 'A');
  const s = l.miss('A4');
  const d = l.decide(`set1-stroke-${s}:zone`, answer);
  l.miss('B5');
  l.miss('A5');
  if (answerAt === 'now') return l.events;
  const late = l.events.filter((e) => e.seq !== d);
  const last = late.at(-1)!;
  return [...late, { ...l.events[d]!, seq: (last.seq ?? 0) + 1, t: last.t + 1 }];
}

describe('golf billiards: pending decisions (self-scoring)', () => {
  it('a late answer gives exactly the state an immediate answer gives', () => {
    for (const a of ['left', 'stayed'] as const) {
      expect(run(zoneGame('late', a))).toEqual(run(zoneGame('now', a)));
    }
    expect(run(zoneGame('late', 'stayed'))).not.toEqual(run(zoneGame('late', 'left')));
  });

  it('an open scoring question makes the summary provisional; the answer settles it', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    l.contact('A1', 'A2');
    l.rest();
    expect(golfBilliards.summary(run(l.events)).provisional).toBe(true);
    l.decide(`set1-stroke-${s}:own-onto-own`, 'no');
    const sum = golfBilliards.summary(run(l.events));
    expect(sum.provisional).toBe(false);
    expect(sum.pending).toEqual([]);
  });

  it('a decide for an unknown decision or with a bad answer is rejected and changes nothing', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    l.contact('A1', 'A2');
    l.rest();
    const before = core(l.events);
    l.decide('nope', 'yes');
    l.decide(`set1-stroke-${s}:own-onto-own`, 'maybe');
    const st = run(l.events);
    expect(st.core).toEqual(before);
    expect(st.decideRejected.map((r) => r.code)).toEqual(['not-pending', 'bad-answer']);
  });

  it('override replaces an earlier answer and re-decides what follows', () => {
    const log = zoneGame('now', 'left');
    const id = (log.find((e) => e.type === 'decide' && e.decision.endsWith(':zone')) as { decision: string }).decision;
    const m = replay(golfBilliards, [...log, { type: 'override', decision: id, answer: 'stayed', t: 999_999, who: 'ref', why: 'saw it' }]);
    expect(m.game.core).toEqual(run(zoneGame('now', 'stayed')).core);
    expect(m.corrections.at(-1)?.effect).toMatch(/left -> stayed/);
  });

  it('self-scoring: a foul tapped by a player is a claim the players confirm (default: it stands)', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    l.goal('A1', 'goal-B');
    const f = l.add({ type: 'ref', call: 'touch', by: 'player', who: 'bob' });
    l.rest();
    const id = `set1-stroke-${s}:claim-${f}`;
    expect(core(l.events).pending.find((p) => p.id === id)?.default).toBe('accept');
    expect(score(core(l.events)).A).toBe(0);
    l.decide(id, 'reject');
    expect(score(core(l.events)).A).toBe(1);
    expect(core(l.events).set.turn).toBe('A');
  });

  it('a foul entered after AT_REST re-resolves that stroke (before the next strike)', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    expect(core(l.events).set.turn).toBe('A');
    l.ref('foot');
    expect(score(core(l.events)).A).toBe(0);
    expect(core(l.events).set.turn).toBe('B');
  });

  it("GB-Q5 (reading: the opponent designates one of the infringer's balls on the table), then chooses its point", () => {
    const l = new Log();
    l.given(2, 1, 'A');
    const f = l.ref('time_foul');
    const id = `set1-foul-${f}:designate-A`;
    const d = core(l.events).pending.find((p) => p.id === id)!;
    expect(d.options.map((o) => o.value)).toEqual(['A4', 'A5']);
    l.decide(id, 'A5');
    expect(pendingIds(core(l.events))).toContain(`set1-foul-${f}:respot-A5`);
    expect(core(l.events).set.balls.A5?.where).toBe('waiting');
  });

  it('GB-Q5: the designate options are the balls on the table when the stroke began, so a call after AT_REST cannot void an answer given at once', () => {
    // Zone play: A holes A4 but sets up behind B's ball (GB-AIM-1: loss of turn, B designates).
    // Then A4 is found to have stopped on the lip (GB-SCORE-4): it comes back to the table.
    const l = new Log();
    l.given(2, 1, 'A');
    const s = l.strike('A4');
    l.goal('A4', 'goal-B');
    l.ref('aim_behind');
    const rest = l.rest();
    const id = `set1-stroke-${s}:designate-A`;
    expect(
      core(l.events)
        .pending.find((p) => p.id === id)
        ?.options.map((o) => o.value),
    ).toEqual(['A4', 'A5']);
    l.ref('lip_stopped', { ball: 'A4' });
    expect(
      core(l.events)
        .pending.find((p) => p.id === id)
        ?.options.map((o) => o.value),
    ).toEqual(['A4', 'A5']);
    const answer: GameEvent = { type: 'decide', decision: id, answer: 'A4', t: l.events[rest]!.t };
    const now = [...l.events.slice(0, rest + 1), answer, ...l.events.slice(rest + 1)];
    const late = [...l.events, { ...answer, t: l.t + 1 }];
    expect(run(now).decideRejected).toEqual([]);
    expect(run(now).core).toEqual(run(late).core);
    expect(core(late).set.balls.A4?.where).toBe('waiting');
    expect(score(core(late)).A).toBe(3);
    // Answered while A4 was in the goal: a ball of that colour still on the table goes instead.
    const held = new Log();
    held.given(2, 1, 'A');
    const h = held.strike('A4');
    held.goal('A4', 'goal-B');
    held.ref('aim_behind');
    held.rest();
    held.decide(`set1-stroke-${h}:designate-A`, 'A4');
    const c = core(held.events);
    expect(c.set.balls.A4?.where).toBe('holed');
    expect(c.set.balls.A5?.where).toBe('waiting');
    expect(pendingIds(c)).toContain(`set1-stroke-${h}:respot-A5`);
  });

  it('GB-Q7 (reading: a singles opening goal keeps the turn; otherwise the players say who was closest)', () => {
    const l = new Log();
    l.strike();
    l.goal('B2', 'goal-A');
    l.rest();
    const c = core(l.events);
    expect(c.set.turn).toBe('B');
    expect(score(c).B).toBe(1);
    expect(c.pending).toEqual([]);
  });

  it('GB-Q12 (reading: a late drop is put back on the lip) also when the drop comes during the next stroke setup', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    l.goal('A2', 'goal-B');
    const c = core(l.events);
    expect(score(c).A).toBe(1);
    expect(c.set.balls.A2?.where).toBe('table');
  });

  it('unknown balls are never guessed silently: a goal without a ball colour is a question (self-scoring default until answered), not a refusal', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    const g = l.add({ type: 'goal', goal: 'goal-B' });
    l.rest();
    const c = core(l.events);
    expect(c.rejected).toEqual([]);
    expect(pendingIds(c)).toEqual([`set1-stroke-${s}:goal-B-${g}`]);
    expect(golfBilliards.summary(run(l.events)).provisional).toBe(true);
    expect(score(c).A).toBe(1);
    l.decide(`set1-stroke-${s}:goal-B-${g}`, 'B');
    expect(score(core(l.events))).toMatchObject({ A: 0, B: 1 });
    // A call still names its ball: one without a known ball is refused.
    l.ref('lip_stopped', { ball: 'green' });
    expect(core(l.events).rejected.at(-1)).toMatchObject({ code: 'unknown-ball' });
  });

  it('GB-Q14 (reading: "hard and fast" is referee judgement only, never detected from sensors)', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    expect(core(l.events).set.turn).toBe('A');
    l.ref('hard_shot');
    expect(core(l.events).set.turn).toBe('B');
    expect(score(core(l.events)).A).toBe(0);
  });

  it('GB-Q15 (reading: the triangle check is made when the turn ends, and skipped when the set ended)', () => {
    const l = new Log();
    l.given(1, 5, 'A');
    l.score('A5');
    l.ref('triangle', { ball: 'A4' });
    const c = core(l.events);
    expect(c.rejected.at(-1)?.code).toBe('set-over');
    expect(c.setsWon.A).toBe(1);
  });

  it('malformed input is refused with a reason, never thrown', () => {
    const l = new Log({ mode: 'referee' });
    l.given(2, 1, 'A');
    l.strike('A4');
    l.ref('zone_report', { data: { moves: [null, 3] } });
    let s = run(l.events);
    expect(s.core!.rejected.at(-1)?.code).toBe('bad-data');
    for (const junk of [null, 42, { type: 'goal' }, { type: 'start', t: 0 }]) {
      s = golfBilliards.reduce(s, junk as unknown as GameEvent);
    }
    expect(s.core!.rejected.slice(-4).map((r) => r.code)).toEqual(['malformed', 'malformed', 'malformed', 'duplicate-start']);
    const fresh = golfBilliards.reduce(golfBilliards.initial(), { type: 'start', t: 0 } as unknown as GameEvent);
    expect(fresh.setup).toBeNull();
    expect(fresh.rejectedBeforeStart[0]?.code).toBe('bad-start');
  });

  it('a late foul call keeps what was entered between the strokes (declaration, occupied point)', () => {
    const l = new Log();
    l.open('A');
    l.score('A1');
    l.ref('declare', { ball: 'A2' });
    const s = l.strike('A3');
    l.rest();
    l.ref('spot_occupied', { place: '1' });
    l.ref('jump');
    const c = core(l.events);
    expect(c.set.declared).toEqual(['A2']);
    expect(c.pending.find((p) => p.id === `set1-stroke-${s}:respot-A3`)?.default).toBe('2');
    const m = new Log();
    m.open('A');
    m.score('A1');
    m.ref('declare', { ball: 'A2' });
    m.ref('foot');
    expect(core(m.events).set.declared).toEqual(['A2']);
    expect(core(m.events).set.turn).toBe('B');
  });

  it('GB-Q7 (reading: both sides scoring on the opening stroke is a question, self-scoring default: whose goal dropped first; an own goal loses the opening)', () => {
    const l = new Log();
    const s = l.strike();
    l.goal('A1', 'goal-B');
    l.goal('B1', 'goal-A');
    l.rest();
    const c = core(l.events);
    expect(score(c)).toMatchObject({ A: 1, B: 1 });
    const d = c.pending.find((p) => p.id === `set1-stroke-${s}:opening`)!;
    expect(d.question).toMatch(/Both sides scored/);
    // Self-scoring default: whose goal dropped first (A1 at t=200, B1 at t=300).
    expect(d.default).toBe('A');
    expect(c.set.turn).toBe('A');
    l.decide(d.id, 'B');
    expect(core(l.events).set.turn).toBe('B');
    const o = new Log();
    o.strike();
    o.goal('B1', 'goal-B');
    o.rest();
    expect(core(o.events).set.turn).toBe('A');
    expect(core(o.events).set.balls.B1?.where).toBe('waiting');
  });
});
