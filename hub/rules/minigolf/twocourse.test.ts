import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { blockSequence } from './round';
import { report } from './report';
import { Log, codes, game, run, spread } from './testkit';

/** Plays one stop (course, lane) for a player with the sensors: `n` strokes, the last one holed. */
function holeIn(l: Log, player: string, course: string, lane: number, n: number): Log {
  for (let i = 1; i < n; i++) l.strike(player, { lane: `${course}-${lane}` }).rest();
  return l.strike(player, { lane: `${course}-${lane}` }).add({ type: 'hole', lane: `${course}-${lane}`, by: 'sensor' });
}

const stops = (l: Log, id: string) => {
  const g = game(l.events);
  const grp = g.groups.find((x) => x.order.includes(id))!;
  return blockSequence(grp, g.config).map((s) => `${g.config.courses[s.round % 2]}${s.lane}`);
};

describe('two-course shotgun (MG-ORDER-1)', () => {
  const cfg = {
    lanes: 4,
    rounds: 2,
    courses: ['A', 'B'],
    twoCourseShotgun: true,
    groups: [
      { id: 'g1', players: ['ana'], startLane: 3 },
      { id: 'g2', players: ['ben'], startLane: 1, startCourse: 'B' },
    ],
  };
  it("MG-ORDER-1: two-course shotgun: A from the start lane, all of B, then the first lanes of A; each lane is scored on its course's card", () => {
    const l = new Log().start(['ana', 'ben'], cfg);
    expect(stops(l, 'ana')).toEqual(['A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'A1', 'A2']);
    expect(stops(l, 'ben')).toEqual(['B1', 'B2', 'B3', 'B4', 'A1', 'A2', 'A3', 'A4']);
    const ana = [
      ['A', 3],
      ['A', 4],
      ['B', 1],
      ['B', 2],
      ['B', 3],
      ['B', 4],
      ['A', 1],
      ['A', 2],
    ] as const;
    const ben = [
      ['B', 1],
      ['B', 2],
      ['B', 3],
      ['B', 4],
      ['A', 1],
      ['A', 2],
      ['A', 3],
      ['A', 4],
    ] as const;
    // ana scores the lane number on A and lane + 1 on B; ben 2 on A and 3 on B.
    for (let k = 0; k < 8; k++) {
      const [ca, la] = ana[k]!;
      const [cb, lb] = ben[k]!;
      holeIn(l, 'ana', ca, la, ca === 'A' ? la : la + 1);
      holeIn(l, 'ben', cb, lb, cb === 'A' ? 2 : 3);
      if (k === 3) {
        const mid = report(run(l.events));
        expect(mid.groups.map((g) => [g.id, g.round, g.lane, g.course])).toEqual([
          ['g1', 2, 3, 'B'],
          ['g2', 1, 1, 'A'],
        ]);
      }
    }
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.status).toBe('finished');
    const r = report(s);
    const cards = (id: string) => r.players.find((p) => p.id === id)!.rounds.map((x) => [x.course, x.lanes]);
    expect(cards('ana')).toEqual([
      ['A', [1, 2, 3, 4]],
      ['B', [2, 3, 4, 5]],
    ]);
    expect(cards('ben')).toEqual([
      ['A', [2, 2, 2, 2]],
      ['B', [3, 3, 3, 3]],
    ]);
  });
  it('MG-ORDER-1: a lane id names its course: a stroke on the other course is refused, a stroke on B-1 is attributed on B', () => {
    const both1 = {
      ...cfg,
      groups: [
        { id: 'g1', players: ['ana'], startLane: 1 },
        { id: 'g2', players: ['ben'], startLane: 1, startCourse: 'B' },
      ],
    };
    const l = new Log().start(['ana', 'ben'], both1).strike('ana', { lane: 'B-1' }).strike(undefined, { lane: '1' });
    expect(codes(run(l.events))).toEqual(['wrong_course', 'unattributed_stroke']);
    l.strike(undefined, { lane: 'B-1' }).strike(undefined, { lane: 'A-1' }).add({ type: 'hole', lane: 'B-1', by: 'sensor' });
    const g = game(l.events);
    expect(g.players.ben!.cards[1]!.lanes[0]).toBe(1);
    expect(g.players.ana!.play).toMatchObject({ round: 0, lane: 1, strokes: 1, ball: 'moving' });
  });
  it("MG-CARD-6 / MG-ORDER-1: a correction naming a course goes to that course's card of the block", () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 2, rounds: 2, courses: ['A', 'B'], twoCourseShotgun: true });
    for (const place of ['A-1', 'A-2', 'B-1']) for (const id of ['ana', 'ben']) l.ref('score', { player: id, place, value: 2, by: 'scorer', who: 'm' });
    l.ref('correct', { player: 'ana', place: 'A-2', value: 3, who: 'Ref', why: 'miscounted' });
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.players.ana!.cards.map((c) => [c.course, c.lanes])).toEqual([
      ['A', [2, 3]],
      ['B', [2, null]],
    ]);
    expect(s.game.players.ana!.cards[0]!.corrections.map((c) => [c.lane, c.from, c.to, c.late])).toEqual([[2, 2, 3, true]]);
  });
  it('MG-ORDER-3: a stroke on the next lane across the change of course counts and that lane is replayed', () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 2, rounds: 2, courses: ['A', 'B'], twoCourseShotgun: true });
    holeIn(l, 'ana', 'A', 1, 2);
    holeIn(l, 'ben', 'A', 1, 2);
    holeIn(l, 'ana', 'A', 2, 1);
    holeIn(l, 'ana', 'B', 1, 1);
    let g = game(l.events);
    expect(g.players.ana!.cards[1]!.lanes[0]).toBeNull();
    expect(g.players.ana!.play).toMatchObject({ round: 1, lane: 1, strokes: 1, fromStart: true });
    holeIn(l, 'ben', 'A', 2, 3);
    holeIn(l, 'ana', 'B', 1, 1);
    g = game(l.events);
    expect(g.players.ana!.cards.map((c) => c.lanes)).toEqual([
      [2, 1],
      [2, null],
    ]);
    expect(codes(run(l.events))).toEqual([]);
  });
  it('MG-ORDER-1: two-course shotgun needs two courses (otherwise one-course play and a problem)', () => {
    const { config, problems } = parseConfig({ twoCourseShotgun: true, courses: ['A'] });
    expect(config.twoCourseShotgun).toBe(false);
    expect(problems).toEqual(['config.twoCourseShotgun needs two different courses; one-course play used']);
  });
  it('MG-ORDER-9 (reading: a two-course block keeps one order and rotates once at its end): order fixed across both interleaved rounds', () => {
    const l = new Log().start(['a', 'b', 'c'], { lanes: 2, rounds: 4, courses: ['A', 'B'], twoCourseShotgun: true });
    const order: string[][] = [];
    for (let block = 0; block < 2; block++) {
      for (const [c, lane] of [
        ['A', 1],
        ['A', 2],
        ['B', 1],
        ['B', 2],
      ] as const) {
        order.push(game(l.events).groups[0]!.order);
        for (const id of game(l.events).groups[0]!.order) l.ref('score', { player: id, place: `${c}-${lane}`, value: 2, by: 'scorer', who: 'm' });
      }
    }
    expect(order.slice(0, 4).every((o) => o.join() === 'a,b,c')).toBe(true);
    expect(order.slice(4).every((o) => o.join() === 'b,c,a')).toBe(true);
    expect(game(l.events).players.a!.cards.map((c) => c.course)).toEqual(['A', 'B', 'A', 'B']);
    expect(codes(run(l.events))).toEqual([]);
  });
});

