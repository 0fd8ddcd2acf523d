/**
 * What really happened in a shot, in each game's terms, from the physics' events: the ground
 * truth the chain test compares the engines with. Only what the rules decide from the balls'
 * paths is here (points, fouls the balls commit, who plays next); fouls only a person sees (a
 * foot off the floor) do not exist in the simulator.
 */
import type { TruthEvent } from '../physics/world';

export interface CaromOutcome {
  point: boolean;
  /** Cushions the cue ball touched before its contact with the second object ball (or in all). */
  cushions: number;
  fouls: string[];
}

/** Three-cushion (C3 point): the cue ball touches both object balls and three cushions before the second. */
export function caromOutcome(events: readonly TruthEvent[], cue: string): CaromOutcome {
  const touched = new Set<string>();
  let cushions = 0;
  let point = false;
  let cushionsAtPoint = -1;
  const fouls: string[] = [];
  for (const e of events) {
    if (e.type === 'off') fouls.push('out');
    if (e.type === 'cushion' && e.ball === cue && cushionsAtPoint < 0) cushions++;
    if (e.type === 'contact' && (e.a === cue || e.b === cue)) {
      touched.add(e.a === cue ? e.b : e.a);
      if (touched.size === 2 && cushionsAtPoint < 0) {
        cushionsAtPoint = cushions;
        point = cushions >= 3;
      }
    }
  }
  return { point: point && fouls.length === 0, cushions, fouls };
}

/** The carom games the simulator plays (the engines' ids). */
export type CaromRules = 'three-cushion' | 'three-ball' | 'four-ball';

/**
 * A carom shot in the engines' terms (hub/rules/carom/outcome.ts): `code` is the scoring outcome of
 * the cue ball's contacts and cushions, as the engine's point question names it (three-cushion and
 * 3-ball `point`/`miss`; 4-ball `p50` `p25` `p5` `p1` `p0`, or `none` when the cue ball touched no
 * ball), whatever else happened; `foul`: a ball left the table (CG-FOUL-5: the shot scores nothing,
 * CQ-7); `value`: the points the shot scores; `keepsTurn`: it scored.
 */
export interface CaromTruth {
  code: string;
  value: number;
  foul: boolean;
  keepsTurn: boolean;
}

/**
 * Carom truth per game: three-cushion C3-POINT-1/2 (both object balls, three cushions before the
 * second); 3-ball C3B-SCORE-1 (both object balls, no cushion needed); 4-ball C4-SCORE-1..4 as the
 * engine scores them (CQ-1 reading (i), CQ-2: the highest category only): the other cue ball and
 * both reds 25, with a cushion of the cue ball before its first ball 50; a red first then the other
 * red 5; the other cue ball touched 1; else 0; no ball touched: `none` (C4-ERASE-1). A 4-ball set is
 * W, Y, R, M (C4-SETUP-1): the other cue ball is W or Y, the reds R and M.
 */
export function caromTruth(rules: CaromRules, events: readonly TruthEvent[], cue: string): CaromTruth {
  const foul = events.some((e) => e.type === 'off');
  let code: string;
  if (rules === 'three-cushion')
    code = caromOutcome(
      events.filter((e) => e.type !== 'off'),
      cue,
    ).point
      ? 'point'
      : 'miss';
  else {
    const touched: string[] = [];
    let cushionsFirst = 0;
    for (const e of events) {
      if (e.type === 'cushion' && e.ball === cue && touched.length === 0) cushionsFirst++;
      if (e.type === 'contact' && (e.a === cue || e.b === cue)) {
        const other = e.a === cue ? e.b : e.a;
        if (!touched.includes(other)) touched.push(other);
      }
    }
    if (rules === 'three-ball') code = touched.length >= 2 ? 'point' : 'miss';
    else {
      const otherCue = cue === 'W' ? 'Y' : 'W';
      const reds = touched.includes('R') && touched.includes('M');
      if (touched.length === 0) code = 'none';
      else if (reds && touched.includes(otherCue)) code = cushionsFirst > 0 ? 'p50' : 'p25';
      else if (reds && (touched[0] === 'R' || touched[0] === 'M')) code = 'p5';
      else code = touched.includes(otherCue) ? 'p1' : 'p0';
    }
  }
  const points = code === 'point' ? 1 : /^p\d+$/.test(code) ? Number(code.slice(1)) : 0;
  const value = foul ? 0 : points;
  return { code, value, foul, keepsTurn: value > 0 };
}

