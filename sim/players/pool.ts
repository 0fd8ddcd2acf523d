/**
 * A pool rack (nine-ball or eight-ball) played by a simulated player who follows a rules engine:
 * whoever drives it says before each shot whose turn it is, whether it is the break, which balls
 * may be hit first and whether the cue ball is in hand (anywhere, or behind the head string); the
 * player places the cue ball, picks a target ball and a pocket (ghost-ball aiming, as club players
 * do), tries candidates on a copy of the table and keeps the first that pockets a ball legally
 * (judged by `poolTruth`), then strikes with the execution error of its skill. Balls are spotted or
 * removed by the driver (the engine decides that). Deterministic for a seed.
 */
import { gauss, rng, type Rng } from '../physics/rng';
import { eightBallRack, nineBallRack, POOL, POOL_FOOT_SPOT, POOL_HEAD_STRING } from '../physics/tables';
import { newBalls, playShot, type Ball, type Shot, type ShotResult, type TableSpec } from '../physics/world';
import { skillModel } from './players';
import { poolGroupOf, poolLegalFirst, poolTruth, type PoolBefore, type PoolGame } from './truth';

export interface PoolPlan {
  shot: Shot;
  /** Where the cue ball goes with ball in hand (null: it is played from where it lies). */
  placed: { x: number; y: number } | null;
  /** The ball aimed at, and the pocket meant for it (the 8's call). */
  target: string | null;
  pocket: string | null;
  /** Some candidate tried in the head pocketed a ball legally. */
  confident: boolean;
}

const copy = (balls: readonly Ball[]): Ball[] => balls.map((b) => ({ ...b }));

export class PoolRack {
  readonly table: TableSpec;
  balls: Ball[] = [];
  private readonly r: Rng;
  private readonly skill: number;

  constructor(
    readonly game: PoolGame,
    opts: { skill?: number; seed?: number; table?: Partial<TableSpec> } = {},
  ) {
    this.skill = opts.skill ?? 0.7;
    this.r = rng(opts.seed ?? 1);
    this.table = { ...POOL, ...opts.table };
    this.reset();
  }

  /** A new rack: nine-ball's diamond or eight-ball's triangle on the foot spot, the cue ball at the head string. */
  reset(): void {
    this.balls = newBalls(this.game === 'nine-ball' ? nineBallRack() : eightBallRack());
  }

  ball(id: string): Ball {
    return this.balls.find((b) => b.id === id)!;
  }

  onTable(): string[] {
    return this.balls.filter((b) => b.state === 'table' && b.id !== 'cue').map((b) => b.id);
  }

  private free(x: number, y: number, except = ''): boolean {
    const R = this.table.ballRadius;
    if (x < R + 0.01 || x > this.table.width - R - 0.01 || y < R + 0.01 || y > this.table.height - R - 0.01) return false;
    if (this.table.holes.some((h) => Math.hypot(h.x - x, h.y - y) < h.r + R + 0.02)) return false;
    return this.balls.every((b) => b.id === except || b.state !== 'table' || Math.hypot(b.x - x, b.y - y) > 2 * R + 0.003);
  }

  /** Spots a ball (WPA): on the foot spot, or as near behind it on the long string as is free. */
  spot(id: string): void {
    const R = this.table.ballRadius;
    const b = this.ball(id);
    for (let k = 0; k < 40; k++) {
      const x = POOL_FOOT_SPOT.x + k * (2 * R + 0.002);
      if (this.free(x, POOL_FOOT_SPOT.y, id)) {
        Object.assign(b, { state: 'table', x, y: POOL_FOOT_SPOT.y, vx: 0, vy: 0 });
        delete b.where;
        return;
      }
    }
  }

  /** Takes a ball off the table (the engine has it pocketed or off). */
  remove(id: string): void {
    Object.assign(this.ball(id), { state: 'captured', vx: 0, vy: 0 });
  }

