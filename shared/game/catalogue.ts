/**
 * The game catalogue: one entry per game id, and the only place that says what a game is to the
 * layers around its rules engine (hub, dashboard, simulator, demo). Every consumer reads its
 * entry here instead of comparing game ids; a game id that is not here is an error, never a
 * silent fallback. The engine itself is registered in hub/rules/registry.ts (same id); the
 * dashboard's strings for it are `game.<id>` in dashboard/i18n/*.ts. See docs/how-to/add-a-game.md.
 */
import { AutorefError } from '../errors';
import type { GameEvent, PlayerSetup } from './events';
import { CAROM_CALL_ARGS, GOLF_BILLIARDS_CALL_ARGS, MINIGOLF_CALL_ARGS, POOL_CALL_ARGS, UNDESCRIBED, type CallArgs } from './call-args';

/**
 * The family a game belongs to: games that share a table, its sensors, its scoreboard and its
 * simulator. One name per family everywhere (hub/rules/<family>, docs/games/<family>.md).
 */
export type GameFamily = 'carom' | 'pool' | 'golf-billiards' | 'minigolf';

/**
 * The scoreboard the dashboard draws for a game: its family's, or `summary` (the players, their
 * scores, the turn and the open questions, read from the engine's summary alone) for a game whose
 * family has no scoreboard of its own.
 */
export type BoardKind = GameFamily | 'summary';

/** A call the referee panel offers for a game (any call may still be typed). */
export interface RefereeCall {
  call: string;
  /** What the call names (a player, a ball, an answer from a list…): the panel's buttons. */
  args: CallArgs;
  /** Offered only while the running match has a shot clock (its report's config.shotClockSeconds). */
  needsShotClock?: boolean;
}

/** A match option the referee may set when starting a match (a number; empty keeps the engine's default). */
export interface StartOption {
  key: string;
  /** The dashboard's string for the field's label (dashboard/i18n). */
  label: string;
  min: number;
  max: number;
}

/** How the hub turns a table's raw sensor events into a game's shots (hub/games/assembler.ts). */
export interface AssemblyOptions {
  /** Sensor silence that means every ball is at rest, ms. */
  restAfterMs: number;
  /** No strike sensor on this table: the first event of a shot implies the strike. */
  impliedStrike: boolean;
  /** Game events that end a shot by themselves (minigolf: the ball is holed). */
  shotEndsOn: readonly GameEvent['type'][];
}

/** The simulated table and players that play a game (sim/players). */
export type SimulatorGame =
  | { kind: 'carom'; rules: 'three-cushion' | 'three-ball' | 'four-ball' }
  | { kind: 'pool'; rules: 'eight-ball' | 'nine-ball' }
  | { kind: 'golf-billiards' }
  | { kind: 'minigolf' };

/**
 * The demo venue's table of this game (shared/venue.ts DEMO_VENUE: one simulated device on it) and
 * the match the demo starts there (hub/cli/demo.ts), so a new user sees live scores at once.
 */
export interface DemoMatch {
  table: { id: string; name: string };
  players: readonly PlayerSetup[];
  config?: Readonly<Record<string, unknown>>;
  /** Inputs a referee would make before the first shot. */
  then?: readonly { call: string; player: string }[];
}

export interface GameEntry {
  id: string;
  family: GameFamily;
  /** The dashboard's string for the game's name (dashboard/i18n). */
  titleKey: string;
  players: {
    /** How many players a match takes (the engine's start rules); null: any number. */
    counts: readonly number[] | null;
    /** `alternate`: players 1, 3… form side A and 2, 4… side B; `none`: players as they are. */
    sides: 'alternate' | 'none';
  };
  referee: {
    calls: readonly RefereeCall[];
    /**
     * The balls the referee panel offers as buttons, read from the running match's report:
     * `carom` the white, yellow, red (and maroon) of its ball ids; `numbered` the cue ball and
     * the numbered balls still on the table; `sides` each side's balls in its colour; `none`.
     */
    balls: 'carom' | 'numbered' | 'sides' | 'none';
  };
  startOptions: readonly StartOption[];
  assembly: AssemblyOptions;
  /**
   * The table is a course of lanes: each device serves a lane (venue `lane`), shots are assembled
   * per lane, the referee starts the stroke clock and taps in strokes, the phone taps strokes.
   */
  lanes: boolean;
  board: BoardKind;
  /** Each player owns a group of balls (eight-ball's solids and stripes): the pool board shows it. */
  groups?: boolean;
  /**
   * The game's balls as its engine names them unless a match's config says otherwise (carom: the
   * players' balls first), for the forms that list them (the score sheet's balls on the table).
   */
  balls?: readonly string[];
  /** Fouls in a row count (nine-ball's three-foul rule): a score sheet carries them. */
  foulsInRow?: boolean;
  simulator: SimulatorGame;
  /** The device profile (hardware/profiles) a simulated table of this game is wired with. */
  profile: string;
  demo?: DemoMatch;
}

