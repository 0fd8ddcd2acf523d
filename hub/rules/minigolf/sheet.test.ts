/**
 * Continuing a tournament from the players' paper scorecards (issue #22, sheet.ts): the `start`
 * event carries the sheet, play resumes where the cards end, and every figure counts the carried
 * lanes and penalties while the report and the exports keep them apart.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import type { ScoreSheet } from '../../../shared/game/sheets/index';
import type { MinigolfSheet } from '../../../shared/game/sheets/minigolf';
import { parseLog, replayLog } from '../../cli/replay';
import { resultsCsv, scorecardsCsv, scorecardsHtml } from './export';
import { minigolf } from './index';
import { report, summary } from './report';
import { toPlay } from './round';
import { laneStats } from './stats';
import { Log, codes, game, run } from './testkit';

type Line = MinigolfSheet['players'][number];

function sheetOf(...players: Line[]): MinigolfSheet {
  return { family: 'minigolf', players };
}

/** A log whose `start` carries `sheet` (players as ids or setups, engine config). */
function continued(sheet: ScoreSheet, players: (string | PlayerSetup)[] = ['ana', 'ben'], config: Record<string, unknown> = {}): Log {
  const ps = players.map((p) => (typeof p === 'string' ? { id: p, name: p } : p));
  return new Log().add({ type: 'start', players: ps, config, sheet });
}

/** Six lanes, one round: ana has written lanes 1-3, ben lanes 1-2 (he is to play lane 3). */
const midRound = () =>
  sheetOf({ player: 'ana', rounds: [[2, 3, 1, null, null, null]] }, { player: 'ben', rounds: [[3, 3]], penalties: [{ round: 1, points: 1 }] });

/** The start refused with `bad_sheet`: its reason. */
function refusal(sheet: ScoreSheet, players: (string | PlayerSetup)[] = ['ana', 'ben'], config: Record<string, unknown> = {}): string {
  const s = run(continued(sheet, players, config).events);
  expect(s.rejected.map((r) => [r.seq, r.code])).toEqual([[0, 'bad_sheet']]);
  expect(s.game.status).toBe('setup');
  return s.rejected[0]!.reason;
}

