/**
 * The simulated tables and lanes, as data: sizes, balls, cushions with the place id each table's
 * sensor profile reports (hardware/profiles/*.json), bumpers, holes. Coordinates in metres, x
 * along the length, y across; "w" is the short rail at x = 0, "s" the long rail at y = 0.
 *
 * Golf billiards: goal centres, table size and the re-spot points come from the golf engine's
 * default geometry (hub/rules/golf-billiards/config.ts, GB-Q1, itself assumed); that data does
 * not place the twelve bumpers, so their layout here is ours (docs/simulator.md): at each goal two
 * beside it, two diagonally in front and one on the long axis (the "second bumper" of re-spot
 * point 3), plus two on the transverse axis (behind which points 4 and 5 lie).
 */
import type { BallSpec, Bumper, Cushion, Hole, TableSpec } from './world';

function box(L: number, W: number, place: (side: 'n' | 'e' | 's' | 'w', x0: number, x1: number) => string, splits: number[] = []): Cushion[] {
  const out: Cushion[] = [];
  const xs = [0, ...splits, L];
  for (let i = 0; i + 1 < xs.length; i++) {
    out.push({ x1: xs[i]!, y1: 0, x2: xs[i + 1]!, y2: 0, place: place('s', xs[i]!, xs[i + 1]!) });
    out.push({ x1: xs[i + 1]!, y1: W, x2: xs[i]!, y2: W, place: place('n', xs[i]!, xs[i + 1]!) });
  }
  out.push({ x1: L, y1: 0, x2: L, y2: W, place: place('e', L, L) });
  out.push({ x1: 0, y1: W, x2: 0, y2: 0, place: place('w', 0, 0) });
  return out;
}

const base = {
  bumpers: [] as Bumper[],
  holes: [] as Hole[],
  ballRestitution: 0.94,
  cushionRestitution: 0.72,
  bumperRestitution: 0.6,
  jumpSpeed: 3.2,
  jumpChance: 0.15,
  lipBand: 0.004,
};

/** Match carom table: 2.84 x 1.42 m, 61.5 mm balls of 210 g; long rails in two segments each. */
export const CAROM: TableSpec = {
  ...base,
  id: 'carom',
  width: 2.84,
  height: 1.42,
  ballRadius: 0.03075,
  ballMass: 0.21,
  cushions: box(2.84, 1.42, (s, x0) => (s === 'n' || s === 's' ? `${s}${x0 < 1.42 ? 1 : 2}` : s), [1.42]),
  slideDecel: 2.0,
  rollDecel: 0.2,
  jumpSpeed: 2.6,
  jumpChance: 0.1,
};

/** The carom balls' starting positions (break): white on the head spot's side, yellow, red on the foot spot. */
export function caromBreak(): BallSpec[] {
  return [
    { id: 'W', x: 0.71, y: 0.71 - 0.1825 },
    { id: 'Y', x: 0.71, y: 0.71 },
    { id: 'R', x: 2.13, y: 0.71 },
  ];
}

/**
 * The four-ball set (C4-SETUP-1: white, yellow, red, maroon; the engines' ids W Y R M). Neither the
 * rules digest nor the engine places them, so this start is ours: the two reds on the foot (red)
 * spot and the head spot, the white beside the head spot on the head string (the opener's ball, as
 * in the carom break), the yellow on the centre spot.
 */
export function fourBallRack(): BallSpec[] {
  return [
    { id: 'W', x: 0.71, y: 0.71 - 0.1825 },
    { id: 'Y', x: 1.42, y: 0.71 },
    { id: 'R', x: 2.13, y: 0.71 },
    { id: 'M', x: 0.71, y: 0.71 },
  ];
}

const GB_L = 1.8;
const GB_W = 0.9;

function gbBumpers(): Bumper[] {
  const r = 0.022;
  const side = (gx: number, dir: 1 | -1, tag: string): Bumper[] => [
    { id: `${tag}1`, x: gx, y: 0.45 - 0.1, r },
    { id: `${tag}2`, x: gx, y: 0.45 + 0.1, r },
    { id: `${tag}3`, x: gx + dir * 0.2, y: 0.45 - 0.16, r },
    { id: `${tag}4`, x: gx + dir * 0.2, y: 0.45 + 0.16, r },
    { id: `${tag}5`, x: gx + dir * 0.55, y: 0.45, r },
  ];
  return [...side(0.15, 1, 'a'), ...side(GB_L - 0.15, -1, 'b'), { id: 't1', x: 0.9, y: 0.33 - 0.06, r }, { id: 't2', x: 0.9, y: 0.57 + 0.06, r }];
}

/** Golf billiards (bumper pool), 1.80 x 0.90 m, twelve bumpers, goals A (x = 0.15) and B (x = 1.65). */
export const GOLF_BILLIARDS: TableSpec = {
  ...base,
  id: 'golf-billiards',
  width: GB_L,
  height: GB_W,
  ballRadius: 0.0254,
  ballMass: 0.14,
  cushions: box(GB_L, GB_W, (s) => s),
  bumpers: gbBumpers(),
  holes: [
    { place: 'a', kind: 'goal', x: 0.15, y: 0.45, r: 0.03, maxSpeed: 1.1 },
    { place: 'b', kind: 'goal', x: GB_L - 0.15, y: 0.45, r: 0.03, maxSpeed: 1.1 },
  ],
  slideDecel: 2.0,
  rollDecel: 0.3,
  jumpSpeed: 1.5,
  jumpChance: 0.1,
};

/**
 * Golf billiards start: each side's five balls by its own goal's end (side A plays into goal B).
 * Ball ids are the engine's: A1..A5, B1..B5.
 */
