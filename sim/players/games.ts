/**
 * A simulated game on one table or lane: the balls, whose turn it is, and the next shot, played by
 * simple players of a given skill. Each call to `next()` plans and plays one shot and returns its
 * ground truth; the turn passes the way the game's rules say from that truth. Deterministic for a
 * seed. Used by the demo venue (sim/venue.ts) and the chain test.
 */
import { rng, type Rng } from '../physics/rng';
import { CAROM, caromBreak, GOLF_BILLIARDS, golfBilliardsStart, MINIGOLF_LANE, minigolfTee, nineBallRack, POOL } from '../physics/tables';
import { newBalls, playShot, type Ball, type ShotResult, type TableSpec } from '../physics/world';
import { caromShot, golfShot, minigolfShot, poolShot } from './players';
import { caromOutcome, golfOutcome, poolOutcome } from './truth';

export type SimKind = 'carom' | 'golf-billiards' | 'pool' | 'minigolf';

/** The simulator's table for a game id of the registry (three-cushion, eight-ball, ...). */
export function kindOf(game: string): SimKind {
  if (game === 'golf-billiards') return 'golf-billiards';
  if (game === 'minigolf') return 'minigolf';
  if (game === 'eight-ball' || game === 'nine-ball') return 'pool';
  return 'carom';
}

/** The sensor profile (hardware/profiles) each simulated table is wired with. */
export const PROFILE_OF: Record<SimKind, string> = { carom: 'carom', 'golf-billiards': 'golf-billiards', pool: 'pool', minigolf: 'minigolf-lane' };

export interface PlayedShot {
  /** Who played (carom: A plays white, B yellow; golf billiards: the side; pool and minigolf: the player). */
  player: string;
  result: ShotResult;
  /** The player keeps the turn (carom point, clean goal, pot without foul; minigolf: not holed yet). */
  keepsTurn: boolean;
}

export interface SimGameOptions {
  /** Skill of both players, 0..1 (default 0.7). */
  skill?: number;
  seed?: number;
  /** Changes to the table (e.g. a livelier rail that throws more balls off, for tests). */
  table?: Partial<TableSpec>;
}

export class SimGame {
  readonly table: TableSpec;
  balls: Ball[] = [];
  turn = 'A';
  private readonly r: Rng;
  private readonly skill: number;
  shots = 0;
  private strokes = 0;

  constructor(
    readonly kind: SimKind,
    opts: SimGameOptions = {},
  ) {
    this.skill = opts.skill ?? 0.7;
    this.r = rng(opts.seed ?? 1);
    this.table = { ...{ carom: CAROM, 'golf-billiards': GOLF_BILLIARDS, pool: POOL, minigolf: MINIGOLF_LANE }[kind], ...opts.table };
    this.reset();
  }

  /** Balls back to the starting position (a new frame, set, rack or ball on the tee). */
  reset(): void {
    const start = { carom: caromBreak, 'golf-billiards': golfBilliardsStart, pool: nineBallRack, minigolf: minigolfTee }[this.kind];
    this.balls = newBalls(start());
  }

  /** Colour label a beam's colour sensor reads for a ball (golf billiards: side A white, B red). */
  colourOf(ball: string): string | undefined {
    if (this.kind !== 'golf-billiards') return undefined;
    return ball.startsWith('A') ? 'white' : 'red';
  }

  next(): PlayedShot {
    const seed = Math.floor(this.r() * 2 ** 31);
    const player = this.turn;
    const other = player === 'A' ? 'B' : 'A';
    let keepsTurn = false;
    let result: ShotResult;
    if (this.kind === 'carom') {
      const cue = player === 'A' ? 'W' : 'Y';
      result = playShot(this.table, this.balls, caromShot(this.table, this.balls, cue, this.skill, seed), seed + 1);
      keepsTurn = caromOutcome(result.events, cue).point;
      if (this.balls.some((b) => b.state !== 'table')) this.reset();
    } else if (this.kind === 'golf-billiards') {
      const side = player as 'A' | 'B';
      result = playShot(this.table, this.balls, golfShot(this.table, this.balls, side, this.skill, seed), seed + 1);
      const o = golfOutcome(result.events, side);
      keepsTurn = o.scored > 0 && o.fouls.length === 0;
      // A ball off the table comes back on the centre spot.
      for (const b of this.balls) if (b.state === 'off') Object.assign(b, { state: 'table', x: this.table.width / 2, y: this.table.height / 2 });
      const left = (s: string): number => this.balls.filter((b) => b.state === 'table' && b.id.startsWith(s)).length;
      if (left('A') === 0 || left('B') === 0) this.reset();
    } else if (this.kind === 'pool') {
      const lowest = this.balls.filter((b) => b.state === 'table' && b.id !== 'cue').sort((a, b) => Number(a.id) - Number(b.id))[0]?.id ?? null;
      result = playShot(this.table, this.balls, poolShot(this.table, this.balls, this.skill, seed), seed + 1);
      const o = poolOutcome(result.events, lowest);
      keepsTurn = o.potted.length > 0 && !o.foul;
      const cue = this.balls.find((b) => b.id === 'cue')!;
      if (cue.state !== 'table') Object.assign(cue, { state: 'table', x: this.table.width / 4, y: this.table.height / 2, vx: 0, vy: 0 });
      for (const b of this.balls) if (b.state === 'off') Object.assign(b, { state: 'table', x: this.table.width * 0.75, y: this.table.height / 2 });
      if (this.balls.every((b) => b.id === 'cue' || b.state !== 'table')) this.reset();
    } else {
      result = playShot(this.table, this.balls, minigolfShot(this.table, this.balls, this.skill, seed), seed + 1);
      // One player plays the lane until holed or the seventh stroke (MG: the limit), then the next.
      const holed = result.events.some((e) => e.type === 'capture');
      // Out of the lane: the ball is put back on the lane where it left (its x, on the centre line).
      for (const b of this.balls) {
        if (b.state === 'off') Object.assign(b, { state: 'table', x: Math.min(this.table.width - 0.3, Math.max(0.3, b.x)), y: this.table.height / 2, vx: 0, vy: 0 });
      }
      this.strokes++;
      keepsTurn = !holed && this.strokes < 7;
      if (!keepsTurn) {
        this.strokes = 0;
        this.reset();
      }
    }
    this.shots++;
    if (!keepsTurn) this.turn = other;
    return { player, result, keepsTurn };
  }
}
