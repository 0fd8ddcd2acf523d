import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { golfBilliards } from './index';
import { firstDropDefault, occupiedByAnswer, openingDefault, respotDefault, respotPlacement } from './questions';
import { Log, core, pendingIds, run, score } from './testkit';

/**
 * The same log with one `decide` given right after the question is raised ('now') or moved to the
 * end of the log ('late'); every other event keeps its seq and time.
 */
function moveLate(l: Log, d: number, at: 'now' | 'late'): GameEvent[] {
  if (at === 'now') return l.events;
  const rest = l.events.filter((e) => e.seq !== d);
  const last = rest.at(-1)!;
  return [...rest, { ...l.events[d]!, seq: (last.seq ?? 0) + 1, t: last.t + 1 }];
}

/** Opening without a goal, answered `answer`, then four strokes named by ball only. */
function openingGame(answer: string, at: 'now' | 'late', config: Record<string, unknown> = {}): GameEvent[] {
  const l = new Log(config);
  const s = l.strike();
  l.rest();
  const d = l.decide(`set1-stroke-${s}:opening`, answer);
  l.score('A1');
  l.miss('A2');
  l.miss('B1');
  l.score('B2');
  return moveLate(l, d, at);
}

/** Both last balls in at the same time (A struck), answered `answer`, then set 2 begins. */
function deadHeatGame(answer: string, at: 'now' | 'late', config: Record<string, unknown> = {}): GameEvent[] {
  const l = new Log(config);
  l.given(1, 1, 'A');
  const s = l.strike('A5');
  l.goal('B5', 'goal-A', 90_000);
  l.goal('A5', 'goal-B', 90_000);
  l.rest(90_100);
  const d = l.decide(`set1-stroke-${s}:first-drop`, answer);
  l.set = 2;
  l.strike();
  l.goal('B1', 'goal-A');
  l.rest();
  l.score('B2');
  l.miss('B3');
  return moveLate(l, d, at);
}

