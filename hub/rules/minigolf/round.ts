/**
 * Rounds and groups: lane sequence (shotgun), order of play and its rotation, markers, whose
 * turn it is, and moving groups on (MG-ORDER-*, MG-CARD-3, MG-SCORE-8, MG-TIME-*).
 */
import { courseOfRound, type Config } from './config';
import { changedPlayers, indexedGroup, isOwnedGroup, mutGroup, mutPlayer } from './cow';
import { Announcement, type Game, type Group, type LaneHow, type Player, type RoundCard } from './state';

/**
 * A card of this step's copy of the player that may be changed in place (copy on write). The
 * list of cards is copied here too, not by `cloneGame` for every player on every event: cards
 * change on a few events only, and nothing else writes the list.
 */
export function mutCard(p: Player, round: number): RoundCard | undefined {
  const c = p.cards[round];
  if (!c) return undefined;
  const w: RoundCard = { ...c, lanes: [...c.lanes], how: [...c.how], initials: { ...c.initials } };
  const cards = p.cards.slice();
  cards[round] = w;
  p.cards = cards;
  return w;
}

export function note(p: Player, round: number, text: string): void {
  const card = mutCard(p, round);
  if (card) card.notes = [...card.notes, text];
}

export function announce(game: Game, text: string): void {
  const list = game.announcements;
  game.announcements = new Announcement(text, list, list === null ? 1 : list.length + 1);
}

/** MG-ORDER-1: lanes in order from the start lane, wrapping (start 9: 9..18 then 1..8). */
export function laneSequence(startLane: number, lanes: number): number[] {
  const s = startLane >= 1 && startLane <= lanes ? startLane : 1;
  const out: number[] = [];
  for (let i = 0; i < lanes; i++) out.push(((s - 1 + i) % lanes) + 1);
  return out;
}

/** MG-ORDER-1: two-course shotgun: course A from the start lane, all of course B, then the rest of A. */
export function twoCourseShotgun(startLane: number, lanes: number, a: string, b: string): { course: string; lane: number }[] {
  const first: { course: string; lane: number }[] = [];
  for (let l = startLane; l <= lanes; l++) first.push({ course: a, lane: l });
  const middle = laneSequence(1, lanes).map((lane) => ({ course: b, lane }));
  const last: { course: string; lane: number }[] = [];
  for (let l = 1; l < startLane; l++) last.push({ course: a, lane: l });
  return [...first, ...middle, ...last];
}

/** MG-ORDER-9: after a round the first player becomes last, the second first, and so on. */
export function rotate(order: readonly string[]): string[] {
  return order.length < 2 ? [...order] : [...order.slice(1), order[0]!];
}

/** MG-CARD-3: who keeps a player's score: an appointed scorer, else the previous player in the order. */
export function markerOf(order: readonly string[], id: string, c: Config): string | null {
  const appointed = c.markers[id];
  if (appointed !== undefined) return appointed;
  const i = order.indexOf(id);
  if (i < 0 || order.length < 2) return null;
  return order[(i - 1 + order.length) % order.length]!;
}

export function newCard(round: number, c: Config): RoundCard {
  return {
    round,
    course: courseOfRound(c, round),
    lanes: Array.from({ length: c.lanes }, () => null),
    how: Array.from({ length: c.lanes }, () => null),
    entries: [],
    corrections: [],
    initials: { player: false, marker: false },
    locked: false,
    submitted: false,
    interruptions: [],
    notes: [],
  };
}

/** Rounds in the block starting at `base`: two with a two-course shotgun (MG-ORDER-1), else one. */
export function blockSize(c: Config, base: number): number {
  return c.twoCourseShotgun && base + 1 < c.rounds ? 2 : 1;
}

export interface Stop {
  round: number;
  lane: number;
}

/**
 * MG-ORDER-1: the (round, lane) stops of a group's block, in playing order. One round: the lanes
 * from the start lane, wrapping. Two-course shotgun: start course from the start lane to the last
 * lane, every lane of the other course, then the start course's first lanes; each lane is scored
 * on the card of the round played on its course.
 */
const sequences = new WeakMap<Config, Map<number | string, readonly Stop[]>>();

/**
 * Kept per config and block: every group asks on every event (normalise, toPlay), and building
 * the list each time was a tenth of a replay. Shared: callers only read it.
 */
export function blockSequence(g: Pick<Group, 'startLane' | 'startSide' | 'base'>, c: Config): readonly Stop[] {
  let byBlock = sequences.get(c);
  if (!byBlock) {
    byBlock = new Map();
    sequences.set(c, byBlock);
  }
  // A number, not a string built on every call (a tenth of a replay): lanes and rounds are small.
  const key =
    g.startLane >= 0 && g.startLane < 1024 && g.base >= 0 && g.base < 1024
      ? (g.base * 2 + g.startSide) * 1024 + g.startLane
      : `${g.startLane} ${g.startSide} ${g.base}`;
  let seq = byBlock.get(key);
  if (!seq) {
    seq = buildSequence(g, c);
    byBlock.set(key, seq);
  }
  return seq;
}