describe('continuing from a score sheet', () => {
  it('MG-SCORE-1 / MG-ORDER-7 / MG-CARD-1: play resumes at each player’s next empty lane and goes on to the end; the ranking counts the carried lanes (MG-SCORE-4)', () => {
    const l = continued(midRound(), ['ana', 'ben'], { lanes: 6 });
    const g0 = game(l.events);
    expect(g0.status).toBe('playing');
    // ana has lane 3; ben, who has not, plays it first.
    expect(toPlay(g0, g0.groups[0]!)).toBe('ben');
    l.lane('ben', 3, 2);
    const g1 = game(l.events);
    expect(toPlay(g1, g1.groups[0]!)).toBe('ana');
    for (let lane = 4; lane <= 6; lane++) l.lane('ana', lane, 1).lane('ben', lane, 1);
    const s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(s.game.status).toBe('finished');
    const r = report(s);
    expect(r.players.map((p) => [p.id, p.rounds[0]!.lanes, p.rounds[0]!.how])).toEqual([
      ['ana', [2, 3, 1, 1, 1, 1], ['sheet', 'sheet', 'sheet', 'holed', 'holed', 'holed']],
      ['ben', [3, 3, 2, 1, 1, 1], ['sheet', 'sheet', 'holed', 'holed', 'holed', 'holed']],
    ]);
    // ben: 11 strokes + 1 carried penalty point; ana: 9 strokes, 6 of them carried.
    expect(r.players.map((p) => [p.id, p.total, p.rounds[0]!.penaltyPoints])).toEqual([
      ['ana', 9, 0],
      ['ben', 12, 1],
    ]);
    expect(r.ranking[0]!.lines.map((x) => [x.place, x.player, x.total, x.decidedBy])).toEqual([
      [1, 'ana', 9, 'total'],
      [2, 'ben', 12, 'total'],
    ]);
    expect(summary(s)).toMatchObject({ winner: 'ana', fromSheet: true });
    expect(summary(s).players.map((p) => [p.id, p.score])).toEqual([
      ['ana', 9],
      ['ben', 12],
    ]);
  });

  it('MG-ORDER-9 / MG-SCORE-4: a finished first round carried: the order rotates and round 2 resumes after the carried lanes', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[1, 2, 3], [2]] }, { player: 'ben', rounds: [[3, 3, 3], [4]] });
    const l = continued(sheet, ['ana', 'ben'], { lanes: 3, rounds: 2 });
    const g0 = game(l.events);
    expect(g0.groups[0]!.order).toEqual(['ben', 'ana']);
    expect([g0.groups[0]!.round, toPlay(g0, g0.groups[0]!)]).toEqual([1, 'ben']);
    l.lane('ben', 2, 2).lane('ana', 2, 2).lane('ben', 3, 2).lane('ana', 3, 1);
    const r = report(run(l.events));
    expect(r.status).toBe('finished');
    expect(r.ranking[0]!.lines.map((x) => [x.player, x.total, x.rounds])).toEqual([
      ['ana', 11, [6, 5]],
      ['ben', 17, [9, 8]],
    ]);
  });

  it('MG-ORDER-10: a final round’s groups are formed on the totals with the carried rounds', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[1, 1]] }, { player: 'ben', rounds: [[3, 3]] });
    const g = game(continued(sheet, ['ana', 'ben'], { lanes: 2, rounds: 2, finalRounds: [2] }).events);
    const final = g.groups.find((x) => !x.done)!;
    expect([final.round, final.order, toPlay(g, final)]).toEqual([1, ['ben', 'ana'], 'ben']);
  });

  it('MG-CARD-11: an empty field between written lanes is allowed, as on a handed-in card: it is played next', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[2, null, 3, 3]] }, { player: 'ben', rounds: [[2, 2, 2, 2]] });
    const l = continued(sheet, ['ana', 'ben'], { lanes: 4 });
    const g0 = game(l.events);
    expect(toPlay(g0, g0.groups[0]!)).toBe('ana');
    l.lane('ana', 2, 4);
    const g = game(l.events);
    expect(g.players.ana!.cards[0]!.lanes).toEqual([2, 4, 3, 3]);
    expect(g.status).toBe('finished');
  });

  it('MG-PEN-2 / MG-Q14: carried penalty points count in their round, and a later penalty escalates past them', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[2, 2]], penalties: [{ round: 1, points: 1 }] });
    const l = continued(sheet, ['ana', 'ben'], { lanes: 4 }).ref('penalty', { player: 'ana', value: 'A', why: 'late' });
    const r = report(run(l.events));
    const ana = r.players.find((p) => p.id === 'ana')!;
    expect(ana.penalties.map((x) => [x.level, x.points, x.round, x.reason, x.fromSheet ?? false])).toEqual([
      ['A+1', 1, 0, 'from the score sheet', true],
      ['B+2', 2, 0, 'late', false],
    ]);
    expect([ana.rounds[0]!.penaltyPoints, ana.total]).toEqual([3, 7]);
  });

  it('MG-PEN-10 / MG-SCORE-4: a D+5 on the cards disqualifies: the player plays no more and is out of the ranking', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[2]], penalties: [{ round: 1, points: 5 }] }, { player: 'ben', rounds: [[3]] });
    const l = continued(sheet, ['ana', 'ben'], { lanes: 2 });
    const g0 = game(l.events);
    expect([g0.players.ana!.status, toPlay(g0, g0.groups[0]!)]).toEqual(['disqualified', 'ben']);
    const r = report(run(l.lane('ben', 2, 2).events));
    expect(r.status).toBe('finished');
    expect(r.ranking[0]!.disqualified).toEqual(['ana']);
    expect(r.ranking[0]!.lines.map((x) => [x.player, x.total])).toEqual([['ben', 5]]);
  });

  it('MG-CARD-2: the report keeps the sheet as given and the summary says fromSheet; a tournament without one has neither', () => {
    const sheet = midRound();
    const s = run(continued(sheet, ['ana', 'ben'], { lanes: 6 }).events);
    expect(report(s).sheet).toEqual(sheet);
    expect(summary(s).fromSheet).toBe(true);
    const plain = run(new Log().start(['ana', 'ben']).events);
    expect('sheet' in report(plain)).toBe(false);
    expect('fromSheet' in summary(plain)).toBe(false);
  });

  it('MG-CARD-2: the scorecard exports mark the carried lanes; results.csv gives the carried part of each total', () => {
    const l = continued(midRound(), ['ana', 'ben'], { lanes: 6 }).lane('ben', 3, 2);
    for (let lane = 4; lane <= 6; lane++) l.lane('ana', lane, 1).lane('ben', lane, 1);
    const s = run(l.events);
    const [head, ana, ben] = scorecardsCsv(s).trim().split('\n');
    expect(head!.endsWith(',locked,from_sheet')).toBe(true);
    expect(ana!.endsWith(',L1 L2 L3')).toBe(true);
    expect(ben).toBe('1,A,ben,ben,,,,3,3,2,1,1,1,11,1,12,A+1: from the score sheet,,false,false,false,L1 L2');
    const html = scorecardsHtml(s);
    expect(html).toContain('<td class="sheet" title="from the score sheet">3</td><td>2</td>');
    expect(html).toContain('Carried from the score sheet (shaded): lanes 1, 2, 3');
    expect(html).toContain('td.sheet{');
    expect(resultsCsv(s).trim().split('\n')).toEqual([
      'category,place,shared,player,name,total,R1,penalty_points,decided_by,from_sheet',
      'open,1,false,ana,ana,9,9,0,total,6',
      'open,2,false,ben,ben,12,12,1,total,7',
    ]);
    // Without a sheet nothing is shaded or added.
    const plain = run(new Log().start(['ana']).lane('ana', 1, 2).events);
    expect(scorecardsHtml(plain)).not.toContain('sheet');
    expect(scorecardsCsv(plain)).not.toContain('from_sheet');
  });

  it('MG-SCORE-2: the lane statistics count the carried 1s and 7s', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[1, 7]] });
    const s = run(continued(sheet, ['ana'], { lanes: 2 }).events);
    expect(s.game.status).toBe('finished');
    expect(laneStats([report(s)])).toEqual([
      { lane: 1, plays: 1, average: 1, aces: 1, max: 0 },
      { lane: 2, plays: 1, average: 7, aces: 0, max: 1 },
    ]);
    expect(minigolf.playerStats!.of([{ report: report(s) } as never])).toEqual(laneStats([report(s)]));
  });

  it('MG-SCORE-5: match play counts the lanes won on the carried cards', () => {
    const sheet = sheetOf({ player: 'ana', rounds: [[1, 3, 2]] }, { player: 'ben', rounds: [[2, 2, 2]] });
    const r = report(run(continued(sheet, ['ana', 'ben'], { lanes: 3, format: 'match' }).events));
    expect(r.status).toBe('finished');
    expect(r.ranking[0]!.lines.map((x) => [x.place, x.player, x.lanesWon, x.total])).toEqual([
      [1, 'ana', 1, 6],
      [1, 'ben', 1, 6],
    ]);
  });
});