describe('golf billiards: defaults of the opening and first-drop questions', () => {
  it('openingDefault / firstDropDefault: self mode never leaves them empty; referee mode does', () => {
    const sides = ['A', 'B'] as const;
    expect(openingDefault('self', sides, {})).toBe('repeat');
    expect(openingDefault('self', sides, { A: 200 })).toBe('repeat');
    expect(openingDefault('self', sides, { A: 300, B: 200 })).toBe('B');
    expect(openingDefault('self', sides, { A: 200, B: 300 })).toBe('A');
    expect(openingDefault('self', sides, { A: 200, B: 200 })).toBe('repeat');
    expect(openingDefault('referee', sides, { A: 200, B: 300 })).toBeNull();
    expect(firstDropDefault('self', sides, 'A')).toBe('B');
    expect(firstDropDefault('self', sides, 'B')).toBe('A');
    expect(firstDropDefault('referee', sides, 'A')).toBeNull();
  });

  it('GB-Q7 (reading: nobody taps who was closest: the opening is played again; goals still count and the first side to score alone keeps the turn)', () => {
    const l = new Log();
    const s1 = l.strike();
    l.rest();
    let c = core(l.events);
    expect(c.pending.find((p) => p.id === `set1-stroke-${s1}:opening`)).toMatchObject({ default: 'repeat', answeredBy: 'players' });
    expect(c.pending.find((p) => p.id === `set1-stroke-${s1}:opening`)?.options.map((o) => o.value)).toEqual(['A', 'B', 'repeat']);
    expect(c.set).toMatchObject({ phase: 'opening', turn: null });
    // The players just play on: a goalless stroke is again an opening, then B scores alone.
    l.miss('A1');
    expect(core(l.events).set.phase).toBe('opening');
    l.score('B1');
    c = core(l.events);
    expect(c.set).toMatchObject({ phase: 'play', turn: 'B' });
    expect(score(c)).toMatchObject({ A: 0, B: 1 });
    expect(c.rejected).toEqual([]);
    // A late tap "A was closest" re-decides everything after it.
    l.decide(`set1-stroke-${s1}:opening`, 'A');
    c = core(l.events);
    expect(c.strokes.map((r) => r.opening)).toEqual([true, false, false]);
  });

  it('GB-DBL-4 (reading: referee mode keeps the opening question blocking: no default, strikes wait for the answer)', () => {
    const l = new Log({ mode: 'referee' });
    const s = l.strike();
    l.rest();
    const id = `set1-stroke-${s}:opening`;
    expect(core(l.events).pending.find((p) => p.id === id)).toMatchObject({ default: null, answeredBy: 'referee' });
    l.strike('A1');
    expect(core(l.events).rejected.at(-1)?.code).toBe('awaiting-decision');
    expect(core(l.events).set.phase).toBe('awaiting');
    l.decide(id, 'repeat');
    expect(core(l.events).set.phase).toBe('opening');
  });

  it('GB-END-4 (reading: referee mode keeps the dead-heat question blocking; self mode plays on into set 2)', () => {
    const ref = core(deadHeatGame('B', 'late', { mode: 'referee' }).slice(0, -1));
    expect(ref.sets).toEqual([]);
    expect(ref.set.phase).toBe('awaiting');
    expect(ref.rejected.filter((r) => r.code === 'awaiting-decision').length).toBeGreaterThan(0);
    const self = core(deadHeatGame('B', 'late').slice(0, -1));
    expect(self.sets.map((x) => x.winner)).toEqual(['B']);
    expect(self.set.number).toBe(2);
    expect(self.rejected).toEqual([]);
  });

  it('a late answer to the opening gives exactly the state an immediate one gives (self and referee mode)', () => {
    for (const config of [{}, { mode: 'referee' }]) {
      for (const a of ['A', 'B', 'repeat']) expect(run(openingGame(a, 'late', config))).toEqual(run(openingGame(a, 'now', config)));
      expect(run(openingGame('A', 'late', config)).core).not.toEqual(run(openingGame('B', 'late', config)).core);
    }
    // Answering the default changes nothing but the record of the answer.
    const dflt = core(openingGame('repeat', 'late'));
    const none = core(openingGame('repeat', 'late').slice(0, -1));
    const game = (c: typeof dflt) => ({ set: c.set, sets: c.sets, strokes: c.strokes, rejected: c.rejected });
    expect(game(dflt)).toEqual(game(none));
    expect(pendingIds(none)).toContain('set1-stroke-1:opening');
  });

  it('a late answer to a first-drop tie gives exactly the state an immediate one gives (self and referee mode)', () => {
    for (const config of [{}, { mode: 'referee' }]) {
      for (const a of ['A', 'B']) expect(run(deadHeatGame(a, 'late', config))).toEqual(run(deadHeatGame(a, 'now', config)));
      const [ca, cb] = [core(deadHeatGame('A', 'late', config)), core(deadHeatGame('B', 'late', config))];
      expect(ca.setsWon).toEqual({ A: 1, B: 0 });
      expect(cb.setsWon).toEqual({ A: 0, B: 1 });
      expect(score(cb)).toMatchObject({ B: 2 });
    }
    expect(golfBilliards.summary(run(deadHeatGame('B', 'late').slice(0, -1))).provisional).toBe(true);
  });

  it('property: late and immediate answers to the opening and to a first-drop tie give equal states, whatever is played after', () => {
    const stroke = fc.record({ ball: fc.constantFrom('A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'A', 'B'), goal: fc.constantFrom(null, 'goal-A', 'goal-B') });
    fc.assert(
      fc.property(
        fc.constantFrom('self', 'referee'),
        fc.constantFrom('A', 'B'),
        fc.boolean(),
        fc.constantFrom('A', 'B', 'repeat'),
        fc.array(stroke, { maxLength: 8 }),
        (mode, striker, tie, answer, after) => {
          const games = (['now', 'late'] as const).map((at) => {
            const l = new Log({ mode });
            let d: number;
            if (tie) {
              l.given(1, 1, striker);
              const s = l.strike(`${striker}5`);
              l.goal(`${striker === 'A' ? 'B' : 'A'}5`, striker === 'A' ? 'goal-A' : 'goal-B', 90_000);
              l.goal(`${striker}5`, striker === 'A' ? 'goal-B' : 'goal-A', 90_000);
              l.rest(90_100);
              d = l.decide(`set1-stroke-${s}:first-drop`, answer === 'repeat' ? striker : answer);
            } else {
              const s = l.strike();
              l.rest();
              d = l.decide(`set1-stroke-${s}:opening`, answer);
            }
            for (const x of after) {
              l.strike(x.ball);
              if (x.goal !== null) l.goal(x.ball.length > 1 ? x.ball : `${x.ball}4`, x.goal);
              l.rest();
            }
            return run(moveLate(l, d, at));
          });
          expect(games[1]).toEqual(games[0]);
          expect(games[1]!.decideRejected).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
    // Bounded work (150 short logs); the limit only keeps a loaded machine from failing it.
  }, 120_000);

  it('re-spot helpers: default skips points believed occupied; a tap is trusted unless the point is certainly taken; 4/5 and near say what is taken', () => {
    expect(respotDefault([])).toBe('1');
    expect(respotDefault(['1', '2', '3'])).toBe('4');
    expect(respotDefault(['1', '2', '3', '4', '5'])).toBe('near');
    expect(respotPlacement('1', [])).toBe('1');
    expect(respotPlacement('1', ['1'])).toBe('4');
    expect(respotPlacement('1', ['1', '4'])).toBe('5');
    expect(respotPlacement('4', ['4'])).toBe('5');
    expect(respotPlacement('2', ['1', '2', '3', '4', '5'])).toBe('near');
    expect(respotPlacement('near', [])).toBe('near');
    expect(occupiedByAnswer('2')).toEqual([]);
    expect(occupiedByAnswer('5')).toEqual(['1', '2', '3']);
    expect(occupiedByAnswer('near')).toEqual(['1', '2', '3', '4', '5']);
  });
});
