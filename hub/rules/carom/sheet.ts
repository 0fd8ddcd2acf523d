/**
 * Continuing a carom match from a score sheet (shared/game/sheets/carom.ts; docs/games/carom.md,
 * "Continuing from a score sheet"). The `start` event carries the sheet; the sheet is checked
 * against the game and the players, and the match begins at the state it describes: no lag, no
 * break unless nothing has been played yet. What the sheet tells is not known inning by inning,
 * so each player's line is kept apart (`LivePlayer.carried`) and added into every derived figure
 * (state.ts `points`, `closed`, `innings`, `highRun`, `average`). Pure: the sheet is read only
 * from the start event.
 */
import { Value } from '@sinclair/typebox/value';
import { CaromSheet, type CaromSheetLine } from '../../../shared/game/sheets/carom';
import { openingPosition } from './general';
import { type CaromCarried, type Live, edit, editPlayer } from './state';

/** The state the sheet describes, or every problem of the first kind found (the start is then refused). */
export type SheetStart = { ok: true; live: Live } | { ok: false; problems: string[] };

type Lines = Map<string, CaromSheetLine>;

/** Where the sheet's turn puts the players: the playing order (the opener first) and the index of the player at the table. */
interface Table {
  order: string[];
  turn: number;
}

/** The sheet's family and shape (the hub validates events; a log replayed by hand may not be). */
function shapeProblems(sheet: unknown): string[] {
  const family = typeof sheet === 'object' && sheet !== null && 'family' in sheet ? sheet.family : undefined;
  if (typeof family !== 'string') return ['sheet: not a score sheet (it names no family)'];
  if (family !== 'carom') return [`sheet: a ${family} score sheet cannot continue a carom match`];
  const first = Value.Errors(CaromSheet, sheet).First();
  return first === undefined ? [] : [`sheet: ${first.path || '/'}: ${first.message}`];
}

/** Every player of the match on one line of the sheet, and nobody else. */
function playerProblems(s: Live, sheet: CaromSheet): string[] {
  const inMatch = new Set(s.players.map((p) => p.id));
  const listed = new Set<string>();
  const problems: string[] = [];
  for (const line of sheet.players) {
    if (listed.has(line.player)) problems.push(`sheet: player "${line.player}" has two lines`);
    else if (!inMatch.has(line.player)) problems.push(`sheet: player "${line.player}" is not in the match`);
    listed.add(line.player);
  }
  for (const p of s.players) if (!listed.has(p.id)) problems.push(`sheet: player "${p.id}" of the match has no line`);
  if (!inMatch.has(sheet.atTable)) problems.push(`sheet: the player at the table, "${sheet.atTable}", is not in the match`);
  return problems;
}

/** One line's figures: points that innings of that high run can hold, timeouts the game has, a cue ball of the game. */
function lineProblems(s: Live, line: CaromSheetLine): string[] {
  const who = `"${line.player}"`;
  const problems: string[] = [];
  if (line.highRun > line.points) problems.push(`sheet: ${who} has a high run of ${line.highRun} but only ${line.points} points`);
  else if (line.points > line.highRun * line.innings) {
    problems.push(`sheet: ${who} cannot have made ${line.points} points in ${line.innings} innings with a high run of ${line.highRun}`);
  }
  const used = line.timeoutsUsed ?? 0;
  if (used > 0 && !s.config.timeouts) problems.push(`sheet: ${who} has used ${used} timeout(s) but this game has no timeouts`);
  else if (used > s.config.timeoutsPerPlayer)
    problems.push(`sheet: ${who} has used ${used} timeouts; this game allows ${s.config.timeoutsPerPlayer} per player`);
  const { white, yellow } = s.config.balls;
  if (line.ball !== undefined && line.ball !== white && line.ball !== yellow) {
    problems.push(`sheet: the ball "${line.ball}" of ${who} is not a cue ball of this game (${white} or ${yellow})`);
  }
  return problems;
}

/** Two players each play their own ball (with three the ball alternates inning by inning: docs/games/carom.md). */
function ballProblems(sheet: CaromSheet): string[] {
  const [a, b] = sheet.players;
  if (sheet.players.length !== 2 || !a || !b || a.ball === undefined || a.ball !== b.ball) return [];
  return [`sheet: "${a.player}" and "${b.player}" cannot both play the ball "${a.ball}"`];
}

/**
 * The innings fit the turn: in the round in progress the players before the one at the table have
 * closed one inning more than he has, the others as many. The lines are the playing order as a
 * cycle; the opener is the first of the block with one inning more just before the player at the
 * table (the player at the table himself when there is none).
 */
function tableOf(sheet: CaromSheet, lines: Lines): { problems: string[]; table: Table } {
  const ids = sheet.players.map((l) => l.player);
  const n = ids.length;
  const at = ids.indexOf(sheet.atTable);
  const m = lines.get(sheet.atTable)!.innings;
  const problems: string[] = [];
  for (const line of sheet.players) {
    if (line.innings !== m && line.innings !== m + 1) {
      problems.push(
        `sheet: "${line.player}" has closed ${line.innings} innings: with "${sheet.atTable}" at the table after ${m}, every player has closed ${m} or ${m + 1}`,
      );
    }
  }
  let ahead = 0;
  while (ahead < n - 1 && lines.get(ids[(at - ahead - 1 + n) % n]!)!.innings === m + 1) ahead++;
  const opener = (at - ahead + n) % n;
  const order = [...ids.slice(opener), ...ids.slice(0, opener)];
  const late = order.slice(ahead + 1).find((id) => lines.get(id)!.innings === m + 1);
  if (problems.length === 0 && late !== undefined) {
    problems.push(
      `sheet: "${late}" has closed ${m + 1} innings, one more than "${sheet.atTable}" at the table, but his line puts him after "${sheet.atTable}" in the playing order`,
    );
  }
  return { problems, table: { order, turn: ahead } };
}

