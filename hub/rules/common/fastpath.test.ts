/**
 * The replay speed-ups of issue 12 changed how three engines keep their state: golf billiards and
 * minigolf keep their growing histories as persistent lists, carom keeps the evidence of a point
 * question as the shot's events, and the replay keeps the events in force in one shared array.
 * On random logs, these states must read exactly like the plain ones: the same documented view as
 * a straightforward fold, and the same after a snapshot.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { fourBall } from '../carom/index';
import type { CaromState } from '../carom/state';
import { decisionView, evidenceLines, isShotDecision } from '../carom/evidence';
import { derive } from '../golf-billiards/reducer';
import { golfBilliards } from '../golf-billiards/index';
import { coreView, type GbState } from '../golf-billiards/state';
import { minigolf } from '../minigolf/index';
import type { Announcement, State as MgState } from '../minigolf/state';
import { fromPortable, toArray, toPortable } from './plist';
import { initialMatch, replay, step, toArray as eventsInForce, type MatchState } from './replay';

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
const maybe = <T>(xs: readonly T[], i: number): T | undefined => (i % (xs.length + 1) === xs.length ? undefined : pick(xs, i));

type Draft = Record<string, unknown> & { type: string };

/** Random logs of one game: `make` turns each random triple into some events (`play` is its own state). */
function logOf(start: Draft, make: (k: number, a: number, b: number, play: { n: number }) => Draft[]) {
  return fc.array(fc.tuple(fc.nat(20), fc.nat(50), fc.nat(50)), { maxLength: 80 }).map((xs) => {
    const log: GameEvent[] = [{ ...start, seq: 0, t: 0 } as GameEvent];
    const play = { n: 0 };
    for (const [k, a, b] of xs) for (const d of make(k, a, b, play)) log.push({ t: log.length * 100, ...d, seq: log.length } as GameEvent);
    return log;
  });
}

const BALLS4 = ['W', 'Y', 'R', 'M'];
const caromLog = logOf(
  {
    type: 'start',
    players: [
      { id: 'A', name: 'A' },
      { id: 'B', name: 'B' },
    ],
  },
  (k, a, b, play) => {
    if (k >= 18) return [{ type: 'decide', decision: `shot-${1 + (a % Math.max(1, play.n))}:point`, answer: pick(['p0', 'p1', 'p5', 'none'], b) }];
    if (k === 17) return [{ type: 'off_table', ball: maybe(BALLS4, a) }];
    // A shot: strike, then cushions and contacts the sensors may or may not name, then at rest.
    play.n++;
    const shot: Draft[] = [{ type: 'strike', ball: maybe(BALLS4, a % 7) }];
    for (let i = 0; i < k % 5; i++) shot.push({ type: 'cushion', ball: maybe(BALLS4, a + i), cushion: pick(['L1', 'S1', 'L2', 'S2'], b + i) });
    for (let i = 0; i < 1 + (b % 3); i++) shot.push({ type: 'contact', a: maybe(BALLS4, a * (i + 1)), b: maybe(BALLS4, b + i) });
    shot.push({ type: 'at_rest' });
    return shot;
  },
);

const GB = ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5'];
const golfLog = logOf(
  {
    type: 'start',
    players: [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ],
  },
  (k, a, b, play) => {
    if (k >= 18) return [{ type: 'decide', decision: `set1-stroke-${a % Math.max(1, play.n)}:opening`, answer: pick(['A', 'B', 'repeat'], b) }];
    if (k === 17) return [{ type: 'ref', call: pick(['jump', 'foot', 'touch', 'push', 'on_rail', 'declare'], a), ball: pick(GB, b), by: 'referee' }];
    // A stroke: a strike naming a ball or not, contacts, maybe goals, at rest.
    const ball = maybe(GB, a);
    const stroke: Draft[] = [{ type: 'strike', ball }];
    play.n += 4; // roughly the log position of a later strike: some answers hit an open question
    for (let i = 0; i < k % 3; i++) stroke.push({ type: 'contact', a: pick(GB, a + i), b: pick(GB, b + i) });
    if (b % 3 === 0 && ball !== undefined) stroke.push({ type: 'goal', ball, goal: ball.startsWith('A') ? 'goal-B' : 'goal-A' });
    if (b % 7 === 1) stroke.push({ type: 'off_table', ball: pick(GB, b) });
    stroke.push({ type: 'at_rest' });
    return stroke;
  },
);

const MG = ['p1', 'p2', 'p3', 'p4'];
/** Each triple plays one player's lane in the group's order (as the bench does), or adds a call. */
const minigolfLog = logOf({ type: 'start', players: MG.map((id) => ({ id, name: id })), config: { rounds: 3, groupSize: 4 } }, (k, a, b, play) => {
  if (k >= 18) return [{ type: 'ref', call: 'penalty', player: pick(MG, a), value: pick(['A', 'A+1', 'B+2'], b), why: 'test', by: 'referee' }];
  const turn = play.n++;
  const round = Math.floor(turn / (18 * 4));
  const lane = String(1 + (Math.floor(turn / 4) % 18));
  const p = MG[(turn + round) % 4]!;
  const out: Draft[] = [];
  const strokes = 1 + (a % 4);
  for (let i = 0; i < strokes; i++) out.push({ type: 'strike', player: p, lane }, i === strokes - 1 ? { type: 'hole', lane, player: p } : { type: 'at_rest' });
  return out;
});

