/**
 * The shot tracker (issue #26): which ball made each knock and click the acoustic sensors placed,
 * by a multiple-hypothesis tracker over the shot's physics.
 *
 * Every ball is known where it stood before the shot (the break's fixed spots, then where the
 * tracker last saw it stop, with its uncertainty). Events are taken in time order; each hypothesis
 * explains an event by one ball (a knock: the ball whose path meets that rail there and then; a
 * click: a moving ball meeting another), or as noise. A ball's path is predicted in closed form
 * (motion.ts, the simulator's physics) and corrected at every event it is given: its position
 * fused with where the sensors placed the event, its direction re-aimed, its speed refitted to the
 * event's time. What no sensor tells (the cue ball's first direction before any event, the contact
 * normal of a click, whose offset is below the click's placement error) is branched over, and the
 * events that follow decide. The weight of a hypothesis is the likelihood of the events under it,
 * with priors for noise, an unheard knock and an unheard click; at most `beam` survive each event.
 *
 * Out come the readings (the surviving hypotheses' named events, merged when equal) with their
 * probabilities, and where each ball came to rest.
 */
import type { Localised } from '../../shared/tables/acoustic';
import type { TrackedEvent } from '../../shared/game/events';
import { collide, centreAt, type Motion } from './motion';
import { fitSpeed, legsFrom, positionAt, stopOn, timeAlong, type Leg } from './legs';

export interface BallAt {
  x: number;
  y: number;
  /** 1-sigma error of the position, m. */
  sd: number;
}

export interface TrackOptions {
  /** Hypotheses kept after each event. */
  beam: number;
  /** Prior probability that an event is noise (crosstalk the localiser let through, a glass on the rail). */
  noise: number;
  /** Probability that a ball's cushion goes unheard (both rail sensors below threshold). */
  missedKnock: number;
  /** Probability that a ball–ball contact goes unheard. */
  missedClick: number;
  /** Direction error per metre of a ball aimed by its last two events (rad). */
  aimSd: number;
  /** Relative error of a refitted speed, as time error per second of travel. */
  speedSd: number;
  /** Placement error floor of an event's time, s. */
  timeSd: number;
}

export const TRACK_DEFAULTS: TrackOptions = { beam: 64, noise: 0.02, missedKnock: 0.01, missedClick: 0.005, aimSd: 0.02, speedSd: 0.08, timeSd: 0.0015 };

export interface TrackInput {
  motion: Motion;
  /** The ball the match says is struck. */
  cue: string;
  balls: ReadonlyMap<string, BallAt>;
  /** The shot's localised events in time order (hub ms). */
  events: readonly Localised[];
  options?: Partial<TrackOptions>;
}

export interface TrackResult {
  cue: string;
  readings: { probability: number; events: TrackedEvent[] }[];
  paths: Record<string, [number, number][]>;
  rest: Record<string, BallAt>;
  evidence: { knocks: number; clicks: number; unexplained: number; hypotheses: number; ms: number };
}

/** A ball in one hypothesis: its last anchor (where and when an event placed it) and its motion from there. */
interface Ball {
  id: string;
  x: number;
  y: number;
  sd: number;
  /** Direction (unit); NaN before the cue ball's first event. */
  ux: number;
  uy: number;
  /** Direction error, rad. */
  angSd: number;
  /** Speed at the anchor; NaN while no two timed events gave it. */
  v: number;
  /** Relative 1-sigma error of `v` (from the fit that gave it: the leg's length against its ends' placement). */
  vRel: number;
  /** The speed at which it rolls, as a fraction of `v`. */
  rollFrac: number;
  /** Anchor time, s from the shot's first event. */
  t: number;
  moving: boolean;
  /** Partners a click launched while this ball's speed was unknown: their speed at that anchor is `factor` × this one's. */
  links: { ball: string; factor: number }[];
  path: [number, number][];
}

interface Hyp {
  /** The ball struck in this hypothesis. */
  cue: string;
  balls: Ball[];
  ll: number;
  events: TrackedEvent[];
  unexplained: number;
}

