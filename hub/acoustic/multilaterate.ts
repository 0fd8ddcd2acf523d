/**
 * Multilateration on the slate: where and when a click happened, from the times its first wave
 * reached three or more slate sensors. The unknowns are (x, y, t0); each arrival says
 *   t_i = t0 + |P − S_i|·s      (t_i with the sensor's delay taken off, s the slowness, µs/m).
 * Least squares by Gauss–Newton (with Levenberg damping, kept on the bed) from the closed-form
 * solutions and, when those do not fit, from the valleys of a coarse grid over the bed; weighted
 * by the timing sigma and the speed's uncertainty (a wrong speed errs more on a long path). The
 * fit is judged by its chi-square: arrivals that do not come from one point (rolling noise, a
 * sensor that fired on something else) leave a residual the timing cannot explain. With four or
 * more arrivals and one of them wrong, the fits that leave one out are weighed (`solve`).
 *
 * Scratch buffers are allocated once per solver: a venue's clicks all go through one hub.
 */
import { closedFormStarts, invert3, solve3 } from './closed-form';

/** The chi-square a fit may reach for its degrees of freedom (n − 3) at about 1 in 1000 by chance. */
const CHI2_LIMIT = [9, 10.83, 13.82, 16.27, 18.47, 20.52];
export const chi2Limit = (dof: number): number => CHI2_LIMIT[dof] ?? dof + 4 * Math.sqrt(2 * dof);
/** Below this (about 1 in 20 by chance) a fit of all the arrivals is taken without looking for an outlier. */
const CLEAR_CHI2 = [Infinity, 3.84, 5.99, 7.81, 9.49, 11.07, 12.59, 14.07, 15.51, 16.92, 18.31, 19.68, 21.03, 22.36];

/** The grid the search starts from: this many points along and across the bed (and a margin round it). */
const GRID_X = 15;
const GRID_Y = 8;
const MAX_SENSORS = 16;
/** Starts: the closed-form solutions (two at most) and one by the first sensor; or the grid's lowest valleys. */
const STARTS = 3;
const GRID_STARTS = 3;
const SOLUTIONS = STARTS + GRID_STARTS;

export interface SlateFix {
  x: number;
  y: number;
  /** Emission instant, corrected device µs. */
  t0: number;
  chi2: number;
  /** Degrees of freedom of the accepted fit (arrivals used − 3). */
  dof: number;
  /** 1-sigma position error, m: the larger axis of the covariance ellipse (or half the distance between two fits that both explain the times). */
  sd: number;
  /** Arrivals used (of those given); the left-out one's position in the input, −1 when all were used. */
  used: number;
  dropped: number;
}

export interface SlateBed {
  width: number;
  height: number;
}

export class Multilaterator {
  private readonly sx = new Float64Array(MAX_SENSORS);
  private readonly sy = new Float64Array(MAX_SENSORS);
  private readonly st = new Float64Array(MAX_SENSORS);
  private readonly sub = new Int32Array(MAX_SENSORS);
  private readonly a = new Float64Array(9);
  private readonly g = new Float64Array(3);
  private readonly d = new Float64Array(3);
  private readonly inv = new Float64Array(9);
  private readonly grid = new Float64Array(GRID_X * GRID_Y);
  private readonly startX = new Float64Array(Math.max(STARTS, GRID_STARTS));
  private readonly startY = new Float64Array(Math.max(STARTS, GRID_STARTS));
  private readonly startCost = new Float64Array(Math.max(STARTS, GRID_STARTS));
  private readonly sol = new Float64Array(SOLUTIONS * 6);
  /** Leave-one-out fits: x, y, t0, sd, early (1/0), the one left out. */
  private readonly cand = new Float64Array(MAX_SENSORS * 6);
  /** The fit found by `fit`: x, y, t0, chi2, sd. */
  private fx = 0;
  private fy = 0;
  private ft = 0;
  private fchi = 0;
  private fsd = 0;

