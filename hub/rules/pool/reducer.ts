/**
 * The pool reducer, one per discipline (eight-ball, nine-ball; the engines are built in index.ts)
 * on the general layer of seed 001. Pure: intake checks, then the unsettled tail is re-folded
 * over the last settled state, so late identities and answers give the same state as prompt ones.
 */
import type { RejectedEvent } from '../../../shared/game/engine';
import type { GameEvent, GameEventOf, PlayerSetup } from '../../../shared/game/events';
import type { Discipline } from './discipline';
import { initialTable, type Ctx } from './rack';
import { phaseOf, placeOf, segments } from './segments';
import { sheetProblem, tableFromSheet } from './sheet';
import { applyGapEvent, applyShot } from './table';
import { hasUnnamedBall } from './facts';
import { allRejected, PoolState, type PoolConfig, type PoolFields, type LiveTable } from './state';
import { get, levels, set } from './pmap';
import { fromArray, push, toArray, type List } from '../common/plist';

export const BASE_CONFIG: PoolConfig = {
  raceTo: 5,
  breakOrder: 'alternate',
  refereed: false,
  lateDropMs: 5000,
  crossingCushions: ['foot'],
  threeFoulRule: false,
  cueBall: 'cue',
  callEight: true,
  pushOut: true,
  firstBreaker: null,
  contactSensor: true,
};

export function configFor(d: Discipline, raw: Record<string, unknown> | undefined): { config: PoolConfig; errors: string[] } {
  const config: PoolConfig = { ...BASE_CONFIG, ...d.defaults };
  const errors: string[] = [];
  for (const [k, v] of Object.entries(raw ?? {})) {
    const cur = (config as unknown as Record<string, unknown>)[k];
    if (!(k in config)) errors.push(`unknown option ${k}`);
    else if (k === 'firstBreaker' && (v === null || typeof v === 'string')) config.firstBreaker = v;
    else if (k === 'breakOrder' && (v === 'alternate' || v === 'winner')) config.breakOrder = v;
    else if (k === 'crossingCushions' && Array.isArray(v) && v.every((x) => typeof x === 'string')) config.crossingCushions = v as string[];
    else if (k === 'raceTo' && typeof v === 'number' && Number.isInteger(v) && v >= 1) config.raceTo = v;
    else if (k === 'lateDropMs' && typeof v === 'number' && v >= 0) config.lateDropMs = v;
    else if (k === 'cueBall' && typeof v === 'string' && v.length > 0 && !d.objectBalls.includes(v)) config.cueBall = v;
    else if (typeof cur === 'boolean' && typeof v === 'boolean') (config as unknown as Record<string, unknown>)[k] = v;
    else errors.push(`bad value for ${k}`);
  }
  return { config, errors };
}

/**
 * A state's context, kept per answers object: the reducer needs one on most events, and a new
 * one is two new closures (named ones, under the tsx loader: a property definition each). It
 * only reads the answers and identities, which a new state shares until a decide or identify.
 */
const contexts = new WeakMap<object, { d: Discipline; cfg: PoolConfig; players: PlayerSetup[]; identities: PoolState['identities']; ctx: Ctx }>();

function ctxOf(d: Discipline, s: PoolState): Ctx {
  const hit = contexts.get(s.answers);
  if (hit && hit.d === d && hit.cfg === s.config && hit.players === s.players && hit.identities === s.identities) return hit.ctx;
  const answers = levels(s.answers);
  const identities = levels(s.identities);
  const ctx: Ctx = {
    d,
    cfg: s.config,
    players: s.players,
    identityOf: (seq) => get(identities, String(seq)) ?? get(answers, `event-${seq}:ball`)?.answer,
    answerOf: (id) => get(answers, id)?.answer,
  };
  contexts.set(s.answers, { d, cfg: s.config, players: s.players, identities: s.identities, ctx });
  return ctx;
}

export function derive(ctx: Ctx, base: LiveTable, tail: readonly GameEvent[]): LiveTable {
  let t = base;
  for (const seg of segments(tail)) {
    if (seg.kind === 'shot') t = applyShot(t, seg.raw, ctx);
    else for (const e of seg.events) if (!t.blocked) t = applyGapEvent(t, e, ctx);
  }
  return t;
}

/** Log position in `tail` of every shot start (segments of a tail split consistently at them). */
function shotStarts(tail: readonly GameEvent[]): number[] {
  return segments(tail).flatMap((x) => (x.kind === 'shot' ? [x.start] : []));
}

