/**
 * Carom general rules (CG-*), shared by the three engines: the foul catalogue, the consequence
 * of a foul, and where balls go when they are spotted (balls off the table, frozen balls).
 */
import type { BallIds, CaromGame, Ruleset } from './config';
import type { ShotResult, SpotInstruction } from './state';

export interface FoulDef {
  /** Rule the foul comes from. */
  rule: string;
  /** What the referee calls. */
  call: string;
  rulesets: readonly Ruleset[];
  /**
   * A stroke foul happens during a stroke: entered while the shot is under way it voids the shot;
   * entered after the balls came to rest it is refused (C3-NC-1: a later point stands).
   * Other fouls end the player's inning when entered between shots.
   */
  stroke: boolean;
}

const both: readonly Ruleset[] = ['ceb-004', 'salon-002'];
const ceb: readonly Ruleset[] = ['ceb-004'];
const salon: readonly Ruleset[] = ['salon-002'];

/** The foul catalogue: the `value` of a `ref` call `foul`. */
export const FOULS: Readonly<Record<string, FoulDef>> = {
  foot: { rule: 'CG-FOUL-1', call: 'foot not on the floor', rulesets: both, stroke: true },
  balls_in_motion: { rule: 'CG-FOUL-2', call: 'balls in motion', rulesets: both, stroke: true },
  double_hit: { rule: 'CG-FOUL-3', call: 'double hit', rulesets: both, stroke: true },
  opponents_turn: { rule: 'CG-FOUL-4', call: "stroke in the opponent's turn", rulesets: salon, stroke: false },
  out: { rule: 'CG-FOUL-5', call: 'out', rulesets: both, stroke: true },
  wrong_ball: { rule: 'CG-FOUL-6', call: 'wrong ball', rulesets: both, stroke: false },
  cue_tip: { rule: 'C3-FOUL-1', call: 'cue tip', rulesets: ceb, stroke: true },
  touch: { rule: 'C3-FOUL-2', call: 'touch', rulesets: ceb, stroke: false },
  foreign_body: { rule: 'C3-FOUL-3', call: 'touch', rulesets: ceb, stroke: false },
  push: { rule: 'C3-FOUL-4', call: 'push', rulesets: ceb, stroke: true },
  mark: { rule: 'C3-FOUL-5', call: 'mark', rulesets: ceb, stroke: false },
  other: { rule: 'C3-FOUL-7', call: 'foul', rulesets: both, stroke: false },
  frozen_cushion: { rule: 'C3-FROZEN-4', call: 'foul (toward the touching cushion)', rulesets: ceb, stroke: true },
  did_not_play: { rule: 'C3-TIME-1', call: 'did not play', rulesets: ceb, stroke: false },
};

export function foulDef(code: string): FoulDef | undefined {
  return Object.prototype.hasOwnProperty.call(FOULS, code) ? FOULS[code] : undefined;
}

/** True when `code` is a foul of the ruleset. */
export function isFoul(code: string, ruleset: Ruleset): boolean {
  const d = foulDef(code);
  return d !== undefined && d.rulesets.includes(ruleset);
}

/** CG-FOUL-7: a foul scores nothing for anyone; there are no penalty points in carom. */
export function foulPenalty(): { shooter: number; opponent: number } {
  return { shooter: 0, opponent: 0 };
}

/** The shot ends the inning: a foul, or no score (C3B-MISS-1, C3-MISS-1, CQ-3). */
export function isTurnOver(r: Pick<ShotResult, 'points' | 'fouls'>): boolean {
  return r.fouls.length > 0 || r.points === 0;
}

function roleSpot(ball: string, balls: BallIds, cue: string): string {
  if (ball === balls.red) return 'red_spot';
  if (ball === cue) return 'head_spot';
  return 'centre';
}

function instruction(ball: string, balls: BallIds, cue: string, onTable: readonly string[], reason: string): SpotInstruction {
  return {
    ball,
    spot: roleSpot(ball, balls, cue),
    ifOccupied: onTable.filter((b) => b !== ball).map((by) => ({ by, spot: roleSpot(by, balls, cue) })),
    reason,
  };
}

