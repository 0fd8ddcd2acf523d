/**
 * Test helpers: a small log builder for golf billiards tests (not used by the engine).
 */
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { golfBilliards } from './index';
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
    const home = (side: string, n: number) =>
      [1, 2, 3, 4, 5]
        .map((i) => `${side}${i}`)
        .filter((b) => !keep.includes(b))
        .slice(0, n);
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

/** The questions about a ball the sensors could not name (identify.ts). */
export const IDENTITY_KINDS: ReadonlySet<string> = new Set(['golf-billiards.goal_ball', 'golf-billiards.off_ball']);

/** What must not depend on how a ball was named: the report but its answers list and warning texts, and the summary. */
export function view(s: GbState): unknown {
  const { decided: _, warnings, ...rest } = golfBilliards.report(s) as { decided: unknown; warnings: { seq: number; rule: string }[] };
  return { ...rest, warnings: warnings.map((w) => ({ seq: w.seq, rule: w.rule })), summary: golfBilliards.summary(s) };
}

/** A goal or a ball off the table whose ball the sensor named. */
export function isSensed(e: GameEvent): e is Extract<GameEvent, { type: 'goal' | 'off_table' }> {
  return (e.type === 'goal' || e.type === 'off_table') && e.ball !== undefined;
}

/** The open question about the ball of the event at `seq`, if any. */
function questionFor(s: GbState, seq: number): string | undefined {
  return s.core!.pending.find((p) => IDENTITY_KINDS.has(p.kind) && p.id.endsWith(`-${seq}`))?.id;
}

/**
 * The log with the balls of the events at `seqs` removed, each question then answered with the
 * side `sideOf` gives for the removed label: 'now' as soon as it is open, 'late' after the last
 * event. Late answers are re-asked while an earlier answer moves a stroke into another set (its
 * questions' ids name the set).
 */
export function namedLater(log: readonly GameEvent[], seqs: readonly number[], at: 'now' | 'late', sideOf: (label: string) => string): GameEvent[] {
  const truth = new Map(
    log
      .filter(isSensed)
      .filter((e) => seqs.includes(e.seq!))
      .map((e) => [e.seq!, sideOf(e.ball!)]),
  );
  const stripped = log.map((e) => (isSensed(e) && truth.has(e.seq!) ? (({ ball: _, ...rest }) => rest as GameEvent)(e) : e));
  let next = Math.max(...log.map((e) => e.seq ?? 0)) + 1;
  const decide = (decision: string, answer: string, t: number): GameEvent => ({ type: 'decide', decision, answer, seq: next++, t, by: 'player' });
  const out: GameEvent[] = [];
  if (at === 'now') {
    let s = golfBilliards.initial();
    for (const e of stripped) {
      out.push(e);
      s = golfBilliards.reduce(s, e);
      for (const [seq, side] of truth) {
        const id = questionFor(s, seq);
        if (id === undefined) continue;
        const d = decide(id, side, e.t);
        out.push(d);
        s = golfBilliards.reduce(s, d);
      }
    }
  } else out.push(...stripped);
  // One answer at a time: each may re-decide a set, and so rename (or settle) the questions after it.
  let s = run(out);
  for (let round = 0; round < 3 * truth.size; round++) {
    const open = [...truth].flatMap(([seq, side]) => {
      const id = questionFor(s, seq);
      return id === undefined ? [] : [[id, side] as const];
    });
    if (open.length === 0) break;
    const d = decide(open[0]![0], open[0]![1], out.at(-1)!.t + 1);
    out.push(d);
    s = golfBilliards.reduce(s, d);
  }
  return out;
}