/** Replay `log`, snapshotting (toPortable, JSON, fromPortable) after `cut` events. */
function viaSnapshot<S>(engine: RulesEngine<S>, log: readonly GameEvent[], cut: number): S {
  let s = replay(engine, log.slice(0, cut)).game;
  s = fromPortable(JSON.parse(JSON.stringify(toPortable(s)))) as S;
  for (const e of log.slice(cut)) s = engine.reduce(s, e);
  return s;
}

const json = (x: unknown) => JSON.stringify(toPortable(x));

// Property runs: the limit only stops a run that never ends (a loaded 2-core CI machine takes several
// times longer than a quiet one); it asserts nothing about speed.
describe('states with persistent lists read like plain ones', { timeout: 180_000 }, () => {
  it('four-ball: a point question keeps the shot, and reads as the evidence lines', () => {
    let asked = 0;
    fc.assert(
      fc.property(caromLog, fc.nat(200), (log, c) => {
        const s: CaromState = replay(fourBall, log).game;
        for (let n = s.live.pending; n !== null; n = n.init) {
          const d = n.last;
          // A point question keeps its shot (cue, events, player, number) as its own fields, not
          // written evidence: the lines must be exactly what those fields give.
          if (isShotDecision(d)) asked++;
          const lines = isShotDecision(d) ? evidenceLines(d) : d.evidence;
          expect(decisionView(d).evidence).toEqual(lines);
        }
        const again = viaSnapshot(fourBall, log, c % (log.length + 1));
        expect(json(fourBall.summary(again))).toBe(json(fourBall.summary(s)));
        if ('core' in (again as object)) expect(json(fourBall.report(again))).toBe(json(fourBall.report(s)));
      }),
      { numRuns: 150 },
    );
    expect(asked).toBeGreaterThan(50); // the logs do raise point questions
  });

  it('golf billiards: the incremental core is the straightforward fold of the events in force', () => {
    let strokes = 0;
    fc.assert(
      fc.property(golfLog, fc.nat(200), (log, c) => {
        const s: GbState = replay(golfBilliards, log).game;
        strokes += s.core?.strokes.length ?? 0;
        if (s.setup && s.live) expect(s.core).toEqual(coreView(derive(s.setup, toArray(s.events), s.answers)));
        const again = viaSnapshot(golfBilliards, log, c % (log.length + 1));
        // A restored state is plain fields: summary and report still read it (the hub may ask at once).
        expect(json(golfBilliards.summary(again))).toBe(json(golfBilliards.summary(s)));
        expect(json(golfBilliards.report(again))).toBe(json(golfBilliards.report(s)));
      }),
      { numRuns: 150 },
    );
    // About 4 strokes a log on average; a generator that stopped making strokes would give far fewer.
    expect(strokes).toBeGreaterThan(300);
  });

  it('minigolf: the announcements list reads in order, and survives a snapshot', () => {
    let said = 0;
    fc.assert(
      fc.property(minigolfLog, fc.nat(200), (log, c) => {
        const s: MgState = replay(minigolf, log).game;
        const all = toArray(s.game.announcements);
        said += all.length;
        expect(s.game.announcements === null ? [] : [...(s.game.announcements as Announcement)]).toEqual(all);
        expect((minigolf.report(s) as { announcements: string[] }).announcements).toEqual(all);
        const again = viaSnapshot(minigolf, log, c % (log.length + 1));
        expect(json(minigolf.report(again))).toBe(json(minigolf.report(s)));
      }),
      { numRuns: 150 },
    );
    expect(said).toBeGreaterThan(300);
  });
});

describe('events in force (replay.ts): one shared array, a view per state', { timeout: 180_000 }, () => {
  it('every state keeps exactly its own events, whichever state is extended next', () => {
    const engine: RulesEngine<number> = {
      id: 'three-cushion',
      title: 'count',
      initial: () => 0,
      reduce: (n) => n + 1,
      summary: () => ({}) as never,
      report: () => null,
    };
    fc.assert(
      fc.property(fc.array(fc.nat(30), { maxLength: 60 }), (from) => {
        // Extend state `i % states` each time (mostly the newest, sometimes an older one).
        const states: { m: MatchState<number>; events: GameEvent[] }[] = [{ m: initialMatch(engine), events: [] }];
        from.forEach((x, k) => {
          const base = states[x % 4 === 0 ? x % states.length : states.length - 1]!;
          const e = { type: 'strike', seq: k, t: k } as GameEvent;
          states.push({ m: step(engine, base.m, e), events: [...base.events, e] });
        });
        for (const s of states) expect(eventsInForce(s.m.inForce)).toEqual(s.events);
      }),
      { numRuns: 300 },
    );
  });
});
