/**
 * The carom engines' state is O(1) per event (histories as persistent lists, the shot's possible
 * readings searched by role): same results as the plain definitions, pure, and sharing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { fromArray as fromList, fromPortable, toArray as toList, toPortable } from '../common/plist';
import { toArray as tailOf } from '../common/prefix';
import { initialMatch, replay, step } from '../common/replay';
import { ballsOf, defaultConfig, type CaromGame } from './config';
import { fourBall, threeBall, threeCushion } from './index';
import { allOutcomes, outcomeOf, possibleOutcomes, type ShotContext } from './outcome';
import { decisionId, isShotDecision, type LiveDecision, type ShotDecision } from './evidence';
import type { CaromState } from './state';
import type { Live } from './state';
import { readings } from './shot';
import { Log } from './testkit';

const GAMES: CaromGame[] = ['three-cushion', 'three-ball', 'four-ball'];

function shotArb(balls: readonly string[]) {
  const ball = fc.option(fc.constantFrom(...balls), { nil: undefined, freq: 2 });
  const ev = fc.oneof(
    fc.tuple(ball, fc.constantFrom('L1', 'L2', 'S1', 'S2')).map(([b, cushion]) => ({ type: 'cushion' as const, ...(b ? { ball: b } : {}), cushion })),
    fc.tuple(ball, ball).map(([a, b]) => ({ type: 'contact' as const, ...(a ? { a } : {}), ...(b && b !== a ? { b } : {}) })),
    ball.map((b) => ({ type: 'off_table' as const, ...(b ? { ball: b } : {}) })),
  );
  return fc.array(ev, { maxLength: 9 }).map((xs) => xs.map((x, seq) => ({ ...x, seq, t: seq }) as GameEvent));
}

describe('possible outcomes of an uncertain shot', () => {
  it.each(GAMES)('%s: the same outcomes, in the same order, as trying every reading', (game) => {
    const balls = ballsOf(game, defaultConfig(game));
    fc.assert(
      fc.property(
        shotArb(balls),
        fc.constantFrom(...balls.slice(0, 2)),
        fc.boolean(),
        fc.constantFrom('contacts', 'distinct') as fc.Arbitrary<'contacts' | 'distinct'>,
        (events, cue, opening, cushionCount) => {
          const config = { ...defaultConfig(game), cushionCount };
          const ctx: ShotContext = { game, config, cue, opening };
          const all = readings(events, balls);
          // Too many readings: every outcome of the game; 4-ball: none but "none" once a contact was
          // heard, only "none" without one (C4-ERASE-1, outcome.ts).
          const contact = events.some((e) => e.type === 'contact');
          const tooMany = game === 'four-ball' && !contact ? ['none'] : allOutcomes(game, game === 'four-ball' && contact);
          const expected = all === null ? tooMany : [...new Set(all.map((r) => outcomeOf(r, ctx)))];
          expect(possibleOutcomes(events, balls, ctx)).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});

function deepFreeze<T>(x: T, seen = new Set<unknown>()): T {
  if (x === null || typeof x !== 'object' || seen.has(x)) return x;
  seen.add(x);
  for (const v of Object.values(x as object)) deepFreeze(v, seen);
  return Object.freeze(x);
}

/** A match with every kind of history: unknown balls (decisions), answers, fouls, notes, edits. */
function busyLog(): Log {
  const l = new Log(['A', 'B'], { lag: false, ruleset: 'ceb-004', distance: null });
  for (let i = 0; i < 6; i++) {
    l.point3c('W');
    l.strike('W').cushion(undefined).cushion('W', 'S1').cushion('W', 'L2').contact('W', 'R').contact('W', undefined).rest();
    if (i % 2 === 0) l.decide(`shot-${4 * i + 2}:point`, 'miss');
    l.miss('Y').foul('touch');
    l.nothing('W');
  }
  return l.ref('edit_inning', { player: 'A', why: 'scoreboard', data: { inning: 1, run: 2 } });
}

