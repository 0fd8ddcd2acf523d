/**
 * Continuing a match from a score sheet (issue #22, docs/games/pool.md "Continuing from a score
 * sheet"): the check that a sheet fits the game and the players, and the table it starts from.
 * Pure: the sheet is read only from the `start` event, so a replay starts from the same table.
 */
import type { PlayerSetup } from '../../../shared/game/events';
import type { ScoreSheet } from '../../../shared/game/sheets';
import type { PoolSheet } from '../../../shared/game/sheets/pool';
import type { Discipline, SheetRules } from './discipline';
import { allBalls, initialTable, type Ctx } from './rack';
import type { BallState, LiveTable, PoolConfig } from './state';

type SheetLine = PoolSheet['players'][number];

/** What a discipline without its own sheet rules accepts: no game ball, no groups. */
const PLAIN: SheetRules = { gameBall: '', groups: false };

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * Why the sheet cannot continue this match ("sheet: ..."), or null when it fits. Checked against
 * the match's players and its config (defaults filled in), so the race and the three-foul rule
 * are the ones the match plays.
 */
export function sheetProblem(d: Discipline, cfg: PoolConfig, players: readonly PlayerSetup[], sheet: ScoreSheet): string | null {
  // The hub and `autoref replay` check the schema; a caller of the engine alone may not have.
  if (typeof sheet !== 'object' || sheet === null) return 'sheet: not a score sheet';
  if (sheet.family !== 'pool') return `sheet: a ${sheet.family} score sheet cannot continue a ${d.id} match`;
  const rules = d.sheet ?? PLAIN;
  const lines = linesByPlayer(players, sheet);
  if (typeof lines === 'string') return `sheet: ${lines}`;
  const problem =
    playerLineProblem(d, cfg, rules, [...lines.values()]) ??
    seatProblem(players, sheet) ??
    ballsProblem(d, cfg, rules, sheet.onTable) ??
    groupsProblem(d, rules, [...lines.values()]) ??
    (sheet.ballInHand === undefined || typeof sheet.ballInHand === 'boolean' ? null : 'ballInHand must be true or false');
  return problem === null ? null : `sheet: ${problem}`;
}

/** The sheet's lines by player: each player of the match exactly once, nobody else. */
function linesByPlayer(players: readonly PlayerSetup[], sheet: PoolSheet): Map<string, SheetLine> | string {
  if (!Array.isArray(sheet.players)) return 'players must list both players of the match';
  const inMatch = new Set(players.map((p) => p.id));
  const lines = new Map<string, SheetLine>();
  for (const line of sheet.players) {
    if (typeof line !== 'object' || line === null) return 'players: each line is a player with his racks';
    if (!inMatch.has(line.player)) return `player "${line.player}" is not in the match`;
    if (lines.has(line.player)) return `player "${line.player}" is listed twice`;
    lines.set(line.player, line);
  }
  const missing = players.find((p) => !lines.has(p.id));
  return missing ? `player "${missing.id}" of the match has no line` : lines;
}

function playerLineProblem(d: Discipline, cfg: PoolConfig, rules: SheetRules, lines: readonly SheetLine[]): string | null {
  for (const line of lines) {
    const who = `player "${line.player}"`;
    if (!isCount(line.racks)) return `${who}: racks must be a whole number, 0 or more`;
    // A won race ends the match: there is nothing left to continue.
    if (line.racks >= cfg.raceTo) return `${who} has ${line.racks} racks: the race to ${cfg.raceTo} is already won`;
    const fouls = line.foulsInRow ?? 0;
    if (!isCount(fouls)) return `${who}: foulsInRow must be a whole number, 0 or more`;
    // The count only means something where a third foul loses the rack (WPA 6.14: nine-ball, not eight-ball).
    if (fouls > 0 && !cfg.threeFoulRule)
      return `${who} has ${fouls} foul${fouls === 1 ? '' : 's'} in a row, but this ${d.id} match does not play the three-foul rule (config threeFoulRule)`;
    if (fouls > 2) return `${who} has ${fouls} fouls in a row: the third would have lost the rack`;
    if (line.group !== undefined && !rules.groups) return `${d.id} has no groups (${who} has ${line.group})`;
  }
  return null;
}