/**
 * Full re-fold of the tail over the settled state, after something that can change any earlier
 * shot of the tail (an answer, a late identity): move every shot that can no longer change into
 * the settled state, then rebuild the frontier (the table at the start of the last shot) and the
 * view. O(tail), once per answer or identity. Exported for the tests: after any event, a full
 * re-fold must give the state the incremental path (`append`) gave.
 */
export function refresh(d: Discipline, s0: PoolState): PoolState {
  const ctx = ctxOf(d, s0);
  const all = toArray(s0.tail);
  const starts = shotStarts(all);
  let settled = s0.settled;
  let from = 0;
  for (let j = 1; j < starts.length; j++) {
    const t = derive(ctx, settled, all.slice(from, starts[j]));
    if (t.blocked) break;
    settled = t;
    from = starts[j]!;
  }
  const lastStart = starts.length > 0 ? Math.max(from, starts[starts.length - 1]!) : from;
  const frontier = derive(ctx, settled, all.slice(from, lastStart));
  const cur = all.slice(lastStart);
  const table = derive(ctx, frontier, cur);
  const tail = from === 0 ? s0.tail : fromArray(all.slice(from));
  return next(s0, { settled, tail, frontier, cur, table });
}

/**
 * One ordinary event: O(current shot), whatever the length of the match, and O(1) for most. The
 * segments before the last shot of the tail are final (a new shot closes the one before it and
 * the calls between them), so they are folded once into the frontier; the current table is
 * always derive(frontier, cur) (`refresh` builds it so), which the cases below reuse:
 *  - a new shot after one at rest: the frontier becomes the current table as it stands (the
 *    fold of the shots before), and only the new shot's first event is applied;
 *  - an event that joins the gap ending the tail: it is the fold's last step, applied to the
 *    current table alone;
 *  - anything else (a shot in progress, a late drop, a call held until the shot ends) re-folds
 *    the current shot, as late events can change its judgement.
 * While a shot waits for an answer (a blocked frontier, sticky until an answer re-folds
 * everything) later shots only raise identity questions: without an unnamed ball, nothing.
 */
function append(d: Discipline, s: PoolState, e: GameEvent, counter: number): PoolState {
  const p = phaseOf(s.cur);
  const place = placeOf(p, e);
  if (place === 'shot-start' && p === 'closed') {
    const frontier = s.table;
    const table = applyShot(frontier, { key: e.seq ?? 0, events: [e], post: [], complete: false }, ctxOf(d, s));
    // A shot waiting for an answer holds every later event in the tail; otherwise every shot
    // before the new one is final, and the frontier is the new settled state.
    if (frontier.blocked) return played(s, counter, s.settled, push(s.tail, e), frontier, [e], table);
    return played(s, counter, frontier, push(null, e), frontier, [e], table);
  }
  const cur = [...s.cur, e];
  let table: LiveTable;
  if (place === 'last-gap') table = s.table.blocked ? s.table : applyGapEvent(s.table, e, ctxOf(d, s));
  else if (s.frontier.blocked && !hasUnnamedBall(cur)) table = s.frontier;
  else table = derive(ctxOf(d, s), s.frontier, cur);
  return played(s, counter, s.settled, push(s.tail, e), s.frontier, cur, table);
}

/** `s` after an ordinary event: a literal, not a spread with overrides (V8's slow path, on every event). */
function played(s: PoolState, counter: number, settled: LiveTable, tail: List<GameEvent>, frontier: LiveTable, cur: GameEvent[], table: LiveTable): PoolState {
  return new PoolState({
    game: s.game,
    phase: s.phase,
    players: s.players,
    config: s.config,
    sheet: s.sheet,
    settled,
    tail,
    frontier,
    cur,
    answers: s.answers,
    identities: s.identities,
    table,
    counter,
    intakeRejected: s.intakeRejected,
  });
}

/** A new state: `s` with `patch` (states are class instances: see PoolState in state.ts). */
function next(s: PoolState, patch: Partial<PoolFields>): PoolState {
  return new PoolState({ ...s, ...patch });
}

function rejectIntake(s: PoolState, e: GameEvent, code: string, reason: string): PoolState {
  const r: RejectedEvent = { seq: e.seq, type: e.type, code, reason };
  const intake = Array.isArray(s.intakeRejected) ? fromArray(s.intakeRejected as RejectedEvent[]) : s.intakeRejected;
  return next(s, { intakeRejected: push(intake, r) });
}

