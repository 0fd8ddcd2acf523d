/**
 * Continuing a tournament from the players' paper scorecards (issue #22; docs/games/minigolf.md,
 * "Continuing from a score sheet"). The `start` event carries the sheet; `carrySheet` checks it
 * against the tournament just set up and writes it on the cards, or names what does not fit (the
 * reducer then refuses the start, `bad_sheet`). Carried lanes are ordinary card entries marked
 * `sheet` and carried penalties ordinary penalties marked `fromSheet`, so every figure computed from
 * the cards (totals, ranking, escalation, final-round order, match play, statistics, exports) counts
 * them, and play resumes where the cards end: `normalise` moves each group past the lanes all its
 * players have written.
 */
import type { ScoreSheet } from '../../../shared/game/sheets/index';
import type { MinigolfSheet } from '../../../shared/game/sheets/minigolf';
import type { Config } from './config';
import { rank } from './penalties';
import { announce, blockSize } from './round';
import type { Entry, Game, Penalty, PenaltyLevel, Player, RoundCard } from './state';

type SheetLine = MinigolfSheet['players'][number];
type SheetPenalty = NonNullable<SheetLine['penalties']>[number];

/** What penalty points on a card stand for (MG-PEN-1): a card shows the points, the level follows. */
const LEVEL_OF_POINTS: ReadonlyMap<number, PenaltyLevel> = new Map<number, PenaltyLevel>([
  [1, 'A+1'],
  [2, 'B+2'],
  [5, 'D+5'],
]);

/** What does not fit, in words for the person who copied the sheet; null when it fits. */
type Problem = string | null;

/**
 * Checks `sheet` against the tournament `setup` just made and, when it fits, carries it onto the
 * players' cards. Returns what does not fit (nothing is written then), else null.
 */
export function carrySheet(game: Game, sheet: ScoreSheet, seq: number | undefined, who: string | undefined): Problem {
  if (sheet.family !== 'minigolf') return `sheet: a ${sheet.family} sheet does not fit a minigolf tournament`;
  // Keyed by outside input (the sheet's ids): a Map, so an id like "constructor" finds nobody.
  const players = new Map<string, Player>(game.ids.map((id) => [id, game.players[id]!]));
  const seen = new Set<string>();
  for (const line of sheet.players) {
    const problem = lineProblem(game.config, players, seen, line);
    if (problem !== null) return `sheet: ${problem}`;
  }
  for (const line of sheet.players) carryLine(players.get(line.player)!, line, seq, who);
  game.sheet = sheet;
  for (const line of sheet.players) {
    const p = players.get(line.player)!;
    const lanes = line.rounds.reduce((n, r) => n + r.filter((v) => v !== null).length, 0);
    const points = (line.penalties ?? []).reduce((n, x) => n + x.points, 0);
    announce(game, `${p.name}: ${lanes} lanes${points > 0 ? ` and ${points} penalty points` : ''} carried from the score sheet`);
  }
  return null;
}

function lineProblem(c: Config, players: ReadonlyMap<string, Player>, seen: Set<string>, line: SheetLine): Problem {
  const who = `player "${line.player}"`;
  const p = players.get(line.player);
  if (p === undefined) return `${who} is not in the match`;
  if (seen.has(line.player)) return `${who} appears twice`;
  seen.add(line.player);
  // A named substitute, or a player left out of every group, has no cards in play yet (substitutions are not carried).
  if (p.status === 'reserve') return `${who} is not in play (a substitute, or in no group)`;
  if (line.rounds.length > c.rounds) return `${who} has ${line.rounds.length} rounds; the tournament has ${c.rounds}`;
  for (const [r, lanes] of line.rounds.entries()) {
    if (lanes.length > c.lanes) return `${who}, round ${r + 1} has ${lanes.length} lanes; the course has ${c.lanes}`;
    for (const [i, v] of lanes.entries()) {
      if (v !== null && !(Number.isInteger(v) && v >= 1 && v <= c.max)) return `${who}, round ${r + 1}, lane ${i + 1}: ${v} is not a lane score (1..${c.max})`;
    }
  }
  const resume = resumePoint(c, line.rounds);
  const lastReached = resume === null ? c.rounds - 1 : resume.lastRound;
  if (resume !== null) {
    for (let r = resume.lastRound + 1; r < line.rounds.length; r++) {
      const written = line.rounds[r]!.findIndex((v) => v !== null);
      if (written >= 0)
        return `${who}, round ${r + 1}, lane ${written + 1} is written, but round ${resume.round + 1} is not finished (lane ${resume.lane} is empty)`;
    }
  }
  return penaltyProblem(c, who, line.penalties ?? [], lastReached);
}

