/**
 * The carom reducer. `reduceCore` is the game; `reduce` wraps it with the pending-decision model:
 * while a decision is open the engine keeps the state before it (`base`) and the events since
 * (`tail`), applies the decision's default provisionally, and when the answer comes re-folds the
 * tail with the answer known from the start. A late answer therefore gives exactly the state an
 * immediate answer would have given.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { push } from '../common/plist';
import { append, toArray } from '../common/prefix';
import { ballsOf, defaultConfig, parseConfig, type CaromGame } from './config';
import { refCall, endTimeout } from './calls';
import { lagSensor, startLag } from './lag';
import { beginPlay, clockFrom, endInning } from './match';
import { resolveShot } from './resolve';
import { isOldTail, upgradeLive, upgradeTail } from './legacy';
import { continueFromSheet } from './sheet';
import {
  CaromState,
  type Live,
  type FoulRec,
  type LivePlayer,
  type ShotRec,
  emptyLive,
  findPlayer,
  innings,
  newPlayer,
  playerAt,
  reject,
  updatePlayer,
  draft,
  edit,
  editPlayer,
  withEvents,
  withShot,
} from './state';
import { type LiveDecision, decisionId, hasId } from './evidence';

export function initialState(game: CaromGame): CaromState {
  return new CaromState(emptyLive(game, defaultConfig(game)), null, null);
}

function start(s: Live, e: GameEventOf<'start'>): Live {
  if (s.status !== 'setup') return reject(s, e, 'already_started', 'the match has already started');
  const ids = e.players.map((p) => p.id);
  if (e.players.length < 2 || e.players.length > 3) return reject(s, e, 'players', 'carom needs two or three players');
  if (new Set(ids).size !== ids.length) return reject(s, e, 'players', 'player ids must differ');
  const { config, problems } = parseConfig(s.game, e.config);
  const players: LivePlayer[] = e.players.map((p) => {
    const rec: LivePlayer = newPlayer(p.id, p.name);
    return p.side !== undefined ? { ...rec, side: p.side } : rec;
  });
  let next: Live = edit(s, { config, players });
  for (const problem of problems) next = reject(next, e, 'bad_config', problem);
  if (e.sheet !== undefined) {
    const continued = continueFromSheet(next, e.sheet);
    if (continued.ok) return continued.live;
    // A sheet that does not fit refuses the start: the match is still to start.
    let refused = s;
    for (const problem of problems) refused = reject(refused, e, 'bad_config', problem);
    for (const problem of continued.problems) refused = reject(refused, e, 'bad_sheet', problem);
    return refused;
  }
  if (config.lag && players.length === 2) return startLag(next);
  return beginPlay(next, players[0]!.id);
}

function newShot(s: Live, e: GameEvent): Live {
  const p = playerAt(s)!;
  // A strike sensor or the referee named the striker: the engine judges his stroke, not the turn's (CG-FOUL-4).
  const striker = e.type === 'strike' && e.player !== undefined && e.player !== p.id ? findPlayer(s, e.player) : undefined;
  const shot: ShotRec = {
    no: s.shots + 1,
    player: striker?.id ?? p.id,
    cue: s.cue!,
    struck: e.type === 'strike' ? e.ball : undefined,
    events: [e],
    fouls: NO_FOULS,
    startSeq: e.seq,
  };
  if (striker) shot.outOfTurn = p.id;
  // Written into one copy (state.ts `draft`), once per shot. An empty spotting list or a stopped
  // clock already in the state is kept: the same value, shared like the rest of the state.
  const next = draft(s);
  next.shot = shot;
  next.shots = s.shots + 1;
  next.spotting = s.spotting.length === 0 ? s.spotting : [];
  next.restoreOption = null;
  next.clock = isStopped(s.clock) ? s.clock : { running: false, startedAt: null, player: null };
  return next.timeoutActive ? endTimeout(next, e) : next;
}

/** No foul called yet in the shot: one shared list (calls copy it to add one, never change it). */
const NO_FOULS: FoulRec[] = Object.freeze([]) as unknown as FoulRec[];

function isStopped(c: Live['clock']): boolean {
  return !c.running && c.startedAt === null && c.player === null;
}

function strangerOf(all: readonly string[], b: string | undefined): string | undefined {
  return b !== undefined && !all.includes(b) ? b : undefined;
}

