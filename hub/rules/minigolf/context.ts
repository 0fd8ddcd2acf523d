/**
 * What one reduce step works on: a private copy of the game (mutated freely, never the input),
 * the rejections and at most one decision to raise.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { PendingDecision, RejectedEvent } from '../../../shared/game/engine';
import { BAN_BY_CLAUSE, POINTS, escalate } from './penalties';
import { mutPlayer } from './cow';
import { type List, push } from '../common/plist';
import { announce, groupOf } from './round';
import type { Game, PenaltyLevel, Player } from './state';

export interface Raise {
  decision: PendingDecision;
  payload: Record<string, string | number | null>;
}

export interface Ctx {
  game: Game;
  e: GameEvent;
  seq: number | undefined;
  /** Deterministic position of the event (seq, or the count of events reduced). */
  at: number;
  /** This step's refused events (state.ts `refused`). */
  rejected: List<RejectedEvent>;
  raise: Raise | null;
}

export function reject(ctx: Ctx, code: string, reason: string): void {
  // Copied here, not for every step (newCtx): an accepted event costs nothing however many were refused.
  ctx.rejected = push(ctx.rejected, { seq: ctx.e.seq, type: ctx.e.type, code, reason });
}

/** Round a penalty belongs to: the round the player is playing, else the last one he played. */
export function currentRound(game: Game, id: string): number {
  const g = groupOf(game, id);
  const p = game.players[id];
  if (g && !g.done) return g.round;
  let r = 0;
  p?.cards.forEach((c, i) => {
    if (c.entries.length > 0) r = i;
  });
  return Math.min(r, game.config.rounds - 1);
}

/**
 * Gives a penalty with the escalation the rules require (MG-PEN-2, MG-PEN-6..9). Returns the level
 * given, or null when refused (unknown player, already disqualified).
 */
export function givePenalty(
  ctx: Ctx,
  id: string,
  requested: PenaltyLevel,
  clause: string | null,
  rule: string | null,
  reason: string,
  ban: string | null = null,
): PenaltyLevel | null {
  const seen = ctx.game.players[id];
  if (!seen) {
    reject(ctx, 'unknown_player', `no player or coach ${id}`);
    return null;
  }
  const level = escalate(seen.penalties, requested, clause);
  if (level === null) {
    reject(ctx, 'already_disqualified', `${seen.name} already has D+5 (MG-PEN-2: each penalty once per tournament)`);
    return null;
  }
  const p = mutPlayer(ctx.game, id);
  p.penalties = [
    ...p.penalties,
    {
      level,
      requested: level === requested ? null : requested,
      points: POINTS[level],
      clause,
      rule,
      reason,
      round: currentRound(ctx.game, id),
      seq: ctx.seq,
      who: ctx.e.who,
    },
  ];
  if (level === 'D+5') {
    // MG-PEN-10: a disqualified player leaves the tournament; MG-PEN-11: ban from the day after it ends.
    p.status = 'disqualified';
    p.play = null;
    const text = ban ?? (clause !== null ? BAN_BY_CLAUSE[clause] : undefined) ?? '4 weeks';
    // MG-PEN-12: the player's club and the active member are told; at an international championship
    // also the WMF sports director.
    const notify = [p.club !== null ? `club ${p.club}` : "the player's club", 'the active member'];
    if (ctx.game.config.international) notify.push('the WMF sports director');
    p.ban = { weeks: banWeeks(text), text, clause, notify };
  }
  // MG-PEN-3: every penalty is announced on the official board.
  announce(ctx.game, `Penalty ${level} for ${p.name}${clause ? ` (§${clause})` : ''}: ${reason}`);
  if (level === 'D+5' && p.ban)
    announce(ctx.game, `Ban for ${p.name}: ${p.ban.text} from the day after the tournament; to be notified: ${p.ban.notify.join(', ')}`);
  return level;
}

/** Ban length in weeks (months as 4.33 weeks rounded up; a year is 52). */
export function banWeeks(text: string): number {
  const m = /^(\d+)\s*(week|weeks|month|months|year|years)$/.exec(text.trim());
  if (!m) return 4;
  const n = Number(m[1]);
  if (m[2]!.startsWith('week')) return n;
  if (m[2]!.startsWith('month')) return Math.ceil((n * 52) / 12);
  return n * 52;
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Lane number from a lane id ("7", "B-7", "lane7"). */
export function parseLane(s: string | undefined): number | null {
  if (s === undefined) return null;
  const m = /(\d+)$/.exec(s);
  return m ? Number(m[1]) : null;
}

/** The player `id` names, or null with the event refused (`unknown_player`). */
export function named(ctx: Ctx, id: string | undefined): Player | null {
  const p = id !== undefined ? ctx.game.players[id] : undefined;
  if (!p) {
    reject(ctx, 'unknown_player', `no player ${id ?? '(none named)'}`);
    return null;
  }
  return p;
}
