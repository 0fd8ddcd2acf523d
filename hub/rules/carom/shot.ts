/**
 * Scoring predicates over one shot's sensor events (strike to at_rest), as pure functions.
 * They read the events through the common filters; unknown balls are absent fields and never
 * match a ball, so these functions only ever credit what a sensor saw.
 */
import type { GameEvent, GameEventOf } from '../../../shared/game/events';
import { and, byBall, byType, lastIndex, type Filter } from '../common/filters';
import type { CaromConfig } from './config';

export type CushionCount = CaromConfig['cushionCount'];

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

function other(e: GameEventOf<'contact'>, ball: string): string {
  return (e.a === ball ? e.b : e.a) as string;
}

/** The balls the cue ball touched, in order, with the index of each contact (repeats included). */
export function cueContacts(events: readonly GameEvent[], cue: string): { ball: string; index: number }[] {
  const f = contactOf(cue);
  const out: { ball: string; index: number }[] = [];
  events.forEach((e, index) => {
    if (f(e) && isContact(e)) out.push({ ball: other(e, cue), index });
  });
  return out;
}

export function firstContact(events: readonly GameEvent[], cue: string): string | undefined {
  return cueContacts(events, cue)[0]?.ball;
}

/** Index of the contact at which the cue ball has touched every one of `objects`; -1 if never. */
export function lastBallIndex(events: readonly GameEvent[], cue: string, objects: readonly string[]): number {
  const seen = new Set<string>();
  for (const c of cueContacts(events, cue)) {
    if (objects.includes(c.ball)) seen.add(c.ball);
    if (objects.every((o) => seen.has(o))) return c.index;
  }
  return -1;
}

/** Cushions of the cue ball before event index `end` (contacts, or distinct cushions: CQ-6). */
export function cushionsBefore(events: readonly GameEvent[], cue: string, end: number, mode: CushionCount): number {
  const hits = events.slice(0, Math.max(0, end)).filter(cushionOf(cue)) as GameEventOf<'cushion'>[];
  if (mode === 'contacts') return hits.length;
  // Distinct cushions: a contact without a cushion id cannot be told apart, so it is not counted.
  return new Set(hits.map((h) => h.cushion).filter((c) => c !== undefined)).size;
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
  return lastIndex(events, contactOf(cue)) < 0;
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
  const contacts = cueContacts(events, b.cue);
  const touched = new Set(contacts.map((c) => c.ball));
  const all = [b.otherCue, b.red, b.maroon];
  const last = lastBallIndex(events, b.cue, all);
  if (last >= 0) {
    const firstIdx = contacts[0]!.index;
    const cushionFirst = cushionsBefore(events, b.cue, firstIdx, 'contacts') > 0;
    return cushionFirst ? 50 : 25;
  }
  const first = contacts[0]?.ball;
  if ((first === b.red || first === b.maroon) && touched.has(b.red) && touched.has(b.maroon)) return 5;
  if (touched.has(b.otherCue)) {
    if (whiteYellow === 'contact') return 1;
    if (touched.size >= 2) return 1;
  }
  return 0;
}

/** Balls that left the table in the shot ('?' when the sensor could not tell which). */
export function offTableBalls(events: readonly GameEvent[]): string[] {
  return (events.filter(byType('off_table')) as GameEventOf<'off_table'>[]).map((e) => e.ball ?? '?');
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

/** One plain-words line per sensor event of the shot, for decision evidence. */
export function describe(e: GameEvent): string {
  const at = e.seq !== undefined ? ` (seq ${e.seq})` : '';
  switch (e.type) {
    case 'strike':
      return `strike ${e.ball ?? 'ball unknown'}${at}`;
    case 'contact':
      return `contact ${e.a ?? '?'}–${e.b ?? '?'}${at}`;
    case 'cushion':
      return `cushion ${e.cushion ?? '?'} by ${e.ball ?? 'an unidentified ball'}${at}`;
    case 'off_table':
      return `off table: ${e.ball ?? 'an unidentified ball'}${at}`;
    default:
      return `${e.type}${at}`;
  }
}