/** What most tables' sensors can say about a shot: a strike sensor may be missing, knocks end by 3 s of silence. */
const TABLE_ASSEMBLY: AssemblyOptions = { restAfterMs: 3000, impliedStrike: true, shotEndsOn: [] };

// Pool has no bed sensor: a slow ball rolls silently between its last rail knock and the pocket it
// drops into. Ended sooner, the shot is split (the drop becomes a shot of its own: a wrong foul and
// turn). Longest silence inside a shot in 1,200 simulated shots (test/chain/pool.ts, both games,
// bar noise): 3.9 s (eight-ball), 3.6 s (nine-ball); 5 s leaves room for slower cloth.
const POOL_ASSEMBLY: AssemblyOptions = { ...TABLE_ASSEMBLY, restAfterMs: 5000 };

// Carom, likewise: a slow ball crosses the 2.84 m table between two cushions with nothing to hear.
// Longest silence inside a shot in 300 simulated three-ball shots: 3.7 s (8 of them over 3 s; the
// yardstick, bench/automation.ts, saw each such shot split in two, the second half a shot of the
// other player, and the turn wrong from there on). 4.5 s; the shot clock starts that much later.
const CAROM_ASSEMBLY: AssemblyOptions = { ...TABLE_ASSEMBLY, restAfterMs: 4500 };

const TWO: GameEntry['players'] = { counts: [2], sides: 'none' };
const ANY: GameEntry['players'] = { counts: null, sides: 'none' };

/** The calls offered, each with its arguments from its family's table (./call-args.ts). */
const calls = (args: Readonly<Record<string, CallArgs>>, ...names: string[]): RefereeCall[] =>
  names.map((call) => ({ call, args: args[call] ?? UNDESCRIBED, ...(call === 'play' ? { needsShotClock: true } : {}) }));
const CAROM_START: StartOption[] = [{ key: 'distance', label: 'start.distance', min: 1, max: 500 }];
const POOL_START: StartOption[] = [{ key: 'raceTo', label: 'start.raceTo', min: 1, max: 25 }];

// The builders keep each id's literal type, so GameId is the union of the catalogue's ids.
const caromGame = <I extends string>(
  id: I,
  rules: 'three-cushion' | 'three-ball' | 'four-ball',
  offered: RefereeCall[],
  demo?: DemoMatch,
): GameEntry & { id: I } => ({
  id,
  family: 'carom',
  balls: rules === 'four-ball' ? ['W', 'Y', 'R', 'M'] : ['W', 'Y', 'R'],
  titleKey: `game.${id}`,
  players: ANY,
  referee: { calls: offered, balls: 'carom' },
  startOptions: CAROM_START,
  assembly: CAROM_ASSEMBLY,
  lanes: false,
  board: 'carom',
  simulator: { kind: 'carom', rules },
  // The acoustic plan (carom-acoustic, issue #26) is a venue's choice per device until its tracker
  // beats this one on the yardstick (docs/tracker.md).
  profile: 'carom',
  ...(demo ? { demo } : {}),
});

const poolGame = <I extends string>(id: I, rules: 'eight-ball' | 'nine-ball', groups: boolean, demo?: DemoMatch): GameEntry & { id: I } => ({
  id,
  family: 'pool',
  balls: Array.from({ length: rules === 'eight-ball' ? 15 : 9 }, (_, i) => String(i + 1)),
  foulsInRow: rules === 'nine-ball',
  titleKey: `game.${id}`,
  players: TWO,
  referee: { calls: calls(POOL_CALL_ARGS, 'call', 'safety', 'frozen', 'foul', 'interference', 'concede', 'abandon'), balls: 'numbered' },
  startOptions: POOL_START,
  assembly: POOL_ASSEMBLY,
  lanes: false,
  board: 'pool',
  groups,
  simulator: { kind: 'pool', rules },
  profile: 'pool',
  ...(demo ? { demo } : {}),
});

