/**
 * Continuing a match from a score sheet (issue #22, docs/games/pool.md "Continuing from a score
 * sheet"): the rack in progress and the score carry, play goes on, a sheet that does not fit
 * refuses the start, and the log replays to the same match.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import type { ScoreSheet } from '../../../shared/game/sheets';
import type { PoolSheet } from '../../../shared/game/sheets/pool';
import { parseLog, replayLog } from '../../cli/replay';
import { eightBallEngine, nineBallEngine } from './index';
import { Log, run } from './testkit';

const nine = (l: Log) => run(nineBallEngine, l.events);
const eight = (l: Log) => run(eightBallEngine, l.events);

/** Nine-ball, race to 7: Ayşe 6 – 3 Noam, rack 10 broken by Noam, Ayşe at the table with 7, 8, 9 left. */
function nineSheet(over: Partial<PoolSheet> = {}): PoolSheet {
  return {
    family: 'pool',
    players: [
      { player: 'A', racks: 6 },
      { player: 'B', racks: 3 },
    ],
    turn: 'A',
    breaker: 'B',
    onTable: ['7', '8', '9'],
    ...over,
  };
}

/** Eight-ball, race to 5: 2 – 1, Ayşe on solids with the 3 left, Noam on stripes with the 12 left. */
function eightSheet(over: Partial<PoolSheet> = {}): PoolSheet {
  return {
    family: 'pool',
    players: [
      { player: 'A', racks: 2, group: 'solids' },
      { player: 'B', racks: 1, group: 'stripes' },
    ],
    turn: 'A',
    breaker: 'A',
    onTable: ['3', '8', '12'],
    ...over,
  };
}

const fromSheet = (sheet: ScoreSheet, config: Record<string, unknown> = {}) => new Log(config, undefined, sheet);

