/** Property tests (fast-check): determinism, ball accounting, one winner per rack, undo/redo, late identity. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../../shared/game/engine';
import type { GameEvent } from '../../../shared/game/events';
import { initialMatch, replay, step } from '../common/replay';
import { EIGHT_BALLS } from './eight';
import { eightBallEngine, nineBallEngine } from './index';
import { NINE_BALLS } from './nine';
import type { PoolState, Table } from './state';

type Draft = { kind: 'shot'; ev: Omit<GameEvent, 'seq' | 't'>[] } | { kind: 'call'; ev: Omit<GameEvent, 'seq' | 't'> };

function shotArb(balls: readonly string[]) {
  const ball = fc.constantFrom(...balls);
  const any = fc.constantFrom('cue', ...balls);
  const item = fc.oneof(
    fc.record({ type: fc.constant('cushion' as const), ball: fc.option(any, { nil: undefined }), cushion: fc.constantFrom('head', 'foot', 'side') }),
    fc.record({ type: fc.constant('contact' as const), a: any, b: fc.option(any, { nil: undefined }) }),
    fc.record({
      type: fc.constant('pocket' as const),
      ball: fc.option(any, { freq: 12, nil: undefined }),
      pocket: fc.constantFrom('c1', 'c2', 's1'),
      captured: fc.boolean(),
    }),
    fc.record({
      type: fc.constant('off_table' as const),
      ball: fc.option(any, { freq: 12, nil: undefined }),
      returned: fc.option(fc.boolean(), { nil: undefined }),
    }),
  );
  return fc
    .record({
      first: fc.option(ball, { freq: 8, nil: undefined }),
      items: fc.array(item, { maxLength: 5 }),
      player: fc.option(fc.constantFrom('A', 'B'), { freq: 6, nil: undefined }),
    })
    .map((s): Draft => ({
      kind: 'shot',
      ev: [
        { type: 'strike', ball: 'cue', ...(s.player ? { player: s.player } : {}) },
        ...(s.first ? [{ type: 'contact' as const, a: 'cue', b: s.first }] : []),
        ...s.items,
        { type: 'at_rest' },
      ] as Omit<GameEvent, 'seq' | 't'>[],
    }));
}

function callArb(balls: readonly string[]) {
  return fc
    .oneof(
      fc.record({
        call: fc.constantFrom('foul'),
        value: fc.constantFrom('touch', 'foot', 'jump', 'interfering', 'marking'),
        player: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
      }),
      fc.record({ call: fc.constant('call'), ball: fc.constantFrom(...balls), place: fc.constantFrom('c1', 'c2', 's1') }),
      fc.record({ call: fc.constantFrom('safety', 'push-out', 'kitchen-warning') }),
      fc.record({ call: fc.constant('concede'), player: fc.constantFrom('A', 'B') }),
      fc.record({ call: fc.constant('interference'), value: fc.constantFrom('affected', 'not-affected', 'unrestorable') }),
    )
    .map((c): Draft => ({ kind: 'call', ev: { type: 'ref', by: 'referee', ...c } as Omit<GameEvent, 'seq' | 't'> }));
}

function logArb(balls: readonly string[]) {
  return fc.array(fc.oneof({ arbitrary: shotArb(balls), weight: 5 }, { arbitrary: callArb(balls), weight: 1 }), { maxLength: 40 }).map((drafts) => {
    const out: GameEvent[] = [
      {
        type: 'start',
        seq: 0,
        t: 0,
        players: [
          { id: 'A', name: 'Ayşe' },
          { id: 'B', name: 'Noam' },
        ],
        config: { raceTo: 2 },
      },
    ];
    let t = 0;
    const add = (e: Omit<GameEvent, 'seq' | 't'>) => out.push({ ...e, seq: out.length, t: (t += 100) } as GameEvent);
    for (const d of drafts) {
      if (d.kind === 'shot') d.ev.forEach(add);
      else add(d.ev);
    }
    return out;
  });
}

/** Every unidentified captured pocket / off-table event gets an identity: right after it, or all at the end. */
function withIdentities(log: GameEvent[], names: string[], atEnd: boolean): GameEvent[] {
  const out: GameEvent[] = [];
  const late: GameEvent[] = [];
  let k = 0;
  for (const e of log) {
    out.push(e);
    if ((e.type === 'pocket' && e.captured && e.ball === undefined) || (e.type === 'off_table' && e.ball === undefined && e.returned !== true)) {
      const id: GameEvent = { type: 'identify', seq: 10_000 + k, t: e.t, ref: e.seq!, ball: names[k % names.length]! };
      k++;
      if (atEnd) late.push(id);
      else out.push(id);
    }
  }
  return [...out, ...late];
}

function checkBalls(t: Table, balls: readonly string[]): void {
  expect(Object.keys(t.balls).sort()).toEqual(['cue', ...balls].sort());
  for (const b of Object.values(t.balls)) expect(['table', 'pocketed', 'off']).toContain(b);
  expect(t.balls['cue']).toBe('table');
  // The game ball is never left off the table: the 9 is spotted; the 8 off the table waits for its re-spot option
  // (or ended the match: the last rack's position is kept in the report).
  if (balls.length === 9) expect(t.balls['9']).not.toBe('off');
  else if (t.balls['8'] === 'off' && t.status !== 'finished') expect(t.questions.some((q) => q.decision.kind.startsWith('pocket.break-eight'))).toBe(true);
}

