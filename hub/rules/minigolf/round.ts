/**
 * Rounds and groups: lane sequence (shotgun), order of play and its rotation, markers, whose
 * turn it is, and moving groups on (MG-ORDER-*, MG-CARD-3, MG-SCORE-8, MG-TIME-*).
 */
import { courseOfRound, type Config } from './config';
import type { Game, Group, LaneHow, Player, RoundCard } from './state';

/**
 * Copy for one reduce step. Containers the step may change in place are copied; append-only
 * logs (entries, notes, penalties, announcements, ...) are shared and only ever replaced by a
 * longer copy (see `note`, `announce`), so earlier states never change.
 */
export function cloneGame(g: Game): Game {
  const players: Record<string, Player> = {};
  for (const [id, p] of Object.entries(g.players)) {
    players[id] = {
      ...p,
      cards: [...p.cards],
      play: p.play ? { ...p.play } : null,
    };
  }
  return { ...g, players, groups: g.groups.map((x) => ({ ...x })), lots: { ...g.lots } };
}

/** A card of this step's copy of the player that may be changed in place (copy on write). */
export function mutCard(p: Player, round: number): RoundCard | undefined {
  const c = p.cards[round];
  if (!c) return undefined;
  const w: RoundCard = { ...c, lanes: [...c.lanes], how: [...c.how], initials: { ...c.initials } };
  p.cards[round] = w;
  return w;
}

export function note(p: Player, round: number, text: string): void {
  const card = mutCard(p, round);
  if (card) card.notes = [...card.notes, text];
}

export function announce(game: Game, text: string): void {
  game.announcements = [...game.announcements, text];
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

export function currentLane(g: Group, c: Config): number {
  return laneSequence(g.startLane, c.lanes)[g.pos] ?? 1;
}

export function nextLane(g: Group, c: Config): number | null {
  return laneSequence(g.startLane, c.lanes)[g.pos + 1] ?? null;
}

export function groupOf(game: Game, id: string): Group | undefined {
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
export function writeLane(game: Game, id: string, round: number, lane: number, value: number, how: LaneHow, seq: number | undefined): void {
  const p = game.players[id];
  if (!p) return;
  const cur = p.cards[round];
  if (!cur || cur.lanes[lane - 1] !== null) return;
  const card = mutCard(p, round)!;
  const g = groupOf(game, id);
  const marker = g ? markerOf(g.order, id, game.config) : null;
  card.lanes[lane - 1] = value;
  card.how[lane - 1] = how;
  card.entries = [...card.entries, { lane, value, how, marker, seq }];
  if (p.play && p.play.lane === lane && p.play.round === round) p.play = null;
  announce(game, `${p.name}: lane ${lane} = ${value} (${how})`);
}

export function isFinalRound(c: Config, round: number): boolean {
  return c.finalRounds.includes(round + 1);
}

/** Moves turns, lanes and rounds on after any change. Absent players score the max (MG-SCORE-8). */
export function normalise(game: Game, seq: number | undefined): void {
  if (game.status !== 'playing') return;
  const c = game.config;
  for (const g of game.groups) {
    for (let guard = 0; guard < 2000 && !g.done && !g.waiting; guard++) {
      const id = toPlay(game, g);
      const lane = currentLane(g, c);
      if (id !== null) {
        const p = game.players[id]!;
        if (p.status !== 'absent') break;
        writeLane(game, id, g.round, lane, c.max, 'absent', seq);
        continue;
      }
      g.pos++;
      if (g.pos < c.lanes) continue;
      g.pos = 0;
      g.round++;
      g.order = rotate(g.order);
      if (g.round >= c.rounds) g.done = true;
      else if (isFinalRound(c, g.round)) g.waiting = true;
    }
  }
  const live = game.groups.filter((g) => !g.done);
  if (live.length > 0 && live.every((g) => g.waiting)) formFinalGroups(game, live[0]!.round);
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
      groups.push({ id: `final${round + 1}-${cat}-${i / c.groupSize + 1}`, players: members, order: members, startLane: 1, round, pos: 0, done: false, waiting: false });
    }
  }
  game.groups = [...game.groups.filter((g) => g.done), ...groups];
}