function startMatch(d: Discipline, s: PoolState, e: GameEventOf<'start'>): PoolState {
  if (s.phase === 'started') return rejectIntake(s, e, 'duplicate-start', 'the match has already started');
  const ids = new Set(e.players.map((p) => p.id));
  if (e.players.length !== 2 || ids.size !== 2) return rejectIntake(s, e, 'players', 'pocket billiards needs exactly two players (or two sides)');
  const { config, errors } = configFor(d, e.config);
  const players: PlayerSetup[] = e.players.map((p) => ({ ...p }));
  // A sheet that does not fit refuses the start: the match is not begun (the hub tells the person why).
  const problem = e.sheet === undefined ? null : sheetProblem(d, config, players, e.sheet);
  if (problem !== null) return rejectIntake(s, e, 'bad_sheet', problem);
  const sheet = e.sheet?.family === 'pool' ? e.sheet : null;
  const withPlayers = next(s, { phase: 'started', players, config, sheet });
  const ctx = ctxOf(d, withPlayers);
  const table = sheet ? tableFromSheet(ctx, sheet) : initialTable(ctx);
  const started = next(withPlayers, { settled: table, frontier: table, table });
  // Unknown options or bad values fall back to the defaults; the match still starts, and the report says so.
  return errors.length > 0 ? rejectIntake(started, e, 'config-ignored', errors.join('; ')) : started;
}

function identify(d: Discipline, s: PoolState, e: GameEventOf<'identify'>): PoolState {
  const known0 = get(levels(s.identities), String(e.ref)) ?? get(levels(s.answers), `event-${e.ref}:ball`)?.answer;
  if (known0 !== undefined) {
    return known0 === e.ball ? s : rejectIntake(s, e, 'identity-conflict', `event ${e.ref} is already identified as ${known0}`);
  }
  const target = toArray(s.tail).find((x) => x.seq === e.ref);
  if (!target || (target.type !== 'pocket' && target.type !== 'off_table') || target.ball !== undefined) {
    return rejectIntake(s, e, 'unknown-ref', `event ${e.ref} is not an unidentified pocket or off-table event still in play`);
  }
  if (e.ball !== s.config.cueBall && !d.objectBalls.includes(e.ball)) return rejectIntake(s, e, 'bad-ball', `no ball ${e.ball} in ${d.id}`);
  return next(s, { identities: set(levels(s.identities), String(e.ref), e.ball) });
}

function decide(s: PoolState, e: GameEventOf<'decide'>): PoolState {
  const q = s.table.questions.find((x) => x.decision.id === e.decision);
  if (!q) return rejectIntake(s, e, 'not-open', `decision ${e.decision} is not open`);
  if (!q.decision.options.some((o) => o.value === e.answer)) return rejectIntake(s, e, 'bad-answer', `${e.answer} is not an option of ${e.decision}`);
  return next(s, { answers: set(levels(s.answers), e.decision, { answer: e.answer, seq: e.seq, who: e.who }) });
}

/** The state before the `start` event. */
export function initialState(d: Discipline): PoolState {
  const players: PlayerSetup[] = [];
  const config = { ...BASE_CONFIG, ...d.defaults };
  const table = initialTable({ d, cfg: config, players, identityOf: () => undefined, answerOf: () => undefined });
  return new PoolState({
    game: d.id,
    phase: 'before-start',
    players,
    config,
    sheet: null,
    settled: table,
    tail: null,
    frontier: table,
    cur: [],
    answers: [],
    identities: [],
    table,
    counter: 0,
    intakeRejected: null,
  });
}

export function reduce(d: Discipline, s0: PoolState, e0: GameEvent): PoolState {
  const e: GameEvent = e0.seq === undefined ? { ...e0, seq: s0.counter } : e0;
  const counter = Math.max(s0.counter, (e.seq ?? 0) + 1);
  if (e.type === 'start') return startMatch(d, next(s0, { counter }), e);
  if (s0.phase !== 'started') return rejectIntake(next(s0, { counter }), e, 'no-start', 'the first event must be start');
  switch (e.type) {
    case 'undo':
    case 'redo':
    case 'override':
    case 'claim':
    case 'dispute':
      return rejectIntake(next(s0, { counter }), e, 'correction', 'corrections and claims are applied by replay(), not by the engine');
    case 'identify':
      return refresh(d, identify(d, next(s0, { counter }), e));
    case 'decide':
      return refresh(d, decide(next(s0, { counter }), e));
    default:
      return append(d, s0, e, counter);
  }
}

/** Every refusal, in log order, from the fields alone (a state restored from a snapshot has no getters). */
export function rejections(s: PoolState): RejectedEvent[] {
  return allRejected(s);
}
