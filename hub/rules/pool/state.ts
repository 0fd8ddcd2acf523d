/**
 * Pool (pocket billiards): state types shared by the general layer (seed 001, rules PB-*) and the
 * discipline plug-ins (8-ball, 9-ball; WPA World Standardized Rules, see docs/games/pool.md).
 */
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { GameEvent, PlayerSetup } from '../../../shared/game/events';
import { type List, toArray } from '../common/plist';
import type { BallInHand, BallState, PoolConfig } from '../../../shared/reports/pool';
import type { PoolSheet } from '../../../shared/game/sheets/pool';
import type { PMap } from './pmap';

export type { BallInHand, BallState, PoolConfig } from '../../../shared/reports/pool';

/** What a shot's sensor and people events say, with identities applied. */
export interface ShotFacts {
  /** Log position of the shot's first event (names the shot). */
  key: number;
  fromSeq: number;
  toSeq: number;
  restT: number | null;
  strikes: number;
  striker: string | null;
  /** Object ball of the cue ball's first contact; null = no contact; undefined = unknown. */
  firstContact: string | null | undefined;
  /** The shot's ball events in order, identities applied. */
  order: FactEvent[];
  /** Index in `order` of the first contact (-1: none, or the cue ball was frozen to it). */
  firstContactIndex: number;
  /**
   * Captured pocket or off-table events whose ball is still unknown (log positions), with the
   * sensor's reading of it when it had one not sure enough to name it (the pocket event's `reading`).
   */
  unknownBalls: {
    seq: number;
    kind: 'pocket' | 'off';
    pocket: string | null;
    reading?: { ball: string; probability: number; next?: { ball: string; probability: number } };
  }[];
  /** Cue ball declared frozen to this ball, and no contact event could show the hit. */
  frozenCueTo: string | null;
  pocketed: string[];
  rattled: string[];
  offTable: string[];
  /** Balls that left the playing area and came back by themselves (still a foul, PB-FOUL-3). */
  returned: string[];
  lateDrops: { ball: string; afterMs: number; putBack: boolean }[];
  /** Balls that touched a cushion after the first contact (unknown ball = '?'). */
  cushionsAfterContact: string[];
  /** Distinct object balls known to reach a cushion at any time in the shot, and unknown cushion count. */
  objectCushionBalls: string[];
  unknownCushions: number;
  cueCushionIds: string[];
  refFouls: RefFoul[];
  interference: 'affected' | 'not-affected' | 'unrestorable' | null;
}

/** A simplified, identity-resolved event of a shot. */
export type FactEvent =
  | { kind: 'contact'; a: string | undefined; b: string | undefined }
  | { kind: 'cushion'; ball: string | undefined; cushion: string | undefined }
  | { kind: 'pocket'; ball: string | undefined; pocket: string }
  | { kind: 'off'; ball: string | undefined };

export interface RefFoul {
  seq: number;
  kind: string;
  rule: string;
  /** PB-FOUL-5 details of a touch (unrefereed game). */
  touch: { cueBall: boolean; intentional: boolean; affectsOutcome: boolean };
  /** Player charged; null = the shooter. */
  by: string | null;
  who: string | undefined;
  why: string | undefined;
}

export interface FoulRecord {
  rule: string;
  code: string;
  by: string;
}

/** Settings entered before a shot (calls, declarations). */
export interface ShotPrep {
  call: { ball: string; pocket: string } | null;
  safety: boolean;
  pushOut: boolean;
  frozen: { ball: string; place: string | null }[];
  kitchenWarning: boolean;
}

export interface ShotRecord {
  n: number;
  rack: number;
  shooter: string;
  seqs: [number, number];
  isBreak: boolean;
  pushOut: boolean;
  firstContact: string | null;
  /** No foul in the shot (a replayed shot is legal: nobody fouled). */
  legal: boolean;
  /** PB-EXT-1: outside interference affected the shot: balls restored, it counts for nothing, the same player plays again. */
  replayed?: boolean;
  fouls: FoulRecord[];
  pocketed: string[];
  rattled: string[];
  offTable: string[];
  lateDrops: { ball: string; afterMs: number; putBack: boolean }[];
  spotted: string[];
  notes: string[];
  result: string;
  next: string | null;
  ballInHand: BallInHand;
}

export interface RackRecord {
  no: number;
  breaker: string;
  winner: string | null;
  reason: string;
  shots: number;
}

export interface RefRecord {
  seq: number | undefined;
  call: string;
  player: string | undefined;
  who: string | undefined;
  why: string | undefined;
  effect: string;
}

/** Discipline state: 8-ball groups or 9-ball push-out bookkeeping. */
export interface DisciplineState {
  /** 8-ball: player id -> 'solids' | 'stripes'; empty while the table is open. */
  groups: Record<string, 'solids' | 'stripes'>;
  /** 9-ball: push-out may be declared on the next shot. */
  pushOutAvailable: boolean;
}

/** A question or a player's option the table is waiting for (turned into a PendingDecision). */
export interface OpenQuestion {
  decision: PendingDecision;
  /** What to do when it is answered (interpreted by the table). */
  action: QuestionAction;
}

export type QuestionAction =
  { type: 'identity'; seq: number } | { type: 'shot'; key: number } | { type: 'option'; option: string; chooser: string; other: string };

/**
 * A player's option after a shot: 'lag-choice' (the general layer's, PB-LAG-3) or a key of a
 * discipline's `options`. The list names every key the registered disciplines declare (a test in
 * plugin.test.ts checks it): the dashboard reads it to require a translation of each
 * (dashboard/src/decisions.test.ts). A discipline raises only the options it declares.
 */
