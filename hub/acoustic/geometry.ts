/**
 * A table's acoustic geometry, worked out once from its layout (shared/tables/acoustic.ts) for the
 * localiser and the calibration: each rail's two sensors and where they sit along it, the slate
 * sensors, and the points the calibration asks to knock on. Pure functions, no state.
 *
 * A rail's "along" coordinate is x for the long rails n and s, y for the short rails e and w; a
 * knock at `along` between its two sensors A (at pa) and B (at pb > pa) reaches them at
 *   tA = t0 + (along − pa)·s,  tB = t0 + (pb − along)·s   (s: slowness, µs per metre)
 * so tB − tA = (pa + pb − 2·along)·s, whatever t0 was: the difference places the knock.
 */
import type { AcousticLayout, Rail } from '../../shared/tables/acoustic';
import { RAILS } from '../../shared/tables/acoustic';
import type { AcousticPoint } from '../../shared/api/calibration';

/** One rail as the localiser sees it: its sensors by index into `layout.sensors`, ordered along it. */
export interface RailGeometry {
  rail: Rail;
  /** The rail's length, m (the bed's width for n and s, its height for e and w). */
  length: number;
  /** Sensor indices: A nearer the rail's start (along 0), B nearer its end; B is −1 on a rail with one sensor. */
  a: number;
  b: number;
  pa: number;
  pb: number;
}

/** The part of the table geometry the localiser and the calibration share. */
export interface Geometry {
  layout: AcousticLayout;
  rails: RailGeometry[];
  /** Per sensor index: its rail's index in `rails`, or −1 for a slate sensor. */
  railOf: Int32Array;
  /** Slate sensor indices, in layout order. */
  slate: number[];
  /** Per sensor index: its delay, µs (subtracted from every arrival: what remains is emission + travel). */
  delay: Float64Array;
  /** Sensor id → index. A Map: ids come from the devices. */
  index: Map<string, number>;
}

export const isLong = (rail: Rail): boolean => rail === 'n' || rail === 's';

/** The along coordinate of a point for a rail. */
export const alongOf = (rail: Rail, x: number, y: number): number => (isLong(rail) ? x : y);

export const railLength = (layout: Pick<AcousticLayout, 'width' | 'height'>, rail: Rail): number => (isLong(rail) ? layout.width : layout.height);

/** The point on a rail's cushion line at `along`. */
export function pointOn(layout: Pick<AcousticLayout, 'width' | 'height'>, rail: Rail, along: number): { x: number; y: number } {
  switch (rail) {
    case 'n':
      return { x: along, y: layout.height };
    case 's':
      return { x: along, y: 0 };
    case 'e':
      return { x: layout.width, y: along };
    case 'w':
      return { x: 0, y: along };
  }
}

export function geometryOf(layout: AcousticLayout): Geometry {
  const n = layout.sensors.length;
  const railOf = new Int32Array(n).fill(-1);
  const delay = new Float64Array(n);
  const index = new Map<string, number>();
  const slate: number[] = [];
  layout.sensors.forEach((s, i) => {
    index.set(s.id, i);
    // Own keys only: a sensor id is the profile's, and `constructor` is a valid one.
    const d = Object.hasOwn(layout.delaysUs, s.id) ? layout.delaysUs[s.id] : 0;
    delay[i] = typeof d === 'number' && Number.isFinite(d) ? d : 0;
    if (s.surface === 'slate') slate.push(i);
  });
  const rails: RailGeometry[] = [];
  for (const rail of RAILS) {
    const mine = layout.sensors
      .map((s, i) => ({ s, i }))
      .filter((x) => x.s.surface === 'rail' && x.s.rail === rail)
      .map((x) => ({ i: x.i, p: alongOf(rail, x.s.x, x.s.y) }))
      .sort((p, q) => p.p - q.p);
    if (mine.length === 0) continue;
    // A third sensor on a rail would add nothing the two outer ones do not give.
    const first = mine[0]!;
    const last = mine.length > 1 ? mine[mine.length - 1]! : null;
    const g: RailGeometry = { rail, length: railLength(layout, rail), a: first.i, b: last ? last.i : -1, pa: first.p, pb: last ? last.p : first.p };
    railOf[g.a] = rails.length;
    if (g.b >= 0) railOf[g.b] = rails.length;
    rails.push(g);
  }
  return { layout, rails, railOf, slate, delay, index };
}

/**
 * Along from a pair's corrected arrival times (µs, delays taken off), unclamped: outside
 * [pa, pb] the difference no longer changes with the position (both waves run the same way).
 */
export const alongFromPair = (g: RailGeometry, tA: number, tB: number, slowness: number): number => (g.pa + g.pb) / 2 - (tB - tA) / (2 * slowness);

/** Distance from (px, py) to the segment (x1, y1)–(x2, y2). */
export function distToSegment(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const u = len2 > 0 ? Math.min(1, Math.max(0, ((px - x1) * dx + (py - y1) * dy) / len2)) : 0;
  return Math.hypot(px - (x1 + u * dx), py - (y1 + u * dy));
}

/** Where the calibration asks for a knock (the type is the API's: the dashboard lists the points). */
export type CalibrationPoint = AcousticPoint;

/** Long rails have 8 diamond spaces, short rails 4 (a carom or pool table's diamonds). */
export const LONG_DIAMONDS = 8;
export const SHORT_DIAMONDS = 4;
/** The bed points: every crossing of the lines between opposite inner diamonds (7 × 3 = 21 points). */
const BED_LONG = [1, 2, 3, 4, 5, 6, 7];
const BED_SHORT = [1, 2, 3];

const round = (v: number): number => Math.round(v * 10000) / 10000;

/**
 * The calibration's points, in the order they are asked for: every inner diamond of rail n, e, s
 * and w (walking round the table, each rail from its start), then the bed points row by row from
 * the s side, each row from the w end. The corners are left out: a knock there is on two rails.
 */
export function calibrationPoints(layout: Pick<AcousticLayout, 'width' | 'height' | 'sensors'>): CalibrationPoint[] {
  const out: CalibrationPoint[] = [];
  const railed = new Set(layout.sensors.filter((s) => s.surface === 'rail').map((s) => s.rail));
  for (const rail of RAILS) {
    if (!railed.has(rail)) continue;
    const spaces = isLong(rail) ? LONG_DIAMONDS : SHORT_DIAMONDS;
    for (let d = 1; d < spaces; d++) {
      const p = pointOn(layout, rail, (railLength(layout, rail) * d) / spaces);
      out.push({ id: `${rail}${d}`, surface: 'rail', rail, diamond: d, x: round(p.x), y: round(p.y) });
    }
  }
  if (layout.sensors.filter((s) => s.surface === 'slate').length >= 3) {
    let k = 0;
    for (const j of BED_SHORT)
      for (const i of BED_LONG)
        out.push({
          id: `bed${++k}`,
          surface: 'slate',
          diamond: i,
          across: j,
          x: round((layout.width * i) / LONG_DIAMONDS),
          y: round((layout.height * j) / SHORT_DIAMONDS),
        });
  }
  return out;
}
