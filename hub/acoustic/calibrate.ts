/**
 * The acoustic calibration (issue #26, docs/calibration.md "The acoustic step"): a table's rail
 * and slate wave speeds and its sensors' delays, from knocks at known points.
 *
 * Each arrival says t_i = t0 + D_i·s + d_i: the knock's unknown instant, the known distance
 * (along the rail for a rail knock, straight through the slate for a ball dropped on the bed)
 * times the surface's slowness s = 1/speed, and the sensor's delay. Taking each knock's mean
 * off removes t0 and leaves equations linear in the slownesses and delays: one least-squares
 * solve, no iteration. A knock only ever shows the differences of the delays of the sensors that
 * heard it, so each rail's two delays and the slate's delays are fixed to average 0 (the rail's
 * and the slate's common latency cannot be told from the knock's instant). Weak priors (the
 * profile's speeds, delays near 0) keep a rail nobody knocked on where it was. Arrivals that
 * do not fit (4 sigma of the robust spread) are left out and the fit made again.
 *
 * The error reported is leave-one-out: each knock placed by a fit made without it, the way the
 * localiser places it (the difference along the rail, multilateration on the bed).
 */
import type { AcousticLayout, Arrival, Rail } from '../../shared/tables/acoustic';
import type { AcousticError } from '../../shared/api/calibration';
import { alongFromPair, alongOf, geometryOf, type Geometry } from './geometry';
import { Multilaterator } from './multilaterate';

export interface CalibrationSample {
  surface: 'rail' | 'slate';
  rail?: Rail;
  /** The known point, m. */
  x: number;
  y: number;
  arrivals: Arrival[];
}

export interface CalibrationFit {
  layout: AcousticLayout;
  error: AcousticError & { rail: AcousticError | null; slate: AcousticError | null };
  /** Knocks that gave the fit something (two or more sensors of their surface heard them). */
  used: number;
  /** Arrivals left out as not fitting. */
  outliers: number;
}

export interface CalibrateOptions {
  /** Timing sigma of one arrival, µs (default 40). */
  sigmaUs?: number;
  /** When it was done (the layout's `source.at`); default now. */
  at?: Date;
}

/** How far the profile's speeds may be off (prior, relative 1-sigma) and the delays (µs). */
const SPEED_PRIOR = 0.3;
const DELAY_PRIOR_US = 500;
const OUTLIER_SIGMAS = 4;
/** Arrivals left out at most: a few per cent of a session's (about 110). */
const MAX_OUTLIERS = 8;

/** One knock as the fit uses it: sensor indices, times, distances, and which of them are in. */
interface Prepared {
  surface: 0 | 1;
  sensors: number[];
  t: number[];
  dist: number[];
  on: boolean[];
  /** The knock's true along (rail) or point (slate), for the error. */
  along: number;
  rail: number;
  x: number;
  y: number;
}

