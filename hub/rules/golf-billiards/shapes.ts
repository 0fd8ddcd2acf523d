/**
 * Shallow copies of the working state's records, written out field by field. The reducer makes a
 * new core (and often a new stroke and set) for every event; `{ ...core, open }` took V8's slow
 * path for a spread with overrides and cost more than the rules of most events. A copy is a
 * fresh object: the caller sets the changed fields on it before anybody else sees it.
 *
 * The fields are in the order the constructors give them (sets.ts initialCore and newSet,
 * emptyStroke below), so a snapshot of the state reads as before. Also here: the other small
 * builders of the reducer's hot path (a new stroke, its id, the stopped clock).
 */
import type { Ctx } from './balls';
import { moved } from './balls';
import type { Clock, LiveCore, SetState, Side, Stroke } from './state';

export function copyCore(c: LiveCore): LiveCore {
  return {
    sets: c.sets,
    setsWon: c.setsWon,
    winner: c.winner,
    set: c.set,
    open: c.open,
    last: c.last,
    clock: c.clock,
    pending: c.pending,
    decided: c.decided,
    strokes: c.strokes,
    warnings: c.warnings,
    rejected: c.rejected,
  };
}

export function copySet(s: SetState): SetState {
  return {
    number: s.number,
    phase: s.phase,
    balls: s.balls,
    turn: s.turn,
    zone: s.zone,
    pointer: s.pointer,
    openers: s.openers,
    faultedSpots: s.faultedSpots,
    occupied: s.occupied,
    declared: s.declared,
    fromSpotCall: s.fromSpotCall,
    strokes: s.strokes,
  };
}

export function copyStroke(s: Stroke): Stroke {
  return {
    id: s.id,
    seq: s.seq,
    t: s.t,
    side: s.side,
    player: s.player,
    played: s.played,
    opening: s.opening,
    openers: s.openers,
    synthetic: s.synthetic,
    zone: s.zone,
    before: s.before,
    fromSpot: s.fromSpot,
    goals: s.goals,
    offs: s.offs,
    jammed: s.jammed,
    lipStopped: s.lipStopped,
    contacts: s.contacts,
    cushions: s.cushions,
    fouls: s.fouls,
    claims: s.claims,
    zoneMoves: s.zoneMoves,
    restedAt: s.restedAt,
  };
}

/**
 * `core` with `open` as its stroke, the balls the event names (`a`, `b`) no longer on a re-spot
 * point. `core` is the caller's own fresh copy (copyCore): it is changed, not copied again.
 */
export function withOpen(ctx: Ctx, core: LiveCore, open: Stroke, a: string | undefined, b?: string): LiveCore {
  core.open = open;
  const balls = moved(ctx, moved(ctx, core.set.balls, a), b);
  if (balls !== core.set.balls) {
    const set = copySet(core.set);
    set.balls = balls;
    core.set = set;
  }
  return core;
}

/** The stopped clock (frozen, shared): clocks are replaced, never changed in place. */
export const STOPPED: Clock = Object.freeze({ startedAt: null, timeCalledAt: null, expired: false });

export function emptyStroke(ctx: Ctx, core: LiveCore, id: string, seq: number, t: number, side: Side): Stroke {
  return {
    id,
    seq,
    t,
    side,
    player: null,
    played: null,
    opening: false,
    openers: [],
    synthetic: false,
    zone: core.set.zone,
    before: core.set.balls,
    fromSpot: null,
    goals: [],
    offs: [],
    jammed: [],
    lipStopped: [],
    contacts: [],
    cushions: [],
    fouls: [],
    claims: [],
    zoneMoves: null,
    restedAt: null,
  };
}

/** `set<n>-stroke-`, made once per set number and shared by the ids of its strokes (one per strike). */
const strokePrefixes: string[] = [];
export function strokePrefix(n: number): string {
  return (strokePrefixes[n] ??= `set${n}-stroke-`);
}
