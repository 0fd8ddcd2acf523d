/**
 * The copy a reduce step works on. Two ways:
 *
 * - `cloneGame`: every player and group copied up front, so any code may change them in place.
 *   Used for every event but the frequent ones (calls, decisions, the start).
 * - `cowGame` (copy on write), for strokes, holes and balls at rest: only the game's own fields,
 *   the player table and the list of groups are copied; a player or group is copied the first
 *   time the step changes it (`mutPlayer`, `mutGroup`). Copying 80 players and 20 groups on
 *   every stroke was most of a tournament's replay; a stroke changes one player and one group.
 *
 * The code reached from those events takes what it changes through `mutPlayer` / `mutGroup`;
 * on a full clone they return the object itself, so both ways run the same code.
 */
import type { Game, Group, LanePlay, Player } from './state';

interface Cow {
  /** The copy-on-write copy of the step running now; null when none (a full clone). */
  game: Game | null;
  /** Players and groups this step copied (its own, changed in place): a few a step. */
  owned: (Player | Group)[];
  /** Ids of the players copied, in order: the groups to bring up to date (round.ts `normalise`). */
  players: string[];
  /** Player id -> index of the first group whose order holds it (`groupOf`), for `indexOf`. */
  index: Map<string, number> | null;
  indexOf: readonly Group[] | null;
  /** The game `game` copies, and the copies of its table of players and list of groups. */
  source: Game | null;
  playersCopy: Game['players'] | null;
  groupsCopy: Group[] | null;
}

/**
 * One slot, not a WeakMap keyed by the copy: a WeakMap entry a step cost more than the copy it
 * saved (and the collector's work on them). Steps do not nest (a decision's re-fold runs whole
 * steps one after the other), and a game of a finished step is never changed again: every step
 * starts from a copy, so a stale `game` here is never handed to `mutPlayer`.
 */
const cow: Cow = { game: null, owned: [], players: [], index: null, indexOf: null, source: null, playersCopy: null, groupsCopy: null };

export function cloneGame(g: Game): Game {
  const players: Record<string, Player> = { ...g.players };
  for (const id in players) players[id] = clonePlayer(players[id]!);
  const groups: Group[] = new Array<Group>(g.groups.length);
  for (let i = 0; i < groups.length; i++) groups[i] = cloneGroup(g.groups[i]!);
  return copyGame(g, players, groups, { ...g.playoffBalls }, { ...g.lots });
}

/**
 * The copy-on-write copy (see above). The play-off balls and lots are shared: the events that
 * take this way replace them, never change them in place.
 */
export function cowGame(g: Game): Game {
  const game = copyGame(g, { ...g.players }, g.groups.slice(), g.playoffBalls, g.lots);
  // The index of the list this one copies holds for the copy (the same groups at the same places).
  if (cow.indexOf !== g.groups) cow.index = null;
  cow.indexOf = game.groups;
  cow.game = game;
  cow.source = g;
  cow.playersCopy = game.players;
  cow.groupsCopy = game.groups;
  cow.owned = [];
  cow.players = [];
  return game;
}

/**
 * The player table as the copy-on-write steps copy it: a fast object whose entries are all shaped
 * by `clonePlayer`. The table `setup` builds entry by entry is a dictionary, and a dictionary is
 * copied through the runtime. (The table's shape still changes a few times on the first steps of a
 * process, as the players' fields settle, and `cowGame`'s copy of it then stays a runtime call.)
 */
export function settledPlayers(players: Record<string, Player>): Record<string, Player> {
  const out: Record<string, Player> = { ...players };
  for (const id in out) out[id] = clonePlayer(out[id]!);
  return out;
}

/**
 * The game this step's copy-on-write copy was made from, or null. Only for reads made before the
 * step changes anything: the two read alike then, and the source, never changed again, can key a cache.
 */
export function sourceOf(game: Game): Game | null {
  return cow.game === game ? cow.source : null;
}

/**
 * True when this step's copy-on-write copy still reads exactly as its source: no player or group
 * copied, the same table, list and fields. The step then keeps the source (a refused event).
 */
export function unchanged(game: Game): boolean {
  const g = cow.source;
  if (cow.game !== game || g === null || cow.owned.length > 0 || cow.players.length > 0) return false;
  return (
    game.players === cow.playersCopy &&
    game.groups === cow.groupsCopy &&
    game.status === g.status &&
    game.config === g.config &&
    game.ids === g.ids &&
    game.interrupted === g.interrupted &&
    game.cancelled === g.cancelled &&
    game.rankingAllowed === g.rankingAllowed &&
    game.playoffs === g.playoffs &&
    game.playoffBalls === g.playoffBalls &&
    game.playoffDeclined === g.playoffDeclined &&
    game.lots === g.lots &&
    game.teamPenalties === g.teamPenalties &&
    game.announcements === g.announcements &&
    game.problems === g.problems &&
    game.warmups === g.warmups &&
    game.lastStriker === g.lastStriker &&
    game.holedAt === g.holedAt &&
    game.sheet === g.sheet
  );
}

