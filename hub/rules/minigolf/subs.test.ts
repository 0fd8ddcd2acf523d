import { describe, expect, it } from 'vitest';
import { report } from './report';
import { aheadLanes } from './subs';
import { Log, codes, fill, game, run, scoreRound } from './testkit';

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

const score = (l: Log, ids: string[], lanes: number[], v = 2, round?: number) => {
  for (const lane of lanes)
    for (const id of ids) l.ref('score', { player: id, place: String(lane), value: v, by: 'scorer', who: 'm', ...(round ? { data: { round } } : {}) });
  return l;
};
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const teamT = (l: Log) => report(run(l.events)).teams.find((t) => t.team === 'T')!;

describe('substitution penalty points (MG-SUB-4, §15.4)', () => {
  const threeRounds = (reason: string) => {
    const l = score(team({ rounds: 3 }), ['a', 'b', 'u'], range(1, 5));
    l.ref('substitute', { player: 'a', data: { in: 's', reason } });
    score(l, ['s', 'b', 'u'], range(6, 18));
    scoreRound(l, { s: fill(18, 2), b: fill(18, 2), u: fill(18, 2) });
    return scoreRound(l, { s: fill(18, 2), b: fill(18, 2), u: fill(18, 2) });
  };
  it('MG-SUB-4 (reading of MG-Q12: computed; 1 point for each later round the health substitute plays)', () => {
    const t = teamT(threeRounds('health'));
    expect(t.substitutionPenalties).toEqual([{ team: 'T', player: 's', for: 'a', round: 1, rounds: 2, lanes: 0, points: 2 }]);
    expect(t.penaltyPoints).toBe(2);
    expect(t.total).toBe(3 * 36 + 3 * 36 + 2);
    // The same substitution for another reason (the one ordinary substitution of MG-SUB-3) costs nothing.
    const other = teamT(threeRounds('other'));
    expect(other.substitutionPenalties).toEqual([]);
    expect(other.total).toBe(3 * 36 + 3 * 36);
  });
  it("MG-SUB-4: a substitute already ahead of the outgoing player costs 1 point per lane from his first unfinished lane to the substitute's last completed one", () => {
    const l = team({
      groups: [
        { id: 'g1', players: ['a', 'b'] },
        { id: 'g2', players: ['s'] },
      ],
    });
    score(l, ['s'], range(1, 10));
    score(l, ['a', 'b'], range(1, 4));
    l.ref('substitute', { player: 'a', data: { in: 's', reason: 'health' } });
    score(l, ['s'], range(11, 18));
    score(l, ['b'], range(5, 18));
    const g = game(l.events);
    expect(g.players.s!.subs[0]!.aheadLanes).toBe(6); // lanes 5..10
    expect(aheadLanes(g.players.b!, g.players.a!, 0)).toBe(14);
    const t = teamT(l);
    expect(t.substitutionPenalties.map((x) => [x.rounds, x.lanes, x.points])).toEqual([[0, 6, 6]]);
    expect(t.total).toBe(36 + 36 + 6);
  });
  it('MG-SUB-5 (MG-SUB-4 does not apply when the outgoing player returns because his substitute was disqualified)', () => {
    const l = score(team({ rounds: 2 }), ['a', 'b', 'u'], range(1, 5));
    l.ref('substitute', { player: 'a', data: { in: 's', reason: 'health' } }).ref('return', { player: 'a' });
    expect(codes(run(l.events))).toEqual(['may_not_return']);
    score(l, ['s', 'b', 'u'], range(6, 18));
    score(l, ['s', 'b', 'u'], range(1, 3));
    expect(teamT(l).substitutionPenalties.map((x) => x.points)).toEqual([1]);
    l.ref('penalty', { player: 's', value: 'D+5', data: { clause: '18.7f' } }).ref('return', { player: 'a' });
    const g = game(l.events);
    expect(g.players.a!.status).toBe('active');
    expect(g.groups[0]!.order).toEqual(['b', 'u', 'a']);
    expect(g.players.a!.cards[1]!.how.slice(0, 4)).toEqual(['substitute', 'substitute', 'substitute', null]);
    expect(g.players.a!.subs.map((x) => [x.dir, x.reason])).toEqual([
      ['out', 'health'],
      ['in', 'substitute_disqualified'],
    ]);
    expect(teamT(l).substitutionPenalties).toEqual([]);
    // MG-SUB-5: S's D+5 (5) and one point per round for the disqualified player (2).
    expect(teamT(l).penaltyPoints).toBe(5 + 2);
  });
});

describe('group after a substitution (MG-SUB-13)', () => {
  it('MG-SUB-13 •1/•2 / MG-SUB-9: the outgoing player continues later: the group splits, he and the substitute stay a pairing', () => {
    const l = score(team({ rounds: 2 }), ['a', 'b', 'u'], [1, 2]);
    l.strike('a').rest().strike('a').rest();
    l.ref('substitute', { player: 'a', data: { in: 's', reason: 'health', continues: true } });
    let g = game(l.events);
    expect(g.groups.map((x) => [x.id, x.order])).toEqual([
      ['g1', ['b', 'u']],
      ['g1+s', ['s', 'a']],
    ]);
    expect(g.players.s!.play).toMatchObject({ lane: 3, strokes: 2, fromStart: true });
    expect(g.players.a!.status).toBe('out');
    l.strike('s').hole(3);
    score(l, ['b', 'u'], [3]);
    score(l, ['s'], range(4, 10));
    score(l, ['b', 'u'], range(4, 18));
    l.ref('return', { player: 'a' });
    g = game(l.events);
    expect(g.players.a!.status).toBe('active');
    expect(g.players.s!.status).toBe('out');
    // The lanes the substitute played count once for the slot and are not played again.
    expect(g.players.a!.cards[0]!.lanes.slice(0, 11)).toEqual([2, 2, 3, 2, 2, 2, 2, 2, 2, 2, null]);
    expect(g.players.a!.cards[0]!.how[2]).toBe('substitute');
    score(l, ['a'], range(11, 18));
    // The pairing keeps its composition into the next round (rotated, MG-ORDER-9).
    expect(game(l.events).groups.map((x) => [x.id, x.round, x.order])).toEqual([
      ['g1', 1, ['u', 'b']],
      ['g1+s', 1, ['a', 's']],
    ]);
    scoreRound(l, { a: fill(18, 2), b: fill(18, 2), u: fill(18, 2) });
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    const r = report(s);
    expect(r.teams.find((t) => t.team === 'T')!.total).toBe(37 + 36 + 72);
    expect(r.ranking[0]!.withdrawn).toEqual(['a']);
    expect(r.ranking[0]!.lines.map((x) => x.player)).toEqual(['b', 'u']);
  });
});
