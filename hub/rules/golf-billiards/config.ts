/**
 * Golf billiards configuration: defaults, parsing of the `start` event's `config`, and the
 * default table geometry (zones, triangles, re-spot points) for the 1.80 x 0.90 m table.
 *
 * The seed refers to a drawing it does not include (GB-Q1), so the geometry is configuration
 * data, in millimetres, origin at the corner left of goal A seen from behind goal A, x along the
 * length (goal A at x small, goal B at x large), y across. The engine itself does not use
 * positions (no sensor reports them); the data is for the dashboard drawing and future tracking.
 */

export type Point = readonly [number, number];
export type Polygon = readonly Point[];

export interface TableGeometry {
  length: number;
  width: number;
  /** Goal centres, keyed by side (a side's own goal). */
  goals: Record<string, Point>;
  /** 15 zones: 5 bands along the length x 3 across, numbered 1..15 from goal A's end. */
  zones: { id: number; polygon: Polygon }[];
  /** Triangles in front of each side's own goal (its defence = the opponent's attack). */
  triangles: Record<string, { small: Polygon; big: Polygon }>;
  /** Stroke line in front of each side's own goal (GB-SHOT-1/2), as x. */
  strokeLine: Record<string, number>;
  /** Re-spot points 1..5 for an infringer whose OPPONENT owns the given goal side. */
  respot: Record<string, Record<'1' | '2' | '3' | '4' | '5', Point>>;
}

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
}

function rect(x0: number, y0: number, x1: number, y1: number): Polygon {
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
}

/** Default geometry of the 1.80 x 0.90 m competition table (assumed, see docs). */
export function defaultGeometry(sides: readonly [string, string]): TableGeometry {
  const [a, b] = sides;
  const L = 1800;
  const W = 900;
  const zones: { id: number; polygon: Polygon }[] = [];
  const xs = [0, 360, 720, 1080, 1440, 1800];
  const ys = [0, 300, 600, 900];
  let id = 1;
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 3; j++) zones.push({ id: id++, polygon: rect(xs[i]!, ys[j]!, xs[i + 1]!, ys[j + 1]!) });
  }
  const tri = (gx: number, dir: 1 | -1, depth: number, half: number): Polygon => [
    [gx, W / 2 - half],
    [gx, W / 2 + half],
    [gx + dir * depth, W / 2],
  ];
  const spots = (own: 'near' | 'far'): Record<'1' | '2' | '3' | '4' | '5', Point> => {
    // Points 1-3 are at the goal of the infringer's opponent; 4-5 on the infringer's side of
    // the transverse axis. `own` = 'near' means the opponent's goal is goal A's end (x small).
    const gx = own === 'near' ? 0 : L;
    const dir = own === 'near' ? 1 : -1;
    return {
      '1': [gx + dir * 31, W / 2 - 140],
      '2': [gx + dir * 31, W / 2 + 140],
      '3': [L / 2 - dir * 260, W / 2],
      '4': [L / 2 + dir * 60, W / 2 - 120],
      '5': [L / 2 + dir * 60, W / 2 + 120],
    };
  };
  return {
    length: L,
    width: W,
    goals: { [a]: [150, W / 2], [b]: [L - 150, W / 2] },
    zones,
    triangles: {
      [a]: { small: tri(0, 1, 300, 200), big: tri(0, 1, 600, 450) },
      [b]: { small: tri(L, -1, 300, 200), big: tri(L, -1, 600, 450) },
    },
    strokeLine: { [a]: 300, [b]: L - 300 },
    respot: { [a]: spots('near'), [b]: spots('far') },
  };
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
    geometry: defaultGeometry(sides),
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
  const isSideMap = (v: unknown) =>
    typeof v === 'object' && v !== null && sides.every((s) => typeof (v as Record<string, unknown>)[s] === 'string');
  pick('goals', isSideMap);
  pick('colours', isSideMap);
  pick('geometry', (v) => typeof v === 'object' && v !== null);
  for (const k of Object.keys(raw)) if (!(k in c)) problems.push(`config.${k}: unknown option (ignored)`);
  return { config: c, problems };
}
