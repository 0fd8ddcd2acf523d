/**
 * Scoring predicates over one shot's sensor events (strike to at_rest), as pure functions.
 * They read the events through the common filters (the scoring ones through plain loops with
 * the same meaning); unknown balls are absent fields and never match a ball, so these functions
 * only ever credit what a sensor saw.
 */
import type { GameEvent } from '../../../shared/game/events';
import { and, byBall, byType, type Filter } from '../common/filters';
import type { CaromConfig } from './config';
import { flat } from '../common/text';
import type { ShotStep } from '../../../shared/reports/carom';

export type CushionCount = CaromConfig['cushionCount'];

/**
 * The shot's cushions and contacts in order, for the shot picture (report `lastShot.sequence`):
 * what the sensors (or the tracker's reading) named, an unnamed ball or cushion as null.
 */
export function shotSequence(events: readonly GameEvent[]): ShotStep[] {
  const out: ShotStep[] = [];
  for (const e of events) {
    if (e.type === 'cushion') out.push({ type: 'cushion', ball: e.ball ?? null, cushion: e.cushion ?? null });
    else if (e.type === 'contact') out.push({ type: 'contact', a: e.a ?? null, b: e.b ?? null });
  }
  return out;
}

const isContact = byType('contact');
const isCushion = byType('cushion');

/** Cushion contacts of this ball. */
export function cushionOf(ball: string): Filter {
  return and(isCushion, byBall(ball));
}

/** Contacts between `ball` and another identified ball. */
export function contactOf(ball: string): Filter {
  return (e) => isContact(e) && e.a !== undefined && e.b !== undefined && (e.a === ball) !== (e.b === ball);
}

/**
 * The other ball of `e` when it is a contact of the cue ball with another identified ball
 * (`contactOf(cue)`), else undefined. The predicates below are plain loops over it: they run
 * for every reading of every uncertain shot (outcome.ts), where closures and sets per call
 * were most of a replay's time.
 */
function cueOther(e: GameEvent, cue: string): string | undefined {
  if (e.type !== 'contact' || e.a === undefined || e.b === undefined) return undefined;
  if (e.a === cue) return e.b === cue ? undefined : e.b;
  return e.b === cue ? e.a : undefined;
}

/** The balls the cue ball touched, in order, with the index of each contact (repeats included). */
export function cueContacts(events: readonly GameEvent[], cue: string): { ball: string; index: number }[] {
  const out: { ball: string; index: number }[] = [];
  for (let index = 0; index < events.length; index++) {
    const ball = cueOther(events[index]!, cue);
    if (ball !== undefined) out.push({ ball, index });
  }
  return out;
}

export function firstContact(events: readonly GameEvent[], cue: string): string | undefined {
  for (const e of events) {
    const ball = cueOther(e, cue);
    if (ball !== undefined) return ball;
  }
  return undefined;
}

/** Index of the contact at which the cue ball has touched every one of `objects`; -1 if never. */
export function lastBallIndex(events: readonly GameEvent[], cue: string, objects: readonly string[]): number {
  // Bit i: objects[i] touched (a carom game has at most 4 balls, so 3 objects).
  const all = (1 << objects.length) - 1;
  let seen = 0;
  for (let index = 0; index < events.length; index++) {
    const ball = cueOther(events[index]!, cue);
    if (ball === undefined) continue;
    for (let j = 0; j < objects.length; j++) if (objects[j] === ball) seen |= 1 << j;
    if (seen === all) return index;
  }
  return -1;
}

/** Cushions of the cue ball before event index `end` (contacts, or distinct cushions: CQ-6). */
export function cushionsBefore(events: readonly GameEvent[], cue: string, end: number, mode: CushionCount): number {
  const stop = Math.min(end, events.length);
  let n = 0;
  let ids: string[] | null = null;
  for (let i = 0; i < stop; i++) {
    const e = events[i]!;
    if (e.type !== 'cushion' || e.ball !== cue) continue;
    if (mode === 'contacts') n++;
    // Distinct cushions: a contact without a cushion id cannot be told apart, so it is not counted.
    else if (e.cushion !== undefined && !(ids ??= []).includes(e.cushion)) ids.push(e.cushion);
  }
  return mode === 'contacts' ? n : (ids?.length ?? 0);
}

/** Cushions of the cue ball before its contact with the last object ball (or all of them, if it never got there). */
export function cushionsBeforeLastBall(events: readonly GameEvent[], cue: string, objects: readonly string[], mode: CushionCount): number {
  const last = lastBallIndex(events, cue, objects);
  return cushionsBefore(events, cue, last < 0 ? events.length : last, mode);
}

/** C3B-SCORE-1: the cue ball touched both other balls in the shot. */
export function isCarom(events: readonly GameEvent[], cue: string, objects: readonly string[]): boolean {
  return lastBallIndex(events, cue, objects) >= 0;
}

/** C3-POINT-1/2: both balls, with at least three cushions before the last ball. */
export function isPoint(events: readonly GameEvent[], cue: string, objects: readonly string[], mode: CushionCount = 'contacts'): boolean {
  const last = lastBallIndex(events, cue, objects);
  return last >= 0 && cushionsBefore(events, cue, last, mode) >= 3;
}

/** C3-BREAK-3: on the opening shot, the cue ball's first ball must be the red. */
export function isRedFirst(events: readonly GameEvent[], cue: string, red: string): boolean {
  return firstContact(events, cue) === red;
}