/**
 * Where the balls that left the table go.
 * - three-cushion and 3-ball (C3-SPOT-1, CG-SPOT-2 read as a per-ball mapping, CQ-12): red to the
 *   red spot, the cue ball of the player who plays next (CQ-10) to the head spot, the third ball to
 *   the centre; only the balls that left are moved; an occupied spot falls back to the spot of the
 *   ball occupying it (C3-SPOT-2, CQ-9).
 * - CEB, all three balls off: the opening position (C3-SPOT-3).
 * - 4-ball: no spotting rule in the seed: the referee places the ball (CQ-4).
 */
export function spotOffTable(game: CaromGame, ruleset: Ruleset, balls: BallIds, out: readonly string[], nextCue: string): SpotInstruction[] {
  const all = game === 'four-ball' ? [balls.white, balls.yellow, balls.red, balls.maroon] : [balls.white, balls.yellow, balls.red];
  const known = [...new Set(out.filter((b) => all.includes(b)))];
  const unknown = out.some((b) => !all.includes(b));
  const res: SpotInstruction[] = [];
  if (game === 'four-ball') {
    for (const b of known)
      res.push({ ball: b, spot: 'referee', ifOccupied: [], reason: 'C4-OUT-1: no spotting rule in the seed; the referee places the ball (CQ-4)' });
  } else if (ruleset === 'ceb-004' && known.length === 3) {
    res.push({ ball: balls.red, spot: 'red_spot', ifOccupied: [], reason: 'C3-SPOT-3: all three balls off: opening position' });
    res.push({ ball: balls.yellow, spot: 'head_spot', ifOccupied: [], reason: 'C3-SPOT-3: all three balls off: opening position' });
    res.push({ ball: balls.white, spot: 'opening_side_spot', ifOccupied: [], reason: 'C3-SPOT-3: all three balls off: opening position' });
  } else {
    const onTable = all.filter((b) => !known.includes(b));
    const rule = ruleset === 'ceb-004' ? 'C3-SPOT-1' : 'CG-SPOT-2';
    for (const b of known) res.push(instruction(b, balls, nextCue, onTable, `${rule}: ball off the table`));
  }
  if (unknown) res.push({ ball: '?', spot: 'referee', ifOccupied: [], reason: 'an unidentified ball left the table: the referee identifies and spots it' });
  return res;
}

/**
 * Frozen balls, spotting asked for (C3-FROZEN-5; CG-SPOT-1 read the same way, CQ-8): only the
 * touching balls are spotted; the cue ball is the player's own (he continues).
 */
export function spotFrozen(balls: BallIds, touching: readonly string[], cue: string, all: readonly string[]): SpotInstruction[] {
  const moved = [...new Set([cue, ...touching])];
  const onTable = all.filter((b) => !moved.includes(b));
  return moved.map((b) => instruction(b, balls, cue, onTable, 'C3-FROZEN-5 / CG-SPOT-1: touching balls spotted'));
}

/** The opening position (C3-BREAK-1), also the lag set-up's red (C3-LAG-1). */
export function openingPosition(balls: BallIds): SpotInstruction[] {
  return [
    { ball: balls.red, spot: 'red_spot', ifOccupied: [], reason: 'C3-BREAK-1: opening position' },
    { ball: balls.yellow, spot: 'head_spot', ifOccupied: [], reason: 'C3-BREAK-1: opening position' },
    { ball: balls.white, spot: 'opening_side_spot', ifOccupied: [], reason: 'C3-BREAK-1: opening position' },
  ];
}

export function lagSetup(balls: BallIds): SpotInstruction[] {
  return [
    { ball: balls.white, spot: 'opening_line', ifOccupied: [], reason: 'C3-LAG-1: on the opening line, about 20 cm from a long cushion' },
    { ball: balls.yellow, spot: 'opening_line', ifOccupied: [], reason: 'C3-LAG-1: on the opening line, about 20 cm from the other long cushion' },
    { ball: balls.red, spot: 'red_spot', ifOccupied: [], reason: 'C3-LAG-1: red on the red spot' },
  ];
}