const games: [string, RulesEngine<PoolState>, readonly string[]][] = [
  ['eight-ball', eightBallEngine, EIGHT_BALLS],
  ['nine-ball', nineBallEngine, NINE_BALLS],
];

describe.each(games)('%s properties', (_name, engine, balls) => {
  it('determinism: replaying the same log twice gives equal states', () => {
    fc.assert(
      fc.property(logArb(balls), (log) => {
        expect(replay(engine, log)).toEqual(replay(engine, log));
      }),
      { numRuns: 60 },
    );
  });

  it('every ball is on the table, pocketed, or off the table at every step, and each finished rack has exactly one winner', () => {
    // Counted over all runs, so the property cannot pass by never taking a ball off the table.
    let ballsDown = 0;
    fc.assert(
      fc.property(logArb(balls), (log) => {
        let m = initialMatch(engine);
        for (const e of log) {
          m = step(engine, m, e);
          const t = m.game.view;
          checkBalls(t, balls);
          for (const r of t.racks) expect(['A', 'B']).toContain(r.winner);
          const won = Object.values(t.racksWon).reduce((a, b) => a + b, 0);
          expect(won).toBe(t.racks.length);
          if (t.status === 'finished') expect(t.racksWon[t.winner!]).toBe(2);
          else expect(t.winner).toBeNull();
        }
        const end = m.game.view;
        ballsDown += Object.values(end.balls).filter((b) => b !== 'table').length;
      }),
      { numRuns: 60 },
    );
    expect(ballsDown).toBeGreaterThan(0);
  });

  it('exactly one winner per rack: whatever happened in it, once its questions are answered, ending the rack credits one player once', () => {
    let ended = 0;
    fc.assert(
      fc.property(logArb(balls), (log) => {
        let m = replay(engine, log);
        let seq = 30_000;
        for (let i = 0; i < 40 && m.game.view.questions.length > 0; i++) {
          const q = m.game.view.questions[0]!.decision;
          m = step(engine, m, { type: 'decide', seq: seq++, t: 0, decision: q.id, answer: q.default ?? q.options[0]!.value });
        }
        const before = m.game.view;
        if (before.status !== 'playing' || before.blocked) return;
        m = step(engine, m, { type: 'ref', seq: seq++, t: 0, call: 'concede', player: 'A', by: 'referee' });
        const after = m.game.view;
        expect(after.racks.map((r) => r.no)).toEqual([...before.racks.map((r) => r.no), before.rackNo]);
        expect(after.racks.at(-1)!.winner).toBe('B');
        expect(after.racksWon).toEqual({ A: before.racksWon['A'], B: before.racksWon['B']! + 1 });
        ended++;
      }),
      { numRuns: 60 },
    );
    // Most generated matches reach a rack in play: the property is not vacuous.
    expect(ended).toBeGreaterThan(10);
  });

  it('undo then redo returns the same game state', () => {
    fc.assert(
      fc.property(logArb(balls), fc.nat(), (log, cut) => {
        const prefix = log.slice(0, 1 + (cut % log.length));
        const before = replay(engine, prefix).game.view;
        const after = replay(engine, [...prefix, { type: 'undo', t: 0, seq: 5000 }, { type: 'redo', t: 0, seq: 5001 }]).game.view;
        expect(after).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it('reduce never throws: stray answers, identities, corrections and foreign events are recorded, not fatal', () => {
    const stray = fc.oneof(
      fc.record({
        type: fc.constant('decide' as const),
        decision: fc.constantFrom('event-3:ball', 'shot-1:break-foul', 'lag-1:choice', 'nope'),
        answer: fc.constantFrom('1', 'cue', 'accept', 'yes', 'x'),
      }),
      fc.record({ type: fc.constant('identify' as const), ref: fc.nat({ max: 60 }), ball: fc.constantFrom('cue', '1', '9', '15', 'zz') }),
      fc.record({ type: fc.constantFrom('undo' as const, 'redo' as const, 'at_rest' as const) }),
      fc.record({ type: fc.constant('goal' as const), goal: fc.constant('g1') }),
      fc.record({
        type: fc.constant('ref' as const),
        call: fc.constantFrom('lag', 'crossed', 'restore-choice', 'frozen', 'x'),
        value: fc.option(fc.constantFrom('restore', true, 3), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(logArb(balls), fc.array(fc.tuple(fc.nat(), stray), { maxLength: 12 }), (log, extras) => {
        let events = [...log];
        for (const [at, e] of extras) {
          const i = 1 + (at % events.length);
          events = [...events.slice(0, i), { ...e, t: 0, seq: 20_000 + i } as GameEvent, ...events.slice(i)];
        }
        const m = replay(engine, events);
        expect(() => engine.summary(m.game)).not.toThrow();
        checkBalls(m.game.view, balls);
      }),
      { numRuns: 60 },
    );
  });

  it('identities arriving late give the same game as identities arriving at once', () => {
    fc.assert(
      fc.property(logArb(balls), fc.array(fc.constantFrom('cue', ...balls), { minLength: 1, maxLength: 5 }), (log, names) => {
        const early = replay(engine, withIdentities(log, names, false)).game.view;
        const late = replay(engine, withIdentities(log, names, true)).game.view;
        expect(late).toEqual(early);
      }),
      { numRuns: 60 },
    );
  });
});
