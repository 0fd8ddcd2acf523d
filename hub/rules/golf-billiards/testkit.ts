/**
 * Test helpers: a small log builder for golf billiards tests (not used by the engine).
 */
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { golfBilliards } from './engine';
import { holed, left } from './predicates';
import type { Core, GbState } from './state';

type Body = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'seq' | 't'> & { t?: number } : never) : never;

export const SINGLES: PlayerSetup[] = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
export const DOUBLES: PlayerSetup[] = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'A' },
  { id: 'cid', name: 'Cid', side: 'B' },
  { id: 'dan', name: 'Dan', side: 'B' },
];

export class Log {
  readonly events: GameEvent[] = [];
  private seq = 0;
  t = 0;
  set = 1;
  constructor(config: Record<string, unknown> = {}, players: PlayerSetup[] = SINGLES) {
    this.events.push({ type: 'start', seq: this.seq++, t: 0, players, config });
  }
  add(body: Body): number {
    const t = body.t ?? (this.t += 100);
    this.t = t;
    const seq = this.seq++;
    this.events.push({ ...body, seq, t } as GameEvent);
    return seq;
  }
  strike(ball?: string, player?: string): number {
    return this.add({ type: 'strike', ...(ball ? { ball } : {}), ...(player ? { player } : {}) });
  }
  goal(ball: string, goal: string, t?: number): number {
    return this.add({ type: 'goal', ball, goal, ...(t !== undefined ? { t } : {}) });
  }
  off(ball: string, returned?: boolean): number {
    return this.add({ type: 'off_table', ball, ...(returned !== undefined ? { returned } : {}) });
  }
  contact(a: string, b: string): number {
    return this.add({ type: 'contact', a, b });
  }
  cushion(ball: string): number {
    return this.add({ type: 'cushion', ball });
  }
  rest(t?: number): number {
    return this.add({ type: 'at_rest', ...(t !== undefined ? { t } : {}) });
  }
  ref(call: string, args: Record<string, unknown> = {}): number {
    return this.add({ type: 'ref', call, by: 'referee', ...args } as Body);
  }
  decide(decision: string, answer: string): number {
    return this.add({ type: 'decide', decision, answer });
  }
  /** Opening stroke of the current set with no goal; `first` keeps the turn (decided). */
  open(first: 'A' | 'B'): number {
    const s = this.strike();
    this.rest();
    this.decide(`set${this.set}-stroke-${s}:opening`, first);
    return s;
  }
  /** One stroke by `side` holing its own ball `ball` into the opponent's goal. */
  score(ball: string): number {
    const side = ball[0]!;
    const s = this.strike(ball);
    this.goal(ball, side === 'A' ? 'goal-B' : 'goal-A');
    this.rest();
    return s;
  }
  /**
   * Reach "left A = la, left B = lb, `toPlay` to play" in the current set: A opens, holes
   * A1.., misses; B holes B1.., then misses if A is to play.
   */
  given(la: number, lb: number, toPlay: 'A' | 'B', keep: string[] = []): this {
    const home = (side: string, n: number) => [1, 2, 3, 4, 5].map((i) => `${side}${i}`).filter((b) => !keep.includes(b)).slice(0, n);
    this.open('A');
    for (const b of home('A', 5 - la)) this.score(b);
    this.miss();
    for (const b of home('B', 5 - lb)) this.score(b);
    if (toPlay === 'A') this.miss();
    return this;
  }
  /** A stroke by the side to play that scores nothing. */
  miss(ball?: string): number {
    const s = this.strike(ball);
    this.rest();
    return s;
  }
}

export function run(events: readonly GameEvent[]): GbState {
  return replay(golfBilliards, events).game;
}

export function core(events: readonly GameEvent[]): Core {
  const c = run(events).core;
  if (!c) throw new Error('not started');
  return c;
}

export function score(c: Core): { A: number; B: number; leftA: number; leftB: number } {
  const b = c.set.balls;
  return { A: holed(b, 'A'), B: holed(b, 'B'), leftA: left(b, 'A'), leftB: left(b, 'B') };
}

export function pendingIds(c: Core): string[] {
  return c.pending.map((p) => p.id);
}
