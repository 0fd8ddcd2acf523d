/**
 * The scoring rule of each carom game, as one outcome function over a shot's sensor events,
 * plus the points and words of each outcome. Uncertain shots are read every possible way
 * (shot.ts `readings`); more than one outcome means a pending decision.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { CaromConfig, CaromGame } from './config';
import { ballsOf } from './config';
import { flat } from '../common/text';
import { MAX_ASSIGNMENTS, cushionsBeforeLastBall, fourBallPoints, isCarom, isPoint, isRedFirst, touchedNoBall } from './shot';

export interface ShotContext {
  game: CaromGame;
  config: CaromConfig;
  /** The ball that was struck. */
  cue: string;
  /** This is the opening shot of the game. */
  opening: boolean;
}

const objectLists = new WeakMap<readonly string[], Map<string, string[]>>();

/** The balls other than the cue ball (one shared list per ball set and cue: do not mutate). */
export function objectBalls(ctx: ShotContext): string[] {
  const balls = ballsOf(ctx.game, ctx.config);
  let byCue = objectLists.get(balls);
  if (!byCue) {
    byCue = new Map();
    objectLists.set(balls, byCue);
  }
  let list = byCue.get(ctx.cue);
  if (!list) {
    list = balls.filter((b) => b !== ctx.cue);
    byCue.set(ctx.cue, list);
  }
  return list;
}

function otherCueBall(ctx: ShotContext): string {
  const { white, yellow } = ctx.config.balls;
  return ctx.cue === white ? yellow : ctx.cue === yellow ? white : white;
}

/** The outcome code of a shot whose balls are all identified. */
export function outcomeOf(events: readonly GameEvent[], ctx: ShotContext): string {
  switch (ctx.game) {
    case 'three-cushion':
      // C3-BREAK-3 + CQ-16: on the break, a first contact other than the red is a miss.
      if (ctx.opening && ctx.config.breakRedFirst && !isRedFirst(events, ctx.cue, ctx.config.balls.red)) return 'miss';
      return isPoint(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount) ? 'point' : 'miss';
    case 'three-ball':
      return isCarom(events, ctx.cue, objectBalls(ctx)) ? 'point' : 'miss';
    case 'four-ball': {
      // C4-ERASE-1 erases only when the cue ball touched no ball. A contact heard, whichever balls
      // it names or leaves unknown, means it touched one: the shot starts on a still table with the
      // cue ball alone struck, and a ball at rest moves only when a moving ball hits it, so every
      // contact of the shot follows one of the cue ball. A reading whose named contacts leave the
      // cue ball out then credits nothing and erases nothing (`p0`): the cue ball's own contact
      // was missed, and what a sensor did not see neither scores nor takes away.
      if (touchedNoBall(events, ctx.cue)) return hasContact(events) ? 'p0' : 'none';
      const { red, maroon } = ctx.config.balls;
      const v = fourBallPoints(events, { cue: ctx.cue, otherCue: otherCueBall(ctx), red, maroon }, ctx.config.fourBallWhiteYellow);
      return FOUR_BALL_CODE[v];
    }
  }
}

/** The shot has a contact event, whatever balls it names (none, one or two). */
export function hasContact(events: readonly GameEvent[]): boolean {
  for (const e of events) if (e.type === 'contact') return true;
  return false;
}

/** The code of a 4-ball value: one string per value, not a new one per reading of every shot. */
const FOUR_BALL_CODE = { 0: 'p0', 1: 'p1', 5: 'p5', 25: 'p25', 50: 'p50' } as const;

/** The points of the codes outcomes are made of (`pointsOf` without a regular expression per shot). */
const CODE_POINTS = new Map<string, number>([['point', 1], ['miss', 0], ['none', 0], ['foul', 0], ...Object.values(FOUR_BALL_CODE).map((c) => [c, Number(c.slice(1))] as [string, number])]);

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
  if (ctx.game !== 'three-cushion') return null;
  return missCallFor(cushionsBeforeLastBall(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount));
}

/** The call for a miss with `n` cushions before the last ball (`cushionsOf`). */
export function missCallFor(n: number): string | null {
  return n >= 3 ? null : (['no cushion', 'one cushion', 'two cushions'][n] ?? null);
}

/** The rule an outcome is scored by, for reports. */
export function cushionsOf(events: readonly GameEvent[], ctx: ShotContext): number | null {
  if (ctx.game !== 'three-cushion') return null;
  return cushionsBeforeLastBall(events, ctx.cue, objectBalls(ctx), ctx.config.cushionCount);
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
  if (e.type === 'contact' && e.a === undefined && e.b === undefined) return (lists.contact ??= valuesOf(e, balls, cue));
  const key = valuesKey(e);
  let list = lists.named.get(key);
  if (!list) {
    list = valuesOf(e, balls, cue);
    lists.named.set(key, list);
  }
  return list;
}

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
  const noCarom = maybeCue < objectBalls(ctx).length;
  if (ctx.game !== 'four-ball' && noCarom) return ['miss'];
  // Cushions count only before a contact of the cue ball (three-cushion: before its last ball;
  // four-ball: before its first contact, and only in a carom of all three object balls). So an
  // unknown cushion after the last event that may be such a contact, or any cushion when no
  // reading caroms, changes no outcome: it is read one way only (the search was exponential in
  // the shot's cushions: 2^cushions readings of every four-ball shot with an unknown contact).
  const open: number[] = [];
  const values: (readonly GameEvent[])[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type === 'cushion' && (noCarom || i > lastMaybeCue)) continue;
    const v = representatives(e, balls, ctx.cue);
    if (v === null) continue;
    open.push(i);
    values.push(v);
  }
  const found: string[] = [];
  walk(open, values, events.slice(), 0, ctx, found, all.length);
  return found;
}

/**
 * Depth-first over the readings: `reading` is the shot with the event at `open[k]` read as each
 * of `values[k]` in turn (the other events are read as they are), adding new outcomes to `found`;
 * true once all `total` outcomes are seen. A module function, not a closure: tsx names every
 * closure with an Object.defineProperty call, once per uncertain shot.
 */
function walk(open: readonly number[], values: readonly (readonly GameEvent[])[], reading: GameEvent[], k: number, ctx: ShotContext, found: string[], total: number): boolean {
  if (k === open.length) {
    const o = outcomeOf(reading, ctx);
    if (!found.includes(o)) found.push(o);
    return found.length === total;
  }
  const i = open[k]!;
  for (const v of values[k]!) {
    reading[i] = v;
    if (walk(open, values, reading, k + 1, ctx, found, total)) return true;
  }
  return false;
}