describe('sheets that do not fit refuse the start (bad_sheet)', () => {
  it('a sheet of another game family', () => {
    const carom: ScoreSheet = { family: 'carom', players: [], atTable: 'ana' } as unknown as ScoreSheet;
    expect(refusal(carom)).toBe('sheet: a carom sheet does not fit a minigolf tournament');
  });
  it('MG-SCORE-4: an unknown player, a player twice, a coach, a substitute not in play', () => {
    expect(refusal(sheetOf({ player: 'x', rounds: [] }))).toBe('sheet: player "x" is not in the match');
    expect(refusal(sheetOf({ player: 'constructor', rounds: [] }))).toBe('sheet: player "constructor" is not in the match');
    expect(refusal(sheetOf({ player: 'ana', rounds: [] }, { player: 'ana', rounds: [] }))).toBe('sheet: player "ana" appears twice');
    expect(refusal(sheetOf({ player: 'c', rounds: [] }), ['ana', 'ben'], { coaches: [{ id: 'c', name: 'C', team: 'T' }] })).toBe(
      'sheet: player "c" is not in the match',
    );
    expect(refusal(sheetOf({ player: 's', rounds: [[2]] }), ['ana', { id: 's', name: 's', side: 'T' }], { info: { s: { substitute: true } } })).toBe(
      'sheet: player "s" is not in play (a substitute, or in no group)',
    );
  });
  it('MG-COURSE-1: rounds or lanes beyond the configuration', () => {
    expect(refusal(sheetOf({ player: 'ana', rounds: [[2], [2]] }))).toBe('sheet: player "ana" has 2 rounds; the tournament has 1');
    expect(refusal(sheetOf({ player: 'ana', rounds: [[2, 2, 2, 2]] }), ['ana'], { lanes: 3 })).toBe(
      'sheet: player "ana", round 1 has 4 lanes; the course has 3',
    );
  });
  it('MG-SCORE-1 / MG-SCORE-2: a lane score outside 1..7', () => {
    expect(refusal(sheetOf({ player: 'ana', rounds: [[2, 8]] }))).toBe('sheet: player "ana", round 1, lane 2: 8 is not a lane score (1..7)');
    expect(refusal(sheetOf({ player: 'ana', rounds: [[0]] }))).toBe('sheet: player "ana", round 1, lane 1: 0 is not a lane score (1..7)');
    expect(refusal(sheetOf({ player: 'ana', rounds: [[2.5]] }))).toBe('sheet: player "ana", round 1, lane 1: 2.5 is not a lane score (1..7)');
  });
  it('MG-ORDER-1 / MG-CARD-11: a lane written in a round after one not finished', () => {
    expect(refusal(sheetOf({ player: 'ana', rounds: [[2, null, 2], [3]] }), ['ana'], { lanes: 3, rounds: 2 })).toBe(
      'sheet: player "ana", round 2, lane 1 is written, but round 1 is not finished (lane 2 is empty)',
    );
    // A two-course shotgun plays rounds 1 and 2 interleaved: both may be part-written.
    const s = run(
      continued(sheetOf({ player: 'ana', rounds: [[2], [3]] }), ['ana'], { lanes: 3, rounds: 2, courses: ['A', 'B'], twoCourseShotgun: true }).events,
    );
    expect(codes(s)).toEqual([]);
  });
  it('MG-PEN-2: a penalty beyond the rounds, in a round not reached, given twice, or milder after a stricter one', () => {
    const withPens = (penalties: Line['penalties'], rounds: Line['rounds'] = [[2]]) => sheetOf({ player: 'ana', rounds, penalties });
    const cfg = { lanes: 3, rounds: 2 };
    expect(refusal(withPens([{ round: 3, points: 1 }]), ['ana'], cfg)).toBe('sheet: player "ana" has a penalty in round 3; the tournament has 2 rounds');
    expect(refusal(withPens([{ round: 2, points: 1 }]), ['ana'], cfg)).toBe('sheet: player "ana" has a penalty in round 2, a round he has not reached');
    expect(
      refusal(
        withPens(
          [
            { round: 1, points: 1 },
            { round: 1, points: 1 },
          ],
          [[2, 2, 2]],
        ),
        ['ana'],
        cfg,
      ),
    ).toBe('sheet: player "ana" has A+1 twice; each penalty is given once per tournament (MG-PEN-2)');
    expect(
      refusal(
        withPens(
          [
            { round: 2, points: 1 },
            { round: 1, points: 2 },
          ],
          [[2, 2, 2]],
        ),
        ['ana'],
        cfg,
      ),
    ).toBe('sheet: player "ana" has A+1 in round 2 after B+2 in round 1; a later penalty is always stricter (MG-PEN-2)');
    expect(refusal(withPens([{ round: 1, points: 3 }]), ['ana'], cfg)).toBe(
      'sheet: player "ana" has a penalty of 3 points; a card carries 1 (A+1), 2 (B+2) or 5 (D+5)',
    );
  });
  it('after a refused start the tournament has not begun: the next start is taken', () => {
    const l = continued(sheetOf({ player: 'x', rounds: [] }))
      .start(['ana', 'ben'])
      .lane('ana', 1, 2);
    const s = run(l.events);
    expect(codes(s)).toEqual(['bad_sheet']);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
  });
});

