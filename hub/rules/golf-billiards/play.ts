/**
 * The golf billiards rules for one event, onto the derived core (reducer.ts folds them). Pure.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import type { Ctx } from './balls';
import { moved, pickBall } from './balls';
import { ballOwner, foulEffects, isAimBehindFoul, isFoulName, isHardShotAllowed, ownGoal, strokeDeadline } from './predicates';
import type { ShotPosition, ShotTechnique } from './predicates';
import { resolveStroke } from './resolve';
import type { Clock, LiveCore, Foul, FoulName, Side, SpotId, Stroke, ZoneMove } from './state';
import { SPOTS } from './state';
import { push } from '../common/plist';
import { STOPPED, copyCore, copySet, copyStroke, emptyStroke, strokePrefix, withOpen } from './shapes';

type Ref = GameEventOf<'ref'>;

export function reject(core: LiveCore, e: GameEvent, pos: number, code: string, reason: string): LiveCore {
  const out = copyCore(core);
  out.rejected = push(core.rejected, { seq: e.seq ?? pos, type: e.type, code, reason });
  return out;
}

function warn(core: LiveCore, e: GameEvent, pos: number, rule: string, text: string): LiveCore {
  const out = copyCore(core);
  out.warnings = push(core.warnings, { seq: e.seq ?? pos, who: e.who ?? null, rule, text });
  return out;
}

/** Change the open stroke, or re-resolve the last one (calls entered after AT_REST). */
function amend(ctx: Ctx, core: LiveCore, e: GameEvent, pos: number, f: (s: Stroke) => Stroke): LiveCore {
  if (core.open) return { ...core, open: f(core.open) };
  if (!core.last) return reject(core, e, pos, 'no-stroke', 'no stroke to attach this call to');
  const stroke = f(core.last.stroke);
  const b = core.last.before;
  const occupied = [...new Set([...b.set.occupied, ...core.set.occupied])];
  const again = resolveStroke(ctx, { ...b, set: { ...b.set, occupied } }, stroke);
  // Keep what was entered between the strokes (declarations, occupied points, openers).
  let set = again.set;
  if (set.number === core.set.number) {
    set = { ...set, declared: core.set.declared, occupied: core.set.occupied, fromSpotCall: core.set.fromSpotCall };
    if (set.phase === 'opening' && core.set.phase === 'opening') set = { ...set, openers: core.set.openers, pointer: core.set.pointer };
  }
  return { ...again, set, last: { stroke, before: core.last.before }, rejected: core.rejected, warnings: core.warnings, clock: core.clock };
}

/** Questions that have no default with a referee: play waits for his answer. */
const WAITS_FOR_REFEREE = new Set(['golf-billiards.opening', 'golf-billiards.first_drop']);

/**
 * GB-TIME-1: the clock runs from the moment the balls of the stroke are at rest. When play had to
 * wait for the referee (his opening or photo-finish call, which has no default), the turn only
 * exists from his answer; answers are kept apart from the log, so that moment is not known, and
 * the next stroke has no deadline unless the referee calls TIME.
 */
function clockAfterRest(ctx: Ctx, before: LiveCore, after: LiveCore, t: number): Clock {
  if (ctx.cfg.mode === 'referee') {
    for (let n = after.decided; n !== null && n !== before.decided; n = n.init) {
      if (WAITS_FOR_REFEREE.has(n.last.kind)) return { startedAt: null, timeCalledAt: null, expired: false };
    }
  }
  return { startedAt: t, timeCalledAt: null, expired: false };
}