function buildSequence(g: Pick<Group, 'startLane' | 'startSide' | 'base'>, c: Config): Stop[] {
  if (blockSize(c, g.base) === 1) return laneSequence(g.startLane, c.lanes).map((lane) => ({ round: g.base, lane }));
  const first = g.base + g.startSide;
  const second = g.base + 1 - g.startSide;
  const start = g.startLane >= 1 && g.startLane <= c.lanes ? g.startLane : 1;
  return twoCourseShotgun(start, c.lanes, 'x', 'y').map((s) => ({ round: s.course === 'x' ? first : second, lane: s.lane }));
}

export function currentLane(g: Group, c: Config): number {
  return blockSequence(g, c)[g.pos]?.lane ?? 1;
}

/** Course of the lane the group is on. */
export function currentCourse(g: Group, c: Config): string {
  return courseOfRound(c, g.round);
}

/** The next stop of the block (null at its end); with a two-course shotgun it may be on the other course. */
export function nextStop(g: Group, c: Config): Stop | null {
  return blockSequence(g, c)[g.pos + 1] ?? null;
}

/** Side (0/1) of the block a group starting on `course` starts on. */
export function startSideOf(c: Config, course: string | null): 0 | 1 {
  if (!c.twoCourseShotgun || course === null) return 0;
  return courseOfRound(c, 0) !== course && courseOfRound(c, 1) === course ? 1 : 0;
}

/** A new group at the start of the block beginning with round `base`. */
export function newGroup(c: Config, id: string, members: string[], startLane: number, startSide: 0 | 1, base: number): Group {
  const g: Group = {
    id,
    players: members,
    order: members,
    startLane,
    startSide,
    base,
    round: base,
    pos: 0,
    done: false,
    waiting: isFinalRound(c, base),
    clock: null,
  };
  g.round = blockSequence(g, c)[0]?.round ?? base;
  return g;
}

export function groupOf(game: Game, id: string): Group | undefined {
  const indexed = indexedGroup(game, id);
  if (indexed !== null) return indexed;
  return game.groups.find((g) => g.order.includes(id));
}

export function isPlaying(p: Player): boolean {
  return p.status === 'active' || p.status === 'absent';
}

export function laneDone(p: Player, round: number, lane: number): boolean {
  return (p.cards[round]?.lanes[lane - 1] ?? null) !== null;
}

/** MG-ORDER-7: the first player in the group's order who has not finished the current lane. */
export function toPlay(game: Game, g: Group): string | null {
  if (g.done || g.waiting) return null;
  const lane = currentLane(g, game.config);
  for (const id of g.order) {
    const p = game.players[id];
    if (p && isPlaying(p) && !laneDone(p, g.round, lane)) return id;
  }
  return null;
}

/** True when nobody in the group has played the current lane yet. */
export function laneUntouched(game: Game, g: Group): boolean {
  const lane = currentLane(g, game.config);
  return g.order.every((id) => {
    const p = game.players[id];
    if (!p) return true;
    return !laneDone(p, g.round, lane) && !(p.play && p.play.lane === lane && p.play.round === g.round && p.play.strokes > 0);
  });
}

/**
 * MG-ORDER-4: the group holding the lane `g` is on when `g` must wait for it (`g` has not started
 * the lane, and that group, on the same round and lane, has started it and not finished); null
 * when `g` may play. A waiting group is not the one playing the lane: nobody in it is to play.
 */
export function laneHeldBy(game: Game, g: Group): Group | null {
  if (g.done || g.waiting || !laneUntouched(game, g)) return null;
  const c = game.config;
  const lane = currentLane(g, c);
  for (const o of game.groups) {
    if (o !== g && !o.done && !o.waiting && o.round === g.round && currentLane(o, c) === lane && !laneUntouched(game, o) && toPlay(game, o) !== null) return o;
  }
  return null;
}

/** MG-ORDER-4, MG-ORDER-7: who is to play in the group now: `toPlay`, or nobody while the group waits at its lane. */
export function dueToPlay(game: Game, g: Group): string | null {
  return laneHeldBy(game, g) === null ? toPlay(game, g) : null;
}

/**
 * MG-TIME-1/2/3: the limit for the next stroke and what starts its clock. The group's first stroke
 * on a lane gets 70 s (from arrival; in 2-player groups from showing the cards); every other
 * stroke 60 s (from the ball at rest, or from the previous player leaving the lane).
 */
export function nextStrokeClock(game: Game, g: Group): { player: string; seconds: number; startsOn: string } | null {
  const id = toPlay(game, g);
  if (id === null) return null;
  const c = game.config;
  if (laneUntouched(game, g)) {
    return { player: id, seconds: c.timeFirst, startsOn: g.order.length === 2 ? 'cards_shown' : 'arrival' };
  }
  const p = game.players[id]!;
  const started = p.play !== null && p.play.strokes > 0 && p.play.lane === currentLane(g, c);
  if (p.play?.lostAt != null) return { player: id, seconds: c.timeNext, startsOn: 'suspended_ball_search' };
  return { player: id, seconds: c.timeNext, startsOn: started ? 'ball_at_rest' : 'previous_player_left' };
}

