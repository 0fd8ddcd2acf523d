/**
 * Named scoring predicates and the foul/effect table of golf billiards. Pure functions.
 */
import type { GbConfig } from './config';
import type { Balls, FoulName, Side, ZoneMove } from './state';

export const BALLS_PER_SIDE = 5;

/** The side owning a ball id: "A3", "A", a colour name ("red", "red3", "red-3"). */
export function ballOwner(sides: readonly Side[], cfg: GbConfig, id: string): Side | null {
  for (const s of sides) {
    if (id === s || labelOf(s).test(id)) return s;
    const c = cfg.colours[s];
    if (c !== undefined && (id === c || labelOf(c).test(id))) return s;
  }
  return null;
}

/**
 * The numbered-label pattern of a side or colour, built once per name: ballOwner runs for most
 * events that name a ball, and compiling a RegExp each time was a large part of a replay. A
 * pattern without flags keeps no state between `test` calls, so sharing it changes nothing.
 */
const labels = new Map<string, RegExp>();
function labelOf(name: string): RegExp {
  let r = labels.get(name);
  if (r === undefined) {
    r = new RegExp(`^${escape(name)}[-_]?[1-5]$`);
    labels.set(name, r);
  }
  return r;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function other(sides: readonly [Side, Side], s: Side): Side {
  return s === sides[0] ? sides[1] : sides[0];
}

/** A side's own goal id. */
export function ownGoal(cfg: GbConfig, s: Side): string {
  return cfg.goals[s] ?? `goal-${s}`;
}

/** The goal a side plays its balls into: the opponent's own goal. */
export function targetGoal(cfg: GbConfig, sides: readonly [Side, Side], s: Side): string {
  return ownGoal(cfg, other(sides, s));
}

export function holed(balls: Balls, s: Side): number {
  // A loop, not Object.values().filter(): it runs several times for every stroke of a replay.
  let n = 0;
  for (const id in balls) {
    const b = balls[id]!;
    if (b.side === s && b.where === 'holed') n++;
  }
  return n;
}

export function left(balls: Balls, s: Side): number {
  return BALLS_PER_SIDE - holed(balls, s);
}

export type GoalKind = 'own-into-target' | 'own-into-own' | 'opponent-ball';

/**
 * GB-SCORE-1/2/3: what a goal by `ball` into `goal` means for the striker's side.
 * Returns null when the goal id is not a goal of this table.
 */
export function classifyGoal(cfg: GbConfig, sides: readonly [Side, Side], striker: Side, owner: Side, goal: string): GoalKind | null {
  if (goal !== ownGoal(cfg, sides[0]) && goal !== ownGoal(cfg, sides[1])) return null;
  if (owner !== striker) return 'opponent-ball';
  return goal === targetGoal(cfg, sides, striker) ? 'own-into-target' : 'own-into-own';
}

/** GB-SCORE-1: own ball into the opponent's goal is a point for the striker. */
export function isPoint(kind: GoalKind | null): boolean {
  return kind === 'own-into-target';
}

/** GB-SCORE-4: a ball dropping from the lip counts only if it dropped before everything stopped. */
export function isLipDropValid(goalT: number, restedAt: number | null, stoppedOnLip: boolean): boolean {
  if (stoppedOnLip) return false;
  return restedAt === null || goalT <= restedAt;
}

/**
 * GB-TURN-1/2, GB-Q4: does the striker keep the turn? `ownValid` = an own ball validly holed and
 * standing; `opponentIn` = an opponent's ball went in; `lossOfTurn` = a foul with LOT.
 */
export function keepsTurn(ownValid: boolean, opponentIn: boolean, lossOfTurn: boolean, mixedKeeps: boolean): boolean {
  if (lossOfTurn || !ownValid) return false;
  return mixedKeeps || !opponentIn;
}

export function isTurnOver(ownValid: boolean, opponentIn: boolean, lossOfTurn: boolean, mixedKeeps: boolean): boolean {
  return !keepsTurn(ownValid, opponentIn, lossOfTurn, mixedKeeps);
}

/**
 * GB-END-4: both sides finished in one stroke; the side whose LAST ball entered first wins.
 * `done` maps side -> time its last ball went in. Null when the times are equal (photo finish).
 */
export function firstDrop(done: Record<Side, number>): Side | null {
  const entries = Object.entries(done);
  if (entries.length === 1) return entries[0]![0];
  const [x, y] = entries;
  if (!x || !y || x[1] === y[1]) return null;
  return x[1] < y[1] ? x[0] : y[0];
}

/** GB-FOUL-5 / GB-Q2: is the score "1-1"? */
export function isOneOne(reading: 'balls' | 'sets', leftA: number, leftB: number, setsA: number, setsB: number): boolean {
  return reading === 'balls' ? leftA === 1 && leftB === 1 : setsA === 1 && setsB === 1;
}

/** GB-ZONE-2: zone play starts when a side has only one ball left (and stays for the set). */
export function isZonePlay(balls: Balls, sides: readonly Side[]): boolean {
  return sides.some((s) => left(balls, s) <= 1);
}

export type ShotPosition = 'small-attack-triangle' | 'above-stroke-line' | 'on-stroke-line' | 'below-stroke-line';
export type ShotTechnique = 'straight' | 'masse' | 'pique' | 'push';

/** GB-SHOT-1/2: is a hard, fast scoring stroke from this position with this technique allowed? */
export function isHardShotAllowed(pos: ShotPosition, technique: ShotTechnique): boolean {
  if (technique === 'push') return pos !== 'below-stroke-line';
  if (pos !== 'below-stroke-line') return true;
  return technique === 'masse' || technique === 'pique';
}

/**
 * GB-ZONE-3..7: is the zone obligation met? At least one ball left its zone (coming back is fine),
 * a goal counts as leaving (GB-ZONE-5), a ball in the big attack triangle need not move (GB-ZONE-4:
 * the played ball lying there exempts the stroke), a defender's ball in the big defence triangle
 * is judged by its ordinary zone (the triangle is not a zone for it, GB-ZONE-6) while another ball
 * there must leave the triangle, a ball on a line only has to leave the line (GB-ZONE-7).
 */
export function zoneObligationMet(moves: readonly ZoneMove[], goalScored: boolean, played: string | null): boolean {
  if (goalScored) return true;
  if (moves.some((m) => m.from === 'big-attack-triangle' && (played === null || m.ball === played))) return true;
  return moves.some((m) => {
    if (m.from === 'big-defence-triangle') return m.defender ? m.left : m.leftTriangle === true;
    return m.left;
  });
}

/** GB-AIM-1 exception: not a foul when the ball to play is very close or on the same line. */
export function isAimBehindFoul(exception: boolean): boolean {
  return !exception;
}

/** Effects of a foul (section 15 of the digest). */
export interface Effects {
  lot: boolean;
  restore: boolean;
  respotPlayed: boolean;
  respotTouched: boolean;
  respotListed: boolean;
  designate: boolean;
  creditTouched: boolean;
  loseSet: boolean;
}

const E = (p: Partial<Effects>): Effects => ({
  lot: false,
  restore: false,
  respotPlayed: false,
  respotTouched: false,
  respotListed: false,
  designate: false,
  creditTouched: false,
  loseSet: false,
  ...p,
});

/**
 * The rule and effects of a foul. `zone` = zone play active, `touchedOwn` = the touched ball is
 * the striker's (touch), `before` = a touch before any stroke.
 */
export function foulEffects(name: FoulName, zone: boolean, touchedOwn: boolean | null, before: boolean): { rule: string; effects: Effects } {
  switch (name) {
    case 'foot':
      return { rule: 'GB-FOUL-1', effects: E({ lot: true, restore: true, respotPlayed: zone }) };
    case 'jump':
      return { rule: 'GB-FOUL-2', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'loft_long_cushion':
      return { rule: 'GB-FOUL-8', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'attack_triangle':
      return { rule: 'GB-FOUL-9', effects: E({ respotListed: true }) };
    case 'hard_shot':
      return { rule: 'GB-SHOT-2', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'aim_behind':
      return { rule: 'GB-AIM-1', effects: E({ lot: true, designate: zone }) };
    case 'wrong_ball':
      return { rule: 'GB-AIM-2', effects: E({ lot: true, restore: true, designate: zone }) };
    case 'aim_before_rest':
      return { rule: 'GB-AIM-3', effects: E({ lot: true, restore: true, respotPlayed: zone }) };
    case 'touch':
      if (zone && touchedOwn === false) return { rule: 'GB-TOUCH-3', effects: E({ lot: true, restore: true, designate: true }) };
      if (zone) return { rule: 'GB-TOUCH-2', effects: E({ lot: true, restore: true, respotPlayed: !before, respotTouched: before }) };
      if (before) return { rule: 'GB-TOUCH-1', effects: E({ lot: true, restore: true }) };
      return { rule: 'GB-TOUCH-1', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'stop_own':
      return { rule: 'GB-TOUCH-4', effects: E({ lot: true, restore: true, respotTouched: true }) };
    case 'stop_opponent':
      return { rule: 'GB-TOUCH-5', effects: E({ lot: true, restore: true, respotPlayed: true, creditTouched: true }) };
    case 'push':
      return { rule: 'GB-PUSH-1', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'push_touching':
      return { rule: 'GB-PUSH-2', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'push_cross':
      return { rule: 'GB-PUSH-3', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'own_onto_own':
      return { rule: 'GB-OWN-1', effects: E({ lot: true, restore: true, respotPlayed: true }) };
    case 'triangle':
      return { rule: 'GB-TRI-1', effects: E({ lot: true, restore: true, respotListed: true }) };
    case 'order':
      return { rule: 'GB-DBL-5', effects: E({ lot: true, restore: true, respotPlayed: zone }) };
    case 'wrong_opener':
      return { rule: 'GB-DBL-2', effects: E({ lot: true, respotPlayed: true }) };
    case 'zone_fail':
      return { rule: 'GB-ZONE-3', effects: E({ lot: true, respotPlayed: true }) };
    case 'time':
      return { rule: 'GB-TIME-1', effects: E({ lot: true, designate: zone }) };
  }
}

/** A foul call that makes the striker lose the turn. */
export function isFoul(name: FoulName, zone: boolean): boolean {
  const { effects } = foulEffects(name, zone, null, false);
  return effects.lot || effects.respotListed;
}

export const FOUL_NAMES: readonly FoulName[] = [
  'foot',
  'jump',
  'loft_long_cushion',
  'attack_triangle',
  'hard_shot',
  'aim_behind',
  'wrong_ball',
  'aim_before_rest',
  'touch',
  'stop_own',
  'stop_opponent',
  'push',
  'push_touching',
  'push_cross',
  'own_onto_own',
  'triangle',
  'order',
  'wrong_opener',
  'zone_fail',
  'time',
];

export function isFoulName(s: string): s is FoulName {
  return (FOUL_NAMES as readonly string[]).includes(s);
}

/** GB-TIME-1 / GB-Q9: the moment by which the stroke must be played. */
export function strokeDeadline(startedAt: number | null, timeCalledAt: number | null, turnMs: number, graceMs: number): number | null {
  if (timeCalledAt !== null) return timeCalledAt + graceMs;
  if (startedAt !== null) return startedAt + turnMs + graceMs;
  return null;
}
