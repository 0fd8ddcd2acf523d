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
import type { PocketConfig, PocketState, Table } from './types';

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

export function derive(ctx: Ctx, base: Table, tail: readonly GameEvent[]): Table {
  let t = base;
  for (const seg of segments(tail)) {
    if (seg.kind === 'shot') t = applyShot(t, seg.raw, ctx);
    else for (const e of seg.events) if (!t.blocked) t = applyGapEvent(t, e, ctx);
  }
  return t;
}

/** Re-fold the tail and move every shot that can no longer change into the settled state. */
function refresh(d: Discipline, s0: PocketState): PocketState {
  let s = s0;
  const ctx = ctxOf(d, s);
  for (;;) {
    const segs = segments(s.tail);
    const secondShot = segs.filter((x) => x.kind === 'shot')[1];
    if (!secondShot) break;
    const settled = derive(ctx, s.settled, s.tail.slice(0, secondShot.start));
    if (settled.blocked) break;
    s = { ...s, settled, tail: s.tail.slice(secondShot.start) };
  }
  const view = derive(ctx, s.settled, s.tail);
  return { ...s, view, rejected: allRejected(s.intakeRejected, view) };
}

function allRejected(intake: RejectedEvent[], view: Table): RejectedEvent[] {
  return [...intake, ...view.rejected].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

function rejectIntake(s: PocketState, e: GameEvent, code: string, reason: string): PocketState {
  const r: RejectedEvent = { seq: e.seq, type: e.type, code, reason };
  const intakeRejected = [...s.intakeRejected, r];
  return { ...s, intakeRejected, rejected: allRejected(intakeRejected, s.view) };
}

function startMatch(d: Discipline, s: PocketState, e: GameEventOf<'start'>): PocketState {
  if (s.phase === 'started') return rejectIntake(s, e, 'duplicate-start', 'the match has already started');
  const ids = new Set(e.players.map((p) => p.id));
  if (e.players.length !== 2 || ids.size !== 2) return rejectIntake(s, e, 'players', 'pocket billiards needs exactly two players (or two sides)');
  const { config, errors } = configFor(d, e.config);
  const players: PlayerSetup[] = e.players.map((p) => ({ ...p }));
  const next: PocketState = { ...s, phase: 'started', players, config };
  const table = initialTable(ctxOf(d, next));
  const started = { ...next, settled: table, view: table };
  // Unknown options or bad values fall back to the defaults; the match still starts, and the report says so.
  return errors.length > 0 ? rejectIntake(started, e, 'config-ignored', errors.join('; ')) : started;
}

function identify(d: Discipline, s: PocketState, e: GameEventOf<'identify'>): PocketState {
  const known0 = s.identities[String(e.ref)] ?? s.answers[`event-${e.ref}:ball`]?.answer;
  if (known0 !== undefined) {
    return known0 === e.ball ? s : rejectIntake(s, e, 'identity-conflict', `event ${e.ref} is already identified as ${known0}`);
  }
  const target = s.tail.find((x) => x.seq === e.ref);
  if (!target || (target.type !== 'pocket' && target.type !== 'off_table') || target.ball !== undefined) {
    return rejectIntake(s, e, 'unknown-ref', `event ${e.ref} is not an unidentified pocket or off-table event still in play`);
  }
  if (e.ball !== s.config.cueBall && !d.objectBalls.includes(e.ball)) return rejectIntake(s, e, 'bad-ball', `no ball ${e.ball} in ${d.id}`);
  return { ...s, identities: { ...s.identities, [String(e.ref)]: e.ball } };
}

function decide(s: PocketState, e: GameEventOf<'decide'>): PocketState {
  const q = s.view.questions.find((x) => x.decision.id === e.decision);
  if (!q) return rejectIntake(s, e, 'not-open', `decision ${e.decision} is not open`);
  if (!q.decision.options.some((o) => o.value === e.answer)) return rejectIntake(s, e, 'bad-answer', `${e.answer} is not an option of ${e.decision}`);
  return { ...s, answers: { ...s.answers, [e.decision]: { answer: e.answer, seq: e.seq, who: e.who } } };
}

export function makeEngine(d: Discipline): RulesEngine<PocketState> {
  const empty = (): PocketState => {
    const players: PlayerSetup[] = [];
    const config = { ...BASE_CONFIG, ...d.defaults };
    const table = initialTable({ d, cfg: config, players, identityOf: () => undefined, answerOf: () => undefined });
    return { game: d.id, phase: 'before-start', players, config, settled: table, tail: [], answers: {}, identities: {}, view: table, counter: 0, intakeRejected: [], rejected: [] };
  };
  return {
    id: d.id,
    title: d.title,
    initial: empty,
    reduce(s0, e0) {
      const e: GameEvent = e0.seq === undefined ? { ...e0, seq: s0.counter } : e0;
      const s: PocketState = { ...s0, counter: Math.max(s0.counter, (e.seq ?? 0) + 1) };
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
          return refresh(d, { ...s, tail: [...s.tail, e] });
      }
    },
    summary: (s) => summarize(d, s),
    report: (s) => pocketReport(d, s),
  };
}

export function summarize(d: Discipline, s: PocketState): GameSummary {
  const t = s.view;
  const pending = t.questions.map((q) => q.decision);
  const players = s.players.map((p) => ({ id: p.id, name: p.name, ...(p.side ? { side: p.side } : {}), score: t.racksWon[p.id] ?? 0 }));
  const name = (id: string | null) => s.players.find((p) => p.id === id)?.name ?? id ?? '-';
  const score = players.map((p) => `${p.name} ${p.score}`).join(' – ');
  let tail = '';
  if (t.status === 'finished') tail = `${name(t.winner)} wins the match`;
  else if (t.status === 'abandoned') tail = 'abandoned';
  else if (t.rackNo === 0) tail = 'lag for the break';
  else if (t.blocked) tail = `rack ${t.rackNo}: waiting for an answer (${pending.filter((p) => p.default === null).length} open)`;
  else tail = `rack ${t.rackNo}: ${name(t.turn)} to shoot${t.ballInHand ? `, ball in hand${t.ballInHand === 'kitchen' ? ' behind the head string' : ''}` : ''}`;
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