export interface GolfOutcome {
  /** The side's balls that went into the opponent's goal. */
  scored: number;
  /** Balls of either side into the goal of their own side. */
  ownGoals: number;
  /** The opponent's balls into the striking side's goal (they count for the opponent). */
  forOpponent: number;
  fouls: string[];
  /** Balls that stopped on a goal's lip (a referee call, `lip_stopped`). */
  onLip: string[];
}

/** Golf billiards: a side plays into the opponent's goal (side A into goal b). */
export function golfOutcome(events: readonly TruthEvent[], side: 'A' | 'B'): GolfOutcome {
  const target = side === 'A' ? 'b' : 'a';
  const out: GolfOutcome = { scored: 0, ownGoals: 0, forOpponent: 0, fouls: [], onLip: [] };
  for (const e of events) {
    if (e.type === 'off') out.fouls.push('off_table');
    if (e.type === 'lip') out.onLip.push(e.ball);
    if (e.type !== 'capture') continue;
    const mine = e.ball.startsWith(side);
    const intoTarget = e.place === target;
    if (mine && intoTarget) out.scored++;
    else if (mine) out.ownGoals++;
    else if (!intoTarget) out.forOpponent++;
    else out.ownGoals++;
  }
  return out;
}

export interface PoolOutcome {
  firstContact: string | null;
  potted: string[];
  foul: boolean;
}

/** Nine-ball: the cue ball must hit the lowest ball first; a scratch or no contact is a foul. */
export function poolOutcome(events: readonly TruthEvent[], lowest: string | null): PoolOutcome {
  let first: string | null = null;
  const potted: string[] = [];
  let foul = false;
  for (const e of events) {
    if (e.type === 'contact' && first === null && (e.a === 'cue' || e.b === 'cue')) first = e.a === 'cue' ? e.b : e.a;
    if (e.type === 'capture') {
      if (e.ball === 'cue') foul = true;
      else potted.push(e.ball);
    }
    if (e.type === 'off') foul = true;
  }
  if (first === null || (lowest !== null && first !== lowest)) foul = true;
  return { firstContact: first, potted, foul };
}

/**
 * Golf billiards' zone grid (the engine's default geometry, GB-Q1, assumed): 5 bands along the
 * 1.80 m length (0.36 m) x 3 across the 0.90 m width (0.30 m), numbered 1..15 from goal A's end,
 * across first.
 */
export function golfZone(x: number, y: number): number {
  const i = Math.min(4, Math.max(0, Math.floor(x / 0.36)));
  const j = Math.min(2, Math.max(0, Math.floor(y / 0.3)));
  return i * 3 + j + 1;
}

/**
 * Golf billiards' opening stroke, which both sides play at once (GB-DBL-4, GB-Q7): the side that
 * scores validly while the other does not keeps the turn; if both do, the side whose first goal
 * dropped first; if neither, the side that avoided a foul while the other committed one; else the
 * side whose played ball stopped closer to the goal it plays at. `null`: nobody can tell (equal
 * distances, or both played balls gone): the opening is played again.
 */
