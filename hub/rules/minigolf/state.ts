/**
 * Minigolf engine state. `Game` holds everything the rules act on; the outer `State` adds
 * the bookkeeping (pending decisions with their snapshots, answers, rejections).
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { Config } from './config';
import { type List, type PList, fromArray, toArray } from '../common/plist';
import type { MinigolfSheet } from '../../../shared/game/sheets/minigolf';

/**
 * The announcements of a tournament (one per lane played and per penalty): a persistent list,
 * newest first, shaped like common/plist's `PList` (so snapshots carry it: toPortable), and
 * iterable oldest first like the array it replaced. Appending copied that array, once per lane
 * per player: a replay slowed down as the tournament grew (quadratic).
 */
export class Announcement {
  constructor(
    readonly last: string,
    readonly init: List<string>,
    readonly length: number,
  ) {}

  [Symbol.iterator](): Iterator<string> {
    return toArray<string>(this)[Symbol.iterator]();
  }
}

export type Announcements = List<string>;

export type PenaltyLevel = 'A' | 'A+1' | 'B+2' | 'D+5';

export interface Penalty {
  level: PenaltyLevel;
  /** What the referee asked for, when the rules forced a stricter level. */
  requested: PenaltyLevel | null;
  points: number;
  clause: string | null;
  rule: string | null;
  reason: string;
  round: number;
  seq: number | undefined;
  who: string | undefined;
  /** Carried from the paper score sheet the tournament continued from (sheet.ts), not given in autoref. */
  fromSheet?: true;
}

/** How a lane score came about; `sheet`: carried from the paper score sheet the tournament continued from (sheet.ts). */
export type LaneHow = 'holed' | 'cap' | 'gave_up' | 'absent' | 'manual' | 'missing' | 'substitute' | 'sheet';

export interface Entry {
  lane: number;
  value: number;
  how: LaneHow;
  /** MG-CARD-3/4: the marker who announced and wrote it. */
  marker: string | null;
  /** MG-CARD-1: who made a manual entry (`who` of the call); null when counted from the sensors. */
  who: string | null;
  seq: number | undefined;
}

export interface CardCorrection {
  lane: number;
  from: number;
  to: number;
  by: string;
  who: string | undefined;
  why: string | undefined;
  initials: string[];
  late: boolean;
  seq: number | undefined;
}

export interface RoundCard {
  round: number;
  course: string;
  /** Lane scores by lane number - 1; null while not entered. */
  lanes: (number | null)[];
  how: (LaneHow | null)[];
  entries: Entry[];
  corrections: CardCorrection[];
  initials: { player: boolean; marker: boolean };
  locked: boolean;
  submitted: boolean;
  /** MG-INT-4: lane state noted at an interruption. */
  interruptions: string[];
  notes: string[];
}

/** The ball and strokes of the lane a player is on now. */
export interface LanePlay {
  round: number;
  lane: number;
  strokes: number;
  ball: 'start' | 'moving' | 'rest' | 'holed' | 'out';
  /** The next stroke is played from the start area (MG-PLACE-1, MG-SUB-11). */
  fromStart: boolean;
  /** A placement was made for the next stroke (MG-PLACE-10). */
  placed: boolean;
  ballId: string | null;
  /** The stroke in motion was played too early / out of order: its result is void (MG-ORDER-2/3/7). */
  early: boolean;
  /** Seq of the last stroke and whether it came from a sensor. */
  lastStroke: number | undefined;
  strokeSeqs: (number | undefined)[];
  lostAt: number | null;
}

export interface Warning {
  rule: string | null;
  reason: string;
  seq: number | undefined;
}

/** MG-SUB-8: one side of a substitution (or of a return) in a player's record. */
export interface SubRecord {
  round: number;
  lane: number;
  other: string;
  dir: 'in' | 'out';
  /** health | disqualification | other, or for a return: return | substitute_disqualified. */
  reason: string;
  /** MG-SUB-9: the outgoing player is to continue later. */
  continues: boolean;
  /** MG-SUB-4: lanes the incoming player had completed that the outgoing one had not. */
  aheadLanes: number;
  seq: number | undefined;
}

export interface Player {
  id: string;
  name: string;
  side: string | null;
  born: string | null;
  sex: 'f' | 'm' | null;
  club: string | null;
  licence: string | null;
  category: string | null;
  substitute: boolean;
  coach: boolean;
  /** Played from the first round (in a group at the start), as opposed to coming in later. */
  fromStart: boolean;
  status: 'active' | 'absent' | 'disqualified' | 'out' | 'reserve';
  cards: RoundCard[];
  play: LanePlay | null;
  penalties: Penalty[];
  warnings: Warning[];
  /** MG-SUB-*: substitution history of this player (in or out). */
  subs: SubRecord[];
  /** Team slot this player fills for the team score (the original member id). */
  slotOf: string | null;
  /** MG-PEN-11/12: the ban after a disqualification and who must be notified of it. */
  ban: { weeks: number; text: string; clause: string | null; notify: string[] } | null;
  timeWarnings: number;
  /**
   * MG-SCORE-8 (seed 003 §9.7: 7 "for every lane on which he was absent when in turn to play"):
   * set when an absent player was given a lane and his turn came straight back with nobody else
   * playing in between (a player alone in his group): his next turn has not really come yet. It
   * ends when another player of the group writes a lane, or the referee calls him absent again.
   */
  absentHold?: boolean;
}

