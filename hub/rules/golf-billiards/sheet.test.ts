import { describe, expect, it } from 'vitest';
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import type { GolfBilliardsSheet } from '../../../shared/game/sheets/golf-billiards';
import type { GolfBilliardsReport } from '../../../shared/reports/golf-billiards';
import { parseLog, replayLog } from '../../cli/replay';
import { replay } from '../common/replay';
import { fromPortable, toPortable } from '../common/plist';
import { golfBilliards } from './index';
import type { GbState } from './state';
import { DOUBLES, Log, core, run, score } from './testkit';

type Line = GolfBilliardsSheet['sides'][number];

/** A sheet of sides A and B: `[sets, ballsLeft]` each, and the player to play. */
function sheetOf(a: [number, number], b: [number, number], turn: string, extra: { a?: Partial<Line>; b?: Partial<Line> } = {}): GolfBilliardsSheet {
  return {
    family: 'golf-billiards',
    sides: [
      { side: 'A', sets: a[0], ballsLeft: a[1], ...extra.a },
      { side: 'B', sets: b[0], ballsLeft: b[1], ...extra.b },
    ],
    turn,
  };
}

/** A log whose start carries `sheet` (anything: refusals are tested with sheets the schema would refuse). */
function sheetLog(sheet: unknown, config: Record<string, unknown> = {}, players?: PlayerSetup[]): Log {
  const l = new Log(config, players);
  l.events[0] = { ...l.events[0]!, sheet } as GameEvent;
  return l;
}

const report = (s: GbState): GolfBilliardsReport => golfBilliards.report(s) as GolfBilliardsReport;