/** Ids of the players this copy-on-write step changed, or null for a full clone (all of them may have). */
export function changedPlayers(game: Game): readonly string[] | null {
  return cow.game === game ? cow.players : null;
}

/** True when group `g` of this step's game was copied by it (changed), on a copy-on-write step. */
export function isOwnedGroup(game: Game, g: Group): boolean {
  return cow.game !== game || cow.owned.includes(g);
}

/** Player `id` of this step's game, to change in place. */
export function mutPlayer(game: Game, id: string): Player {
  const p = game.players[id]!;
  if (cow.game !== game || cow.owned.includes(p)) return p;
  const copy = clonePlayer(p);
  game.players[id] = copy;
  cow.owned.push(copy);
  cow.players.push(id);
  return copy;
}

/** Group `g` of this step's game, to change in place. */
export function mutGroup(game: Game, g: Group): Group {
  if (cow.game !== game || cow.owned.includes(g)) return g;
  const i = game.groups.indexOf(g);
  if (i < 0) return g; // not in the game's list: nobody else reads it
  const copy = cloneGroup(g);
  // A list of groups a step made itself (formFinalGroups) is its own; the copied list is too.
  game.groups[i] = copy;
  cow.owned.push(copy);
  return copy;
}

/**
 * The first group whose order holds `id` (round.ts `groupOf`), from an index on a copy-on-write
 * step: the membership of groups changes only on other events (substitutions, which take the
 * full clone) or with a new list (final groups), which gets its own index.
 */
export function indexedGroup(game: Game, id: string): Group | undefined | null {
  if (cow.game !== game) return null;
  // A new list (final groups) gets its own index.
  if (cow.indexOf !== game.groups) {
    cow.index = null;
    cow.indexOf = game.groups;
  }
  let index = cow.index;
  if (index === null) {
    index = new Map();
    for (let i = 0; i < game.groups.length; i++) for (const p of game.groups[i]!.order) if (!index.has(p)) index.set(p, i);
    cow.index = index;
  }
  const i = index.get(id);
  return i === undefined ? undefined : game.groups[i];
}

// The copies here are object literals, not `{ ...p, cards, play }`: V8 copies a spread with
// overrides on a slow path (about 1 µs per player). Every field is listed; the compiler checks it.

/** The game's fields in their order (a state's JSON keeps it). */
function copyGame(g: Game, players: Game['players'], groups: Group[], playoffBalls: Game['playoffBalls'], lots: Game['lots']): Game {
  return {
    status: g.status,
    config: g.config,
    players,
    ids: g.ids,
    groups,
    interrupted: g.interrupted,
    cancelled: g.cancelled,
    rankingAllowed: g.rankingAllowed,
    playoffs: g.playoffs,
    playoffBalls,
    playoffDeclined: g.playoffDeclined,
    lots,
    teamPenalties: g.teamPenalties,
    announcements: g.announcements,
    problems: g.problems,
    warmups: g.warmups,
    lastStriker: g.lastStriker,
    holedAt: g.holedAt,
    sheet: g.sheet,
  };
}

function clonePlayer(p: Player): Player {
  return {
    id: p.id,
    name: p.name,
    side: p.side,
    born: p.born,
    sex: p.sex,
    club: p.club,
    licence: p.licence,
    category: p.category,
    substitute: p.substitute,
    coach: p.coach,
    fromStart: p.fromStart,
    status: p.status,
    cards: p.cards,
    play: p.play ? clonePlay(p.play) : null,
    penalties: p.penalties,
    warnings: p.warnings,
    subs: p.subs,
    slotOf: p.slotOf,
    ban: p.ban,
    timeWarnings: p.timeWarnings,
    ...(p.absentHold ? { absentHold: true } : {}),
  };
}

function clonePlay(x: LanePlay): LanePlay {
  return {
    round: x.round,
    lane: x.lane,
    strokes: x.strokes,
    ball: x.ball,
    fromStart: x.fromStart,
    placed: x.placed,
    ballId: x.ballId,
    early: x.early,
    lastStroke: x.lastStroke,
    strokeSeqs: x.strokeSeqs,
    lostAt: x.lostAt,
  };
}

function cloneGroup(x: Group): Group {
  return {
    id: x.id,
    players: x.players,
    order: x.order,
    startLane: x.startLane,
    startSide: x.startSide,
    base: x.base,
    round: x.round,
    pos: x.pos,
    done: x.done,
    waiting: x.waiting,
    clock: x.clock,
  };
}