const LOG_2PI = Math.log(2 * Math.PI);
const logN = (r: number, sd: number): number => -0.5 * (r / sd) ** 2 - Math.log(sd) - 0.5 * LOG_2PI;
/**
 * A residual's log density with a tail: most events fall within their sigma, a few far out (a
 * placement thrown by crosstalk, a speed fitted on a short leg). A plain Gaussian would let one
 * such event kill the true hypothesis; the tail (weight `tail`, wide `wide`) keeps it alive.
 */
function robust(r: number, sd: number, tail: number, wide = 4 * sd): number {
  const a = Math.exp(logN(r, sd)) * (1 - tail);
  const b = Math.exp(logN(r, wide)) * tail;
  return Math.log(a + b + 1e-300);
}

/** Impact offsets tried for a click (in units of the offset's sigma) and their prior log weights. */
const OFFSETS: readonly [number, number][] = [0, -0.5, 0.5, -1, 1, -1.5, 1.5, -2, 2, -3, 3].map((n) => [n, -0.5 * n * n] as [number, number]);
/** The cue ball's first contact: offsets across the whole ball (fractions of 2R). */
const FIRST_OFFSETS = [-0.85, -0.65, -0.45, -0.25, -0.08, 0.08, 0.25, 0.45, 0.65, 0.85];

