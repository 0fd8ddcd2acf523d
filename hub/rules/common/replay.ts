/**
 * Replay with corrections, shared by every engine.
 *
 * The log is append-only: an `undo`, `redo` or `override` never deletes anything. Instead the
 * log is read as a list of events *in force*, and the game state is the engine's fold over that
 * list. Ordinary events are reduced incrementally; a correction re-folds from the start, which
 * is cheap for one match and keeps corrections trivially consistent with a clean replay.
 */
import type { GameEvent, GameEventOf, CorrectionEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { type Prefix, append, fromArray, toArray as prefixToArray } from './prefix';
import { answerAfter, claimRefusal, NO_CLAIMS, rulingOf, trackClaims, type Claims } from './claims';

export interface CorrectionRecord {
  seq: number | undefined;
  /** A correction, or a step in a claim's course (a claim, a dispute, the referee's ruling: docs/claims.md). */
  type: CorrectionEvent['type'] | 'claim' | 'dispute' | 'ruling';
  t: number;
  who: string | undefined;
  why: string | undefined;
  /** What it did, in plain words, e.g. "took back 5 events (seq 40-44)". */
  effect: string;
}

/**
 * Events in force, oldest first: a view of one array shared by successive states (./prefix.ts).
 * Was a linked list of one cell per event: the cells were a third of the replay's own cost.
 * Read it with `toArray`: a state that was extended since has a longer shared array than its
 * view, so compare views, not the raw fields.
 */
export type EventList = Prefix<GameEvent>;

export function toArray(list: EventList | null): GameEvent[] {
  return prefixToArray(list);
}

export interface MatchState<S> {
  game: S;
  /** Events in force (see EventList); `toArray` gives them oldest first. */
  inForce: EventList | null;
  /** Groups of events taken back by undo, most recent last (for redo). */
  undone: GameEvent[][];
  corrections: CorrectionRecord[];
  /** Fouls open to a claim and the claims' course (./claims.ts). */
  claims: Claims;
}

export function initialMatch<S>(engine: RulesEngine<S>): MatchState<S> {
  return { game: engine.initial(), inForce: null, undone: [], corrections: [], claims: NO_CLAIMS };
}

function isShotEnd<S>(engine: RulesEngine<S>, e: GameEvent): boolean {
  return engine.isShotEnd ? engine.isShotEnd(e) : e.type === 'at_rest';
}

/**
 * Index where "the last shot" begins. A shot still in progress (events after the last shot end)
 * is taken back first; otherwise the last complete shot, back to the end of the one before it.
 * The `start` event is never taken back.
 */
function lastShotStart<S>(engine: RulesEngine<S>, events: readonly GameEvent[]): number {
  const floor = events.length > 0 && events[0]!.type === 'start' ? 1 : 0;
  let i = events.length - 1;
  if (i >= floor && !isShotEnd(engine, events[i]!)) {
    while (i >= floor && !isShotEnd(engine, events[i]!)) i--;
    return i + 1;
  }
  i--;
  while (i >= floor && !isShotEnd(engine, events[i]!)) i--;
  return Math.max(i + 1, floor);
}

export function fold<S>(engine: RulesEngine<S>, events: readonly GameEvent[]): S {
  let s = engine.initial();
  for (const e of events) s = engine.reduce(s, e);
  return s;
}

function record(e: CorrectionEvent, effect: string): CorrectionRecord {
  return { seq: e.seq, type: e.type, t: e.t, who: e.who, why: e.why, effect };
}

/** The events in force with decision `id` answered `answer` (in place of its answer, or appended: never answered). */
function answered(all: GameEvent[], replacement: GameEventOf<'decide'>): { inForce: GameEvent[]; old: string | null } {
  const at = all.findIndex((x) => x.type === 'decide' && x.decision === replacement.decision);
  if (at < 0) return { inForce: [...all, replacement], old: null };
  const old = all[at] as GameEventOf<'decide'>;
  // The answer changes; the place, time and anything the hub logged with it (a claim window) stay.
  all[at] = { ...old, answer: replacement.answer };
  return { inForce: all, old: old.answer };
}

/** A claim, a dispute or the referee's ruling on one: the claims' course, and the answer it changes. */
function claimStep<S>(engine: RulesEngine<S>, m: MatchState<S>, e: GameEvent): MatchState<S> {
  const claims = trackClaims(m.claims, e);
  const type = e.type === 'claim' ? 'claim' : e.type === 'dispute' ? 'dispute' : 'ruling';
  const note = (effect: string): CorrectionRecord => ({ seq: e.seq, type, t: e.t, who: e.who, why: e.why, effect });
  const refusal = e.type === 'claim' || e.type === 'dispute' ? claimRefusal(m.claims, e) : null;
  if (refusal) return { ...m, corrections: [...m.corrections, note(`refused (${refusal.code}): ${refusal.reason}`)] };
  const change = answerAfter(m.claims, e);
  const who = e.type === 'claim' || e.type === 'dispute' ? e.player : (e.who ?? 'the referee');
  if (!change) {
    const what = e.type === 'dispute' ? `disputed by ${who}: the referee rules` : `foul upheld by ${who}`;
    return { ...m, claims, corrections: [...m.corrections, note(`${(e as { decision: string }).decision}: ${what}`)] };
  }
  const { inForce, old } = answered(toArray(m.inForce), { type: 'decide', decision: change.decision, answer: change.answer, t: e.t, seq: e.seq, by: e.by });
  const effect = `${e.type === 'claim' ? `foul claimed by ${who}` : `claim rejected by ${who}`}: decision ${change.decision}: ${old ?? '(open)'} -> ${change.answer}`;
  return { ...m, game: fold(engine, inForce), inForce: fromArray(inForce), claims, corrections: [...m.corrections, note(effect)] };
}

/** One step of match replay. Pure: returns a new MatchState, never mutates the argument. */
export function step<S>(engine: RulesEngine<S>, m: MatchState<S>, e: GameEvent): MatchState<S> {
  if (e.type === 'claim' || e.type === 'dispute' || (e.type === 'decide' && rulingOf(m.claims, e))) return claimStep(engine, m, e);
  switch (e.type) {
    case 'undo': {
      const all = toArray(m.inForce);
      const from = lastShotStart(engine, all);
      const taken = all.slice(from);
      if (taken.length === 0) {
        return { ...m, corrections: [...m.corrections, record(e, 'nothing to take back')] };
      }
      const kept = all.slice(0, from);
      const span = `seq ${taken[0]!.seq ?? '?'}-${taken[taken.length - 1]!.seq ?? '?'}`;
      // A foul window opened by an answer taken back is no longer open to a claim.
      const gone = new Set(taken.map((x) => x.seq));
      return {
        game: fold(engine, kept),
        inForce: fromArray(kept),
        undone: [...m.undone, taken],
        corrections: [...m.corrections, record(e, `took back ${taken.length} events (${span})`)],
        claims: { windows: m.claims.windows.filter((w) => !gone.has(w.decidedSeq)) },
      };
    }
    case 'redo': {
      const group = m.undone[m.undone.length - 1];
      if (!group) return { ...m, corrections: [...m.corrections, record(e, 'nothing to put back')] };
      let inForce = m.inForce;
      let game = m.game;
      for (const g of group) {
        game = engine.reduce(game, g);
        inForce = append(inForce, g);
      }
      return {
        game,
        inForce,
        undone: m.undone.slice(0, -1),
        corrections: [...m.corrections, record(e, `put back ${group.length} events`)],
        claims: m.claims,
      };
    }
    case 'override': {
      const all = toArray(m.inForce);
      const at = all.findIndex((x) => x.type === 'decide' && x.decision === e.decision);
      const replacement: GameEvent = { type: 'decide', decision: e.decision, answer: e.answer, t: e.t, seq: e.seq, by: e.by, who: e.who, why: e.why };
      let inForce: GameEvent[];
      let effect: string;
      if (at >= 0) {
        inForce = all;
        const old = inForce[at] as Extract<GameEvent, { type: 'decide' }>;
        inForce[at] = { ...replacement, seq: old.seq, t: old.t };
        effect = `decision ${e.decision}: ${old.answer} -> ${e.answer}`;
      } else {
        // Never answered: the override answers it now.
        inForce = [...all, replacement];
        effect = `decision ${e.decision}: answered ${e.answer}`;
      }
      return { ...m, game: fold(engine, inForce), inForce: fromArray(inForce), corrections: [...m.corrections, record(e, effect)] };
    }
    default: {
      // A new shot after an undo makes the undone shots unreachable for redo.
      const undone = m.undone.length > 0 && isShotStartAfterUndo(e) ? [] : m.undone;
      // A literal, not `{ ...m, ... }`: V8 copies a spread with overrides on a slow path that
      // cost about as much as a whole carom reduce (this runs once per event of every replay).
      const claims = e.type === 'decide' || e.type === 'strike' ? trackClaims(m.claims, e) : m.claims;
      return { game: engine.reduce(m.game, e), inForce: append(m.inForce, e), undone, corrections: m.corrections, claims };
    }
  }
}

function isShotStartAfterUndo(e: GameEvent): boolean {
  return e.by === undefined || e.by === 'sensor';
}

/** Replay a whole log (with corrections) and return the match state. */
export function replay<S>(engine: RulesEngine<S>, log: readonly GameEvent[]): MatchState<S> {
  let m = initialMatch(engine);
  for (const e of log) m = step(engine, m, e);
  return m;
}
