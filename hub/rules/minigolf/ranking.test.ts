import { describe, expect, it } from 'vitest';
import { compareKeys, differenceKey } from './ranking';
import { report } from './report';
import { minigolf } from './index';
import { laneWinner } from './teams';
import { Log, codes, fill, game, run, scoreRound, spread } from './testkit';

const places = (l: Log, cat = 0) => report(run(l.events)).ranking[cat]!.lines.map((x) => [x.player, x.place]);

describe('stroke play ranking', () => {
  it('MG-GEN-1 / MG-SCORE-4: the lowest total wins', () => {
    const l = scoreRound(new Log().start(['ana', 'ben', 'cem']), { ana: spread(40), ben: spread(38), cem: spread(45) });
    expect(places(l)).toEqual([
      ['ben', 1],
      ['ana', 2],
      ['cem', 3],
    ]);
    expect(report(run(l.events)).ranking[0]!.lines.map((x) => x.total)).toEqual([38, 40, 45]);
  });
  it('MG-EX-10 / MG-TIE-1 / MG-TIE-5: tie for first: golden-stroke play-off decides and is final', () => {
    const l = new Log().start(['p', 'q'], { rounds: 4, courses: ['A', 'B'] });
    scoreRound(l, { p: spread(26), q: spread(28) });
    scoreRound(l, { p: spread(28), q: spread(28) });
    scoreRound(l, { p: spread(30), q: spread(28) });
    scoreRound(l, { p: spread(28), q: spread(28) });
    let r = report(run(l.events)).ranking[0]!;
    expect(r.lines.map((x) => [x.player, x.total, x.place, x.awaitingPlayoff])).toEqual([
      ['p', 112, 1, true],
      ['q', 112, 1, true],
    ]);
    expect(r.playoffs).toEqual([{ players: ['p', 'q'], places: [1, 2], course: 'B', nextLane: 1 }]);
    l.ref('playoff', { player: 'p', place: '1', value: 2 }).ref('playoff', { player: 'q', place: '1', value: 2 });
    expect(report(run(l.events)).ranking[0]!.playoffs[0]!.nextLane).toBe(2);
    l.ref('playoff', { player: 'p', place: '2', value: 1 }).ref('playoff', { player: 'q', place: '2', value: 3 });
    r = report(run(l.events)).ranking[0]!;
    // q has the smaller round differences (0 vs 4), but the play-off result is final.
    expect(r.lines.map((x) => [x.player, x.place, x.decidedBy])).toEqual([
      ['p', 1, 'playoff'],
      ['q', 2, 'playoff'],
    ]);
  });
  it('MG-TIE-2: the play-off starts on the configured lane of the last course played', () => {
    const l = scoreRound(new Log().start(['p', 'q'], { playoffStartLane: 17 }), { p: spread(40), q: spread(40) });
    expect(report(run(l.events)).ranking[0]!.playoffs[0]!.nextLane).toBe(17);
    l.ref('playoff', { player: 'p', place: '17', value: 3 }).ref('playoff', { player: 'q', place: '17', value: 3 });
    expect(report(run(l.events)).ranking[0]!.playoffs[0]!.nextLane).toBe(18);
  });
  it('MG-TIE-4: a player who does not take part in the play-off ranks lower', () => {
    const l = scoreRound(new Log().start(['p', 'q', 'r']), { p: spread(40), q: spread(40), r: spread(50) }).ref('playoff_decline', { player: 'p' });
    expect(places(l)).toEqual([
      ['q', 1],
      ['p', 2],
      ['r', 3],
    ]);
  });
  it('MG-TIE-5: players still tied below 3rd after the play-off go to the round-difference rules', () => {
    const l = new Log().start(['a', 'b', 'c', 'd', 'e'], { rounds: 2 });
    scoreRound(l, { a: spread(40), b: spread(40), c: spread(40), d: spread(38), e: spread(40) });
    scoreRound(l, { a: spread(40), b: spread(40), c: spread(40), d: spread(42), e: spread(40) });
    for (const [p, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 3],
      ['e', 3],
    ] as const)
      l.ref('playoff', { player: p, place: '1', value: v });
    l.ref('playoff', { player: 'b', place: '2', value: 2 }).ref('playoff', { player: 'c', place: '2', value: 4 });
    const r = report(run(l.events)).ranking[0]!;
    expect(r.lines.map((x) => [x.player, x.place, x.decidedBy])).toEqual([
      ['a', 1, 'playoff'],
      ['b', 2, 'playoff'],
      ['c', 3, 'playoff'],
      ['e', 4, 'round-differences'],
      ['d', 5, 'round-differences'],
    ]);
  });
  it('MG-EX-11 / MG-TIE-6: tie for 5th: smallest best-worst difference, then 2nd best - 2nd worst', () => {
    const x = [20, 22, 23, 25];
    const y = [21, 21, 24, 24];
    const z = [20, 21, 24, 25];
    expect(differenceKey({ cards: x.map((t) => ({ course: 'A', lanes: spread(t) })) } as never, [0, 1, 2, 3])).toEqual([5, 1]);
    const l = new Log().start(['a', 'b', 'c', 'd', 'x', 'y', 'z'], { rounds: 4 });
    for (let r = 0; r < 4; r++)
      scoreRound(l, { a: spread(18), b: spread(19), c: spread(20), d: spread(21), x: spread(x[r]!), y: spread(y[r]!), z: spread(z[r]!) });
    const lines = report(run(l.events)).ranking[0]!.lines;
    expect(lines.map((v) => [v.player, v.place])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
      ['y', 5],
      ['x', 6],
      ['z', 7],
    ]);
    expect(lines.slice(4).map((v) => v.total)).toEqual([90, 90, 90]);
  });
  it('MG-TIE-7: a tie that cannot be broken is a shared place; prizes go by lot', () => {
    const l = new Log().start(['a', 'b', 'c', 'd', 'e'], { rounds: 2 });
    scoreRound(l, { a: spread(18), b: spread(19), c: spread(20), d: spread(30), e: spread(32) });
    scoreRound(l, { a: spread(18), b: spread(19), c: spread(20), d: spread(32), e: spread(30) });
    l.ref('lot', { place: 'open', data: { order: ['e', 'd'] } });
    const r = report(run(l.events)).ranking[0]!;
    expect(r.lines.slice(3).map((v) => [v.player, v.place, v.shared])).toEqual([
      ['d', 4, true],
      ['e', 4, true],
    ]);
    expect(r.prizeLots).toEqual([['e', 'd']]);
  });
  it('MG-TIE-8: with several courses the per-course differences are summed', () => {
    const card = (course: string, t: number) => ({ course, lanes: spread(t) });
    const p = { cards: [card('A', 20), card('B', 30), card('A', 24), card('B', 31)] } as never;
    expect(differenceKey(p, [0, 1, 2, 3])).toEqual([4 + 1]);
    expect(compareKeys([5], [4, 9])).toBeGreaterThan(0);
    expect(compareKeys([4, 1], [4])).toBeGreaterThan(0);
  });
});