/** Writes a lane score on the player's card (MG-CARD-4: announced and written by the marker). */
export function writeLane(
  game: Game,
  id: string,
  round: number,
  lane: number,
  value: number,
  how: LaneHow,
  seq: number | undefined,
  who: string | null = null,
): void {
  if (!game.players[id]) return;
  const cur = game.players[id]!.cards[round];
  if (!cur || cur.lanes[lane - 1] !== null) return;
  const p = mutPlayer(game, id);
  const card = mutCard(p, round)!;
  const g = groupOf(game, id);
  const marker = g ? markerOf(g.order, id, game.config) : null;
  card.lanes[lane - 1] = value;
  card.how[lane - 1] = how;
  card.entries = [...card.entries, { lane, value, how, marker, who, seq }];
  if (p.play && p.play.lane === lane && p.play.round === round) p.play = null;
  // Another player played a lane: the group has moved on, so an absent mate's next turn can come (MG-SCORE-8).
  if (g && how !== 'absent') for (const other of g.players) if (other !== id && game.players[other]?.absentHold) delete mutPlayer(game, other).absentHold;
  announce(game, `${p.name}: lane ${lane} = ${value} (${how})`);
}

export function isFinalRound(c: Config, round: number): boolean {
  return c.finalRounds.includes(round + 1);
}

/**
 * Moves turns, lanes and rounds on after any change. Absent players score the max (MG-SCORE-8).
 * After a copy-on-write step (cow.ts) only the groups it changed, or of a player it changed, can
 * move: every other group was brought up to date by the step before and reads the same.
 */
export function normalise(game: Game, seq: number | undefined): void {
  if (game.status !== 'playing') return;
  const c = game.config;
  const changed = changedPlayers(game);
  for (let i = 0; i < game.groups.length; i++) {
    let g = game.groups[i]!;
    if (g.done || g.waiting) continue;
    if (changed !== null && !isOwnedGroup(game, g) && !changed.some((id) => g.order.includes(id))) continue;
    for (let guard = 0; guard < 2000 && !g.done && !g.waiting; guard++) {
      const id = toPlay(game, g);
      const lane = currentLane(g, c);
      if (id !== null) {
        const p = game.players[id]!;
        // An absent player's turn that came straight back (nobody else played) waits: see Player.absentHold.
        if (p.status !== 'absent' || p.absentHold) break;
        writeLane(game, id, g.round, lane, c.max, 'absent', seq);
        mutPlayer(game, id).absentHold = true;
        continue;
      }
      g = mutGroup(game, g);
      g.pos++;
      const stops = blockSequence(g, c);
      if (g.pos < stops.length) {
        g.round = stops[g.pos]!.round;
        continue;
      }
      // The block is over. MG-ORDER-9: the order rotates once per block (a two-course block keeps
      // one order because its two rounds interleave, MG-Q10).
      g.pos = 0;
      g.base += blockSize(c, g.base);
      g.order = rotate(g.order);
      if (g.base >= c.rounds) {
        g.round = g.base;
        g.done = true;
        continue;
      }
      g.round = blockSequence(g, c)[0]!.round;
      if (isFinalRound(c, g.base)) g.waiting = true;
    }
  }
  let live = 0;
  let waiting = 0;
  for (const g of game.groups) {
    if (g.done) continue;
    live++;
    if (g.waiting) waiting++;
  }
  if (live > 0 && waiting === live) formFinalGroups(game, game.groups.find((g) => !g.done)!.base);
  if (game.groups.every((g) => g.done)) game.status = 'finished';
}

/** MG-ORDER-10: in a final round the players with the highest (worst) totals so far start first. */
export function finalOrder(game: Game, ids: readonly string[], round: number): string[] {
  const total = (id: string) => {
    const p = game.players[id]!;
    let t = 0;
    for (let r = 0; r < round; r++) for (const v of p.cards[r]?.lanes ?? []) t += v ?? 0;
    return t;
  };
  return [...ids].sort((a, b) => total(b) - total(a) || game.ids.indexOf(a) - game.ids.indexOf(b));
}

function formFinalGroups(game: Game, round: number): void {
  const c = game.config;
  const players = game.groups.filter((g) => !g.done).flatMap((g) => g.order);
  const byCat = new Map<string, string[]>();
  for (const id of players) {
    const cat = game.players[id]!.category ?? 'open';
    byCat.set(cat, [...(byCat.get(cat) ?? []), id]);
  }
  const groups: Group[] = [];
  for (const [cat, ids] of [...byCat.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const ordered = finalOrder(game, ids, round);
    for (let i = 0; i < ordered.length; i += c.groupSize) {
      const members = ordered.slice(i, i + c.groupSize);
      groups.push({ ...newGroup(c, `final${round + 1}-${cat}-${i / c.groupSize + 1}`, members, 1, 0, round), waiting: false });
    }
  }
  game.groups = [...game.groups.filter((g) => g.done), ...groups];
}
