/**
 * Continuing a carom match from a score sheet (sheet.ts): the match begins at the sheet's state,
 * the carried figures flow into every derived one, a sheet that does not fit is refused, and the
 * log replays to the same report.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import type { CaromSheet } from '../../../shared/game/sheets/carom';
import type { ScoreSheet } from '../../../shared/game/sheets/index';
import { parseLog, replayLog } from '../../cli/replay';
import { fourBall, threeBall, threeCushion } from './index';
import type { CaromReport } from './report';
import { CaromState, type Live } from './state';
import { clubRanking } from './stats';
import { Log, core, run, score, turnOf } from './testkit';

/** A three-cushion match to 40: A (white) 38 in 20 innings, B (yellow) at the table with 35 in 19 and a run of 2. */
const LATE: CaromSheet = {
  family: 'carom',
  players: [
    { player: 'A', points: 38, innings: 20, highRun: 6 },
    { player: 'B', points: 35, innings: 19, highRun: 4, timeoutsUsed: 1 },
  ],
  atTable: 'B',
  run: 2,
};

function sheetLog(sheet: CaromSheet | ScoreSheet, config: Record<string, unknown> = {}, players = ['A', 'B']): Log {
  return new Log(players, config).fromSheet(sheet);
}

function reportOf(engine: typeof threeCushion, log: Log | readonly GameEvent[]): CaromReport {
  return engine.report(run(engine, log).game) as CaromReport;
}

/** The reasons the start was refused with (code bad_sheet). */
function refusal(sheet: unknown, config: Record<string, unknown> = {}, players = ['A', 'B']): string[] {
  const c = core(threeCushion, sheetLog(sheet as ScoreSheet, config, players));
  expect(c.status).toBe('setup');
  return c.rejected.filter((r) => r.seq === 0 && r.code === 'bad_sheet').map((r) => r.reason);
}