  /**
   * @param sigmaUs timing sigma of one arrival
   * @param relSpeedSd relative uncertainty of the slowness
   * @param marginM how far outside the bed a fit may fall and still be a click on it (then clamped)
   * @param maxSdM a fit from three arrivals less sure than this says nothing (the point nearly in line
   *   with two sensors: random times fit there too); a fit with one more arrival than it needs has its chi-square
   */
  constructor(
    private readonly bed: SlateBed,
    private readonly sigmaUs: number,
    private readonly relSpeedSd: number,
    private readonly marginM = 0.1,
    private readonly maxSdM = 0.5,
  ) {}

  /**
   * Places one group: sensor positions and corrected arrival times, n of them (3..16). Null when
   * no fit with at least three arrivals is consistent and on the bed.
   */
  solve(xs: ArrayLike<number>, ys: ArrayLike<number>, ts: ArrayLike<number>, n: number, slowness: number): SlateFix | null {
    if (n < 3 || n > MAX_SENSORS) return null;
    for (let i = 0; i < n; i++) this.sub[i] = i;
    let all: SlateFix | null = null;
    if (this.fit(xs, ys, ts, n, slowness) && this.acceptable(n - 3) && (n > 3 || this.fsd <= this.maxSdM)) {
      all = { x: this.fx, y: this.fy, t0: this.ft, chi2: this.fchi, dof: n - 3, sd: this.fsd, used: n, dropped: -1 };
      // Clearly consistent: no outlier to look for.
      if (all.sd <= this.maxSdM && all.chi2 <= CLEAR_CHI2[n - 3]!) return all;
    }
    if (n < 4) return null;
    // One arrival wrong, or all right and the point badly seen. With one arrival more than the
    // unknowns the residual can say one is wrong, not which: every three of four fit exactly;
    // and a wrong one can still fit some point, off in a corner with a large sd. What tells them
    // apart: the wrong one is the sensor that fired before the click's wave could reach it (noise
    // just before, and the wave then fell in its dead time), and the right three see the point
    // from a good angle (small sd). A fit of all that passed stands against any but such a one.
    const other = this.leaveOneOut(xs, ys, ts, n, slowness);
    if (other && (other.early || !all)) return other.fix;
    return all && (all.sd <= this.maxSdM || !other) ? all : (other?.fix ?? all);
  }

  /** The best fit leaving one arrival out: early ones first (see solve), then the smallest sd. */
  private leaveOneOut(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    ts: ArrayLike<number>,
    n: number,
    slowness: number,
  ): { fix: SlateFix; early: boolean } | null {
    const c = this.cand;
    let nc = 0;
    for (let skip = 0; skip < n; skip++) {
      let k = 0;
      for (let i = 0; i < n; i++) if (i !== skip) this.sub[k++] = i;
      if (!this.fit(xs, ys, ts, n - 1, slowness) || !this.acceptable(n - 4) || this.fsd > this.maxSdM) continue;
      const excess = ts[skip]! - (this.ft + Math.hypot(this.fx - xs[skip]!, this.fy - ys[skip]!) * slowness);
      const o = nc++ * 6;
      c[o] = this.fx;
      c[o + 1] = this.fy;
      c[o + 2] = this.ft;
      c[o + 3] = this.fsd;
      c[o + 4] = excess < -3 * this.sigmaUs ? 1 : 0;
      c[o + 5] = skip;
    }
    if (nc === 0) return null;
    let bi = 0;
    for (let j = 1; j < nc; j++) {
      const o = j * 6;
      const b = bi * 6;
      if (c[o + 4]! > c[b + 4]! || (c[o + 4] === c[b + 4] && c[o + 3]! < c[b + 3]!)) bi = j;
    }
    const b = bi * 6;
    // Another reading of the same kind, nearly as sure, elsewhere: the sd covers both.
    let rival = 0;
    for (let j = 0; j < nc; j++) {
      const o = j * 6;
      if (j !== bi && c[o + 4] === c[b + 4] && c[o + 3]! <= 2 * c[b + 3]!) rival = Math.max(rival, Math.hypot(c[o]! - c[b]!, c[o + 1]! - c[b + 1]!));
    }
    const sd = rival > 3 * c[b + 3]! ? Math.max(c[b + 3]!, rival / 2) : c[b + 3]!;
    const skip = c[b + 5]!;
    // The chosen fit again, for its chi-square.
    let k = 0;
    for (let i = 0; i < n; i++) if (i !== skip) this.sub[k++] = i;
    this.fit(xs, ys, ts, n - 1, slowness);
    return { fix: { x: c[b]!, y: c[b + 1]!, t0: c[b + 2]!, chi2: this.fchi, dof: n - 4, sd, used: n - 1, dropped: skip }, early: c[b + 4] === 1 };
  }

