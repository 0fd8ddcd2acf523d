/**
 * Table geometry of golf billiards (GB-Q1), shared by the engine (hub/rules/golf-billiards, its
 * configuration) and the simulator (re-spot points): the seed places the 15 zones, the attack and defence
 * triangles, the stroke line, the bumpers and re-spot points 1-5 on a drawing it does not include,
 * so all of it is configuration. This file holds the default for the 1.80 x 0.90 m competition
 * table and the check a configured geometry must pass. No sensor reports ball positions, so the
 * engine does not evaluate any of it: it is for the dashboard, the simulator and future tracking.
 *
 * Coordinates are millimetres. The origin is the corner to the left of goal A seen from behind
 * goal A; x runs along the table (goal A near x = 0), y across. "Left" and "right" are always as
 * seen from behind the goal concerned, so B's end is A's end turned half a circle about the
 * centre of the table: (x, y) -> (L - x, W - y).
 *
 * What we assumed (none of it is in the seed; docs/games/golf-billiards.md lists it too):
 * - competition balls of 61.5 mm (GB-EQUIP-2), rubber bumpers 44 mm across;
 * - each goal is a hole 150 mm out from its short cushion on the long axis, with its two goal
 *   bumpers 80 mm out, 50 mm either side of the axis: 56 mm apart, less than a ball, so a ball can
 *   stick between them off the cloth (GB-SCORE-5);
 * - the central cross ("bos", GB-EQUIP-1): on the long axis two bumpers each side of the centre,
 *   110 and 250 mm from it; on the transverse axis two each side, 110 and 200 mm from it (46 mm
 *   apart: a ball rests against both of a pair, as re-spot points 4 and 5 need);
 * - 15 zones: 5 equal bands along the table times 3 across, numbered from goal A's end;
 * - in front of each goal a small triangle (base 400 mm on the short cushion, apex 300 mm out) and
 *   a big one (base the full width, apex 600 mm out); a side's defence triangles are the
 *   opponent's attack triangles; the stroke line 300 mm from the short cushion;
 * - the zone along each long cushion (GB-FOUL-8) is the row of zones against it.
 * The re-spot points then follow from the seed's own words (GB-SPOT-2/3), checked by
 * geometry.test.ts: 1 and 2 touch the short cushion 3 mm from a goal bumper; 3 lies on the long
 * axis in the central zone, touching the second long-axis bumper counted from that goal; 4 and 5
 * touch both bumpers of a transverse pair, on the infringer's own half.
 */

export type Point = readonly [number, number];
export type Polygon = readonly Point[];
export type SpotName = '1' | '2' | '3' | '4' | '5';

export interface Bumper {
  id: string;
  /** `goal`: one of the two beside a goal; `cross`: one of the eight of the central cross. */
  kind: 'goal' | 'cross';
  /** For goal bumpers: the side whose own goal it flanks. */
  side?: string;
  at: Point;
}

export interface TableGeometry {
  length: number;
  width: number;
  ballRadius: number;
  bumperRadius: number;
  /** Goal centres, keyed by side (a side's own goal). */
  goals: Record<string, Point>;
  /** Twelve bumpers: two per goal and the eight of the central cross. */
  bumpers: Bumper[];
  /** The long axis (y) and the transverse axis (x). */
  axes: { longitudinal: number; transverse: number };
  /** 15 zones: 5 bands along the length x 3 across, numbered 1..15 from goal A's end. */
  zones: { id: number; polygon: Polygon }[];
  /** The zone along each long cushion (GB-FOUL-8): y = 0 side first. */
  longCushionZones: [Polygon, Polygon];
  /** Triangles in front of each side's own goal (its defence = the opponent's attack). */
  triangles: Record<string, { small: Polygon; big: Polygon }>;
  /** Stroke line in front of each side's own goal (GB-SHOT-1/2), as x. */
  strokeLine: Record<string, number>;
  /** Re-spot points 1..5 when the infringer's OPPONENT is the given side (that side chooses). */
  respot: Record<string, Record<SpotName, Point>>;
}

const L = 1800;
const W = 900;
const BALL_R = 30.75;
const BUMPER_R = 22;
/** Centre distance of a ball touching a bumper. */
const TOUCH = BALL_R + BUMPER_R;