/** The first arrival of each of the knock's own surface's sensors (the rail's two, or the slate's), within what one knock can span. */
function prepare(g: Geometry, s: CalibrationSample, sNominal: [number, number]): Prepared | null {
  const l = g.layout;
  const surface = s.surface === 'rail' ? 0 : 1;
  const rail = surface === 0 ? g.rails.findIndex((r) => r.rail === s.rail) : -1;
  if (surface === 0 && rail < 0) return null;
  const mine = (i: number): boolean => (surface === 0 ? g.railOf[i] === rail : g.railOf[i]! < 0);
  const own = s.arrivals.filter((a) => {
    const i = g.index.get(a.sensor);
    return i !== undefined && mine(i);
  });
  if (own.length === 0) return null;
  own.sort((p, q) => p.us - q.us);
  // The knock's window: what one knock can span, from the earliest start that has the most
  // sensors in it (a sensor that fired on noise just before the knock, or a second bounce of a
  // dropped ball heard by a sensor that missed the first, falls outside).
  const span = (surface === 0 ? g.rails[rail]!.length : Math.hypot(l.width, l.height)) * sNominal[surface] * 1.5 + 500;
  let bestStart = 0;
  let bestCount = 0;
  for (let k = 0; k < own.length; k++) {
    const ids = new Set<string>();
    for (let j = k; j < own.length && own[j]!.us <= own[k]!.us + span; j++) ids.add(own[j]!.sensor);
    if (ids.size > bestCount) {
      bestCount = ids.size;
      bestStart = k;
    }
  }
  const first = new Map<number, number>();
  for (let j = bestStart; j < own.length && own[j]!.us <= own[bestStart]!.us + span; j++) {
    const i = g.index.get(own[j]!.sensor)!;
    if (!first.has(i)) first.set(i, own[j]!.us);
  }
  const p: Prepared = { surface, sensors: [], t: [], dist: [], on: [], along: 0, rail, x: s.x, y: s.y };
  if (surface === 0) p.along = alongOf(s.rail!, s.x, s.y);
  for (const [i, t] of first) {
    const sensor = l.sensors[i]!;
    p.sensors.push(i);
    p.t.push(t);
    p.dist.push(surface === 0 ? Math.abs(alongOf(s.rail!, sensor.x, sensor.y) - p.along) : Math.hypot(sensor.x - s.x, sensor.y - s.y));
    p.on.push(true);
  }
  return p;
}

/** One knock's centred row for its arrival i (its columns: the surface's slowness, the delays of the sensors in). */
function rowOf(k: Prepared, i: number, idx: number[], row: Float64Array): number {
  const meanT = idx.reduce((a, j) => a + k.t[j]!, 0) / idx.length;
  const meanD = idx.reduce((a, j) => a + k.dist[j]!, 0) / idx.length;
  row.fill(0);
  row[k.surface] = k.dist[i]! - meanD;
  for (const j of idx) row[2 + k.sensors[j]!] = -1 / idx.length;
  row[2 + k.sensors[i]!]! += 1;
  return k.t[i]! - meanT;
}

const inIdx = (k: Prepared): number[] => k.on.flatMap((on, i) => (on ? [i] : []));

/** Slownesses (rail, slate) and delays by least squares over the knocks but `skip`, and the normal matrix. */
function solve(g: Geometry, knocks: Prepared[], skip: number, sNominal: [number, number], sigma: number): { p: Float64Array; normal: Float64Array } | null {
  const m = g.layout.sensors.length;
  const n = 2 + m;
  const A = new Float64Array(n * n);
  const b = new Float64Array(n);
  const row = new Float64Array(n);
  const add = (rhs: number, w: number): void => {
    for (let i = 0; i < n; i++) {
      if (row[i] === 0) continue;
      b[i]! += w * w * row[i]! * rhs;
      for (let j = 0; j < n; j++) A[i * n + j]! += w * w * row[i]! * row[j]!;
    }
  };
  knocks.forEach((k, ki) => {
    if (ki === skip) return;
    const idx = inIdx(k);
    if (idx.length < 2) return;
    for (const i of idx) add(rowOf(k, i, idx, row), 1);
  });
  // Priors: the profile's speeds, delays near 0.
  for (const surface of [0, 1]) {
    row.fill(0);
    row[surface] = 1;
    add(sNominal[surface]!, sigma / (SPEED_PRIOR * sNominal[surface]!));
  }
  for (let i = 0; i < m; i++) {
    row.fill(0);
    row[2 + i] = 1;
    add(0, sigma / DELAY_PRIOR_US);
  }
  // The gauge: each rail's delays and the slate's average 0.
  const groups = [...g.rails.map((r) => [r.a, r.b].filter((i) => i >= 0)), g.slate];
  for (const group of groups) {
    if (group.length < 2) continue;
    row.fill(0);
    for (const i of group) row[2 + i] = 1;
    add(0, 1);
  }
  const p = solveSymmetric(A, b, n);
  return p ? { p, normal: A } : null;
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solveSymmetric(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]!) > Math.abs(a[p * n + c]!)) p = r;
    if (Math.abs(a[p * n + c]!) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k]!, a[c * n + k]!];
      [x[c], x[p]] = [x[p]!, x[c]!];
    }
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c]! / a[c * n + c]!;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k]! -= f * a[c * n + k]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let v = x[r]!;
    for (let k = r + 1; k < n; k++) v -= a[r * n + k]! * x[k]!;
    x[r] = v / a[r * n + r]!;
  }
  return x;
}

