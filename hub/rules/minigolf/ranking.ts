/**
 * Totals, valid rounds after a cancellation, and the ranking with its tie-breaks
 * (MG-SCORE-4..7, MG-TIE-*, MG-INT-10/11, MG-SUB-5, MG-PEN-5).
 */
import { penaltyPoints, isDisqualified } from './penalties';
import type { Game, Player, RoundCard } from './state';

export function laneSum(card: RoundCard | undefined): number {
  return (card?.lanes ?? []).reduce<number>((a, v) => a + (v ?? 0), 0);
}

export function isRoundComplete(card: RoundCard | undefined): boolean {
  return card !== undefined && card.lanes.every((v) => v !== null);
}

/** Round total = sum of the lane scores + penalty points given in that round (MG-Q14). */
export function roundTotal(p: Player, round: number): number {
  return laneSum(p.cards[round]) + penaltyPoints(p, round);
}

export function categoryOf(p: Player): string {
  return p.category ?? 'open';
}

/**
 * Players in the individual ranking: those who played from the start (a substitute who came in
 * later has no individual result, MG-SCORE-7), not coaches; team members only if their results
 * count individually (MG-SCORE-6).
 */
export function competitors(game: Game): Player[] {
  return game.ids.map((id) => game.players[id]!).filter((p) => !p.coach && p.fromStart && (game.config.teamResultsIndividual || p.side === null));
}

/** MG-INT-10: only rounds every (still competing) participant of the category completed count. */
export function validRounds(game: Game, players: readonly Player[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < game.config.rounds; r++) {
    if (players.length > 0 && players.every((p) => isRoundComplete(p.cards[r]))) out.push(r);
  }
  return out;
}

export function total(p: Player, rounds: readonly number[]): number {
  return rounds.reduce((a, r) => a + roundTotal(p, r), 0);
}

/**
 * MG-TIE-6/8: per course, sort the round scores; d1 = worst - best, d2 = 2nd worst - 2nd best, ...
 * Summed over courses index by index. Smaller is better.
 */