/**
 * MG-TIME-1/2/3: the running stroke clock of a group, for the player to play on his current lane.
 * Started from the event times (a ball at rest) or by a `clock` start; a clock whose player, round or
 * lane is no longer the group's current one is stale and ignored (clock.ts `currentClock`).
 */
export interface GroupClock {
  player: string;
  round: number;
  lane: number;
  /** Hub time (ms) the clock started. */
  startedAt: number;
  /** The overrun is already warned (a `clock` expire): the late stroke is not warned again. */
  warned: boolean;
}

export interface Group {
  id: string;
  /** Order of the first round; later rounds rotate it (MG-ORDER-9). */
  players: string[];
  order: string[];
  startLane: number;
  /** MG-ORDER-1 two-course shotgun: 0 starts on the block's first course, 1 on its second. */
  startSide: 0 | 1;
  /** First round of the block being played (a block is one round, or two with a two-course shotgun). */
  base: number;
  /** Round of the lane being played (its card and course). */
  round: number;
  /** Index into the block's lane sequence (`blockSequence`). */
  pos: number;
  done: boolean;
  /** Waiting for the other groups before a final round is formed (MG-ORDER-10). */
  waiting: boolean;
  clock: GroupClock | null;
}

export interface PlayoffEntry {
  category: string;
  player: string;
  lane: number;
  /** Course of the play-off lane when named (lane id "B-1"); null = the play-off's course. */
  course: string | null;
  value: number;
  /** `call`: a `playoff` entry; `sensor`: counted from strike/hole/at_rest on the play-off lane. */
  source: 'call' | 'sensor';
  seq: number | undefined;
}

/** A ball in play on a golden-stroke play-off lane (MG-TIE-1), counted from the sensors. */
export interface PlayoffBall {
  category: string;
  lane: number;
  course: string;
  strokes: number;
  ball: 'moving' | 'rest';
}

export interface Game {
  status: 'setup' | 'playing' | 'finished' | 'abandoned';
  config: Config;
  players: Record<string, Player>;
  /** Start-list order (for stable reporting). */
  ids: string[];
  groups: Group[];
  interrupted: { since: number; reason: string } | null;
  cancelled: { reason: string; seq: number | undefined } | null;
  /** MG-INT-11 answer for federation events. */
  rankingAllowed: boolean | null;
  playoffs: PlayoffEntry[];
  /** Play-off balls in play, by player (sensor-counted play-off strokes). */
  playoffBalls: Record<string, PlayoffBall>;
  playoffDeclined: string[];
  lots: Record<string, string[]>;
  teamPenalties: { team: string; points: number; reason: string; seq: number | undefined }[];
  /** Newest first (see `Announcement`); `toArray` gives them in order. */
  announcements: Announcements;
  problems: string[];
  warmups: number;
  /** Player who made the last stroke (default target of calls about "the last stroke"). */
  lastStriker: string | null;
  /** When (event time) a ball was last holed, by lane number: a hole soon after is the same ball's (MG-HOLE-1). */
  holedAt: Record<number, number>;
  /** The score sheet the tournament continued from, exactly as the `start` event gave it (sheet.ts); null for a tournament autoref saw from its first lane. */
  sheet: MinigolfSheet | null;
}

export interface OpenDecision {
  decision: PendingDecision;
  /** Game (and bookkeeping) before the decision's effect. */
  snapshot: State;
  /** Events reduced since it was raised, re-folded when it is answered. */
  since: GameEvent[];
  /** What the effect needs to know. */
  payload: Record<string, string | number | null>;
}

export interface State {
  game: Game;
  open: OpenDecision[];
  decided: { id: string; answer: string }[];
  /**
   * The refused events, newest first: a persistent list (common/plist), as the announcements.
   * Appending copied an array on every refusal, and a league's logs hold lanes reported long after
   * a tournament ended, each refused: a replay grew with the square of their number.
   */
  refused: List<RejectedEvent>;
  /**
   * The refused events in order (`refusedArray`): a getter of the states the reducer makes. A state
   * restored from a snapshot is plain fields without it: the engine reads `rejectedOf`.
   */
  readonly rejected: RejectedEvent[];
  /** Number of events reduced (used for deterministic ids when seq is absent). */
  n: number;
}

const arrays = new WeakMap<PList<RejectedEvent>, RejectedEvent[]>();
/** The list in order, the same array for the same list (the hub compares them to tell new refusals). */
export function refusedArray(list: List<RejectedEvent>): RejectedEvent[] {
  if (list === null) return [];
  let a = arrays.get(list);
  if (a === undefined) {
    a = toArray(list);
    arrays.set(list, a);
  }
  return a;
}

/** The refused events of a state (a snapshot written before `refused` existed holds the array). */
export function refusedOf(s: Pick<State, 'refused'> & { rejected?: RejectedEvent[] }): List<RejectedEvent> {
  return s.refused !== undefined ? s.refused : fromArray(s.rejected ?? []);
}

export function rejectedOf(s: Pick<State, 'refused'> & { rejected?: RejectedEvent[] }): RejectedEvent[] {
  return s.refused !== undefined ? refusedArray(s.refused) : (s.rejected ?? []);
}

/** A state as the reducer makes it. */
export class MgState implements State {
  constructor(
    public game: Game,
    public open: OpenDecision[],
    public decided: { id: string; answer: string }[],
    public refused: List<RejectedEvent>,
    public n: number,
  ) {}

  get rejected(): RejectedEvent[] {
    return refusedArray(this.refused);
  }
}
