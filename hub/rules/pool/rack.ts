/**
 * Racks, options and the match around them: setting up a rack, finishing it (race to N), and the
 * players' options after a shot: the lag choice (general layer) and the options each discipline
 * declares (break options, push-out reply), raised and applied here.
 */
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { GameEvent, GameEventOf, PlayerSetup } from '../../../shared/game/events';
import type { Discipline, OptionSpec } from './discipline';
import type { AnswerOf, IdentityOf } from './facts';
import { push } from '../common/plist';
import { emptyPrep, type BallState, type OpenQuestion, type PoolConfig, type LiveTable } from './state';

export interface Ctx {
  d: Discipline;
  cfg: PoolConfig;
  players: PlayerSetup[];
  identityOf: IdentityOf;
  answerOf: AnswerOf;
}

export function allBalls(ctx: Ctx): string[] {
  return [ctx.cfg.cueBall, ...ctx.d.objectBalls];
}

export function other(ctx: Ctx, p: string): string {
  const o = ctx.players.find((x) => x.id !== p);
  return o ? o.id : p;
}

export function initialTable(ctx: Ctx): LiveTable {
  const zero = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  return {
    status: 'setup',
    rackNo: 0,
    breaker: null,
    lagWinner: null,
    breakerSource: null,
    turn: null,
    balls: Object.fromEntries(allBalls(ctx).map((b) => [b, 'table' as const])),
    ballInHand: null,
    started: false,
    shotsInRack: 0,
    inning: 0,
    fouls: { ...zero },
    racksWon: { ...zero },
    winner: null,
    disc: ctx.d.initialDisc(),
    prep: emptyPrep(),
    shots: null,
    racks: null,
    refLog: null,
    questions: [],
    blocked: false,
    rejected: null,
  };
}

export function reject(t: LiveTable, e: GameEvent, code: string, reason: string): LiveTable {
  const r: RejectedEvent = { seq: e.seq, type: e.type, code, reason };
  return { ...t, rejected: push(t.rejected, r) };
}

export function log(t: LiveTable, e: GameEventOf<'ref'>, effect: string): LiveTable {
  return { ...t, refLog: push(t.refLog, { seq: e.seq, call: e.call, player: e.player, who: e.who, why: e.why, effect }) };
}

/**
 * `balls` with `ball` set to `state`, copied from `orig` at the first change only: most shots
 * move no ball in or out of play, and a copy of the ball map (integer-like keys) costs V8 about
 * as much as the rest of the shot. The keys keep the order a copy and an assignment give.
 */
export function setBall(balls: LiveTable['balls'], orig: LiveTable['balls'], ball: string, state: BallState): LiveTable['balls'] {
  if (balls[ball] === state) return balls;
  const out = balls === orig ? copyBalls(orig) : balls;
  out[ball] = state;
  return out;
}

function copyBalls(balls: LiveTable['balls']): LiveTable['balls'] {
  const out: LiveTable['balls'] = {};
  for (const k of Object.keys(balls)) out[k] = balls[k]!;
  return out;
}

/** Set up a rack (new, re-racked or replayed): all balls on the table, breaker has ball in hand in the kitchen. */
export function setupRack(t: LiveTable, ctx: Ctx, breaker: string, rackNo: number): LiveTable {
  return {
    ...t,
    status: 'playing',
    rackNo,
    breaker,
    turn: breaker,
    balls: Object.fromEntries(allBalls(ctx).map((b) => [b, 'table' as const])),
    ballInHand: 'kitchen',
    started: false,
    shotsInRack: 0,
    fouls: Object.fromEntries(ctx.players.map((p) => [p.id, 0])),
    disc: ctx.d.initialDisc(),
    prep: emptyPrep(),
  };
}

export function finishRack(t: LiveTable, ctx: Ctx, winner: string, reason: string): LiveTable {
  const racksWon = { ...t.racksWon, [winner]: (t.racksWon[winner] ?? 0) + 1 };
  const racks = push(t.racks, { no: t.rackNo, breaker: t.breaker ?? winner, winner, reason, shots: t.shotsInRack });
  const done: LiveTable = { ...t, racksWon, racks, questions: t.questions.filter((q) => q.action.type !== 'option') };
  if ((racksWon[winner] ?? 0) >= ctx.cfg.raceTo) {
    return { ...done, status: 'finished', winner, turn: null, ballInHand: null, prep: emptyPrep() };
  }
  const next = ctx.cfg.breakOrder === 'winner' ? winner : other(ctx, t.breaker ?? winner);
  return setupRack(done, ctx, next, t.rackNo + 1);
}

