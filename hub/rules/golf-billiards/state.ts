/**
 * Golf billiards state types. The engine state is the list of events in force plus the answers
 * to decisions; `core` is derived from them (a fold), so a late answer gives exactly the state an
 * immediate one would have given.
 *
 * What grows with the match (the events, strokes, open and answered decisions, warnings,
 * refusals) is kept as persistent lists (../common/plist): appended in O(1) with the rest shared.
 * They were arrays copied on every event or stroke, which made a replay quadratic. `LiveCore` is
 * the working state; `Core` is the same with plain arrays, the documented view (`coreView`),
 * built when read and kept per state.
 */
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { GbConfig } from './config';
import type { GolfBilliardsSheet } from '../../../shared/game/sheets/golf-billiards';
import { type List, toArray } from '../common/plist';

export type Side = string;
export type Where = 'table' | 'holed' | 'waiting';
export type SpotId = '1' | '2' | '3' | '4' | '5';
export const SPOTS: readonly SpotId[] = ['1', '2', '3', '4', '5'];

export interface Ball {
  side: Side;
  where: Where;
  /** Re-spot point the engine placed it on; cleared when an event names the ball again. */
  spot?: SpotId | 'near';
}
export type Balls = Readonly<Record<string, Ball>>;

/** Foul and special-call names of the `ref` catalogue that act on a stroke. */
export type FoulName =
  | 'foot'
  | 'jump'
  | 'loft_long_cushion'
  | 'attack_triangle'
  | 'hard_shot'
  | 'aim_behind'
  | 'wrong_ball'
  | 'aim_before_rest'
  | 'touch'
  | 'stop_own'
  | 'stop_opponent'
  | 'push'
  | 'push_touching'
  | 'push_cross'
  | 'own_onto_own'
  | 'triangle'
  | 'order'
  | 'wrong_opener'
  | 'zone_fail'
  | 'time';

export interface Foul {
  name: FoulName;
  /** Rule ID that applies (after the zone-play variant is chosen). */
  rule: string;
  /** Ball argument: touched ball, violator's ball. */
  ball?: string;
  balls?: string[];
  value?: string | number | boolean;
  source: 'sensor' | 'call' | 'decision';
  /** Side that committed it, when not the striker's (opening strokes). */
  side?: Side;
  seq: number;
  t: number;
}

/**
 * A goal or a ball off the table seen in the stroke. `ball` is null when the sensor could not name
 * it (no colour sensor at that goal or beam, or a reading that is no ball of this match; `read`
 * keeps that reading): the stroke's resolution asks whose ball it was (identify.ts).
 */
export interface GoalSeen {
  ball: string | null;
  read?: string;
  goal: string;
  t: number;
  seq: number;
}
export interface OffSeen {
  ball: string | null;
  read?: string;
  t: number;
  seq: number;
}

export interface Stroke {
  id: string;
  seq: number;
  t: number;
  side: Side;
  player: string | null;
  /** Own ball struck, if the strike named it (labels of one colour are interchangeable). */
  played: string | null;
  /** Both sides strike in the opening stroke of a set. */
  opening: boolean;
  openers: Side[];
  /** A foul outside any stroke (touch before the stroke, time): no balls were played. */
  synthetic: boolean;
  zone: boolean;
  before: Balls;
  /** Spot of the played ball before the stroke (GB-SPOT-4). */
  fromSpot: SpotId | 'near' | null;
  goals: GoalSeen[];
  offs: OffSeen[];
  jammed: { ball: string; place: string; seq: number; t: number }[];
  lipStopped: string[];
  contacts: { a?: string; b?: string; seq: number }[];
  cushions: { ball?: string; seq: number }[];
  fouls: Foul[];
  /** Foul claims waiting for confirmation (self-scoring). */
  claims: Foul[];
  zoneMoves: ZoneMove[] | null;
  restedAt: number | null;
}

/** How one ball moved relative to its zone, as reported by a referee (GB-ZONE-3..7). */
export interface ZoneMove {
  ball: string;
  /** Where it lay before the stroke. */
  from: 'zone' | 'line' | 'big-attack-triangle' | 'big-defence-triangle';
  /** Left its zone (or its line) at any moment of the stroke, even if it came back. */
  left: boolean;
  /** The ball's owner defends the goal of that big defence triangle. */
  defender?: boolean;
  /** For a ball in the big defence triangle: it left the triangle. */
  leftTriangle?: boolean;
}

export interface StrokeRecord {
  id: string;
  set: number;
  side: Side;
  player: string | null;
  played: string | null;
  opening: boolean;
  zonePlay: boolean;
  goals: { ball: string; goal: string; t: number; credited: Side | null; valid: boolean; note: string }[];
  offTable: { ball: string; effect: string }[];
  fouls: { name: string; rule: string; effects: string[] }[];
  respots: string[];
  restore: boolean;
  keepsTurn: boolean;
  next: Side | null;
  setEnd: { winner: Side; how: string } | null;
}

export interface SetResult {
  number: number;
  winner: Side;
  how: string;
  holed: Record<Side, number>;
}