export function golfBilliardsStart(): BallSpec[] {
  const out: BallSpec[] = [];
  const ys = [0.1, 0.25, 0.45, 0.65, 0.8];
  for (let i = 0; i < 5; i++) {
    out.push({ id: `A${i + 1}`, x: i === 2 ? 0.45 : 0.5, y: ys[i]! });
    out.push({ id: `B${i + 1}`, x: i === 2 ? GB_L - 0.45 : GB_L - 0.5, y: ys[i]! });
  }
  return out;
}

const P_L = 2.54;
const P_W = 1.27;
const CORNER = 0.085;
const SIDE = 0.065;

function poolCushions(): Cushion[] {
  const place = (x0: number, x1: number): string => ((x0 + x1) / 2 < P_L / 2 ? 'head' : 'foot');
  const out: Cushion[] = [];
  for (const y of [0, P_W]) {
    out.push({ x1: CORNER, y1: y, x2: P_L / 2 - SIDE, y2: y, place: place(CORNER, P_L / 2 - SIDE) });
    out.push({ x1: P_L / 2 + SIDE, y1: y, x2: P_L - CORNER, y2: y, place: place(P_L / 2 + SIDE, P_L - CORNER) });
  }
  out.push({ x1: 0, y1: CORNER, x2: 0, y2: P_W - CORNER, place: 'head' });
  out.push({ x1: P_L, y1: CORNER, x2: P_L, y2: P_W - CORNER, place: 'foot' });
  return out;
}

/** Pool, 9 ft: 2.54 x 1.27 m bed, 57.15 mm balls of 170 g, six pockets (tl tm tr on y = W). */
export const POOL: TableSpec = {
  ...base,
  id: 'pool',
  width: P_L,
  height: P_W,
  ballRadius: 0.028575,
  ballMass: 0.17,
  cushions: poolCushions(),
  holes: [
    { place: 'bl', kind: 'pocket', x: 0.02, y: 0.02, r: 0.06, maxSpeed: 2.5 },
    { place: 'bm', kind: 'pocket', x: P_L / 2, y: -0.015, r: 0.055, maxSpeed: 2.0 },
    { place: 'br', kind: 'pocket', x: P_L - 0.02, y: 0.02, r: 0.06, maxSpeed: 2.5 },
    { place: 'tl', kind: 'pocket', x: 0.02, y: P_W - 0.02, r: 0.06, maxSpeed: 2.5 },
    { place: 'tm', kind: 'pocket', x: P_L / 2, y: P_W + 0.015, r: 0.055, maxSpeed: 2.0 },
    { place: 'tr', kind: 'pocket', x: P_L - 0.02, y: P_W - 0.02, r: 0.06, maxSpeed: 2.5 },
  ],
  slideDecel: 2.0,
  rollDecel: 0.15,
  jumpSpeed: 3.0,
  jumpChance: 0.1,
};

/** Nine-ball rack: cue ball at the head string, 1..9 in a diamond on the foot spot. */
export function nineBallRack(): BallSpec[] {
  const d = 2 * POOL.ballRadius + 0.0005;
  const fx = P_L * 0.75;
  const cy = P_W / 2;
  const rows = [['1'], ['2', '3'], ['4', '9', '5'], ['6', '7'], ['8']];
  const out: BallSpec[] = [{ id: 'cue', x: P_L * 0.25, y: cy }];
  rows.forEach((row, i) => {
    row.forEach((id, j) => out.push({ id, x: fx + i * d * 0.866, y: cy + (j - (row.length - 1) / 2) * d }));
  });
  return out;
}

/** The foot spot (racks, spotted balls) and the head string (ball in hand "in the kitchen" lies behind it). */
export const POOL_FOOT_SPOT = { x: P_L * 0.75, y: P_W / 2 };
export const POOL_HEAD_STRING = P_L / 4;

/**
 * Eight-ball rack (WPA): the 15 balls in a triangle, the apex ball on the foot spot, the 8 in the
 * middle of the third row, a solid and a stripe in the two back corners; cue ball at the head string.
 */
export function eightBallRack(): BallSpec[] {
  const d = 2 * POOL.ballRadius + 0.0005;
  const cy = P_W / 2;
  const rows = [['1'], ['9', '2'], ['10', '8', '3'], ['11', '4', '12', '5'], ['6', '13', '7', '14', '15']];
  const out: BallSpec[] = [{ id: 'cue', x: P_L * 0.25, y: cy }];
  rows.forEach((row, i) => {
    row.forEach((id, j) => out.push({ id, x: POOL_FOOT_SPOT.x + i * d * 0.866, y: cy + (j - (row.length - 1) / 2) * d }));
  });
  return out;
}

/** A straight minigolf lane (Eternit-like): 6.25 x 0.9 m with a cup 0.6 m before the end; 43 mm balls. */
export const MINIGOLF_LANE: TableSpec = {
  ...base,
  id: 'minigolf-lane',
  width: 6.25,
  height: 0.9,
  ballRadius: 0.0215,
  ballMass: 0.05,
  cushions: box(6.25, 0.9, () => 'lane').map((c) => ({ ...c, sensed: false })),
  holes: [{ place: 'cup', kind: 'cup', x: 5.65, y: 0.45, r: 0.045, maxSpeed: 1.3 }],
  slideDecel: 1.6,
  rollDecel: 0.45,
  cushionRestitution: 0.55,
  jumpSpeed: 99,
  jumpChance: 0,
};

export function minigolfTee(): BallSpec[] {
  return [{ id: 'ball', x: 0.5, y: 0.45 }];
}