  private acceptable(dof: number): boolean {
    return this.fchi <= chi2Limit(dof) && this.onBed();
  }

  /** Whether the fit is on the bed, or outside it by no more than the margin (a knock on the cushion heard through the slate). */
  private onBed(): boolean {
    const m = this.marginM + Math.min(2 * this.fsd, this.marginM);
    return this.fx >= -m && this.fy >= -m && this.fx <= this.bed.width + m && this.fy <= this.bed.height + m;
  }

  /** The arrival's sigma, µs, at distance r: timing and the speed's share. */
  private var(r: number, slowness: number): number {
    const sp = this.relSpeedSd * r * slowness;
    return this.sigmaUs * this.sigmaUs + sp * sp;
  }

  /**
   * Fits the arrivals `sub[0..n)`; false when no start converges. Leaves the fit in fx, fy, ft,
   * fchi, fsd. Gauss–Newton from the closed-form solutions (below) and from just inside the bed
   * by the first sensor to hear it (a click next to a sensor sits in a narrow valley); when none
   * of those fits on the bed, also from the lowest valleys of a coarse grid. The lowest
   * chi-square on the bed wins; when another solution fits too, far away (two hyperbolas
   * crossing twice), the sd covers both.
   */
  private fit(xs: ArrayLike<number>, ys: ArrayLike<number>, ts: ArrayLike<number>, n: number, slowness: number): boolean {
    for (let k = 0; k < n; k++) {
      const i = this.sub[k]!;
      this.sx[k] = xs[i]!;
      this.sy[k] = ys[i]!;
      this.st[k] = ts[i]!;
    }
    let ns = closedFormStarts(this.sx, this.sy, this.st, n, slowness, this.startX, this.startY);
    let first = 0;
    for (let k = 1; k < n; k++) if (this.st[k]! < this.st[first]!) first = k;
    const cx = this.bed.width / 2 - this.sx[first]!;
    const cy = this.bed.height / 2 - this.sy[first]!;
    const cl = Math.hypot(cx, cy) || 1;
    this.startX[ns] = this.sx[first]! + (0.05 * cx) / cl;
    this.startY[ns++] = this.sy[first]! + (0.05 * cy) / cl;
    let found = this.descend(0, ns, 0, n, slowness);
    let fits = false;
    for (let k = 0; k < found && !fits; k++) fits = this.sol[k * 6 + 5] === 1 && this.sol[k * 6 + 3]! <= chi2Limit(n - 3);
    if (!fits) found = this.descend(0, this.gridStarts(n, slowness), found, n, slowness);
    if (found === 0) return false;
    const sol = this.sol;
    let best = 0;
    for (let k = 1; k < found; k++) {
      const o = k * 6;
      const b = best * 6;
      if (sol[o + 5]! > sol[b + 5]! || (sol[o + 5] === sol[b + 5] && sol[o + 3]! < sol[b + 3]!)) best = k;
    }
    const o = best * 6;
    let other = 0;
    for (let k = 0; k < found; k++) {
      const q = k * 6;
      if (k !== best && sol[q + 5] === 1 && sol[q + 3]! <= chi2Limit(n - 3)) other = Math.max(other, Math.hypot(sol[q]! - sol[o]!, sol[q + 1]! - sol[o + 1]!));
    }
    this.fx = sol[o]!;
    this.fy = sol[o + 1]!;
    this.ft = sol[o + 2]!;
    this.fchi = sol[o + 3]!;
    this.fsd = other > 3 * sol[o + 4]! ? Math.max(sol[o + 4]!, other / 2) : sol[o + 4]!;
    return true;
  }

