/**
 * Golf billiards configuration: defaults and parsing of the `start` event's `config`. The table
 * geometry (GB-Q1) and its default for the 1.80 x 0.90 m table are in shared/tables/golf-billiards.ts.
 */
import type { TableSensors } from '../../../shared/game/engine';
import { defaultGeometry, geometryProblems, type TableGeometry } from '../../../shared/tables/golf-billiards';

export type { Bumper, Point, Polygon, TableGeometry } from '../../../shared/tables/golf-billiards';
export { defaultGeometry } from '../../../shared/tables/golf-billiards';

export type OneOneReading = 'balls' | 'sets';
export type Alternation = 'stroke' | 'turn';
export type Mode = 'self' | 'referee';

export interface GbConfig {
  /** 'self': bar table, players answer the questions; 'referee': a referee enters calls. */
  mode: Mode;
  setsToWin: number;
  /** GB-Q2: 'balls' = one ball left each; 'sets' = sets 1-1 (deciding set). */
  oneOne: OneOneReading;
  /** GB-Q3: RESTORE takes balls back out of a goal (goal annulled). */
  restoreAnnulsGoals: boolean;
  /** GB-Q4: an own valid goal keeps the turn even if an opponent's ball also went in. */
  mixedGoalKeepsTurn: boolean;
  /** GB-Q8: doubles partners alternate per stroke (default) or per turn. */
  alternation: Alternation;
  /** GB-TIME-1 / GB-Q9: the TIME call after turnMs, stroke within graceMs after it. */
  turnMs: number;
  graceMs: number;
  /** Goal ids per side (a side's own goal). Default goal-<side>. */
  goals: Record<string, string>;
  /** Optional colour names per side, accepted as ball ids ("red", "red3"). */
  colours: Record<string, string>;
  geometry: TableGeometry;
  /**
   * The table hears the bumpers (a piezo bus on the bumper posts: a `cushion` sensor at place
   * `bumper`, hardware/golf-billiards.md), so a stroke that touches only bumpers is heard, and
   * "did the played ball go straight onto its own ball?" (GB-OWN-1) is answered by whether a
   * bumper or cushion was heard before its first contact. Set by the hub from the profile.
   */
  bumperSensor: boolean;
}

/** The place of the bumper piezos' `cushion` events (hardware/profiles/golf-billiards.json). */
export const BUMPER_PLACE = 'bumper';

/**
 * The default table's geometry for the last pair of sides asked for, built once: every match
 * starts with it, and building it (zones, spots, bumpers) was most of a start's cost (33 µs, a
 * tenth of replaying a 1k-event log). Frozen, as it is shared by every match that uses it.
 */
let lastGeometry: { a: string; b: string; geometry: TableGeometry } | null = null;
function sharedDefaultGeometry(sides: readonly [string, string]): TableGeometry {
  if (lastGeometry === null || lastGeometry.a !== sides[0] || lastGeometry.b !== sides[1]) {
    lastGeometry = { a: sides[0], b: sides[1], geometry: deepFreeze(defaultGeometry(sides)) };
  }
  return lastGeometry.geometry;
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

export function defaultConfig(sides: readonly [string, string]): GbConfig {
  return {
    mode: 'self',
    setsToWin: 2,
    oneOne: 'balls',
    restoreAnnulsGoals: true,
    mixedGoalKeepsTurn: true,
    alternation: 'stroke',
    turnMs: 50_000,
    graceMs: 10_000,
    goals: { [sides[0]]: `goal-${sides[0]}`, [sides[1]]: `goal-${sides[1]}` },
    colours: {},
    geometry: sharedDefaultGeometry(sides),
    bumperSensor: false,
  };
}

type Raw = Record<string, unknown> | undefined;

/** Merge a start event's config over the defaults. Returns the config and any problems. */
export function parseConfig(sides: readonly [string, string], raw: Raw): { config: GbConfig; problems: string[] } {
  const c = defaultConfig(sides);
  const problems: string[] = [];
  if (!raw) return { config: c, problems };
  const pick = <K extends keyof GbConfig>(key: K, ok: (v: unknown) => boolean): void => {
    if (!(key in raw)) return;
    const v = raw[key];
    if (ok(v)) (c as unknown as Record<string, unknown>)[key] = v;
    else problems.push(`config.${key}: invalid value ${JSON.stringify(v)}`);
  };
  const isPosInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  pick('mode', (v) => v === 'self' || v === 'referee');
  pick('setsToWin', (v) => isPosInt(v) && (v as number) <= 9);
  pick('oneOne', (v) => v === 'balls' || v === 'sets');
  pick('restoreAnnulsGoals', (v) => typeof v === 'boolean');
  pick('mixedGoalKeepsTurn', (v) => typeof v === 'boolean');
  pick('alternation', (v) => v === 'stroke' || v === 'turn');
  pick('turnMs', isPosInt);
  pick('graceMs', isPosInt);
  const isSideMap = (v: unknown) => typeof v === 'object' && v !== null && sides.every((s) => typeof (v as Record<string, unknown>)[s] === 'string');
  pick('goals', isSideMap);
  pick('colours', isSideMap);
  pick('bumperSensor', (v) => typeof v === 'boolean');
  if ('geometry' in raw) {
    const bad = geometryProblems(raw['geometry'], sides);
    if (bad.length === 0) c.geometry = raw['geometry'] as TableGeometry;
    else problems.push(`config.geometry: ${bad.join('; ')} (the default table is used)`);
  }
  for (const k of Object.keys(raw)) if (!(k in c)) problems.push(`config.${k}: unknown option (ignored)`);
  return { config: c, problems };
}

/**
 * The two sides of a match: the players' `side` fields (two distinct values, every player one),
 * or A and B for two players without sides; null for anything else.
 */
export function sidesOf(players: readonly { side?: string }[]): [string, string] | null {
  const named = players.map((p) => p.side).filter((s): s is string => s !== undefined && s !== '');
  const distinct = [...new Set(named)];
  if (distinct.length === 0 && players.length === 2) return ['A', 'B'];
  if (distinct.length === 2 && named.length === players.length) return [distinct[0]!, distinct[1]!];
  return null;
}

/**
 * What the table's sensors tell a match: the goal beams' places are the goals, and the colours a
 * goal's colour sensor names are the balls, the first side's first (hardware/profiles/golf-billiards.json:
 * goal `a` with white and red, goal `b`), so a match started anywhere (phone, referee panel, API)
 * reads the goals the firmware reports. Only two of each can be placed; otherwise the defaults stay.
 */
export function tableOptions(table: TableSensors, players: readonly { side?: string }[]): Record<string, unknown> {
  const sides = sidesOf(players);
  if (!sides) return {};
  const goals = [...new Set(table.sensors.flatMap((s) => (s.event === 'goal' && s.place !== undefined ? [s.place] : [])))];
  const colours = [...new Set(table.sensors.flatMap((s) => (s.event === 'goal' ? (s.balls ?? []) : [])))];
  const bySide = (xs: string[]): Record<string, string> => ({ [sides[0]]: xs[0]!, [sides[1]]: xs[1]! });
  const bumpers = table.sensors.some((s) => s.event === 'cushion' && s.place === BUMPER_PLACE);
  return {
    ...(goals.length === 2 ? { goals: bySide(goals) } : {}),
    ...(colours.length === 2 ? { colours: bySide(colours) } : {}),
    ...(bumpers ? { bumperSensor: true } : {}),
  };
}
