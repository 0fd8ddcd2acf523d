/**
 * The scoring rule of each carom game (one module per game: three-cushion.ts, three-ball.ts,
 * four-ball.ts) behind one outcome function, plus the points and words of each outcome.
 * Uncertain shots are read every possible way (shot.ts `readings`); more than one outcome means a
 * pending decision.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { CaromGame } from './config';
import { flat } from '../common/text';
import { MAX_ASSIGNMENTS } from './shot';
import type { ShotContext } from './context';
import { missCallFor, threeCushionCushions, threeCushionOutcome } from './three-cushion';
import { threeBallOutcome } from './three-ball';
import { FOUR_BALL_CODE, fourBallOutcome, hasContact } from './four-ball';

export { type ShotContext, objectBalls } from './context';
export { hasContact } from './four-ball';
export { missCallFor } from './three-cushion';

/** The scoring rule of each game, in one table (each in its own module). */
const RULES: Record<CaromGame, (events: readonly GameEvent[], ctx: ShotContext) => string> = {
  'three-cushion': threeCushionOutcome,
  'three-ball': threeBallOutcome,
  'four-ball': fourBallOutcome,
};

/** The outcome code of a shot whose balls are all identified. */
export function outcomeOf(events: readonly GameEvent[], ctx: ShotContext): string {
  return RULES[ctx.game](events, ctx);
}

/** The points of the codes outcomes are made of (`pointsOf` without a regular expression per shot). */
const CODE_POINTS = new Map<string, number>([
  ['point', 1],
  ['miss', 0],
  ['none', 0],
  ['foul', 0],
  ...Object.values(FOUR_BALL_CODE).map((c) => [c, Number(c.slice(1))] as [string, number]),
]);

/** Points an outcome is worth. */
export function pointsOf(code: string): number {
  const known = CODE_POINTS.get(code);
  if (known !== undefined) return known;
  const m = /^p(\d+)$/.exec(code);
  return m ? Number(m[1]) : 0;
}

export function labelOf(code: string): string {
  switch (code) {
    case 'point':
      return 'Point';
    case 'miss':
      return 'No point';
    case 'none':
      return 'No ball touched (the inning is erased)';
    default:
      return pointsOf(code) > 0 ? `${pointsOf(code)} points` : 'No points (a ball was touched)';
  }
}

const FOUR_BALL = ['p50', 'p25', 'p5', 'p1', 'p0', 'none'];
const FOUR_BALL_CONTACT = FOUR_BALL.filter((o) => o !== 'none');
const CAROM = ['point', 'miss'];

/**
 * Every outcome the game can produce, for shots too uncertain to enumerate (shared lists: do not
 * mutate). `contact`: a contact was heard, so 4-ball's `none` is not one (C4-ERASE-1, `outcomeOf`).
 */
export function allOutcomes(game: CaromGame, contact = false): readonly string[] {
  return game === 'four-ball' ? (contact ? FOUR_BALL_CONTACT : FOUR_BALL) : CAROM;
}

/** CEB referee call for a three-cushion miss (C3-MISS-1): "no cushion", "one cushion", "two cushions". */
export function missCall(events: readonly GameEvent[], ctx: ShotContext): string | null {
  return ctx.game === 'three-cushion' ? missCallFor(threeCushionCushions(events, ctx)) : null;
}

/** The rule an outcome is scored by, for reports. */
export function cushionsOf(events: readonly GameEvent[], ctx: ShotContext): number | null {
  return ctx.game === 'three-cushion' ? threeCushionCushions(events, ctx) : null;
}

// A reading's event is only read by `outcomeOf`, through type, balls and cushion: a literal of
// those (a spread with overrides per reading took V8's slow path, a third of a four-ball replay).
// Not its time or seq (`t: 0` only for the type): so the values of an unknown event depend only on
// what the sensor named, and are built once per ball set and cue ball (`representatives`).
function withBall(cushion: string | undefined, ball: string): GameEvent {
  return Object.freeze({ type: 'cushion', ball, cushion, t: 0 });
}

function withBalls(a: string, b: string): GameEvent {
  return Object.freeze({ type: 'contact', a, b, t: 0 });
}

/**
 * The values of an unknown event (see `valuesOf`) for one ball set and cue ball: every uncertain
 * shot of a match asks for the same few (a contact naming no ball, a cushion naming no ball), so
 * each list is built once and shared (frozen: the readings only read them).
 */
