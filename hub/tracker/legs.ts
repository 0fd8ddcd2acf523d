/**
 * A ball's path ahead of its last anchor, as legs from cushion to cushion (its direction is known
 * without its speed: a cushion scales the normal part of the velocity, so the direction after it
 * does not depend on the speed), and the timing of a point on it for a given speed.
 */
import { bounce, coverIn, nextWall, stopDistance, travel, type Motion } from './motion';
import type { Rail } from '../../shared/tables/acoustic';

/** One straight leg: from (x, y) along (ux, uy) for `d` metres to the cushion of `rail`. */
export interface Leg {
  x: number;
  y: number;
  ux: number;
  uy: number;
  d: number;
  rail: Rail;
  /** The knock's point on the rail at the end of the leg. */
  kx: number;
  ky: number;
  /** The speed after that cushion, per unit of speed on arrival. */
  gain: number;
}

/** The next `n` legs from (x, y) along (ux, uy). */
export function legsFrom(m: Motion, x: number, y: number, ux: number, uy: number, n: number): Leg[] {
  const out: Leg[] = [];
  for (let i = 0; i < n; i++) {
    const w = nextWall(m, x, y, ux, uy);
    const v = bounce(m, w.rail, ux, uy);
    const gain = Math.hypot(v.vx, v.vy);
    out.push({ x, y, ux, uy, d: w.d, rail: w.rail, kx: w.kx, ky: w.ky, gain });
    x += ux * w.d;
    y += uy * w.d;
    if (!(gain > 1e-9)) break;
    ux = v.vx / gain;
    uy = v.vy / gain;
  }
  return out;
}

/**
 * Time to reach distance `s` along leg `k` from the start of leg 0 at speed `v0` (rolling from
 * `rollFrac × v0`), the speed there and whether it is rolling; Infinity when the ball stops first.
 */
export function timeAlong(
  m: Motion,
  v0: number,
  rollFrac: number,
  legs: readonly Leg[],
  k: number,
  s: number,
): { time: number; speed: number; rollAt: number } {
  let v = v0;
  let rollAt = rollFrac * v0;
  let time = 0;
  for (let i = 0; i < k; i++) {
    const leg = legs[i]!;
    const r = travel(m, v, rollAt, leg.d);
    if (!Number.isFinite(r.time)) return { time: Infinity, speed: 0, rollAt: 0 };
    time += r.time;
    v = r.speed * leg.gain;
    rollAt = (5 / 7) * v;
  }
  const r = travel(m, v, rollAt, s);
  if (!Number.isFinite(r.time)) return { time: Infinity, speed: 0, rollAt: 0 };
  return { time: time + r.time, speed: r.speed, rollAt: Math.min(rollAt, r.speed) };
}

/** The starting speed that reaches distance `s` of leg `k` in `dt` seconds; NaN when none does (too far for the time, or too close). */
export function fitSpeed(m: Motion, rollFrac: number, legs: readonly Leg[], k: number, s: number, dt: number): number {
  if (!(dt > 0)) return NaN;
  let lo = 0.01;
  let hi = 12;
  if (timeAlong(m, hi, rollFrac, legs, k, s).time > dt) return NaN;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (timeAlong(m, mid, rollFrac, legs, k, s).time > dt) lo = mid;
    else hi = mid;
    if (hi - lo < 1e-4) break;
  }
  return (lo + hi) / 2;
}

/** Where a ball starting on these legs at `v0` stops: leg index, distance along it, and the cushions it meets before. */
export function stopOn(m: Motion, v0: number, rollFrac: number, legs: readonly Leg[]): { k: number; s: number } {
  let v = v0;
  let rollAt = rollFrac * v0;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const reach = stopDistance(m, v, rollAt);
    if (reach <= leg.d) return { k: i, s: reach };
    const r = travel(m, v, rollAt, leg.d);
    if (!Number.isFinite(r.time)) return { k: i, s: leg.d };
    v = r.speed * leg.gain;
    rollAt = (5 / 7) * v;
  }
  const last = legs.length - 1;
  return { k: last, s: legs[last]?.d ?? 0 };
}

/** Position and speed at time `tau` after the start of the legs (the ball may have stopped). */
export function positionAt(
  m: Motion,
  v0: number,
  rollFrac: number,
  legs: readonly Leg[],
  tau: number,
): { x: number; y: number; ux: number; uy: number; speed: number; k: number } {
  let v = v0;
  let rollAt = rollFrac * v0;
  let left = tau;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    const r = travel(m, v, rollAt, leg.d);
    if (r.time >= left || i === legs.length - 1) {
      const reach = Math.min(leg.d, stopDistance(m, v, rollAt));
      const c = cover(m, v, rollAt, left, reach);
      return { x: leg.x + leg.ux * c.d, y: leg.y + leg.uy * c.d, ux: leg.ux, uy: leg.uy, speed: c.speed, k: i };
    }
    left -= r.time;
    v = r.speed * leg.gain;
    rollAt = (5 / 7) * v;
  }
  return { x: legs[0]?.x ?? 0, y: legs[0]?.y ?? 0, ux: 0, uy: 0, speed: 0, k: 0 };
}

function cover(m: Motion, v: number, rollAt: number, tau: number, cap: number): { d: number; speed: number } {
  const c = coverIn(m, v, rollAt, tau);
  return c.d >= cap ? { d: cap, speed: c.speed } : c;
}
