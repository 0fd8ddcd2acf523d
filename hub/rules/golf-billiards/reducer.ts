/**
 * The golf billiards reducer (`golf-billiards`): a pure fold over the match log; the rules of one
 * event are in play.ts, the engine object in index.ts.
 *
 * State = events in force + answers to decisions; the game itself (`core`) is a fold of the events
 * with those answers, so a late answer gives exactly the state of an immediate one.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { Ctx } from './balls';
import { parseConfig, sidesOf } from './config';
import { applyEvent, reject } from './play';
import { initialCore } from './sets';
import { coreFromSheet, sheetOfStart } from './sheet';
import { GbState, type LiveCore, type Setup, type Side } from './state';
import { type List, push, size, toArray } from '../common/plist';

export function initialState(): GbState {
  return new GbState(null, null, {}, [], null, []);
}

/** `s` with some fields replaced (a constructor call: the state is a class, see state.ts). */
function next(
  s: GbState,
  f: {
    setup?: Setup;
    events?: List<GameEvent>;
    answers?: Record<string, string>;
    decideRejected?: RejectedEvent[];
    live?: LiveCore;
    rejectedBeforeStart?: RejectedEvent[];
  },
): GbState {
  return new GbState(
    f.setup ?? s.setup,
    f.events !== undefined ? f.events : s.events,
    f.answers ?? s.answers,
    f.decideRejected ?? s.decideRejected,
    f.live ?? s.live,
    f.rejectedBeforeStart ?? s.rejectedBeforeStart,
  );
}

/** The last context made: the setup and answers change only on a start or a decide, not per event. */
let lastCtx: Ctx | null = null;
let lastSetup: Setup | null = null;

export function ctxOf(setup: Setup, answers: Readonly<Record<string, string>>): Ctx {
  if (lastCtx !== null && lastSetup === setup && lastCtx.answers === answers) return lastCtx;
  lastSetup = setup;
  lastCtx = { cfg: setup.config, sides: setup.sides, members: setup.members, doubles: setup.doubles, answers };
  return lastCtx;
}

/** Sides from the players' `side` fields (first two distinct values), else A and B in order. */
function makeSetup(e: GameEventOf<'start'>): { setup: Setup | null; problems: string[] } {
  const players = Array.isArray(e.players) ? e.players : [];
  if (!players.every((p) => typeof p === 'object' && p !== null && typeof p.id === 'string' && typeof p.name === 'string')) {
    return { setup: null, problems: ['players must have an id and a name'] };
  }
  const sides = sidesOf(players);
  if (!sides) return { setup: null, problems: ['golf billiards needs two sides: 2 players, or 2 or 4 players with a side each'] };
  const members: Record<Side, string[]> = {};
  if (players.every((p) => !p.side)) {
    members[sides[0]] = [players[0]!.id];
    members[sides[1]] = [players[1]!.id];
  } else {
    for (const s of sides) members[s] = players.filter((p) => p.side === s).map((p) => p.id);
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

/** The core the match starts from: the score sheet's state, or the first set's opening. */
function startCore(setup: Setup, answers: Readonly<Record<string, string>>): LiveCore {
  const ctx = ctxOf(setup, answers);
  return setup.sheet ? coreFromSheet(ctx, setup.sheet) : initialCore(ctx);
}

/** Fold the events in force with the given answers (used after every `decide`). */
export function derive(setup: Setup, events: readonly GameEvent[], answers: Readonly<Record<string, string>>): LiveCore {
  const ctx = ctxOf(setup, answers);
  let core = startCore(setup, answers);
  for (let i = 1; i < events.length; i++) core = applyEvent(ctx, core, events[i]!, i);
  return core;
}

function rejected(e: GameEvent, pos: number, code: string, reason: string): RejectedEvent {
  return { seq: e.seq ?? pos, type: e.type, code, reason };
}

/** The oldest open decision with this id. */
function openDecision(live: LiveCore, id: string): PendingDecision | undefined {
  let found: PendingDecision | undefined;
  for (let n = live.pending; n !== null; n = n.init) if (n.last.id === id) found = n.last;
  return found;
}

export function reduce(state: GbState, e: GameEvent): GbState {
  const pos = size(state.events);
  if (typeof e !== 'object' || e === null || typeof e.type !== 'string' || typeof e.t !== 'number') {
    const bad = { seq: undefined, type: String((e as { type?: unknown } | null)?.type ?? 'unknown'), code: 'malformed', reason: 'not a game event' };
    return state.live
      ? next(state, { live: { ...state.live, rejected: push(state.live.rejected, bad) } })
      : next(state, { rejectedBeforeStart: [...state.rejectedBeforeStart, bad] });
  }
  if (e.type === 'start') {
    if (state.setup) return next(state, { live: reject(state.live!, e, pos, 'duplicate-start', 'the match has already started') });
    const { setup: plain, problems } = makeSetup(e);
    if (!plain) return next(state, { rejectedBeforeStart: [...state.rejectedBeforeStart, rejected(e, pos, 'bad-start', problems.join('; '))] });
    // A sheet that does not fit the match refuses the start: the match is then not started.
    const sheet = sheetOfStart(e.sheet, plain);
    if ('problem' in sheet) return next(state, { rejectedBeforeStart: [...state.rejectedBeforeStart, rejected(e, pos, 'bad_sheet', sheet.problem)] });
    const setup: Setup = sheet.sheet === undefined ? plain : { ...plain, sheet: sheet.sheet };
    let core = startCore(setup, state.answers);
    for (const p of problems) core = { ...core, warnings: push(core.warnings, { seq: e.seq ?? 0, who: null, rule: 'config', text: p }) };
    return next(state, { setup, events: push(null, e), live: core });
  }
  if (!state.setup || !state.live) {
    return next(state, { rejectedBeforeStart: [...state.rejectedBeforeStart, rejected(e, pos, 'not-started', 'the first event must be start')] });
  }
  if (e.type === 'decide') {
    const d = openDecision(state.live, e.decision);
    if (!d) return next(state, { decideRejected: [...state.decideRejected, rejected(e, pos, 'not-pending', `no open decision ${e.decision}`)] });
    if (!d.options.some((o) => o.value === e.answer)) {
      return next(state, { decideRejected: [...state.decideRejected, rejected(e, pos, 'bad-answer', `${e.answer} is not an option of ${e.decision}`)] });
    }
    const answers = { ...state.answers, [e.decision]: e.answer };
    return next(state, { answers, live: derive(state.setup, toArray(state.events), answers) });
  }
  if (e.type === 'undo' || e.type === 'redo' || e.type === 'override' || e.type === 'claim' || e.type === 'dispute') {
    return next(state, { live: reject(state.live, e, pos, 'correction', 'corrections and claims are applied by replay(), not by the engine') });
  }
  // The constructor directly, not next(): this line runs for almost every event of a replay.
  const live = applyEvent(ctxOf(state.setup, state.answers), state.live, e, pos);
  return new GbState(state.setup, push(state.events, e), state.answers, state.decideRejected, live, state.rejectedBeforeStart);
}

/** Every refusal, in log order, from the fields alone (a state restored from a snapshot has no getters). */
export function rejections(s: GbState): RejectedEvent[] {
  return [...s.rejectedBeforeStart, ...(s.live ? toArray(s.live.rejected) : []), ...s.decideRejected].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