/** A ball `e` names that is not in the game, if any. */
function strangerIn(s: Live, e: GameEvent): string | undefined {
  if (e.type === 'contact') {
    if (e.a === undefined && e.b === undefined) return undefined;
    const all = ballsOf(s.game, s.config);
    return strangerOf(all, e.a) ?? strangerOf(all, e.b);
  }
  if (e.type === 'track') {
    const all = ballsOf(s.game, s.config);
    let found = strangerOf(all, e.cue);
    for (const r of e.readings)
      for (const x of r.events) found ??= x.type === 'cushion' ? strangerOf(all, x.ball) : (strangerOf(all, x.a) ?? strangerOf(all, x.b));
    return found;
  }
  if (!('ball' in e) || e.ball === undefined) return undefined;
  return strangerOf(ballsOf(s.game, s.config), e.ball);
}

function sensor(s: Live, e: GameEvent): Live {
  if (s.status === 'lag') return lagSensor(s, e);
  if (s.status !== 'playing') return reject(s, e, 'not_playing', `no play in status ${s.status}`);
  if (e.type === 'at_rest') {
    if (!s.shot) return reject(s, e, 'no_shot', 'at rest without a shot');
    return afterShot(resolveShot(s, e), e);
  }
  const stranger = strangerIn(s, e);
  if (stranger !== undefined) return reject(s, e, 'unknown_ball', `ball "${stranger}" is not in this game`);
  if (e.type === 'contact' && e.a !== undefined && e.a === e.b) return reject(s, e, 'bad_contact', 'a ball cannot contact itself');
  // A strike while a shot is under way stays in the shot: CG-FOUL-2 evidence (resolve.ts asks).
  if (e.type === 'strike' && !s.shot) return newShot(s, e);
  // The tracker reads a shot that is under way (hub/tracker): with no shot it reads nothing.
  if (e.type === 'track' && !s.shot) return reject(s, e, 'no_shot', 'a tracker reading without a shot');
  if (e.type === 'identify') {
    if (!s.shot) return reject(s, e, 'unknown_ref', 'identify refers to no event of the shot in progress');
    const i = s.shot.events.findIndex((x) => x.seq === e.ref);
    const target = s.shot.events[i];
    if (!target) return reject(s, e, 'unknown_ref', `no event seq ${e.ref} in the shot in progress`);
    let patched: GameEvent | null = null;
    if ((target.type === 'cushion' || target.type === 'off_table') && target.ball === undefined) patched = { ...target, ball: e.ball };
    if (target.type === 'contact' && target.a === undefined) patched = { ...target, a: e.ball };
    else if (target.type === 'contact' && target.b === undefined) patched = { ...target, b: e.ball };
    if (!patched) return reject(s, e, 'already_known', `event seq ${e.ref} already names its balls`);
    if (patched.type === 'contact' && patched.a === patched.b) return reject(s, e, 'bad_contact', 'a ball cannot contact itself');
    const events = s.shot.events.map((x, j) => (j === i ? patched! : x));
    return edit(s, { shot: { ...s.shot, events } });
  }
  if (!s.shot) return newShot(s, e);
  return withShot(s, withEvents(s.shot, appended(s.shot.events, e)));
}

/**
 * `[...events, e]` in an array of exactly that size: once per sensor event of every shot, where
 * the spread's iteration and the slack of a grown array were a tenth of the replay's garbage.
 */
function appended(events: readonly GameEvent[], e: GameEvent): GameEvent[] {
  const n = events.length;
  const out = new Array<GameEvent>(n + 1);
  for (let i = 0; i < n; i++) out[i] = events[i]!;
  out[n] = e;
  return out;
}

/** CQ-21: with a shot clock, it starts when the balls come to rest. */
function afterShot(s: Live, e: GameEvent): Live {
  if (s.status !== 'playing' || s.config.shotClockSeconds === null) return s;
  return edit(s, { clock: clockFrom(s, e.t) });
}

