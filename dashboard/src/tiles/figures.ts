/**
 * The figures the TV tiles show, worked out from the engines' documented reports (shared/reports):
 * pure functions, so each is checked beside its code (figures.test.ts) and the tiles only draw.
 */
import type { CaromPlayerReport, CaromReport } from '../../../shared/reports/carom';
import type { PoolReport } from '../../../shared/reports/pool';
import type { MinigolfReport } from '../../../shared/reports/minigolf';
import type { GolfBilliardsReport } from '../../../shared/reports/golf-billiards';

// ---- Carom -------------------------------------------------------------------------------------

/**
 * The cue ball a player plays: the one at the table has the report's `turn.cueBall`; with two
 * players the other has the other cue ball (each plays his own all game). With three or more the
 * ball alternates inning by inning, and a finished game has nobody at the table: null.
 */
export function caromBall(r: Pick<CaromReport, 'turn' | 'players' | 'config'>, player: string): string | null {
  const at = r.turn;
  if (!at || at.cueBall === null) return null;
  if (at.player === player) return at.cueBall;
  if (r.players.length !== 2) return null;
  const { white, yellow } = r.config.balls;
  return at.cueBall === white ? yellow : at.cueBall === yellow ? white : null;
}

/** The colour role of a carom ball id (the config's `balls`), for its colour on the screen. */
export function caromBallRole(balls: CaromReport['config']['balls'], ball: string): keyof CaromReport['config']['balls'] | null {
  for (const role of ['white', 'yellow', 'red', 'maroon'] as const) if (balls[role] === ball) return role;
  return null;
}

/** Points still to make to the distance; null in an open game. */
export function pointsToGo(r: Pick<CaromReport, 'config'>, p: Pick<CaromPlayerReport, 'points'>): number | null {
  return r.config.distance === null ? null : Math.max(0, r.config.distance - p.points);
}

/** Timeouts the player has left (C3-TO-1); null when the game has none. */
export function timeoutsLeft(r: Pick<CaromReport, 'config'>, p: Pick<CaromPlayerReport, 'timeoutsUsed'>): number | null {
  return r.config.timeouts ? Math.max(0, r.config.timeoutsPerPlayer - p.timeoutsUsed) : null;
}

/**
 * The series of the last `count` innings (the report's `runs`, oldest first) and whether the last
 * of them is the inning in progress.
 */
export function lastRuns(p: Pick<CaromPlayerReport, 'runs' | 'currentRun'>, count: number): { runs: number[]; open: boolean } {
  return { runs: count > 0 ? p.runs.slice(-count) : [], open: p.currentRun !== null && p.runs.length > 0 };
}

/** Milliseconds left on the shot clock at hub time `now`; null while it does not run. */
export function shotClockLeftMs(r: Pick<CaromReport, 'clock' | 'config'>, now: number): number | null {
  const limit = r.config.shotClockSeconds;
  if (!r.clock.running || r.clock.startedAt === null || limit === null) return null;
  return Math.max(0, r.clock.startedAt + limit * 1000 - now);
}

/** The shot clock bar's colour: amber from 10 s left, red from 5 s (the whole seconds shown). */
export type ClockLevel = 'ok' | 'warn' | 'danger';
export const WARN_AT_S = 10;
export const DANGER_AT_S = 5;

export function clockLevel(secondsLeft: number): ClockLevel {
  return secondsLeft <= DANGER_AT_S ? 'danger' : secondsLeft <= WARN_AT_S ? 'warn' : 'ok';
}

// ---- Pool --------------------------------------------------------------------------------------

const SOLIDS = ['1', '2', '3', '4', '5', '6', '7'];
const STRIPES = ['9', '10', '11', '12', '13', '14', '15'];
const byNumber = (a: string, b: string): number => Number(a) - Number(b);

/** The object balls still on the table, by number (the cue ball apart). */
export function ballsOnTable(r: Pick<PoolReport, 'rack'>): string[] {
  return Object.entries(r.rack.balls)
    .filter(([b, st]) => st === 'table' && b !== 'cue' && b !== '0' && Number.isFinite(Number(b)))
    .map(([b]) => b)
    .sort(byNumber);
}

/**
 * The balls a player still needs in this rack. Eight-ball (`groups`): his group's balls still on
 * the table, then the 8; null while the table is open (no group yet). Nine-ball: every ball on
 * the table, the lowest first (both players need the same balls).
 */