/**
 * Each arrival's residual under the fit, in sigmas of what it could be by chance: taking the
 * knock's mean off and fitting leave less than one arrival's spread (`1 − 1/n − h`, h its
 * leverage). A late arrival on a short rail's three knocks pulls that rail's fit toward itself:
 * only so does it show.
 */
function studentized(k: Prepared, fit: { p: Float64Array; inverse: Float64Array }, n: number): number[] {
  const idx = inIdx(k);
  const row = new Float64Array(n);
  return k.t.map((_, i) => {
    if (!k.on[i] || idx.length < 2) return 0;
    let r = rowOf(k, i, idx, row);
    let h = 0;
    for (let a = 0; a < n; a++) {
      if (row[a] === 0) continue;
      r -= row[a]! * fit.p[a]!;
      for (let c = 0; c < n; c++) h += row[a]! * fit.inverse[a * n + c]! * row[c]!;
    }
    return r / Math.sqrt(Math.max(0.05, 1 - 1 / idx.length - h));
  });
}

/** The inverse of a normal matrix, column by column. */
function inverse(A: Float64Array, n: number): Float64Array | null {
  const out = new Float64Array(n * n);
  const e = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    e.fill(0);
    e[c] = 1;
    const x = solveSymmetric(A, e, n);
    if (!x) return null;
    for (let r = 0; r < n; r++) out[r * n + c] = x[r]!;
  }
  return out;
}

/**
 * The fit with outliers left out, the worst one at a time (a late arrival pulls the fit and makes
 * good ones look bad too): up to MAX_OUTLIERS, while the worst is beyond OUTLIER_SIGMAS of the
 * robust spread. A rail knock goes whole (of a pair, either could be the late one).
 */
function robustFit(g: Geometry, knocks: Prepared[], skip: number, sNominal: [number, number], sigma: number): Float64Array | null {
  const n = 2 + g.layout.sensors.length;
  for (const k of knocks) k.on.fill(true);
  let fit = solve(g, knocks, skip, sNominal, sigma);
  for (let round = 0; round < MAX_OUTLIERS && fit; round++) {
    const inv = inverse(fit.normal, n);
    if (!inv) break;
    const r = knocks.map((k, ki) => (ki === skip ? [] : studentized(k, { p: fit!.p, inverse: inv }, n)));
    const sorted = r.flatMap((ri, ki) => ri.filter((_, i) => knocks[ki]!.on[i])).map(Math.abs);
    sorted.sort((x, y) => x - y);
    const spread = Math.max(sigma, 1.4826 * (sorted[Math.floor(sorted.length / 2)] ?? 0));
    let wk = -1;
    let wi = -1;
    r.forEach((ri, ki) =>
      ri.forEach((v, i) => {
        if (knocks[ki]!.on[i] && (wk < 0 || Math.abs(v) > Math.abs(r[wk]![wi]!))) {
          wk = ki;
          wi = i;
        }
      }),
    );
    if (wk < 0 || Math.abs(r[wk]![wi]!) <= OUTLIER_SIGMAS * spread) break;
    if (knocks[wk]!.surface === 0) knocks[wk]!.on.fill(false);
    else knocks[wk]!.on[wi] = false;
    fit = solve(g, knocks, skip, sNominal, sigma);
  }
  return fit?.p ?? null;
}