describe('categories in the ranking', () => {
  it('MG-CAT-2 / MG-TIE-1: each category is ranked on its own, with its own play-off', () => {
    const ps = [
      { id: 'w1', name: 'W1', born: '1990-01-01' },
      { id: 'w2', name: 'W2', born: '1991-01-01' },
      { id: 'm1', name: 'M1', born: '1990-01-01' },
      { id: 's1', name: 'S1', born: '1970-01-01' },
    ];
    const info = { w1: { sex: 'f' }, w2: { sex: 'f' }, m1: { sex: 'm' }, s1: { sex: 'm' } };
    const l = scoreRound(new Log().start(ps, { season: 2027, info, lanes: 3 }), { w1: [2, 2, 2], w2: [3, 2, 1], m1: [2, 2, 3], s1: [1, 1, 1] }, 1, 3);
    l.ref('playoff', { player: 'w2', place: '1', value: 1 }).ref('playoff', { player: 'w1', place: '1', value: 2 });
    const r = report(run(l.events)).ranking;
    expect(r.map((c) => [c.category, c.lines.map((x) => [x.player, x.place, x.decidedBy])])).toEqual([
      ['M', [['m1', 1, 'total']]],
      ['Sm1', [['s1', 1, 'total']]],
      [
        'W',
        [
          ['w2', 1, 'playoff'],
          ['w1', 2, 'playoff'],
        ],
      ],
    ]);
  });
});

