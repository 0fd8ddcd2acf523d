/**
 * Turn one shot's events into identity-resolved facts (what happened, in order), using the
 * shared filters. No judgement here: the predicates in general.ts and the disciplines judge.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { byType } from '../common/filters';
import type { FactEvent, PoolConfig, RefFoul, ShotFacts, ShotPrep } from './state';

/** One shot as logged: its events (strike .. at_rest) and what followed before the next shot. */
export interface ShotRaw {
  key: number;
  events: GameEvent[];
  /** Events after at_rest and before the next shot that belong to this shot (late drops, late foul calls). */
  post: GameEvent[];
  complete: boolean;
}

/** The shot has a pocket or off-table event without a ball (the only source of identity questions). */
export function hasUnidentified(raw: ShotRaw): boolean {
  return hasUnnamedBall(raw.events) || hasUnnamedBall(raw.post);
}

/** A captured or off-table ball the sensors did not name. A loop: it runs on every event, and the tsx loader names each arrow it creates. */
export function hasUnnamedBall(events: readonly GameEvent[]): boolean {
  for (const e of events) if ((e.type === 'pocket' || e.type === 'off_table') && e.ball === undefined) return true;
  return false;
}

export type IdentityOf = (seq: number) => string | undefined;
export type AnswerOf = (decision: string) => string | undefined;

/** Answer to `pocket.first-contact` on a table without a contact sensor: the cue ball hit no ball. */
export const NO_CONTACT = 'none';

const isBallEvent = byType('contact', 'cushion', 'pocket', 'off_table');

function seqOf(e: GameEvent): number {
  return e.seq ?? -1;
}

/** Foul calls a referee (or the players) can enter, and the PB rule each one applies. */
export const FOUL_RULES: Record<string, string> = {
  touch: 'PB-FOUL-4',
  foot: 'PB-FOUL-8',
  moving: 'PB-FOUL-9',
  jump: 'PB-FOUL-11',
  kitchen: 'PB-FOUL-12',
  marking: 'PB-FOUL-13',
  measuring: 'PB-FOUL-14',
  interfering: 'PB-FOUL-15',
  other: 'PB-PEN-1',
};

export function refFoulOf(e: GameEventOf<'ref'>, refereed: boolean): RefFoul {
  const kind = typeof e.value === 'string' ? e.value : 'other';
  let rule = FOUL_RULES[kind] ?? 'PB-PEN-1';
  if (kind === 'touch' && !refereed) rule = 'PB-FOUL-5';
  const d = e.data ?? {};
  const touch = { cueBall: d['cueBall'] === true, intentional: d['intentional'] === true, affectsOutcome: d['affectsOutcome'] === true };
  return { seq: seqOf(e), kind, rule, touch, by: e.player ?? null, who: e.who, why: e.why };
}

