/**
 * The golf billiards rules engine (`golf-billiards`): a pure reducer over the match log.
 *
 * State = events in force + answers to decisions; the game itself (`core`) is a fold of the events
 * with those answers, so a late answer gives exactly the state of an immediate one.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import type { GameSummary, RejectedEvent, RulesEngine } from '../../../shared/game/engine';
import type { Ctx } from './balls';
import { parseConfig } from './config';
import { applyEvent, reject } from './reducer';
import { buildReport, buildSummary } from './report';
import { initialCore } from './sets';
import type { Core, GbState, Setup, Side } from './state';

export function initialState(): GbState {
  return { setup: null, events: [], answers: {}, decideRejected: [], core: null, rejectedBeforeStart: [] };
}

export function ctxOf(setup: Setup, answers: Readonly<Record<string, string>>): Ctx {
  return { cfg: setup.config, sides: setup.sides, members: setup.members, doubles: setup.doubles, answers };
}

/** Sides from the players' `side` fields (first two distinct values), else A and B in order. */
function makeSetup(e: GameEventOf<'start'>): { setup: Setup | null; problems: string[] } {
  const players = Array.isArray(e.players) ? e.players : [];
  if (!players.every((p) => typeof p === 'object' && p !== null && typeof p.id === 'string' && typeof p.name === 'string')) {
    return { setup: null, problems: ['players must have an id and a name'] };
  }
  const named = players.map((p) => p.side).filter((s): s is string => s !== undefined && s !== '');
  const distinct = [...new Set(named)];
  let sides: [Side, Side];
  const members: Record<Side, string[]> = {};
  if (distinct.length === 0 && players.length === 2) {
    sides = ['A', 'B'];
    members.A = [players[0]!.id];
    members.B = [players[1]!.id];
  } else if (distinct.length === 2 && named.length === players.length) {
    sides = [distinct[0]!, distinct[1]!];
    for (const s of sides) members[s] = players.filter((p) => p.side === s).map((p) => p.id);
  } else {
    return { setup: null, problems: ['golf billiards needs two sides: 2 players, or 2 or 4 players with a side each'] };
  }
  const counts = sides.map((s) => members[s]!.length);
  if (counts[0] !== counts[1] || counts[0]! > 2 || new Set(players.map((p) => p.id)).size !== players.length) {
    return { setup: null, problems: ['each side has one player (singles) or two (doubles), with distinct ids'] };
  }
  if (sides.some((s) => !/^[A-Za-z][A-Za-z0-9]{0,15}$/.test(s))) {
    return { setup: null, problems: ['side names must be letters/digits (they prefix the ball ids, e.g. A3)'] };
  }
  const { config, problems } = parseConfig(sides, typeof e.config === 'object' && e.config !== null ? e.config : undefined);
  return { setup: { players, sides, members, config, doubles: counts[0] === 2 }, problems };
}

/** Fold the events in force with the given answers (used after every `decide`). */
export function derive(setup: Setup, events: readonly GameEvent[], answers: Readonly<Record<string, string>>): Core {
  const ctx = ctxOf(setup, answers);
  let core = initialCore(ctx);
  for (let i = 1; i < events.length; i++) core = applyEvent(ctx, core, events[i]!, i);
  return core;
}

function rejected(e: GameEvent, pos: number, code: string, reason: string): RejectedEvent {
  return { seq: e.seq ?? pos, type: e.type, code, reason };
}

export function reduce(state: GbState, e: GameEvent): GbState {
  const pos = state.events.length;
  if (typeof e !== 'object' || e === null || typeof e.type !== 'string' || typeof e.t !== 'number') {
    const bad = { seq: undefined, type: String((e as { type?: unknown } | null)?.type ?? 'unknown'), code: 'malformed', reason: 'not a game event' };
    return state.core ? { ...state, core: { ...state.core, rejected: [...state.core.rejected, bad] } } : { ...state, rejectedBeforeStart: [...state.rejectedBeforeStart, bad] };
  }
  if (e.type === 'start') {
    if (state.setup) return { ...state, core: reject(state.core!, e, pos, 'duplicate-start', 'the match has already started') };
    const { setup, problems } = makeSetup(e);
    if (!setup) return { ...state, rejectedBeforeStart: [...state.rejectedBeforeStart, rejected(e, pos, 'bad-start', problems.join('; '))] };
    let core = initialCore(ctxOf(setup, state.answers));
    for (const p of problems) core = { ...core, warnings: [...core.warnings, { seq: e.seq ?? 0, who: null, rule: 'config', text: p }] };
    return { ...state, setup, events: [e], core };
  }
  if (!state.setup || !state.core) {
    return { ...state, rejectedBeforeStart: [...state.rejectedBeforeStart, rejected(e, pos, 'not-started', 'the first event must be start')] };
  }
  if (e.type === 'decide') {
    const d = state.core.pending.find((p) => p.id === e.decision);
    if (!d) return { ...state, decideRejected: [...state.decideRejected, rejected(e, pos, 'not-pending', `no open decision ${e.decision}`)] };
    if (!d.options.some((o) => o.value === e.answer)) {
      return { ...state, decideRejected: [...state.decideRejected, rejected(e, pos, 'bad-answer', `${e.answer} is not an option of ${e.decision}`)] };
    }
    const answers = { ...state.answers, [e.decision]: e.answer };
    return { ...state, answers, core: derive(state.setup, state.events, answers) };
  }
  if (e.type === 'undo' || e.type === 'redo' || e.type === 'override') {
    return { ...state, core: reject(state.core, e, pos, 'correction', 'corrections are applied by replay(), not by the engine') };
  }
  const events = [...state.events, e];
  return { ...state, events, core: applyEvent(ctxOf(state.setup, state.answers), state.core, e, pos) };
}

export const golfBilliards: RulesEngine<GbState> = {
  id: 'golf-billiards',
  title: 'Golf billiards (bumper pool)',
  initial: initialState,
  reduce,
  summary: (s: GbState): GameSummary => buildSummary(s),
  report: (s: GbState) => buildReport(s),
};
