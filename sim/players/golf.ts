/**
 * Golf billiards on the simulated table: the engine's re-spot points (its default geometry,
 * shared/tables/golf-billiards.ts, GB-SPOT-2/3), whether a place is free, and putting a
 * re-spotted ball back by the rules (the infringer's opponent chooses: the first free of points 1,
 * 2, 3, then 4, 5, else as near as possible). Shared by the chain tests' referee (test/chain/golf.ts)
 * and the automation yardstick (bench/automation/golf-billiards.ts).
 */
import { defaultGeometry } from '../../shared/tables/golf-billiards';
import type { SimGame } from './games';

/** The parts of the golf engine's report the chain reads (docs/games/golf-billiards.md). */
export interface GbReport {
  set: { number: number; phase: string; turn: string | null; zonePlay: boolean };
  balls: Record<string, { side: string; where: 'table' | 'holed' | 'waiting'; spot?: string }>;
  strokes: {
    id: string;
    opening: boolean;
    zonePlay: boolean;
    goals: { ball: string; goal: string; credited: string | null; valid: boolean; note: string }[];
    offTable: { ball: string; effect: string }[];
    fouls: { name: string; rule: string; effects: string[] }[];
    respots: string[];
    keepsTurn: boolean;
    next: string | null;
    setEnd: { winner: string; how: string } | null;
  }[];
  rejected: { type: string; code: string }[];
  match: { finished: boolean };
  /** Per side: balls holed in the current set. */
  sides: { side: string; holed: number }[];
  /** The sets played, with the balls holed per side when each ended. */
  sets: { number: number; winner: string; how: string; holed: Record<string, number> }[];
  /** The answers given. */
  decided: { id: string; kind: string; answer: string }[];
}

const GEOMETRY = defaultGeometry(['A', 'B']);
const other = (s: string): 'A' | 'B' => (s === 'A' ? 'B' : 'A');

/** The re-spot points in the order the chooser takes them (GB-SPOT-2/3). */
export const RESPOT_ORDER = ['1', '2', '3', '4', '5'] as const;

/** A re-spot point of the engine's geometry (for an infringer whose opponent is `chooser`), in metres. */
export function respotPoint(chooser: string, spot: string): { x: number; y: number } | null {
  const p = GEOMETRY.respot[chooser]?.[spot as '1'];
  return p ? { x: p[0] / 1000, y: p[1] / 1000 } : null;
}

/**
 * Room for a ball at (x, y): clear of the balls on the table and of the simulated table's bumpers
 * (the simulator lays out its twelve bumpers itself, sim/physics/tables.ts, so an engine point can
 * fall on one of them).
 */
export function free(game: SimGame, x: number, y: number): boolean {
  const R = game.table.ballRadius;
  const d = 2 * R + 0.002;
  return (
    game.balls.every((b) => b.state !== 'table' || Math.hypot(b.x - x, b.y - y) > d) &&
    game.table.bumpers.every((b) => Math.hypot(b.x - x, b.y - y) > b.r + R + 0.002)
  );
}

/** A free place as close as possible to (x, y) ("near"), searched on rings around it. */
export function nearFree(game: SimGame, x: number, y: number): { x: number; y: number } {
  const R = game.table.ballRadius;
  for (let ring = 0; ring < 40; ring++) {
    const n = Math.max(1, ring * 6);
    for (let k = 0; k < n; k++) {
      const px = x + Math.cos((2 * Math.PI * k) / n) * ring * 2.2 * R;
      const py = y + Math.sin((2 * Math.PI * k) / n) * ring * 2.2 * R;
      const inside = px > R && px < game.table.width - R && py > R && py < game.table.height - R;
      const offHoles = game.table.holes.every((h) => Math.hypot(h.x - px, h.y - py) > h.r + R + game.table.lipBand + 0.005);
      const offBumpers = game.table.bumpers.every((b) => Math.hypot(b.x - px, b.y - py) > b.r + R + 0.002);
      if (inside && offHoles && offBumpers && free(game, px, py)) return { x: px, y: py };
    }
  }
  return { x, y };
}

/**
 * Puts re-spotted balls back on the simulated table by the rules (GB-SPOT-1..3): for each ball, in
 * order, its owner's opponent takes the first free point of 1..5, else the place nearest point 1
 * that is free. The ball leaves its place (on the table, in a goal or off the table) first, so it
 * never blocks itself. Returns the point each ball went to ('near': none was free).
 * GB-SPOT-4 (a faulty zone-play stroke from a re-spot point) is not modelled.
 */
export function respotBalls(game: SimGame, ids: readonly string[]): { ball: string; spot: string }[] {
  const out: { ball: string; spot: string }[] = [];
  for (const id of ids) {
    const b = game.balls.find((x) => x.id === id);
    if (!b) continue;
    Object.assign(b, { state: 'captured', vx: 0, vy: 0 });
    const chooser = other(id.slice(0, 1));
    let spot = 'near';
    let at: { x: number; y: number } | null = null;
    for (const s of RESPOT_ORDER) {
      const p = respotPoint(chooser, s);
      if (p && free(game, p.x, p.y)) {
        spot = s;
        at = p;
        break;
      }
    }
    if (!at) {
      const p1 = respotPoint(chooser, '1')!;
      at = nearFree(game, p1.x, p1.y);
    }
    Object.assign(b, { state: 'table', x: at.x, y: at.y, vx: 0, vy: 0 });
    delete b.where;
    out.push({ ball: id, spot });
  }
  return out;
}