export interface SetState {
  number: number;
  phase: 'opening' | 'play' | 'awaiting' | 'over';
  balls: Balls;
  turn: Side | null;
  zone: boolean;
  /** Doubles: index of the player due per side. */
  pointer: Record<Side, number>;
  openers: Record<Side, string | null>;
  /** Points from which a faulty stroke was made in zone play (GB-SPOT-4). */
  faultedSpots: SpotId[];
  occupied: SpotId[];
  /** Balls declared to lie in the long-cushion zone (GB-FOUL-8). */
  declared: string[];
  /** A `from_spot` call before the stroke: the ball to play stands on that point. */
  fromSpotCall: SpotId | null;
  strokes: number;
}

export interface Clock {
  startedAt: number | null;
  timeCalledAt: number | null;
  expired: boolean;
}

export interface Core {
  sets: SetResult[];
  setsWon: Record<Side, number>;
  winner: Side | null;
  set: SetState;
  open: Stroke | null;
  /** The last resolved stroke and the core before it: late calls re-resolve it. */
  last: { stroke: Stroke; before: Core } | null;
  clock: Clock;
  pending: PendingDecision[];
  /** Answers applied, for the report. */
  decided: { id: string; kind: string; answer: string }[];
  strokes: StrokeRecord[];
  warnings: { seq: number; who: string | null; rule: string; text: string }[];
  rejected: RejectedEvent[];
}

export type Warning = Core['warnings'][number];
export type Decided = Core['decided'][number];

/** The working core (see the top of this file). */
export interface LiveCore extends Omit<Core, 'last' | 'pending' | 'decided' | 'strokes' | 'warnings' | 'rejected'> {
  last: { stroke: Stroke; before: LiveCore } | null;
  /** Newest first, like every list here. */
  pending: List<PendingDecision>;
  decided: List<Decided>;
  strokes: List<StrokeRecord>;
  warnings: List<Warning>;
  rejected: List<RejectedEvent>;
}

const views = new WeakMap<LiveCore, Core>();

/** The documented core of a working one: O(match) the first time, then kept with it. */
export function coreView(live: LiveCore): Core {
  let v = views.get(live);
  if (!v) {
    v = {
      ...live,
      last: live.last && { stroke: live.last.stroke, before: coreView(live.last.before) },
      pending: pendingOf(live),
      decided: toArray(live.decided),
      strokes: toArray(live.strokes),
      warnings: toArray(live.warnings),
      rejected: toArray(live.rejected),
    };
    views.set(live, v);
  }
  return v;
}

const pendingViews = new WeakMap<NonNullable<List<PendingDecision>>, { set: string | null; list: PendingDecision[] }>();
const NONE: PendingDecision[] = [];

/** Questions that only place balls: of no use once their set is over (all balls come back out). */
export const PLACEMENT_KINDS: ReadonlySet<string> = new Set(['golf-billiards.respot', 'golf-billiards.respot_repeat', 'golf-billiards.designate']);

/**
 * The open decisions, oldest first, without the placements of finished sets (they stay in the
 * list, answerable: sets.ts endSet). The summary reads them after every event: one array per list
 * and set, shared by the states in between (the list changes only when a stroke raises or settles one).
 */
export function pendingOf(live: LiveCore): PendingDecision[] {
  if (live.pending === null) return NONE;
  const set = live.winner === null ? `set${live.set.number}-` : null;
  let v = pendingViews.get(live.pending);
  if (!v || v.set !== set) {
    v = { set, list: toArray(live.pending).filter((d) => !PLACEMENT_KINDS.has(d.kind) || (set !== null && d.id.startsWith(set))) };
    pendingViews.set(live.pending, v);
  }
  return v.list;
}

export interface Setup {
  players: PlayerSetup[];
  sides: [Side, Side];
  members: Record<Side, string[]>;
  config: GbConfig;
  doubles: boolean;
  /** The score sheet the match continued from (sheet.ts), as the `start` event gave it; absent: from the opening. */
  sheet?: GolfBilliardsSheet;
}

/**
 * The engine state. A class for the `core` view; the engine reads only the fields, so a state
 * restored from a snapshot (plain fields, common/plist.ts fromPortable) plays on alike.
 */
export class GbState {
  constructor(
    readonly setup: Setup | null,
    /** Events in force except `decide` (answers are kept apart), newest first. */
    readonly events: List<GameEvent>,
    readonly answers: Record<string, string>,
    /** Rejections of decide events (kept across re-derivations). */
    readonly decideRejected: RejectedEvent[],
    readonly live: LiveCore | null,
    readonly rejectedBeforeStart: RejectedEvent[],
  ) {}

  /** The game as documented (arrays, oldest first). */
  get core(): Core | null {
    return this.live && coreView(this.live);
  }

  /** Every refused event (before the start, during play, refused answers), in log order. */
  get rejected(): RejectedEvent[] {
    return allRejected(this);
  }
}

/**
 * All refusals of a state, in log order. Reads the fields only, so it also serves a state
 * restored from a snapshot (a plain object without the getters); `autoref replay` prints it.
 */
export function allRejected(s: Pick<GbState, 'rejectedBeforeStart' | 'live' | 'decideRejected'>): RejectedEvent[] {
  return [...s.rejectedBeforeStart, ...(s.live ? coreView(s.live).rejected : []), ...s.decideRejected].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