describe('golf billiards: continuing from a score sheet', () => {
  it('GB-END-1/GB-END-2: a match continued at sets 1–0 plays on; the carried set counts towards the match (A wins 2–0 with one stroke)', () => {
    const l = sheetLog(sheetOf([1, 1], [0, 4], 'ann'));
    l.score('A1');
    const s = run(l.events);
    const r = report(s);
    expect(r.match).toEqual({ winner: 'A', finished: true, setsToWin: 2 });
    expect(r.sets).toEqual([{ number: 2, winner: 'A', how: expect.stringMatching(/GB-END-3/), holed: { A: 5, B: 1 } }]);
    expect(r.sides?.map((x) => [x.side, x.setsWon])).toEqual([
      ['A', 2],
      ['B', 0],
    ]);
    const summary = golfBilliards.summary(s);
    expect(summary).toMatchObject({ status: 'finished', winner: 'ann', headline: 'Ann wins the match, sets 2–0', fromSheet: true });
    expect(summary.players.map((p) => p.score)).toEqual([2, 0]);
  });

  it('GB-END-3/GB-DBL-1: the other side wins the carried set, the deciding set opens as usual and decides the match', () => {
    const l = sheetLog(sheetOf([1, 2], [0, 3], 'bob'));
    for (const b of ['B1', 'B2', 'B3']) l.score(b);
    let r = report(run(l.events));
    expect(r.sets).toEqual([{ number: 2, winner: 'B', how: expect.stringMatching(/GB-END-3/), holed: { A: 3, B: 5 } }]);
    expect(r.set).toMatchObject({ number: 3, phase: 'opening', turn: null, zonePlay: false });
    expect(r.sides?.map((x) => [x.setsWon, x.holed, x.left])).toEqual([
      [1, 0, 5],
      [1, 0, 5],
    ]);
    l.set = 3;
    l.open('B');
    for (const b of ['B1', 'B2', 'B3', 'B4', 'B5']) l.score(b);
    r = report(run(l.events));
    expect(r.match).toEqual({ winner: 'B', finished: true, setsToWin: 2 });
    expect(r.sets?.map((x) => (x as { number: number }).number)).toEqual([2, 3]);
    expect(golfBilliards.summary(run(l.events))).toMatchObject({ winner: 'bob', headline: 'Bob wins the match, sets 1–2' });
  });

  it('GB-GEN-1/GB-TURN-1: every carried figure shows in the report and summary, and the sheet is kept exactly as given', () => {
    const sheet = sheetOf([1, 3], [1, 2], 'bob');
    const s = run(sheetLog(sheet).events);
    const r = report(s);
    expect(r.started).toBe(true);
    expect(r.sheet).toEqual(sheet);
    expect(r.carried).toEqual({ set: 3, setsWon: { A: 1, B: 1 }, holed: { A: 2, B: 3 } });
    expect(r.sides?.map(({ side, holed, left, onTable, waiting, setsWon }) => ({ side, holed, left, onTable, waiting, setsWon }))).toEqual([
      { side: 'A', holed: 2, left: 3, onTable: 3, waiting: 0, setsWon: 1 },
      { side: 'B', holed: 3, left: 2, onTable: 2, waiting: 0, setsWon: 1 },
    ]);
    expect(r.set).toMatchObject({ number: 3, phase: 'play', zonePlay: false, turn: 'B', player: 'bob', strokes: 0, openers: { A: null, B: null } });
    // Where the balls lie is not on a sheet: no ball stands on a re-spot point.
    expect(Object.values(r.balls!).every((b) => b.spot === undefined)).toBe(true);
    expect(r.sets).toEqual([]);
    expect(r.strokes).toEqual([]);
    expect(r.clock).toMatchObject({ startedAt: null, deadline: null });
    expect(golfBilliards.summary(s)).toMatchObject({
      status: 'playing',
      turn: 'bob',
      headline: 'Ann 2 – 3 Bob, set 3 (sets 1–1)',
      fromSheet: true,
      players: [
        { id: 'ann', score: 2 },
        { id: 'bob', score: 3 },
      ],
    });
  });

  it('a match started without a sheet has no fromSheet, sheet or carried key (existing outputs unchanged)', () => {
    const s = run(new Log().events);
    expect('fromSheet' in golfBilliards.summary(s)).toBe(false);
    expect('sheet' in report(s)).toBe(false);
    expect('carried' in report(s)).toBe(false);
  });

  it('GB-TURN-1/GB-TURN-2: play goes on from the sheet: a goal keeps the turn and adds to the carried balls, a miss passes it', () => {
    const l = sheetLog(sheetOf([0, 4], [0, 3], 'ann'));
    l.score('A1');
    let c = core(l.events);
    expect(score(c)).toEqual({ A: 2, B: 2, leftA: 3, leftB: 3 });
    expect(c.set.turn).toBe('A');
    l.miss('A2');
    c = core(l.events);
    expect(c.set.turn).toBe('B');
    expect(c.strokes.map((x) => [x.set, x.side, x.next])).toEqual([
      [1, 'A', 'A'],
      [1, 'A', 'B'],
    ]);
  });

  it('GB-ZONE-2: a side with one ball left on the sheet means zone play is on from the first stroke', () => {
    const l = sheetLog(sheetOf([0, 1], [0, 4], 'bob'));
    expect(core(l.events).set.zone).toBe(true);
    l.miss('B1');
    expect(core(l.events).strokes[0]!.zonePlay).toBe(true);
    expect(core(sheetLog(sheetOf([0, 2], [0, 4], 'bob')).events).set.zone).toBe(false);
  });

  it('GB-FOUL-5/GB-Q2 (reading: one ball left each): the carried balls make 1-1, an opponent ball off with a valid goal loses the set', () => {
    const l = sheetLog(sheetOf([0, 1], [1, 1], 'ann'));
    l.strike('A1');
    l.off('B1');
    l.goal('A1', 'goal-B');
    l.rest();
    const c = core(l.events);
    expect(c.sets[0]).toMatchObject({ number: 2, winner: 'B', how: expect.stringMatching(/GB-FOUL-5/) });
    expect(c.winner).toBe('B');
  });

  it('GB-FOUL-5/GB-Q2 (reading "sets": sets 1-1): the carried sets make 1-1', () => {
    const l = sheetLog(sheetOf([1, 3], [1, 3], 'ann'), { oneOne: 'sets' });
    l.strike('A1');
    l.off('B1');
    l.goal('A1', 'goal-B');
    l.rest();
    expect(core(l.events).sets[0]).toMatchObject({ number: 3, winner: 'B', how: expect.stringMatching(/GB-FOUL-5/) });
  });

  it('GB-DBL-1/GB-Q7: 5 balls each is the next set not yet begun: it starts with its opening stroke (set number from the sets won)', () => {
    const l = sheetLog(sheetOf([1, 5], [0, 5], 'bob'));
    let c = core(l.events);
    expect(c.set).toMatchObject({ number: 2, phase: 'opening', turn: null, openers: { A: null, B: 'bob' } });
    l.set = 2;
    l.open('B');
    c = core(l.events);
    expect(c.strokes[0]).toMatchObject({ set: 2, opening: true, next: 'B' });
    expect(c.set).toMatchObject({ phase: 'play', turn: 'B' });
  });

  it('GB-DBL-2: doubles between sets 1 and 2: the named partners open set 2, the other partner opening is a foul', () => {
    const sheet = sheetOf([1, 5], [0, 5], 'bob', { b: { nextPlayer: 'dan' } });
    const l = sheetLog(sheet, {}, DOUBLES);
    expect(core(l.events).set.openers).toEqual({ A: 'bob', B: 'dan' });
    l.strike(undefined, 'ann');
    l.strike(undefined, 'dan');
    l.rest();
    expect(core(l.events).strokes[0]!.fouls.map((f) => f.rule)).toEqual(['GB-DBL-2']);
  });

  it("GB-DBL-5: doubles mid-set: the turn and the other side's nextPlayer set the order of play", () => {
    const sheet = sheetOf([0, 4], [0, 4], 'bob', { b: { nextPlayer: 'dan' } });
    const l = sheetLog(sheet, {}, DOUBLES);
    expect(golfBilliards.summary(run(l.events)).turn).toBe('bob');
    l.miss('A1'); // no player named: Bob's stroke
    expect(golfBilliards.summary(run(l.events)).turn).toBe('dan');
    l.strike('B1', 'cid');
    l.rest();
    expect(core(l.events).strokes[1]!.fouls.map((f) => f.rule)).toEqual(['GB-DBL-5']);
  });

  it('GB-FOUL-4: an answer given later re-derives the match from the sheet, not from the opening', () => {
    const l = sheetLog(sheetOf([1, 4], [0, 4], 'ann'));
    const s = l.strike();
    l.off('B2');
    l.goal('A3', 'goal-B');
    l.rest();
    l.decide(`set2-stroke-${s}:played-in-goal`, 'no');
    const c = core(l.events);
    expect(c.setsWon).toEqual({ A: 1, B: 0 });
    expect(c.set.number).toBe(2);
    expect(score(c)).toMatchObject({ A: 2, B: 2 });
  });
});

