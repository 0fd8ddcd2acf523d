/**
 * Which point each knock of the acoustic step was made at. The points are asked for in order,
 * but a knock may go unheard (by one sensor of its rail, or all), a point may be knocked twice,
 * somebody may lean on the table: pairing the n-th knock with the n-th point would then shift
 * every later one. So each knock is placed roughly with the profile's nominal speeds and the
 * knocks are aligned with the points, in order, at the least cost (`pairKnocks`).
 */
import type { AcousticLayout, Arrival } from '../../shared/tables/acoustic';
import type { AcousticPoint } from '../../shared/api/calibration';
import { alongFromPair, alongOf, geometryOf, type Geometry } from './geometry';
import { Multilaterator } from './multilaterate';
import type { CalibrationSample } from './calibrate';

export interface Pairing {
  samples: CalibrationSample[];
  /** Ids of the points no knock was paired with. */
  missed: string[];
  /** Knocks paired with no point. */
  extra: number;
}

/** Every rail both of whose sensors heard the knock, and where along it their difference puts it (a crosstalk pair lands at a corner). */
function railPairs(g: Geometry, arrivals: Arrival[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const a of arrivals) if (!first.has(a.sensor) || a.us < first.get(a.sensor)!) first.set(a.sensor, a.us);
  const out = new Map<string, number>();
  for (const r of g.rails) {
    if (r.b < 0) continue;
    const ta = first.get(g.layout.sensors[r.a]!.id);
    const tb = first.get(g.layout.sensors[r.b]!.id);
    if (ta !== undefined && tb !== undefined) out.set(r.rail, alongFromPair(r, ta, tb, 1e6 / g.layout.railSpeed));
  }
  return out;
}

/** A drop on the bed: the slate sensors' first arrivals placed by multilateration at the nominal speed. */
function bedKnock(g: Geometry, solver: Multilaterator, arrivals: Arrival[]): { x: number; y: number } | null {
  const first = new Map<number, number>();
  for (const a of [...arrivals].sort((p, q) => p.us - q.us)) {
    const i = g.index.get(a.sensor);
    if (i !== undefined && g.railOf[i]! < 0 && !first.has(i)) first.set(i, a.us);
  }
  if (first.size < 3) return null;
  const ids = [...first.keys()];
  const s = g.layout.sensors;
  const fix = solver.solve(
    ids.map((i) => s[i]!.x),
    ids.map((i) => s[i]!.y),
    ids.map((i) => first.get(i)!),
    ids.length,
    1e6 / g.layout.slateSpeed,
  );
  return fix ? { x: fix.x, y: fix.y } : null;
}

/** How far a rough placing (nominal speeds, no delays) may be off, m: a rail knock, a bed drop. */
const ROUGH_RAIL_M = 0.15;
const ROUGH_BED_M = 0.3;
/** The price, in squared sigmas, of a point with no knock and of a knock with no point; and of a knock that cannot be placed. */
const MISSED = 9;
const EXTRA = 9;
const UNPLACED = 2;

/**
 * Pairs the step's knocks (in time order) with the points (in the order asked for): the order
 * kept, the cheapest alignment, where a knock's price at a point is how far its rough placing is
 * from it (in sigmas, squared), and a point left without a knock or a knock without a point costs
 * 9 (three sigmas). A knock of the wrong kind (a rail knock at a bed point, another rail) cannot
 * be paired with it at all.
 */
export function pairKnocks(knocks: Arrival[][], points: AcousticPoint[], layout: AcousticLayout): Pairing {
  const g = geometryOf(layout);
  const solver = new Multilaterator(layout, 40, 0.1, 0.1, Infinity);
  const rough = knocks.map((arrivals) => ({ pairs: railPairs(g, arrivals), bed: bedKnock(g, solver, arrivals), kinds: kindsOf(g, arrivals) }));
  const price = (k: number, j: number): number => {
    const p = points[j]!;
    const r = rough[k]!;
    if (p.surface === 'rail') {
      const along = r.pairs.get(p.rail!);
      // The knocked rail's sensor is usually the first to hear it (not always: a late first wave, a corner).
      const notFirst = r.kinds.firstRail === p.rail ? 0 : 1;
      if (along !== undefined) return ((along - alongOf(p.rail!, p.x, p.y)) / ROUGH_RAIL_M) ** 2 + notFirst;
      return r.kinds.firstRail === p.rail ? UNPLACED : Infinity;
    }
    if (r.kinds.slate < 2) return Infinity;
    // A rail knock heard through the slate places itself on the cushion: far from any bed point, and the rails heard it too.
    return (r.bed ? (Math.hypot(r.bed.x - p.x, r.bed.y - p.y) / ROUGH_BED_M) ** 2 : UNPLACED) + (r.pairs.size ? 4 : 0);
  };
  // cost[k][j]: the cheapest alignment of the first k knocks with the first j points.
  const K = knocks.length;
  const P = points.length;
  const cost = Array.from({ length: K + 1 }, () => new Float64Array(P + 1).fill(Infinity));
  const step = Array.from({ length: K + 1 }, () => new Uint8Array(P + 1));
  cost[0]![0] = 0;
  for (let k = 0; k <= K; k++)
    for (let j = 0; j <= P; j++) {
      const here = cost[k]![j]!;
      if (here === Infinity) continue;
      if (k < K && j < P && here + price(k, j) < cost[k + 1]![j + 1]!) {
        cost[k + 1]![j + 1] = here + price(k, j);
        step[k + 1]![j + 1] = 1;
      }
      if (k < K && here + EXTRA < cost[k + 1]![j]!) {
        cost[k + 1]![j] = here + EXTRA;
        step[k + 1]![j] = 2;
      }
      if (j < P && here + MISSED < cost[k]![j + 1]!) {
        cost[k]![j + 1] = here + MISSED;
        step[k]![j + 1] = 3;
      }
    }
  const samples: CalibrationSample[] = [];
  const missed: string[] = [];
  let extra = 0;
  for (let k = K, j = P; k > 0 || j > 0;) {
    const s = step[k]![j]!;
    if (s === 1) {
      const p = points[j - 1]!;
      samples.unshift({ surface: p.surface, rail: p.rail, x: p.x, y: p.y, arrivals: knocks[k - 1]! });
      k--;
      j--;
    } else if (s === 2) {
      extra++;
      k--;
    } else {
      missed.unshift(points[j - 1]!.id);
      j--;
    }
  }
  return { samples, missed, extra };
}

/** The rail whose sensor heard a knock first, and how many slate sensors heard it. */
function kindsOf(g: Geometry, arrivals: Arrival[]): { firstRail: string | null; slate: number } {
  let first: Arrival | null = null;
  const slate = new Set<string>();
  for (const a of arrivals) {
    const i = g.index.get(a.sensor);
    if (i === undefined) continue;
    if (g.railOf[i]! < 0) slate.add(a.sensor);
    else if (!first || a.us < first.us) first = a;
  }
  return { firstRail: first ? g.rails[g.railOf[g.index.get(first.sensor)!]!]!.rail : null, slate: slate.size };
}