describe('continuing a pool match from a score sheet', () => {
  it('PB-BREAK-2: the sheet rack has started: no lag, no break; the table, the score and the rack number are the sheet', () => {
    const sheet = nineSheet();
    const r = nine(fromSheet(sheet));
    expect(r.report.status).toBe('playing');
    expect(r.report.rack).toMatchObject({ no: 10, breaker: 'B', started: true, turn: 'A', ballInHand: null, pushOutAvailable: false });
    expect(r.report.rack.balls).toEqual({
      cue: 'table',
      1: 'pocketed',
      2: 'pocketed',
      3: 'pocketed',
      4: 'pocketed',
      5: 'pocketed',
      6: 'pocketed',
      7: 'table',
      8: 'table',
      9: 'table',
    });
    expect(r.report.players).toEqual([
      { id: 'A', name: 'Ayşe', racksWon: 6, racksFromSheet: 6 },
      { id: 'B', name: 'Noam', racksWon: 3, racksFromSheet: 3 },
    ]);
    expect(r.report).toMatchObject({ sheet, breakerSource: 'sheet', lagWinner: null, racks: [], shots: [], rejected: [] });
    expect(r.summary).toMatchObject({ status: 'playing', turn: 'A', fromSheet: true, headline: 'Ayşe 6 – Noam 3 (race to 7), rack 10: Ayşe to shoot' });
    // The next shot is an ordinary one: the 7 is the lowest ball, and a lag is over before it starts.
    const l = fromSheet(sheet)
      .ref('lag', { player: 'B' })
      .shot({ first: '7', pockets: ['7'] });
    const after = nine(l);
    expect(after.report.shots[0]).toMatchObject({ rack: 10, isBreak: false, legal: true, next: 'A' });
    expect(after.report.rejected.map((x) => x.code)).toEqual(['lag-over']);
  });

  it('PB-TURN-1: play goes on to the end of the match, the winner decided with the carried racks', () => {
    const l = fromSheet(nineSheet())
      .shot({ first: '7', cushions: ['7'] }) // Ayşe misses: Noam to shoot
      .shot({ player: 'B', first: '7', pockets: ['7', '9'] }); // Noam wins rack 10 on a combination
    const r1 = nine(l);
    expect(r1.report.racks).toEqual([{ no: 10, breaker: 'B', winner: 'B', reason: '9-ball legally pocketed', shots: 2 }]);
    expect(r1.report.players.map((p) => [p.racksWon, p.racksFromSheet])).toEqual([
      [6, 6],
      [4, 3],
    ]);
    // Breaks alternate from the sheet's breaker: Noam broke rack 10, so Ayşe breaks rack 11.
    expect(r1.report.rack).toMatchObject({ no: 11, breaker: 'A', turn: 'A', ballInHand: 'kitchen', started: false });
    l.break(['9']); // the 9 on the break: Ayşe's seventh rack, the race to 7 is won
    const r2 = nine(l);
    expect(r2.report.shots[2]).toMatchObject({ rack: 11, isBreak: true, shooter: 'A' });
    expect(r2.report.status).toBe('finished');
    expect(r2.report.winner).toBe('A');
    expect(r2.report.players.map((p) => p.racksWon)).toEqual([7, 4]);
    expect(r2.summary).toMatchObject({ status: 'finished', winner: 'A', fromSheet: true });
    expect(r2.summary.players.map((p) => p.score)).toEqual([7, 4]);
    expect(r2.summary.headline).toBe('Ayşe 7 – Noam 4 (race to 7), Ayşe wins the match');
  });

  it('PB-LAG-3: no lag after a sheet; with breakOrder winner the breaker who wins the sheet rack breaks the next', () => {
    const sheet = nineSheet({
      players: [
        { player: 'A', racks: 2 },
        { player: 'B', racks: 3 },
      ],
      breaker: 'A',
    });
    const l = fromSheet(sheet, { breakOrder: 'winner' }).shot({ first: '7', pockets: ['9'] });
    const r = nine(l);
    expect(r.report.racks[0]).toMatchObject({ no: 6, breaker: 'A', winner: 'A' });
    expect(r.report.rack).toMatchObject({ no: 7, breaker: 'A' }); // alternate would give Noam
  });

  it('PB-PEN-1: ball in hand and nine-ball fouls in a row carry: warned at once, a third foul loses the rack (WPA 6.14)', () => {
    const sheet = nineSheet({
      players: [
        { player: 'A', racks: 6, foulsInRow: 2 },
        { player: 'B', racks: 3, foulsInRow: 1 },
      ],
      ballInHand: true,
    });
    const r = nine(fromSheet(sheet));
    expect(r.report.rack.ballInHand).toBe('table');
    expect(r.report.rack.consecutiveFouls).toEqual({ A: 2, B: 1 });
    expect(r.summary.headline).toBe('Ayşe 6 – Noam 3 (race to 7), rack 10: Ayşe to shoot, ball in hand (on two fouls: a third foul loses the rack)');
    const lost = nine(fromSheet(sheet).shot({ first: '8', cushions: ['8'] })); // the 8 first: a foul, his third
    expect(lost.report.racks).toEqual([{ no: 10, breaker: 'B', winner: 'B', reason: 'three consecutive fouls', shots: 1 }]);
    expect(lost.report.players.map((p) => p.racksWon)).toEqual([6, 4]);
  });

  it('PB-TURN-1, PB-FOUL-1: eight-ball groups carry: the shooter plays his group, then the 8, and wins the rack and the match', () => {
    const sheet = eightSheet({
      players: [
        { player: 'A', racks: 4, group: 'solids' },
        { player: 'B', racks: 1, group: 'stripes' },
      ],
    });
    const start = eight(fromSheet(sheet));
    expect(start.report.rack).toMatchObject({ no: 6, groups: { A: 'solids', B: 'stripes' }, started: true });
    expect(start.report.rack.consecutiveFouls).toEqual({ A: 0, B: 0 });
    // His first ball must be a solid: the 12 first is a foul (PB-FOUL-1).
    expect(eight(fromSheet(sheet).shot({ first: '12', cushions: ['12'] })).report.shots[0]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-1']);
    const l = fromSheet(sheet)
      .shot({ first: '3', pockets: ['3'] })
      .ref('call', { ball: '8', place: 'corner-1' })
      .shot({ first: '8', pockets: ['8'] });
    const r = eight(l);
    expect(r.report.shots.map((s) => s.result)).toEqual(['own ball pocketed: shooter continues', 'rack won']);
    expect(r.report.winner).toBe('A');
    expect(r.report.players.map((p) => [p.racksWon, p.racksFromSheet])).toEqual([
      [5, 4],
      [1, 1],
    ]);
  });

  it('PB-TURN-1: an eight-ball sheet without groups is an open table: the first pocketed ball sets them', () => {
    const sheet = eightSheet({
      players: [
        { player: 'A', racks: 0 },
        { player: 'B', racks: 0 },
      ],
    });
    expect(eight(fromSheet(sheet)).report.rack.groups).toEqual({});
    const r = eight(fromSheet(sheet).shot({ first: '12', pockets: ['12'] }));
    expect(r.report.rack.groups).toEqual({ A: 'stripes', B: 'solids' });
  });

  it('eight-ball with threeFoulRule: fouls in a row carry there too', () => {
    const sheet = eightSheet({
      players: [
        { player: 'A', racks: 2, group: 'solids', foulsInRow: 1 },
        { player: 'B', racks: 1, group: 'stripes' },
      ],
    });
    const r = eight(fromSheet(sheet, { threeFoulRule: true }));
    expect(r.report.rejected).toEqual([]);
    expect(r.report.rack.consecutiveFouls).toEqual({ A: 1, B: 0 });
  });

  it('a match from its opening has no sheet keys (existing outputs do not change)', () => {
    const r = nine(new Log().break());
    expect('fromSheet' in r.summary).toBe(false);
    expect('sheet' in r.report).toBe(false);
    expect(r.report.players.every((p) => !('racksFromSheet' in p))).toBe(true);
  });
});

type Refusal = [what: string, engine: 'nine' | 'eight', sheet: unknown, config: Record<string, unknown>, reason: string];

const refusals: Refusal[] = [
  ['another family', 'nine', { family: 'carom', players: [], atTable: 'A' }, {}, 'sheet: a carom score sheet cannot continue a nine-ball match'],
  [
    'an unknown player',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 1 },
        { player: 'x', racks: 1 },
      ],
    }),
    {},
    'sheet: player "x" is not in the match',
  ],
  [
    'a player twice',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 1 },
        { player: 'A', racks: 2 },
      ],
    }),
    {},
    'sheet: player "A" is listed twice',
  ],
  ['a missing player', 'nine', nineSheet({ players: [{ player: 'A', racks: 1 }] }), {}, 'sheet: player "B" of the match has no line'],
  [
    'a race already won',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 3 },
        { player: 'B', racks: 1 },
      ],
    }),
    { raceTo: 3 },
    'sheet: player "A" has 3 racks: the race to 3 is already won',
  ],
  [
    'racks that are no count',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 1.5 },
        { player: 'B', racks: 1 },
      ],
    }),
    {},
    'sheet: player "A": racks must be a whole number, 0 or more',
  ],
  ['a turn for nobody in the match', 'nine', nineSheet({ turn: 'C' }), {}, 'sheet: turn: player "C" is not in the match'],
  ['a breaker nobody in the match', 'nine', nineSheet({ breaker: 'C' }), {}, 'sheet: breaker: player "C" is not in the match'],
  [
    'a ball not in nine-ball',
    'nine',
    nineSheet({ onTable: ['9', '12'] }),
    {},
    'sheet: ball "12" is not in nine-ball (its balls are 1, 2, 3, 4, 5, 6, 7, 8, 9)',
  ],
  [
    'the cue ball on the list',
    'nine',
    nineSheet({ onTable: ['cue', '9'] }),
    {},
    'sheet: onTable lists the cue ball "cue": list the object balls only (the cue ball is always there)',
  ],
  ['a ball twice', 'nine', nineSheet({ onTable: ['7', '9', '7'] }), {}, 'sheet: ball "7" is listed twice on the table'],
  ['the 9 missing (nine-ball)', 'nine', nineSheet({ onTable: ['7', '8'] }), {}, 'sheet: the 9 is not on the table: the rack would be over'],
  ['the 8 missing (eight-ball)', 'eight', eightSheet({ onTable: ['3', '12'] }), {}, 'sheet: the 8 is not on the table: the rack would be over'],
  [
    'groups in nine-ball',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 1, group: 'solids' },
        { player: 'B', racks: 1 },
      ],
    }),
    {},
    'sheet: nine-ball has no groups (player "A" has solids)',
  ],
  [
    'a group on one player only',
    'eight',
    eightSheet({
      players: [
        { player: 'A', racks: 1 },
        { player: 'B', racks: 1, group: 'stripes' },
      ],
    }),
    {},
    'sheet: only player "B" has a group: give both players theirs, or neither (open table)',
  ],
  [
    'both players on the same group',
    'eight',
    eightSheet({
      players: [
        { player: 'A', racks: 1, group: 'solids' },
        { player: 'B', racks: 1, group: 'solids' },
      ],
    }),
    {},
    'sheet: both players have solids: in eight-ball one has solids, the other stripes',
  ],
  [
    'fouls in a row without the three-foul rule (eight-ball)',
    'eight',
    eightSheet({
      players: [
        { player: 'A', racks: 1, group: 'solids', foulsInRow: 1 },
        { player: 'B', racks: 1, group: 'stripes' },
      ],
    }),
    {},
    'sheet: player "A" has 1 foul in a row, but this eight-ball match does not play the three-foul rule (config threeFoulRule)',
  ],
  [
    'three fouls in a row',
    'nine',
    nineSheet({
      players: [
        { player: 'A', racks: 1, foulsInRow: 3 },
        { player: 'B', racks: 1 },
      ],
    }),
    {},
    'sheet: player "A" has 3 fouls in a row: the third would have lost the rack',
  ],
  ['no sheet at all', 'nine', null, {}, 'sheet: not a score sheet'],
  [
    'a line that is no player',
    'nine',
    { ...nineSheet(), players: [null, { player: 'B', racks: 1 }] },
    {},
    'sheet: players: each line is a player with his racks',
  ],
  ['a ball in hand that is no yes or no', 'nine', { ...nineSheet(), ballInHand: 'yes' }, {}, 'sheet: ballInHand must be true or false'],
];

