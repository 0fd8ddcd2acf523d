/**
 * The minigolf reducer: pure, never throws. Pending decisions keep a snapshot of the state before
 * their effect and the events since; an answer re-applies those events, so a late answer gives
 * exactly the state an immediate one would have given.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { onAdminCall } from './admin';
import { afterPlayStep } from './after-play';
import { onClock } from './clock';
import { categoryFor, heldCategory, isAllowedEntry } from './categories';
import { parseConfig, DEFAULTS } from './config';
import { givePenalty, reject, type Ctx, type Raise } from './context';
import { onHandCall } from './hand';
import { holedScore, newPlay } from './lane';
import { isPlayoffTime, onPlayoffHole, onPlayoffRest, onPlayoffStrike } from './playoff';
import { onAtRest, onHole, onLaneCall, onOffTable, onStrike } from './play';
import { carrySheet } from './sheet';
import { cloneGame, cowGame, settledPlayers, unchanged } from './cow';
import { newCard, newGroup, normalise, note, startSideOf, writeLane } from './round';
import { push } from '../common/plist';
import { MgState, refusedOf, type Game, type Group, type OpenDecision, type Player, type State } from './state';

export function initialGame(): Game {
  return {
    status: 'setup',
    config: structuredClone(DEFAULTS),
    players: {},
    ids: [],
    groups: [],
    interrupted: null,
    cancelled: null,
    rankingAllowed: null,
    playoffs: [],
    playoffBalls: {},
    playoffDeclined: [],
    lots: {},
    teamPenalties: [],
    announcements: null,
    problems: [],
    warmups: 0,
    lastStriker: null,
    holedAt: {},
    sheet: null,
  };
}

export function initialState(): State {
  return new MgState(initialGame(), [], [], null, 0);
}

function setup(ctx: Ctx, e: GameEventOf<'start'>): void {
  const { config: c, problems } = parseConfig(e.config);
  const game = ctx.game;
  game.config = c;
  game.problems.push(...problems);
  const players: Player[] = [];
  for (const ps of e.players) {
    if (game.players[ps.id]) {
      game.problems.push(`duplicate player id ${ps.id} ignored`);
      continue;
    }
    const info = c.info[ps.id] ?? {};
    let category: string | null = info.category ?? null;
    if (c.season !== null) {
      const computed = categoryFor(ps.born ?? null, info.sex ?? null, c.season);
      if (computed !== null) {
        const held = heldCategory(computed, c.heldCategories);
        if (info.category !== undefined && !isAllowedEntry(info.category, computed)) {
          game.problems.push(`${ps.name}: category ${info.category} not allowed for ${computed} (MG-CAT-4); ${held} used`);
          category = held;
        } else category = info.category ?? held;
      }
    }
    const p: Player = {
      id: ps.id,
      name: ps.name,
      side: ps.side ?? null,
      born: ps.born ?? null,
      sex: info.sex ?? null,
      club: info.club ?? null,
      licence: info.licence ?? null,
      category,
      substitute: info.substitute ?? false,
      coach: false,
      fromStart: false,
      status: 'reserve',
      cards: Array.from({ length: c.rounds }, (_, r) => newCard(r, c)),
      play: null,
      penalties: [],
      warnings: [],
      subs: [],
      slotOf: null,
      ban: null,
      timeWarnings: 0,
    };
    game.players[p.id] = p;
    players.push(p);
  }
  for (const coach of c.coaches) {
    if (game.players[coach.id]) continue;
    game.players[coach.id] = {
      id: coach.id,
      name: coach.name,
      side: coach.team,
      born: null,
      sex: null,
      club: null,
      licence: null,
      category: null,
      substitute: false,
      coach: true,
      fromStart: false,
      status: 'reserve',
      cards: [],
      play: null,
      penalties: [],
      warnings: [],
      subs: [],
      slotOf: null,
      ban: null,
      timeWarnings: 0,
    };
  }
  // MG-SUB-6: substitutes start after the team members.
  game.ids = [...players.filter((p) => !p.substitute), ...players.filter((p) => p.substitute)].map((p) => p.id);
  const perTeam = new Map<string, number>();
  for (const p of players) if (p.substitute && p.side) perTeam.set(p.side, (perTeam.get(p.side) ?? 0) + 1);
  for (const [team, n] of perTeam) if (n > 1) game.problems.push(`team ${team} names ${n} substitutes; one is allowed (MG-SUB-1)`);
  let groups: Group[];
  const mk = (id: string, members: string[], startLane: number, startCourse: string | null = null): Group =>
    newGroup(c, id, members, startLane, startSideOf(c, startCourse), 0);
  if (c.groups) {
    const seen = new Set<string>();
    groups = [];
    for (const gc of c.groups) {
      const members = gc.players.filter((id) => {
        const ok = game.players[id] !== undefined && !game.players[id]!.coach && !seen.has(id);
        if (!ok) game.problems.push(`group ${gc.id}: player ${id} unknown or already grouped`);
        seen.add(id);
        return ok;
      });
      if (members.length > 0) groups.push(mk(gc.id, members, gc.startLane, gc.startCourse));
    }
  } else {
    const ids = players.filter((p) => !p.substitute).map((p) => p.id);
    const size = ids.length <= 4 ? Math.max(ids.length, 1) : c.groupSize;
    groups = [];
    for (let i = 0; i < ids.length; i += size) groups.push(mk(`g${groups.length + 1}`, ids.slice(i, i + size), 1));
  }
  for (const g of groups) {
    for (const id of g.players) {
      game.players[id]!.status = 'active';
      game.players[id]!.fromStart = true;
    }
  }
  game.groups = groups;
  game.players = settledPlayers(game.players);
  game.status = 'playing';
}

/** Applies the answer of a decision to a private copy of the game. */
function applyAnswer(ctx: Ctx, kind: string, payload: OpenDecision['payload'], answer: string): void {
  const game = ctx.game;
  if (kind === 'minigolf.hole_without_stroke') {
    const p = game.players[String(payload.player)];
    if (!p) return;
    // A hole from the start (no stroke yet on the lane): the lane's play begins with the missed stroke.
    if (answer === 'stroke' && !(p.play && p.play.lane === payload.lane && p.play.round === payload.round))
      p.play = newPlay(Number(payload.round), Number(payload.lane));
    const play = p.play;
    if (!play || play.lane !== payload.lane || play.round !== payload.round) return;
    if (answer === 'void') {
      note(p, play.round, `lane ${play.lane}: ball moved after rest put back, no stroke (MG-STROKE-13)`);
      return;
    }
    play.strokes++;
    play.ball = 'holed';
    writeLane(game, p.id, play.round, play.lane, holedScore(play.strokes, game.config), 'holed', ctx.seq);
  } else if (kind === 'minigolf.ball_change') {
    if (answer === 'unauthorised')
      givePenalty(ctx, String(payload.player), 'B+2', '18.6d', 'MG-BALL-1', `ball changed to ${String(payload.ball)} during a lane`);
  } else if (kind === 'minigolf.ranking_after_cancel') {
    game.rankingAllowed = answer === 'rank';
  }
}