/** C4-ERASE-1: the cue ball touched no ball. */
export function touchedNoBall(events: readonly GameEvent[], cue: string): boolean {
  return firstContact(events, cue) === undefined;
}

export interface FourBallSet {
  cue: string;
  /** The other cue ball (white or yellow). */
  otherCue: string;
  red: string;
  maroon: string;
}

/** 4-ball value of a shot (C4-SCORE-1..4): only its highest category counts (CQ-2). */
export function fourBallPoints(events: readonly GameEvent[], b: FourBallSet, whiteYellow: 'contact' | 'carom'): 0 | 1 | 5 | 25 | 50 {
  return fourBallValue(events, b.cue, b.otherCue, b.red, b.maroon, whiteYellow);
}

/** Bit of a ball among the three 4-ball object balls (0: none of them); equal names, equal bits. */
function objectBit(ball: string, otherCue: string, red: string, maroon: string): number {
  return ball === otherCue ? 1 : ball === red ? 2 : ball === maroon ? 4 : 0;
}

/**
 * `fourBallPoints` with the balls as arguments. It runs for every reading of every uncertain
 * shot (outcome.ts): the distinct balls touched are bits, not an array (and no ball set object)
 * per reading; a ball other than the three (none in a 4-ball reading) is kept apart.
 */
export function fourBallValue(
  events: readonly GameEvent[],
  cue: string,
  otherCue: string,
  red: string,
  maroon: string,
  whiteYellow: 'contact' | 'carom',
): 0 | 1 | 5 | 25 | 50 {
  let seen = 0;
  let distinct = 0;
  let others: string[] | null = null;
  let first: string | undefined;
  let firstIdx = -1;
  for (let i = 0; i < events.length; i++) {
    const ball = cueOther(events[i]!, cue);
    if (ball === undefined) continue;
    if (firstIdx < 0) {
      firstIdx = i;
      first = ball;
    }
    const bit = objectBit(ball, otherCue, red, maroon);
    if (bit !== 0) {
      if ((seen & bit) === 0) distinct++;
      seen |= bit;
    } else if (!(others ??= []).includes(ball)) {
      others.push(ball);
      distinct++;
    }
  }
  const hasOther = (seen & objectBit(otherCue, otherCue, red, maroon)) !== 0;
  const hasRed = (seen & objectBit(red, otherCue, red, maroon)) !== 0;
  const hasMaroon = (seen & objectBit(maroon, otherCue, red, maroon)) !== 0;
  if (hasOther && hasRed && hasMaroon) {
    const cushionFirst = cushionsBefore(events, cue, firstIdx, 'contacts') > 0;
    return cushionFirst ? 50 : 25;
  }
  if ((first === red || first === maroon) && hasRed && hasMaroon) return 5;
  if (hasOther) {
    if (whiteYellow === 'contact') return 1;
    if (distinct >= 2) return 1;
  }
  return 0;
}

/** Balls that left the table in the shot ('?' when the sensor could not tell which). */
export function offTableBalls(events: readonly GameEvent[]): string[] {
  // A loop: runs once per shot, and most shots have none (no filter closure, no two arrays).
  const out: string[] = [];
  for (const e of events) if (e.type === 'off_table') out.push(e.ball ?? '?');
  return out;
}

/** Sensor events that leave a ball unknown, and how many unknown slots they hold. */
export function unknownSlots(events: readonly GameEvent[]): number {
  let n = 0;
  for (const e of events) {
    if (e.type === 'cushion' && e.ball === undefined) n++;
    if (e.type === 'contact') n += (e.a === undefined ? 1 : 0) + (e.b === undefined ? 1 : 0);
  }
  return n;
}

/** Largest number of ball assignments tried when sensors left balls unknown. */
export const MAX_ASSIGNMENTS = 4096;

/**
 * Every reading of the shot obtained by giving each unknown ball a value (cushions: any ball;
 * contacts: two different balls). Returns null when there are too many to try.
 */
export function readings(events: readonly GameEvent[], balls: readonly string[]): GameEvent[][] | null {
  let out: GameEvent[][] = [[]];
  for (const e of events) {
    let variants: GameEvent[];
    if (e.type === 'cushion' && e.ball === undefined) {
      variants = balls.map((ball) => ({ ...e, ball }));
    } else if (e.type === 'contact' && (e.a === undefined || e.b === undefined)) {
      variants = [];
      const as = e.a !== undefined ? [e.a] : balls;
      for (const a of as) {
        const bs = e.b !== undefined ? [e.b] : balls;
        for (const b of bs) if (a !== b) variants.push({ ...e, a, b });
      }
    } else {
      variants = [e];
    }
    if (out.length * variants.length > MAX_ASSIGNMENTS) return null;
    const next: GameEvent[][] = [];
    for (const prefix of out) for (const v of variants) next.push([...prefix, v]);
    out = next;
  }
  return out;
}

/** One plain-words line per sensor event of the shot, for decision evidence (kept: flat, text.ts). */
export function describe(e: GameEvent): string {
  const at = e.seq !== undefined ? flat(' (seq ', e.seq, ')') : '';
  switch (e.type) {
    case 'strike':
      return flat('strike ', e.ball ?? 'ball unknown', at);
    case 'contact':
      return flat('contact ', e.a ?? '?', '–', e.b ?? '?', at);
    case 'cushion':
      return flat('cushion ', e.cushion ?? '?', ' by ', e.ball ?? 'an unidentified ball', at);
    case 'off_table':
      return flat('off table: ', e.ball ?? 'an unidentified ball', at);
    default:
      return flat(e.type, at);
  }
}