export function golfOpening(
  events: readonly TruthEvent[],
  played: Readonly<Record<'A' | 'B', { x: number; y: number; onTable: boolean }>>,
  goals: Readonly<Record<'a' | 'b', { x: number; y: number }>>,
): 'A' | 'B' | null {
  const sides = ['A', 'B'] as const;
  const fouled = (s: 'A' | 'B'): boolean => events.some((e) => e.type === 'off' && e.ball.startsWith(s));
  const firstGoal = (s: 'A' | 'B'): number => {
    const target = s === 'A' ? 'b' : 'a';
    const e = events.find((x) => x.type === 'capture' && x.ball.startsWith(s) && x.place === target);
    return e ? e.t : Infinity;
  };
  const valid = sides.filter((s) => firstGoal(s) < Infinity && !fouled(s));
  if (valid.length === 1) return valid[0]!;
  if (valid.length === 2) return firstGoal('A') === firstGoal('B') ? null : firstGoal('A') < firstGoal('B') ? 'A' : 'B';
  const clean = sides.filter((s) => !fouled(s));
  if (clean.length === 1) return clean[0]!;
  const dist = (s: 'A' | 'B'): number => {
    const p = played[s];
    const g = goals[s === 'A' ? 'b' : 'a'];
    return p.onTable ? Math.hypot(p.x - g.x, p.y - g.y) : Infinity;
  };
  const [da, db] = [dist('A'), dist('B')];
  if (da === db) return null;
  return da < db ? 'A' : 'B';
}

export type GolfSide = 'A' | 'B';

/** The set before a golf billiards stroke, as the rules need it (kept by whoever plays the set). */
export interface GolfBefore {
  /** The striking side; null: an opening stroke, both sides striking at once (GB-DBL-4). */
  side: GolfSide | null;
  /** Balls per side not yet home (holed, or counted as holed) before the stroke: "1-1" is 1 and 1 (GB-FOUL-5, GB-Q2 `balls`). */
  left: Readonly<Record<GolfSide, number>>;
  /** Zone play is on (GB-ZONE-2: once a side had one ball left; it stays on for the set). */
  zonePlay: boolean;
  /** Some ball left its zone during the stroke (SimGame's `leftZone`, GB-ZONE-3). */
  leftZone: boolean;
  /** Opening, nobody scored alone: the side whose played ball stopped closer to the goal it plays at (null: nobody can tell). */
  closer?: GolfSide | null;
}

/** One golf billiards stroke judged by the rules, as the engine reads them (docs/games/golf-billiards.md). */
export interface GolfStroke {
  /** Balls that went home per side (count for their owner): own balls into the target goal (GB-SCORE-1), the opponent's balls into either goal (GB-SCORE-2) or off the table (GB-FOUL-4); a goal annulled by GB-FOUL-4 is not. */
  home: Record<GolfSide, number>;
  /** Balls to re-spot, in the engine's order: own goals (GB-SCORE-3), own balls off the table (GB-FOUL-3), then the played ball (GB-FOUL-4 with a goal: out of the goal; GB-ZONE-3). */
  respot: string[];
  /** Rule ids of the fouls the balls committed: GB-FOUL-3/4 per ball off the table, GB-FOUL-5, GB-ZONE-3. */
  fouls: string[];
  /** The played ball scored and was taken back out of the goal (GB-FOUL-4 with a valid goal: the `played_in_goal` answer). */
  playedInGoal: boolean;
  /** The side that strokes next; null: the set ended, or the opening is played again (nobody can tell who was closer). */
  next: GolfSide | null;
  /** The set's winner when the stroke ends it (GB-END-3/4, GB-FOUL-5). */
  setWinner: GolfSide | null;
}

/**
 * Golf billiards: one stroke by the rules, from the physics' events, in the engine's reading of
 * the digest's order (hub/rules/golf-billiards/resolve.ts): goals, balls off the table, GB-FOUL-4/5,
 * zone play, set end (GB-END-3/4: both sides done, the last ball that dropped first), turn
 * (GB-TURN-1/2, GB-Q4: a valid own goal without loss of turn keeps it; the opening, GB-DBL-4,
 * GB-Q7: the one side without a loss-of-turn foul, else the one side that scored validly, else the
 * first valid goal, else the closer played ball). Fouls only a person sees (GB-OWN-1, triangles,
 * touches, ...) are not here: no sensor sees them and no question asks them.
 */