export function differenceKey(p: Player, rounds: readonly number[]): number[] {
  const byCourse = new Map<string, number[]>();
  for (const r of rounds) {
    const card = p.cards[r];
    if (!card) continue;
    byCourse.set(card.course, [...(byCourse.get(card.course) ?? []), laneSum(card)]);
  }
  const key: number[] = [];
  for (const scores of byCourse.values()) {
    const s = [...scores].sort((a, b) => a - b);
    for (let i = 0; i < Math.floor(s.length / 2); i++) key[i] = (key[i] ?? 0) + s[s.length - 1 - i]! - s[i]!;
  }
  return key;
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export interface RankLine {
  place: number;
  player: string;
  name: string;
  total: number;
  rounds: number[];
  penalties: number;
  shared: boolean;
  decidedBy: 'total' | 'playoff' | 'round-differences' | 'shared' | 'lanes-won';
  /** Match play (`format: "match"`): lanes won against the other player of the pairing. */
  lanesWon?: number;
  awaitingPlayoff: boolean;
  declinedPlayoff: boolean;
}

export interface PlayoffNeed {
  players: string[];
  places: [number, number];
  course: string;
  nextLane: number;
}

export interface CategoryRanking {
  category: string;
  validRounds: number[];
  ranked: boolean;
  reason: string | null;
  lines: RankLine[];
  playoffs: PlayoffNeed[];
  disqualified: string[];
  withdrawn: string[];
  prizeLots: string[][];
}

type Kind = 'total' | 'playoff' | 'diff' | 'awaiting' | 'fallthrough';
interface Block {
  ids: string[];
  kind: Kind;
  lane?: number;
}

export function playoffLane(game: Game, k: number): number {
  const n = game.config.lanes;
  return ((game.config.playoffStartLane - 1 + k) % n) + 1;
}

/** The play-off score of a player on a lane of the play-off course (the last entry wins: a correction). */
export function playoffValue(game: Game, cat: string, id: string, lane: number, course: string): number | undefined {
  let v: number | undefined;
  for (const e of game.playoffs) if (e.category === cat && e.player === id && e.lane === lane && (e.course === null || e.course === course)) v = e.value;
  return v;
}

/** MG-TIE-1/5: golden-stroke play-off, lane by lane, until the places 1-3 are separated. */
export function resolvePlayoff(game: Game, cat: string, ids: string[], k: number, placeStart: number, course: string): Block[] {
  if (ids.length < 2) return [{ ids, kind: 'playoff' }];
  if (placeStart >= 3) return [{ ids, kind: 'fallthrough' }];
  const lane = playoffLane(game, k);
  const vals = ids.map((id) => playoffValue(game, cat, id, lane, course));
  if (k >= 200 || vals.some((v) => v === undefined)) return [{ ids, kind: 'awaiting', lane }];
  const distinct = [...new Set(vals as number[])].sort((a, b) => a - b);
  const out: Block[] = [];
  let offset = placeStart;
  for (const v of distinct) {
    const sg = ids.filter((_, i) => vals[i] === v);
    if (sg.length === 1) out.push({ ids: sg, kind: 'playoff' });
    else out.push(...resolvePlayoff(game, cat, sg, k + 1, offset, course));
    offset += sg.length;
  }
  return out;
}

/** MG-TIE-6/7: split a tie by round differences; still-equal players share the place. */
export function splitByDifferences(game: Game, ids: readonly string[], rounds: readonly number[]): Block[] {
  const key = (id: string) => differenceKey(game.players[id]!, rounds);
  const sorted = [...ids].sort((a, b) => compareKeys(key(a), key(b)) || game.ids.indexOf(a) - game.ids.indexOf(b));
  const out: Block[] = [];
  for (const id of sorted) {
    const last = out[out.length - 1];
    if (last && compareKeys(key(last.ids[0]!), key(id)) === 0) last.ids.push(id);
    else out.push({ ids: [id], kind: 'diff' });
  }
  return out;
}

/** MG-INT-11: is a ranking made after a cancellation? */
export function rankingPermitted(game: Game, players: readonly Player[]): { ok: boolean; reason: string | null } {
  if (game.cancelled === null) return { ok: true, reason: null };
  if (game.config.federationEvent) {
    if (game.rankingAllowed === null) return { ok: false, reason: 'jury decision pending' };
    return game.rankingAllowed ? { ok: true, reason: null } : { ok: false, reason: 'jury decided no ranking' };
  }
  const half = game.config.rounds / 2;
  const ok = players.every((p) => p.cards.filter((c) => isRoundComplete(c)).length >= half);
  return ok ? { ok, reason: null } : { ok, reason: 'not every participant completed half of the scheduled rounds' };
}

export function rankCategory(game: Game, cat: string): CategoryRanking {
  const all = competitors(game).filter((p) => categoryOf(p) === cat);
  const disqualified = all.filter((p) => isDisqualified(p)).map((p) => p.id);
  // MG-SCORE-7: a player substituted out (even one who came back later) has no complete individual result.
  const isOut = (p: Player) => p.status === 'out' || p.subs.some((s) => s.dir === 'out');
  const withdrawn = all.filter((p) => !isDisqualified(p) && isOut(p)).map((p) => p.id);
  const players = all.filter((p) => !isDisqualified(p) && !isOut(p));
  const valid = validRounds(game, players);
  const permitted = rankingPermitted(game, players);
  const tot = (id: string) => total(game.players[id]!, valid);
  const result = (lines: RankLine[], playoffs: PlayoffNeed[]): CategoryRanking => ({
    category: cat,
    validRounds: valid.map((r) => r + 1),
    ranked: permitted.ok,
    reason: permitted.reason,
    lines: permitted.ok ? lines : [],
    playoffs: permitted.ok ? playoffs : [],
    disqualified,
    withdrawn,
    prizeLots: game.lots[cat] ? [game.lots[cat]!] : [],
  });
  if (game.config.format === 'match') return result(rankByLanesWon(game, players, valid, tot), []);
  const sorted = players.map((p) => p.id).sort((a, b) => tot(a) - tot(b) || game.ids.indexOf(a) - game.ids.indexOf(b));
  const blocks: Block[] = [];
  const playoffs: PlayoffNeed[] = [];
  let pos = 0;
  while (pos < sorted.length) {
    const t = tot(sorted[pos]!);
    const tied = sorted.filter((id) => tot(id) === t);
    if (tied.length === 1) blocks.push({ ids: tied, kind: 'total' });
    else if (pos < 3) {
      const takers = tied.filter((id) => !game.playoffDeclined.includes(id));
      const decliners = tied.filter((id) => game.playoffDeclined.includes(id));
      // MG-TIE-2: lane 1 (or the configured lane) of the last course these players played.
      const lastCourse = lastCoursePlayed(game, tied) ?? game.config.courses[0] ?? 'A';
      const res = resolvePlayoff(game, cat, takers, 0, pos, lastCourse);
      let offset = pos;
      for (const b of res) {
        if (b.kind === 'fallthrough') blocks.push(...splitByDifferences(game, b.ids, valid));
        else blocks.push(b);
        if (b.kind === 'awaiting') {
          playoffs.push({ players: b.ids, places: [offset + 1, offset + b.ids.length], course: lastCourse, nextLane: b.lane ?? 1 });
        }
        offset += b.ids.length;
      }
      // MG-TIE-4: players who do not take part rank lower; among them the 4th-place rules apply.
      blocks.push(...splitByDifferences(game, decliners, valid).map((b) => ({ ...b, kind: 'diff' as Kind })));
    } else blocks.push(...splitByDifferences(game, tied, valid));
    pos += tied.length;
  }
  const lines: RankLine[] = [];
  let i = 0;
  for (const b of blocks) {
    for (const id of b.ids) {
      const p = game.players[id]!;
      const shared = b.ids.length > 1;
      lines.push({
        place: i + 1,
        ...strokesOf(p, valid, tot),
        shared,
        decidedBy: shared ? 'shared' : b.kind === 'playoff' ? 'playoff' : b.kind === 'diff' ? 'round-differences' : 'total',
        awaitingPlayoff: b.kind === 'awaiting',
        declinedPlayoff: game.playoffDeclined.includes(id),
      });
    }
    i += b.ids.length;
  }
  return result(lines, playoffs);
}

/** A ranking line's player and strokes: total, per valid round, penalty points. */
function strokesOf(p: Player, valid: readonly number[], tot: (id: string) => number): Pick<RankLine, 'player' | 'name' | 'total' | 'rounds' | 'penalties'> {
  return {
    player: p.id,
    name: p.name,
    total: tot(p.id),
    rounds: valid.map((r) => roundTotal(p, r)),
    penalties: valid.reduce((a, r) => a + penaltyPoints(p, r), 0),
  };
}

/**
 * Match play (seed 003 §9.2: "Maç türü oyunlarda en çok parkuru kazanan oyuncu ... maçı kazanır"):
 * each lane of a valid round goes to the lower score of the pairing (a group of two); the player
 * with more lanes won ranks first, equal lanes share the place (the invitation says how a tie is
 * broken). Stroke totals are still shown.
 */
function rankByLanesWon(game: Game, players: readonly Player[], valid: readonly number[], tot: (id: string) => number): RankLine[] {
  const won = new Map<string, number>(players.map((p) => [p.id, 0]));
  for (const g of game.groups) {
    if (g.players.length !== 2) continue;
    const [a, b] = g.players.map((id) => game.players[id]) as [Player | undefined, Player | undefined];
    if (!a || !b) continue;
    for (const r of valid)
      for (let l = 0; l < game.config.lanes; l++) {
        const x = a.cards[r]?.lanes[l] ?? null;
        const y = b.cards[r]?.lanes[l] ?? null;
        if (x === null || y === null || x === y) continue;
        const winner = x < y ? a.id : b.id;
        if (won.has(winner)) won.set(winner, won.get(winner)! + 1);
      }
  }
  const lanes = (id: string): number => won.get(id) ?? 0;
  const sorted = players.map((p) => p.id).sort((x, y) => lanes(y) - lanes(x) || game.ids.indexOf(x) - game.ids.indexOf(y));
  return sorted.map((id) => {
    const p = game.players[id]!;
    const shared = sorted.filter((o) => lanes(o) === lanes(id)).length > 1;
    return {
      place: sorted.findIndex((o) => lanes(o) === lanes(id)) + 1,
      ...strokesOf(p, valid, tot),
      shared,
      decidedBy: shared ? 'shared' : 'lanes-won',
      lanesWon: lanes(id),
      awaitingPlayoff: false,
      declinedPlayoff: false,
    };
  });
}

/**
 * MG-TIE-2: the course of the last lane entered by the given players (all players when omitted):
 * the entry with the highest seq, else the highest round. With a two-course shotgun groups end on
 * different courses, so it is taken over the tied players only.
 */
export function lastCoursePlayed(game: Game, ids?: readonly string[]): string | null {
  const players = ids ? ids.map((id) => game.players[id]).filter((p): p is Player => p !== undefined) : Object.values(game.players);
  let best: { seq: number; round: number; course: string } | null = null;
  for (const p of players) {
    p.cards.forEach((card, round) => {
      for (const en of card.entries) {
        const seq = en.seq ?? -1;
        if (best === null || seq > best.seq || (seq === best.seq && round > best.round)) best = { seq, round, course: card.course };
      }
    });
  }
  return (best as { course: string } | null)?.course ?? null;
}

export function categories(game: Game): string[] {
  return [...new Set(competitors(game).map(categoryOf))].sort();
}

export function ranking(game: Game): CategoryRanking[] {
  return categories(game).map((c) => rankCategory(game, c));
}
