/**
 * The pocket billiards engine factory: one engine per discipline (eight-ball, nine-ball) on the
 * general layer of seed 001. Pure reducer: intake checks, then the unsettled tail is re-folded
 * over the last settled state, so late identities and answers give the same state as prompt ones.
 */
import type { GameSummary, RejectedEvent, RulesEngine } from '../../../shared/game/engine';
import type { GameEvent, GameEventOf, PlayerSetup } from '../../../shared/game/events';
import type { Discipline } from './discipline';
import { initialTable, type Ctx } from './rack';
import { pocketReport } from './report';
import { segments } from './segments';
import { applyGapEvent, applyShot } from './table';
import { PocketState, type PocketConfig, type PocketFields, type LiveTable } from './types';
import { fromArray, push, toArray, type List } from '../common/plist';

export const BASE_CONFIG: PocketConfig = {
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

export function configFor(d: Discipline, raw: Record<string, unknown> | undefined): { config: PocketConfig; errors: string[] } {
  const config: PocketConfig = { ...BASE_CONFIG, ...d.defaults };
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

function ctxOf(d: Discipline, s: PocketState): Ctx {
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
export function refresh(d: Discipline, s0: PocketState): PocketState {
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
function append(d: Discipline, s: PocketState, e: GameEvent): PocketState {
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

/** A new state: `s` with `patch` (states are class instances: see PocketState in types.ts). */
function next(s: PocketState, patch: Partial<PocketFields>): PocketState {
  return new PocketState({ ...s, ...patch });
}

function rejectIntake(s: PocketState, e: GameEvent, code: string, reason: string): PocketState {
  const r: RejectedEvent = { seq: e.seq, type: e.type, code, reason };
  return next(s, { intakeRejected: [...s.intakeRejected, r] });
}

function startMatch(d: Discipline, s: PocketState, e: GameEventOf<'start'>): PocketState {
  if (s.phase === 'started') return rejectIntake(s, e, 'duplicate-start', 'the match has already started');
  const ids = new Set(e.players.map((p) => p.id));
  if (e.players.length !== 2 || ids.size !== 2) return rejectIntake(s, e, 'players', 'pocket billiards needs exactly two players (or two sides)');
  const { config, errors } = configFor(d, e.config);
  const players: PlayerSetup[] = e.players.map((p) => ({ ...p }));
  const withPlayers = next(s, { phase: 'started', players, config });
  const table = initialTable(ctxOf(d, withPlayers));
  const started = next(withPlayers, { settled: table, frontier: table, table });
  // Unknown options or bad values fall back to the defaults; the match still starts, and the report says so.
  return errors.length > 0 ? rejectIntake(started, e, 'config-ignored', errors.join('; ')) : started;
}

function identify(d: Discipline, s: PocketState, e: GameEventOf<'identify'>): PocketState {
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

function decide(s: PocketState, e: GameEventOf<'decide'>): PocketState {
  const q = s.table.questions.find((x) => x.decision.id === e.decision);
  if (!q) return rejectIntake(s, e, 'not-open', `decision ${e.decision} is not open`);
  if (!q.decision.options.some((o) => o.value === e.answer)) return rejectIntake(s, e, 'bad-answer', `${e.answer} is not an option of ${e.decision}`);
  return next(s, { answers: { ...s.answers, [e.decision]: { answer: e.answer, seq: e.seq, who: e.who } } });
}

export function makeEngine(d: Discipline): RulesEngine<PocketState> {
  const empty = (): PocketState => {
    const players: PlayerSetup[] = [];
    const config = { ...BASE_CONFIG, ...d.defaults };
    const table = initialTable({ d, cfg: config, players, identityOf: () => undefined, answerOf: () => undefined });
    return new PocketState({ game: d.id, phase: 'before-start', players, config, settled: table, tail: null, frontier: table, cur: [], answers: {}, identities: {}, table, counter: 0, intakeRejected: [] });
  };
  return {
    id: d.id,
    title: d.title,
    initial: empty,
    reduce(s0, e0) {
      const e: GameEvent = e0.seq === undefined ? { ...e0, seq: s0.counter } : e0;
      const s = next(s0, { counter: Math.max(s0.counter, (e.seq ?? 0) + 1) });
      if (e.type === 'start') return startMatch(d, s, e);
      if (s.phase !== 'started') return rejectIntake(s, e, 'no-start', 'the first event must be start');
      switch (e.type) {
        case 'undo':
        case 'redo':
        case 'override':
          return rejectIntake(s, e, 'correction', 'corrections are applied by replay(), not by the engine');
        case 'identify':
          return refresh(d, identify(d, s, e));
        case 'decide':
          return refresh(d, decide(s, e));
        default:
          return append(d, s, e);
      }
    },
    summary: (s) => summarize(d, s),
    report: (s) => pocketReport(d, s),
    // A table none of whose profiled devices has a contact sensor (the pool profile): the first
    // contact is asked instead of taken as none (PB-SHOT-1 on every shot). Unknown profiles: the default.
    tableOptions: (table) => (table.complete && !table.sensors.some((x) => x.kind === 'piezo' && x.event === 'contact') ? { contactSensor: false } : {}),
    // From the fields alone: a state restored from a snapshot has no getters.
    rejections: (s) => [...s.intakeRejected, ...toArray(s.table.rejected)].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)),
  };
}

/** Called on every event by the hub: reads the working table (no history is copied). */
export function summarize(d: Discipline, s: PocketState): GameSummary {
  const t = s.table;
  const pending = t.questions.map((q) => q.decision);
  const players = s.players.map((p) => ({ id: p.id, name: p.name, ...(p.side ? { side: p.side } : {}), score: t.racksWon[p.id] ?? 0 }));
  const name = (id: string | null) => s.players.find((p) => p.id === id)?.name ?? id ?? '-';
  const score = players.map((p) => `${p.name} ${p.score}`).join(' – ');
  let tail = '';
  if (t.status === 'finished') tail = `${name(t.winner)} wins the match`;
  else if (t.status === 'abandoned') tail = 'abandoned';
  else if (t.rackNo === 0) tail = 'lag for the break';
  else if (t.blocked) {
    // Questions with a default settle by themselves after the hub's wait; say which need a person.
    const needed = pending.filter((p) => p.default === null).length;
    tail = `rack ${t.rackNo}: waiting for ${pending.length === 1 ? 'an answer' : `${pending.length} answers`}${needed > 0 ? ` (${needed} without a default)` : ''}`;
  }
  else tail = `rack ${t.rackNo}: ${name(t.turn)} to shoot${t.ballInHand ? `, ball in hand${t.ballInHand === 'kitchen' ? ' behind the head string' : ''}` : ''}${twoFoulWarning(s, t.turn)}`;
  return {
    game: d.id,
    status: s.phase !== 'started' || t.rackNo === 0 ? (t.status === 'abandoned' ? 'abandoned' : 'setup') : t.status,
    players,
    turn: t.status === 'playing' && !t.blocked ? t.turn : null,
    provisional: t.questions.some((q) => q.action.type !== 'option'),
    pending,
    winner: t.winner,
    headline: `${score} (race to ${s.config.raceTo}), ${tail}`,
  };
}

/**
 * WPA 6.14 (three consecutive fouls): the shooter on two fouls must be warned when he comes to
 * the table, or a third foul only counts as the second. The engine gives that warning itself, in
 * the headline the table shows while that player is to shoot.
 */
function twoFoulWarning(s: PocketState, turn: string | null): string {
  if (!s.config.threeFoulRule || turn === null || (s.table.fouls[turn] ?? 0) !== 2) return '';
  return ' (on two fouls: a third foul loses the rack)';
}