export function applyEvent(ctx: Ctx, core: LiveCore, e: GameEvent, pos: number): LiveCore {
  switch (e.type) {
    case 'strike':
      return onStrike(ctx, core, e, pos);
    case 'contact': {
      if (!core.open) return reject(core, e, pos, 'no-stroke', 'contact outside a stroke');
      const open = copyStroke(core.open);
      open.contacts = [...core.open.contacts, { a: e.a, b: e.b, seq: e.seq ?? pos }];
      return withOpen(ctx, copyCore(core), open, e.a, e.b);
    }
    case 'cushion': {
      if (!core.open) return reject(core, e, pos, 'no-stroke', 'cushion outside a stroke');
      const open = copyStroke(core.open);
      open.cushions = [...core.open.cushions, { ball: e.ball, seq: e.seq ?? pos }];
      return withOpen(ctx, copyCore(core), open, e.ball);
    }
    case 'goal':
      return onGoal(ctx, core, e, pos);
    case 'off_table': {
      const { ball, read } = seen(ctx, e.ball);
      if (e.returned === true) return warn(core, e, pos, 'GB-FOUL-6', `${ball ?? 'a ball'} came back off the wooden rail: no penalty`);
      if (!core.open) return reject(core, e, pos, 'no-stroke', 'ball off the table outside a stroke');
      // An unnamed ball (the out beam has no colour sensor) is kept unidentified: the stroke's resolution asks whose it was.
      const open = copyStroke(core.open);
      open.offs = [...core.open.offs, { ball, ...read, t: e.t, seq: e.seq ?? pos }];
      return withOpen(ctx, copyCore(core), open, ball ?? undefined);
    }
    case 'at_rest': {
      if (!core.open) return reject(core, e, pos, 'no-stroke', 'at_rest without a stroke in progress');
      const stroke = copyStroke(core.open);
      stroke.restedAt = e.t;
      // resolveStroke's core is new and nobody else's (resolve.ts): it is completed here, not copied.
      const after = resolveStroke(ctx, core, stroke);
      after.clock = clockAfterRest(ctx, core, after, e.t);
      after.last = { stroke, before: core };
      return after;
    }
    case 'clock': {
      if (e.clock !== 'turn') return reject(core, e, pos, 'unknown-clock', `clock "${e.clock}" is not used by golf billiards (use "turn")`);
      if (e.phase === 'start') return { ...core, clock: { startedAt: e.t, timeCalledAt: null, expired: false } };
      if (e.phase === 'warn') return { ...core, clock: { ...core.clock, timeCalledAt: e.t } };
      if (e.phase === 'expire') return timeFoul(ctx, core, e, pos);
      return core;
    }
    case 'ref':
      return onRef(ctx, core, e, pos);
    case 'identify':
    case 'pocket':
    case 'hole':
      return reject(core, e, pos, 'not-applicable', `${e.type} events are not part of golf billiards`);
    default:
      return reject(core, e, pos, 'unexpected', `${e.type} is handled elsewhere`);
  }
}

function sideOfPlayer(ctx: Ctx, player: string | undefined): Side | null {
  if (player === undefined) return null;
  return ctx.sides.find((s) => ctx.members[s]?.includes(player)) ?? null;
}