export function ballsNeeded(r: Pick<PoolReport, 'rack'>, player: string, groups: boolean): string[] | null {
  const on = ballsOnTable(r);
  if (!groups) return on;
  const group = r.rack.groups[player];
  if (!group) return null;
  const own = group === 'solids' ? SOLIDS : STRIPES;
  return [...on.filter((b) => own.includes(b)), ...on.filter((b) => b === '8')];
}

/** WPA three-foul rule: the player is on two fouls in a row, a third loses the rack. */
export function onTwoFouls(r: Pick<PoolReport, 'config' | 'rack'>, player: string): boolean {
  return r.config.threeFoulRule && (r.rack.consecutiveFouls?.[player] ?? 0) === 2;
}

/** A pool ball's colour (1–8 solid, 9–15 the same colours striped; the cue ball white). */
export function poolBallLook(ball: string): { colour: string; stripe: boolean } {
  const n = Number(ball);
  if (!Number.isInteger(n) || n <= 0 || n > 15) return { colour: '#f4f4f0', stripe: false };
  return { colour: POOL_COLOURS[(n - 1) % 8]!, stripe: n > 8 };
}
const POOL_COLOURS = ['#f2c200', '#1d4fd8', '#d3261e', '#5b2a86', '#f07a10', '#0d7d3a', '#7a1f1f', '#111111'];

// ---- Bumper pool -------------------------------------------------------------------------------

/** CSS colours of the ball colour names a table's colour sensors and a match's config use. */
const NAMED: ReadonlyMap<string, string> = new Map([
  ['white', '#f4f4f0'],
  ['red', '#d3261e'],
  ['yellow', '#f2c200'],
  ['blue', '#1d4fd8'],
  ['green', '#0d7d3a'],
  ['black', '#111111'],
  ['orange', '#f07a10'],
]);
/** Sides without a colour in the config: the usual bumper-pool set, white then red. */
const SIDE_DEFAULT = ['#f4f4f0', '#d3261e'];

/** A side's ball colour: the config's `colours` (the table's colour sensors), else white and red by side order. */
export function sideColour(r: Pick<GolfBilliardsReport, 'config' | 'sides'>, side: string): string {
  const named = (r.config?.['colours'] as Record<string, unknown> | undefined)?.[side];
  const known = typeof named === 'string' ? NAMED.get(named.toLowerCase()) : undefined;
  if (known) return known;
  const i = (r.sides ?? []).findIndex((s) => s.side === side);
  return SIDE_DEFAULT[i] ?? '#8a8a8a';
}

// ---- Minigolf ----------------------------------------------------------------------------------

export interface MinigolfLine {
  place: number;
  shared: boolean;
  player: string;
  name: string;
  total: number;
  lanesPlayed: number;
  /** Lanes holed in one (1s). */
  aces: number;
  /** Lanes scored at the maximum (7s unless the config's `max` says otherwise). */
  maxes: number;
  group: string | null;
}

/**
 * The live leaderboard: every player by total strokes so far (penalties included, the fewest
 * first), with the lanes played, the 1s and the 7s, and the group he plays in; equal totals share
 * a place (1, 1, 3).
 */
export function minigolfLines(r: Pick<MinigolfReport, 'players' | 'groups' | 'config'>): MinigolfLine[] {
  const groupOf = new Map<string, string>();
  for (const g of r.groups) for (const id of g.order) groupOf.set(id, g.id);
  const lines = r.players.map((p) => {
    const scores = p.rounds.flatMap((c) => c.lanes.filter((v): v is number => v !== null));
    return {
      place: 0,
      shared: false,
      player: p.id,
      name: p.name,
      total: p.total,
      lanesPlayed: scores.length,
      aces: scores.filter((v) => v === 1).length,
      maxes: scores.filter((v) => v === r.config.max).length,
      group: groupOf.get(p.id) ?? null,
    };
  });
  lines.sort((a, b) => a.total - b.total || b.lanesPlayed - a.lanesPlayed || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const l of lines) {
    l.place = lines.findIndex((x) => x.total === l.total) + 1;
    l.shared = lines.filter((x) => x.total === l.total).length > 1;
  }
  return lines;
}
