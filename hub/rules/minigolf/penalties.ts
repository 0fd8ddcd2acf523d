/**
 * Penalties A, A+1, B+2, D+5 (MG-PEN-*): once each per person per tournament, escalating.
 */
import type { Penalty, PenaltyLevel, Player } from './state';

export const LEVELS: readonly PenaltyLevel[] = ['A', 'A+1', 'B+2', 'D+5'];
export const POINTS: Record<PenaltyLevel, number> = { A: 0, 'A+1': 1, 'B+2': 2, 'D+5': 5 };
/** MG-PEN-1/2: warning, recording, disqualification. */
export const SANCTION: Record<PenaltyLevel, string> = {
  A: 'warning',
  'A+1': 'warning',
  'B+2': 'recording',
  'D+5': 'disqualification',
};

/** Clauses of §18.5–18.7 and the least penalty each makes mandatory. */
export const CLAUSE_MIN: Record<string, PenaltyLevel> = {
  '18.5a': 'A+1',
  '18.5b': 'A+1',
  '18.5c': 'A+1',
  '18.6a': 'B+2',
  '18.6b': 'B+2',
  '18.6c': 'B+2',
  '18.6d': 'B+2',
  '18.6e': 'B+2',
  '18.6f': 'B+2',
  '18.6g': 'B+2',
  '18.7a': 'D+5',
  '18.7b': 'D+5',
  '18.7c': 'D+5',
  '18.7d': 'D+5',
  '18.7e': 'D+5',
  '18.7f': 'D+5',
  '18.7g': 'D+5',
  '18.7h': 'D+5',
};

/** Conduct rules a referee reports with `violation`, and the clause they fall under (null: §18.4, A). */
export const RULE_CLAUSE: Record<string, string | null> = {
  'MG-COURSE-14': '18.6g',
  'MG-STROKE-1': null,
  'MG-STROKE-2': null,
  'MG-STROKE-3': null,
  'MG-STROKE-5': null,
  'MG-STROKE-6': null,
  'MG-STROKE-7': null,
  'MG-STROKE-8': null,
  'MG-STROKE-9': null,
  'MG-STROKE-10': null,
  'MG-STROKE-11': '18.6f',
  'MG-STROKE-14': null,
  'MG-BALL-1': '18.6d',
  'MG-CARD-5': '18.6c',
  'MG-ORDER-5': null,
  'MG-ORDER-6': null,
  'MG-TIME-1': null,
  'MG-TIME-2': null,
};

/** MG-PEN-11: ban lengths after a disqualification, by clause; 4 weeks otherwise. */
export const BAN_BY_CLAUSE: Record<string, string> = {
  '18.7b': '8 weeks',
  '18.7e': '8 weeks',
  '18.7c': '3 months',
  '18.7h': '6 months',
};

export function rank(l: PenaltyLevel): number {
  return LEVELS.indexOf(l);
}

export function isLevel(v: unknown): v is PenaltyLevel {
  return typeof v === 'string' && (LEVELS as readonly string[]).includes(v);
}

export function highest(p: readonly Penalty[]): PenaltyLevel | null {
  let h = -1;
  for (const x of p) h = Math.max(h, rank(x.level));
  return h < 0 ? null : LEVELS[h]!;
}

/**
 * The level actually given: at least what was asked, at least the clause's minimum, and
 * stricter than any earlier penalty (MG-PEN-2 once each, MG-PEN-6..9 (a) escalation).
 * Null when the player already has D+5 (nothing stricter exists).
 */
export function escalate(history: readonly Penalty[], requested: PenaltyLevel, clause: string | null): PenaltyLevel | null {
  const h = highest(history);
  if (h === 'D+5') return null;
  let r = rank(requested);
  const min = clause !== null ? CLAUSE_MIN[clause] : undefined;
  if (min !== undefined) r = Math.max(r, rank(min));
  if (h !== null) r = Math.max(r, rank(h) + 1);
  return LEVELS[Math.min(r, 3)]!;
}

/** Clause from the referee's description of a violation (MG-PEN-7(b), MG-PEN-8(b)). */
export function clauseFromFlags(rule: string | null, intentional: boolean, advantage: boolean, gross: boolean): string | null {
  const fromRule = rule !== null ? (RULE_CLAUSE[rule] ?? null) : null;
  if (fromRule !== null) return fromRule;
  if (intentional && advantage) return '18.6b';
  if (intentional || gross) return '18.5b';
  return null;
}

export function penaltyPoints(p: Player, round?: number): number {
  return p.penalties.filter((x) => round === undefined || x.round === round).reduce((a, x) => a + x.points, 0);
}

export function isDisqualified(p: Player): boolean {
  return p.penalties.some((x) => x.level === 'D+5');
}