function seatProblem(players: readonly PlayerSetup[], sheet: PoolSheet): string | null {
  const inMatch = new Set(players.map((p) => p.id));
  if (!inMatch.has(sheet.turn)) return `turn: player "${sheet.turn}" is not in the match`;
  if (!inMatch.has(sheet.breaker)) return `breaker: player "${sheet.breaker}" is not in the match`;
  return null;
}

function ballsProblem(d: Discipline, cfg: PoolConfig, rules: SheetRules, onTable: readonly string[]): string | null {
  if (!Array.isArray(onTable)) return 'onTable must list the object balls on the table';
  const objectBalls = new Set(d.objectBalls);
  const seen = new Set<string>();
  for (const ball of onTable) {
    if (ball === cfg.cueBall) return `onTable lists the cue ball "${ball}": list the object balls only (the cue ball is always there)`;
    if (!objectBalls.has(ball)) return `ball "${ball}" is not in ${d.id} (its balls are ${d.objectBalls.join(', ')})`;
    if (seen.has(ball)) return `ball "${ball}" is listed twice on the table`;
    seen.add(ball);
  }
  // The game ball down ends the rack (or is spotted at once): a rack in progress always has it.
  if (rules.gameBall !== '' && !seen.has(rules.gameBall)) return `the ${rules.gameBall} is not on the table: the rack would be over`;
  return null;
}

/** Both players have their group, different ones, or neither does (open table). Any balls may go with them. */
function groupsProblem(d: Discipline, rules: SheetRules, lines: readonly SheetLine[]): string | null {
  if (!rules.groups) return null;
  const withGroup = lines.filter((l) => l.group !== undefined);
  if (withGroup.length === 0) return null;
  if (withGroup.length < lines.length) return `only player "${withGroup[0]!.player}" has a group: give both players theirs, or neither (open table)`;
  const [a, b] = withGroup;
  if (a!.group === b!.group) return `both players have ${a!.group}: in ${d.id} one has solids, the other stripes`;
  return null;
}

/**
 * The table a checked sheet starts from: the rack in progress, past its break (PB-BREAK-2: the rack
 * has started), with the sheet's score, balls, groups, fouls in a row and ball in hand. Balls not on
 * the table are taken as pocketed (neither kind is ever put back, so the rack plays the same).
 * Per-player records follow the match's player order, not the sheet's.
 */
export function tableFromSheet(ctx: Ctx, sheet: PoolSheet): LiveTable {
  const lines = new Map(sheet.players.map((l) => [l.player, l]));
  const line = (id: string): SheetLine | undefined => lines.get(id);
  const onTable = new Set(sheet.onTable);
  const balls: Record<string, BallState> = Object.fromEntries(
    allBalls(ctx).map((b) => [b, b === ctx.cfg.cueBall || onTable.has(b) ? ('table' as const) : ('pocketed' as const)]),
  );
  const racksWon = Object.fromEntries(ctx.players.map((p) => [p.id, line(p.id)?.racks ?? 0]));
  const groups = Object.fromEntries(ctx.players.flatMap((p) => (line(p.id)?.group ? [[p.id, line(p.id)!.group!]] : [])));
  return {
    ...initialTable(ctx),
    status: 'playing',
    // The racks already played, then this one.
    rackNo: Object.values(racksWon).reduce((a, b) => a + b, 0) + 1,
    breaker: sheet.breaker,
    breakerSource: 'sheet',
    turn: sheet.turn,
    balls,
    // A sheet's ball in hand is anywhere: behind the head string only follows a foul on the break.
    ballInHand: sheet.ballInHand === true ? 'table' : null,
    started: true,
    fouls: Object.fromEntries(ctx.players.map((p) => [p.id, line(p.id)?.foulsInRow ?? 0])),
    racksWon,
    disc: { ...ctx.d.initialDisc(), groups },
  };
}