function dispatch(ctx: Ctx, e: GameEvent): void {
  const game = ctx.game;
  if (e.type === 'start') {
    if (game.status !== 'setup') return reject(ctx, 'already_started', 'the match has started');
    setup(ctx, e);
    const problem = e.sheet === undefined ? null : carrySheet(ctx.game, e.sheet, ctx.seq, e.who);
    if (problem === null) return;
    // A sheet that does not fit refuses the start itself: the tournament stays unstarted, as before it.
    ctx.game = initialGame();
    return reject(ctx, 'bad_sheet', problem);
  }
  if (game.status === 'setup') return reject(ctx, 'not_started', 'the first event must be start');
  if (game.cancelled !== null && e.type !== 'ref') return reject(ctx, 'cancelled', 'the tournament is cancelled');
  if (isPlayoffTime(game)) {
    // MG-TIE-1: after the last round, lane sensors count the golden-stroke play-off.
    if (e.type === 'strike') return onPlayoffStrike(ctx, e);
    if (e.type === 'hole') return onPlayoffHole(ctx, e);
    if (e.type === 'at_rest' || e.type === 'off_table') return onPlayoffRest(ctx);
  }
  switch (e.type) {
    case 'strike':
      return onStrike(ctx, e);
    case 'hole':
      if (game.interrupted) return reject(ctx, 'interrupted', 'play is interrupted (MG-INT-4)');
      return onHole(ctx, e);
    case 'at_rest':
      return onAtRest(ctx, e);
    case 'off_table':
      return onOffTable(ctx, e);
    case 'clock':
      return onClock(ctx, e);
    case 'ref':
      if (game.cancelled !== null && !['playoff', 'playoff_decline', 'lot', 'penalty', 'submit', 'initial', 'team_penalty'].includes(e.call)) {
        return reject(ctx, 'cancelled', 'the tournament is cancelled');
      }
      if (game.interrupted && ['give_up', 'score', 'place', 'touch', 'boundary_not_crossed', 'stroke'].includes(e.call)) {
        return reject(ctx, 'interrupted', 'play is interrupted (MG-INT-4)');
      }
      if (!onLaneCall(ctx, e) && !onHandCall(ctx, e) && !onAdminCall(ctx, e)) reject(ctx, 'unknown_call', `unknown call ${e.call}`);
      return;
    case 'contact':
    case 'cushion':
    case 'goal':
    case 'pocket':
    case 'identify':
      return reject(ctx, 'not_minigolf', `${e.type} events have no meaning in minigolf`);
    default:
      return reject(ctx, 'unexpected', `${e.type} is handled by the replay layer`);
  }
}

