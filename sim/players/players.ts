/**
 * Simple players. Each looks for a shot the way a club player does, by trying candidate shots in
 * the head (here: on a copy of the table with the same physics) and keeping the first that does
 * what the game wants: a three-cushion player looks for a three-rail point, a bumper pool player
 * for a ball into the opponent's goal, a pool player for the lowest ball into a pocket, a minigolf
 * player for the hole. Skill (0..1) sets how many candidates the player considers and how well
 * the chosen shot is executed (aim and pace error). Deterministic for a seed.
 */
import { gauss, rng, type Rng } from '../physics/rng';
import { playShot, type Ball, type Shot, type TableSpec, type TruthEvent } from '../physics/world';
import { caromOutcome, caromTruth, golfOutcome, poolOutcome, type CaromRules } from './truth';

export interface Player {
  id: string;
  skill: number;
}

function copy(balls: Ball[]): Ball[] {
  return balls.map((b) => ({ ...b }));
}

/** Candidates considered and execution error for a skill. */
export function skillModel(skill: number): { candidates: number; aimSd: number; paceSd: number } {
  if (!(skill >= 0 && skill <= 1)) throw new TypeError(`skill must be within 0..1, got ${skill}`);
  return { candidates: 1 + Math.round(skill * 11), aimSd: 0.002 + (1 - skill) * 0.03, paceSd: 0.03 + (1 - skill) * 0.12 };
}

/**
 * Tries candidate shots (from `propose`) on copies of `balls` and returns the first whose outcome
 * `wants` accepts (or the last tried), with the player's execution error added.
 */
function choose(table: TableSpec, balls: Ball[], skill: number, r: Rng, propose: (r: Rng) => Shot, wants: (ev: TruthEvent[]) => boolean): Shot {
  const m = skillModel(skill);
  let chosen: Shot | null = null;
  for (let i = 0; i < m.candidates; i++) {
    const s = propose(r);
    chosen = s;
    const trial = playShot(table, copy(balls), s, 1 + Math.floor(r() * 1e9));
    if (wants(trial.events)) break;
  }
  const s = chosen!;
  return { ball: s.ball, angle: s.angle + gauss(r) * m.aimSd, speed: Math.max(0.05, s.speed * (1 + gauss(r) * m.paceSd)) };
}

/** 4-ball: a shot that scores 1 (the other cue ball), below any near miss of the reds. */
const SURE_ONE = 9;

/**
 * How near a trial came to the game's point: 0 for a point; otherwise how far the cue ball stayed
 * from the ball it still needed once it had done the rest (metres), plus a penalty when it never
 * got that far. Lets a player refine an aim, as people do.
 * - three-cushion: the second object ball, after the first and three cushions;
 * - 3-ball: the second object ball, after the first (no cushion needed);
 * - 4-ball: the player wants the reds (5, or 25/50 with the other cue ball too): the other red
 *   after a red first; a sure 1 (the other cue ball touched) scores SURE_ONE, kept as the fallback.
 */
function caromMiss(table: TableSpec, balls: Ball[], s: Shot, seed: number, rules: CaromRules): number {
  const cue = s.ball;
  let best = Infinity;
  const reds = ['R', 'M'];
  const res = playShot(table, copy(balls), s, seed, (bs, events) => {
    let first: string | null = null;
    let cushions = 0;
    for (const e of events) {
      if (e.type === 'cushion' && e.ball === cue) cushions++;
      if (e.type === 'contact' && first === null && (e.a === cue || e.b === cue)) first = e.a === cue ? e.b : e.a;
    }
    if (first === null || (rules === 'three-cushion' && cushions < 3)) return;
    if (rules === 'four-ball' && !reds.includes(first)) return;
    const c = bs.find((b) => b.id === cue)!;
    for (const o of bs) {
      if (o.id === cue || o.id === first || (rules === 'four-ball' && !reds.includes(o.id))) continue;
      best = Math.min(best, Math.max(0, Math.hypot(o.x - c.x, o.y - c.y) - 2 * table.ballRadius));
    }
  });
  const hitFirst = res.events.some((e) => e.type === 'contact' && (e.a === cue || e.b === cue));
  if (rules === 'three-cushion') {
    const o = caromOutcome(res.events, cue);
    if (o.point) return 0;
    if (Number.isFinite(best)) return best;
    return 10 + (hitFirst ? 0 : 5) + Math.max(0, 3 - o.cushions);
  }
  const o = caromTruth(rules, res.events, cue);
  if (o.foul) return 20;
  if (rules === 'four-ball' ? o.value >= 5 : o.value > 0) return 0;
  if (Number.isFinite(best)) return best;
  if (o.value > 0) return SURE_ONE;
  return 10 + (hitFirst ? 0 : 5);
}

/**
 * A carom player (three-cushion by default; `rules` the game) looks for the game's point: a first
 * look all round the cue ball (ball-first and rail-first alike), then refines the most promising
 * aim and pace. Skill sets how long the player thinks and how well the stroke is executed.
 */
