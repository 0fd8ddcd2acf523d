/**
 * Ball bookkeeping and pending-decision helpers shared by the resolver and the reducer.
 */
import type { PendingDecision } from '../../../shared/game/engine';
import type { GbConfig } from './config';
import { BALLS_PER_SIDE, ballOwner } from './predicates';
import type { Ball, Balls, Side, SpotId, Where } from './state';
import { SPOTS } from './state';

export interface Ctx {
  cfg: GbConfig;
  sides: [Side, Side];
  members: Record<Side, string[]>;
  doubles: boolean;
  answers: Readonly<Record<string, string>>;
}

export function freshBalls(sides: readonly Side[]): Balls {
  const out: Record<string, Ball> = {};
  for (const s of sides) for (let n = 1; n <= BALLS_PER_SIDE; n++) out[`${s}${n}`] = { side: s, where: 'table' };
  return out;
}

/**
 * Resolve an event's ball label to a ball id in the wanted place. Balls of one colour are
 * interchangeable: a label naming only the colour, or a numbered ball not in that place, maps to
 * the lowest-numbered ball of that colour that is.
 */
export function pickBall(ctx: Ctx, balls: Balls, label: string, where: readonly Where[]): string | null {
  const side = ballOwner(ctx.sides, ctx.cfg, label);
  if (side === null) return null;
  const m = /([1-5])$/.exec(label);
  const exact = m ? `${side}${m[1]}` : null;
  for (const w of where) {
    if (exact !== null && balls[exact]?.where === w) return exact;
    for (let n = 1; n <= BALLS_PER_SIDE; n++) if (balls[`${side}${n}`]?.where === w) return `${side}${n}`;
  }
  return null;
}

export function setBall(balls: Balls, id: string, patch: Partial<Ball>): Balls {
  const b = balls[id];
  if (!b) return balls;
  const next: Ball = { ...b, ...patch };
  if (patch.where !== undefined && patch.where !== 'table') delete next.spot;
  if ('spot' in patch && patch.spot === undefined) delete next.spot;
  return { ...balls, [id]: next };
}

/** The engine forgets a ball's re-spot point once an event names it (it has moved). */
export function moved(ctx: Ctx, balls: Balls, label: string | undefined): Balls {
  if (label === undefined) return balls;
  const side = ballOwner(ctx.sides, ctx.cfg, label);
  const m = /([1-5])$/.exec(label);
  if (side === null || !m) return balls;
  const id = `${side}${m[1]}`;
  return balls[id]?.spot !== undefined ? setBall(balls, id, { spot: undefined }) : balls;
}

export function occupiedSpots(balls: Balls, extra: readonly SpotId[]): SpotId[] {
  const set = new Set<SpotId>(extra);
  for (const b of Object.values(balls)) if (b.where === 'table' && b.spot !== undefined && b.spot !== 'near') set.add(b.spot);
  return SPOTS.filter((p) => set.has(p));
}

/** GB-SPOT-4: first point, in order, from which no faulty stroke was made and that is free. */
export function spotAfterRepeat(faulted: readonly SpotId[], occupied: readonly SpotId[]): SpotId | 'near' {
  return SPOTS.find((p) => !faulted.includes(p) && !occupied.includes(p)) ?? 'near';
}

const NOTHING: readonly never[] = Object.freeze([]);

/** A decision accumulator: returns the answer if given, else records the question. */
export class Asker {
  // Made on the first question or answer (most strokes have neither), with exactly that element.
  private r: PendingDecision[] | null = null;
  private a: { id: string; kind: string; answer: string }[] | null = null;
  /** No answer given yet (the common case): no lookup, whose key (a decision id) would first be flattened and hashed. */
  private readonly none: boolean;
  constructor(private readonly answers: Readonly<Record<string, string>>) {
    this.none = isEmpty(answers);
  }
  ask(d: PendingDecision): string | null {
    const a = this.none ? undefined : this.answers[d.id];
    if (a !== undefined && d.options.some((o) => o.value === a)) {
      const x = { id: d.id, kind: d.kind, answer: a };
      if (this.a === null) this.a = [x];
      else this.a.push(x);
      return a;
    }
    if (this.r === null) this.r = [d];
    else this.r.push(d);
    return null;
  }
  /** The questions asked and not answered, in order. */
  get raised(): readonly PendingDecision[] {
    return this.r ?? NOTHING;
  }
  /** The answers applied, in order. */
  get applied(): readonly { id: string; kind: string; answer: string }[] {
    return this.a ?? NOTHING;
  }
}

function isEmpty(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}
