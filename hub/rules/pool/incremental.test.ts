/**
 * The pocket engines fold each ordinary event in O(current shot): earlier shots are folded once
 * into the frontier, and a shot that waits for an answer no longer makes every later event
 * re-fold the match. Checked against the full re-fold, for purity, and on a long held match.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { initialMatch, replay, step } from '../common/replay';
import { toArray } from '../common/plist';
import { eightBall } from './eight';
import { refresh } from './reducer';
import { eightBallEngine, nineBallEngine } from './index';
import { nineBall } from './nine';
import { Log } from './testkit';

type Draft = Omit<GameEvent, 'seq' | 't'>;

function logArb(balls: readonly string[]) {
  const any = fc.constantFrom('cue', ...balls);
  const item: fc.Arbitrary<Draft> = fc.oneof(
    fc.record({ type: fc.constant('strike' as const), ball: fc.constant('cue') }),
    fc.record({
      type: fc.constant('contact' as const),
      a: fc.option(fc.constant('cue'), { nil: undefined, freq: 6 }),
      b: fc.option(any, { nil: undefined, freq: 4 }),
    }),
    fc.record({ type: fc.constant('cushion' as const), ball: fc.option(any, { nil: undefined }), cushion: fc.constantFrom('head', 'foot', 'side') }),
    fc.record({
      type: fc.constant('pocket' as const),
      ball: fc.option(any, { freq: 6, nil: undefined }),
      pocket: fc.constantFrom('c1', 'c2'),
      captured: fc.boolean(),
    }),
    fc.record({ type: fc.constant('off_table' as const), ball: fc.option(any, { freq: 6, nil: undefined }) }),
    fc.constant({ type: 'at_rest' as const }),
    fc.constant({ type: 'at_rest' as const }),
    fc.record({
      type: fc.constant('ref' as const),
      by: fc.constant('referee' as const),
      call: fc.constantFrom('foul', 'call', 'safety', 'concede', 'interference', 'lag', 'frozen'),
      value: fc.constantFrom('touch', 'affected', 'not-affected'),
      ball: fc.constantFrom(...balls),
      player: fc.constantFrom('A', 'B'),
    }),
    fc.record({ type: fc.constant('clock' as const), clock: fc.constant('shot'), phase: fc.constant('start' as const) }),
  );
  return fc.array(fc.tuple(item, fc.nat(9)), { maxLength: 80 });
}

const games = [
  ['eight-ball', eightBallEngine, eightBall],
  ['nine-ball', nineBallEngine, nineBall],
] as const;

function deepFreeze<T>(x: T, seen = new Set<unknown>()): T {
  if (x === null || typeof x !== 'object' || seen.has(x)) return x;
  seen.add(x);
  for (const v of Object.values(x as object)) deepFreeze(v, seen);
  return Object.freeze(x);
}

describe.each(games)('%s: incremental fold', (_name, engine, d) => {
  it('after every event, the full re-fold of the tail gives the same state; reduce never mutates its input', () => {
    fc.assert(
      fc.property(logArb(d.objectBalls), (items) => {
        let m = initialMatch(engine);
        const log: GameEvent[] = [];
        const add = (e: Draft) => {
          const ev = { ...e, seq: log.length, t: log.length * 100 } as GameEvent;
          log.push(ev);
          const before = JSON.stringify(m.game);
          deepFreeze(m.game);
          const next = step(engine, m, ev);
          expect(JSON.stringify(m.game)).toBe(before);
          m = next;
          const full = refresh(d, m.game);
          expect(full.view).toEqual(m.game.view);
          expect(full.settled).toEqual(m.game.settled);
          expect(toArray(full.tail)).toEqual(toArray(m.game.tail));
          expect(full.rejected).toEqual(m.game.rejected);
        };
        add({
          type: 'start',
          players: [
            { id: 'A', name: 'A' },
            { id: 'B', name: 'B' },
          ],
          config: { raceTo: 2 },
        } as Draft);
        for (const [e, pick] of items) {
          add(e);
          // Answer an open question now and then (the answer re-folds from the settled state).
          const q = m.game.view.questions[pick % Math.max(1, m.game.view.questions.length)];
          if (q && pick % 3 === 0)
            add({ type: 'decide', decision: q.decision.id, answer: q.decision.options[pick % q.decision.options.length]!.value, by: 'player' } as Draft);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("a shot waiting for an answer holds 3,000 later events; the late answer gives the immediate answer's game", () => {
    const l = new Log();
    l.break(['2']);
    // First contact without the object ball: the shot waits for the referee.
    l.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'side' }).rest();
    const waiting = l.events.length;
    const question = replay(engine, l.events).game.view.questions.find((q) => q.decision.kind === 'pocket.first-contact')!;
    expect(question).toBeDefined();
    while (l.events.length < waiting + 3000) l.shot({ first: '3', cushions: ['cue'] });
    const held = replay(engine, l.events).game;
    expect(held.view.blocked).toBe(true);
    const answer: GameEvent = {
      type: 'decide',
      seq: 90_000,
      t: 90_000,
      decision: question.decision.id,
      answer: question.decision.options[0]!.value,
      by: 'referee',
    };
    const late = replay(engine, [...l.events, answer]).game;
    const prompt = replay(engine, [...l.events.slice(0, waiting), answer, ...l.events.slice(waiting)]).game;
    expect(late.view.blocked).toBe(false);
    expect(late.view.shots.length).toBeGreaterThan(50);
    expect(late.view).toEqual(prompt.view);
  });
});
