/**
 * The pool reducer, one per discipline (eight-ball, nine-ball; the engines are built in index.ts)
 * on the general layer of seed 001. Pure: intake checks, then the unsettled tail is re-folded
 * over the last settled state, so late identities and answers give the same state as prompt ones.
 */
import type { RejectedEvent } from '../../../shared/game/engine';
import type { GameEvent, GameEventOf, PlayerSetup } from '../../../shared/game/events';
import type { Discipline } from './discipline';
import { initialTable, type Ctx } from './rack';
import { segments } from './segments';
import { sheetProblem, tableFromSheet } from './sheet';
import { applyGapEvent, applyShot } from './table';
import { PoolState, type PoolConfig, type PoolFields, type LiveTable } from './state';
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

function ctxOf(d: Discipline, s: PoolState): Ctx {
  return {
    d,
    cfg: s.config,
    players: s.players,
    identityOf: (seq) => s.identities[String(seq)] ?? s.answers[`event-${seq}:ball`]?.answer,
    answerOf: (id) => s.answers[id]?.answer,
  };
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
 * One ordinary event: O(current shot), whatever the length of the match. The segments before
 * the last shot of the tail are final (a new shot closes the one before it and the calls between
 * them), so they are folded once into the frontier; only the last shot and what follows it are
 * re-folded on every event (late drops and calls after at_rest still change that shot).
 */
function append(d: Discipline, s: PoolState, e: GameEvent): PoolState {
  const ctx = ctxOf(d, s);
  let cur = [...s.cur, e];
  let frontier = s.frontier;
  let settled = s.settled;
  let tail: List<GameEvent> = push(s.tail, e);
  const starts = shotStarts(cur);
  if (starts.length >= 2) {
    const at = starts[starts.length - 1]!;
    frontier = derive(ctx, frontier, cur.slice(0, at));
    cur = cur.slice(at);
    // No shot waits for an answer (a wait is sticky until an answer re-folds everything): every
    // shot before the new one is final, and the frontier is the new settled state.
    if (!frontier.blocked) {
      settled = frontier;
      tail = fromArray(cur);
    }
  }
  return next(s, { settled, tail, frontier, cur, table: derive(ctx, frontier, cur) });
}

/** A new state: `s` with `patch` (states are class instances: see PoolState in state.ts). */
function next(s: PoolState, patch: Partial<PoolFields>): PoolState {
  return new PoolState({ ...s, ...patch });
}

function rejectIntake(s: PoolState, e: GameEvent, code: string, reason: string): PoolState {
  const r: RejectedEvent = { seq: e.seq, type: e.type, code, reason };
  return next(s, { intakeRejected: [...s.intakeRejected, r] });
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
  const known0 = s.identities[String(e.ref)] ?? s.answers[`event-${e.ref}:ball`]?.answer;
  if (known0 !== undefined) {
    return known0 === e.ball ? s : rejectIntake(s, e, 'identity-conflict', `event ${e.ref} is already identified as ${known0}`);
  }
  const target = toArray(s.tail).find((x) => x.seq === e.ref);
  if (!target || (target.type !== 'pocket' && target.type !== 'off_table') || target.ball !== undefined) {
    return rejectIntake(s, e, 'unknown-ref', `event ${e.ref} is not an unidentified pocket or off-table event still in play`);
  }
  if (e.ball !== s.config.cueBall && !d.objectBalls.includes(e.ball)) return rejectIntake(s, e, 'bad-ball', `no ball ${e.ball} in ${d.id}`);
  return next(s, { identities: { ...s.identities, [String(e.ref)]: e.ball } });
}

function decide(s: PoolState, e: GameEventOf<'decide'>): PoolState {
  const q = s.table.questions.find((x) => x.decision.id === e.decision);
  if (!q) return rejectIntake(s, e, 'not-open', `decision ${e.decision} is not open`);
  if (!q.decision.options.some((o) => o.value === e.answer)) return rejectIntake(s, e, 'bad-answer', `${e.answer} is not an option of ${e.decision}`);
  return next(s, { answers: { ...s.answers, [e.decision]: { answer: e.answer, seq: e.seq, who: e.who } } });
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
    answers: {},
    identities: {},
    table,
    counter: 0,
    intakeRejected: [],
  });
}

export function reduce(d: Discipline, s0: PoolState, e0: GameEvent): PoolState {
  const e: GameEvent = e0.seq === undefined ? { ...e0, seq: s0.counter } : e0;
  const s = next(s0, { counter: Math.max(s0.counter, (e.seq ?? 0) + 1) });
  if (e.type === 'start') return startMatch(d, s, e);
  if (s.phase !== 'started') return rejectIntake(s, e, 'no-start', 'the first event must be start');
  switch (e.type) {
    case 'undo':
    case 'redo':
    case 'override':
    case 'claim':
    case 'dispute':
      return rejectIntake(s, e, 'correction', 'corrections and claims are applied by replay(), not by the engine');
    case 'identify':
      return refresh(d, identify(d, s, e));
    case 'decide':
      return refresh(d, decide(s, e));
    default:
      return append(d, s, e);
  }
}

/** Every refusal, in log order, from the fields alone (a state restored from a snapshot has no getters). */
export function rejections(s: PoolState): RejectedEvent[] {
  return [...s.intakeRejected, ...toArray(s.table.rejected)].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