describe('match play', () => {
  it('MG-SCORE-5 (MG-Q8: an equal lane is halved): the most lanes won wins the match', () => {
    expect(laneWinner(2, 3)).toBe(0);
    expect(laneWinner(4, 3)).toBe(1);
    expect(laneWinner(3, 3)).toBeNull();
    const a = [2, 3, 3, ...fill(15, 2)];
    const b = [3, 3, 2, 2, 2, 1, ...fill(12, 2)];
    const r = report(run(scoreRound(new Log().start(['a', 'b'], { format: 'match' }), { a, b }).events));
    expect(r.matches).toEqual([{ round: 1, players: ['a', 'b'], lanesWon: [1, 2], halved: 15, winner: 'b', finished: true }]);
  });
  it('MG-SCORE-5 (seed 003 §9.2 "en çok parkuru kazanan oyuncu ... maçı kazanır"): the summary\'s winner and the ranking follow lanes won, not strokes', () => {
    // a wins 10 lanes by one stroke each and loses 8 by five: more lanes, more strokes.
    const a = [...fill(10, 2), ...fill(8, 7)];
    const b = [...fill(10, 3), ...fill(8, 2)];
    const s = run(scoreRound(new Log().start(['a', 'b'], { format: 'match' }), { a, b }).events);
    const r = report(s);
    expect(r.matches[0]).toMatchObject({ lanesWon: [10, 8], winner: 'a' });
    expect(r.ranking[0]!.lines.map((l) => [l.place, l.player, l.lanesWon, l.total, l.decidedBy])).toEqual([
      [1, 'a', 10, 76, 'lanes-won'],
      [2, 'b', 8, 46, 'lanes-won'],
    ]);
    expect(minigolf.summary(s).winner).toBe('a');
    // Stroke play on the same cards: the fewer strokes win.
    expect(minigolf.summary(run(scoreRound(new Log().start(['a', 'b']), { a, b }).events)).winner).toBe('b');
    // Equal lanes won: the place is shared, no winner.
    const drawn = run(scoreRound(new Log().start(['a', 'b'], { format: 'match' }), { a: fill(18, 2), b: fill(18, 2) }).events);
    expect(report(drawn).ranking[0]!.lines.map((l) => [l.place, l.shared])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(minigolf.summary(drawn).winner).toBeNull();
  });
  it('MG-TIE-3: special formats: a drawn match has no winner (the invitation decides)', () => {
    const r = report(run(scoreRound(new Log().start(['a', 'b'], { format: 'match' }), { a: fill(18, 2), b: fill(18, 2) }).events));
    expect(r.matches[0]!.winner).toBeNull();
    expect(r.matches[0]!.halved).toBe(18);
  });
});

describe('cancellation', () => {
  it('MG-INT-10: after a cancellation only rounds every participant completed count', () => {
    const l = new Log().start(['a', 'b'], { rounds: 2 });
    scoreRound(l, { a: spread(40), b: spread(41) });
    l.ref('score', { player: 'a', place: '1', value: 1, who: 'm' }).ref('cancel', { why: 'storm' });
    const r = report(run(l.events)).ranking[0]!;
    expect(r.validRounds).toEqual([1]);
    expect(r.lines.map((x) => [x.player, x.total])).toEqual([
      ['a', 40],
      ['b', 41],
    ]);
  });
  it('MG-INT-11: without half of the scheduled rounds there is no ranking', () => {
    const l = new Log().start(['a', 'b'], { rounds: 3 });
    scoreRound(l, { a: spread(40), b: spread(41) }).ref('cancel');
    const r = report(run(l.events)).ranking[0]!;
    expect(r.ranked).toBe(false);
    expect(r.lines).toEqual([]);
  });
  it('MG-INT-11: in federation events the jury decides (a pending decision)', () => {
    const l = new Log().start(['a', 'b'], { rounds: 3, federationEvent: true });
    scoreRound(l, { a: spread(40), b: spread(41) }).ref('cancel');
    const s = run(l.events);
    expect(s.open[0]!.decision).toMatchObject({ kind: 'minigolf.ranking_after_cancel', default: null });
    expect(report(s).ranking[0]!.ranked).toBe(false);
    l.decide(s.open[0]!.decision.id, 'rank');
    expect(report(run(l.events)).ranking[0]!.lines.map((x) => x.player)).toEqual(['a', 'b']);
  });
});

describe('teams and substitutes', () => {
  const team = (extra: Record<string, unknown> = {}) =>
    new Log().start(
      [
        { id: 'a', name: 'A', side: 'T' },
        { id: 'b', name: 'B', side: 'T' },
        { id: 's', name: 'S', side: 'T' },
        { id: 'u', name: 'U', side: 'U' },
      ],
      { info: { s: { substitute: true } }, ...extra },
    );
  it('MG-SCORE-6 / MG-CAT-7: team members count for the team and individually', () => {
    const l = scoreRound(team(), { a: spread(40), b: spread(42), u: spread(45) });
    const r = report(run(l.events));
    expect(r.teams.map((t) => [t.team, t.total, t.place])).toEqual([
      ['U', 45, 1],
      ['T', 82, 2],
    ]);
    expect(r.ranking[0]!.lines.map((x) => x.player)).toEqual(['a', 'b', 'u']);
    const solo = report(run(scoreRound(team({ teamResultsIndividual: false }), { a: spread(40), b: spread(42), u: spread(45) }).events));
    expect(solo.ranking).toEqual([]);
  });
  it('MG-SUB-6: substitutes come after the team members in the start list and do not play by default', () => {
    const g = game(team().events);
    expect(g.ids).toEqual(['a', 'b', 'u', 's']);
    expect(g.players.s!.status).toBe('reserve');
  });
  it('MG-SUB-1: one substitute per team, named in advance', () => {
    const g = game(
      new Log().start(
        [
          { id: 'a', name: 'A', side: 'T' },
          { id: 's1', name: 'S1', side: 'T' },
          { id: 's2', name: 'S2', side: 'T' },
        ],
        { info: { s1: { substitute: true }, s2: { substitute: true } } },
      ).events,
    );
    expect(g.problems).toEqual(['team T names 2 substitutes; one is allowed (MG-SUB-1)']);
    expect(codes(run(team().ref('substitute', { player: 'a', data: { in: 'b' } }).events))).toEqual(['not_a_substitute']);
  });
  it('MG-CAT-8: a substitute serves only his own team', () => {
    expect(codes(run(team().ref('substitute', { player: 'u', data: { in: 's' } }).events))).toEqual(['other_team']);
  });
  it('MG-SUB-2: only the authorised person makes a substitution', () => {
    const l = team({ substituteAuthority: { T: 'Captain' } })
      .ref('substitute', { player: 'a', who: 'Ref', data: { in: 's' } })
      .ref('substitute', { player: 'a', who: 'Captain', data: { in: 's' } });
    const s = run(l.events);
    expect(codes(s)).toEqual(['not_authorised']);
    expect(s.game.players.s!.status).toBe('active');
  });
  it('MG-SCORE-7 / MG-SUB-11 / MG-SUB-13: a substitute takes the place mid-lane, restarts from the start, the lane is capped at 7', () => {
    const l = team()
      .strike('a')
      .rest()
      .strike('a')
      .rest()
      .strike('a')
      .rest()
      .ref('substitute', { player: 'a', data: { in: 's', reason: 'health' } });
    let g = game(l.events);
    expect(g.groups[0]!.order).toEqual(['s', 'b', 'u']);
    expect(g.players.s!.play).toMatchObject({ strokes: 3, fromStart: true, ball: 'start' });
    for (let i = 0; i < 3; i++) l.strike('s').rest();
    g = game(l.events);
    expect(g.players.s!.cards[0]!.lanes[0]).toBe(7);
    expect(g.players.a!.status).toBe('out');
  });
  it('MG-SCORE-7: the outgoing player is withdrawn and the substitute has no individual result; the others keep a valid round', () => {
    const l = team()
      .ref('score', { player: 'a', place: '1', value: 2, who: 'm' })
      .ref('score', { player: 'b', place: '1', value: 3, who: 'm' })
      .ref('score', { player: 'u', place: '1', value: 3, who: 'm' });
    l.ref('substitute', { player: 'a', data: { in: 's' } });
    const rest = (v: number) => [...fill(17, v), 0];
    for (let k = 0; k < 17; k++)
      for (const [id, v] of [
        ['s', 2],
        ['b', 2],
        ['u', 3],
      ] as const)
        l.ref('score', { player: id, place: String(k + 2), value: rest(v)[k]!, who: 'm' });
    const r = report(run(l.events));
    expect(r.ranking[0]!.validRounds).toEqual([1]);
    expect(r.ranking[0]!.withdrawn).toEqual(['a']);
    expect(r.ranking[0]!.lines.map((x) => [x.player, x.total])).toEqual([
      ['b', 37],
      ['u', 54],
    ]);
    expect(r.teams.find((t) => t.team === 'T')!.total).toBe(2 + 34 + 37);
  });
  it('MG-SUB-3: a substitute normally comes in only once', () => {
    const l = team()
      .ref('substitute', { player: 'a', data: { in: 's' } })
      .ref('substitute', { player: 'b', data: { in: 's' } });
    expect(codes(run(l.events))).toEqual(['substitute_used']);
  });
  it('MG-SUB-4: further team penalty points a referee enters (team_penalty) add to the team total', () => {
    const l = scoreRound(team(), { a: spread(40), b: spread(42), u: spread(45) }).ref('team_penalty', {
      place: 'T',
      value: 3,
      why: 'health substitution, 3 lanes',
    });
    expect(report(run(l.events)).teams.find((t) => t.team === 'T')!.total).toBe(85);
  });
  it('MG-SUB-5 (proposal: unplayed lanes score 7): a disqualified player without substitute costs 7 per lane plus a point per round', () => {
    const l = team({ rounds: 2 }).ref('penalty', { player: 'a', value: 'D+5', data: { clause: '18.7f' } });
    scoreRound(l, { b: spread(40), u: spread(45) });
    scoreRound(l, { b: spread(40), u: spread(45) });
    const t = report(run(l.events)).teams.find((x) => x.team === 'T')!;
    expect(t.complete).toBe(true);
    expect(t.total).toBe(80 + 2 * 18 * 7 + 5 + 2);
  });
  it('MG-SUB-7 / MG-SUB-10: the substitution is announced (and the substitute told)', () => {
    const g = game(team().ref('substitute', { player: 'a', data: { in: 's' } }).events);
    expect(g.announcements).toContain('Substitution: S for A, round 1 lane 1');
  });
  it('MG-SUB-8: the substitution is written on both cards', () => {
    const g = game(team().ref('substitute', { player: 'a', data: { in: 's', reason: 'health' } }).events);
    expect(g.players.a!.cards[0]!.notes).toEqual(['substituted by S on lane 1 (health)']);
    expect(g.players.s!.cards[0]!.notes).toEqual(['came in for A on lane 1 (health)']);
  });
  it('MG-SUB-9: a substitute who played from the start keeps his group; his scores fill the slot', () => {
    const l = new Log().start(
      [
        { id: 'a', name: 'A', side: 'T' },
        { id: 's', name: 'S', side: 'T' },
      ],
      {
        info: { s: { substitute: true } },
        groups: [
          { id: 'g1', players: ['a'] },
          { id: 'g2', players: ['s'] },
        ],
      },
    );
    l.ref('score', { player: 'a', place: '1', value: 2, who: 'm' }).ref('substitute', { player: 'a', data: { in: 's' } });
    scoreRound(l, { s: spread(36) });
    const r = report(run(l.events));
    expect(r.teams[0]!.total).toBe(2 + 36 - spread(36)[0]!);
    expect(game(l.events).groups.map((g) => g.order)).toEqual([['a'], ['s']]);
  });
  it('MG-SUB-12: a substitute may choose his ball on the unfinished lane without penalty', () => {
    const l = team()
      .strike('a')
      .rest()
      .ref('substitute', { player: 'a', data: { in: 's' } })
      .ref('ball_change', { player: 's', value: 'substitute', ball: 'x' });
    expect(game(l.events).players.s!.penalties).toEqual([]);
  });
  it('MG-CAT-9: club teams must come from one club', () => {
    const l = team({ clubTeams: true, info: { a: { club: 'X' }, b: { club: 'Y' }, s: { substitute: true, club: 'X' } } });
    expect(report(run(l.events)).teams.find((t) => t.team === 'T')!.invalid).toBe('players from different clubs (MG-CAT-9)');
  });
});
