/**
 * Game events: what every rules engine consumes.
 *
 * The hub turns raw device events (protocol v1) into these, on one timeline, and adds the
 * inputs of people (referee, scorer, players) and of its own timers. A match is nothing but an
 * ordered list of these events; replaying the list through an engine gives the match state.
 *
 * One TypeBox definition gives the TypeScript types and the JSON Schema that validates
 * replay files and HTTP bodies.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ScoreSheet } from './sheets/index';

/** Who or what produced an event. Sensor facts can be overridden by people, never silently. */
export const Actor = Type.Union([Type.Literal('sensor'), Type.Literal('referee'), Type.Literal('scorer'), Type.Literal('player'), Type.Literal('hub')]);
export type Actor = Static<typeof Actor>;

/** Fields every event carries. `seq` and `t` are assigned by the hub (or the log file). */
const base = {
  /** Position in the match log, strictly increasing. */
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Hub timeline in milliseconds (device times already mapped onto it). */
  t: Type.Number(),
  by: Type.Optional(Actor),
  /** Name of the person who entered it (referee, marker, player). */
  who: Type.Optional(Type.String({ maxLength: 80 })),
  /** Free-text reason, required by corrections. */
  why: Type.Optional(Type.String({ maxLength: 400 })),
};

function event<T extends string, P extends Record<string, TSchema>>(type: T, fields: P) {
  return Type.Object({ type: Type.Literal(type), ...base, ...fields }, { additionalProperties: false });
}

const BallId = Type.String({ minLength: 1, maxLength: 24 });
const PlaceId = Type.String({ minLength: 1, maxLength: 24 });

/** Where acoustic sensors placed an event on the table (shared/tables/acoustic.ts): metres, and its 1-sigma error. */
const Where = {
  x: Type.Optional(Type.Number({ minimum: -1, maximum: 6 })),
  y: Type.Optional(Type.Number({ minimum: -1, maximum: 4 })),
  sd: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
};

const Metres = Type.Number({ minimum: -1, maximum: 6 });

/** One event of a tracker's reading: a cushion or a contact with its balls named, where and when (hub ms). */
const TrackedEvent = Type.Union([
  Type.Object({ type: Type.Literal('cushion'), t: Type.Number(), ball: BallId, cushion: PlaceId, x: Metres, y: Metres }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('contact'), t: Type.Number(), a: BallId, b: BallId, x: Metres, y: Metres }, { additionalProperties: false }),
]);
export type TrackedEvent = Static<typeof TrackedEvent>;

/** A reading of a shot by the tracker: its events in order and how probable the tracker found it. */
export const TrackReading = Type.Object(
  {
    probability: Type.Number({ minimum: 0, maximum: 1 }),
    events: Type.Array(TrackedEvent, { maxItems: 400 }),
  },
  { additionalProperties: false },
);
export type TrackReading = Static<typeof TrackReading>;

export const PlayerSetup = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    /** Side or team: golf billiards colour, pool group, minigolf team. */
    side: Type.Optional(Type.String({ maxLength: 40 })),
    /** Minigolf categories need it (MG-CAT-*). ISO date. */
    born: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);
export type PlayerSetup = Static<typeof PlayerSetup>;

