/**
 * The tiles' figures, from reports the engines themselves build (their testkits), so a figure is
 * checked against the rules, not against a report written by hand.
 */
import { describe, expect, it } from 'vitest';
import { Log, run } from '../../../hub/rules/carom/testkit';
import { threeCushion } from '../../../hub/rules/carom/index';
import type { CaromReport } from '../../../shared/reports/carom';
import type { PoolReport } from '../../../shared/reports/pool';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import {
  ballsNeeded,
  ballsOnTable,
  caromBall,
  clockLevel,
  lastRuns,
  minigolfLines,
  onTwoFouls,
  poolBallLook,
  pointsToGo,
  shotClockLeftMs,
  sideColour,
  timeoutsLeft,
} from './figures';

const C3 = { lag: false, breakRedFirst: false, distance: 5 };
const caromReport = (log: Log): CaromReport => threeCushion.report(run(threeCushion, log).game) as CaromReport;

describe('carom figures (three-cushion report)', () => {
  it('C3-LAG-3: the opener plays the white all game, his opponent the yellow, whoever is at the table', () => {
    const log = new Log(['A', 'B'], C3).point3c('W');
    let r = caromReport(log);
    expect([caromBall(r, 'A'), caromBall(r, 'B')]).toEqual(['W', 'Y']);
    log.miss('W');
    r = caromReport(log);
    expect(r.turn?.player).toBe('B');
    expect([caromBall(r, 'A'), caromBall(r, 'B')]).toEqual(['W', 'Y']);
  });

  it('three players: only the one at the table has a known ball (it alternates inning by inning); a finished game: none', () => {
    const three = caromReport(new Log(['A', 'B', 'C'], C3).miss('W'));
    expect(three.turn?.player).toBe('B');
    expect(['A', 'B', 'C'].map((p) => caromBall(three, p))).toEqual([null, 'Y', null]);
    const log = new Log(['A', 'B'], { ...C3, distance: 1 }).point3c('W');
    const done = caromReport(log);
    expect(done.status).toBe('finished');
    expect(caromBall(done, 'A')).toBeNull();
  });

  it('C3-END-1: points to go to the distance; none in an open game', () => {
    const r = caromReport(new Log(['A', 'B'], C3).point3c('W').point3c('W'));
    expect(pointsToGo(r, r.players[0]!)).toBe(3);
    expect(pointsToGo(r, r.players[1]!)).toBe(5);
    const open = caromReport(new Log(['A', 'B'], { ...C3, distance: null }).point3c('W'));
    expect(pointsToGo(open, open.players[0]!)).toBeNull();
  });

  it('C3-TO-1: timeouts left from the game’s timeouts per player and those used; none in a game without timeouts', () => {
    const r = caromReport(new Log(['A', 'B'], { ...C3, timeouts: true, timeoutsPerPlayer: 2 }));
    expect(timeoutsLeft(r, { timeoutsUsed: 0 })).toBe(2);
    expect(timeoutsLeft(r, { timeoutsUsed: 3 })).toBe(0);
    const none = caromReport(new Log(['A', 'B'], { ...C3, timeouts: false }));
    expect(timeoutsLeft(none, { timeoutsUsed: 0 })).toBeNull();
  });

  it('the series of the last innings: the report’s runs, the open inning last and marked', () => {
    const log = new Log(['A', 'B'], { ...C3, distance: 30 });
    log.point3c('W').point3c('W').miss('W'); // A: 2
    log.miss('Y'); // B: 0
    log.point3c('W'); // A: 1 so far, at the table
    const r = caromReport(log);
    const a = r.players.find((p) => p.id === 'A')!;
    expect(lastRuns(a, 6)).toEqual({ runs: [2, 1], open: true });
    expect(lastRuns(a, 1)).toEqual({ runs: [1], open: true });
    const b = r.players.find((p) => p.id === 'B')!;
    expect(lastRuns(b, 6)).toEqual({ runs: [0], open: false });
  });

  it('C3-TIME-1: the shot clock’s time left from its start (hub time) and the limit; amber from 10 s, red from 5 s', () => {
    const r = caromReport(new Log(['A', 'B'], { ...C3, shotClockSeconds: 40 }).ref('play').point3c('W'));
    expect(r.clock.running).toBe(true);
    const start = r.clock.startedAt!;
    expect(shotClockLeftMs(r, start + 28_000)).toBe(12_000);
    expect(shotClockLeftMs(r, start + 50_000)).toBe(0);
    expect([12, 11, 10, 8, 6, 5, 3, 0].map(clockLevel)).toEqual(['ok', 'ok', 'warn', 'warn', 'warn', 'danger', 'danger', 'danger']);
    const none = caromReport(new Log(['A', 'B'], { ...C3, shotClockSeconds: null }).point3c('W'));
    expect(shotClockLeftMs(none, start)).toBeNull();
  });
});