describe('carom state', () => {
  it.each([threeCushion, threeBall, fourBall])('$id: reduce never mutates its input (deep-frozen states)', (engine) => {
    const log = busyLog().events;
    let m = initialMatch(engine);
    for (const e of log) {
      const before = JSON.stringify(m.game);
      deepFreeze(m.game);
      const next = step(engine, m, e);
      expect(JSON.stringify(m.game)).toBe(before);
      m = next;
    }
    expect(m.game.core.rejected.filter((r) => r.code === 'internal')).toEqual([]);
  });

  it('appending shares the histories instead of copying them', () => {
    const log = new Log(['A', 'B'], { lag: false });
    for (let i = 0; i < 300; i++) log.miss(i % 2 === 0 ? 'W' : 'Y');
    const m = replay(threeCushion, log.events);
    const s0 = m.game;
    // A miss closes the inning of the player at the table: one new run on top of the same list.
    const at = s0.core.order[s0.core.turn!]!;
    const s1 = [ev('strike'), ev('contact'), ev('cushion'), ev('at_rest')].reduce((s, e) => threeCushion.reduce(s, e), s0);
    const p0 = s0.live.players.find((p) => p.id === at)!;
    const p1 = s1.live.players.find((p) => p.id === at)!;
    expect(p1.runs).not.toBeNull();
    expect(p1.runs!.init).toBe(p0.runs);
    expect(s1.live.notes!.init).toBe(s0.live.notes);
    // An open decision keeps the events since it in one shared array (common/prefix.ts): the
    // next state extends it in place, and the older state still reads exactly its own events.
    const s2 = [ev('strike'), ev('cushion'), ev('cushion'), ev('cushion'), ev('contact'), ev('contact'), ev('at_rest'), ev('strike')].reduce(
      (s, e) => threeCushion.reduce(s, e),
      s1,
    );
    expect(s2.live.pending).not.toBeNull();
    const before = tailOf(s2.tail);
    const next = ev('cushion');
    const s3 = threeCushion.reduce(s2, next);
    expect(s3.tail!.items).toBe(s2.tail!.items);
    expect(tailOf(s3.tail)).toEqual([...before, next]);
    expect(tailOf(s2.tail)).toEqual(before);
  });

  it('a snapshot written before 2026-11-30 (tail as a list, point questions with an evidence object) folds on alike', () => {
    const log = busyLog().events;
    const json = (x: unknown) => JSON.stringify(toPortable(x));
    let open = 0;
    for (let cut = 1; cut < log.length; cut++) {
      const s = replay(threeCushion, log.slice(0, cut)).game;
      if (s.tail === null) continue;
      open++;
      // The same state as the previous code wrote it (legacy.ts).
      const oldForm = (l: Live): Live => ({ ...l, pending: fromList(toList(l.pending).map((d) => (isShotDecision(d) ? oldQuestion(d) : d))) });
      const old = { live: oldForm(s.live), base: s.base && oldForm(s.base), tail: fromList(tailOf(s.tail)) };
      let restored = fromPortable(JSON.parse(json(old))) as CaromState;
      expect(json(threeCushion.summary(restored))).toBe(json(threeCushion.summary(s)));
      for (const e of log.slice(cut)) restored = threeCushion.reduce(restored, e);
      const direct = replay(threeCushion, log).game;
      expect(json(threeCushion.report(restored))).toBe(json(threeCushion.report(direct)));
    }
    expect(open).toBeGreaterThan(5);
  });

  it('a long match: the report is the documented arrays, consistent with the working state', () => {
    const log = new Log(['A', 'B'], { lag: false, distance: null });
    for (let i = 0; i < 4000; i++) {
      if (i % 3 === 0) log.point3c(i % 2 === 0 ? 'W' : 'Y');
      else log.miss(i % 2 === 0 ? 'W' : 'Y');
    }
    const s: CaromState = replay(threeCushion, log.events).game;
    const r = threeCushion.report(s) as { players: { points: number; runs: number[]; innings: number; highRun: number }[]; notes: string[] };
    for (const p of r.players) {
      expect(p.runs.length).toBe(p.innings);
      expect(p.runs.reduce((a, b) => a + b, 0)).toBe(p.points);
      expect(Math.max(0, ...p.runs)).toBe(p.highRun);
    }
    expect(r.notes).toEqual(s.core.notes);
    expect(threeCushion.summary(s).players.map((p) => p.score)).toEqual(r.players.map((p) => p.points));
  });
});

/** A point question as the code before 2026-11-30 kept it. */
function oldQuestion(d: ShotDecision): LiveDecision {
  const { cue, events, who, shot, ...rest } = d;
  const unknown = events.filter(
    (e) => (e.type === 'cushion' && e.ball === undefined) || (e.type === 'contact' && (e.a === undefined || e.b === undefined)),
  ).length;
  return { id: decisionId(d), ...rest, evidence: { cue, events, unknown, who, shot, fourBall: d.kind === 'c4.point' } } as unknown as LiveDecision;
}

let seq = 1_000_000;
function ev(type: 'strike' | 'contact' | 'cushion' | 'at_rest', ball?: string): GameEvent {
  seq++;
  if (type === 'strike') return { type, seq, t: seq, ...(ball ? { ball } : {}) };
  if (type === 'cushion') return { type, seq, t: seq, cushion: 'L1' };
  return { type, seq, t: seq } as GameEvent;
}
