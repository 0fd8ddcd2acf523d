/**
 * The documented JSON report of a pocket billiards match (docs/games/pocket.md, "Report").
 */
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import type { Discipline } from './discipline';
import type { BallInHand, BallState, PocketConfig, RackRecord, RefRecord, ShotRecord } from './types';
import type { PocketState } from './types';

export interface PocketReport {
  game: string;
  config: PocketConfig;
  status: 'setup' | 'playing' | 'finished' | 'abandoned';
  players: { id: string; name: string; side?: string; racksWon: number }[];
  raceTo: number;
  winner: string | null;
  lagWinner: string | null;
  breakerSource: 'lag' | 'config' | 'start-order' | null;
  rack: {
    no: number;
    breaker: string | null;
    started: boolean;
    turn: string | null;
    inning: number;
    ballInHand: BallInHand;
    balls: Record<string, BallState>;
    groups: Record<string, 'solids' | 'stripes'>;
    pushOutAvailable: boolean;
    consecutiveFouls: Record<string, number>;
  };
  racks: RackRecord[];
  shots: ShotRecord[];
  pending: PendingDecision[];
  /** Shot whose judgement waits for an answer (later shots are held until then). */
  waiting: boolean;
  refLog: ReportedCall[];
  rejected: RejectedEvent[];
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

export function pocketReport(d: Discipline, s: PocketState): PocketReport {
  const t = s.view;
  return {
    game: d.id,
    config: s.config,
    status: t.rackNo === 0 && t.status === 'setup' ? 'setup' : t.status,
    players: s.players.map((p) => ({ id: p.id, name: p.name, ...(p.side ? { side: p.side } : {}), racksWon: t.racksWon[p.id] ?? 0 })),
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
    waiting: t.blocked,
    refLog: t.refLog.map(reportedCall),
    rejected: s.rejected,
  };
}