describe('continuing a carom match from a score sheet', () => {
  it('C3-END-1 the match continues at the sheet (no lag, C3-LAG-1) and is won on the carried score', () => {
    const l = sheetLog(LATE);
    const start = core(threeCushion, l);
    expect([start.status, turnOf(start), start.cue, start.lag, start.opening, start.inning]).toEqual(['playing', 'B', 'Y', null, false, 20]);
    l.point3c('Y').point3c('Y');
    expect(score(core(threeCushion, l), 'B')).toBe(39);
    l.point3c('Y');
    const end = reportOf(threeCushion, l);
    expect([end.status, end.winner, end.endReason]).toEqual(['finished', 'B', 'distance']);
    const b = end.players.find((p) => p.id === 'B')!;
    // The inning in progress closes as one run: the 2 carried and the 3 autoref saw.
    expect([b.points, b.innings, b.runs, b.highRun, b.average]).toEqual([40, 20, [5], 5, 2]);
  });

  it('C3-SERIES-1 every figure counts the carried innings: points, innings, high run, general average, match inning, turn', () => {
    const l = sheetLog(LATE).point3c('Y').miss('Y');
    const r = reportOf(threeCushion, l);
    const [a, b] = r.players;
    expect([a!.points, a!.innings, a!.currentRun, a!.highRun, a!.average, a!.runs]).toEqual([38, 21, 0, 6, 1.81, [0]]);
    expect([b!.points, b!.innings, b!.currentRun, b!.highRun, b!.average, b!.runs]).toEqual([38, 20, null, 4, 1.9, [3]]);
    expect([r.inning, r.turn]).toEqual([21, { player: 'A', cueBall: 'W', run: 0, shotsInInning: 0 }]);
    expect(b!.timeoutsUsed).toBe(1);
    // Kept apart: what came from the sheet, and the sheet exactly as given.
    expect(b!.carried).toEqual({ points: 35, innings: 19, highRun: 4, run: 2, timeoutsUsed: 1 });
    expect(a!.carried).toEqual({ points: 38, innings: 20, highRun: 6, run: 0, timeoutsUsed: 0 });
    expect(r.sheet).toEqual(LATE);
    const summary = threeCushion.summary(run(threeCushion, l).game);
    expect([summary.headline, summary.fromSheet, summary.players.map((p) => p.score)]).toEqual(['A 38 – 38 B, inning 21', true, [38, 38]]);
  });

  it('a match from its beginning has no sheet: no fromSheet, no carried, no report.sheet', () => {
    const l = new Log(['A', 'B'], { lag: false }).point3c();
    const r = reportOf(threeCushion, l);
    expect('sheet' in r || r.players.some((p) => 'carried' in p)).toBe(false);
    expect('fromSheet' in threeCushion.summary(run(threeCushion, l).game)).toBe(false);
  });

  it('CG-FOUL-7 a foul ends the carried run and is recorded in the inning the sheet reached', () => {
    const c = core(threeCushion, sheetLog(LATE).foul('touch'));
    expect([c.fouls[0]!.inning, turnOf(c), score(c, 'B'), c.players[1]!.runs]).toEqual([20, 'A', 37, [2]]);
  });

  it('CQ-15 the innings limit counts the carried innings', () => {
    const c = core(threeCushion, sheetLog(LATE, { inningsLimit: 20 }).miss('Y'));
    expect([c.status, c.endReason, c.winner]).toEqual(['finished', 'innings limit', 'A']);
  });

  it('CQ-15 an equalizing inning in progress is stated by the sheet and ends the match', () => {
    const sheet: CaromSheet = { ...LATE, players: [{ player: 'A', points: 40, innings: 20, highRun: 6 }, LATE.players[1]!] };
    const open = core(threeCushion, sheetLog(sheet, { equalizingInning: true }));
    expect([open.status, open.equalizing, turnOf(open)]).toEqual(['playing', ['B'], 'B']);
    const lost = core(threeCushion, sheetLog(sheet, { equalizingInning: true }).miss('Y'));
    expect([lost.status, lost.winner, lost.endReason]).toEqual(['finished', 'A', 'distance (after the equalizing inning)']);
    const drawn = core(threeCushion, sheetLog(sheet, { equalizingInning: true }).point3c('Y').point3c('Y').point3c('Y'));
    expect([drawn.status, drawn.draw, score(drawn, 'B')]).toEqual(['finished', true, 40]);
  });

  it('CQ-15 the opener reaching the distance from the sheet owes his opponent the equalizing inning of the carried innings', () => {
    const sheet: CaromSheet = {
      family: 'carom',
      players: [
        { player: 'A', points: 39, innings: 20, highRun: 6 },
        { player: 'B', points: 30, innings: 20, highRun: 5 },
      ],
      atTable: 'A',
    };
    const c = core(threeCushion, sheetLog(sheet, { equalizingInning: true }).point3c('W'));
    expect([c.status, c.equalizing, turnOf(c), c.cue]).toEqual(['playing', ['B'], 'B', 'Y']);
  });

  it('C3-TO-1 timeouts used on the sheet count against the allowance; C3-TO-3 none during a carried run', () => {
    const used = core(threeCushion, sheetLog({ ...LATE, run: 0 }).ref('timeout', { player: 'B', by: 'player' }));
    expect(used.rejected.map((r) => r.code)).toEqual(['no_timeout_left']);
    const series = core(
      threeCushion,
      sheetLog({ ...LATE, players: [LATE.players[0]!, { ...LATE.players[1]!, timeoutsUsed: 0 }] }).ref('timeout', { player: 'B', by: 'player' }),
    );
    expect(series.rejected.map((r) => r.code)).toEqual(['series']);
  });

  it('C3-BREAK-3 a sheet with nothing played yet leaves the break to come: the opening position and the red first', () => {
    const sheet: CaromSheet = {
      family: 'carom',
      players: [
        { player: 'A', points: 0, innings: 0, highRun: 0 },
        { player: 'B', points: 0, innings: 0, highRun: 0 },
      ],
      atTable: 'B',
    };
    const c = core(threeCushion, sheetLog(sheet));
    expect([c.opening, turnOf(c), c.cue, c.inning, c.order, c.spotting.map((x) => x.spot)]).toEqual([
      true,
      'B',
      'W',
      1,
      ['B', 'A'],
      ['red_spot', 'head_spot', 'opening_side_spot'],
    ]);
    const yellowFirst = core(
      threeCushion,
      sheetLog(sheet).strike('W').cushion('W', 'L1').cushion('W', 'S2').cushion('W', 'L2').contact('W', 'Y').contact('W', 'R').rest(),
    );
    expect([score(yellowFirst, 'B'), turnOf(yellowFirst)]).toEqual([0, 'A']);
  });

  it('C3-LAG-3 the cue ball of the player at the table follows from his ball', () => {
    const own = core(threeCushion, sheetLog({ ...LATE, players: [LATE.players[0]!, { ...LATE.players[1]!, ball: 'W' }] }).miss('W'));
    expect([turnOf(own), own.cue]).toEqual(['A', 'Y']);
    const opponents = core(threeCushion, sheetLog({ ...LATE, players: [{ ...LATE.players[0]!, ball: 'Y' }, LATE.players[1]!] }));
    expect(opponents.cue).toBe('W');
  });

  it('C3B-TURN-1 three players: the lines give the playing order, the innings the opener and the match inning', () => {
    const line = (player: string, innings: number) => ({ player, points: innings, innings, highRun: 1 });
    const sheet: CaromSheet = { family: 'carom', players: [line('A', 5), line('B', 5), line('C', 4)], atTable: 'C' };
    const c = core(threeBall, sheetLog(sheet, {}, ['A', 'B', 'C']));
    expect([c.order, turnOf(c), c.inning, c.cue]).toEqual([['A', 'B', 'C'], 'C', 5, 'W']);
    const next = core(threeBall, sheetLog(sheet, {}, ['A', 'B', 'C']).miss('W'));
    expect([turnOf(next), next.inning, next.cue]).toEqual(['A', 6, 'Y']);
    // The block with one inning more may wrap round the lines: C opened.
    const wrapped = core(threeBall, sheetLog({ ...sheet, players: [line('A', 4), line('B', 4), line('C', 5)], atTable: 'A' }, {}, ['A', 'B', 'C']));
    expect([wrapped.order, turnOf(wrapped), wrapped.inning]).toEqual([['C', 'A', 'B'], 'A', 5]);
  });

  it('C4-SCORE-3 four-ball continues an open game with a 25; CG-REF-4 the referee ends it and the carried points decide', () => {
    const sheet: CaromSheet = {
      family: 'carom',
      players: [
        { player: 'A', points: 120, innings: 8, highRun: 50 },
        { player: 'B', points: 100, innings: 7, highRun: 30 },
      ],
      atTable: 'B',
    };
    const l = sheetLog(sheet).strike('Y').contact('Y', 'R').contact('Y', 'M').contact('Y', 'W').rest().ref('end_game');
    const c = core(fourBall, l);
    expect([c.status, c.winner, score(c, 'A'), score(c, 'B')]).toEqual(['finished', 'B', 120, 125]);
  });

  it('edit_inning: a carried inning has no run of its own to edit; the innings autoref saw can be', () => {
    const l = sheetLog(LATE).point3c('Y').miss('Y');
    const refused = core(threeCushion, l.ref('edit_inning', { player: 'B', data: { inning: 19, run: 3 }, why: 'sheet' }));
    expect(refused.rejected.map((r) => r.code)).toEqual(['carried_inning']);
    const edited = core(threeCushion, l.ref('edit_inning', { player: 'B', data: { inning: 20, run: 4 }, why: 'recount' }));
    expect([score(edited, 'B'), edited.edits[0]!.from, edited.players[1]!.runs]).toEqual([39, 3, [4]]);
  });

  it('the order of play stands: the opener call is refused after a sheet', () => {
    expect(core(threeCushion, sheetLog(LATE).ref('opener', { player: 'A' })).rejected.map((r) => r.code)).toEqual(['game_started']);
  });

  it('the club ranking (playerStats) counts the carried points and innings', () => {
    const r = reportOf(threeCushion, sheetLog(LATE).point3c('Y').point3c('Y').point3c('Y'));
    const rows = clubRanking([r]);
    expect(rows.map((x) => [x.id, x.points, x.innings, x.average, x.highRun, x.wins])).toEqual([
      ['B', 40, 20, 2, 5, 1],
      ['A', 38, 20, 1.9, 6, 0],
    ]);
    expect(threeCushion.playerStats!.of([{ report: r, status: 'finished' }])).toEqual(rows);
  });
});