interface CueValues {
  /** A contact that names no ball. */
  contact: readonly GameEvent[] | null;
  /** Other unknown events, by what the sensor named (`valuesKey`). */
  named: Map<string, readonly GameEvent[]>;
}

const valueLists = new WeakMap<readonly string[], Map<string, CueValues>>();

function valuesKey(e: GameEvent): string {
  if (e.type === 'cushion') return e.cushion === undefined ? 'cushion' : flat('cushion:', e.cushion);
  return e.type === 'contact' && e.a !== undefined ? flat('a:', e.a) : e.type === 'contact' && e.b !== undefined ? flat('b:', e.b) : 'contact';
}

/** `valuesOf`, from the shared lists of `balls` and `cue`; null for an event the sensor named fully. */
function representatives(e: GameEvent, balls: readonly string[], cue: string): readonly GameEvent[] | null {
  const unknownCushion = e.type === 'cushion' && e.ball === undefined;
  const unknownContact = e.type === 'contact' && (e.a === undefined || e.b === undefined);
  if (!unknownCushion && !unknownContact) return null;
  const lists = cueValues(balls, cue);
  if (e.type === 'contact' && e.a === undefined && e.b === undefined) return (lists.contact ??= valuesOf(e, balls, cue));
  const key = valuesKey(e);
  let list = lists.named.get(key);
  if (!list) {
    list = valuesOf(e, balls, cue);
    lists.named.set(key, list);
  }
  return list;
}

/** The shared lists of `balls` and `cue`: the last ones first (every open event of a shot asks for them). */
function cueValues(balls: readonly string[], cue: string): CueValues {
  if (balls === lastValues.balls && cue === lastValues.cue) return lastValues.lists;
  let byCue = valueLists.get(balls);
  if (!byCue) {
    byCue = new Map();
    valueLists.set(balls, byCue);
  }
  let lists = byCue.get(cue);
  if (!lists) {
    lists = { contact: null, named: new Map() };
    byCue.set(cue, lists);
  }
  lastValues = { balls, cue, lists };
  return lists;
}

let lastValues: { balls: readonly string[] | null; cue: string; lists: CueValues } = { balls: null, cue: '', lists: { contact: null, named: new Map() } };

/**
 * The values of `e` a sensor left open that can differ for the scoring rules, in the order
 * `readings` (shot.ts) tries them: of each group of values with the same meaning for the rules,
 * only the first. Every outcome function reads a shot only through the cue ball's cushions
 * (cushionOf) and the cue ball's contacts with one other ball (contactOf), in order; so a cushion
 * is the cue ball's or not, and a contact is the cue ball's with ball X, or not the cue ball's.
 */
function valuesOf(e: GameEvent, balls: readonly string[], cue: string): readonly GameEvent[] {
  const out: GameEvent[] = [];
  if (e.type === 'cushion') {
    let cueSeen = false;
    let otherSeen = false;
    for (const ball of balls) {
      const isCue = ball === cue;
      if (isCue ? cueSeen : otherSeen) continue;
      if (isCue) cueSeen = true;
      else otherSeen = true;
      out.push(withBall(e.cushion, ball));
    }
  } else if (e.type === 'contact') {
    const seen: string[] = [];
    let noneSeen = false;
    const as = e.a !== undefined ? [e.a] : balls;
    const bs = e.b !== undefined ? [e.b] : balls;
    for (const a of as) {
      for (const b of bs) {
        if (a === b) continue;
        if ((a === cue) !== (b === cue)) {
          const other = a === cue ? b : a;
          if (seen.includes(other)) continue;
          seen.push(other);
        } else {
          if (noneSeen) continue;
          noneSeen = true;
        }
        out.push(withBalls(a, b));
      }
    }
  }
  return Object.freeze(out);
}

/**
 * The distinct outcomes of every reading of the shot (shot.ts `readings`), in the order of their
 * first reading; every outcome of the game when there are more than MAX_ASSIGNMENTS readings.
 *
 * Same result as `[...new Set(readings(events, balls).map((r) => outcomeOf(r, ctx)))]`, without
 * trying every reading: of the values of one unknown event only its `representatives` are tried
 * (the first reading giving an outcome is made of them, so the order is kept), and the search
 * stops once every outcome of the game has been seen.
 */