/** The general layer's own options: PB-LAG-3's lag choice, and PB-FOUL-6's below. */
const LAG_CHOICE: OptionSpec = {
  question: 'Lag winner: break, or let the opponent break?',
  values: [
    ['break', 'Break'],
    ['pass', 'Let the opponent break'],
  ],
  def: 'break',
  apply: (answer, chooser, rival) => ({ kind: 'rerack', breaker: answer === 'pass' ? rival : chooser }),
};

/**
 * PB-FOUL-6 (seed 001 §5 d, last sentence): after an accidental touch that is no foul at an
 * unrefereed table (PB-FOUL-5), "at the choice of the player who is not shooting, the disturbed
 * balls are put back in their old positions or stay as they are". Play going on leaves them.
 */
export const TOUCH_CHOICE: OptionSpec = {
  question: 'An accidental touch moved balls (no foul, PB-FOUL-5): put them back, or leave them where they are?',
  values: [
    ['restore', 'Put them back where they were'],
    ['leave', 'Leave them where they are'],
  ],
  def: 'leave',
  apply: () => ({ kind: 'record' }),
};

/** The options of the general layer (PB-LAG-3, PB-FOUL-6); every other option belongs to the discipline. */
export const GENERAL_OPTIONS: Readonly<Record<string, OptionSpec>> = { 'lag-choice': LAG_CHOICE, 'touch-restore': TOUCH_CHOICE };

function optionSpec(ctx: Ctx, kind: string): OptionSpec {
  const spec = GENERAL_OPTIONS[kind] ?? ctx.d.options[kind];
  // A discipline that raises an option it does not declare is a programming error, found by its tests.
  if (!spec) throw new Error(`${ctx.d.id}: option ${kind} is not declared by the discipline`);
  return spec;
}

/** Raise a player's option; an answer already given (late fold) applies at once. */
export function raiseOption(t: LiveTable, ctx: Ctx, kind: string, chooser: string, id: string, raisedAt: number): LiveTable {
  const spec = optionSpec(ctx, kind);
  const decision: PendingDecision = {
    id,
    kind: `pocket.${kind}`,
    question: spec.question,
    options: spec.values.map(([value, label]) => ({ value, label })),
    default: spec.def,
    answeredBy: 'players',
    evidence: [`${chooser} chooses`],
    raisedAt,
  };
  const q: OpenQuestion = { decision, action: { type: 'option', option: kind, chooser, other: other(ctx, chooser) } };
  const answer = ctx.answerOf(id);
  if (answer !== undefined) return applyOption(t, ctx, q, answer, 'answered');
  return { ...t, questions: [...t.questions, q] };
}

function applyOption(t0: LiveTable, ctx: Ctx, q: OpenQuestion, answer: string, how: string): LiveTable {
  if (q.action.type !== 'option') return t0;
  const { option, chooser, other: rival } = q.action;
  let t: LiveTable = { ...t0, questions: t0.questions.filter((x) => x.decision.id !== q.decision.id) };
  const note = `${q.decision.id}: ${answer} (${how})`;
  const effect = optionSpec(ctx, option).apply(answer, chooser, rival);
  if (option === 'lag-choice') t = setupRack({ ...t, breakerSource: 'lag' }, ctx, effect.kind === 'rerack' ? effect.breaker : chooser, 1);
  else if (effect.kind === 'rerack') t = setupRack(t, ctx, effect.breaker, t.rackNo);
  else if (effect.kind === 'play') {
    let balls = t.balls;
    for (const b of effect.spot) balls = setBall(balls, t.balls, b, 'table');
    t = { ...t, balls, turn: effect.turn };
  }
  return { ...t, refLog: push(t.refLog, { seq: undefined, call: 'option', player: chooser, who: undefined, why: undefined, effect: note }) };
}

/** A new shot starts: options nobody answered take their default. */
export function closeOptions(t0: LiveTable, ctx: Ctx): LiveTable {
  let t = t0;
  for (const q of t0.questions) {
    if (q.action.type === 'option') t = applyOption(t, ctx, q, q.decision.default ?? '', 'default: play went on');
  }
  return t;
}

export function startFirstRack(t: LiveTable, ctx: Ctx): LiveTable {
  if (t.rackNo > 0) return t;
  const configured = ctx.cfg.firstBreaker !== null && ctx.players.some((p) => p.id === ctx.cfg.firstBreaker) ? ctx.cfg.firstBreaker : null;
  const breaker = configured ?? ctx.players[0]!.id;
  return setupRack({ ...t, breakerSource: configured ? 'config' : 'start-order' }, ctx, breaker, 1);
}