describe('golf billiards: a score sheet that does not fit is refused (the match does not start)', () => {
  const cases: [string, unknown, string, Record<string, unknown>?, PlayerSetup[]?][] = [
    ['another family', { ...sheetOf([0, 5], [0, 5], 'ann'), family: 'pool' }, 'sheet: family "pool" is not golf-billiards'],
    ['not an object', 'A 1 B 0', 'sheet: not a score sheet (an object with family, sides and turn)'],
    ['sides that are no list', { ...sheetOf([0, 5], [0, 5], 'ann'), sides: { A: 1 } }, 'sheet: sides must be a list with one line per side'],
    ['a line that is no object', { ...sheetOf([0, 5], [0, 5], 'ann'), sides: [null, 3] }, 'sheet: every line of sides must be an object'],
    ['an unknown field in a line', sheetOf([0, 5], [0, 5], 'ann', { a: { points: 3 } as Partial<Line> }), 'sheet: unknown field "points" in a line of sides'],
    ['an unknown field', { ...sheetOf([0, 5], [0, 5], 'ann'), innings: 3 }, 'sheet: unknown field "innings"'],
    ['GB-GEN-1: a side not in the match', sheetOf([0, 5], [0, 5], 'ann', { b: { side: 'C' } }), 'sheet: side "C" is not in the match'],
    ['GB-GEN-1: a side listed twice', sheetOf([0, 5], [0, 5], 'ann', { b: { side: 'A' } }), 'sheet: side "A" is listed twice'],
    ['GB-GEN-1: a side missing', { ...sheetOf([0, 5], [0, 5], 'ann'), sides: [{ side: 'A', sets: 0, ballsLeft: 5 }] }, 'sheet: side "B" is missing'],
    ['GB-END-2: a side that has won the match', sheetOf([2, 5], [0, 5], 'ann'), 'sheet: side "A" has won 2 sets: the match is over (2 sets win it)'],
    ['GB-END-2: setsToWin 3 counts', sheetOf([0, 5], [3, 5], 'ann'), 'sheet: side "B" has won 3 sets: the match is over (3 sets win it)', { setsToWin: 3 }],
    ['GB-END-2: sets that are no count', sheetOf([-1, 5], [0, 5], 'ann'), 'sheet: side "A": sets must be a whole number from 0, got -1'],
    ['GB-EQUIP-2: more than five balls', sheetOf([0, 6], [0, 5], 'ann'), 'sheet: side "A": ballsLeft must be a whole number from 0 to 5, got 6'],
    ['GB-EQUIP-2: balls that are no count', sheetOf([0, 2.5], [0, 5], 'ann'), 'sheet: side "A": ballsLeft must be a whole number from 0 to 5, got 2.5'],
    [
      'GB-END-3: both sides with no balls left',
      sheetOf([0, 0], [0, 0], 'ann'),
      'sheet: both sides have no balls left: a set ends as soon as one side has holed all five',
    ],
    [
      'GB-END-3: one side with no balls left (its set is over)',
      sheetOf([0, 3], [0, 0], 'ann'),
      'sheet: side "B" has no balls left: that set is over; count it in its sets and give both sides 5 balls for the next set',
    ],
    [
      'GB-TURN-1: no player to play',
      { family: 'golf-billiards', sides: sheetOf([0, 3], [0, 3], 'ann').sides },
      'sheet: turn is missing (the player to play next)',
    ],
    [
      'GB-END-2: sets left out',
      {
        ...sheetOf([0, 5], [0, 5], 'ann'),
        sides: [
          { side: 'A', ballsLeft: 5 },
          { side: 'B', sets: 0, ballsLeft: 5 },
        ],
      },
      'sheet: side "A": sets must be a whole number from 0, got nothing',
    ],
    ['GB-TURN-1: a player to play who is not in the match', sheetOf([0, 3], [0, 3], 'zed'), 'sheet: turn "zed" is not a player in the match'],
    [
      'GB-DBL-5: a nextPlayer of the other side',
      sheetOf([0, 3], [0, 3], 'ann', { b: { nextPlayer: 'ann' } }),
      'sheet: side "B": nextPlayer "ann" is not a player of side B',
      {},
      DOUBLES,
    ],
    [
      'GB-DBL-5: a turn and nextPlayer that disagree',
      sheetOf([0, 3], [0, 3], 'ann', { a: { nextPlayer: 'bob' } }),
      'sheet: turn is "ann" but side "A" has nextPlayer "bob"',
      {},
      DOUBLES,
    ],
    [
      "GB-DBL-5: doubles mid-set without the other side's nextPlayer",
      sheetOf([0, 3], [0, 3], 'ann'),
      'sheet: side "B" needs nextPlayer (doubles: the partner who plays its next stroke)',
      {},
      DOUBLES,
    ],
  ];
  it.each(cases)('%s', (_, sheet, reason, config = {}, players = undefined) => {
    const l = sheetLog(sheet, config, players);
    l.miss('A1');
    const s = run(l.events);
    expect(report(s)).toEqual({ started: false, rejected: expect.any(Array) });
    expect(s.rejected[0]).toEqual({ seq: 0, type: 'start', code: 'bad_sheet', reason });
    expect(golfBilliards.summary(s).status).toBe('setup');
    // Nothing after a refused start plays.
    expect(s.rejected.slice(1).map((x) => x.code)).toEqual(['not-started', 'not-started']);
  });
});

