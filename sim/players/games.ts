/**
 * A simulated game on one table or lane: the balls, whose turn it is, and the next shot, played by
 * simple players of a given skill. Each call to `next()` plans and plays one shot and returns its
 * ground truth; the turn passes the way the game's rules say from that truth. Deterministic for a
 * seed. Used by the demo venue (sim/venue.ts) and the chain test.
 */
import type { SimulatorGame } from '../../shared/game/catalogue';
import { rng, type Rng } from '../physics/rng';
import { CAROM, caromBreak, fourBallRack, GOLF_BILLIARDS, golfBilliardsStart, MINIGOLF_LANE, minigolfTee, nineBallRack, POOL } from '../physics/tables';
import { newBalls, playShot, type Ball, type ShotResult, type ShotWatcher, type TableSpec } from '../physics/world';
import { caromShot, golfShot, minigolfShot, poolShot } from './players';
import { caromTruth, golfOpening, golfOutcome, golfZone, poolOutcome, type CaromRules } from './truth';

/** The simulator's tables; a game's catalogue entry (shared/game/catalogue.ts) says which one plays it. */
export type SimKind = SimulatorGame['kind'];

/** The sensor profile (hardware/profiles) each simulated table is wired with. */
export const PROFILE_OF: Record<SimKind, string> = { carom: 'carom', 'golf-billiards': 'golf-billiards', pool: 'pool', minigolf: 'minigolf-lane' };

export interface PlayedShot {
  /** Who played (carom: A plays white, B yellow; golf billiards: the side; pool and minigolf: the player). */
  player: string;
  result: ShotResult;
  /** The player keeps the turn (carom point, clean goal, pot without foul; minigolf: not holed yet). */
  keepsTurn: boolean;
  /** Golf billiards: a set's opening stroke, both sides striking at once (`player` is then the side due before it). */
  opening?: boolean;
  /** Golf billiards: some ball left the zone it lay in (GB-ZONE-3), at any moment of the stroke. */
  leftZone?: boolean;
}

export interface SimGameOptions {
  /** Skill of both players, 0..1 (default 0.7). */
  skill?: number;
  seed?: number;
  /** Changes to the table (e.g. a livelier rail that throws more balls off, for tests). */
  table?: Partial<TableSpec>;
  /**
   * Golf billiards: the balls that go back on the table (off the table, own goals, annulled
   * goals) are placed by whoever follows an engine's decisions (the chain test), not by the
   * simulator's own simple rule (the centre spot; a new set when a side has no ball left).
   */
  follow?: boolean;
  /** Carom: the game played (default three-cushion); four-ball is played with four balls (W Y R M). */
  carom?: CaromRules;
}

export class SimGame {
  readonly table: TableSpec;
  balls: Ball[] = [];
  turn = 'A';
  private readonly r: Rng;
  private readonly skill: number;
  shots = 0;
  private strokes = 0;
  /** Golf billiards: the next stroke opens a set; both sides strike it at once (GB-DBL-4). */
  opening = false;
  private readonly follow: boolean;
  /** Carom: the game's rules (the players aim at its point, the turn passes by them). */
  readonly rules: CaromRules;

  constructor(
    readonly kind: SimKind,
    opts: SimGameOptions = {},
  ) {
    this.skill = opts.skill ?? 0.7;
    this.follow = opts.follow ?? false;
    this.rules = opts.carom ?? 'three-cushion';
    this.r = rng(opts.seed ?? 1);
    this.table = { ...{ carom: CAROM, 'golf-billiards': GOLF_BILLIARDS, pool: POOL, minigolf: MINIGOLF_LANE }[kind], ...opts.table };
    this.reset();
  }