export function golfStroke(events: readonly TruthEvent[], b: GolfBefore): GolfStroke {
  const other = (s: GolfSide): GolfSide => (s === 'A' ? 'B' : 'A');
  const sideOf = (ball: string): GolfSide => (ball.startsWith('A') ? 'A' : 'B');
  const target = (s: GolfSide): string => (s === 'A' ? 'b' : 'a');
  // In the opening each side strikes: every ball is its owner's own (resolve.ts `striker`).
  const striker = (owner: GolfSide): GolfSide => b.side ?? owner;
  const home: Record<GolfSide, number> = { A: 0, B: 0 };
  const homeAt: Record<GolfSide, number[]> = { A: [], B: [] };
  const respot: string[] = [];
  const fouls: string[] = [];
  const lot = new Set<GolfSide>();
  const valid: { ball: string; side: GolfSide; t: number }[] = [];
  const goHome = (s: GolfSide, t: number): void => {
    home[s]++;
    homeAt[s].push(t);
  };
  const captures = events.flatMap((e) => (e.type === 'capture' ? [e] : []));
  for (const e of captures) {
    const o = sideOf(e.ball);
    if (striker(o) !== o) goHome(o, e.t);
    else if (e.place === target(o)) {
      goHome(o, e.t);
      valid.push({ ball: e.ball, side: o, t: e.t });
    } else {
      respot.push(e.ball);
      lot.add(o);
    }
  }
  let opponentOff = false;
  for (const e of events) {
    if (e.type !== 'off') continue;
    const o = sideOf(e.ball);
    if (striker(o) === o) {
      fouls.push('GB-FOUL-3');
      respot.push(e.ball);
      lot.add(o);
    } else {
      fouls.push('GB-FOUL-4');
      goHome(o, e.t);
      opponentOff = true;
    }
  }
  const strike = events.find((e) => e.type === 'strike');
  const played = b.side !== null && strike?.type === 'strike' ? strike.ball : null;
  const gone = (ball: string): boolean => events.some((e) => (e.type === 'capture' || e.type === 'off') && e.ball === ball);
  let loseSet = false;
  let playedInGoal = false;
  const s = b.side;
  if (s !== null && opponentOff && valid.some((g) => g.side === s)) {
    if (b.left.A === 1 && b.left.B === 1) {
      loseSet = true;
      fouls.push('GB-FOUL-5');
    } else {
      // GB-FOUL-4 with a valid goal: loss of turn, and the played ball is re-spotted (out of the goal if it scored).
      lot.add(s);
      const g = valid.find((x) => x.ball === played);
      if (g) {
        playedInGoal = true;
        home[s]--;
        homeAt[s].splice(homeAt[s].indexOf(g.t), 1);
        valid.splice(valid.indexOf(g), 1);
        respot.push(g.ball);
      } else if (played !== null && !gone(played)) respot.push(played);
    }
  }
  if (s !== null && b.zonePlay && !loseSet && captures.length === 0 && !b.leftZone) {
    fouls.push('GB-ZONE-3');
    lot.add(s);
    if (played !== null && !respot.includes(played)) respot.push(played);
  }
  const out = { home, respot, fouls, playedInGoal, next: null as GolfSide | null, setWinner: null as GolfSide | null };
  const done = (['A', 'B'] as const).filter((x) => b.left[x] - home[x] <= 0);
  if (loseSet) out.setWinner = other(s!);
  else if (done.length === 1) out.setWinner = done[0]!;
  else if (done.length === 2) {
    const last = (x: GolfSide): number => Math.max(...homeAt[x]);
    // Identical times: the engine's default, the side that did not strike (GB-END-4 has no rule for a dead heat).
    out.setWinner = last('A') === last('B') ? other(s ?? 'A') : last('A') < last('B') ? 'A' : 'B';
  }
  if (out.setWinner !== null) return out;
  if (s === null) {
    const ok = (['A', 'B'] as const).filter((x) => !lot.has(x));
    const scorers = ok.filter((x) => valid.some((g) => g.side === x));
    const first = (x: GolfSide): number => Math.min(...valid.filter((g) => g.side === x).map((g) => g.t));
    if (ok.length === 1) out.next = ok[0]!;
    else if (scorers.length === 1) out.next = scorers[0]!;
    else if (scorers.length === 2) out.next = first('A') === first('B') ? null : first('A') < first('B') ? 'A' : 'B';
    else out.next = b.closer ?? null;
  } else out.next = valid.some((g) => g.side === s) && !lot.has(s) ? s : other(s);
  return out;
}

