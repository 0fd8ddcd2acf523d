/**
 * Test helpers for the tracker: a shot played by the simulator's physics and its knocks and clicks
 * placed as the localiser would (from the truth, with a placement error), and the truth's events
 * named as a reading names them. Used by tests and the bench.
 */
import { playShot, newBalls, type BallSpec, type TruthEvent } from '../../sim/physics/world';
import { CAROM } from '../../sim/physics/tables';
import { gauss, rng } from '../../sim/physics/rng';
import type { Localised, Rail } from '../../shared/tables/acoustic';
import type { BallAt } from './track';

export interface PlacedShot {
  before: Map<string, BallAt>;
  /** Where each ball came to rest in truth. */
  rest: Record<string, { x: number; y: number }>;
  truth: TruthEvent[];
  placed: Localised[];
  /** The truth's cushions and contacts as a reading writes them: `W→s`, `W×R` (contact balls in the order the truth has them). */
  said: string[];
}

const railOf = (place: string): Rail => place[0] as Rail;

/** Plays `shot` from `spots` on the match table and places its events within `sd` metres (seeded). */
export function placedShot(spots: BallSpec[], shot: { ball: string; angle: number; speed: number }, sd: number, seed: number): PlacedShot {
  const balls = newBalls(spots);
  const before = new Map(balls.map((b) => [b.id, { x: b.x, y: b.y, sd: 0.003 }]));
  const truth = playShot(CAROM, balls, shot, seed).events;
  const r = rng(seed * 31 + 7);
  const placed: Localised[] = [];
  const said: string[] = [];
  for (const e of truth) {
    if (e.type === 'cushion' && e.sensed) {
      const rail = railOf(e.place);
      const long = rail === 'n' || rail === 's';
      const along = (long ? e.x! : e.y!) + gauss(r) * sd;
      placed.push({
        kind: 'knock',
        t: e.t * 1000,
        rail,
        along,
        x: long ? along : rail === 'e' ? CAROM.width : 0,
        y: long ? (rail === 'n' ? CAROM.height : 0) : along,
        sd: Math.max(sd, 0.01),
        sensors: [],
      });
      said.push(`${e.ball}→${rail}`);
    } else if (e.type === 'contact') {
      placed.push({ kind: 'click', t: e.t * 1000, x: e.x + gauss(r) * sd, y: e.y + gauss(r) * sd, sd: Math.max(sd, 0.01), sensors: [] });
      said.push(`${e.a}×${e.b}`);
    }
  }
  const rest = Object.fromEntries(balls.map((b) => [b.id, { x: b.x, y: b.y }]));
  return { before, rest, truth, placed, said };
}

/** A reading's events written as `said`; a contact's balls in the truth's order when the pair matches. */
export function saidOf(
  events: readonly ({ type: 'cushion'; ball: string; cushion: string } | { type: 'contact'; a: string; b: string })[],
  truth: readonly string[],
): string[] {
  return events.map((e, i) => {
    if (e.type === 'cushion') return `${e.ball}→${e.cushion}`;
    const t = truth[i];
    return t === `${e.b}×${e.a}` ? t : `${e.a}×${e.b}`;
  });
}