describe('a sheet that does not fit is refused (bad_sheet), the match not started', () => {
  const A = LATE.players[0]!;
  const B = LATE.players[1]!;
  it.each<[string, unknown, Record<string, unknown>, string[]]>([
    ['another family', { family: 'pool', players: [], turn: 'A', onTable: [] }, {}, ['sheet: a pool score sheet cannot continue a carom match']],
    ['no family', {}, {}, ['sheet: not a score sheet (it names no family)']],
    ['a value out of range', { ...LATE, run: -1 }, {}, ['sheet: /run: Expected integer to be greater or equal to 0']],
    [
      'an unknown player',
      { ...LATE, players: [A, { ...B, player: 'X' }], atTable: 'A' },
      {},
      ['sheet: player "X" is not in the match', 'sheet: player "B" of the match has no line'],
    ],
    ['a player twice', { ...LATE, players: [A, A] }, {}, ['sheet: player "A" has two lines', 'sheet: player "B" of the match has no line']],
    ['nobody known at the table', { ...LATE, atTable: 'Z' }, {}, ['sheet: the player at the table, "Z", is not in the match']],
    ['a high run above the points', { ...LATE, players: [{ ...A, highRun: 39 }, B] }, {}, ['sheet: "A" has a high run of 39 but only 38 points']],
    [
      'more points than the innings can hold',
      { ...LATE, players: [{ ...A, innings: 5 }, B] },
      {},
      ['sheet: "A" cannot have made 38 points in 5 innings with a high run of 6'],
    ],
    ['a timeout too many', { ...LATE, players: [A, { ...B, timeoutsUsed: 2 }] }, {}, ['sheet: "B" has used 2 timeouts; this game allows 1 per player']],
    ['timeouts in a game without', { ...LATE }, { timeouts: false }, ['sheet: "B" has used 1 timeout(s) but this game has no timeouts']],
    ['a ball not a cue ball', { ...LATE, players: [{ ...A, ball: 'R' }, B] }, {}, ['sheet: the ball "R" of "A" is not a cue ball of this game (W or Y)']],
    [
      'both on one ball',
      {
        ...LATE,
        players: [
          { ...A, ball: 'W' },
          { ...B, ball: 'W' },
        ],
      },
      {},
      ['sheet: "A" and "B" cannot both play the ball "W"'],
    ],
    [
      'innings that do not fit the turn',
      { ...LATE, players: [{ ...A, innings: 22 }, B] },
      {},
      ['sheet: "A" has closed 22 innings: with "B" at the table after 19, every player has closed 19 or 20'],
    ],
    [
      'C3-END-1 the distance reached',
      { ...LATE, players: [{ ...A, points: 40, highRun: 6 }, B] },
      {},
      ['sheet: "A" has reached the distance of 40: the match is over'],
    ],
    [
      'C3-END-1 the distance reached by the player at the table',
      { ...LATE, run: 5 },
      {},
      ['sheet: "B", at the table, has 40 points with his run of 5: the distance of 40 is reached'],
    ],
    [
      'CQ-15 the innings limit reached',
      LATE,
      { inningsLimit: 19 },
      ['sheet: "B" has closed 19 innings: the innings limit of 19 is reached, the match is over'],
    ],
  ])('%s', (_what, sheet, config, reasons) => {
    expect(refusal(sheet, config)).toEqual(reasons);
  });

  it('CQ-15 the distance reached in an earlier round is refused even with an equalizing inning', () => {
    const sheet = {
      family: 'carom',
      players: [
        { player: 'A', points: 20, innings: 20, highRun: 3 },
        { player: 'B', points: 40, innings: 20, highRun: 5 },
      ],
      atTable: 'A',
    };
    expect(refusal(sheet, { equalizingInning: true })).toEqual([
      'sheet: "B" reached the distance of 40 in an earlier round: the match ended with that round\'s equalizing innings',
    ]);
  });

  it('C3B-TURN-1 three players: a line with one inning more after the player at the table is refused', () => {
    const line = (player: string, innings: number) => ({ player, points: 0, innings, highRun: 0 });
    const sheet = { family: 'carom', players: [line('A', 4), line('B', 5), line('C', 4)], atTable: 'A' };
    expect(refusal(sheet, {}, ['A', 'B', 'C'])).toEqual([
      'sheet: "B" has closed 5 innings, one more than "A" at the table, but his line puts him after "A" in the playing order',
    ]);
  });

  it('a refused start leaves the match to start: later events are refused, a good start is taken', () => {
    const l = sheetLog({ ...LATE, atTable: 'Z' }).miss('Y');
    expect(core(threeCushion, l).rejected.map((r) => r.code)).toEqual(['bad_sheet', 'no_start', 'no_start', 'no_start', 'no_start']);
    const again = core(
      threeCushion,
      l
        .push({
          type: 'start',
          players: [
            { id: 'A', name: 'A' },
            { id: 'B', name: 'B' },
          ],
          sheet: LATE,
        })
        .miss('Y'),
    );
    expect([again.status, turnOf(again), score(again, 'B')]).toEqual(['playing', 'A', 37]);
  });
});