export type PoolGame = 'nine-ball' | 'eight-ball';
export type PoolGroup = 'solids' | 'stripes';

/** Eight-ball's groups: solids 1-7, stripes 9-15 (the 8 is neither). */
export function poolGroupOf(ball: string): PoolGroup | null {
  const n = Number(ball);
  if (n >= 1 && n <= 7) return 'solids';
  if (n >= 9 && n <= 15) return 'stripes';
  return null;
}

/** The table before a pool shot, in the rules' terms (the chain test reads it from the engine it follows). */
export interface PoolBefore {
  game: PoolGame;
  shooter: string;
  opponent: string;
  isBreak: boolean;
  /** Object balls on the table before the shot. */
  onTable: readonly string[];
  /** Eight-ball: the shooter's group; null while the table is open. */
  group: PoolGroup | null;
  /** Nine-ball: the shooter's consecutive fouls before this shot (three lose the rack). */
  fouls: number;
  /** Eight-ball: the pocket the 8 was called into before the shot (null: no call). */
  eightCall: string | null;
  /** Eight-ball, open table: the group the shooter meant (its target ball's), if both groups drop. */
  meant: PoolGroup | null;
  /** Eight-ball: a safety called before the shot (the inning ends). */
  safety?: boolean;
  /** Nine-ball: a push-out declared before the shot (after a legal break: no first-ball or rail requirement; the opponent chooses to play). */
  pushOut?: boolean;
}

/** What really happened in a pool shot, judged by the WPA rules as docs/games/pool.md applies them. */
export interface PoolTruth {
  firstContact: string | null;
  /** Balls captured in pockets (the cue ball included), in order. */
  potted: string[];
  off: string[];
  /** Rule ids of the fouls (PB-SHOT-1, PB-FOUL-1/2/3, WPA-8-BREAK, WPA-9-BREAK). */
  fouls: string[];
  /** Distinct object balls that reached a cushion (a legal break needs four, or a ball pocketed). */
  cushionBalls: number;
  /** Some ball reached a cushion after the cue ball's first contact (PB-SHOT-1). */
  rail: boolean;
  /** Who shoots next; null when the rack is over. */
  next: string | null;
  ballInHand: 'table' | 'kitchen' | null;
  winner: string | null;
  /** Balls back on the table after the shot (the 9 after a foul, the 8 on the break). */
  spotted: string[];
  /** Eight-ball: the shooter's group after the shot (set on an open table by a legal pocket). */
  group: PoolGroup | null;
}

/** Balls the cue ball may hit first (WPA: nine-ball the lowest; eight-ball the own group, the 8 once it is cleared, any but the 8 on an open table). */
export function poolLegalFirst(b: PoolBefore): readonly string[] | 'any' {
  const objs = [...b.onTable].sort((x, y) => Number(x) - Number(y));
  if (b.game === 'nine-ball') return objs.length > 0 ? [objs[0]!] : 'any';
  if (b.isBreak) return 'any';
  if (b.group === null) return objs.filter((x) => x !== '8');
  const own = objs.filter((x) => poolGroupOf(x) === b.group);
  return own.length > 0 ? own : ['8'];
}

