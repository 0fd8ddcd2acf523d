/**
 * Continuing a match from a score sheet (shared/game/sheets/golf-billiards.ts): the check of a
 * sheet against the match's sides and players, and the core the match then starts from instead of
 * the first set's opening. Pure; the reducer reads the sheet from the `start` event only.
 *
 * A sheet holds sets won, balls left and who plays next. Where the balls lie is not on it: the
 * balls left stand on the table with no re-spot point, the others are holed.
 */
import type { GolfBilliardsSheet } from '../../../shared/game/sheets/golf-billiards';
import type { ScoreSheet } from '../../../shared/game/sheets/index';
import type { GolfBilliardsReport } from '../../../shared/reports/golf-billiards';
import type { Ctx } from './balls';
import { BALLS_PER_SIDE, isZonePlay } from './predicates';
import { initialCore, newSet } from './sets';
import type { Ball, LiveCore, Setup, Side } from './state';

type SheetLine = GolfBilliardsSheet['sides'][number];

const SHEET_KEYS: ReadonlySet<string> = new Set(['family', 'sides', 'turn']);
const LINE_KEYS: ReadonlySet<string> = new Set(['side', 'sets', 'ballsLeft', 'nextPlayer']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isWholeIn(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** A value as the person wrote it; a field left out reads "nothing". */
const quote = (v: unknown): string => JSON.stringify(v) ?? 'nothing';

/** The side each player of the match plays for. */
function sideByPlayer(setup: Setup): Map<string, Side> {
  return new Map(setup.sides.flatMap((s) => (setup.members[s] ?? []).map((id) => [id, s] as const)));
}

/** Both sides have all five balls: the set in progress has not begun, its opening comes next. */
export function atOpening(sheet: GolfBilliardsSheet): boolean {
  return sheet.sides.every((l) => l.ballsLeft === BALLS_PER_SIDE);
}

/** The lines of a sheet by side, each side of the match once (the shape is checked first). */
function linesBySide(raw: Record<string, unknown>, setup: Setup): { lines: Map<Side, Record<string, unknown>> } | { problem: string } {
  const { sides } = raw;
  if (!Array.isArray(sides)) return { problem: 'sheet: sides must be a list with one line per side' };
  const inMatch = new Set<string>(setup.sides);
  const lines = new Map<Side, Record<string, unknown>>();
  for (const line of sides as unknown[]) {
    if (!isRecord(line)) return { problem: 'sheet: every line of sides must be an object' };
    const extra = Object.keys(line).find((k) => !LINE_KEYS.has(k));
    if (extra !== undefined) return { problem: `sheet: unknown field "${extra}" in a line of sides` };
    const side = line['side'];
    if (typeof side !== 'string' || !inMatch.has(side)) return { problem: `sheet: side ${quote(side)} is not in the match` };
    if (lines.has(side)) return { problem: `sheet: side "${side}" is listed twice` };
    lines.set(side, line);
  }
  const missing = setup.sides.find((s) => !lines.has(s));
  if (missing !== undefined) return { problem: `sheet: side "${missing}" is missing` };
  return { lines };
}

/** What is wrong with one side's figures, if anything. */
function lineProblem(side: Side, line: Record<string, unknown>, setup: Setup, players: Map<string, Side>): string | null {
  const { sets, ballsLeft, nextPlayer } = line;
  const setsToWin = setup.config.setsToWin;
  if (!isWholeIn(sets, 0, Number.MAX_SAFE_INTEGER)) return `sheet: side "${side}": sets must be a whole number from 0, got ${quote(sets)}`;
  if (sets >= setsToWin) return `sheet: side "${side}" has won ${sets} sets: the match is over (${setsToWin} sets win it)`;
  if (!isWholeIn(ballsLeft, 0, BALLS_PER_SIDE)) return `sheet: side "${side}": ballsLeft must be a whole number from 0 to 5, got ${quote(ballsLeft)}`;
  if (nextPlayer !== undefined && (typeof nextPlayer !== 'string' || players.get(nextPlayer) !== side)) {
    return `sheet: side "${side}": nextPlayer ${quote(nextPlayer)} is not a player of side ${side}`;
  }
  return null;
}

/**
 * Why a `start` event's sheet does not fit this match, in words for the person who copied it; null
 * when it fits. Reads untyped input (a log is outside input): it never throws.
 */
export function sheetProblem(raw: unknown, setup: Setup): string | null {
  if (!isRecord(raw)) return 'sheet: not a score sheet (an object with family, sides and turn)';
  if (raw['family'] !== 'golf-billiards') return `sheet: family ${quote(raw['family'])} is not golf-billiards`;
  const extra = Object.keys(raw).find((k) => !SHEET_KEYS.has(k));
  if (extra !== undefined) return `sheet: unknown field "${extra}"`;
  const found = linesBySide(raw, setup);
  if ('problem' in found) return found.problem;
  const players = sideByPlayer(setup);
  for (const [side, line] of found.lines) {
    const problem = lineProblem(side, line, setup, players);
    if (problem !== null) return problem;
  }
  const empty = setup.sides.filter((s) => found.lines.get(s)!['ballsLeft'] === 0);
  if (empty.length === 2) return 'sheet: both sides have no balls left: a set ends as soon as one side has holed all five';
  if (empty.length === 1) {
    return `sheet: side "${empty[0]}" has no balls left: that set is over; count it in its sets and give both sides 5 balls for the next set`;
  }
  const turn = raw['turn'];
  if (turn === undefined) return 'sheet: turn is missing (the player to play next)';
  const turnSide = typeof turn === 'string' ? players.get(turn) : undefined;
  if (turnSide === undefined) return `sheet: turn ${quote(turn)} is not a player in the match`;
  const ownNext = found.lines.get(turnSide)!['nextPlayer'];
  if (ownNext !== undefined && ownNext !== turn) return `sheet: turn is "${String(turn)}" but side "${turnSide}" has nextPlayer "${String(ownNext)}"`;
  const opening = setup.sides.every((s) => found.lines.get(s)!['ballsLeft'] === BALLS_PER_SIDE);
  const otherSide = setup.sides.find((s) => s !== turnSide)!;
  // GB-DBL-5: mid-set the order of play is checked, so the engine must know who is due on each side.
  if (setup.doubles && !opening && found.lines.get(otherSide)!['nextPlayer'] === undefined) {
    return `sheet: side "${otherSide}" needs nextPlayer (doubles: the partner who plays its next stroke)`;
  }
  return null;
}

/** The `start` event's sheet once it fits the match (none: a match from its opening), or why it does not. */
export function sheetOfStart(raw: ScoreSheet | undefined, setup: Setup): { sheet?: GolfBilliardsSheet } | { problem: string } {
  if (raw === undefined) return {};
  const problem = sheetProblem(raw, setup);
  if (problem !== null) return { problem };
  // sheetProblem has checked the family (and every field): the union narrows on it.
  return raw.family === 'golf-billiards' ? { sheet: raw } : { problem: `sheet: family "${raw.family}" is not golf-billiards` };
}

/** The player each side has due next by the sheet: the turn on his side, `nextPlayer` on the other (null: not given). */
function namedPlayers(ctx: Ctx, sheet: GolfBilliardsSheet, lines: Map<Side, SheetLine>): Record<Side, string | null> {
  const out: Record<Side, string | null> = {};
  for (const s of ctx.sides) out[s] = (ctx.members[s] ?? []).includes(sheet.turn) ? sheet.turn : (lines.get(s)?.nextPlayer ?? null);
  return out;
}

/**
 * The core a checked sheet starts the match from: its sets won, and its set in progress (set
 * number = sets played + 1). With 5 balls each the set has not begun: it starts with its opening
 * stroke, the named players opening for their sides (GB-DBL-1..3). Otherwise the player on the
 * sheet is to play, zone play on if a side has one ball left (GB-ZONE-2).
 */
export function coreFromSheet(ctx: Ctx, sheet: GolfBilliardsSheet): LiveCore {
  const base = initialCore(ctx);
  const lines = new Map(sheet.sides.map((l) => [l.side, l] as const));
  const setsWon: Record<Side, number> = {};
  const balls: Record<string, Ball> = {};
  for (const s of ctx.sides) {
    const line = lines.get(s)!;
    setsWon[s] = line.sets;
    for (let n = 1; n <= BALLS_PER_SIDE; n++) balls[`${s}${n}`] = { side: s, where: n <= line.ballsLeft ? 'table' : 'holed' };
  }
  const number = ctx.sides.reduce((sum, s) => sum + setsWon[s]!, 0) + 1;
  const named = namedPlayers(ctx, sheet, lines);
  // newSet points each side at its named player (the opener's index); mid-set nobody opened here.
  const fresh = newSet(ctx, number, named);
  if (atOpening(sheet)) return { ...base, setsWon, set: fresh };
  const openers: Record<Side, string | null> = {};
  for (const s of ctx.sides) openers[s] = null;
  const turn = ctx.sides.find((s) => named[s] === sheet.turn) ?? null;
  return { ...base, setsWon, set: { ...fresh, openers, balls, phase: 'play', turn, zone: isZonePlay(balls, ctx.sides) } };
}

/** The figures a report shows as carried from the sheet, apart from what autoref saw (shared/reports/golf-billiards.ts). */
export type Carried = NonNullable<GolfBilliardsReport['carried']>;

export function carriedOf(sheet: GolfBilliardsSheet): Carried {
  const setsWon: Record<Side, number> = {};
  const holed: Record<Side, number> = {};
  for (const l of sheet.sides) {
    setsWon[l.side] = l.sets;
    holed[l.side] = BALLS_PER_SIDE - l.ballsLeft;
  }
  return { set: sheet.sides.reduce((sum, l) => sum + l.sets, 0) + 1, setsWon, holed };
}
