/**
 * The slate solver's algebra without iteration (hub/acoustic/multilaterate.ts): the closed-form
 * solutions of the arrival equations, its starting points, and 3×3 solves. Scratch buffers are
 * module-level: the hub is one thread and nothing here calls back.
 */

const MAX_SENSORS = 16;
const rows = new Float64Array(MAX_SENSORS * 4);
const a = new Float64Array(9);
const g = new Float64Array(3);
const d = new Float64Array(3);

/**
 * Closed-form starting points. With d_i the arrival times as distances (t·v) relative to the
 * first sensor's and d0 the emission's, (d_i − d0)² = |P − S_i|²; subtracting the first sensor's
 * equation leaves equations linear in (x, y, d0). Four or more arrivals: solved by least squares.
 * Three: x and y are linear in d0, and the first equation is then a quadratic in d0, with up to
 * two roots (d0 ≤ 0: emitted before it was heard). Writes the points to outX/outY; returns how many.
 */
export function closedFormStarts(
  sx: ArrayLike<number>,
  sy: ArrayLike<number>,
  st: ArrayLike<number>,
  n: number,
  slowness: number,
  outX: Float64Array,
  outY: Float64Array,
): number {
  if (n < 3 || n > MAX_SENSORS) return 0;
  const x1 = sx[0]!;
  const y1 = sy[0]!;
  const t1 = st[0]!;
  // Rows: ax·x + ay·y + ad·d0 = c.
  let m00 = 0;
  let m01 = 0;
  let m02 = 0;
  let m11 = 0;
  let m12 = 0;
  let m22 = 0;
  let v0 = 0;
  let v1 = 0;
  let v2 = 0;
  for (let k = 1; k < n; k++) {
    const xi = sx[k]!;
    const yi = sy[k]!;
    const di = (st[k]! - t1) / slowness;
    const ax = 2 * (xi - x1);
    const ay = 2 * (yi - y1);
    const ad = -2 * di;
    const c = xi * xi + yi * yi - x1 * x1 - y1 * y1 - di * di;
    rows[(k - 1) * 4] = ax;
    rows[(k - 1) * 4 + 1] = ay;
    rows[(k - 1) * 4 + 2] = ad;
    rows[(k - 1) * 4 + 3] = c;
    m00 += ax * ax;
    m01 += ax * ay;
    m02 += ax * ad;
    m11 += ay * ay;
    m12 += ay * ad;
    m22 += ad * ad;
    v0 += ax * c;
    v1 += ay * c;
    v2 += ad * c;
  }
  if (n >= 4) {
    a[0] = m00;
    a[1] = a[3] = m01;
    a[2] = a[6] = m02;
    a[4] = m11;
    a[5] = a[7] = m12;
    a[8] = m22;
    g[0] = v0;
    g[1] = v1;
    g[2] = v2;
    if (!solve3(a, g, d)) return 0;
    outX[0] = d[0]!;
    outY[0] = d[1]!;
    return 1;
  }
  // Three: [ax ay] (x y) = c − ad·d0 for the two rows; x = px + qx·d0, y = py + qy·d0.
  const r = rows;
  const det = r[0]! * r[5]! - r[1]! * r[4]!;
  if (Math.abs(det) < 1e-12) return 0;
  const px = (r[3]! * r[5]! - r[1]! * r[7]!) / det;
  const qx = (-r[2]! * r[5]! + r[1]! * r[6]!) / det;
  const py = (r[0]! * r[7]! - r[4]! * r[3]!) / det;
  const qy = (-r[0]! * r[6]! + r[4]! * r[2]!) / det;
  const ex = px - x1;
  const ey = py - y1;
  const A = qx * qx + qy * qy - 1;
  const B = 2 * (qx * ex + qy * ey);
  const C = ex * ex + ey * ey;
  let ns = 0;
  const root = (d0: number): void => {
    if (!(d0 <= 1e-9) || ns >= 2) return;
    outX[ns] = px + qx * d0;
    outY[ns] = py + qy * d0;
    ns++;
  };
  if (Math.abs(A) < 1e-12) root(-C / B);
  else {
    const disc = B * B - 4 * A * C;
    if (disc >= 0) {
      const sq = Math.sqrt(disc);
      root((-B - sq) / (2 * A));
      root((-B + sq) / (2 * A));
    }
  }
  return ns;
}

/** Inverse of a 3×3 (row-major); false when singular. */
export function invert3(m: ArrayLike<number>, out: Float64Array): boolean {
  const a0 = m[0]!;
  const b0 = m[1]!;
  const c0 = m[2]!;
  const d0 = m[3]!;
  const e0 = m[4]!;
  const f0 = m[5]!;
  const g0 = m[6]!;
  const h0 = m[7]!;
  const i0 = m[8]!;
  const A = e0 * i0 - f0 * h0;
  const B = -(d0 * i0 - f0 * g0);
  const C = d0 * h0 - e0 * g0;
  const det = a0 * A + b0 * B + c0 * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return false;
  out[0] = A / det;
  out[1] = -(b0 * i0 - c0 * h0) / det;
  out[2] = (b0 * f0 - c0 * e0) / det;
  out[3] = B / det;
  out[4] = (a0 * i0 - c0 * g0) / det;
  out[5] = -(a0 * f0 - c0 * d0) / det;
  out[6] = C / det;
  out[7] = -(a0 * h0 - b0 * g0) / det;
  out[8] = (a0 * e0 - b0 * d0) / det;
  return true;
}

const inverse = new Float64Array(9);
/** Solves m·x = v for a 3×3 m. */
export function solve3(m: ArrayLike<number>, v: ArrayLike<number>, out: Float64Array): boolean {
  if (!invert3(m, inverse)) return false;
  for (let r = 0; r < 3; r++) out[r] = inverse[r * 3]! * v[0]! + inverse[r * 3 + 1]! * v[1]! + inverse[r * 3 + 2]! * v[2]!;
  return true;
}