describe('replaying a continued tournament', () => {
  const log = () => {
    const l = continued(midRound(), ['ana', 'ben'], { lanes: 6 }).lane('ben', 3, 2).ref('penalty', { player: 'ana', value: 'A+1', why: 'late' });
    for (let lane = 4; lane <= 6; lane++) l.lane('ana', lane, 2).lane('ben', lane, 1);
    return l.events;
  };
  it('MG-CARD-1: the same log gives the same report, and the state survives a JSON snapshot', () => {
    const events = log();
    const a = run(events);
    const b = run(JSON.parse(JSON.stringify(events)) as GameEvent[]);
    expect(report(b)).toEqual(report(a));
    expect(JSON.parse(JSON.stringify(a.game.sheet))).toEqual(a.game.sheet);
    expect(JSON.parse(JSON.stringify(a.game.players))).toEqual(a.game.players);
  });
  it('MG-CARD-2: autoref replay accepts a log whose start carries a minigolf sheet', () => {
    const text = log()
      .map((e) => JSON.stringify(e))
      .join('\n');
    const out = replayLog(parseLog(text), 'minigolf') as { summary: { fromSheet?: boolean; status: string }; report: { sheet?: unknown }; rejected: unknown[] };
    expect(out.rejected).toEqual([]);
    expect(out.summary).toMatchObject({ fromSheet: true, status: 'finished' });
    expect(out.report.sheet).toEqual(midRound());
  });
});