function onStrike(ctx: Ctx, core0: LiveCore, e: GameEventOf<'strike'>, pos: number): LiveCore {
  const seq = e.seq ?? pos;
  let core = core0;
  if (core.winner !== null) return reject(core, e, pos, 'match-over', 'the match is over');
  const pSide = sideOfPlayer(ctx, e.player);
  const bSide = e.ball !== undefined ? ballOwner(ctx.sides, ctx.cfg, e.ball) : null;
  if (e.player !== undefined && pSide === null) return reject(core, e, pos, 'unknown-player', `${e.player} does not play in this match`);
  if (e.ball !== undefined && bSide === null) return reject(core, e, pos, 'unknown-ball', `${e.ball} is not a ball of this match`);
  const early: Foul[] = [];
  if (core.open) {
    if (core.open.opening) {
      // The second opening strike of a set (both sides open).
      const s = pSide ?? bSide;
      if (s === null || e.player === undefined) return core;
      const expected = core.set.openers[s];
      if (expected === null || expected === undefined) return { ...core, set: { ...core.set, openers: { ...core.set.openers, [s]: e.player } } };
      if (expected === e.player || core.set.number !== 2 || !ctx.doubles) return core;
      return {
        ...core,
        open: { ...core.open, fouls: [...core.open.fouls, { name: 'wrong_opener', rule: 'GB-DBL-2', source: 'sensor', seq, t: e.t, side: s }] },
      };
    }
    // GB-AIM-3: played before the balls of the previous stroke stopped.
    const stroke = { ...core.open, restedAt: e.t };
    core = { ...resolveStroke(ctx, core, stroke), last: null, clock: { startedAt: e.t, timeCalledAt: null, expired: false } };
    early.push({ name: 'aim_before_rest', rule: 'GB-AIM-3', source: 'sensor', seq, t: e.t });
    if (core.winner !== null || core.set.phase !== 'play') {
      return reject(core, e, pos, 'strike-before-rest', 'struck while the balls were moving: the stroke in progress was closed here and play cannot go on yet');
    }
  }
  if (core.set.phase === 'awaiting') return reject(core, e, pos, 'awaiting-decision', 'a decision must be answered before play goes on');
  if (core.set.phase === 'over') return reject(core, e, pos, 'match-over', 'the match is over');
  const n = core.set.number;
  const id = strokePrefix(n) + seq;
  if (core.set.phase === 'opening') {
    const s = pSide ?? bSide;
    const stroke = emptyStroke(ctx, core, id, seq, e.t, s ?? ctx.sides[0]);
    // The set's openers, replaced (not copied on every opening strike) when this strike names one.
    let openers = core.set.openers;
    const fouls: Foul[] = [];
    if (s !== null && e.player !== undefined) {
      const expected = openers[s];
      if (expected !== null && expected !== undefined && expected !== e.player && n === 2 && ctx.doubles) {
        fouls.push({ name: 'wrong_opener', rule: 'GB-DBL-2', source: 'sensor', seq, t: e.t, side: s });
      }
      if (expected === null || expected === undefined) openers = { ...openers, [s]: e.player };
    }
    stroke.opening = true;
    stroke.openers = [...ctx.sides];
    stroke.player = e.player ?? null;
    stroke.played = bSide !== null && bSide === s && e.ball !== undefined ? e.ball : null;
    stroke.fouls = fouls;
    const out = copyCore(core);
    out.last = null;
    out.clock = STOPPED;
    if (openers !== core.set.openers) {
      out.set = copySet(core.set);
      out.set.openers = openers;
    }
    out.open = stroke;
    return out;
  }
  // After an early strike (GB-AIM-3) the stroke belongs to whoever struck, even out of turn.
  const side = early.length > 0 ? (pSide ?? bSide ?? core.set.turn) : core.set.turn;
  if (side === null) return reject(core, e, pos, 'awaiting-decision', 'nobody is to play');
  if (pSide !== null && pSide !== side) return reject(core, e, pos, 'not-your-turn', `${e.player} is not on the side to play`);
  const fouls: Foul[] = [...early];
  if (ctx.doubles && e.player !== undefined) {
    const due = ctx.members[side]?.[core.set.pointer[side] ?? 0];
    if (due !== undefined && due !== e.player) fouls.push({ name: 'order', rule: 'GB-DBL-5', source: 'sensor', seq, t: e.t });
  }
  let played: string | null = null;
  if (e.ball !== undefined) {
    if (bSide === side) played = e.ball;
    else fouls.push({ name: 'wrong_ball', rule: 'GB-AIM-2', source: 'sensor', seq, t: e.t });
  }
  const deadline = strokeDeadline(core.clock.startedAt, core.clock.timeCalledAt, ctx.cfg.turnMs, ctx.cfg.graceMs);
  if (deadline !== null && e.t > deadline) fouls.push({ name: 'time', rule: 'GB-TIME-1', source: 'sensor', seq, t: e.t });
  const pid = played !== null ? pickBall(ctx, core.set.balls, played, ['table']) : null;
  const spotOfPlayed = pid !== null && played !== null && /[1-5]$/.test(played) ? (core.set.balls[pid]?.spot ?? null) : null;
  const stroke = emptyStroke(ctx, core, id, seq, e.t, side);
  stroke.player = e.player ?? ctx.members[side]?.[core.set.pointer[side] ?? 0] ?? null;
  stroke.played = played;
  stroke.fouls = fouls;
  stroke.fromSpot = core.set.fromSpotCall ?? spotOfPlayed;
  const set = copySet(core.set);
  set.fromSpotCall = null;
  set.balls = moved(ctx, set.balls, played ?? undefined);
  const out = copyCore(core);
  out.open = stroke;
  out.last = null;
  out.clock = STOPPED;
  out.set = set;
  return out;
}