export const GameEventSchemas = {
  /** First event of every match: who plays and the engine configuration (engine defaults fill gaps). */
  start: event('start', {
    players: Type.Array(PlayerSetup, { minItems: 1, maxItems: 400 }),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /**
     * The match continues from a score sheet (shared/game/sheets): the engine starts from this
     * state instead of the opening. Absent: a match from its beginning.
     */
    sheet: Type.Optional(ScoreSheet),
  }),
  /** Cue or club strike; from an instrumented cue, a stroke sensor, or a tap. */
  strike: event('strike', { ball: Type.Optional(BallId), player: Type.Optional(Type.String()), lane: Type.Optional(PlaceId) }),
  /**
   * Ball-to-ball contact. Unknown balls are left out: engines must not guess. `x`, `y`, `sd`: where
   * the slate sensors placed the click (metres, hub/acoustic), on a table that has them.
   */
  contact: event('contact', { a: Type.Optional(BallId), b: Type.Optional(BallId), ...Where }),
  /** A ball hit a cushion (rail). `ball` absent when the sensor cannot tell which; `x`, `y`, `sd`: where its rail's sensors placed the knock. */
  cushion: event('cushion', { ball: Type.Optional(BallId), cushion: Type.Optional(PlaceId), ...Where }),
  /** Golf billiards goal. */
  goal: event('goal', { goal: PlaceId, ball: Type.Optional(BallId) }),
  /**
   * Pocket: `captured` false means the ball rattled back out (not pocketed). `reading`: what a
   * sensor read of the ball when it was not sure enough to name it (`ball` then absent): its best
   * reading and how probable that is, and the next most likely ball. The hub logs it; the engine's "which ball?" question takes it
   * as its default (replay reads it here, nothing is inferred again).
   */
  pocket: event('pocket', {
    pocket: PlaceId,
    ball: Type.Optional(BallId),
    captured: Type.Boolean(),
    reading: Type.Optional(
      Type.Object(
        {
          ball: BallId,
          probability: Type.Number({ minimum: 0, maximum: 1 }),
          /** The sensor's next most likely ball and its probability, when it gave one. */
          next: Type.Optional(Type.Object({ ball: BallId, probability: Type.Number({ minimum: 0, maximum: 1 }) }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  /**
   * The hub's tracker read the shot (hub/tracker): which ball made each localised knock and click.
   * `readings`: the readings it kept, most probable first, each with its probability; `paths`:
   * where each ball went in the first reading (points from where it stood to where it stopped);
   * `rest`: where each ball came to rest, with its 1-sigma error; `evidence`: what it read. What
   * the hub inferred enters the log here, so a replay reads it and never runs the tracker again.
   */
  track: event('track', {
    /** The ball struck (the match's cue ball for the player at the table). */
    cue: BallId,
    readings: Type.Array(TrackReading, { minItems: 1, maxItems: 8 }),
    paths: Type.Record(BallId, Type.Array(Type.Tuple([Metres, Metres]), { maxItems: 400 })),
    rest: Type.Record(BallId, Type.Object({ x: Metres, y: Metres, sd: Type.Number({ minimum: 0, maximum: 10 }) }, { additionalProperties: false })),
    evidence: Type.Object(
      {
        knocks: Type.Integer({ minimum: 0 }),
        clicks: Type.Integer({ minimum: 0 }),
        /** Knocks and clicks no ball of the first reading explains (crosstalk, noise). */
        unexplained: Type.Integer({ minimum: 0 }),
        /** Hypotheses weighed. */
        hypotheses: Type.Integer({ minimum: 0 }),
        /** The tracker's time for the shot, ms. */
        ms: Type.Number({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
  }),
  /** Late identity of a ball seen earlier by a sensor without identity (ball-return reader). */
  identify: event('identify', { ref: Type.Integer({ minimum: 0 }), ball: BallId }),
  /** A ball left the playing area (or touched the rail top, where that counts). */
  /** `lane`: on a minigolf course, the lane whose device saw the ball leave (the hub's lane mapping). */
  off_table: event('off_table', { ball: Type.Optional(BallId), returned: Type.Optional(Type.Boolean()), lane: Type.Optional(PlaceId) }),
  /** Minigolf: ball holed on a lane. */
  hole: event('hole', { lane: PlaceId, ball: Type.Optional(BallId), player: Type.Optional(Type.String()) }),
  /** Everything is still: the shot is over. */
  /** `lane`: on a minigolf course, only that lane's balls came to rest (its own shot assembler); none: every ball. */
  at_rest: event('at_rest', { lane: Type.Optional(PlaceId) }),
  /** A hub timer: shot clock, turn clock, minigolf stroke clock. */
  clock: event('clock', {
    clock: Type.String({ maxLength: 24 }),
    phase: Type.Union([Type.Literal('start'), Type.Literal('warn'), Type.Literal('expire'), Type.Literal('stop')]),
    player: Type.Optional(Type.String()),
  }),
  /**
   * A referee or player call: fouls no sensor sees, placements, lag results, options, administration.
   * `call` names it (engine-specific catalogue); the other fields carry its arguments.
   */
  ref: event('ref', {
    call: Type.String({ minLength: 1, maxLength: 40 }),
    player: Type.Optional(Type.String({ maxLength: 40 })),
    ball: Type.Optional(BallId),
    place: Type.Optional(PlaceId),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()])),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
  /** Answer to a pending decision, by a person or (after a time-out) by the hub's default. */
  decide: event('decide', {
    decision: Type.String({ minLength: 1, maxLength: 80 }),
    answer: Type.String({ maxLength: 80 }),
    /**
     * The hub decided alone: the probability the engine gave its reading (the question's own
     * `probability`), at or above the venue's threshold. Logged so that what was decided unasked
     * stays visible; replay reads it, never recomputes it.
     */
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /**
     * The hub took a foul no sensor can see as not committed (the question's `claim`): the shot
     * stands as legal, and until `until` (hub time, ms) or the next strike a player other than
     * `against` may claim the foul; a claim answers the question with `foul` (docs/claims.md).
     */
    claim: Type.Optional(
      Type.Object(
        {
          against: Type.String({ maxLength: 40 }),
          foul: Type.String({ maxLength: 80 }),
          until: Type.Number(),
          /** The question's kind: the screens name the foul from it ("Foul: hit the wrong ball first"). */
          kind: Type.String({ maxLength: 60 }),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  /**
   * A player claims the foul of a question the hub took as legal (a `decide` with `claim`): the
   * question is answered with its foul, as a person's answer would. Refused after the window.
   */
  claim: event('claim', { decision: Type.String({ minLength: 1, maxLength: 80 }), player: Type.String({ minLength: 1, maxLength: 40 }) }),
  /** The player a claim is against disputes it: the referee rules (decision `<id>:dispute`). */
  dispute: event('dispute', { decision: Type.String({ minLength: 1, maxLength: 80 }), player: Type.String({ minLength: 1, maxLength: 40 }) }),
  /** Correction: take back the last shot (its events stay in the log, out of force). */
  undo: event('undo', {}),
  /** Correction: put back in force what the last undo took out. */
  redo: event('redo', {}),
  /** Correction: replace the answer of an earlier decision; everything after it is re-decided. */
  override: event('override', { decision: Type.String({ minLength: 1, maxLength: 80 }), answer: Type.String({ maxLength: 80 }) }),
};

const S = GameEventSchemas;
export const GameEvent = Type.Union([
  S.start,
  S.strike,
  S.contact,
  S.cushion,
  S.goal,
  S.pocket,
  S.identify,
  S.track,
  S.off_table,
  S.hole,
  S.at_rest,
  S.clock,
  S.ref,
  S.decide,
  S.claim,
  S.dispute,
  S.undo,
  S.redo,
  S.override,
]);
export type GameEvent = Static<typeof GameEvent>;
export type GameEventType = GameEvent['type'];
export type GameEventOf<K extends GameEventType> = Extract<GameEvent, { type: K }>;

/** Events that change which events are in force rather than the game itself. */
export type CorrectionEvent = GameEventOf<'undo' | 'redo' | 'override'>;
export function isCorrection(e: GameEvent): e is CorrectionEvent {
  return e.type === 'undo' || e.type === 'redo' || e.type === 'override';
}

/** The decision a referee answers when a claim is disputed: `<claimed decision>:dispute`. */
export const DISPUTE_SUFFIX = ':dispute';

/**
 * Events that change an earlier answer (corrections, a claim, a referee's ruling on a disputed
 * claim) and so need the log replayed, and the events that only record a claim's course.
 */
export function rewritesPast(e: GameEvent): boolean {
  return isCorrection(e) || e.type === 'claim' || e.type === 'dispute' || (e.type === 'decide' && e.decision.endsWith(DISPUTE_SUFFIX));
}
