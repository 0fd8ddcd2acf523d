/**
 * The automation yardstick's contract between the chain (bench/automation/chain.ts: physics ->
 * signals -> real firmware -> the hub's shot assembly -> the engine) and one game family's
 * knowledge of its truth (bench/automation/<family>.ts): who really shoots, what the shot really
 * scored, what a referee would answer, and what the engine credited.
 */
import type { GameSummary, PendingDecision } from '../../shared/game/engine';
import type { PlayerSetup } from '../../shared/game/events';
import type { TableSpec, TruthEvent } from '../../sim/physics/world';
import type { ColourOf } from '../../sim/signals/signals';

/** What one shot did: points per player (or side) id, whether it was a foul, and who plays next. */
export interface ShotOutcome {
  /** Points each player or side scored in the shot (0 or missing: none). Minigolf: strokes counted. */
  points: Record<string, number>;
  foul: boolean;
  /** Player or side to play next; null when the unit (game, rack, set, round) ended. */
  next: string | null;
}

/** The engine's view after an input: its summary and its documented report. */
export interface EngineView {
  summary: GameSummary;
  report: unknown;
  /** The sensors' capture events of the current shot so far, in log order (a referee maps a question's event to its capture by them). */
  captures?: readonly { seq: number; place: string }[];
}

/** One simulated shot, ready for the sensors, with what really happened. */
export interface PlayedShot {
  /** The physics' events (the ground truth the sensors see part of). */
  events: readonly TruthEvent[];
  durationS: number;
  /** What really happened, by the rules. */
  truth: ShotOutcome;
  /** The colour a colour sensor reads for a ball (golf billiards' goal beams). */
  colourOf?: ColourOf;
  /** On the last shot of a unit (game, rack, set, round): the unit's true result. The next shot starts a new unit. */
  unitEnd?: UnitResult;
  /** Where each ball really stood before the shot (carom: what the tracker would know with perfect rest positions). */
  ballsBefore?: Record<string, { x: number; y: number }>;
}

/** The result of a unit (a carom game, a pool rack, a golf-billiards set, a minigolf round). */
export interface UnitResult {
  /** Score per player or side at the end of the unit. */
  score: Record<string, number>;
  winner: string | null;
}

/**
 * One game's truth. The players play by the real rules, whatever the scoreboard shows, so the
 * shots never depend on the engine: `play` makes them once per seed, and the same shots are fed to
 * the engine unattended, with a referee, and at every sensor quality of the sweep (the physics and
 * the simulated players' thinking are most of the time, the firmware and the engine little). Per
 * unit the chain starts a match with `start()`; per shot it feeds the sensors' events, asks
 * `answer` for each open question when a referee answers, and reads what the engine credited
 * with `observe`; at a unit's end it compares `engineResult` with the shot's `unitEnd`.
 */
export interface GameAdapter {
  game: string;
  /** The device profile of the simulated table (hardware/profiles). */
  profile: string;
  /** The simulated table (its geometry places the sensors' signals). */
  table: TableSpec;
  /**
   * Points go to whoever shot (carom, pool, minigolf: the default) or, false, to the balls' owner
   * whoever shot (golf billiards): how "judged right for the player the engine had at the table" reads them.
   */
  pointsToShooter?: boolean;
  /** A new unit: the `start` event's players and config. */
  start(): { players: PlayerSetup[]; config: Record<string, unknown> };
  /** Plays `n` shots by the real rules (never reading the engine). */
  play(n: number): PlayedShot[];
  /** A referee's answer to an open question from what really happened in `shot`; null: no answer. */
  answer(d: PendingDecision, shot: PlayedShot, engine: EngineView): string | null;
  /** What the engine credited for the last shot, from its views before and after it. */
  observe(before: EngineView, after: EngineView): ShotOutcome;
  /** The engine's result of the unit (its final scores and winner). */
  engineResult(engine: EngineView): UnitResult;
}

/** Makes an adapter for a seed. */
export type AdapterFactory = (seed: number) => GameAdapter;