  /** Gauss–Newton from starts [from, to); appends each converged solution to `sol` after the first `found`: x, y, t0, chi2, sd, on the bed. */
  private descend(from: number, to: number, found: number, n: number, slowness: number): number {
    for (let k = from; k < to && found < SOLUTIONS; k++) {
      if (!this.gaussNewton(this.startX[k]!, this.startY[k]!, n, slowness)) continue;
      const o = found++ * 6;
      this.sol[o] = this.fx;
      this.sol[o + 1] = this.fy;
      this.sol[o + 2] = this.ft;
      this.sol[o + 3] = this.fchi;
      this.sol[o + 4] = this.fsd;
      this.sol[o + 5] = this.onBed() ? 1 : 0;
    }
    return found;
  }

  /** The lowest local minima of a coarse grid over the bed (and a margin), best first, as starts; returns how many. */
  private gridStarts(n: number, slowness: number): number {
    const m = this.marginM;
    const dx = (this.bed.width + 2 * m) / (GRID_X - 1);
    const dy = (this.bed.height + 2 * m) / (GRID_Y - 1);
    const grid = this.grid;
    for (let gi = 0; gi < GRID_X; gi++) for (let gj = 0; gj < GRID_Y; gj++) grid[gi * GRID_Y + gj] = this.gridCost(-m + dx * gi, -m + dy * gj, n, slowness);
    let ns = 0;
    for (let gi = 0; gi < GRID_X; gi++) {
      for (let gj = 0; gj < GRID_Y; gj++) {
        const c = grid[gi * GRID_Y + gj]!;
        let lowest = true;
        for (let u = Math.max(0, gi - 1); u <= Math.min(GRID_X - 1, gi + 1) && lowest; u++)
          for (let v = Math.max(0, gj - 1); v <= Math.min(GRID_Y - 1, gj + 1); v++) if (grid[u * GRID_Y + v]! < c) lowest = false;
        if (!lowest) continue;
        let at = ns;
        while (at > 0 && c < this.startCost[at - 1]!) at--;
        if (at >= GRID_STARTS) continue;
        for (let k = Math.min(ns, GRID_STARTS - 1); k > at; k--) {
          this.startX[k] = this.startX[k - 1]!;
          this.startY[k] = this.startY[k - 1]!;
          this.startCost[k] = this.startCost[k - 1]!;
        }
        this.startX[at] = -m + dx * gi;
        this.startY[at] = -m + dy * gj;
        this.startCost[at] = c;
        ns = Math.min(GRID_STARTS, ns + 1);
      }
    }
    return ns;
  }

  /** The weighted squared residual at (x, y) with the best t0 for it. */
  private gridCost(x: number, y: number, n: number, slowness: number): number {
    let sw = 0;
    let swe = 0;
    let swee = 0;
    for (let k = 0; k < n; k++) {
      const r = Math.hypot(x - this.sx[k]!, y - this.sy[k]!);
      const e = this.st[k]! - r * slowness;
      const wk = 1 / this.var(r, slowness);
      sw += wk;
      swe += wk * e;
      swee += wk * e * e;
    }
    return swee - (swe * swe) / sw;
  }

