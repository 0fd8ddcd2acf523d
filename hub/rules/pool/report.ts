/**
 * The documented JSON report of a pool match (docs/games/pool.md, "Report").
 */
import type { GameSummary } from '../../../shared/game/engine';
import type { Discipline } from './discipline';
import type * as Shared from '../../../shared/reports/pool';
import type { RackRecord, RefRecord, ShotRecord } from './state';
import type { PoolState } from './state';

/** The engine's report: the shared contract (what the dashboard reads) and the rest of the documented JSON. */
export interface PoolReport extends Shared.PoolReport {
  lagWinner: string | null;
  breakerSource: 'lag' | 'config' | 'start-order' | 'sheet' | null;
  rack: Shared.PoolReport['rack'] & {
    started: boolean;
    pushOutAvailable: boolean;
    consecutiveFouls: Record<string, number>;
  };
  racks: RackRecord[];
  shots: ShotRecord[];
  refLog: ReportedCall[];
}

/** A logged call as printed: fields nobody gave are null (an undefined field would vanish from the JSON). */
export interface ReportedCall {
  seq: number | null;
  call: string;
  player: string | null;
  who: string | null;
  why: string | null;
  effect: string;
}

function reportedCall(r: RefRecord): ReportedCall {
  return { seq: r.seq ?? null, call: r.call, player: r.player ?? null, who: r.who ?? null, why: r.why ?? null, effect: r.effect };
}

export function poolReport(d: Discipline, s: PoolState): PoolReport {
  const t = s.view;
  const sheetRacks = s.sheet ? new Map(s.sheet.players.map((l) => [l.player, l.racks])) : null;
  return {
    game: d.id,
    config: s.config,
    status: t.rackNo === 0 && t.status === 'setup' ? 'setup' : t.status,
    players: s.players.map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.side ? { side: p.side } : {}),
      racksWon: t.racksWon[p.id] ?? 0,
      ...(sheetRacks ? { racksFromSheet: sheetRacks.get(p.id) ?? 0 } : {}),
    })),
    raceTo: s.config.raceTo,
    winner: t.winner,
    lagWinner: t.lagWinner,
    breakerSource: t.breakerSource,
    rack: {
      no: t.rackNo,
      breaker: t.breaker,
      started: t.started,
      turn: t.turn,
      inning: t.inning,
      ballInHand: t.ballInHand,
      balls: t.balls,
      groups: t.disc.groups,
      pushOutAvailable: t.disc.pushOutAvailable,
      consecutiveFouls: t.fouls,
    },
    racks: t.racks,
    shots: t.shots,
    pending: t.questions.map((q) => q.decision),
    ...(s.sheet ? { sheet: s.sheet } : {}),
    waiting: t.blocked,
    refLog: t.refLog.map(reportedCall),
    rejected: s.rejected,
  };
}

/** Called on every event by the hub: reads the working table (no history is copied). */
export function summarize(d: Discipline, s: PoolState): GameSummary {
  const t = s.table;
  const pending = t.questions.map((q) => q.decision);
  const players = s.players.map((p) => ({ id: p.id, name: p.name, ...(p.side ? { side: p.side } : {}), score: t.racksWon[p.id] ?? 0 }));
  const name = (id: string | null) => s.players.find((p) => p.id === id)?.name ?? id ?? '-';
  const score = players.map((p) => `${p.name} ${p.score}`).join(' – ');
  let tail = '';
  if (t.status === 'finished') tail = `${name(t.winner)} wins the match`;
  else if (t.status === 'abandoned') tail = 'abandoned';
  else if (t.rackNo === 0) tail = 'lag for the break';
  else if (t.blocked) {
    // Questions with a default settle by themselves after the hub's wait; say which need a person.
    const needed = pending.filter((p) => p.default === null).length;
    tail = `rack ${t.rackNo}: waiting for ${pending.length === 1 ? 'an answer' : `${pending.length} answers`}${needed > 0 ? ` (${needed} without a default)` : ''}`;
  } else
    tail = `rack ${t.rackNo}: ${name(t.turn)} to shoot${t.ballInHand ? `, ball in hand${t.ballInHand === 'kitchen' ? ' behind the head string' : ''}` : ''}${twoFoulWarning(s, t.turn)}`;
  return {
    game: d.id,
    status: s.phase !== 'started' || t.rackNo === 0 ? (t.status === 'abandoned' ? 'abandoned' : 'setup') : t.status,
    players,
    turn: t.status === 'playing' && !t.blocked ? t.turn : null,
    provisional: t.questions.some((q) => q.action.type !== 'option'),
    pending,
    winner: t.winner,
    headline: `${score} (race to ${s.config.raceTo}), ${tail}`,
    // Absent for a match from its opening, so those summaries stay as they were.
    ...(s.sheet ? { fromSheet: true } : {}),
  };
}

/**
 * WPA 6.14 (three consecutive fouls): the shooter on two fouls must be warned when he comes to
 * the table, or a third foul only counts as the second. The engine gives that warning itself, in
 * the headline the table shows while that player is to shoot.
 */
function twoFoulWarning(s: PoolState, turn: string | null): string {
  if (!s.config.threeFoulRule || turn === null || (s.table.fouls[turn] ?? 0) !== 2) return '';
  return ' (on two fouls: a third foul loses the rack)';
}