function layoutOf(nominal: AcousticLayout, p: Float64Array, source: AcousticLayout['source']): AcousticLayout {
  // Own properties whatever the ids (`__proto__` is a valid sensor id).
  const delaysUs: Record<string, number> = Object.fromEntries(nominal.sensors.map((s, i) => [s.id, Math.round(p[2 + i]! * 10) / 10]));
  return { ...nominal, railSpeed: Math.round(1e6 / p[0]!), slateSpeed: Math.round(1e6 / p[1]!), delaysUs, source };
}

/** Where the fit `p` places knock k, and how far that is from where it was made (m); null when it cannot be placed. */
function placementError(g: Geometry, k: Prepared, p: Float64Array, sigma: number): number | null {
  const t = (i: number): number => k.t[i]! - p[2 + k.sensors[i]!]!;
  if (k.surface === 0) {
    const r = g.rails[k.rail]!;
    const ia = k.sensors.indexOf(r.a);
    const ib = k.sensors.indexOf(r.b);
    if (ia < 0 || ib < 0) return null;
    const along = Math.min(r.length, Math.max(0, alongFromPair(r, t(ia), t(ib), p[0]!)));
    return Math.abs(along - k.along);
  }
  if (k.sensors.length < 3) return null;
  const solver = new Multilaterator(g.layout, sigma, 0.02);
  const xs = k.sensors.map((i) => g.layout.sensors[i]!.x);
  const ys = k.sensors.map((i) => g.layout.sensors[i]!.y);
  const fix = solver.solve(
    xs,
    ys,
    k.sensors.map((_, i) => t(i)),
    k.sensors.length,
    p[1]!,
  );
  if (!fix) return null;
  return Math.hypot(Math.min(g.layout.width, Math.max(0, fix.x)) - k.x, Math.min(g.layout.height, Math.max(0, fix.y)) - k.y);
}

const cm = (m: number): number => Math.round(m * 1000) / 10;

function summary(errors: number[]): AcousticError | null {
  if (errors.length === 0) return null;
  const s = [...errors].sort((a, b) => a - b);
  const q = (f: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil(f * s.length) - 1))]!;
  return { medianCm: cm(q(0.5)), p95Cm: cm(q(0.95)), n: s.length };
}

/**
 * Fits a table's speeds and delays to knocks at known points and measures, leave-one-out, how
 * well the result places them. `nominal` gives the sensors and the starting speeds.
 */
export function calibrate(nominal: AcousticLayout, samples: CalibrationSample[], options: CalibrateOptions = {}): CalibrationFit {
  const sigma = options.sigmaUs ?? 40;
  const g = geometryOf({ ...nominal, delaysUs: {} });
  const sNominal: [number, number] = [1e6 / nominal.railSpeed, 1e6 / nominal.slateSpeed];
  const knocks = samples.map((s) => prepare(g, s, sNominal)).filter((k): k is Prepared => k !== null);
  const p = robustFit(g, knocks, -1, sNominal, sigma) ?? Float64Array.from([sNominal[0], sNominal[1], ...nominal.sensors.map(() => 0)]);
  const outliers = knocks.reduce((a, k) => a + k.on.filter((on) => !on).length, 0);
  const used = knocks.filter((k) => k.on.filter(Boolean).length >= 2).length;
  const railErrors: number[] = [];
  const slateErrors: number[] = [];
  knocks.forEach((k, ki) => {
    const without = robustFit(g, knocks, ki, sNominal, sigma);
    const e = without ? placementError(g, k, without, sigma) : null;
    if (e !== null) (k.surface === 0 ? railErrors : slateErrors).push(e);
  });
  const all = summary([...railErrors, ...slateErrors]) ?? { medianCm: 0, p95Cm: 0, n: 0 };
  const error = { ...all, rail: summary(railErrors), slate: summary(slateErrors) };
  const at = (options.at ?? new Date()).toISOString();
  return { layout: layoutOf(nominal, p, { kind: 'calibrated', at, medianCm: all.medianCm, p95Cm: all.p95Cm }), error, used, outliers };
}