describe('two-course shotgun: tie-breaks follow the course of each lane', () => {
  /** Manual scores along every group's path; value(player, course, lane, block) per stop. */
  function play(l: Log, value: (p: string, course: string, block: number) => number[], lanes = 4, blocks = 2): Log {
    for (let block = 0; block < blocks; block++) {
      for (let k = 0; k < 2 * lanes; k++) {
        const g = game(l.events);
        for (const grp of g.groups) {
          if (grp.done) continue;
          const s = blockSequence(grp, g.config)[grp.pos]!;
          const course = g.config.courses[s.round % 2]!;
          for (const id of grp.order) {
            const v = value(id, course, block)[s.lane - 1]!;
            l.ref('score', { player: id, place: `${course}-${s.lane}`, value: v, by: 'scorer', who: 'm' });
          }
        }
      }
    }
    return l;
  }
  const groups = [
    { id: 'g1', players: ['a', 'b', 'c'], startLane: 1 },
    { id: 'g2', players: ['x'], startLane: 3 },
    { id: 'g3', players: ['y'], startLane: 1, startCourse: 'B' },
  ];
  const base = { lanes: 4, rounds: 4, courses: ['A', 'B'], twoCourseShotgun: true, groups };
  it('MG-TIE-8 / MG-EX-11 (two courses): round differences are taken per course and summed; a group starting on B scores B first', () => {
    // x: A 10, 14 (diff 4), B 12, 12 (0) = 4.  y: A 12, 12 (0), B 11, 13 (2) = 2. Both total 48.
    const rounds: Record<string, Record<string, number[]>> = {
      a: { A: [5, 5], B: [5, 5] },
      b: { A: [6, 6], B: [6, 6] },
      c: { A: [7, 7], B: [7, 7] },
      x: { A: [10, 14], B: [12, 12] },
      y: { A: [12, 12], B: [11, 13] },
    };
    const l = play(new Log().start(['a', 'b', 'c', 'x', 'y'], base), (p, course, block) => spread(rounds[p]![course]![block]!, 4));
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.players.y!.cards.map((c) => [c.course, c.lanes.reduce<number>((t, v) => t + (v ?? 0), 0)])).toEqual([
      ['A', 12],
      ['B', 11],
      ['A', 12],
      ['B', 13],
    ]);
    const lines = report(s).ranking[0]!.lines;
    expect(lines.map((v) => [v.player, v.place, v.total])).toEqual([
      ['a', 1, 20],
      ['b', 2, 24],
      ['c', 3, 28],
      ['y', 4, 48],
      ['x', 5, 48],
    ]);
    expect(lines[3]!.decidedBy).toBe('round-differences');
  });
  it('MG-TIE-2 (reading: the last course the tied players played): x and y end on A while group g1 ends on B; the play-off is on A', () => {
    const l = play(
      new Log().start(['a', 'b', 'c', 'x', 'y'], {
        ...base,
        rounds: 2,
        groups: [{ id: 'g2', players: ['x'], startLane: 3 }, { id: 'g3', players: ['y'], startLane: 2 }, groups[0]],
      }),
      (p) => spread(p === 'x' || p === 'y' ? 8 : p === 'a' ? 10 : 12, 4),
      4,
      1,
    );
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    const r = report(s).ranking[0]!;
    expect(r.playoffs).toEqual([{ players: ['x', 'y'], places: [1, 2], course: 'A', nextLane: 1 }]);
    l.strike('x', { lane: 'B-1' });
    l.strike('x', { lane: 'A-1' }).add({ type: 'hole', lane: 'A-1', by: 'sensor' });
    l.strike('y', { lane: 'A-1' }).rest().strike('y', { lane: 'A-1' }).add({ type: 'hole', lane: 'A-1', by: 'sensor' });
    const s2 = run(l.events);
    expect(codes(s2)).toEqual(['wrong_course']);
    expect(
      report(s2)
        .ranking[0]!.lines.slice(0, 2)
        .map((v) => [v.player, v.place, v.decidedBy]),
    ).toEqual([
      ['x', 1, 'playoff'],
      ['y', 2, 'playoff'],
    ]);
    expect(s2.game.playoffs.map((p) => [p.player, p.course, p.lane, p.value, p.source])).toEqual([
      ['x', 'A', 1, 1, 'sensor'],
      ['y', 'A', 1, 2, 'sensor'],
    ]);
  });
});