  /** Sum of weighted squared residuals at (x, y, t0); fills the normal equations a, g when `build`. */
  private cost(x: number, y: number, t0: number, n: number, slowness: number, build: boolean): number {
    let c = 0;
    let a00 = 0;
    let a01 = 0;
    let a02 = 0;
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let g0 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let k = 0; k < n; k++) {
      const dx = x - this.sx[k]!;
      const dy = y - this.sy[k]!;
      const r = Math.max(1e-3, Math.hypot(dx, dy));
      const e = this.st[k]! - t0 - r * slowness;
      const wk = 1 / this.var(r, slowness);
      c += wk * e * e;
      if (!build) continue;
      const j0 = (dx / r) * slowness;
      const j1 = (dy / r) * slowness;
      a00 += wk * j0 * j0;
      a01 += wk * j0 * j1;
      a02 += wk * j0;
      a11 += wk * j1 * j1;
      a12 += wk * j1;
      a22 += wk;
      g0 += wk * j0 * e;
      g1 += wk * j1 * e;
      g2 += wk * e;
    }
    if (build) {
      const a = this.a;
      a[0] = a00;
      a[1] = a[3] = a01;
      a[2] = a[6] = a02;
      a[4] = a11;
      a[5] = a[7] = a12;
      a[8] = a22;
      this.g[0] = g0;
      this.g[1] = g1;
      this.g[2] = g2;
    }
    return c;
  }

  private gaussNewton(x0: number, y0: number, n: number, slowness: number): boolean {
    let x = Math.min(this.bed.width + this.marginM, Math.max(-this.marginM, x0));
    let y = Math.min(this.bed.height + this.marginM, Math.max(-this.marginM, y0));
    // The best t0 for the start point: the weighted mean of the arrivals less their travel.
    let sw = 0;
    let swe = 0;
    for (let k = 0; k < n; k++) {
      const r = Math.hypot(x - this.sx[k]!, y - this.sy[k]!);
      const wk = 1 / this.var(r, slowness);
      sw += wk;
      swe += wk * (this.st[k]! - r * slowness);
    }
    let t0 = swe / sw;
    let c = this.cost(x, y, t0, n, slowness, true);
    let lambda = 1e-3;
    for (let it = 0; it < 30; it++) {
      const a = this.a;
      const damped = this.inv;
      damped.set(a);
      damped[0] = a[0]! * (1 + lambda);
      damped[4] = a[4]! * (1 + lambda);
      damped[8] = a[8]! * (1 + lambda);
      if (!solve3(damped, this.g, this.d)) return false;
      // Kept within the bed and its margin: a click is on the bed, and when the best fit for the
      // times lies outside (a point the sensors see badly, far off in a long valley), the best
      // point on the bed is what the chi-square is judged at.
      const nx = Math.min(this.bed.width + this.marginM, Math.max(-this.marginM, x + this.d[0]!));
      const ny = Math.min(this.bed.height + this.marginM, Math.max(-this.marginM, y + this.d[1]!));
      const nt = t0 + this.d[2]!;
      const nc = this.cost(nx, ny, nt, n, slowness, false);
      if (nc <= c) {
        const small = Math.abs(nx - x) < 1e-5 && Math.abs(ny - y) < 1e-5 && Math.abs(nt - t0) < 0.01;
        x = nx;
        y = ny;
        t0 = nt;
        c = this.cost(x, y, t0, n, slowness, true);
        lambda = Math.max(1e-7, lambda / 10);
        if (small || c < 1e-12) break;
      } else {
        lambda *= 10;
        if (lambda > 1e6) break;
      }
    }
    this.cost(x, y, t0, n, slowness, true);
    if (!invert3(this.a, this.inv)) return false;
    const cxx = this.inv[0]!;
    const cyy = this.inv[4]!;
    const cxy = this.inv[1]!;
    const big = (cxx + cyy) / 2 + Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy * cxy);
    this.fx = x;
    this.fy = y;
    this.ft = t0;
    this.fchi = c;
    this.fsd = Math.sqrt(Math.max(0, big));
    return Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(this.fsd);
  }
}