describe('golf billiards: a score sheet is replay-safe', () => {
  const played = (): GameEvent[] => {
    const l = sheetLog(sheetOf([1, 3], [0, 2], 'ann'));
    l.score('A1');
    l.miss('A2');
    l.score('B1');
    return l.events;
  };

  it('GB-END-2: undo right after the start does not undo the sheet; undo after a stroke goes back to the sheet', () => {
    const start = sheetLog(sheetOf([1, 3], [0, 2], 'ann')).events;
    const alone = report(run(start));
    const undo = (seq: number): GameEvent => ({ type: 'undo', seq, t: 5000 });
    expect(report(replay(golfBilliards, [...start, undo(1)]).game)).toEqual(alone);
    const l = sheetLog(sheetOf([1, 3], [0, 2], 'ann'));
    l.score('A1');
    l.events.push(undo(l.events.length));
    const back = report(replay(golfBilliards, l.events).game);
    expect(back.sides).toEqual(alone.sides);
    expect(back.set).toEqual(alone.set);
    expect(back.carried).toEqual(alone.carried);
  });

  it('GB-GEN-1: the same log gives the same report, also through a JSON snapshot of the state', () => {
    const log = played();
    const once = JSON.stringify(report(run(log)));
    expect(JSON.stringify(report(run(log)))).toBe(once);
    let s = run(log.slice(0, 3));
    s = fromPortable(JSON.parse(JSON.stringify(toPortable(s)))) as GbState;
    for (const e of log.slice(3)) s = golfBilliards.reduce(s, e);
    expect(JSON.stringify(report(s))).toBe(once);
    expect(golfBilliards.summary(s)).toEqual(golfBilliards.summary(run(log)));
  });

  it('GB-GEN-1: autoref replay accepts a log whose start carries a golf-billiards sheet', () => {
    const text = played()
      .map((e) => JSON.stringify(e))
      .join('\n');
    const out = replayLog(parseLog(text), 'golf-billiards') as {
      summary: { fromSheet?: boolean; turn: string | null };
      report: GolfBilliardsReport;
      rejected: unknown[];
    };
    expect(out.rejected).toEqual([]);
    expect(out.summary).toMatchObject({ fromSheet: true, turn: 'bob' });
    expect(out.report.sheet).toEqual(sheetOf([1, 3], [0, 2], 'ann'));
    expect(out.report.sides?.map((x) => [x.setsWon, x.holed])).toEqual([
      [1, 3],
      [0, 4],
    ]);
  });
});
