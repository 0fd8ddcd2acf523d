/**
 * A 2-D table physics for the simulator: balls on a bed with sliding then rolling friction,
 * ball-to-ball collisions, cushions (segments) and bumpers (posts) with restitution, holes that
 * capture (pockets, goals, cups), balls leaving the table over a cushion, and a ball that stops on
 * a hole's lip. Fixed time step, seeded randomness only: the same table, shot and seed give the same
 * events, bit for bit. Units: metres, kilograms, seconds.
 *
 * The output is the ground truth: every contact, cushion hit, capture and exit with its time.
 */
import { rng, type Rng } from './rng';

export interface BallSpec {
  id: string;
  x: number;
  y: number;
}

export interface Cushion {
  /** Segment from (x1, y1) to (x2, y2); the playing side is to the left of the direction. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Place id the table's sensor reports (rail, rail segment). */
  place: string;
  /** False for a wall without a sensor (a minigolf lane's side boards). */
  sensed?: boolean;
}

export interface Bumper {
  id: string;
  x: number;
  y: number;
  r: number;
}

export interface Hole {
  /** Place id (pocket, goal side, cup). */
  place: string;
  kind: 'pocket' | 'goal' | 'cup';
  x: number;
  y: number;
  /** The ball drops when its centre is within this distance... */
  r: number;
  /** ...and it is slower than this (m/s); faster balls run over the hole (lip-out). */
  maxSpeed: number;
}

export interface TableSpec {
  id: string;
  width: number;
  height: number;
  ballRadius: number;
  ballMass: number;
  cushions: Cushion[];
  bumpers: Bumper[];
  holes: Hole[];
  /** Sliding and rolling deceleration, m/s² (μ g). */
  slideDecel: number;
  rollDecel: number;
  /** Coefficients of restitution. */
  ballRestitution: number;
  cushionRestitution: number;
  bumperRestitution: number;
  /** A cushion hit faster than this (normal speed, m/s) may send the ball off the table. */
  jumpSpeed: number;
  /** Chance of leaving the table for such a hit. */
  jumpChance: number;
  /** A ball that stops with its centre within this distance beyond a hole's r is on the lip. */
  lipBand: number;
}

export type TruthEvent =
  | { type: 'strike'; t: number; ball: string; speed: number }
  | { type: 'contact'; t: number; a: string; b: string; speed: number; x: number; y: number }
  /**
   * `x`, `y`: where the ball touches the cushion (its centre less R along the cushion's normal),
   * for acoustic sensors (sim/signals/waves.ts). The physics always gives them; a hand-made truth
   * may leave them out (waves.ts then takes the middle of the cushion).
   */
  | { type: 'cushion'; t: number; ball: string; place: string; speed: number; sensed: boolean; x?: number; y?: number }
  | { type: 'bumper'; t: number; ball: string; bumper: string; speed: number }
  | { type: 'capture'; t: number; ball: string; place: string; kind: Hole['kind']; speed: number }
  | { type: 'off'; t: number; ball: string; place: string }
  | { type: 'lip'; t: number; ball: string; place: string }
  | { type: 'rest'; t: number };

export type BallState = 'table' | 'captured' | 'off';

export interface Ball {
  id: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Sliding until the speed has fallen to `rollAt` (5/7 of the speed after the last impulse). */
  rollAt: number;
  state: BallState;
  /** Where it left play (hole or rail place). */
  where?: string;
}

export interface Shot {
  ball: string;
  /** Direction, radians (0 = +x). */
  angle: number;
  /** Cue ball speed just after the strike, m/s. */
  speed: number;
}

export interface ShotResult {
  events: TruthEvent[];
  /** Seconds until every ball was at rest (or the time limit). */
  duration: number;
  balls: Ball[];
}

const DT = 0.001;
const REST_SPEED = 0.004;
const MAX_SECONDS = 40;

export function newBalls(specs: readonly BallSpec[]): Ball[] {
  return specs.map((b) => ({ id: b.id, x: b.x, y: b.y, vx: 0, vy: 0, rollAt: 0, state: 'table' as BallState }));
}

function speedOf(b: Ball): number {
  return Math.hypot(b.vx, b.vy);
}

/** Called every few milliseconds of a shot with the balls and the events so far (players thinking). */
export type ShotWatcher = (balls: readonly Ball[], events: readonly TruthEvent[], t: number) => void;