export function possibleOutcomes(events: readonly GameEvent[], balls: readonly string[], ctx: ShotContext): string[] {
  const contact = ctx.game === 'four-ball' && hasContact(events);
  // 4-ball without a contact: the cue ball touched no ball in every reading, whatever its cushions.
  if (ctx.game === 'four-ball' && !contact) return ['none'];
  const all = allOutcomes(ctx.game, contact);
  // How many readings there are (as `readings` counts them), and how many events may be a
  // contact of the cue ball with another ball, without building any reading.
  const n = balls.length;
  let count = 1;
  let maybeCue = 0;
  let lastMaybeCue = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    let k = 1;
    if (e.type === 'cushion' && e.ball === undefined) k = n;
    else if (e.type === 'contact') {
      if (e.a === undefined && e.b === undefined) k = n * (n - 1);
      else if (e.a === undefined || e.b === undefined) k = n - 1;
      if (k > 1 || (e.a === ctx.cue) !== (e.b === ctx.cue)) {
        maybeCue++;
        lastMaybeCue = i;
      }
    }
    if (count * k > MAX_ASSIGNMENTS) return all.slice();
    count *= k;
  }
  if (count === 0) return [];
  // Three-cushion and 3-ball score only a carom: with fewer contacts that may be the cue ball's
  // than object balls, every reading is a miss.
  const noCarom = maybeCue < objectCount(balls, ctx.cue);
  if (ctx.game !== 'four-ball' && noCarom) return ['miss'];
  // Cushions count only before a contact of the cue ball (three-cushion: before its last ball;
  // four-ball: before its first contact, and only in a carom of all three object balls). So an
  // unknown cushion after the last event that may be such a contact, or any cushion when no
  // reading caroms, changes no outcome: it is read one way only (the search was exponential in
  // the shot's cushions: 2^cushions readings of every four-ball shot with an unknown contact).
  // Arrays of their exact size (counted first): a grown array's slack, for one or two open events
  // of every uncertain shot, was most of what the search allocated.
  let opens = 0;
  for (let i = 0; i < events.length; i++) if (isOpen(events[i]!, i, noCarom, lastMaybeCue)) opens++;
  const open = new Array<number>(opens);
  const values = new Array<readonly GameEvent[]>(opens);
  for (let i = 0, k = 0; i < events.length; i++) {
    const e = events[i]!;
    if (!isOpen(e, i, noCarom, lastMaybeCue)) continue;
    open[k] = i;
    values[k++] = representatives(e, balls, ctx.cue)!;
  }
  const found: string[] = [];
  walk(open, values, events.slice(), 0, ctx, found, all.length);
  return found;
}

/** An event the search reads several ways: one a sensor left open, unless a cushion that changes no outcome (see above). */
function isOpen(e: GameEvent, i: number, noCarom: boolean, lastMaybeCue: number): boolean {
  if (e.type === 'cushion') return e.ball === undefined && !noCarom && i <= lastMaybeCue;
  return e.type === 'contact' && (e.a === undefined || e.b === undefined);
}

/** `objectBalls(ctx).length`, without looking the list up. */
function objectCount(balls: readonly string[], cue: string): number {
  let n = 0;
  for (let i = 0; i < balls.length; i++) if (balls[i] !== cue) n++;
  return n;
}

/**
 * Depth-first over the readings: `reading` is the shot with the event at `open[k]` read as each
 * of `values[k]` in turn (the other events are read as they are), adding new outcomes to `found`;
 * true once all `total` outcomes are seen. A module function, not a closure: tsx names every
 * closure with an Object.defineProperty call, once per uncertain shot.
 */
function walk(
  open: readonly number[],
  values: readonly (readonly GameEvent[])[],
  reading: GameEvent[],
  k: number,
  ctx: ShotContext,
  found: string[],
  total: number,
): boolean {
  if (k === open.length) {
    const o = outcomeOf(reading, ctx);
    if (!found.includes(o)) found.push(o);
    return found.length === total;
  }
  const i = open[k]!;
  const vs = values[k]!;
  // Indexed: a for-of here allocated an iterator result per value (walk is recursive, not inlined).
  for (let j = 0; j < vs.length; j++) {
    reading[i] = vs[j]!;
    if (walk(open, values, reading, k + 1, ctx, found, total)) return true;
  }
  return false;
}