/**
 * Where a player resumes: the first empty lane of the first block he has not finished (a block is
 * one round, or two with a two-course shotgun, whose rounds interleave: MG-ORDER-1), and the last
 * round of that block. Null when every round is finished. Within a block empty fields between
 * written lanes are allowed, as on a handed-in card (MG-CARD-11): they are played, or get the
 * maximum when the cards are handed in.
 */
function resumePoint(c: Config, rounds: SheetLine['rounds']): { round: number; lane: number; lastRound: number } | null {
  for (let base = 0; base < c.rounds; base += blockSize(c, base)) {
    const lastRound = base + blockSize(c, base) - 1;
    for (let r = base; r <= lastRound; r++) {
      const lanes = rounds[r] ?? [];
      for (let i = 0; i < c.lanes; i++) if ((lanes[i] ?? null) === null) return { round: r, lane: i + 1, lastRound };
    }
  }
  return null;
}

function penaltyProblem(c: Config, who: string, penalties: readonly SheetPenalty[], lastReached: number): Problem {
  const given = new Map<PenaltyLevel, number>();
  for (const x of penalties) {
    if (x.round > c.rounds) return `${who} has a penalty in round ${x.round}; the tournament has ${c.rounds} rounds`;
    if (x.round - 1 > lastReached) return `${who} has a penalty in round ${x.round}, a round he has not reached`;
    const level = LEVEL_OF_POINTS.get(x.points);
    if (level === undefined) return `${who} has a penalty of ${x.points} points; a card carries 1 (A+1), 2 (B+2) or 5 (D+5)`;
    if (given.has(level)) return `${who} has ${level} twice; each penalty is given once per tournament (MG-PEN-2)`;
    given.set(level, x.round);
  }
  // Each later penalty is stricter than the earlier ones (MG-PEN-2): a milder one cannot come in a later round.
  for (const [stricter, round] of given)
    for (const [milder, later] of given)
      if (rank(milder) < rank(stricter) && later > round)
        return `${who} has ${milder} in round ${later} after ${stricter} in round ${round}; a later penalty is always stricter (MG-PEN-2)`;
  return null;
}

function carryLine(p: Player, line: SheetLine, seq: number | undefined, who: string | undefined): void {
  p.cards = p.cards.map((card, r) => carriedCard(card, line.rounds[r] ?? [], seq));
  // Oldest first, as the escalation reads them: by round, the milder first within one.
  const carried = [...(line.penalties ?? [])].sort((x, y) => x.round - y.round || x.points - y.points).map((x) => carriedPenalty(x, seq, who));
  p.penalties = [...carried, ...p.penalties];
  // MG-PEN-10: a D+5 on the cards disqualified him: he plays no more (the ban was dealt with on paper).
  if (carried.some((x) => x.level === 'D+5')) {
    p.status = 'disqualified';
    p.play = null;
  }
}

function carriedCard(card: RoundCard, lanes: readonly (number | null)[], seq: number | undefined): RoundCard {
  const entries: Entry[] = [];
  const values = [...card.lanes];
  const how = [...card.how];
  lanes.forEach((v, i) => {
    if (v === null) return;
    values[i] = v;
    how[i] = 'sheet';
    entries.push({ lane: i + 1, value: v, how: 'sheet', marker: null, who: null, seq });
  });
  return { ...card, lanes: values, how, entries: [...entries, ...card.entries] };
}

function carriedPenalty(x: SheetPenalty, seq: number | undefined, who: string | undefined): Penalty {
  return {
    level: LEVEL_OF_POINTS.get(x.points)!,
    requested: null,
    points: x.points,
    clause: null,
    rule: null,
    reason: 'from the score sheet',
    round: x.round - 1,
    seq,
    who,
    fromSheet: true,
  };
}
