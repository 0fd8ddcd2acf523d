/**
 * How a ball moves between two events, in closed form, with the simulator's own physics
 * (sim/physics/world.ts, which imports nothing of the hub): it slides at `slide` m/s² until its
 * speed falls to `rollAt`, then rolls at `roll` m/s² until it stops; a cushion reverses the
 * normal part of its velocity times the cushion's restitution and sets it sliding again
 * (rollAt = 5/7 of its speed); two balls exchange the normal part of their relative velocity
 * (restitution `eBall`) and a rolling ball keeps 2/7 of its velocity before the impact (follow).
 * The tracker predicts with these and corrects with what the sensors placed.
 */
import type { TableSpec } from '../../sim/physics/world';
import type { Rail } from '../../shared/tables/acoustic';

export interface Motion {
  slide: number;
  roll: number;
  eBall: number;
  eCushion: number;
  /** Ball radius, m. */
  R: number;
  /** Bed length (x) and width (y), m. */
  L: number;
  W: number;
  /** Below this speed a ball is at rest (the simulator's). */
  rest: number;
}

export function motionOf(t: TableSpec): Motion {
  return {
    slide: t.slideDecel,
    roll: t.rollDecel,
    eBall: t.ballRestitution,
    eCushion: t.cushionRestitution,
    R: t.ballRadius,
    L: t.width,
    W: t.height,
    rest: 0.004,
  };
}

/** The distance a ball going at `v` (rolling from `rollAt` down) covers before it stops. */
export function stopDistance(m: Motion, v: number, rollAt: number): number {
  const ra = Math.min(v, rollAt);
  return (v * v - ra * ra) / (2 * m.slide) + Math.max(0, ra * ra - m.rest * m.rest) / (2 * m.roll);
}

/**
 * Time to cover `d` metres from speed `v` and the speed on arrival; Infinity when the ball stops
 * first. Two phases: sliding down to `rollAt`, then rolling.
 */
export function travel(m: Motion, v: number, rollAt: number, d: number): { time: number; speed: number } {
  const ra = Math.min(v, rollAt);
  const d1 = (v * v - ra * ra) / (2 * m.slide);
  if (d <= d1) {
    const s = Math.sqrt(Math.max(0, v * v - 2 * m.slide * d));
    return { time: (v - s) / m.slide, speed: s };
  }
  const t1 = (v - ra) / m.slide;
  const disc = ra * ra - 2 * m.roll * (d - d1);
  if (disc < m.rest * m.rest) return { time: Infinity, speed: 0 };
  const s = Math.sqrt(disc);
  return { time: t1 + (ra - s) / m.roll, speed: s };
}

/** Distance covered in `tau` seconds from speed `v`, and the speed then (0 once stopped). */
export function coverIn(m: Motion, v: number, rollAt: number, tau: number): { d: number; speed: number } {
  const ra = Math.min(v, rollAt);
  const t1 = (v - ra) / m.slide;
  if (tau <= t1) return { d: v * tau - (m.slide * tau * tau) / 2, speed: v - m.slide * tau };
  const d1 = (v * v - ra * ra) / (2 * m.slide);
  const t2 = Math.min(tau - t1, Math.max(0, (ra - m.rest) / m.roll));
  return { d: d1 + ra * t2 - (m.roll * t2 * t2) / 2, speed: Math.max(0, ra - m.roll * t2) };
}

/** Where a ball's centre meets the next cushion going from (x, y) along (ux, uy): its rail, the distance, and the knock's point on the rail. */
export function nextWall(m: Motion, x: number, y: number, ux: number, uy: number): { rail: Rail; d: number; kx: number; ky: number } {
  const R = m.R;
  let rail: Rail = 'e';
  let d = Infinity;
  if (ux > 1e-12) {
    d = (m.L - R - x) / ux;
    rail = 'e';
  } else if (ux < -1e-12) {
    d = (R - x) / ux;
    rail = 'w';
  }
  if (uy > 1e-12) {
    const dy = (m.W - R - y) / uy;
    if (dy < d) [d, rail] = [dy, 'n'];
  } else if (uy < -1e-12) {
    const dy = (R - y) / uy;
    if (dy < d) [d, rail] = [dy, 's'];
  }
  d = Math.max(0, d);
  const cx = x + ux * d;
  const cy = y + uy * d;
  // The knock's point: where the ball touches the cushion, on the rail's line.
  const kx = rail === 'e' ? m.L : rail === 'w' ? 0 : cx;
  const ky = rail === 'n' ? m.W : rail === 's' ? 0 : cy;
  return { rail, d, kx, ky };
}

/**
 * The ball centre that touches `rail` at `along` (x for n/s, y for e/w). A ball cannot touch a
 * rail closer to the corner than its radius: a placement beyond that (its error) is taken there.
 */
export function centreAt(m: Motion, rail: Rail, at: number): { x: number; y: number } {
  const along = Math.min(Math.max(at, m.R * 1.05), (rail === 'n' || rail === 's' ? m.L : m.W) - m.R * 1.05);
  if (rail === 'n') return { x: along, y: m.W - m.R };
  if (rail === 's') return { x: along, y: m.R };
  if (rail === 'e') return { x: m.L - m.R, y: along };
  return { x: m.R, y: along };
}

/** Velocity after a cushion of `rail`: the normal part reversed times the restitution. */
export function bounce(m: Motion, rail: Rail, vx: number, vy: number): { vx: number; vy: number } {
  if (rail === 'n' || rail === 's') return { vx, vy: -m.eCushion * vy };
  return { vx: -m.eCushion * vx, vy };
}

/**
 * Two balls meeting (a at pa with va, b with vb; n from a to b): their velocities after, and
 * whether each now rolls from its new speed (follow) or slides again. `aRolling`/`bRolling`: was
 * each rolling before.
 */
export function collide(
  m: Motion,
  n: { x: number; y: number },
  va: { x: number; y: number },
  vb: { x: number; y: number },
  aRolling: boolean,
  bRolling: boolean,
): { a: { x: number; y: number; rollAt: number }; b: { x: number; y: number; rollAt: number } } {
  const rel = (va.x - vb.x) * n.x + (va.y - vb.y) * n.y;
  const j = rel > 0 ? ((1 + m.eBall) * rel) / 2 : 0;
  const after = (v: { x: number; y: number }, sign: number, rolling: boolean): { x: number; y: number; rollAt: number } => {
    let x = v.x + sign * j * n.x;
    let y = v.y + sign * j * n.y;
    if (rolling && (v.x !== 0 || v.y !== 0)) {
      x = (5 * x + 2 * v.x) / 7;
      y = (5 * y + 2 * v.y) / 7;
      return { x, y, rollAt: Math.hypot(x, y) };
    }
    return { x, y, rollAt: (Math.hypot(x, y) * 5) / 7 };
  };
  return { a: after(va, -1, aRolling), b: after(vb, 1, bRolling) };
}