  /** Balls back to the starting position (a new frame, set, rack or ball on the tee). */
  reset(): void {
    const start = {
      carom: this.rules === 'four-ball' ? fourBallRack : caromBreak,
      'golf-billiards': golfBilliardsStart,
      pool: nineBallRack,
      minigolf: minigolfTee,
    }[this.kind];
    this.balls = newBalls(start());
    this.opening = this.kind === 'golf-billiards';
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
    let opening = false;
    let leftZone = false;
    let nextTurn = other;
    if (this.kind === 'carom') {
      const cue = player === 'A' ? 'W' : 'Y';
      result = playShot(this.table, this.balls, caromShot(this.table, this.balls, cue, this.skill, seed, this.rules), seed + 1);
      keepsTurn = caromTruth(this.rules, result.events, cue).keepsTurn;
      if (this.balls.some((b) => b.state !== 'table')) this.reset();
    } else if (this.kind === 'golf-billiards') {
      const side = player as 'A' | 'B';
      // Zones the balls lay in, and the balls that left theirs at any moment (GB-ZONE-3).
      const zones = new Map(this.balls.filter((b) => b.state === 'table').map((b) => [b.id, golfZone(b.x, b.y)]));
      const left = new Set<string>();
      const watch: ShotWatcher = (bs) => {
        for (const b of bs) if (b.state === 'table' && zones.has(b.id) && golfZone(b.x, b.y) !== zones.get(b.id)) left.add(b.id);
      };
      if (this.opening) {
        // Both sides strike at once, each at the goal it plays at.
        const shots = [golfShot(this.table, this.balls, 'A', this.skill, seed), golfShot(this.table, this.balls, 'B', this.skill, seed + 2)];
        result = playShot(this.table, this.balls, shots, seed + 1, watch);
        const at = (id: string): { x: number; y: number; onTable: boolean } => {
          const b = this.balls.find((x) => x.id === id)!;
          return { x: b.x, y: b.y, onTable: b.state === 'table' };
        };
        const goal = (p: string): { x: number; y: number } => this.table.holes.find((h) => h.place === p)!;
        const first = golfOpening(result.events, { A: at(shots[0]!.ball), B: at(shots[1]!.ball) }, { a: goal('a'), b: goal('b') });
        opening = true;
        // Nobody can tell who was closest: the opening is played again.
        this.opening = first === null;
        nextTurn = first ?? player;
        keepsTurn = nextTurn === player;
      } else {
        result = playShot(this.table, this.balls, golfShot(this.table, this.balls, side, this.skill, seed), seed + 1, watch);
        const o = golfOutcome(result.events, side);
        keepsTurn = o.scored > 0 && o.fouls.length === 0;
      }
      leftZone = left.size > 0 || result.events.some((e) => e.type === 'capture' || e.type === 'off');
      if (!this.follow) {
        // A ball off the table comes back on the centre spot.
        for (const b of this.balls) if (b.state === 'off') Object.assign(b, { state: 'table', x: this.table.width / 2, y: this.table.height / 2 });
        const onTable = (s: string): number => this.balls.filter((b) => b.state === 'table' && b.id.startsWith(s)).length;
        if (onTable('A') === 0 || onTable('B') === 0) this.reset();
      }
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
      // One player plays the lane until holed or the sixth stroke (MG-SCORE-2: the lane then scores 7), then the next.
      const holed = result.events.some((e) => e.type === 'capture');
      // Out of the lane: the ball is put back on the lane where it left (its x, on the centre line).
      for (const b of this.balls) {
        if (b.state === 'off')
          Object.assign(b, { state: 'table', x: Math.min(this.table.width - 0.3, Math.max(0.3, b.x)), y: this.table.height / 2, vx: 0, vy: 0 });
      }
      this.strokes++;
      keepsTurn = !holed && this.strokes < 6;
      if (!keepsTurn) {
        this.strokes = 0;
        this.reset();
      }
    }
    this.shots++;
    if (!keepsTurn) this.turn = nextTurn;
    return { player, result, keepsTurn, ...(this.kind === 'golf-billiards' ? { opening, leftZone } : {}) };
  }
}