/**
 * The ball an event names, or null with what the sensor read when it names no ball of this match
 * (goal B and the out beam of the shipped profile have no colour sensor).
 */
function seen(ctx: Ctx, label: string | undefined): { ball: string | null; read?: { read: string } } {
  if (label !== undefined && ballOwner(ctx.sides, ctx.cfg, label) !== null) return { ball: label };
  return label === undefined ? { ball: null } : { ball: null, read: { read: label } };
}

function onGoal(ctx: Ctx, core: LiveCore, e: GameEventOf<'goal'>, pos: number): LiveCore {
  if (e.goal !== ownGoal(ctx.cfg, ctx.sides[0]) && e.goal !== ownGoal(ctx.cfg, ctx.sides[1]))
    return reject(core, e, pos, 'unknown-goal', `${e.goal} is not a goal of this table`);
  const { ball, read } = seen(ctx, e.ball);
  if (!core.open) {
    // Whoever's ball it was, it is no goal (GB-SCORE-4): nothing to ask.
    if (core.last)
      return warn(core, e, pos, 'GB-SCORE-4', `${ball ?? 'a ball'} dropped into ${e.goal} after the balls had stopped: not a goal, put back on the lip`);
    return reject(core, e, pos, 'no-stroke', 'goal outside a stroke');
  }
  // An unnamed ball is kept unidentified: the stroke's resolution asks whose it was (identify.ts).
  const open = copyStroke(core.open);
  open.goals = [...core.open.goals, { ball, ...read, goal: e.goal, t: e.t, seq: e.seq ?? pos }];
  return withOpen(ctx, copyCore(core), open, ball ?? undefined);
}

function synthetic(ctx: Ctx, core: LiveCore, e: GameEvent, pos: number, foul: Foul): LiveCore {
  const side = core.set.turn;
  if (core.open || side === null || core.set.phase !== 'play') return reject(core, e, pos, 'not-now', 'only between strokes, with a side to play');
  const seq = e.seq ?? pos;
  const st: Stroke = { ...emptyStroke(ctx, core, `set${core.set.number}-foul-${seq}`, seq, e.t, side), synthetic: true, fouls: [foul], restedAt: e.t };
  const after = resolveStroke(ctx, { ...core, last: null }, st);
  return { ...after, last: null, clock: { startedAt: e.t, timeCalledAt: null, expired: false } };
}

function timeFoul(ctx: Ctx, core: LiveCore, e: GameEvent, pos: number): LiveCore {
  if (core.open) return reject(core, e, pos, 'not-now', 'the stroke was played; the clock had stopped');
  return synthetic(ctx, core, e, pos, { name: 'time', rule: 'GB-TIME-1', source: e.type === 'clock' ? 'sensor' : 'call', seq: e.seq ?? pos, t: e.t });
}

const POSITIONS: readonly string[] = ['small-attack-triangle', 'above-stroke-line', 'on-stroke-line', 'below-stroke-line'];
const TECHNIQUES: readonly string[] = ['straight', 'masse', 'pique', 'push'];

