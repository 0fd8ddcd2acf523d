/**
 * The contract every rules engine fulfils, and the views of its state that the hub and the
 * dashboard read without knowing the game.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { GameEvent, PlayerSetup } from './events';

// The game ids are the catalogue's (shared/game/catalogue.ts): one entry there per game.
export { GameIds, type GameId } from './catalogue';
import type { GameId } from './catalogue';

/**
 * Something the engine cannot decide from what it saw. The score is provisional while one is
 * open; one answer (a `decide` event) settles it. `default` is what a self-scoring table applies
 * when nobody answers in time; null means someone must answer.
 */
export const PendingDecision = Type.Object({
  /** Stable and deterministic (derived from the log), e.g. "shot-12:point". */
  id: Type.String(),
  /** Machine key for the question, used by the dashboard to translate, e.g. "c3.point". */
  kind: Type.String(),
  /** English text of the question, for logs and as the fallback label. */
  question: Type.String(),
  options: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
  default: Type.Union([Type.String(), Type.Null()]),
  /** Who may answer: the referee only, or the players at the table too. */
  answeredBy: Type.Union([Type.Literal('referee'), Type.Literal('players')]),
  /** What the sensors saw that led to the question, in plain words. */
  evidence: Type.Array(Type.String()),
  /** Log position of the event that raised it. */
  raisedAt: Type.Integer(),
  /**
   * How likely the default is the true reading, from what the sensors saw and the game's base
   * rates (docs/automation.md, "How sure"), computed from the log alone. At or above the venue's
   * threshold (`askBelow`, 0.98 unless set) the hub decides alone at once and logs the
   * probability with its answer; below it, people are asked. Absent: a choice for a person (an
   * option, a judgement no sensor bears on), always asked.
   */
  probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  /**
   * The evidence the probability is conditioned on, as a short key the engine writes (for
   * example "into=striker|left=2"): the game's base rates (hub/rules/base-rates.data.ts) are counted
   * per game, kind and basis. Absent: the engine gives no basis and the question gets no probability.
   */
  basis: Type.Optional(Type.String({ maxLength: 120 })),
  /**
   * Set by the hub, not the engine: when (hub time, ms) the default applies if nobody answers,
   * for the countdown on the screens; null when nothing will be applied (no default, or the
   * venue applies none).
   */
  defaultAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /**
   * A foul no sensor can see, which the players may claim instead of being asked
   * (docs/claims.md): at a venue with claims the hub answers the question at once with its
   * `default` (no foul) and `against`'s opponents may claim `foul` (an option value) for a while.
   * Absent: asked as any question.
   */
  claim: Type.Optional(
    Type.Object({
      against: Type.String(),
      foul: Type.String(),
      /** Every answer that is the foul (first contact: any ball not legal, or none); absent: `foul` alone. */
      fouls: Type.Optional(Type.Array(Type.String())),
    }),
  ),
});
export type PendingDecision = Static<typeof PendingDecision>;

export const PlayerLine = Type.Object({
  id: Type.String(),
  name: Type.String(),
  side: Type.Optional(Type.String()),
  /** Main figure of the game: points, balls home, strokes (minigolf, lower is better). */
  score: Type.Number(),
});
export type PlayerLine = Static<typeof PlayerLine>;

/**
 * A foul the hub took as not committed, open to a claim (docs/claims.md), and the course of its
 * claim: `open` until `until` (hub time) or the next strike, then `closed`; `claimed` by a player;
 * `disputed` by `against`, the referee to rule; `upheld` or `rejected` by his ruling.
 */
export const ClaimView = Type.Object({
  decision: Type.String(),
  /** The question's kind (the screens name the foul from it). */
  kind: Type.String(),
  against: Type.String(),
  /** The answers meaning "foul" (applied by a claim) and "no foul" (taken at once). */
  foul: Type.String(),
  legal: Type.String(),
  until: Type.Number(),
  state: Type.Union([
    Type.Literal('open'),
    Type.Literal('closed'),
    Type.Literal('claimed'),
    Type.Literal('disputed'),
    Type.Literal('upheld'),
    Type.Literal('rejected'),
  ]),
  claimedBy: Type.Optional(Type.String()),
  disputedBy: Type.Optional(Type.String()),
  /** Log position of the answer that opened the window. */
  decidedSeq: Type.Integer(),
  /** The next shot has begun: nothing more can be claimed or disputed (a dispute still waits for the referee). */
  over: Type.Optional(Type.Boolean()),
});
export type ClaimView = Static<typeof ClaimView>;

