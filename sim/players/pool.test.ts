import { describe, expect, it } from 'vitest';
import { eightBallRack, POOL, POOL_HEAD_STRING } from '../physics/tables';
import type { TruthEvent } from '../physics/world';
import { PoolRack } from './pool';
import { poolLegalFirst, poolTruth, type PoolBefore } from './truth';

const nine = (p: Partial<PoolBefore> = {}): PoolBefore => ({
  game: 'nine-ball',
  shooter: 'A',
  opponent: 'B',
  isBreak: false,
  onTable: ['3', '4', '9'],
  group: null,
  fouls: 0,
  eightCall: null,
  meant: null,
  ...p,
});
const eight = (p: Partial<PoolBefore> = {}): PoolBefore => ({
  game: 'eight-ball',
  shooter: 'A',
  opponent: 'B',
  isBreak: false,
  onTable: ['1', '8', '12'],
  group: 'solids',
  fouls: 0,
  eightCall: null,
  meant: null,
  ...p,
});
const contact = (b: string, t = 0.1): TruthEvent => ({ type: 'contact', t, a: 'cue', b, speed: 1, x: 1, y: 0.5 });
const cushion = (ball: string, t = 0.5): TruthEvent => ({ type: 'cushion', t, ball, place: 'foot', speed: 1, sensed: true });
const pot = (ball: string, place = 'br', t = 1): TruthEvent => ({ type: 'capture', t, ball, place, kind: 'pocket', speed: 1 });

describe('pool racks', () => {
  it('eight-ball triangle: 15 balls and the cue ball, the 8 in the middle, a solid and a stripe in the back corners, no overlaps', () => {
    const r = eightBallRack();
    expect(r.map((b) => b.id).sort()).toEqual(['1', '10', '11', '12', '13', '14', '15', '2', '3', '4', '5', '6', '7', '8', '9', 'cue']);
    const eightBall = r.find((b) => b.id === '8')!;
    expect(eightBall.y).toBeCloseTo(POOL.height / 2);
    const back = r.filter((b) => b.x === Math.max(...r.map((x) => x.x))).sort((a, b) => a.y - b.y);
    expect(
      [back[0]!.id, back.at(-1)!.id]
        .map(Number)
        .map((n) => (n < 8 ? 'solid' : 'stripe'))
        .sort(),
    ).toEqual(['solid', 'stripe']);
    for (const a of r) for (const b of r) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2 * POOL.ballRadius);
  });

  it('ball in hand behind the head string: the player places the cue ball in the kitchen', () => {
    const rack = new PoolRack('eight-ball', { seed: 3 });
    const plan = rack.plan({ game: 'eight-ball', shooter: 'A', opponent: 'B', isBreak: false, onTable: rack.onTable(), group: null, fouls: 0 }, 'kitchen', 5);
    expect(plan.placed).not.toBeNull();
    expect(plan.placed!.x).toBeLessThan(POOL_HEAD_STRING);
  });
});

describe('poolTruth (the rules the chain compares the engines with)', () => {
  it('PB-FOUL-1 / nine-ball: the lowest ball first; PB-SHOT-1: a cushion after the contact or a ball pocketed', () => {
    expect(poolLegalFirst(nine())).toEqual(['3']);
    expect(poolTruth([contact('4'), cushion('4')], nine()).fouls).toEqual(['PB-FOUL-1']);
    expect(poolTruth([cushion('cue', 0.05), contact('3')], nine()).fouls).toEqual(['PB-SHOT-1']);
    const legal = poolTruth([contact('3'), cushion('3')], nine());
    expect([legal.fouls, legal.next, legal.ballInHand]).toEqual([[], 'B', null]);
  });

  it('nine-ball: the 9 on a legal shot wins; on a foul it is spotted; the third foul in a row loses the rack', () => {
    expect(poolTruth([contact('3'), pot('9')], nine()).winner).toBe('A');
    const scratch = poolTruth([contact('3'), pot('9'), pot('cue', 'bl', 2)], nine());
    expect([scratch.winner, scratch.spotted, scratch.next, scratch.ballInHand]).toEqual([null, ['9'], 'B', 'table']);
    expect(poolTruth([contact('4')], nine({ fouls: 2 })).winner).toBe('B');
    expect(poolTruth([contact('4')], nine({ pushOut: true })).fouls).toEqual([]);
  });

  it('eight-ball: the 8 into the called pocket wins once the group is cleared; elsewhere, or before, it loses', () => {
    const cleared = eight({ onTable: ['8', '12'] });
    expect(poolLegalFirst(cleared)).toEqual(['8']);
    expect(poolTruth([contact('8'), pot('8', 'tl')], { ...cleared, eightCall: 'tl' }).winner).toBe('A');
    expect(poolTruth([contact('8'), pot('8', 'tr')], { ...cleared, eightCall: 'tl' }).winner).toBe('B');
    expect(poolTruth([contact('1'), pot('1'), pot('8', 'tl', 2)], eight({ eightCall: 'tl' })).winner).toBe('B');
  });

  it('eight-ball: an open table takes the group pocketed (the one meant when both fall); a called safety ends the inning', () => {
    const open = eight({ group: null, onTable: ['1', '8', '12', '13'] });
    expect(poolTruth([contact('12'), pot('12')], open).group).toBe('stripes');
    const both = poolTruth([contact('12'), pot('12'), pot('1', 'bl', 2)], { ...open, meant: 'solids' });
    expect([both.group, both.next]).toEqual(['solids', 'A']);
    expect(poolTruth([contact('1'), pot('1')], eight({ safety: true })).next).toBe('B');
  });

  it('WPA-8-BREAK: a break without a ball pocketed and fewer than four object balls at a cushion is illegal', () => {
    const brk = eight({ isBreak: true, group: null });
    expect(poolTruth([contact('1'), cushion('2'), cushion('3'), cushion('4')], brk).fouls).toEqual(['WPA-8-BREAK']);
    expect(poolTruth([contact('1'), cushion('2'), cushion('3'), cushion('4'), cushion('5')], brk).fouls).toEqual([]);
  });
});