function onRef(ctx: Ctx, core: LiveCore, e: Ref, pos: number): LiveCore {
  const seq = e.seq ?? pos;
  const known = (b: string | undefined) => b !== undefined && ballOwner(ctx.sides, ctx.cfg, b) !== null;
  switch (e.call) {
    case 'time':
      return { ...core, clock: { ...core.clock, timeCalledAt: e.t } };
    case 'time_foul':
      return timeFoul(ctx, core, e, pos);
    case 'consult':
      return warn(core, e, pos, 'GB-DBL-6', `consulting rule (1 m from table and player): warning${e.player ? ` to ${e.player}` : ''}`);
    case 'touching':
      return warn(core, e, pos, 'GB-PUSH-2', `declared touching${e.ball ? `: ${e.ball}` : ''}${typeof e.value === 'string' ? ` with ${e.value}` : ''}`);
    case 'opener': {
      const s = sideOfPlayer(ctx, e.player);
      if (s === null || core.set.phase !== 'opening' || core.open)
        return reject(core, e, pos, 'not-now', 'opener: a known player, before the opening stroke of a set');
      const pointer = { ...core.set.pointer, [s]: Math.max(0, (ctx.members[s] ?? []).indexOf(e.player!)) };
      return { ...core, set: { ...core.set, openers: { ...core.set.openers, [s]: e.player! }, pointer } };
    }
    case 'declare':
      if (!known(e.ball)) return reject(core, e, pos, 'unknown-ball', 'declare needs a ball');
      return { ...core, set: { ...core.set, declared: [...core.set.declared, e.ball!] } };
    case 'from_spot':
    case 'spot_occupied': {
      const p = String(e.place ?? e.value ?? '');
      if (!(SPOTS as readonly string[]).includes(p)) return reject(core, e, pos, 'bad-place', 'place must be a re-spot point 1-5');
      if (e.call === 'spot_occupied') return { ...core, set: { ...core.set, occupied: [...core.set.occupied, p as SpotId] } };
      if (core.open) return { ...core, open: { ...core.open, fromSpot: p as SpotId } };
      return { ...core, set: { ...core.set, fromSpotCall: p as SpotId } };
    }
    case 'lip_stopped':
      if (!known(e.ball)) return reject(core, e, pos, 'unknown-ball', 'lip_stopped needs a ball');
      return amend(ctx, core, e, pos, (s) => ({ ...s, lipStopped: [...s.lipStopped, e.ball!] }));
    case 'on_rail':
      if (!known(e.ball)) return reject(core, e, pos, 'unknown-ball', 'on_rail needs a ball');
      return amend(ctx, core, e, pos, (s) => ({ ...s, offs: [...s.offs, { ball: e.ball!, t: e.t, seq }] }));
    case 'jammed': {
      if (!known(e.ball)) return reject(core, e, pos, 'unknown-ball', 'jammed needs a ball');
      const place = e.place ?? '';
      if (place === 'cushion')
        return warn(core, e, pos, 'GB-SPOT-5', `${e.ball} jammed between a bumper and the short cushion: re-placed so it is free, no penalty`);
      if (place !== ownGoal(ctx.cfg, ctx.sides[0]) && place !== ownGoal(ctx.cfg, ctx.sides[1]))
        return reject(core, e, pos, 'bad-place', 'place must be a goal id or "cushion"');
      return amend(ctx, core, e, pos, (s) => ({ ...s, jammed: [...s.jammed, { ball: e.ball!, place, seq, t: e.t }] }));
    }
    case 'zone_report': {
      const moves = e.data?.moves;
      if (!Array.isArray(moves) || !moves.every(isZoneMove)) return reject(core, e, pos, 'bad-data', 'zone_report needs data.moves: [{ ball, from, left }]');
      return amend(ctx, core, e, pos, (s) => ({ ...s, zoneMoves: moves }));
    }
    default:
      break;
  }
  if (!isFoulName(e.call) || e.call === 'time') return reject(core, e, pos, 'unknown-call', `"${e.call}" is not in the golf billiards call catalogue`);
  return onFoulCall(ctx, core, e, pos, e.call);
}