/**
 * The match is not over: nobody past the innings limit, nobody at the distance, except the
 * players before the one at the table in an equalizing inning's round (CQ-15), which the state
 * then says (`equalizing`: him and the players after him).
 */
function endOf(s: Live, sheet: CaromSheet, lines: Lines, table: Table): { problems: string[]; equalizing: string[] | null } {
  const at = lines.get(sheet.atTable)!;
  const run = sheet.run ?? 0;
  const problems: string[] = [];
  const limit = s.config.inningsLimit;
  if (limit !== null && at.innings >= limit)
    problems.push(`sheet: "${at.player}" has closed ${at.innings} innings: the innings limit of ${limit} is reached, the match is over`);
  const distance = s.config.distance;
  if (distance === null) return { problems, equalizing: null };
  if (at.points + run >= distance) {
    problems.push(`sheet: "${at.player}", at the table, has ${at.points + run} points with his run of ${run}: the distance of ${distance} is reached`);
  }
  const reached = table.order.filter((id) => id !== at.player && lines.get(id)!.points >= distance);
  for (const id of reached) {
    if (!s.config.equalizingInning) problems.push(`sheet: "${id}" has reached the distance of ${distance}: the match is over`);
    else if (table.order.indexOf(id) > table.turn) {
      problems.push(`sheet: "${id}" reached the distance of ${distance} in an earlier round: the match ended with that round's equalizing innings`);
    }
  }
  return { problems, equalizing: reached.length > 0 ? table.order.slice(table.turn) : null };
}

/** The ball of the player at the table: his line's, else the other ball than his opponent's, else as the match would give it. */
function cueOf(s: Live, sheet: CaromSheet, lines: Lines): string {
  const { white, yellow } = s.config.balls;
  const own = lines.get(sheet.atTable)!.ball;
  if (own !== undefined) return own;
  const other = sheet.players.length === 2 ? sheet.players.find((l) => l.player !== sheet.atTable)?.ball : undefined;
  if (other !== undefined) return other === white ? yellow : white;
  // The opener's first inning has the white, each inning after it the other ball (match.ts `openInning`).
  const before = sheet.players.reduce((sum, l) => sum + l.innings, 0);
  return before % 2 === 0 ? white : yellow;
}

function carriedOf(line: CaromSheetLine, run: number): CaromCarried {
  return { points: line.points, innings: line.innings, highRun: line.highRun, run, timeoutsUsed: line.timeoutsUsed ?? 0 };
}

/** The match as the sheet has it, at the stroke of the player at the table. */
function begin(s: Live, sheet: CaromSheet, lines: Lines, table: Table, equalizing: string[] | null): Live {
  const run = sheet.run ?? 0;
  const players = s.players.map((p) => {
    const here = p.id === sheet.atTable;
    const carried = carriedOf(lines.get(p.id)!, here ? run : 0);
    return editPlayer(p, { carried, timeoutsUsed: carried.timeoutsUsed, current: here ? run : null });
  });
  // Nothing played yet: the break is still to come (C3-BREAK-*), only the lag is over.
  const opening = run === 0 && sheet.players.every((l) => l.innings === 0);
  const spotting = opening && s.game === 'three-cushion' && s.config.ruleset === 'ceb-004' ? openingPosition(s.config.balls) : [];
  return edit(s, {
    status: 'playing',
    players,
    order: table.order,
    turn: table.turn,
    cue: cueOf(s, sheet, lines),
    // The match inning is the opener's: he has closed one more than the player at the table, or is him.
    inning: lines.get(sheet.atTable)!.innings + 1,
    shotsInInning: 0,
    opening,
    spotting,
    equalizing,
    sheet,
  });
}

/**
 * The match continued from `sheet`, after `s` (the start's players and configuration, still in
 * setup); or why the sheet does not fit the game or the players.
 */
export function continueFromSheet(s: Live, sheet: unknown): SheetStart {
  const shape = shapeProblems(sheet);
  if (shape.length > 0 || !Value.Check(CaromSheet, sheet)) return { ok: false, problems: shape.length > 0 ? shape : ['sheet: not a carom score sheet'] };
  const who = playerProblems(s, sheet);
  if (who.length > 0) return { ok: false, problems: who };
  const figures = [...sheet.players.flatMap((l) => lineProblems(s, l)), ...ballProblems(sheet)];
  if (figures.length > 0) return { ok: false, problems: figures };
  const lines: Lines = new Map(sheet.players.map((l) => [l.player, l]));
  const { problems: turn, table } = tableOf(sheet, lines);
  if (turn.length > 0) return { ok: false, problems: turn };
  const { problems: over, equalizing } = endOf(s, sheet, lines, table);
  if (over.length > 0) return { ok: false, problems: over };
  return { ok: true, live: begin(s, sheet, lines, table, equalizing) };
}