export function poolTruth(events: readonly TruthEvent[], b: PoolBefore): PoolTruth {
  let first: string | null = null;
  let rail = false;
  const potted: string[] = [];
  const pockets: Record<string, string> = {};
  const off: string[] = [];
  const cushionBalls = new Set<string>();
  for (const e of events) {
    if (e.type === 'contact' && first === null && (e.a === 'cue' || e.b === 'cue')) first = e.a === 'cue' ? e.b : e.a;
    else if (e.type === 'cushion') {
      if (first !== null) rail = true;
      if (e.ball !== 'cue') cushionBalls.add(e.ball);
    } else if (e.type === 'capture') {
      potted.push(e.ball);
      pockets[e.ball] = e.place;
    } else if (e.type === 'off') off.push(e.ball);
  }
  const objPotted = potted.filter((x) => x !== 'cue');
  const legalFirst = b.pushOut ? 'any' : poolLegalFirst(b);
  const fouls: string[] = [];
  const wrongFirst = first !== null && legalFirst !== 'any' && !legalFirst.includes(first);
  const legalBreak = objPotted.length > 0 || cushionBalls.size >= 4;
  if (wrongFirst) fouls.push('PB-FOUL-1');
  if (b.isBreak && b.game === 'nine-ball' && !wrongFirst && (first === null || !legalBreak)) fouls.push('WPA-9-BREAK');
  if (b.isBreak && b.game === 'eight-ball' && !legalBreak) fouls.push('WPA-8-BREAK');
  if (!b.isBreak && !b.pushOut && !wrongFirst && (first === null || (objPotted.length === 0 && !rail))) fouls.push('PB-SHOT-1');
  if (potted.includes('cue')) fouls.push('PB-FOUL-2');
  for (let i = 0; i < off.length; i++) fouls.push('PB-FOUL-3');
  const out: PoolTruth = {
    firstContact: first,
    potted,
    off,
    fouls,
    cushionBalls: cushionBalls.size,
    rail,
    next: b.opponent,
    ballInHand: null,
    winner: null,
    spotted: [],
    group: b.group,
  };
  const foul = fouls.length > 0;
  const pass = (): PoolTruth => out;
  if (b.game === 'nine-ball') {
    if (foul) {
      if (potted.includes('9') || off.includes('9')) out.spotted.push('9');
      if (b.fouls + 1 >= 3) return { ...out, next: null, winner: b.opponent };
      return { ...out, ballInHand: 'table' };
    }
    // After a push-out the opponent plays on (the option's default); a 9 down on it is spotted.
    if (b.pushOut) return { ...out, spotted: potted.includes('9') ? ['9'] : [] };
    if (potted.includes('9')) return { ...out, next: null, winner: b.shooter };
    return objPotted.length > 0 ? { ...out, next: b.shooter } : pass();
  }
  const eightGone = potted.includes('8') || off.includes('8');
  if (b.isBreak) {
    const general = fouls.filter((f) => f !== 'WPA-8-BREAK').length > 0;
    const cueGone = potted.includes('cue') || off.includes('cue');
    // The 8 on the break is spotted (the options' defaults: spot and go on).
    if (eightGone) return !general && legalBreak ? { ...out, next: b.shooter, spotted: ['8'] } : { ...out, spotted: ['8'], ballInHand: 'kitchen' };
    // An illegal break: the opponent accepts the table (the option's default).
    if (!legalBreak) return { ...out, ballInHand: cueGone ? 'kitchen' : null };
    if (general) return { ...out, ballInHand: 'kitchen' };
    return objPotted.length > 0 ? { ...out, next: b.shooter } : pass();
  }
  if (eightGone) {
    const cleared = b.group !== null && !b.onTable.some((x) => poolGroupOf(x) === b.group);
    const lose = off.includes('8') || foul || !cleared || b.eightCall === null || pockets['8'] !== b.eightCall;
    return { ...out, next: null, winner: lose ? b.opponent : b.shooter };
  }
  if (foul) return { ...out, ballInHand: 'table' };
  if (b.safety) return pass();
  const groups = [...new Set(objPotted.map(poolGroupOf).filter((g): g is PoolGroup => g !== null))];
  if (b.group === null) {
    const chosen = groups.length === 1 ? groups[0]! : groups.length === 2 ? b.meant : null;
    return chosen ? { ...out, next: b.shooter, group: chosen } : pass();
  }
  return groups.includes(b.group) ? { ...out, next: b.shooter } : pass();
}
