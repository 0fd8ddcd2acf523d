/**
 * What really happened in a shot, in each game's terms, from the physics' events: the ground
 * truth the chain test compares the engines with. Only what the rules decide from the balls'
 * paths is here (points, fouls the balls commit, who plays next); fouls only a person sees (a
 * foot off the floor) do not exist in the simulator.
 */
import type { TruthEvent } from '../physics/world';

export interface CaromOutcome {
  point: boolean;
  /** Cushions the cue ball touched before its contact with the second object ball (or in all). */
  cushions: number;
  fouls: string[];
}

/** Three-cushion (C3 point): the cue ball touches both object balls and three cushions before the second. */
export function caromOutcome(events: readonly TruthEvent[], cue: string): CaromOutcome {
  const touched = new Set<string>();
  let cushions = 0;
  let point = false;
  let cushionsAtPoint = -1;
  const fouls: string[] = [];
  for (const e of events) {
    if (e.type === 'off') fouls.push('out');
    if (e.type === 'cushion' && e.ball === cue && cushionsAtPoint < 0) cushions++;
    if (e.type === 'contact' && (e.a === cue || e.b === cue)) {
      touched.add(e.a === cue ? e.b : e.a);
      if (touched.size === 2 && cushionsAtPoint < 0) {
        cushionsAtPoint = cushions;
        point = cushions >= 3;
      }
    }
  }
  return { point: point && fouls.length === 0, cushions, fouls };
}

export interface GolfOutcome {
  /** The side's balls that went into the opponent's goal. */
  scored: number;
  /** Balls of either side into the goal of their own side. */
  ownGoals: number;
  /** The opponent's balls into the striking side's goal (they count for the opponent). */
  forOpponent: number;
  fouls: string[];
  /** Balls that stopped on a goal's lip (a referee call, `lip_stopped`). */
  onLip: string[];
}

/** Golf billiards: a side plays into the opponent's goal (side A into goal b). */
export function golfOutcome(events: readonly TruthEvent[], side: 'A' | 'B'): GolfOutcome {
  const target = side === 'A' ? 'b' : 'a';
  const out: GolfOutcome = { scored: 0, ownGoals: 0, forOpponent: 0, fouls: [], onLip: [] };
  for (const e of events) {
    if (e.type === 'off') out.fouls.push('off_table');
    if (e.type === 'lip') out.onLip.push(e.ball);
    if (e.type !== 'capture') continue;
    const mine = e.ball.startsWith(side);
    const intoTarget = e.place === target;
    if (mine && intoTarget) out.scored++;
    else if (mine) out.ownGoals++;
    else if (!intoTarget) out.forOpponent++;
    else out.ownGoals++;
  }
  return out;
}

export interface PoolOutcome {
  firstContact: string | null;
  potted: string[];
  foul: boolean;
}

/** Nine-ball: the cue ball must hit the lowest ball first; a scratch or no contact is a foul. */
export function poolOutcome(events: readonly TruthEvent[], lowest: string | null): PoolOutcome {
  let first: string | null = null;
  const potted: string[] = [];
  let foul = false;
  for (const e of events) {
    if (e.type === 'contact' && first === null && (e.a === 'cue' || e.b === 'cue')) first = e.a === 'cue' ? e.b : e.a;
    if (e.type === 'capture') {
      if (e.ball === 'cue') foul = true;
      else potted.push(e.ball);
    }
    if (e.type === 'off') foul = true;
  }
  if (first === null || (lowest !== null && first !== lowest)) foul = true;
  return { firstContact: first, potted, foul };
}

/**
 * Golf billiards' zone grid (the engine's default geometry, GB-Q1, assumed): 5 bands along the
 * 1.80 m length (0.36 m) x 3 across the 0.90 m width (0.30 m), numbered 1..15 from goal A's end,
 * across first.
 */
export function golfZone(x: number, y: number): number {
  const i = Math.min(4, Math.max(0, Math.floor(x / 0.36)));
  const j = Math.min(2, Math.max(0, Math.floor(y / 0.3)));
  return i * 3 + j + 1;
}

/**
 * Golf billiards' opening stroke, which both sides play at once (GB-DBL-4, GB-Q7): the side that
 * scores validly while the other does not keeps the turn; if both do, the side whose first goal
 * dropped first; if neither, the side that avoided a foul while the other committed one; else the
 * side whose played ball stopped closer to the goal it plays at. `null`: nobody can tell (equal
 * distances, or both played balls gone): the opening is played again.
 */
export function golfOpening(events: readonly TruthEvent[], played: Readonly<Record<'A' | 'B', { x: number; y: number; onTable: boolean }>>, goals: Readonly<Record<'a' | 'b', { x: number; y: number }>>): 'A' | 'B' | null {
  const sides = ['A', 'B'] as const;
  const fouled = (s: 'A' | 'B'): boolean => events.some((e) => e.type === 'off' && e.ball.startsWith(s));
  const firstGoal = (s: 'A' | 'B'): number => {
    const target = s === 'A' ? 'b' : 'a';
    const e = events.find((x) => x.type === 'capture' && x.ball.startsWith(s) && x.place === target);
    return e ? e.t : Infinity;
  };
  const valid = sides.filter((s) => firstGoal(s) < Infinity && !fouled(s));
  if (valid.length === 1) return valid[0]!;
  if (valid.length === 2) return firstGoal('A') === firstGoal('B') ? null : firstGoal('A') < firstGoal('B') ? 'A' : 'B';
  const clean = sides.filter((s) => !fouled(s));
  if (clean.length === 1) return clean[0]!;
  const dist = (s: 'A' | 'B'): number => {
    const p = played[s];
    const g = goals[s === 'A' ? 'b' : 'a'];
    return p.onTable ? Math.hypot(p.x - g.x, p.y - g.y) : Infinity;
  };
  const [da, db] = [dist('A'), dist('B')];
  if (da === db) return null;
  return da < db ? 'A' : 'B';
}