  /**
   * The player's shot for the table `before` (in the engine's terms) with the cue ball in hand
   * (`table`: anywhere, `kitchen`: behind the head string) or where it lies.
   */
  plan(before: Omit<PoolBefore, 'meant' | 'eightCall'>, ballInHand: 'table' | 'kitchen' | null, seed: number): PoolPlan {
    const q = rng(seed);
    const m = skillModel(this.skill);
    const R = this.table.ballRadius;
    const legal = poolLegalFirst({ ...before, meant: null, eightCall: null });
    const targets = legal === 'any' ? this.onTable() : legal.filter((b) => this.ball(b)?.state === 'table');
    const cue = this.ball('cue');
    const inHand = ballInHand !== null || cue.state !== 'table';
    const pockets = this.table.holes;
    const place = (tx: number, ty: number, px: number, py: number): { x: number; y: number } | null => {
      for (let k = 0; k < 8; k++) {
        let x: number;
        let y: number;
        if (ballInHand === 'kitchen' || before.isBreak) {
          x = POOL_HEAD_STRING - R - 0.02 - q() * 0.35;
          y = R + 0.05 + q() * (this.table.height - 2 * R - 0.1);
        } else if (k < 6) {
          // Straight in: behind the target on the line from the pocket through it.
          const d = Math.max(1e-6, Math.hypot(tx - px, ty - py));
          const back = 2 * R + 0.12 + q() * 0.4;
          x = tx + ((tx - px) / d) * back + gauss(q) * 0.03;
          y = ty + ((ty - py) / d) * back + gauss(q) * 0.03;
        } else {
          x = 0.1 + q() * (this.table.width - 0.2);
          y = 0.1 + q() * (this.table.height - 0.2);
        }
        if (this.free(x, y, 'cue')) return { x, y };
      }
      return null;
    };
    let best: { plan: PoolPlan; score: number } | null = null;
    const tries = before.isBreak ? Math.max(2, Math.ceil(m.candidates / 3)) : m.candidates;
    for (let i = 0; i < tries; i++) {
      // The break is aimed at the apex ball (the 1 in both racks).
      const target = before.isBreak ? '1' : (targets[Math.floor(q() * targets.length)] ?? null);
      const tb = target === null || this.ball(target)?.state !== 'table' ? null : this.ball(target);
      const p = pockets[Math.floor(q() * pockets.length)]!;
      let placed: { x: number; y: number } | null = null;
      if (inHand)
        placed = place(tb?.x ?? this.table.width / 2, tb?.y ?? this.table.height / 2, p.x, p.y) ?? { x: POOL_HEAD_STRING / 2, y: this.table.height / 2 };
      const from = placed ?? { x: cue.x, y: cue.y };
      let angle: number;
      let speed: number;
      if (before.isBreak || tb === null) {
        angle = tb ? Math.atan2(tb.y - from.y, tb.x - from.x) + gauss(q) * 0.004 : q() * 2 * Math.PI;
        speed = before.isBreak ? 5 + q() * 2 : 1.5 + q() * 2;
      } else {
        // Ghost-ball aim: the cue ball's centre where it touches the target on the line to the pocket.
        const d = Math.hypot(p.x - tb.x, p.y - tb.y);
        const gx = tb.x - ((p.x - tb.x) / d) * 2 * R;
        const gy = tb.y - ((p.y - tb.y) / d) * 2 * R;
        angle = Math.atan2(gy - from.y, gx - from.x) + gauss(q) * 0.003;
        const dist = Math.hypot(gx - from.x, gy - from.y) + d;
        speed = Math.min(3, Math.sqrt(2 * this.table.rollDecel * dist) * (1.2 + q() * 0.8) + 0.3);
      }
      const shot: Shot = { ball: 'cue', angle, speed };
      const trial = copy(this.balls);
      if (placed)
        Object.assign(
          trial.find((b) => b.id === 'cue')!,
          { state: 'table', x: placed.x, y: placed.y, vx: 0, vy: 0 },
        );
      const res = playShot(this.table, trial, shot, 1 + Math.floor(q() * 1e9));
      const pocket = target === null ? null : p.place;
      const t = poolTruth(res.events, { ...before, meant: target === null ? null : poolGroupOf(target), eightCall: target === '8' ? pocket : null });
      const score = t.winner === before.shooter || t.next === before.shooter ? 2 : t.fouls.length === 0 ? 1 : 0;
      if (!best || score > best.score) best = { plan: { shot, placed, target, pocket, confident: score === 2 }, score };
      if (score === 2) break;
    }
    const s = best!.plan.shot;
    // Execution error of the player's skill.
    return { ...best!.plan, shot: { ball: 'cue', angle: s.angle + gauss(q) * m.aimSd, speed: Math.max(0.3, s.speed * (1 + gauss(q) * m.paceSd)) } };
  }

  /** Plays the planned shot on the table (the cue ball placed first when in hand). */
  play(plan: PoolPlan, seed: number): ShotResult {
    const cue = this.ball('cue');
    if (plan.placed) {
      Object.assign(cue, { state: 'table', x: plan.placed.x, y: plan.placed.y, vx: 0, vy: 0 });
      delete cue.where;
    }
    return playShot(this.table, this.balls, plan.shot, seed);
  }
}