export type OptionKind = 'lag-choice' | 'break-foul' | 'break-eight' | 'break-eight-foul' | 'push-out-reply' | 'touch-restore';

/**
 * The derived game: everything about the match that follows from the events in force. Histories
 * that grow with the match (shots, racks, the call log, refused events) are persistent lists
 * (../common/plist), appended in O(1) with the rest shared; `Table` is the same with arrays.
 */
export interface LiveTable {
  status: 'setup' | 'playing' | 'finished' | 'abandoned';
  rackNo: number;
  breaker: string | null;
  /** Breaker of rack 1, for 'alternate'. */
  lagWinner: string | null;
  /** How rack 1's breaker was chosen; 'sheet': the match continued from a score sheet, which names the rack's breaker. */
  breakerSource: 'lag' | 'config' | 'start-order' | 'sheet' | null;
  turn: string | null;
  balls: Record<string, BallState>;
  ballInHand: BallInHand;
  /** PB-BREAK-2: the rack has started (cue ball crossed the head string). */
  started: boolean;
  shotsInRack: number;
  inning: number;
  fouls: Record<string, number>;
  racksWon: Record<string, number>;
  winner: string | null;
  disc: DisciplineState;
  prep: ShotPrep;
  shots: List<ShotRecord>;
  racks: List<RackRecord>;
  refLog: List<RefRecord>;
  questions: OpenQuestion[];
  /** True while the fold is stopped at a shot that needs an answer. */
  blocked: boolean;
  rejected: List<RejectedEvent>;
}

/** The derived game as the report and the tests read it: histories as arrays, oldest first. */
export interface Table extends Omit<LiveTable, 'shots' | 'racks' | 'refLog' | 'rejected'> {
  shots: ShotRecord[];
  racks: RackRecord[];
  refLog: RefRecord[];
  rejected: RejectedEvent[];
}

/** What the discipline rules read of a table (either form). */
export type TableBalls = Pick<LiveTable, 'balls' | 'disc'>;

export function tableView(t: LiveTable): Table {
  return { ...t, shots: toArray(t.shots), racks: toArray(t.racks), refLog: toArray(t.refLog), rejected: toArray(t.rejected) };
}

const views = new WeakMap<PoolState, { view?: Table; rejected?: RejectedEvent[] }>();

function memo(s: PoolState): { view?: Table; rejected?: RejectedEvent[] } {
  let m = views.get(s);
  if (!m) {
    m = {};
    views.set(s, m);
  }
  return m;
}

/**
 * The engine state. Its own fields are the working state (compared by tests and replays);
 * `view` and `rejected` are built from them when first read, and kept per state.
 */
export class PoolState {
  game: string;
  phase: 'before-start' | 'started';
  players: PlayerSetup[];
  config: PoolConfig;
  /** The score sheet the match continued from, exactly as the `start` event gave it; null: a match from its opening. */
  sheet: PoolSheet | null;
  /** Game state after every settled shot. */
  settled: LiveTable;
  /**
   * Events after the settled point, newest first (a persistent list: appending shares the rest).
   * Usually one shot long; longer while a shot waits for an answer (later shots are held).
   */
  tail: List<GameEvent>;
  /** The table at the start of `cur`: `settled` folded over the tail's final segments. */
  frontier: LiveTable;
  /** The tail from the start of its last shot (or all of it before a shot): re-folded on every event. */
  cur: GameEvent[];
  /** Answers to decisions, by decision id (first answer wins; `override` replaces via replay). A persistent map (./pmap). */
  answers: PMap<Answer>;
  /** Late identities: pocket/off_table event seq -> ball (a persistent map). */
  identities: PMap<string>;
  /** Current derived game: settled + tail (the working form of `view`). */
  table: LiveTable;
  /** Log positions handed out to events that lack a seq. */
  counter: number;
  /** Events refused at intake (decide/identify that do not apply, bad start, ...), a persistent list. */
  intakeRejected: List<RejectedEvent>;

  constructor(f: PoolFields) {
    this.game = f.game;
    this.phase = f.phase;
    this.players = f.players;
    this.config = f.config;
    this.sheet = f.sheet;
    this.settled = f.settled;
    this.tail = f.tail;
    this.frontier = f.frontier;
    this.cur = f.cur;
    this.answers = f.answers;
    this.identities = f.identities;
    this.table = f.table;
    this.counter = f.counter;
    this.intakeRejected = f.intakeRejected;
  }

  /** Current derived game (settled + tail), histories as arrays. */
  get view(): Table {
    const m = memo(this);
    return (m.view ??= tableView(this.table));
  }

  /** Every refused event (intake and game), by log position. */
  get rejected(): RejectedEvent[] {
    const m = memo(this);
    return (m.rejected ??= allRejected(this));
  }
}

/** An answer given to a decision. */
export interface Answer {
  answer: string;
  seq: number | undefined;
  who: string | undefined;
}

/**
 * Every refusal, in log order, from the fields alone (a state restored from a snapshot has no
 * getters; one saved before intake refusals became a list holds an array).
 */
export function allRejected(s: Pick<PoolFields, 'intakeRejected' | 'table'>): RejectedEvent[] {
  const intake = Array.isArray(s.intakeRejected) ? (s.intakeRejected as RejectedEvent[]) : toArray(s.intakeRejected);
  return [...intake, ...toArray(s.table.rejected)].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** The state's own fields (declared once, in the class): what a new state is built from. */
export type PoolFields = Omit<PoolState, 'view' | 'rejected'>;

export function emptyPrep(): ShotPrep {
  return { call: null, safety: false, pushOut: false, frozen: [], kitchenWarning: false };
}