/** Every game, in the order the venue and the referee panel list them. */
export const CATALOGUE = [
  {
    id: 'golf-billiards',
    family: 'golf-billiards',
    titleKey: 'game.golf-billiards',
    players: { counts: [2, 4], sides: 'alternate' },
    referee: {
      calls: calls(GOLF_BILLIARDS_CALL_ARGS, 'foot', 'jump', 'touch', 'push', 'wrong_ball', 'own_onto_own', 'aim_before_rest', 'stop_own', 'stop_opponent'),
      balls: 'sides',
    },
    startOptions: [{ key: 'setsToWin', label: 'start.setsToWin', min: 1, max: 9 }],
    assembly: { ...TABLE_ASSEMBLY, restAfterMs: 2500 },
    lanes: false,
    board: 'golf-billiards',
    simulator: { kind: 'golf-billiards' },
    profile: 'golf-billiards',
    demo: {
      table: { id: 'gb1', name: 'Bumper pool 1' },
      players: [
        { id: 'ayse', name: 'Ayşe', side: 'A' },
        { id: 'noam', name: 'Noam', side: 'B' },
      ],
      // No config: the goals ("a", "b") and ball colours come from the table's profile, as on any table.
    },
  },
  caromGame(
    'three-cushion',
    'three-cushion',
    calls(CAROM_CALL_ARGS, 'foul', 'frozen', 'restore', 'interference', 'timeout', 'play', 'end_game', 'lag_winner'),
    {
      table: { id: 'c1', name: 'Carom 1' },
      players: [
        { id: 'kemal', name: 'Kemal' },
        { id: 'yael', name: 'Yael' },
      ],
      // The European rules start with a lag: the referee names the lag winner.
      then: [{ call: 'opener', player: 'kemal' }],
    },
  ),
  caromGame('three-ball', 'three-ball', calls(CAROM_CALL_ARGS, 'foul', 'frozen', 'restore', 'interference', 'play', 'end_game')),
  caromGame('four-ball', 'four-ball', calls(CAROM_CALL_ARGS, 'foul', 'frozen', 'restore', 'interference', 'play', 'end_game')),
  poolGame('eight-ball', 'eight-ball', true, {
    table: { id: 'p1', name: 'Pool 1' },
    players: [
      { id: 'deniz', name: 'Deniz', side: 'A' },
      { id: 'tamar', name: 'Tamar', side: 'B' },
    ],
  }),
  poolGame('nine-ball', 'nine-ball', false),
  {
    id: 'minigolf',
    family: 'minigolf',
    titleKey: 'game.minigolf',
    players: ANY,
    referee: {
      calls: calls(MINIGOLF_CALL_ARGS, 'give_up', 'place', 'replay_stroke', 'touch', 'score', 'penalty', 'warn', 'correct', 'initial', 'submit'),
      balls: 'none',
    },
    startOptions: [
      { key: 'lanes', label: 'start.lanes', min: 1, max: 36 },
      { key: 'rounds', label: 'start.rounds', min: 1, max: 20 },
    ],
    // A stroke sensor on every lane, and the hole ends the stroke; a ball may roll long on felt.
    assembly: { restAfterMs: 8000, impliedStrike: false, shotEndsOn: ['hole'] },
    lanes: true,
    board: 'minigolf',
    simulator: { kind: 'minigolf' },
    profile: 'minigolf-lane',
    demo: {
      table: { id: 'mg1', name: 'Minigolf lane 1' },
      players: [
        { id: 'elif', name: 'Elif' },
        { id: 'avi', name: 'Avi' },
      ],
      // The demo course is one lane device (lane 1): the pair plays it round after round.
      config: { lanes: 1, rounds: 20 },
    },
  },
  // catalogue entries (one per game; its engine in hub/rules/registry.ts, its strings in dashboard/i18n)
] as const satisfies readonly GameEntry[];

export type GameId = (typeof CATALOGUE)[number]['id'];
export const GameIds: readonly GameId[] = CATALOGUE.map((g) => g.id);

const byId = new Map<string, GameEntry>(CATALOGUE.map((g) => [g.id, g]));

/** The game's entry, or undefined for an id the catalogue does not hold. */
export function findGame(id: string): GameEntry | undefined {
  return byId.get(id);
}

/** The game's entry; an id the catalogue does not hold is a programming or configuration error. */
export function gameEntry(id: string): GameEntry {
  const entry = byId.get(id);
  if (!entry) throw new AutorefError('AR_UNKNOWN_GAME', `"${id}" (the games are ${GameIds.join(', ')})`);
  return entry;
}
