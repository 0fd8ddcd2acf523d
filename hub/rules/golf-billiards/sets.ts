/**
 * Sets and match (GB-END-1/2) and the doubles opener of each set (GB-DBL-1..3).
 */
import type { Ctx } from './balls';
import { freshBalls } from './balls';
import { holed } from './predicates';
import type { LiveCore, SetState, Side } from './state';

export function newSet(ctx: Ctx, number: number, openers: Record<Side, string | null>): SetState {
  const pointer: Record<Side, number> = {};
  for (const s of ctx.sides) {
    const i = openers[s] !== null && openers[s] !== undefined ? (ctx.members[s] ?? []).indexOf(openers[s]!) : 0;
    pointer[s] = Math.max(0, i);
  }
  return {
    number,
    phase: 'opening',
    balls: freshBalls(ctx.sides),
    turn: null,
    zone: false,
    pointer,
    openers,
    faultedSpots: [],
    occupied: [],
    declared: [],
    fromSpotCall: null,
    strokes: 0,
  };
}

export function initialCore(ctx: Ctx): LiveCore {
  const setsWon: Record<Side, number> = {};
  const openers: Record<Side, string | null> = {};
  for (const s of ctx.sides) {
    setsWon[s] = 0;
    openers[s] = null;
  }
  return {
    sets: [],
    setsWon,
    winner: null,
    set: newSet(ctx, 1, openers),
    open: null,
    last: null,
    clock: { startedAt: null, timeCalledAt: null, expired: false },
    pending: null,
    decided: null,
    strokes: null,
    warnings: null,
    rejected: null,
  };
}

/**
 * GB-DBL-2: in the second set the other player of each pair opens; GB-DBL-3: before the deciding
 * set each pair chooses again (an `opener` call; until then nobody is checked).
 */
export function openersFor(ctx: Ctx, core: LiveCore, number: number): Record<Side, string | null> {
  const out: Record<Side, string | null> = {};
  for (const s of ctx.sides) {
    out[s] = null;
    if (!ctx.doubles || number !== 2) continue;
    const first = core.set.number === 1 ? core.set.openers[s] : null;
    const m = ctx.members[s] ?? [];
    if (first !== null && first !== undefined && m.length === 2) out[s] = m[0] === first ? m[1]! : m[0]!;
  }
  return out;
}

/** Record a set result; start the next set or finish the match (best of three). */
export function endSet(ctx: Ctx, core: LiveCore, winner: Side, how: string): LiveCore {
  const h: Record<Side, number> = {};
  for (const s of ctx.sides) h[s] = holed(core.set.balls, s);
  const setsWon = { ...core.setsWon, [winner]: (core.setsWon[winner] ?? 0) + 1 };
  const sets = [...core.sets, { number: core.set.number, winner, how, holed: h }];
  // Placements asked in the finished set no longer matter (all balls come back out): the views stop
  // showing them (state.ts pendingOf). They stay answerable, so that a tap given while one still
  // showed counts the same whether or not a later answer has ended the set before it (a late
  // answer gives the state an immediate one gives). Questions that can change the score stay open,
  // so a late answer still re-decides the set.
  if ((setsWon[winner] ?? 0) >= ctx.cfg.setsToWin) {
    return { ...core, sets, setsWon, winner, set: { ...core.set, phase: 'over', turn: null } };
  }
  const next = newSet(ctx, core.set.number + 1, openersFor(ctx, core, core.set.number + 1));
  return { ...core, sets, setsWon, set: next };
}