function rect(x0: number, y0: number, x1: number, y1: number): Polygon {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** The same place at the other end: half a turn about the table centre. */
const turn = ([x, y]: Point): Point => [L - x, W - y];

/** Goal A's end of the default table; B's end is this turned half a circle. */
const GOAL: Point = [150, 450];
const GOAL_BUMPERS: Point[] = [
  [80, 400],
  [80, 500],
];
/** Long-axis bumpers on A's half, counted from goal A: the first, then the second. */
const LONG_AXIS: Point[] = [
  [650, 450],
  [790, 450],
];
/** Transverse-axis bumpers, two pairs: y small (left from behind goal A) and y large. */
const TRANSVERSE: [Point, Point][] = [
  [
    [900, 250],
    [900, 340],
  ],
  [
    [900, 560],
    [900, 650],
  ],
];

/** The centre of a ball touching both bumpers of a pair, on the side of x given by `dir`. */
function nestled([a, b]: [Point, Point], dir: 1 | -1): Point {
  const half = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2;
  const out = Math.sqrt(TOUCH * TOUCH - half * half);
  return [(a[0] + b[0]) / 2 + dir * out, (a[1] + b[1]) / 2];
}

/**
 * Re-spot points when the side owning goal A chooses (the infringer plays into goal A, so its own
 * half is B's, x > L/2). Left/right: seen from behind goal A for 1 and 2, from behind the
 * infringer's own goal (B) for 4 and 5.
 */
function pointsAtGoalA(): Record<SpotName, Point> {
  const corner = (bumper: Point, towardOutside: -1 | 1): Point => {
    const dx = bumper[0] - BALL_R;
    const dy = Math.sqrt((TOUCH + 3) ** 2 - dx * dx);
    return [BALL_R, bumper[1] + towardOutside * dy];
  };
  return {
    '1': corner(GOAL_BUMPERS[0]!, -1),
    '2': corner(GOAL_BUMPERS[1]!, 1),
    '3': [LONG_AXIS[1]![0] - TOUCH, W / 2],
    // From behind goal B (looking toward -x) the left is the y-large side.
    '4': nestled(TRANSVERSE[1]!, 1),
    '5': nestled(TRANSVERSE[0]!, 1),
  };
}

/** Default geometry of the 1.80 x 0.90 m competition table (assumed, see the top of this file). */
export function defaultGeometry(sides: readonly [string, string]): TableGeometry {
  const [a, b] = sides;
  const zones: { id: number; polygon: Polygon }[] = [];
  const xs = [0, 360, 720, 1080, 1440, 1800];
  const ys = [0, 300, 600, 900];
  let id = 1;
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 3; j++) zones.push({ id: id++, polygon: rect(xs[i]!, ys[j]!, xs[i + 1]!, ys[j + 1]!) });
  }
  const triangle = (depth: number, half: number): Polygon => [
    [0, W / 2 - half],
    [0, W / 2 + half],
    [depth, W / 2],
  ];
  const small = triangle(300, 200);
  const big = triangle(600, 450);
  const atA = pointsAtGoalA();
  const atB = Object.fromEntries(Object.entries(atA).map(([k, p]) => [k, turn(p)])) as Record<SpotName, Point>;
  const goalBumpers = (side: string, flip: boolean): Bumper[] =>
    GOAL_BUMPERS.map((p, i) => ({ id: `goal-${side}-${i === 0 ? 'left' : 'right'}`, kind: 'goal', side, at: flip ? turn(p) : p }));
  const cross: Bumper[] = [
    ...LONG_AXIS.flatMap((p, i) => [
      { id: `cross-long-${a}-${i + 1}`, kind: 'cross' as const, at: p },
      { id: `cross-long-${b}-${i + 1}`, kind: 'cross' as const, at: turn(p) },
    ]),
    ...TRANSVERSE.flat().map((p, i) => ({ id: `cross-transverse-${i + 1}`, kind: 'cross' as const, at: p })),
  ];
  return {
    length: L,
    width: W,
    ballRadius: BALL_R,
    bumperRadius: BUMPER_R,
    goals: { [a]: GOAL, [b]: turn(GOAL) },
    bumpers: [...goalBumpers(a, false), ...goalBumpers(b, true), ...cross],
    axes: { longitudinal: W / 2, transverse: L / 2 },
    zones,
    longCushionZones: [rect(0, 0, L, 300), rect(0, 600, L, W)],
    triangles: {
      [a]: { small, big },
      [b]: { small: small.map(turn), big: big.map(turn) },
    },
    strokeLine: { [a]: 300, [b]: L - 300 },
    respot: { [a]: atA, [b]: atB },
  };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown): boolean => Array.isArray(v) && v.length === 2 && v.every(isNum);
const isPolygon = (v: unknown): boolean => Array.isArray(v) && v.length >= 3 && v.every(isPoint);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Problems of a configured geometry (empty: usable). A geometry replaces the default as a whole,
 * so it must be complete: both sides' goals, triangles, stroke lines and points 1-5, 15 zones,
 * twelve bumpers and the two long-cushion zones.
 */
export function geometryProblems(v: unknown, sides: readonly [string, string]): string[] {
  if (!isObj(v)) return ['not an object'];
  const out: string[] = [];
  for (const k of ['length', 'width', 'ballRadius', 'bumperRadius'] as const)
    if (!isNum(v[k]) || (v[k] as number) <= 0) out.push(`${k} must be a positive number`);
  const zones = v['zones'];
  if (!Array.isArray(zones) || zones.length !== 15 || !zones.every((z) => isObj(z) && isNum(z['id']) && isPolygon(z['polygon'])))
    out.push('zones must be 15 { id, polygon }');
  const bumpers = v['bumpers'];
  if (!Array.isArray(bumpers) || bumpers.length !== 12 || !bumpers.every((x) => isObj(x) && typeof x['id'] === 'string' && isPoint(x['at'])))
    out.push('bumpers must be 12 { id, kind, at }');
  const axes = v['axes'];
  if (!isObj(axes) || !isNum(axes['longitudinal']) || !isNum(axes['transverse'])) out.push('axes must give longitudinal and transverse');
  const lcz = v['longCushionZones'];
  if (!Array.isArray(lcz) || lcz.length !== 2 || !lcz.every(isPolygon)) out.push('longCushionZones must be two polygons');
  const perSide = (key: string, ok: (x: unknown) => boolean): void => {
    const m = v[key];
    if (!isObj(m) || !sides.every((s) => ok(m[s]))) out.push(`${key} must be given for ${sides.join(' and ')}`);
  };
  perSide('goals', isPoint);
  perSide('strokeLine', isNum);
  perSide('triangles', (t) => isObj(t) && isPolygon(t['small']) && isPolygon(t['big']));
  perSide('respot', (r) => isObj(r) && ['1', '2', '3', '4', '5'].every((p) => isPoint(r[p])));
  return out;
}