export function caromShot(table: TableSpec, balls: Ball[], cue: string, skill: number, seed: number, rules: CaromRules = 'three-cushion'): Shot {
  const r = rng(seed);
  const m = skillModel(skill);
  // A first look all round (evenly spaced directions, two paces), then refine the best.
  const looks = m.candidates * 6;
  const phase = r() * 2 * Math.PI;
  let best: Shot = { ball: cue, angle: phase, speed: 3 };
  let score = Infinity;
  // 4-ball: the first sure 1 seen, played when no 5 (or better) was found.
  let sure: Shot | null = null;
  // 3-ball and 4-ball are played softer: no three cushions to reach.
  const [slow, fast] = rules === 'three-cushion' ? [2.5, 3.5] : [1.2, 2.2];
  for (let i = 0; i < looks && score > 0; i++) {
    const s = { ball: cue, angle: phase + (i * 2 * Math.PI) / looks, speed: i % 2 ? slow : fast };
    const v = caromMiss(table, balls, s, 1, rules);
    if (v === SURE_ONE) sure ??= s;
    if (v < score) [best, score] = [s, v];
  }
  for (let i = 0; i < m.candidates * 3 && score > 0; i++) {
    const step = score >= 10 ? 0.05 : Math.min(0.02, 0.001 + score * 0.03);
    const s = { ball: cue, angle: best.angle + gauss(r) * step, speed: Math.min(5, Math.max(0.8, best.speed * (1 + gauss(r) * step * 2))) };
    const v = caromMiss(table, balls, s, 1, rules);
    if (v === SURE_ONE) sure ??= s;
    if (v < score) [best, score] = [s, v];
  }
  if (score > 0 && sure) best = sure;
  return { ball: cue, angle: best.angle + gauss(r) * m.aimSd * 0.3, speed: Math.max(0.05, best.speed * (1 + gauss(r) * m.paceSd * 0.3)) };
}

/** Golf billiards: one of the side's balls towards the opponent's goal, direct or off a rail. */
export function golfShot(table: TableSpec, balls: Ball[], side: 'A' | 'B', skill: number, seed: number): Shot {
  const r = rng(seed);
  const own = balls.filter((b) => b.state === 'table' && b.id.startsWith(side));
  if (own.length === 0) throw new TypeError(`side ${side} has no ball on the table`);
  const goal = table.holes.find((h) => h.place === (side === 'A' ? 'b' : 'a'))!;
  return choose(
    table,
    balls,
    skill,
    r,
    (q) => {
      const b = own[Math.floor(q() * own.length)]!;
      // Aim at the goal, or at its mirror image in a long rail (a bank shot).
      const bank = q();
      const gy = bank < 0.5 ? goal.y : bank < 0.75 ? -goal.y : 2 * table.height - goal.y;
      const angle = Math.atan2(gy - b.y, goal.x - b.x) + (q() - 0.5) * 0.08;
      const dist = Math.hypot(gy - b.y, goal.x - b.x);
      return { ball: b.id, angle, speed: Math.sqrt(2 * table.rollDecel * dist) * (1.1 + q() * 0.9) + 0.3 };
    },
    (ev) => golfOutcome(ev, side).scored > 0 && golfOutcome(ev, side).fouls.length === 0,
  );
}

/** Nine-ball: the cue ball at the lowest ball, towards a pocket. */
export function poolShot(table: TableSpec, balls: Ball[], skill: number, seed: number): Shot {
  const r = rng(seed);
  const cue = balls.find((b) => b.id === 'cue')!;
  const targets = balls.filter((b) => b.state === 'table' && b.id !== 'cue').sort((a, b) => Number(a.id) - Number(b.id));
  const lowest = targets[0];
  return choose(
    table,
    balls,
    skill,
    r,
    (q) => {
      const aim = lowest ? Math.atan2(lowest.y - cue.y, lowest.x - cue.x) : q() * 2 * Math.PI;
      return { ball: 'cue', angle: aim + (q() - 0.5) * 0.12, speed: 1.2 + q() * 2.5 };
    },
    (ev) => {
      const o = poolOutcome(ev, lowest?.id ?? null);
      return o.potted.length > 0 && !o.foul;
    },
  );
}

/** Minigolf: a putt towards the hole with the pace to reach it. */
export function minigolfShot(table: TableSpec, balls: Ball[], skill: number, seed: number): Shot {
  const r = rng(seed);
  const ball = balls.find((b) => b.state === 'table')!;
  const cup = table.holes[0]!;
  const dist = Math.hypot(cup.x - ball.x, cup.y - ball.y);
  return choose(
    table,
    balls,
    skill,
    r,
    (q) => ({
      ball: ball.id,
      angle: Math.atan2(cup.y - ball.y, cup.x - ball.x) + (q() - 0.5) * 0.01,
      speed: Math.sqrt(2 * table.rollDecel * dist) * (1.0 + q() * 0.25) + 0.2,
    }),
    (ev) => ev.some((e) => e.type === 'capture'),
  );
}