describe('replay-safe', () => {
  it('undo right after the start does not undo the sheet; undo of a shot goes back to it', () => {
    const once = reportOf(threeCushion, sheetLog(LATE));
    expect(reportOf(threeCushion, sheetLog(LATE).undo())).toMatchObject({ players: once.players, turn: once.turn, inning: once.inning, sheet: LATE });
    const back = reportOf(threeCushion, sheetLog(LATE).point3c('Y').undo());
    expect([back.players, back.turn]).toEqual([once.players, once.turn]);
  });

  it('the same log gives the same report, and a snapshot (JSON) folds on to the same state', () => {
    const l = sheetLog(LATE).point3c('Y').miss('Y').miss('W');
    expect(reportOf(threeCushion, l)).toEqual(
      reportOf(
        threeCushion,
        l.events.map((e) => structuredClone(e)),
      ),
    );
    const half = run(threeCushion, l.events.slice(0, 8)).game;
    let restored = new CaromState(JSON.parse(JSON.stringify(half.live)) as Live, null, null);
    for (const e of l.events.slice(8)) restored = threeCushion.reduce(restored, e);
    expect(threeCushion.report(restored)).toEqual(reportOf(threeCushion, l));
  });

  it('autoref replay accepts a log whose start carries a carom sheet', () => {
    const text = sheetLog(LATE)
      .point3c('Y')
      .events.map((e) => JSON.stringify(e))
      .join('\n');
    const out = replayLog(parseLog(text), 'three-cushion') as { summary: { fromSheet?: boolean }; report: CaromReport; rejected: unknown[] };
    expect([out.summary.fromSheet, out.report.sheet, out.rejected]).toEqual([true, LATE, []]);
    expect(out.report.players.map((p) => p.points)).toEqual([38, 38]);
  });
});