function onFoulCall(ctx: Ctx, core: LiveCore, e: Ref, pos: number, name: FoulName): LiveCore {
  const seq = e.seq ?? pos;
  const zone = core.open?.zone ?? core.last?.stroke.zone ?? core.set.zone;
  const ballOk = e.ball === undefined || ballOwner(ctx.sides, ctx.cfg, e.ball) !== null;
  if (!ballOk) return reject(core, e, pos, 'unknown-ball', `${e.ball} is not a ball of this match`);
  if (name === 'hard_shot' && typeof e.place === 'string' && typeof e.value === 'string') {
    if (!POSITIONS.includes(e.place) || !TECHNIQUES.includes(e.value))
      return reject(core, e, pos, 'bad-args', `place one of ${POSITIONS.join(', ')}; value one of ${TECHNIQUES.join(', ')}`);
    if (isHardShotAllowed(e.place as ShotPosition, e.value as ShotTechnique))
      return warn(core, e, pos, 'GB-SHOT-1', `hard stroke from ${e.place} (${e.value}) is allowed`);
  }
  if (name === 'aim_behind' && !isAimBehindFoul(e.value === 'exception' || e.value === true))
    return warn(core, e, pos, 'GB-AIM-1', 'ball very close or on the same line: no foul');
  if ((name === 'stop_own' || name === 'stop_opponent') && e.ball === undefined) return reject(core, e, pos, 'bad-args', `${name} needs the touched ball`);
  if (name === 'touch' && zone && e.ball === undefined) return reject(core, e, pos, 'bad-args', 'zone play: touch needs the touched ball (GB-TOUCH-2/3)');
  const balls = Array.isArray(e.data?.balls) ? (e.data.balls as unknown[]).filter((b): b is string => typeof b === 'string') : undefined;
  const foul: Foul = {
    name,
    rule: foulEffects(name, zone, null, false).rule,
    source: 'call',
    seq,
    t: e.t,
    ...(e.ball !== undefined ? { ball: e.ball } : {}),
    ...(balls ? { balls } : {}),
    ...(e.value !== undefined ? { value: e.value } : {}),
  };
  if (name === 'touch' && e.value === 'before') return synthetic(ctx, core, e, pos, foul);
  if (name === 'triangle' && !core.open && core.strokes?.last.setEnd)
    return reject(core, e, pos, 'set-over', 'GB-Q15: the turn ended with the set; no triangle check');
  if (name === 'loft_long_cushion') {
    const st = core.open ?? core.last?.stroke;
    const b = e.ball ?? st?.played ?? undefined;
    if (b === undefined || !core.set.declared.includes(b))
      return reject(core, e, pos, 'not-declared', 'GB-FOUL-8 applies only to a ball declared in the long-cushion zone');
  }
  const stroke = core.open ?? core.last?.stroke;
  if (stroke?.opening) {
    // Both sides strike in the opening: the call must say whose foul it is.
    const side = sideOfPlayer(ctx, e.player) ?? (e.ball !== undefined ? ballOwner(ctx.sides, ctx.cfg, e.ball) : null);
    if (side === null) return reject(core, e, pos, 'bad-args', 'opening stroke: name the player or the ball of the side that fouled');
    foul.side = side;
  }
  const claim = ctx.cfg.mode === 'self' && e.by === 'player';
  return amend(ctx, core, e, pos, (s) => (claim ? { ...s, claims: [...s.claims, foul] } : { ...s, fouls: [...s.fouls, foul] }));
}

const FROM: readonly string[] = ['zone', 'line', 'big-attack-triangle', 'big-defence-triangle'];

function isZoneMove(m: unknown): m is ZoneMove {
  if (typeof m !== 'object' || m === null) return false;
  const o = m as Record<string, unknown>;
  return (
    typeof o.ball === 'string' &&
    typeof o.from === 'string' &&
    FROM.includes(o.from) &&
    typeof o.left === 'boolean' &&
    (o.defender === undefined || typeof o.defender === 'boolean') &&
    (o.leftTriangle === undefined || typeof o.leftTriangle === 'boolean')
  );
}
