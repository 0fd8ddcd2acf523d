/**
 * The discipline plug-in interface (PB-Q1): the general layer (seed 001) asks the discipline
 * which balls are legal, what extra facts it needs, and what a judged shot means for the rack.
 */
import type { GameId, PendingDecision } from '../../../shared/game/engine';
import type { BallInHand, DisciplineState, FoulRecord, PoolConfig, ShotFacts, ShotPrep, LiveTable, TableBalls } from './state';

export interface ShotContext {
  t: LiveTable;
  f: ShotFacts;
  cfg: PoolConfig;
  shooter: string;
  opponent: string;
  isBreak: boolean;
  prep: ShotPrep;
  /** Fouls charged to the shooter (general layer + referee calls). */
  fouls: FoulRecord[];
  answer(id: string): string | undefined;
  /** Log position of the event that closed the shot (for raisedAt). */
  raisedAt: number;
}

export interface Verdict {
  /** Extra fouls the discipline found (illegal break, ...). */
  fouls: FoulRecord[];
  /** Shooter keeps the inning. */
  continues: boolean;
  ballInHand: BallInHand;
  /** Balls put back on the table after the shot. */
  spotted: string[];
  rackWinner: string | null;
  reason: string;
  disc: DisciplineState;
  /** A player's option that follows the shot. */
  /** A player's option that follows the shot: `kind` is a key of the discipline's `options`. */
  option: { kind: string; chooser: string } | null;
  notes: string[];
  result: string;
}

/**
 * What a player's answer to an option does: re-rack with a breaker, play on (who shoots, balls put
 * back), or nothing the engine tracks (balls put back by hand: positions are not tracked).
 */
export type OptionEffect = { kind: 'rerack'; breaker: string } | { kind: 'play'; turn: string; spot: readonly string[] } | { kind: 'record' };

/** A player's option that follows a shot (break options, push-out reply, ...), declared by its discipline. */
export interface OptionSpec {
  question: string;
  values: readonly (readonly [value: string, label: string])[];
  /** Taken when play goes on without an answer. */
  def: string;
  apply(answer: string, chooser: string, rival: string): OptionEffect;
}

export interface Discipline {
  /** A new discipline is a new engine: one game catalogue entry (shared/game/catalogue.ts) and one registry row. */
  id: GameId;
  title: string;
  objectBalls: readonly string[];
  defaults: Partial<PoolConfig>;
  initialDisc(): DisciplineState;
  /** Balls the cue ball may contact first ('any' = no restriction). */
  legalFirst(t: LiveTable, shooter: string, isBreak: boolean, prep: ShotPrep): readonly string[] | 'any';
  /** Whether PB-SHOT-1's "pocket or cushion after contact" applies (not on the break or a push-out). */
  needsRail(isBreak: boolean, prep: ShotPrep): boolean;
  /** Questions the discipline needs answered before it can judge (deterministic ids). */
  questions(ctx: ShotContext): PendingDecision[];
  judge(ctx: ShotContext): Verdict;
  /** The options its verdicts may raise (`Verdict.option.kind` is a key here); their decision kind is `pocket.<key>`. */
  options: Readonly<Record<string, OptionSpec>>;
  /** Why a pre-shot call is refused, or null when it is accepted. */
  checkCall(call: string, t: LiveTable, shooter: string, ball: string | undefined): string | null;
  /** What a score sheet of this discipline may hold (sheet.ts); absent: no game ball, no groups. */
  sheet?: SheetRules;
}

/** The discipline's facts a score sheet is checked against (a rack in progress, past its break). */
export interface SheetRules {
  /** The ball whose fall ends the rack (the 8, the 9): on the table as long as the rack goes on. */
  gameBall: string;
  /** Players get groups once the table is closed (eight-ball's solids and stripes). */
  groups: boolean;
}

export function objectOnTable(t: TableBalls, balls: readonly string[]): string[] {
  return balls.filter((b) => t.balls[b] === 'table');
}

export function yesNo(
  id: string,
  kind: string,
  question: string,
  def: string | null,
  answeredBy: 'referee' | 'players',
  evidence: string[],
  raisedAt: number,
  /** What the question's probability rests on (PendingDecision.basis). */
  basis?: string,
): PendingDecision {
  return {
    id,
    kind,
    question,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    default: def,
    answeredBy,
    evidence,
    raisedAt,
    ...(basis !== undefined ? { basis } : {}),
  };
}

/** 0..n-1, or `n+`: a count coarse enough for the base rates to see each value often. */
export const upTo = (x: number, n: number): string => (x >= n ? `${n}+` : String(x));

/** Legal break by count (WPA 8-ball and 9-ball): a ball pocketed or at least four object balls to a cushion. */
export function breakCushionQuestion(ctx: ShotContext, discipline: string): PendingDecision | null {
  const { f, cfg } = ctx;
  const pocketedObj = f.pocketed.filter((b) => b !== cfg.cueBall);
  if (pocketedObj.length > 0) return null;
  const known = f.objectCushionBalls.length;
  if (known >= 4 || known + f.unknownCushions < 4) return null;
  return yesNo(
    `shot-${f.key}:break-cushions`,
    `${discipline}.break-cushions`,
    'Did at least four object balls reach a cushion on the break?',
    'yes',
    'referee',
    [`${known} distinct object balls identified at a cushion`, `${f.unknownCushions} cushion contacts without ball identity`],
    ctx.raisedAt,
    // The more unnamed cushion knocks, the likelier four balls made them.
    `known=${known}|unknown=${upTo(f.unknownCushions, 12)}`,
  );
}

export function isLegalBreakCount(ctx: ShotContext): boolean {
  const { f, cfg } = ctx;
  if (f.pocketed.some((b) => b !== cfg.cueBall)) return true;
  if (f.objectCushionBalls.length >= 4) return true;
  return ctx.answer(`shot-${f.key}:break-cushions`) === 'yes';
}
