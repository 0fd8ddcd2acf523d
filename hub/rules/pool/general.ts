/**
 * The general layer of pocket billiards (seed 001, rules PB-*): named predicates over one shot's
 * facts. Disciplines say which balls are legal; these functions say what the seed says.
 */
import type { FoulRecord, ShotFacts } from './state';

export interface LagEntry {
  player: string;
  /** PB-LAG-2: the lag ball touched the foot cushion at least once. */
  footCushion: boolean;
  /** Distance from the head cushion where the ball stopped (any unit; smaller is better). */
  distance: number;
}

/**
 * PB-LAG-2 / PB-Q9: the ball closest to the head cushion wins, but only a ball that touched the
 * foot cushion can win. No valid ball, or a tie between the best valid balls: the lag is repeated.
 */
export function lagWinner(entries: readonly LagEntry[]): string | 'repeat' {
  const valid = entries.filter((e) => e.footCushion).sort((x, y) => x.distance - y.distance);
  const best = valid[0];
  if (!best) return 'repeat';
  const second = valid[1];
  if (second && second.distance === best.distance) return 'repeat';
  return best.player;
}

/**
 * PB-BREAK-2: the rack has started once the tip touched the cue ball and the cue ball crossed the
 * head string. Proof: the cue ball contacted a racked ball, or hit a cushion beyond the head string.
 */
export function hasCrossedHeadString(f: ShotFacts, crossingCushions: readonly string[]): boolean {
  if (f.strikes === 0 && f.order.length === 0) return false;
  if (f.firstContact !== null) return true;
  return f.cueCushionIds.some((c) => crossingCushions.includes(c));
}

/** PB-SHOT-1 (a): an object ball was pocketed (after the first contact: nothing moves before it). */
export function objectBallPocketed(f: ShotFacts, cue: string): boolean {
  return f.pocketed.some((b) => b !== cue);
}

/**
 * PB-SHOT-1 / PB-FOUL-1 (second clause) / PB-FOUL-10: after the cue ball's first contact, an
 * object ball is pocketed or some ball reaches a cushion. Cushions before the contact do not
 * count; a frozen ball merely leaving its cushion does not count (handled in the facts).
 */
export function isLegalShot(f: ShotFacts, cue: string): boolean {
  if (f.firstContact === null || f.firstContact === undefined) return false;
  return objectBallPocketed(f, cue) || f.cushionsAfterContact.length > 0;
}

/** PB-FOUL-1 (first clause): the first object ball contacted is not a legal one. */
export function isWrongFirstBall(f: ShotFacts, legalFirst: readonly string[] | 'any'): boolean {
  if (f.firstContact === null || f.firstContact === undefined) return false;
  return legalFirst !== 'any' && !legalFirst.includes(f.firstContact);
}

/** PB-FOUL-2: the cue ball was pocketed (captured; a rattle-out is not pocketed, PB-POCKET-1). */
export function isScratch(f: ShotFacts, cue: string): boolean {
  return f.pocketed.includes(cue);
}

/** PB-FOUL-3: some ball left the playing area (even if it came back by itself). */
export function ballsLeftTable(f: ShotFacts): string[] {
  return [...f.offTable, ...f.returned];
}

/** PB-FOUL-9: a second strike before the shot came to rest is shooting while balls move. */
export function isShootingWhileMoving(f: ShotFacts): boolean {
  return f.strikes > 1 || f.refFouls.some((r) => r.kind === 'moving');
}

/**
 * PB-POCKET-2 / PB-Q8: a ball that drops after the shot came to rest is put back (and the player
 * in control continues) when it hung there for at least `thresholdMs`; sooner, it counts for the shot.
 */
export function isLateDropPutBack(afterMs: number, thresholdMs: number): boolean {
  return afterMs >= thresholdMs;
}

export interface TouchDetails {
  /** The touched ball was the cue ball, in play. */
  cueBall: boolean;
  intentional: boolean;
  /** The touch affected the outcome of the shot. */
  affectsOutcome: boolean;
}

/**
 * PB-FOUL-4: with a referee every touch (cue, clothing, body; before, during or after the shot) is a foul.
 * PB-FOUL-5: without one, only touching the cue ball in play, touching an object ball on purpose, or a touch
 * that affects the outcome; an accidental touch without effect is not a foul.
 */
export function isTouchFoul(refereed: boolean, d: TouchDetails): boolean {
  if (refereed) return true;
  return d.cueBall || d.intentional || d.affectsOutcome;
}

/**
 * PB-TURN-1: a legal shot that pockets nothing ends the inning (the discipline refines which
 * pocketed balls count). PB-Q2 (reading: WPA): a foul always ends the inning.
 */
export function isTurnOver(legal: boolean, pocketedCounts: boolean, foul: boolean): boolean {
  if (foul) return true;
  return !(legal && pocketedCounts);
}

/**
 * Fouls of the general layer for one shot. `legalFirst` comes from the discipline ('any' on a
 * push-out or an open break). `needRail` false on a push-out (9-ball) or the break (the
 * discipline judges the break instead).
 */
export function generalFouls(
  f: ShotFacts,
  cue: string,
  shooter: string,
  legalFirst: readonly string[] | 'any',
  needRail: boolean,
  frozenDeclared: boolean,
): FoulRecord[] {
  const out: FoulRecord[] = [];
  if (needRail) {
    if (f.firstContact === null) out.push({ rule: 'PB-SHOT-1', code: 'no-contact', by: shooter });
    else if (isWrongFirstBall(f, legalFirst)) out.push({ rule: 'PB-FOUL-1', code: 'wrong-first-ball', by: shooter });
    else if (!isLegalShot(f, cue)) {
      out.push({ rule: frozenDeclared ? 'PB-FOUL-10' : 'PB-SHOT-1', code: 'no-rail', by: shooter });
    }
  } else if (legalFirst !== 'any' && isWrongFirstBall(f, legalFirst)) {
    out.push({ rule: 'PB-FOUL-1', code: 'wrong-first-ball', by: shooter });
  }
  if (isScratch(f, cue)) out.push({ rule: 'PB-FOUL-2', code: 'scratch', by: shooter });
  for (const b of ballsLeftTable(f)) out.push({ rule: 'PB-FOUL-3', code: `off-table:${b}`, by: shooter });
  if (f.strikes > 1) out.push({ rule: 'PB-FOUL-9', code: 'shot-while-moving', by: shooter });
  return out;
}
