import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { defaultGeometry, geometryProblems, type Point, type Polygon, type TableGeometry } from '../../../shared/tables/golf-billiards';

const g = defaultGeometry(['A', 'B']);
const dist = (p: Point, q: Point): number => Math.hypot(p[0] - q[0], p[1] - q[1]);
/** Gap between the surfaces of a ball at `p` and a bumper at `q`, mm. */
const gap = (p: Point, q: Point): number => dist(p, q) - g.ballRadius - g.bumperRadius;
const bumpers = (kind: 'goal' | 'cross') => g.bumpers.filter((b) => b.kind === kind).map((b) => b.at);
const inside = (p: Point, poly: Polygon): boolean => {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
};
/** Seen from behind side S's goal (at x = 0 for A, x = L for B), is p left of q? */
const leftOf = (side: 'A' | 'B', p: Point, q: Point): boolean => (side === 'A' ? p[1] < q[1] : p[1] > q[1]);

describe('golf billiards: default table geometry (GB-Q1: configuration, assumed where the seed is silent)', () => {
  it('GB-EQUIP-1: 1.80 x 0.90 m, twelve bumpers: two beside each goal and eight in the central cross, none touching another', () => {
    expect([g.length, g.width]).toEqual([1800, 900]);
    expect(bumpers('goal')).toHaveLength(4);
    expect(bumpers('cross')).toHaveLength(8);
    expect(new Set(g.bumpers.map((b) => b.id)).size).toBe(12);
    for (const b of g.bumpers) for (const c of g.bumpers) if (b !== c) expect(dist(b.at, c.at)).toBeGreaterThan(2 * g.bumperRadius);
    // The cross: four bumpers on each axis, two either side of the centre.
    const onLong = bumpers('cross').filter((p) => p[1] === g.axes.longitudinal);
    const onTransverse = bumpers('cross').filter((p) => p[0] === g.axes.transverse);
    expect([onLong.length, onTransverse.length]).toEqual([4, 4]);
    expect(onLong.filter((p) => p[0] < g.axes.transverse)).toHaveLength(2);
    expect(onTransverse.filter((p) => p[1] < g.axes.longitudinal)).toHaveLength(2);
  });

  it('GB-SCORE-5: the two bumpers of a goal stand closer than a ball, so a ball can stick between them off the cloth', () => {
    for (const side of ['A', 'B']) {
      const [p, q] = g.bumpers.filter((b) => b.kind === 'goal' && b.side === side).map((b) => b.at);
      expect(dist(p!, q!) - 2 * g.bumperRadius).toBeLessThan(2 * g.ballRadius);
      expect(dist(p!, g.goals[side]!)).toBeLessThan(150);
    }
  });

  it('GB-SPOT-2: points 1 and 2 touch the short cushion 3 mm from a goal bumper, left and right seen from behind that goal', () => {
    for (const side of ['A', 'B'] as const) {
      const pts = g.respot[side]!;
      const cushionX = side === 'A' ? 0 : g.length;
      const own = g.bumpers.filter((b) => b.kind === 'goal' && b.side === side).map((b) => b.at);
      for (const p of [pts['1'], pts['2']]) {
        expect(Math.abs(p[0] - cushionX)).toBeCloseTo(g.ballRadius, 9);
        expect(Math.min(...own.map((b) => gap(p, b)))).toBeCloseTo(3, 9);
      }
      expect(leftOf(side, pts['1'], pts['2'])).toBe(true);
    }
  });

  it('GB-SPOT-2: point 3 lies on the long axis in the central zone, touching the second long-axis bumper counted from that goal', () => {
    const central = g.zones.find((z) => z.id === 8)!.polygon;
    for (const side of ['A', 'B'] as const) {
      const p = g.respot[side]!['3'];
      const goal = g.goals[side]!;
      expect(p[1]).toBe(g.axes.longitudinal);
      expect(inside(p, central)).toBe(true);
      const fromGoal = bumpers('cross')
        .filter((b) => b[1] === g.axes.longitudinal && Math.abs(b[0] - goal[0]) < g.length / 2)
        .sort((x, y) => dist(x, goal) - dist(y, goal));
      expect(gap(p, fromGoal[1]!)).toBeCloseTo(0, 9);
      expect(gap(p, fromGoal[0]!)).toBeGreaterThan(0);
    }
  });

  it("GB-SPOT-3: points 4 and 5 touch both bumpers of a transverse pair on the infringer's own half, left and right seen from behind the infringer's goal", () => {
    const pairs = [0, 1].map((i) =>
      bumpers('cross').filter((b) => b[0] === g.axes.transverse && (i === 0 ? b[1] < g.axes.longitudinal : b[1] > g.axes.longitudinal)),
    );
    for (const [chooser, infringer] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      const pts = g.respot[chooser]!;
      const ownHalf = (p: Point) => (infringer === 'A' ? p[0] < g.axes.transverse : p[0] > g.axes.transverse);
      for (const p of [pts['4'], pts['5']]) {
        expect(ownHalf(p)).toBe(true);
        expect(pairs.some((pair) => pair.every((b) => Math.abs(gap(p, b)) < 1e-9))).toBe(true);
      }
      expect(leftOf(infringer, pts['4'], pts['5'])).toBe(true);
    }
  });

  it("GB-SPOT-1: no re-spot point overlaps a bumper or another point; B's end is A's turned half a circle", () => {
    for (const side of ['A', 'B'] as const) {
      const pts = Object.values(g.respot[side]!);
      for (const p of pts) {
        for (const b of g.bumpers) expect(gap(p, b.at)).toBeGreaterThan(-1e-9);
        for (const q of pts) if (p !== q) expect(dist(p, q)).toBeGreaterThan(2 * g.ballRadius);
        expect(p[0]).toBeGreaterThanOrEqual(g.ballRadius - 1e-9);
        expect(p[1]).toBeGreaterThanOrEqual(g.ballRadius);
      }
    }
    const turned = (p: Point): Point => [g.length - p[0], g.width - p[1]];
    for (const k of ['1', '2', '3', '4', '5'] as const) expect(g.respot.B![k]).toEqual(turned(g.respot.A![k]));
    expect(g.triangles.B!.big).toEqual(g.triangles.A!.big.map(turned));
  });

  it('GB-ZONE-1 / GB-FOUL-9 / GB-FOUL-8: 15 zones tile the table; each small triangle lies in its big one before the goal; the long-cushion zones are the outer rows', () => {
    const counts: number[] = [];
    const seen = new Set<number>();
    for (let x = 15; x < g.length; x += 30) {
      for (let y = 15; y < g.width; y += 30) {
        const hits = g.zones.filter((z) => inside([x, y], z.polygon));
        counts.push(hits.length);
        for (const z of hits) seen.add(z.id);
      }
    }
    expect(new Set(counts)).toEqual(new Set([1]));
    expect(seen.size).toBe(15);
    for (const side of ['A', 'B'] as const) {
      const { small, big } = g.triangles[side]!;
      // Points just inside each corner of the small triangle are inside the big one too.
      const centre: Point = [small.reduce((s, p) => s + p[0], 0) / 3, small.reduce((s, p) => s + p[1], 0) / 3];
      for (const p of small) expect(inside([p[0] + (centre[0] - p[0]) * 0.01, p[1] + (centre[1] - p[1]) * 0.01], big)).toBe(true);
      expect(inside(g.goals[side]!, small)).toBe(true);
    }
    expect(g.longCushionZones[0].every((p) => p[1] <= 300)).toBe(true);
    expect(g.longCushionZones[1].every((p) => p[1] >= 600)).toBe(true);
  });

  it('GB-Q1 (reading: a configured geometry replaces the default only when complete; otherwise a warning and the default table)', () => {
    const mine: TableGeometry = { ...defaultGeometry(['A', 'B']), length: 1600 };
    expect(geometryProblems(mine, ['A', 'B'])).toEqual([]);
    expect(parseConfig(['A', 'B'], { geometry: mine }).config.geometry.length).toBe(1600);
    const partial = parseConfig(['A', 'B'], { geometry: { length: 1400, width: 700 } });
    expect(partial.config.geometry).toEqual(defaultGeometry(['A', 'B']));
    expect(partial.problems.join(' ')).toMatch(/config\.geometry: .*zones must be 15/);
    expect(geometryProblems({ ...mine, respot: { A: mine.respot.A } }, ['A', 'B'])).toEqual(['respot must be given for A and B']);
  });
});