const balls = (down: string[]): PoolReport['rack']['balls'] =>
  Object.fromEntries(['cue', ...Array.from({ length: 15 }, (_, i) => String(i + 1))].map((b) => [b, down.includes(b) ? 'pocketed' : 'table']));
const rack = (down: string[], groups: PoolReport['rack']['groups'] = {}, fouls: Record<string, number> = {}): Pick<PoolReport, 'rack' | 'config'> =>
  ({ rack: { balls: balls(down), groups, consecutiveFouls: fouls }, config: { threeFoulRule: true } }) as unknown as Pick<PoolReport, 'rack' | 'config'>;

describe('pool figures', () => {
  it('eight-ball: the player’s group still on the table, then the 8; open table: no group yet', () => {
    const r = rack(['1', '3', '10'], { A: 'solids', B: 'stripes' });
    expect(ballsNeeded(r, 'A', true)).toEqual(['2', '4', '5', '6', '7', '8']);
    expect(ballsNeeded(r, 'B', true)).toEqual(['9', '11', '12', '13', '14', '15', '8']);
    expect(ballsNeeded(rack([]), 'A', true)).toBeNull();
  });

  it('nine-ball: the balls on the table by number, the same for both, the cue ball apart', () => {
    const r = rack(['1', '2', '4']);
    expect(ballsOnTable(r).slice(0, 3)).toEqual(['3', '5', '6']);
    expect(ballsNeeded(r, 'A', false)).toEqual(ballsNeeded(r, 'B', false));
    expect(ballsOnTable(r)).not.toContain('cue');
  });

  it('WPA three-foul rule: the warning on two fouls in a row, not on one, not without the rule', () => {
    expect(onTwoFouls(rack([], {}, { A: 2, B: 1 }), 'A')).toBe(true);
    expect(onTwoFouls(rack([], {}, { A: 2, B: 1 }), 'B')).toBe(false);
    const without = { ...rack([], {}, { A: 2 }), config: { threeFoulRule: false } } as unknown as Pick<PoolReport, 'rack' | 'config'>;
    expect(onTwoFouls(without, 'A')).toBe(false);
  });

  it('ball colours: 1–8 solid, 9–15 the same colours striped', () => {
    expect(poolBallLook('3')).toEqual({ colour: poolBallLook('11').colour, stripe: false });
    expect(poolBallLook('11').stripe).toBe(true);
    expect(poolBallLook('8').stripe).toBe(false);
    expect(poolBallLook('cue').stripe).toBe(false);
  });
});

describe('bumper pool and minigolf figures', () => {
  it('a side’s colour: the colour its balls are read as (config colours), else white then red', () => {
    const sides = [{ side: 'A' }, { side: 'B' }] as never;
    expect(sideColour({ config: { colours: { A: 'red', B: 'white' } } as never, sides }, 'A')).toBe(sideColour({ config: {} as never, sides }, 'B'));
    expect(sideColour({ config: {} as never, sides }, 'A')).not.toBe(sideColour({ config: {} as never, sides }, 'B'));
  });

  it('MG-SCORE-1: the leaderboard by total so far, lanes played, 1s and 7s, equal totals sharing a place', () => {
    const card = (lanes: (number | null)[]) => ({ round: 1, course: null, lanes, laneTotal: 0, penaltyPoints: 0, total: 0, complete: false });
    const r = {
      config: { max: 7, lanes: 4, rounds: 1 },
      groups: [{ id: 'g1', order: ['ana', 'ben', 'cem'] }],
      players: [
        { id: 'ana', name: 'Ana', side: null, total: 9, rounds: [card([1, 7, 1, null])] },
        { id: 'ben', name: 'Ben', side: null, total: 9, rounds: [card([2, 3, 4, null])] },
        { id: 'cem', name: 'Cem', side: null, total: 4, rounds: [card([1, 3, null, null])] },
      ],
    } as unknown as MinigolfReport;
    expect(minigolfLines(r).map((l) => [l.place, l.shared, l.name, l.total, l.lanesPlayed, l.aces, l.maxes, l.group])).toEqual([
      [1, false, 'Cem', 4, 2, 1, 0, 'g1'],
      [2, true, 'Ana', 9, 3, 2, 1, 'g1'],
      [2, true, 'Ben', 9, 3, 0, 0, 'g1'],
    ]);
  });
});