export function trackShot(input: TrackInput): TrackResult {
  const started = performance.now();
  const o: TrackOptions = { ...TRACK_DEFAULTS, ...input.options };
  const m = input.motion;
  const t0 = input.events[0]?.t ?? 0;
  const startWith = (cue: string, ll: number): Hyp => ({
    cue,
    ll,
    events: [],
    unexplained: 0,
    balls: [...input.balls].map(([id, b]) => ({
      id,
      x: b.x,
      y: b.y,
      sd: b.sd,
      ux: NaN,
      uy: NaN,
      angSd: 0,
      v: id === cue ? NaN : 0,
      vRel: 0,
      rollFrac: 5 / 7,
      t: 0,
      moving: id === cue,
      links: [],
      path: [[b.x, b.y]],
    })),
  });
  let hyps: Hyp[] = [startWith(input.cue, 0)];
  let weighed = 0;
  for (const e of input.events) {
    const ts = (e.t - t0) / 1000;
    const next: Hyp[] = [];
    for (const h of hyps) explain(m, o, h, e, ts, next);
    weighed += next.length;
    next.sort((a, b) => b.ll - a.ll);
    const best = next[0]?.ll ?? 0;
    hyps = next.filter((h, i) => i < o.beam && h.ll > best - 30);
  }
  const ended = hyps.map((h) => finish(m, o, h));
  ended.sort((a, b) => b.ll - a.ll);
  const best = ended[0]!;
  // Readings: hypotheses naming the same events are one reading; weights by likelihood.
  const byKey = new Map<string, { w: number; events: TrackedEvent[] }>();
  let total = 0;
  for (const h of ended) {
    const w = Math.exp(h.ll - best.ll);
    total += w;
    const key = h.events.map((x) => (x.type === 'cushion' ? `${x.ball}${x.cushion}` : `${x.a}${x.b}`)).join(' ');
    const r = byKey.get(key);
    if (r) r.w += w;
    else byKey.set(key, { w, events: h.events });
  }
  const readings = [...byKey.values()]
    .sort((a, b) => b.w - a.w)
    .slice(0, 8)
    .map((r) => ({ probability: Math.round((r.w / total) * 10_000) / 10_000, events: r.events.map((x) => ({ ...x, t: round(t0 + x.t * 1000) })) }));
  const paths: Record<string, [number, number][]> = {};
  const rest: Record<string, BallAt> = {};
  for (const b of best.balls) {
    paths[b.id] = b.path.map(([x, y]) => [round(x), round(y)]);
    rest[b.id] = { x: round(b.x), y: round(b.y), sd: round(b.sd) };
  }
  const knocks = input.events.filter((e) => e.kind === 'knock').length;
  return {
    cue: input.cue,
    readings,
    paths,
    rest,
    evidence: {
      knocks,
      clicks: input.events.length - knocks,
      unexplained: best.unexplained,
      hypotheses: weighed,
      ms: Math.round((performance.now() - started) * 100) / 100,
    },
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

function withBall(h: Hyp, b: Ball, ll: number, ev: TrackedEvent | null, more?: Ball): Hyp {
  const balls = h.balls.map((x) => (x.id === b.id ? b : more && x.id === more.id ? more : x));
  return { cue: h.cue, balls, ll: h.ll + ll, events: ev ? [...h.events, ev] : h.events, unexplained: h.unexplained };
}

/** Every way hypothesis `h` explains event `e` (at `ts` s), pushed to `out`. */
function explain(m: Motion, o: TrackOptions, h: Hyp, e: Localised, ts: number, out: Hyp[]): void {
  // Noise: uniform over the rail (or the bed) and the shot.
  const area = e.kind === 'knock' ? (e.rail === 'n' || e.rail === 's' ? m.L : m.W) : m.L * m.W;
  out.push({ ...h, ll: h.ll + Math.log(o.noise / area), unexplained: h.unexplained + 1 });
  byBalls(m, o, h, e, ts, out);
  // A click no sensor placed: a moving ball met a resting one on its way before this event; the
  // event may be either's after it (the ball set moving by an unheard click makes its own knocks).
  for (const u of unheardClicks(m, o, h, ts)) byBalls(m, o, u, e, ts, out);
}

function byBalls(m: Motion, o: TrackOptions, h: Hyp, e: Localised, ts: number, out: Hyp[]): void {
  for (const b of h.balls) {
    if (!b.moving) continue;
    if (Number.isNaN(b.ux)) {
      firstOfCue(m, o, h, b, e, ts, out);
      continue;
    }
    const legs = legsFrom(m, b.x, b.y, b.ux, b.uy, 4);
    if (e.kind === 'knock') knockBy(m, o, h, b, legs, e, ts, out);
    else for (const c of h.balls) if (c !== b && (!c.moving || c.id > b.id || !bothTimed(b, c))) clickBy(m, o, h, b, c, legs, e, ts, out);
  }
}

/**
 * Hypotheses in which a timed moving ball met a resting one before `ts` with nobody hearing it:
 * the first such meeting on each moving ball's path, at the path's own offset (no branching), with
 * the unheard click's prior.
 */
function unheardClicks(m: Motion, o: TrackOptions, h: Hyp, ts: number): Hyp[] {
  const out: Hyp[] = [];
  const R2 = 2 * m.R;
  for (const b of h.balls) {
    if (!b.moving || Number.isNaN(b.v) || Number.isNaN(b.ux)) continue;
    const legs = legsFrom(m, b.x, b.y, b.ux, b.uy, 3);
    let best: { c: Ball; k: number; s: number; p: number } | null = null;
    for (const c of h.balls) {
      if (c === b || c.moving) continue;
      for (let k = 0; k < legs.length && (!best || k <= best.k); k++) {
        const leg = legs[k]!;
        const px = c.x - leg.x;
        const py = c.y - leg.y;
        const along = px * leg.ux + py * leg.uy;
        const p = px * leg.uy - py * leg.ux;
        if (Math.abs(p) >= R2 * 0.98 || along < 0) continue;
        const s = along - Math.sqrt(R2 * R2 - p * p);
        if (s < 0 || s > leg.d) continue;
        if (!best || k < best.k || s < best.s) best = { c, k, s, p };
        break;
      }
    }
    if (!best) continue;
    const at = timeAlong(m, b.v, b.rollFrac, legs, best.k, best.s);
    if (!Number.isFinite(at.time) || b.t + at.time >= ts) continue;
    const leg = legs[best.k]!;
    const w = walk(m, o, h, b, legs, best.k, best.s);
    const bx = leg.x + leg.ux * best.s;
    const by = leg.y + leg.uy * best.s;
    const tc = b.t + at.time;
    const e: Extract<Localised, { kind: 'click' }> = { kind: 'click', t: tc, x: (bx + best.c.x) / 2, y: (by + best.c.y) / 2, sd: 0.05, sensors: [] };
    const got: Hyp[] = [];
    meet(
      m,
      h,
      b,
      best.c,
      { x: bx, y: by, speed: at.speed, rolling: at.speed <= at.rollAt + 1e-9, ux: leg.ux, uy: leg.uy },
      { x: best.c.x, y: best.c.y },
      { x: 0, y: 0 },
      Math.log(o.missedClick) + w.ll,
      e,
      tc,
      w.path,
      got,
      b.v,
      b.vRel,
    );
    out.push(...got);
  }
  return out;
}

const bothTimed = (a: Ball, b: Ball): boolean => !Number.isNaN(a.v) && !Number.isNaN(b.v);

/** The ball at distance `s` of leg `k`, the legs before it walked: the unheard cushions and balls it passed. */
function walk(m: Motion, o: TrackOptions, h: Hyp, b: Ball, legs: readonly Leg[], k: number, s: number): { ll: number; path: [number, number][] } {
  let ll = k * Math.log(o.missedKnock);
  const path: [number, number][] = [];
  for (let i = 0; i <= k; i++) {
    const leg = legs[i]!;
    const len = i === k ? s : leg.d;
    // A resting ball in the way, with no click heard: it would have been hit.
    for (const c of h.balls) {
      if (c === b || c.moving) continue;
      const px = c.x - leg.x;
      const py = c.y - leg.y;
      const along = px * leg.ux + py * leg.uy;
      if (along <= 0 || along >= len - 2 * m.R) continue;
      if (Math.abs(px * leg.uy - py * leg.ux) < 2 * m.R - 2 * c.sd) ll += Math.log(o.missedClick);
    }
    if (i < k) path.push([leg.x + leg.ux * leg.d, leg.y + leg.uy * leg.d]);
  }
  return { ll, path };
}

/** Prediction sigma after `d` metres from an anchor of error `sd` aimed within `angSd`. */
const predSd = (b: Ball, d: number, o: TrackOptions): number => Math.sqrt(b.sd * b.sd + (b.angSd * d) ** 2 + (o.aimSd * d) ** 2);

/** Distance from the anchor to leg k's point s. */
function distTo(legs: readonly Leg[], k: number, s: number): number {
  let d = s;
  for (let i = 0; i < k; i++) d += legs[i]!.d;
  return d;
}

/**
 * Time term of an event given to a ball at leg k, distance s (placed within `placeSd` m), and
 * the ball's speed refitted to the event's time, with that fit's relative error.
 */
function timing(
  m: Motion,
  o: TrackOptions,
  b: Ball,
  legs: readonly Leg[],
  k: number,
  s: number,
  ts: number,
  placeSd: number,
): { ll: number; v0: number; vRel: number; at: { speed: number; rollAt: number } } | null {
  const dt = ts - b.t;
  const v0 = fitSpeed(m, b.rollFrac, legs, k, s, dt);
  const dist = distTo(legs, k, s);
  // The fit's own error: the leg's ends are placed within their sigmas, the times within timeSd.
  const fitRel = Math.hypot(Math.hypot(b.sd, placeSd) / Math.max(dist, 0.05), o.timeSd / Math.max(dt, 0.005), o.speedSd / 2);
  if (Number.isNaN(b.v)) {
    // Unknown speed: the event's time gives it.
    if (Number.isNaN(v0)) return null;
    return { ll: 0, v0, vRel: fitRel, at: timeAlong(m, v0, b.rollFrac, legs, k, s) };
  }
  const p = timeAlong(m, b.v, b.rollFrac, legs, k, s);
  const rel = Math.hypot(b.vRel, o.speedSd);
  if (!Number.isFinite(p.time)) {
    // It stops short at its speed: allowed as far as the speed's error reaches.
    if (Number.isNaN(v0)) return null;
    const r = (v0 - b.v) / (b.v * rel + 0.02);
    return { ll: -0.5 * r * r + Math.log(0.3), v0, vRel: fitRel, at: timeAlong(m, v0, b.rollFrac, legs, k, s) };
  }
  const sd = o.timeSd + rel * p.time;
  const ll = robust(dt - p.time, sd, 0.15, Math.max(3 * sd, 0.4 * p.time + 0.02));
  const v = Number.isNaN(v0) ? b.v : v0;
  return { ll, v0: v, vRel: Number.isNaN(v0) ? b.vRel : Math.min(fitRel, b.vRel), at: timeAlong(m, v, b.rollFrac, legs, k, s) };
}

function knockBy(m: Motion, o: TrackOptions, h: Hyp, b: Ball, legs: readonly Leg[], e: Extract<Localised, { kind: 'knock' }>, ts: number, out: Hyp[]): void {
  for (let k = 0; k < legs.length; k++) {
    const leg = legs[k]!;
    if (leg.rail !== e.rail) continue;
    const alongPred = e.rail === 'n' || e.rail === 's' ? leg.kx : leg.ky;
    const d = distTo(legs, k, leg.d);
    const sp = predSd(b, d, o);
    const sdSum = Math.sqrt(sp * sp + e.sd * e.sd);
    const r = e.along - alongPred;
    if (Math.abs(r) > 4 * sdSum + 0.05) continue;
    // Fuse the predicted and the placed point; the leg is re-aimed at it and timed to it.
    const wPred = (e.sd * e.sd) / (sp * sp + e.sd * e.sd);
    const along = alongPred * wPred + e.along * (1 - wPred);
    const c = centreAt(m, e.rail, along);
    const tm = timing(m, o, b, legs, k, Math.hypot(c.x - leg.x, c.y - leg.y), ts, e.sd);
    if (!tm) continue;
    const w = walk(m, o, h, b, legs, k, leg.d);
    const fromX = leg.x;
    const fromY = leg.y;
    let ux = c.x - fromX;
    let uy = c.y - fromY;
    const len = Math.hypot(ux, uy);
    if (len > 0.05) {
      ux /= len;
      uy /= len;
    } else {
      ux = leg.ux;
      uy = leg.uy;
    }
    const vx = ux * tm.at.speed;
    const vy = uy * tm.at.speed;
    const after = e.rail === 'n' || e.rail === 's' ? { x: vx, y: -m.eCushion * vy } : { x: -m.eCushion * vx, y: vy };
    const speed = Math.hypot(after.x, after.y);
    const dirX = speed > 0 ? after.x / speed : ux;
    const dirY = speed > 0 ? after.y / speed : uy;
    const sdNew = Math.sqrt(1 / (1 / (sp * sp) + 1 / (e.sd * e.sd)));
    const nb: Ball = {
      ...b,
      x: c.x,
      y: c.y,
      sd: sdNew,
      ux: dirX,
      uy: dirY,
      angSd: Math.min(0.3, Math.sqrt(b.sd * b.sd + sdNew * sdNew) / Math.max(len, 0.1)),
      v: speed,
      vRel: tm.vRel,
      rollFrac: 5 / 7,
      t: ts,
      moving: speed > m.rest,
      links: [],
      path: [...b.path, ...w.path, [c.x, c.y]],
    };
    const linked = relink(h, b, tm.v0, tm.vRel);
    const ev: TrackedEvent = {
      type: 'cushion',
      t: ts,
      ball: b.id,
      cushion: e.rail,
      x: round(e.rail === 'e' ? m.L : e.rail === 'w' ? 0 : along),
      y: round(e.rail === 'n' ? m.W : e.rail === 's' ? 0 : along),
    };
    out.push(withLinks(withBall(h, nb, robust(r, sdSum, 0.1) + tm.ll + w.ll, ev), linked));
  }
}

/** Partners launched while `b`'s speed was unknown get theirs now that `b`'s start speed is `v0`. */
function relink(h: Hyp, b: Ball, v0: number, vRel = 0.3): Ball[] {
  if (b.links.length === 0 || !Number.isNaN(b.v)) return [];
  // A partner's anchor is the same click as b's: its speed there is the factor times b's.
  const out: Ball[] = [];
  for (const l of b.links) {
    const p = h.balls.find((x) => x.id === l.ball);
    if (p && Number.isNaN(p.v)) out.push({ ...p, v: l.factor * v0, vRel: vRel + 0.25 });
  }
  return out;
}

function withLinks(h: Hyp, linked: Ball[]): Hyp {
  if (linked.length === 0) return h;
  return { ...h, balls: h.balls.map((x) => linked.find((l) => l.id === x.id) ?? x) };
}

/**
 * A click of `b` (moving) with `c`: the point where b's path first comes within 2R of c, tried at
 * several impact offsets (c's place and b's aim are not known to the ball's width).
 */
function clickBy(
  m: Motion,
  o: TrackOptions,
  h: Hyp,
  b: Ball,
  c: Ball,
  legs: readonly Leg[],
  e: Extract<Localised, { kind: 'click' }>,
  ts: number,
  out: Hyp[],
): void {
  const R2 = 2 * m.R;
  if (c.moving) {
    if (!bothTimed(b, c)) return;
    // Two moving balls: where each is at the click's time.
    const pb = positionAt(m, b.v, b.rollFrac, legs, ts - b.t);
    const pc = positionAt(m, c.v, c.rollFrac, legsFrom(m, c.x, c.y, c.ux, c.uy, 4), ts - c.t);
    const gap = Math.hypot(pb.x - pc.x, pb.y - pc.y) - R2;
    const sd = Math.sqrt(predSd(b, 0.5, o) ** 2 + predSd(c, 0.5, o) ** 2 + 0.02 ** 2);
    const mx = (pb.x + pc.x) / 2;
    const my = (pb.y + pc.y) / 2;
    const sdm = Math.sqrt((sd * sd) / 2 + e.sd * e.sd);
    const ll = -0.5 * (gap / sd) ** 2 + logN(mx - e.x, sdm) + logN(my - e.y, sdm);
    if (Math.abs(gap) > 4 * sd) return;
    meet(
      m,
      h,
      b,
      c,
      { x: pb.x, y: pb.y, speed: pb.speed, rolling: true, ux: pb.ux, uy: pb.uy },
      { x: pc.x, y: pc.y },
      { x: pc.ux * pc.speed, y: pc.uy * pc.speed },
      ll,
      e,
      ts,
      [],
      out,
      undefined,
      Math.max(b.vRel, c.vRel) + 0.1,
    );
    return;
  }
  for (let k = 0; k < legs.length; k++) {
    const leg = legs[k]!;
    const px = c.x - leg.x;
    const py = c.y - leg.y;
    const along = px * leg.ux + py * leg.uy;
    if (along < 0 || along > leg.d + R2) continue;
    const offset = px * leg.uy - py * leg.ux; // c's side of b's line
    const d = distTo(legs, k, along);
    const sp = Math.sqrt(predSd(b, d, o) ** 2 + c.sd * c.sd);
    if (Math.abs(offset) > R2 + 3 * sp) continue;
    for (const [n, prior] of OFFSETS) {
      const p = offset + n * sp;
      if (Math.abs(p) >= R2 * 0.98) continue;
      // c as this offset puts it: moved across b's line by the difference.
      const shift = p - offset;
      const cx = c.x + shift * leg.uy;
      const cy = c.y - shift * leg.ux;
      const s = along - Math.sqrt(R2 * R2 - p * p);
      if (s < 0 || s > leg.d) continue;
      const bx = leg.x + leg.ux * s;
      const by = leg.y + leg.uy * s;
      const tm = timing(m, o, b, legs, k, s, ts, e.sd);
      if (!tm) continue;
      const w = walk(m, o, h, b, legs, k, s);
      const mx = (bx + cx) / 2;
      const my = (by + cy) / 2;
      const sdm = Math.sqrt(e.sd * e.sd + (sp * sp) / 4);
      const ll = prior + logN(mx - e.x, sdm) + logN(my - e.y, sdm) + tm.ll + w.ll;
      meet(
        m,
        h,
        b,
        c,
        { x: bx, y: by, speed: tm.at.speed, rolling: tm.at.speed <= tm.at.rollAt + 1e-9, ux: leg.ux, uy: leg.uy },
        { x: cx, y: cy },
        { x: 0, y: 0 },
        ll,
        e,
        ts,
        w.path,
        out,
        tm.v0,
        tm.vRel,
      );
    }
  }
}

/** The collision of b (at `pb`) with c (at `pc`, velocity `vc`), as a new hypothesis. */
function meet(
  m: Motion,
  h: Hyp,
  b: Ball,
  c: Ball,
  pb: { x: number; y: number; speed: number; rolling: boolean; ux: number; uy: number },
  pc: { x: number; y: number },
  vc: { x: number; y: number },
  ll: number,
  e: Extract<Localised, { kind: 'click' }>,
  ts: number,
  passed: [number, number][],
  out: Hyp[],
  v0?: number,
  vRel = 1,
): void {
  const nx0 = pc.x - pb.x;
  const ny0 = pc.y - pb.y;
  const nl = Math.hypot(nx0, ny0) || 1;
  const n = { x: nx0 / nl, y: ny0 / nl };
  const unknown = Number.isNaN(pb.speed);
  // Unknown speed: the directions do not depend on it; the speeds are per unit of b's.
  const speed = unknown ? 1 : pb.speed;
  const r = collide(m, n, { x: pb.ux * speed, y: pb.uy * speed }, vc, pb.rolling, Math.hypot(vc.x, vc.y) > 0);
  const sb = Math.hypot(r.a.x, r.a.y);
  const sc = Math.hypot(r.b.x, r.b.y);
  const sd = Math.max(0.01, e.sd / 2);
  const nb: Ball = {
    ...b,
    x: pb.x,
    y: pb.y,
    sd,
    ux: sb > 0 ? r.a.x / sb : pb.ux,
    uy: sb > 0 ? r.a.y / sb : pb.uy,
    angSd: 0.25,
    v: unknown ? NaN : sb,
    // What the cue ball keeps depends on the cut angle, which the click places to the ball's width only.
    vRel: vRel + 0.3,
    rollFrac: sb > 0 ? r.a.rollAt / sb : 5 / 7,
    t: ts,
    moving: unknown || sb > m.rest,
    links: unknown && sb > 0 ? [{ ball: c.id, factor: sc / sb }] : [],
    path: [...b.path, ...passed, [pb.x, pb.y]],
  };
  const nc: Ball = {
    ...c,
    x: pc.x,
    y: pc.y,
    sd,
    ux: sc > 0 ? r.b.x / sc : 0,
    uy: sc > 0 ? r.b.y / sc : 0,
    angSd: 0.25,
    v: unknown ? NaN : sc,
    // The contact's normal is known to the click's placement only: the object ball's speed less well.
    vRel: vRel + 0.25,
    rollFrac: sc > 0 ? r.b.rollAt / sc : 5 / 7,
    t: ts,
    moving: unknown || sc > m.rest,
    // Either ball's speed, once timed, gives the other's (both per unit of the same unknown).
    links: unknown && sc > 0 ? [{ ball: b.id, factor: sb / sc }] : [],
    path: [...c.path, [pc.x, pc.y]],
  };
  const linked = v0 !== undefined ? relink(h, b, v0, vRel) : [];
  const ev: TrackedEvent = { type: 'contact', t: ts, a: b.id, b: c.id, x: round(e.x), y: round(e.y) };
  out.push(
    withLinks(
      withBall(h, nb, ll, ev, nc),
      linked.filter((l) => l.id !== c.id),
    ),
  );
}

/** The cue ball's first event: its direction is whatever reaches it (speed unknown until the next). */
function firstOfCue(m: Motion, o: TrackOptions, h: Hyp, b: Ball, e: Localised, ts: number, out: Hyp[]): void {
  if (e.kind === 'knock') {
    const c = centreAt(m, e.rail, e.along);
    const dx = c.x - b.x;
    const dy = c.y - b.y;
    const len = Math.hypot(dx, dy);
    if (len < 0.01) return;
    const ux = dx / len;
    const uy = dy / len;
    // Aimed there from the start: the straight leg to this rail must be the first.
    const legs = legsFrom(m, b.x, b.y, ux, uy, 1);
    if (legs[0]!.rail !== e.rail) return;
    const w = walk(m, o, h, b, legs, 0, legs[0]!.d);
    const after = e.rail === 'n' || e.rail === 's' ? { x: ux, y: -m.eCushion * uy } : { x: -m.eCushion * ux, y: uy };
    const g = Math.hypot(after.x, after.y);
    const nb: Ball = {
      ...b,
      x: c.x,
      y: c.y,
      sd: e.sd,
      ux: after.x / g,
      uy: after.y / g,
      angSd: Math.min(0.3, Math.hypot(e.sd, b.sd) / len),
      v: NaN,
      rollFrac: 5 / 7,
      t: ts,
      path: [...b.path, [c.x, c.y]],
    };
    const ev: TrackedEvent = { type: 'cushion', t: ts, ball: b.id, cushion: e.rail, x: round(e.x), y: round(e.y) };
    // No time to check on the first leg: the aim's prior, uniform over the rails.
    out.push(withBall(h, nb, Math.log(1 / (2 * (m.L + m.W))) + w.ll, ev));
    return;
  }
  for (const c of h.balls) {
    if (c === b) continue;
    const dx = c.x - b.x;
    const dy = c.y - b.y;
    const dist = Math.hypot(dx, dy);
    if (dist <= 2 * m.R) continue;
    const base = Math.atan2(dy, dx);
    for (const f of FIRST_OFFSETS) {
      const p = f * 2 * m.R;
      const ang = base - Math.asin(p / dist);
      const ux = Math.cos(ang);
      const uy = Math.sin(ang);
      const aimed: Ball = { ...b, ux, uy, angSd: 0.01 };
      const legs = legsFrom(m, b.x, b.y, ux, uy, 1);
      const along = dx * ux + dy * uy;
      const s = along - Math.sqrt(Math.max(0, 4 * m.R * m.R - p * p));
      if (s < 0 || s > legs[0]!.d) continue;
      const bx = b.x + ux * s;
      const by = b.y + uy * s;
      const w = walk(m, o, h, aimed, legs, 0, s);
      const mx = (bx + c.x) / 2;
      const my = (by + c.y) / 2;
      const sdm = Math.hypot(e.sd, c.sd);
      // Aim prior: the band of directions that hit c, shared among the offsets tried.
      const prior = Math.log((4 * m.R) / dist / (2 * Math.PI) / FIRST_OFFSETS.length);
      const ll = prior + logN(mx - e.x, sdm) + logN(my - e.y, sdm) + w.ll;
      meet(m, h, { ...aimed, v: NaN }, c, { x: bx, y: by, speed: NaN, rolling: false, ux, uy }, { x: c.x, y: c.y }, { x: 0, y: 0 }, ll, e, ts, w.path, out);
    }
  }
}

/** The end of the shot: each moving ball runs on to where it stops; cushions it would meet unheard count against the hypothesis. */
function finish(m: Motion, o: TrackOptions, h: Hyp): Hyp {
  let ll = h.ll;
  // The shot was struck: a reading in which the cue ball made none of the events heard has every
  // one of them as noise and a struck ball that went nowhere (all its knocks and clicks unheard).
  const cue = h.balls.find((b) => b.id === h.cue);
  if (cue && Number.isNaN(cue.ux)) ll += 3 * Math.log(o.missedKnock);
  const balls = h.balls.map((b) => {
    if (!b.moving || Number.isNaN(b.ux)) return b;
    const legs = legsFrom(m, b.x, b.y, b.ux, b.uy, 6);
    if (Number.isNaN(b.v)) {
      // Never timed: it stopped before its next cushion (none was heard): halfway there, widely spread.
      const d = Math.max(0, legs[0]!.d * 0.5);
      const x = b.x + b.ux * d;
      const y = b.y + b.uy * d;
      return { ...b, x, y, sd: Math.max(b.sd, d * 0.6, 0.05), moving: false, path: [...b.path, [x, y] as [number, number]] };
    }
    const stop = stopOn(m, b.v, b.rollFrac, legs);
    // Cushions it would still meet unheard, even a sigma slower: evidence against its speed or its aim.
    ll += stopOn(m, b.v * Math.max(0.3, 1 - Math.hypot(b.vRel, o.speedSd)), b.rollFrac, legs).k * Math.log(o.missedKnock);
    const leg = legs[stop.k]!;
    const x = leg.x + leg.ux * stop.s;
    const y = leg.y + leg.uy * stop.s;
    const d = distTo(legs, stop.k, stop.s);
    const passed = legs.slice(1, stop.k + 1).map((l) => [l.x, l.y] as [number, number]);
    // Stopping distance goes with the speed squared: twice its relative error.
    return {
      ...b,
      x,
      y,
      sd: Math.hypot(predSd(b, d, o), Math.max(0.15, 2 * b.vRel) * d),
      moving: false,
      path: [...b.path, ...passed, [x, y] as [number, number]],
    };
  });
  return { ...h, balls, ll };
}