/**
 * Strokes, holes and balls stopping during play take the copy-on-write way (cow.ts): they are
 * nearly every event of a tournament, and change one player and his group.
 */
function isPlayByTheSensors(state: State, e: GameEvent): boolean {
  // After the last round these are play-off events (playoff.ts): they replace the game's own fields only.
  const status = state.game.status;
  return (status === 'playing' || status === 'finished') && (e.type === 'strike' || e.type === 'hole' || e.type === 'at_rest' || e.type === 'off_table');
}

function newCtx(state: State, e: GameEvent, cow = false): Ctx {
  return { game: cow ? cowGame(state.game) : cloneGame(state.game), e, seq: e.seq, at: e.seq ?? state.n, rejected: refusedOf(state), raise: null };
}

function step(state: State, e: GameEvent): State {
  const quiet = afterPlayStep(state, e);
  if (quiet !== null) return quiet;
  const ctx = newCtx(state, e, isPlayByTheSensors(state, e));
  // Decisions already open see this event (it is re-applied if they are answered later).
  const open = state.open.map((o) => ({ ...o, since: [...o.since, e] }));
  dispatch(ctx, e);
  normalise(ctx.game, ctx.seq);
  const r: Raise | null = ctx.raise;
  // A refused stroke changes nothing: the next state keeps the same game (whose caches hold).
  const game = r === null && unchanged(ctx.game) ? state.game : ctx.game;
  let next: State = new MgState(game, open, state.decided, ctx.rejected, state.n + 1);
  if (r) {
    const snapshot = next;
    next = new MgState(next.game, [...open, { decision: r.decision, snapshot, since: [], payload: r.payload }], next.decided, next.refused, next.n);
    if (r.decision.default !== null) {
      const dctx = newCtx(next, e);
      applyAnswer(dctx, r.decision.kind, r.payload, r.decision.default);
      normalise(dctx.game, dctx.seq);
      next = new MgState(dctx.game, next.open, next.decided, dctx.rejected, next.n);
    }
  }
  return next;
}

function decide(state: State, e: GameEventOf<'decide'>): State {
  const o = state.open.find((x) => x.decision.id === e.decision);
  if (!o || !o.decision.options.some((x) => x.value === e.answer)) {
    const refused = push(refusedOf(state), {
      seq: e.seq,
      type: e.type,
      code: o ? 'bad_answer' : 'unknown_decision',
      reason: `decision ${e.decision}: ${e.answer}`,
    });
    return new MgState(
      state.game,
      state.open.map((x) => ({ ...x, since: [...x.since, e] })),
      state.decided,
      refused,
      state.n + 1,
    );
  }
  const base = o.snapshot;
  const ctx = newCtx(base, e);
  applyAnswer(ctx, o.decision.kind, o.payload, e.answer);
  normalise(ctx.game, ctx.seq);
  const olderIds = new Set(base.open.map((x) => x.decision.id));
  let s: State = new MgState(ctx.game, base.open, [...base.decided, { id: o.decision.id, answer: e.answer }], ctx.rejected, base.n + 1);
  for (const ev of o.since) s = reduce(s, ev);
  // Decisions raised before this one must see the answer when they are re-folded in turn.
  return new MgState(
    s.game,
    s.open.map((x) => (olderIds.has(x.decision.id) ? { ...x, since: [...x.since, e] } : x)),
    s.decided,
    s.refused,
    s.n,
  );
}

export function reduce(state: State, e: GameEvent): State {
  try {
    return e.type === 'decide' ? decide(state, e) : step(state, e);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return new MgState(
      state.game,
      state.open,
      state.decided,
      push(refusedOf(state), { seq: e.seq, type: e.type, code: 'internal_error', reason }),
      state.n + 1,
    );
  }
}
