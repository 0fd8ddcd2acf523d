import { describe, expect, it } from 'vitest';
import { newBalls, playShot, type TableSpec } from './world';
import { CAROM, caromBreak, GOLF_BILLIARDS, MINIGOLF_LANE } from './tables';
import { defaultGeometry } from '../../shared/tables/golf-billiards';

/** A bare table for the physics checks: 2 x 1 m, four rails, no holes. */
const BOX: TableSpec = { ...CAROM, id: 'box', width: 2, height: 1, jumpChance: 0, cushions: CAROM.cushions.filter(() => false) };
BOX.cushions.push(
  { x1: 0, y1: 0, x2: 2, y2: 0, place: 's' },
  { x1: 2, y1: 0, x2: 2, y2: 1, place: 'e' },
  { x1: 2, y1: 1, x2: 0, y2: 1, place: 'n' },
  { x1: 0, y1: 1, x2: 0, y2: 0, place: 'w' },
);

describe('physics', () => {
  it('is deterministic: the same table, shot and seed give the same events', () => {
    const a = playShot(CAROM, newBalls(caromBreak()), { ball: 'W', angle: 0.7, speed: 3 }, 5);
    const b = playShot(CAROM, newBalls(caromBreak()), { ball: 'W', angle: 0.7, speed: 3 }, 5);
    expect(a.events).toEqual(b.events);
    expect(a.events.length).toBeGreaterThan(3);
  });

  it('a ball rolls about v²/2a after its sliding phase, then rests', () => {
    const balls = newBalls([{ id: 'c', x: 0.1, y: 0.5 }]);
    const long: TableSpec = { ...BOX, width: 50, cushions: [] };
    const res = playShot(long, balls, { ball: 'c', angle: 0, speed: 1 }, 1);
    const v1 = 5 / 7;
    const slide = (1 - v1 * v1) / (2 * long.slideDecel);
    const roll = (v1 * v1) / (2 * long.rollDecel);
    expect(balls[0]!.x - 0.1).toBeGreaterThan((slide + roll) * 0.95);
    expect(balls[0]!.x - 0.1).toBeLessThan((slide + roll) * 1.05);
    expect(res.events.at(-1)!.type).toBe('rest');
  });

  it('head-on between equal balls: the cue ball nearly stops, the other takes the speed; one contact event', () => {
    const balls = newBalls([
      { id: 'c', x: 0.3, y: 0.5 },
      { id: 'o', x: 0.6, y: 0.5 },
    ]);
    const res = playShot({ ...BOX, slideDecel: 0.01, rollDecel: 0.01, width: 100, cushions: [] }, balls, { ball: 'c', angle: 0, speed: 1 }, 1);
    const contacts = res.events.filter((e) => e.type === 'contact');
    expect(contacts).toHaveLength(1);
    expect(balls[1]!.x - 0.6).toBeGreaterThan(10 * (balls[0]!.x - 0.3 - 0.3));
  });

  it('a rolling cue ball follows through after a full hit (its topspin), a sliding one stops', () => {
    const table: TableSpec = { ...BOX, slideDecel: 100, rollDecel: 0.01, width: 100, cushions: [] };
    const balls = newBalls([
      { id: 'c', x: 0.3, y: 0.5 },
      { id: 'o', x: 1.3, y: 0.5 },
    ]);
    let after = 0;
    playShot(table, balls, { ball: 'c', angle: 0, speed: 1.4 }, 1, (bs, ev) => {
      if (after === 0 && ev.some((e) => e.type === 'contact')) after = bs[0]!.vx;
    });
    // Rolling at 1.0 m/s when it meets the other ball: it goes on at about 2/7 of that.
    expect(after).toBeGreaterThan(0.2);
    expect(after).toBeLessThan(0.32);
  });

  it('a cushion returns the ball with its restitution and names the rail', () => {
    const balls = newBalls([{ id: 'c', x: 1.9, y: 0.5 }]);
    let speedBack = 0;
    const res = playShot({ ...BOX, slideDecel: 0, rollDecel: 0.5 }, balls, { ball: 'c', angle: 0, speed: 1 }, 1, (bs, ev) => {
      if (ev.some((e) => e.type === 'cushion') && speedBack === 0) speedBack = -bs[0]!.vx;
    });
    const hit = res.events.find((e) => e.type === 'cushion');
    expect(hit).toMatchObject({ place: 'e', sensed: true });
    expect(speedBack / (hit as { speed: number }).speed).toBeCloseTo(BOX.cushionRestitution, 1);
  });

  it('holes capture slow balls; a fast ball runs over the hole', () => {
    const slow = newBalls([{ id: 'ball', x: 5.2, y: 0.45 }]);
    const r1 = playShot(MINIGOLF_LANE, slow, { ball: 'ball', angle: 0, speed: 1 }, 1);
    expect(r1.events.find((e) => e.type === 'capture')).toMatchObject({ ball: 'ball', place: 'cup', kind: 'cup' });
    expect(slow[0]!.state).toBe('captured');
    const fast = newBalls([{ id: 'ball', x: 5.2, y: 0.45 }]);
    const r2 = playShot(MINIGOLF_LANE, fast, { ball: 'ball', angle: 0, speed: 4 }, 1);
    expect(r2.events.some((e) => e.type === 'capture')).toBe(false);
  });

  it('a ball that stops at the edge of a goal rests on its lip', () => {
    const goal = GOLF_BILLIARDS.holes[0]!;
    // Rolling towards the goal's edge, just too slow to reach the capture radius.
    const table: TableSpec = { ...GOLF_BILLIARDS, bumpers: [], slideDecel: 1, rollDecel: 1 };
    const start = goal.x + goal.r + 0.002 + 0.02;
    const balls = newBalls([{ id: 'A1', x: start, y: goal.y }]);
    const res = playShot(table, balls, { ball: 'A1', angle: Math.PI, speed: Math.sqrt(2 * 1 * 0.02) }, 1);
    expect(res.events.some((e) => e.type === 'lip' && e.place === 'a')).toBe(true);
    expect(balls[0]!.state).toBe('table');
  });

  it('a hard hit on a rail can throw the ball off the table', () => {
    const balls = newBalls([{ id: 'c', x: 1.5, y: 0.5 }]);
    const res = playShot({ ...BOX, jumpSpeed: 1, jumpChance: 1 }, balls, { ball: 'c', angle: 0, speed: 3 }, 1);
    expect(res.events.map((e) => e.type)).toEqual(['strike', 'cushion', 'off', 'rest']);
    expect(balls[0]).toMatchObject({ state: 'off', where: 'e' });
  });

  it('bumpers deflect and report which bumper', () => {
    const b = GOLF_BILLIARDS.bumpers.find((x) => x.id === 'a5')!;
    const balls = newBalls([{ id: 'A1', x: b.x + 0.3, y: b.y }]);
    const res = playShot(GOLF_BILLIARDS, balls, { ball: 'A1', angle: Math.PI, speed: 1 }, 1);
    expect(res.events.find((e) => e.type === 'bumper')).toMatchObject({ ball: 'A1', bumper: 'a5' });
  });

  it('golf billiards has twelve bumpers and the engine geometry goals; misuse throws at once', () => {
    expect(GOLF_BILLIARDS.bumpers).toHaveLength(12);
    // The goals, table and re-spot points agree with the golf engine's default geometry (mm).
    const g = defaultGeometry(['A', 'B']);
    expect([GOLF_BILLIARDS.width * 1000, GOLF_BILLIARDS.height * 1000]).toEqual([g.length, g.width]);
    for (const [side, place] of [
      ['A', 'a'],
      ['B', 'b'],
    ] as const) {
      const hole = GOLF_BILLIARDS.holes.find((h) => h.place === place)!;
      expect(hole.x * 1000).toBeCloseTo(g.goals[side]![0], 6);
      expect(hole.y * 1000).toBeCloseTo(g.goals[side]![1], 6);
    }
    // Re-spot point 3 lies against the long-axis bumper; points 4 and 5 just behind the transverse ones.
    const nearest = (p: readonly [number, number]): number =>
      Math.min(...GOLF_BILLIARDS.bumpers.map((b) => Math.hypot(b.x * 1000 - p[0], b.y * 1000 - p[1]) - b.r * 1000));
    expect(nearest(g.respot['A']!['3'])).toBeLessThan(60);
    expect(nearest(g.respot['A']!['4'])).toBeLessThan(80);
    expect(() => playShot(CAROM, newBalls(caromBreak()), { ball: 'X', angle: 0, speed: 1 }, 1)).toThrow(TypeError);
    expect(() => playShot(CAROM, newBalls(caromBreak()), { ball: 'W', angle: 0, speed: 0 }, 1)).toThrow(TypeError);
  });
});