function clock(s: Live, e: GameEventOf<'clock'>): Live {
  if (e.clock === 'timeout') {
    if (e.phase === 'expire' || e.phase === 'stop') return endTimeout(s, e);
    return s;
  }
  if (e.clock !== 'shot') return reject(s, e, 'unknown_clock', `clock "${e.clock}" is not a carom clock`);
  if (s.config.shotClockSeconds === null) return reject(s, e, 'no_shot_clock', 'this game has no shot clock');
  if (s.status !== 'playing') return reject(s, e, 'not_playing', `no play in status ${s.status}`);
  const at = playerAt(s)!;
  if (e.phase === 'start') {
    // The clock times the wait for a stroke: not during a shot, nor during a timeout (C3-TO-4).
    if (s.shot) return reject(s, e, 'shot_in_progress', 'the shot clock starts when the balls are at rest');
    if (s.timeoutActive) return reject(s, e, 'timeout_active', 'a timeout is running');
    return edit(s, { clock: clockFrom(s, e.t) });
  }
  if (e.phase === 'stop') return edit(s, { clock: { ...s.clock, running: false } });
  if (e.phase === 'warn') return s;
  if (s.shot) return reject(s, e, 'stale_clock', 'the player struck before the clock expired');
  // Stopped by the referee, by a timeout, or never started: nothing ran out.
  if (!s.clock.running) return reject(s, e, 'stale_clock', 'the shot clock is not running');
  if (e.player !== undefined && e.player !== at.id) return reject(s, e, 'stale_clock', 'the clock was for another player');
  // C3-TIME-1: "did not play": a foul, the play passes to the opponent.
  const rec: FoulRec = { seq: e.seq, t: e.t, player: at.id, code: 'did_not_play', inning: innings(at), intentional: false, who: undefined };
  const next = endInning(updatePlayer(edit(s, { fouls: push(s.fouls, rec) }), at.id, (p) => editPlayer(p, { fouls: p.fouls + 1 })));
  // The balls are at rest and the opponent is to play: his 30 s start now (CQ-21).
  // No ball moved: nothing to restore (C3-FOUL-8).
  return edit(next, { clock: clockFrom(next, e.t), restoreOption: null });
}

export function reduceCore(s: Live, e: GameEvent): Live {
  if (e.type === 'start') return start(s, e);
  if (s.status === 'setup') return reject(s, e, 'no_start', 'the first event must be start');
  switch (e.type) {
    case 'strike':
    case 'contact':
    case 'cushion':
    case 'off_table':
    case 'at_rest':
    case 'identify':
    case 'track':
      if (s.status === 'finished' || s.status === 'abandoned') return reject(s, e, 'game_over', 'the game is over');
      return sensor(s, e);
    case 'clock':
      return clock(s, e);
    case 'ref':
      return refCall(s, e);
    case 'decide':
      return reject(s, e, 'unknown_decision', `no open decision "${e.decision}"`);
    case 'goal':
    case 'pocket':
    case 'hole':
      return reject(s, e, 'not_carom', `${e.type} events do not exist in carom`);
    case 'undo':
    case 'redo':
    case 'override':
    case 'claim':
    case 'dispute':
      return reject(s, e, 'correction', 'corrections and claims are applied by the replay, not the engine');
  }
}

/** Keep `base`/`tail` only while a decision is open. O(1): the tail is a shared prefix. */
function settle(s: CaromState, core: Live, e: GameEvent): CaromState {
  if (core.pending === null) return new CaromState(core, null, null);
  if (s.base) return new CaromState(core, s.base, append(s.tail, e));
  return new CaromState(core, s.live, append(null, e));
}

function firstPending(s: Live, id: string): LiveDecision | undefined {
  let found: LiveDecision | undefined;
  for (let n = s.pending; n !== null; n = n.init) if (hasId(n.last, id)) found = n.last;
  return found;
}

/** An answer re-folds the events since the oldest open decision, once, when it arrives. */
function answer(s: CaromState, e: GameEventOf<'decide'>): CaromState {
  const d = firstPending(s.live, e.decision);
  if (!d || !s.base) return settle(s, reduceCore(s.live, e), e);
  if (!d.options.some((o) => o.value === e.answer)) {
    return settle(s, reject(s.live, e, 'bad_answer', `answer must be one of: ${d.options.map((o) => o.value).join(', ')}`), e);
  }
  if (d.answeredBy === 'referee' && e.by === 'player' && s.live.config.referee) {
    return settle(s, reject(s.live, e, 'referee_only', "this decision is the referee's (CG-REF-5: no appeal)"), e);
  }
  const rec = { answer: e.answer, seq: e.seq, t: e.t, by: e.by, who: e.who };
  const base0 = s.base;
  let core: Live = edit(base0, { answers: { ...base0.answers, ...s.live.answers, [decisionId(d)]: rec } });
  for (const x of toArray(s.tail)) core = reduceCore(core, x);
  if (core.pending === null) return new CaromState(core, null, null);
  return new CaromState(core, s.base, s.tail);
}

/** The engine's reduce: never throws, never mutates. */
export function reduce(s: CaromState, e: GameEvent): CaromState {
  if (isOldTail(s.tail)) s = new CaromState(upgradeLive(s.live), s.base && upgradeLive(s.base), upgradeTail(s.tail));
  try {
    if (e.type === 'decide') return answer(s, e);
    return settle(s, reduceCore(s.live, e), e);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return new CaromState(reject(s.live, e, 'internal', `engine error: ${reason}`), s.base, s.tail);
  }
}