describe('a score sheet that does not fit refuses the start (bad_sheet)', () => {
  it.each(refusals)('no match begins from %s', (_what, game, sheet, config, reason) => {
    const l = new Log(config).break();
    l.events[0] = { ...l.events[0]!, sheet } as GameEvent; // as a caller that skips the schema could send it
    const r = game === 'nine' ? nine(l) : eight(l);
    expect(r.report.rejected[0]).toEqual({ seq: 0, type: 'start', code: 'bad_sheet', reason });
    // Not started: the shots that follow are refused too, and nothing is carried.
    expect(r.report.rejected.slice(1).every((x) => x.code === 'no-start')).toBe(true);
    expect(r.summary.status).toBe('setup');
    expect('fromSheet' in r.summary).toBe(false);
    expect('sheet' in r.report).toBe(false);
  });
});

describe('a sheet start in the log', () => {
  const log = () =>
    fromSheet(nineSheet({ ballInHand: true }))
      .shot({ first: '7', pockets: ['7'] })
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '8' })
      .add({ type: 'pocket', pocket: 'corner-2', captured: true }) // which ball? asked
      .rest();

  it('replaying the same log gives the same report, and a late answer the same as a prompt one', () => {
    const a = nine(log());
    const b = nine(log());
    expect(a.report).toEqual(b.report);
    expect(a.report.waiting).toBe(true);
    const seq = log().next - 2;
    const answered = nine(log().identify(seq, '8'));
    expect(answered.report.shots[1]).toMatchObject({ pocketed: ['8'], legal: true });
    expect(answered.report.players.map((p) => p.racksWon)).toEqual([6, 3]);
    // The state is plain data: the sheet survives a JSON snapshot as given.
    expect(JSON.parse(JSON.stringify(answered.s)).sheet).toEqual(nineSheet({ ballInHand: true }));
  });

  it('PB-BREAK-2: undo right after the start takes nothing back (the sheet stays); undo after a shot leaves the sheet table', () => {
    const start = nine(fromSheet(nineSheet()));
    const undoAtOnce = nine(fromSheet(nineSheet()).add({ type: 'undo', by: 'referee' }));
    expect(undoAtOnce.report).toEqual(start.report);
    expect(undoAtOnce.m.corrections.map((c) => c.effect)).toEqual(['nothing to take back']);
    const undoShot = nine(
      fromSheet(nineSheet())
        .shot({ first: '7', pockets: ['7'] })
        .add({ type: 'undo', by: 'referee' }),
    );
    expect(undoShot.report).toEqual(start.report);
    expect(undoShot.summary.fromSheet).toBe(true);
  });

  it('autoref replay accepts a log whose start carries a pool sheet', () => {
    const events: GameEvent[] = fromSheet(nineSheet()).shot({ first: '7', pockets: ['9'] }).events;
    const parsed = parseLog(events.map((e) => JSON.stringify(e)).join('\n'));
    const out = replayLog(parsed, 'nine-ball') as {
      summary: { fromSheet?: boolean; winner: string | null };
      report: { sheet?: PoolSheet; racks: unknown[] };
      rejected: unknown[];
    };
    expect(out.rejected).toEqual([]);
    expect(out.summary.fromSheet).toBe(true);
    expect(out.report.sheet).toEqual(nineSheet());
    expect(out.report.racks).toEqual([{ no: 10, breaker: 'B', winner: 'A', reason: '9-ball legally pocketed', shots: 1 }]);
  });
});