export function extractFacts(raw: ShotRaw, prep: ShotPrep, config: PoolConfig, identityOf: IdentityOf, answerOf: AnswerOf): ShotFacts {
  const cue = config.cueBall;
  const all = [...raw.events, ...raw.post];
  const rest = raw.events.find(byType('at_rest'));
  const restT = rest ? rest.t : null;
  const strikes = raw.events.filter(byType('strike'));
  const order: FactEvent[] = [];
  const unknownBalls: ShotFacts['unknownBalls'] = [];
  const pocketed: string[] = [];
  const rattled: string[] = [];
  const offTable: string[] = [];
  const returned: string[] = [];
  const lateDrops: ShotFacts['lateDrops'] = [];

  for (const e of raw.events.filter(isBallEvent)) {
    if (e.type === 'contact') order.push({ kind: 'contact', a: e.a, b: e.b });
    else if (e.type === 'cushion') order.push({ kind: 'cushion', ball: e.ball, cushion: e.cushion });
    else if (e.type === 'pocket') {
      const ball = e.ball ?? identityOf(seqOf(e));
      if (!e.captured) {
        rattled.push(e.ball ?? '?');
        continue;
      }
      order.push({ kind: 'pocket', ball, pocket: e.pocket });
      if (ball === undefined) unknownBalls.push({ seq: seqOf(e), kind: 'pocket', pocket: e.pocket, ...(e.reading ? { reading: e.reading } : {}) });
      else pocketed.push(ball);
    } else {
      const ball = e.ball ?? identityOf(seqOf(e));
      order.push({ kind: 'off', ball });
      if (e.returned === true) returned.push(ball ?? '?');
      else if (ball === undefined) unknownBalls.push({ seq: seqOf(e), kind: 'off', pocket: null });
      else offTable.push(ball);
    }
  }

  // Late drops (PB-POCKET-2, PB-Q8): captured after the shot came to rest.
  for (const e of raw.post.filter(byType('pocket'))) {
    if (!e.captured) continue;
    const ball = e.ball ?? identityOf(seqOf(e));
    const afterMs = restT === null ? 0 : e.t - restT;
    const putBack = afterMs >= config.lateDropMs;
    if (ball === undefined) {
      unknownBalls.push({ seq: seqOf(e), kind: 'pocket', pocket: e.pocket, ...(e.reading ? { reading: e.reading } : {}) });
      continue;
    }
    lateDrops.push({ ball, afterMs, putBack });
    if (!putBack) {
      pocketed.push(ball);
      order.push({ kind: 'pocket', ball, pocket: e.pocket });
    }
  }

  // First contact: the first contact of a shot always involves the cue ball (only it moves).
  let firstContactIndex = order.findIndex((f) => f.kind === 'contact');
  let firstContact: string | null | undefined = null;
  if (firstContactIndex >= 0) {
    const c = order[firstContactIndex] as Extract<FactEvent, { kind: 'contact' }>;
    let obj: string | undefined;
    if (c.a === cue) obj = c.b;
    else if (c.b === cue) obj = c.a;
    else if (c.b === undefined) obj = c.a;
    else if (c.a === undefined) obj = c.b;
    firstContact = obj ?? answerOf(`shot-${raw.key}:first-contact`);
  } else if (!config.contactSensor) {
    // No contact sensor on this table: the absence of a contact event proves nothing; the first contact is asked.
    const a = answerOf(`shot-${raw.key}:first-contact`);
    firstContact = a === NO_CONTACT ? null : a;
  }
  // PB-FROZEN-1: cue ball frozen to a ball: no contact event; it counts as hit if that ball moved.
  const frozenCue = prep.frozen.find((f) => f.place === 'cue');
  let frozenCueTo: string | null = null;
  if (frozenCue) {
    const moved = order.some((f) => mentions(f, frozenCue.ball));
    const cueContactFirst = firstContactIndex >= 0 && firstContact !== undefined && mentionsCue(order[firstContactIndex]!, cue);
    const confirmed = answerOf(`shot-${raw.key}:frozen-moved`);
    if ((moved || confirmed === 'yes') && !(cueContactFirst && firstContact !== frozenCue.ball)) {
      firstContact = frozenCue.ball;
      firstContactIndex = -1;
    } else if (!moved && confirmed === undefined) {
      frozenCueTo = frozenCue.ball;
    }
  }

  // Cushions after the first contact; a ball frozen to a cushion merely leaving it is no contact (PB-FOUL-10(iii), PB-Q5).
  // A declared-frozen ball: the first event after the contact that sets it moving, if it is its own cushion, is it leaving.
  const from = firstContactIndex + 1;
  const cushionsAfterContact: string[] = [];
  const phase = new Map<string, 'resting' | 'started' | 'moving'>();
  for (const z of prep.frozen) if (z.place !== 'cue') phase.set(z.ball, 'resting');
  for (let i = 0; i < order.length; i++) {
    const f = order[i]!;
    if (i >= from && f.kind === 'cushion' && firstContact !== null) {
      const z = f.ball === undefined ? undefined : prep.frozen.find((x) => x.ball === f.ball && x.place !== 'cue');
      const leaving = z !== undefined && phase.get(z.ball) === 'started' && (z.place === null || z.place === f.cushion);
      if (!leaving) cushionsAfterContact.push(f.ball ?? '?');
    }
    for (const b of ballsOf(f)) {
      const p = phase.get(b);
      if (p === 'resting' && f.kind === 'contact') phase.set(b, 'started');
      else if (p === 'started') phase.set(b, 'moving');
    }
  }

  // No contact sensor: whether a cushion came after the contact is the referee's answer (pocket.rail).
  if (!config.contactSensor && order.every((x) => x.kind !== 'contact') && answerOf(`shot-${raw.key}:rail`) === 'no') cushionsAfterContact.length = 0;

  // One loop, no intermediate arrays or Set: this runs for every shot (and again for its late events).
  const objectCushionBalls: string[] = [];
  let unknownCushions = 0;
  const cueCushionIds: string[] = [];
  for (const f of order) {
    if (f.kind !== 'cushion') continue;
    if (f.ball === undefined) unknownCushions++;
    else if (f.ball !== cue) {
      if (!objectCushionBalls.includes(f.ball)) objectCushionBalls.push(f.ball);
    } else if (f.cushion !== undefined) cueCushionIds.push(f.cushion);
  }

  const refereed = config.refereed;
  const refFouls = all
    .filter(byType('ref'))
    .filter((e) => e.call === 'foul')
    .map((e) => refFoulOf(e, refereed));
  const interferenceCall = [...all.filter(byType('ref'))].reverse().find((e) => e.call === 'interference');
  const interference = interferenceCall && isInterference(interferenceCall.value) ? interferenceCall.value : null;

  const seqs = all.map(seqOf);
  return {
    key: raw.key,
    fromSeq: seqs[0] ?? raw.key,
    toSeq: seqs[seqs.length - 1] ?? raw.key,
    restT,
    strikes: strikes.length,
    striker: strikes[0]?.player ?? null,
    firstContact,
    order,
    firstContactIndex,
    unknownBalls,
    frozenCueTo,
    pocketed,
    rattled,
    offTable,
    returned,
    lateDrops,
    cushionsAfterContact,
    objectCushionBalls,
    unknownCushions,
    cueCushionIds,
    refFouls,
    interference,
  };
}

function isInterference(v: unknown): v is 'affected' | 'not-affected' | 'unrestorable' {
  return v === 'affected' || v === 'not-affected' || v === 'unrestorable';
}

function ballsOf(f: FactEvent): string[] {
  if (f.kind === 'contact') return [f.a, f.b].filter((x): x is string => x !== undefined);
  return f.ball === undefined ? [] : [f.ball];
}

function mentions(f: FactEvent, ball: string): boolean {
  return ballsOf(f).includes(ball);
}

function mentionsCue(f: FactEvent, cue: string): boolean {
  return f.kind === 'contact' && (f.a === cue || f.b === cue);
}
