import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { eightBallEngine, nineBallEngine } from './index';
import { Log, run } from './testkit';

const nine = (l: Log | GameEvent[]) => run(nineBallEngine, Array.isArray(l) ? l : l.events);
const eight = (l: Log | GameEvent[]) => run(eightBallEngine, Array.isArray(l) ? l : l.events);

/** Nine-ball: legal break by A (2 down), then A's shot pockets a ball the sensor cannot name, then B... */
function unknownPocketLog(): { events: GameEvent[]; pocketSeq: number; restIndex: number } {
  const l = new Log().break(['2']);
  l.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' });
  const pocketSeq = l.next;
  l.add({ type: 'pocket', pocket: 'c3', captured: true });
  const restIndex = l.events.length;
  l.rest();
  l.shot({ first: '1', cushions: ['1'] });
  return { events: l.events, pocketSeq, restIndex };
}

function insertAt(events: GameEvent[], index: number, e: GameEvent): GameEvent[] {
  return [...events.slice(0, index), e, ...events.slice(index)];
}

describe('pocket sensors without identity', () => {
  it('a captured ball without identity raises a pending decision and holds the shot', () => {
    const { events, pocketSeq } = unknownPocketLog();
    const r = nine(events);
    expect(r.summary.pending.map((p) => [p.id, p.kind])).toEqual([[`event-${pocketSeq}:ball`, 'pocket.ball-identity']]);
    expect(r.summary.provisional).toBe(true);
    expect(r.summary.turn).toBeNull();
    expect(r.report.waiting).toBe(true);
    // Which ball went down has no default: the headline says a person must answer.
    expect(r.summary.headline).toMatch(/rack 1: waiting for an answer \(1 without a default\)$/);
    expect(r.report.shots).toHaveLength(1);
  });

  it('identity arriving late (after rest, even after the next shot) gives the same state as identity at once', () => {
    const { events, pocketSeq, restIndex } = unknownPocketLog();
    const id: GameEvent = { type: 'identify', seq: 900, t: 0, ref: pocketSeq, ball: '5', by: 'sensor' };
    const atOnce = nine(insertAt(events, restIndex, id));
    const afterRest = nine(insertAt(events, restIndex + 1, id));
    const afterNext = nine([...events, id]);
    const byPerson = nine([...events, { type: 'decide', seq: 900, t: 0, decision: `event-${pocketSeq}:ball`, answer: '5' }]);
    expect(atOnce.s.view.balls['5']).toBe('pocketed');
    expect(atOnce.s.view.shots).toHaveLength(3);
    expect(atOnce.s.view.turn).toBe('B');
    expect(afterRest.s.view).toEqual(atOnce.s.view);
    expect(afterNext.s.view).toEqual(atOnce.s.view);
    expect(byPerson.s.view).toEqual(atOnce.s.view);
  });

  it('identity decides the shot: the cue ball named late makes it a scratch', () => {
    const { events, pocketSeq } = unknownPocketLog();
    const r = nine([...events, { type: 'identify', seq: 900, t: 0, ref: pocketSeq, ball: 'cue' }]);
    expect(r.report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-SHOT-1', 'PB-FOUL-2']);
    expect(r.report.shots[2]!.shooter).toBe('B');
  });

  it('a late answer to a decision gives the same state as an immediate one', () => {
    const l = new Log().break(['1']).shot({ first: '2', pockets: ['2', '9'] });
    const qid = eight(l).summary.pending[0]!.id;
    const base = l.events;
    const ans: GameEvent = { type: 'decide', seq: 900, t: 0, decision: qid, answer: 'solids' };
    const later = [
      ...base,
      { type: 'strike', seq: 50, t: 9000, ball: 'cue' },
      { type: 'contact', seq: 51, t: 9100, a: 'cue', b: '3' },
      { type: 'at_rest', seq: 52, t: 9200 },
    ] as GameEvent[];
    const immediate = eight([...base, ans, ...later.slice(base.length)]);
    const late = eight([...later, ans]);
    expect(immediate.s.view.disc.groups).toEqual({ A: 'solids', B: 'stripes' });
    expect(late.s.view).toEqual(immediate.s.view);
  });

  it('the first contact without identity is asked, not guessed', () => {
    const l = new Log().break(['2']).add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue' }).add({ type: 'cushion', ball: 'cue' }).rest();
    const r = nine(l);
    expect(r.summary.pending.map((p) => p.kind)).toEqual(['pocket.first-contact']);
    expect(nine(l.decide(r.summary.pending[0]!.id, '4')).report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
  });

  it('a ball off the table without identity is asked', () => {
    const l = new Log().break(['2']).add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).add({ type: 'off_table' }).rest();
    const r = nine(l);
    expect(r.summary.pending[0]!.kind).toBe('pocket.ball-identity');
    const done = nine(l.decide(r.summary.pending[0]!.id, '6'));
    expect(done.report.rack.balls['6']).toBe('off');
  });

  it('answers and identities that do not apply are rejected, never applied silently', () => {
    const { events, pocketSeq } = unknownPocketLog();
    const r = nine([
      ...events,
      { type: 'decide', seq: 901, t: 0, decision: 'shot-99:nothing', answer: 'x' },
      { type: 'decide', seq: 902, t: 0, decision: `event-${pocketSeq}:ball`, answer: '77' },
      { type: 'identify', seq: 903, t: 0, ref: 3, ball: '4' },
      { type: 'identify', seq: 904, t: 0, ref: pocketSeq, ball: '4' },
      { type: 'identify', seq: 905, t: 0, ref: pocketSeq, ball: '6' },
    ]);
    expect(r.report.rejected.map((x) => x.code)).toEqual(['not-open', 'bad-answer', 'unknown-ref', 'identity-conflict']);
    expect(r.report.rack.balls['4']).toBe('pocketed');
  });

  it('events before start, a bad start and a second start are rejected; bad options fall back to defaults', () => {
    const e = eightBallEngine;
    let s = e.reduce(e.initial(), { type: 'at_rest', t: 0, seq: 0 });
    s = e.reduce(s, { type: 'start', t: 0, seq: 1, players: [{ id: 'A', name: 'A' }] });
    s = e.reduce(s, {
      type: 'start',
      t: 0,
      seq: 2,
      players: [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ],
      config: { raceTo: 0, colour: 'red' },
    });
    expect(s.config.raceTo).toBe(5);
    s = e.reduce(s, {
      type: 'start',
      t: 0,
      seq: 4,
      players: [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ],
    });
    s = e.reduce(s, { type: 'goal', t: 0, seq: 5, goal: 'g' });
    s = e.reduce(s, { type: 'ref', t: 0, seq: 6, call: 'dance' });
    expect((e.report(s) as { rejected: { code: string }[] }).rejected.map((x) => x.code)).toEqual([
      'no-start',
      'players',
      'config-ignored',
      'duplicate-start',
      'not-pocket',
      'unknown-call',
    ]);
  });
});

describe('corrections (generic replay)', () => {
  it('override replaces an answer and re-decides everything after it', () => {
    const l = new Log().break(['1']).shot({ first: '2', pockets: ['2', '9'] });
    const qid = eight(l).summary.pending[0]!.id;
    l.decide(qid, 'solids').shot({ first: '3', pockets: ['3'] });
    expect(eight(l).summary.turn).toBe('A');
    l.add({ type: 'override', decision: qid, answer: 'stripes', who: 'ref', why: 'misheard' });
    const r = eight(l);
    expect(r.report.rack.groups).toEqual({ A: 'stripes', B: 'solids' });
    expect(r.report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(r.m.corrections.at(-1)!.effect).toBe(`decision ${qid}: solids -> stripes`);
  });

  it('undo takes back the last shot and redo puts it back', () => {
    const l = new Log().break(['2']).shot({ first: '1', pockets: ['1'] });
    const before = nine(l).s.view;
    const undone = nine([...l.events, { type: 'undo', t: 0, seq: 100 }]);
    expect(undone.report.rack.balls['1']).toBe('table');
    const redone = nine([...l.events, { type: 'undo', t: 0, seq: 100 }, { type: 'redo', t: 0, seq: 101 }]);
    expect(redone.s.view).toEqual(before);
    expect(replay(nineBallEngine, l.events).game.view).toEqual(before);
  });
});

describe('calls entered during a shot', () => {
  it('a set-up call during a shot is refused; an administrative one applies after the shot', () => {
    const l = new Log().break(['1']).add({ type: 'strike', ball: 'cue' }).ref('call', { ball: '2', place: 'c1' }).ref('concede', { player: 'B' });
    l.add({ type: 'contact', a: 'cue', b: '2' }).add({ type: 'pocket', ball: '2', pocket: 'c1', captured: true }).rest();
    const r = eight(l);
    expect(r.report.rejected.map((x) => x.code)).toEqual(['during-shot']);
    expect(r.report.shots.at(-1)!.pocketed).toEqual(['2']);
    expect(r.report.racks).toEqual([{ no: 1, breaker: 'A', winner: 'A', reason: 'concession', shots: 2 }]);
  });
});

describe('other inputs', () => {
  it('the referee can answer PB-BREAK-2 when no sensor proves the crossing', () => {
    const l = new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'side-head' }).ref('crossed', { value: true }).rest();
    expect(nine(l).report.rack.started).toBe(true);
  });

  it('clock events are ignored, abandon ends the match, and nothing is scored afterwards', () => {
    const l = new Log()
      .break(['2'])
      .add({ type: 'clock', clock: 'shot', phase: 'start' })
      .ref('abandon')
      .shot({ first: '1', pockets: ['1'] });
    const r = nine(l);
    expect(r.summary.status).toBe('abandoned');
    expect(r.report.rack.balls['1']).toBe('table');
    expect(r.report.rejected.map((x) => x.code)).toEqual(['match-over']);
  });
});