/** A game-agnostic summary, enough for the venue view and the match list. */
export const GameSummary = Type.Object({
  game: Type.String(),
  status: Type.Union([Type.Literal('setup'), Type.Literal('playing'), Type.Literal('finished'), Type.Literal('abandoned')]),
  players: Type.Array(PlayerLine),
  /** Player (or side) to play now, null when nobody is to play. */
  turn: Type.Union([Type.String(), Type.Null()]),
  /** True while a pending decision could still change the score. */
  provisional: Type.Boolean(),
  pending: Type.Array(PendingDecision),
  /** Fouls open to a claim and claims in their course (hub/rules/common/claims.ts); absent: none. */
  claims: Type.Optional(Type.Array(ClaimView)),
  winner: Type.Union([Type.String(), Type.Null()]),
  /** One line a person can read: "Ayşe 23 – 19 Noam, inning 31". */
  headline: Type.String(),
  /** The match continued from a score sheet (its `start` carried one): history and exports say so. */
  fromSheet: Type.Optional(Type.Boolean()),
});
export type GameSummary = Static<typeof GameSummary>;

/** An event the engine refused, kept in state so nothing is silently ignored. */
export interface RejectedEvent {
  seq: number | undefined;
  type: string;
  code: string;
  reason: string;
}

/**
 * A clock event the state is waiting for: the hub appends `event` to the log at `at` (ms on the
 * hub's timeline, the same as event times) unless an earlier event changes what is due. The engine
 * keeps no timer itself; its next state says again what it waits for.
 */
export interface DueClock {
  at: number;
  event: { type: 'clock'; clock: string; phase: 'warn' | 'expire'; player?: string };
}

/**
 * What a table's sensors are, as its devices' profiles (hardware/profiles) say: one entry per
 * sensor, in profile order. `complete` is false when a device of the table has no profile the hub
 * can read, so a sensor not listed may still be there.
 */
export interface TableSensors {
  sensors: { device: string; kind: string; event: string; place?: string; balls?: string[] }[];
  complete: boolean;
}

/**
 * A rules engine: pure, deterministic, no I/O, no clock. Same log in, same state out.
 * `reduce` never throws on bad input: it records a RejectedEvent in the state instead.
 */
export interface RulesEngine<S = unknown> {
  id: GameId;
  title: string;
  /** State before the `start` event. */
  initial(): S;
  reduce(state: S, event: GameEvent): S;
  summary(state: S): GameSummary;
  /** The full documented JSON report that `autoref replay` prints. */
  report(state: S): unknown;
  /**
   * True for the event that closes a shot (usually `at_rest`); corrections use it to find
   * "the last shot". Optional: `at_rest` is the default.
   */
  isShotEnd?(event: GameEvent): boolean;
  /**
   * The next clock event this state waits for (shot clock, turn clock, stroke clock, a timeout's
   * end), or null. Optional: a game without clocks has none.
   */
  nextClock?(state: S): DueClock | null;
  /**
   * The options a match needs on a table with these sensors and players (the places the
   * sensors report, a sensor the table lacks), put into the `start` event's config under what
   * the person starting the match gave. Optional: none needed.
   */
  tableOptions?(table: TableSensors, players: readonly PlayerSetup[]): Record<string, unknown>;
  /** Every event the engine refused so far, oldest first (the hub shows them). Optional: none. */
  rejections?(state: S): readonly RejectedEvent[];
  /**
   * A printable export of a match besides its report, by file name (minigolf: `scorecards.html`,
   * `scorecards.csv`, `results.csv`, `team-results.csv`), a pure function of the state; null when
   * the engine has no export of that name. The hub serves it as /api/matches/:id/<name>.
   * Optional: no exports.
   */
  exportFile?(name: string, state: S): string | null;
  /**
   * This engine's section of the players' statistics (/api/players): engines that share one hook
   * object (the three carom games) are counted together. Optional: the engine's matches count only
   * in the game-agnostic lines (games, wins, draws, losses).
   */
  playerStats?: PlayerStatsHook;
}

/** A section of the players' statistics built from the reports of finished (or abandoned) matches. */
export interface PlayerStatsHook {
  /** The key of /api/players it fills: the carom club ranking, or minigolf's lane statistics. */
  section: 'carom' | 'lanes';
  /** Rows of the section, from the matches (report and record status) of the engines sharing the hook, newest first. */
  of(matches: readonly { report: unknown; status: string }[]): unknown[];
}