/** Plays one shot on `balls` (changed in place) and returns the ground truth. */
export function playShot(table: TableSpec, balls: Ball[], shots: Shot | readonly Shot[], seed: number, watch?: ShotWatcher): ShotResult {
  const r: Rng = rng(seed);
  const events: TruthEvent[] = [];
  // Several strikes at once: golf billiards' opening stroke, which both sides play together.
  for (const shot of Array.isArray(shots) ? (shots as readonly Shot[]) : [shots as Shot]) {
    const cue = balls.find((b) => b.id === shot.ball && b.state === 'table');
    if (!cue) throw new TypeError(`no ball ${shot.ball} on the table`);
    if (!(shot.speed > 0) || !Number.isFinite(shot.angle)) throw new TypeError('a shot needs a positive speed and a finite angle');
    events.push({ type: 'strike', t: 0, ball: cue.id, speed: shot.speed });
    cue.vx = Math.cos(shot.angle) * shot.speed;
    cue.vy = Math.sin(shot.angle) * shot.speed;
    cue.rollAt = (shot.speed * 5) / 7;
  }
  if (events.length === 0) throw new TypeError('a shot needs at least one strike');
  const R = table.ballRadius;
  // Contacts in progress (pair, cushion or bumper): one event per contact, not per step.
  const n = balls.length;
  const touching: Touching = {
    pair: new Uint8Array(n * n),
    cushion: new Uint8Array(n * table.cushions.length),
    bumper: new Uint8Array(n * table.bumpers.length),
  };
  let t = 0;
  for (; t < MAX_SECONDS; t += DT) {
    let moving = false;
    for (const b of balls) {
      if (b.state !== 'table') continue;
      const v = speedOf(b);
      if (v === 0) continue;
      const decel = v > b.rollAt ? table.slideDecel : table.rollDecel;
      const nv = v - decel * DT;
      if (nv <= REST_SPEED) {
        b.vx = 0;
        b.vy = 0;
        continue;
      }
      b.vx *= nv / v;
      b.vy *= nv / v;
      b.x += b.vx * DT;
      b.y += b.vy * DT;
      moving = true;
    }
    // Ball to ball.
    for (let i = 0; i < balls.length; i++) {
      const a = balls[i]!;
      if (a.state !== 'table') continue;
      for (let j = i + 1; j < balls.length; j++) {
        const b = balls[j]!;
        if (b.state !== 'table') continue;
        // Two balls at rest cannot start a contact.
        if (a.vx === 0 && a.vy === 0 && b.vx === 0 && b.vy === 0) continue;
        const key = i * n + j;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const d2 = dx * dx + dy * dy;
        if (d2 >= 4 * R * R) {
          touching.pair[key] = 0;
          continue;
        }
        const d = Math.sqrt(d2);
        const nx = d > 0 ? dx / d : 1;
        const ny = d > 0 ? dy / d : 0;
        const rel = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny;
        // Push apart (no sinking into each other).
        const push = (2 * R - d) / 2;
        a.x -= nx * push;
        a.y -= ny * push;
        b.x += nx * push;
        b.y += ny * push;
        if (rel <= 0) continue;
        const jn = ((1 + table.ballRestitution) * rel) / 2;
        const aRolling = speedOf(a) <= a.rollAt + 1e-9;
        const bRolling = speedOf(b) <= b.rollAt + 1e-9;
        const [avx, avy, bvx, bvy] = [a.vx, a.vy, b.vx, b.vy];
        a.vx -= jn * nx;
        a.vy -= jn * ny;
        b.vx += jn * nx;
        b.vy += jn * ny;
        // A rolling ball keeps its topspin through the impact: the cloth turns it back to rolling,
        // 5/7 of the velocity after the impact plus 2/7 of the velocity before (follow).
        follow(a, aRolling, avx, avy);
        follow(b, bRolling, bvx, bvy);
        if (!touching.pair[key]) {
          touching.pair[key] = 1;
          events.push({ type: 'contact', t, a: a.id, b: b.id, speed: rel, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        }
      }
    }
    for (let i = 0; i < n; i++) {
      const b = balls[i]!;
      if (b.state !== 'table' || (b.vx === 0 && b.vy === 0)) continue;
      cushions(table, b, i, t, r, touching, events);
      if (b.state !== 'table') continue;
      bumpers(table, b, i, t, touching, events);
      holes(table, b, t, events);
    }
    if (watch && (Math.round(t / DT) & 3) === 0) watch(balls, events, t);
    if (!moving) break;
  }
  // Balls that stopped on a hole's lip.
  for (const b of balls) {
    if (b.state !== 'table') continue;
    for (const h of table.holes) {
      const d = Math.hypot(b.x - h.x, b.y - h.y);
      if (d <= h.r + table.lipBand) events.push({ type: 'lip', t, ball: b.id, place: h.place });
    }
  }
  events.push({ type: 'rest', t });
  return { events, duration: t, balls };
}

function follow(b: Ball, rolling: boolean, vx0: number, vy0: number): void {
  if (rolling && (vx0 !== 0 || vy0 !== 0)) {
    b.vx = (5 * b.vx + 2 * vx0) / 7;
    b.vy = (5 * b.vy + 2 * vy0) / 7;
    b.rollAt = speedOf(b);
  } else {
    b.rollAt = (speedOf(b) * 5) / 7;
  }
}

interface Touching {
  pair: Uint8Array;
  cushion: Uint8Array;
  bumper: Uint8Array;
}

function cushions(table: TableSpec, b: Ball, bi: number, t: number, r: Rng, touching: Touching, events: TruthEvent[]): void {
  const R = table.ballRadius;
  const nc = table.cushions.length;
  for (let k = 0; k < nc; k++) {
    const c = table.cushions[k]!;
    const key = bi * nc + k;
    const ex = c.x2 - c.x1;
    const ey = c.y2 - c.y1;
    const len2 = ex * ex + ey * ey;
    const u = Math.max(0, Math.min(1, ((b.x - c.x1) * ex + (b.y - c.y1) * ey) / len2));
    const px = c.x1 + u * ex;
    const py = c.y1 + u * ey;
    const dx = b.x - px;
    const dy = b.y - py;
    const d = Math.hypot(dx, dy);
    if (d >= R) {
      touching.cushion[key] = 0;
      continue;
    }
    const nx = d > 0 ? dx / d : -ey / Math.sqrt(len2);
    const ny = d > 0 ? dy / d : ex / Math.sqrt(len2);
    b.x = px + nx * R;
    b.y = py + ny * R;
    const vn = b.vx * nx + b.vy * ny;
    if (vn >= 0) continue;
    const speed = -vn;
    if (speed > table.jumpSpeed && r() < table.jumpChance) {
      b.state = 'off';
      b.where = c.place;
      b.vx = 0;
      b.vy = 0;
      events.push({ type: 'cushion', t, ball: b.id, place: c.place, speed, sensed: c.sensed !== false, x: px, y: py });
      events.push({ type: 'off', t: t + 0.05, ball: b.id, place: c.place });
      return;
    }
    b.vx -= (1 + table.cushionRestitution) * vn * nx;
    b.vy -= (1 + table.cushionRestitution) * vn * ny;
    b.rollAt = (speedOf(b) * 5) / 7;
    if (!touching.cushion[key]) {
      touching.cushion[key] = 1;
      events.push({ type: 'cushion', t, ball: b.id, place: c.place, speed, sensed: c.sensed !== false, x: px, y: py });
    }
  }
}

function bumpers(table: TableSpec, b: Ball, bi: number, t: number, touching: Touching, events: TruthEvent[]): void {
  const R = table.ballRadius;
  const nb = table.bumpers.length;
  for (let k = 0; k < nb; k++) {
    const p = table.bumpers[k]!;
    const key = bi * nb + k;
    const dx = b.x - p.x;
    const dy = b.y - p.y;
    const reach = R + p.r;
    if (dx > reach || dx < -reach || dy > reach || dy < -reach || dx * dx + dy * dy >= reach * reach) {
      touching.bumper[key] = 0;
      continue;
    }
    const d = Math.sqrt(dx * dx + dy * dy);
    const nx = dx / d;
    const ny = dy / d;
    b.x = p.x + nx * (R + p.r);
    b.y = p.y + ny * (R + p.r);
    const vn = b.vx * nx + b.vy * ny;
    if (vn >= 0) continue;
    b.vx -= (1 + table.bumperRestitution) * vn * nx;
    b.vy -= (1 + table.bumperRestitution) * vn * ny;
    b.rollAt = (speedOf(b) * 5) / 7;
    if (!touching.bumper[key]) {
      touching.bumper[key] = 1;
      events.push({ type: 'bumper', t, ball: b.id, bumper: p.id, speed: -vn });
    }
  }
}

function holes(table: TableSpec, b: Ball, t: number, events: TruthEvent[]): void {
  for (const h of table.holes) {
    const d = Math.hypot(b.x - h.x, b.y - h.y);
    if (d > h.r) continue;
    const v = speedOf(b);
    if (v > h.maxSpeed) continue;
    b.state = 'captured';
    b.where = h.place;
    b.vx = 0;
    b.vy = 0;
    events.push({ type: 'capture', t, ball: b.id, place: h.place, kind: h.kind, speed: v });
    return;
  }
}
