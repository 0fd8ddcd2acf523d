/**
 * Match flow shared by the carom engines: innings and turns, the distance, the innings limit,
 * the equalizing inning, the end of the game.
 */
import type { GameEvent } from '../../../shared/game/events';
import { openingPosition } from './general';
import {
  type Live,
  type FoulRec,
  closeRun,
  closed,
  draft,
  editPlayer,
  findPlayer,
  innings,
  openRun,
  points,
  reject,
  updatePlayer,
  withRuns,
  edit,
} from './state';
import { push, toArray } from '../common/plist';

/** The shot clock when it does not run. */
const STOPPED: Live['clock'] = Object.freeze({ running: false, startedAt: null, player: null });

/** The other white/yellow ball. */
export function otherCue(s: Live, cue: string | null): string {
  const { white, yellow } = s.config.balls;
  return cue === white ? yellow : white;
}

/** Start play: the opener takes the table with the white (C3-LAG-3, CQ-11). */
export function beginPlay(s: Live, opener: string): Live {
  const rest = s.players.map((p) => p.id).filter((id) => id !== opener);
  const order = [opener, ...rest];
  const spotting = s.game === 'three-cushion' && s.config.ruleset === 'ceb-004' ? openingPosition(s.config.balls) : [];
  const started: Live = {
    ...s,
    status: 'playing',
    order,
    turn: 0,
    cue: s.config.balls.white,
    inning: 1,
    shotsInInning: 0,
    opening: true,
    spotting,
    // Before the break the clock runs only from the referee's "play" (CQ-21).
    clock: STOPPED,
  };
  return updatePlayer(started, opener, (p) => editPlayer(p, { current: 0 }));
}

const RESTORE_REASON = 'C3-FOUL-8: after a foul the opponent may have the balls put back where they were';

/**
 * C3-FOUL-8 (ceb-004): after `fouls` the opponent, now at the table, may ask for the balls to be
 * put back where they were before the foul. `s` is the state after the inning ended. Which fouls
 * give the option is `config.foulRestore` (seed 004: every foul; CQ-19: those marked intentional).
 */
export function restoreAfterFoul(s: Live, fouls: readonly FoulRec[]): Live['restoreOption'] {
  if (s.config.ruleset !== 'ceb-004' || s.status !== 'playing' || s.turn === null || fouls.length === 0) return null;
  const applies = s.config.foulRestore === 'any' || fouls.some((f) => f.intentional);
  return applies ? { player: s.order[s.turn]!, reason: RESTORE_REASON } : null;
}

/**
 * The shot clock (C3-TIME-1, CQ-21) running from `t` for the player at the table: the balls are at
 * rest and he is to play. Stopped when the game has no shot clock or nobody is to play.
 */
export function clockFrom(s: Live, t: number): Live['clock'] {
  if (s.config.shotClockSeconds === null || s.status !== 'playing' || s.turn === null) return STOPPED;
  return { running: true, startedAt: t, player: s.order[s.turn]! };
}

/** Top score wins; a tie at the top is a draw. */
function decide(s: Live): { winner: string | null; draw: boolean } {
  const best = Math.max(...s.players.map(points));
  const top = s.players.filter((p) => points(p) === best);
  return top.length === 1 ? { winner: top[0]!.id, draw: false } : { winner: null, draw: true };
}

function closeCurrent(s: Live): Live {
  return {
    ...s,
    players: s.players.map((p) => (p.current === null ? p : closeRun(p, p.current))),
  };
}

export function finish(s: Live, reason: string, winner?: string | null): Live {
  const closed = closeCurrent(s);
  const result = winner === undefined ? decide(closed) : { winner, draw: false };
  return {
    ...closed,
    status: 'finished',
    turn: null,
    cue: null,
    shot: null,
    equalizing: null,
    winner: result.winner,
    draw: result.draw,
    endReason: reason,
    clock: { running: false, startedAt: null, player: null },
  };
}

/** Credit points to the player at the table, then check the distance (C3-END-1, CQ-15). */
export function addPoints(s: Live, n: number): Live {
  if (s.turn === null) return s;
  const id = s.order[s.turn]!;
  let next = updatePlayer(s, id, (p) => editPlayer(p, { current: (p.current ?? 0) + n }));
  const distance = s.config.distance;
  const p = findPlayer(next, id)!;
  if (distance === null || points(p) < distance) return next;
  if (!s.config.equalizingInning) return finish(next, 'distance', id);
  if (s.equalizing !== null) return endInning(next);
  // The players after him in the order who have had fewer innings get one more (the equalizing inning).
  const owed = s.order.slice(s.turn + 1).filter((o) => innings(findPlayer(next, o)!) < innings(p));
  next = edit(next, { equalizing: owed });
  return endInning(next);
}

/**
 * Close the inning of the player at the table and hand the table to the next player. `changes`
 * (the caller's own patch) are applied in the same copy of the state.
 */
export function endInning(s: Live, changes: Partial<Live> = {}): Live {
  return closeInning(s, Object.assign(draft(s), changes));
}

/**
 * `endInning` of `s` into `next`: a fresh copy of `s` (state.ts `draft`) with the caller's changes
 * already in it, completed here and returned (a shot ends its inning this way, resolve.ts `judge`:
 * one copy of the state for the shot, the closed and the opened inning). Reads `s` for the turn,
 * order, cue, inning and equalizing as they were before the caller's changes, and `next` for the
 * players.
 */
export function closeInning(s: Live, next: Live): Live {
  if (s.turn === null) return next;
  const id = s.order[s.turn]!;
  next.players = next.players.map((p) => (p.id === id ? closeRun(p, p.current ?? 0) : p));
  next.shot = null;
  next.frozen = null;
  next.opening = false;
  next.clock = STOPPED;
  if (s.equalizing !== null) {
    const owed = s.equalizing.filter((o) => o !== id);
    if (owed.length === 0) return finish(next, 'distance (after the equalizing inning)');
    next.equalizing = owed;
    return openInning(s, next, s.order.indexOf(owed[0]!));
  }
  const limit = s.config.inningsLimit;
  if (limit !== null && next.players.every((p) => innings(p) >= limit)) return finish(next, 'innings limit');
  return openInning(s, next, (s.turn + 1) % s.order.length);
}

/** The next inning, at `ti`, written into `next` (closeInning's copy of `s`). */
function openInning(s: Live, next: Live, ti: number): Live {
  const id = s.order[ti]!;
  next.players = next.players.map((p) => (p.id === id ? openRun(p) : p));
  next.turn = ti;
  next.cue = otherCue(s, s.cue);
  next.inning = ti === 0 ? s.inning + 1 : s.inning;
  next.shotsInInning = 0;
  return next;
}

/** `edit_inning`: set the run of one inning of one player, with who and why (a scorecard correction). */
export function editInning(s: Live, e: GameEventOfRef): Live {
  const data = e.data ?? {};
  const player = findPlayer(s, e.player);
  const inning = data.inning;
  const run = data.run;
  if (!player) return reject(s, e, 'bad_player', 'edit_inning needs the player whose inning is edited');
  if (typeof inning !== 'number' || !Number.isInteger(inning) || inning < 1 || inning > innings(player)) {
    return reject(s, e, 'bad_inning', `edit_inning: data.inning must be 1..${innings(player)}`);
  }
  if (typeof run !== 'number' || !Number.isInteger(run) || run < 0) return reject(s, e, 'bad_run', 'edit_inning: data.run must be a whole number ≥ 0');
  if (!e.why) return reject(s, e, 'why_required', 'edit_inning: a correction needs a reason (why)');
  // Innings carried from a score sheet have no runs of their own to correct (sheet.ts).
  const carried = player.carried?.innings ?? 0;
  if (inning <= carried)
    return reject(s, e, 'carried_inning', `edit_inning: innings 1..${carried} of "${player.id}" come from the score sheet, without runs of their own`);
  const idx = inning - 1 - carried;
  const isCurrent = idx === closed(player) - carried;
  const runs = toArray(player.runs);
  const from = isCurrent ? (player.current ?? 0) : runs[idx]!;
  let next = updatePlayer(s, player.id, (p) =>
    isCurrent
      ? { ...p, current: run }
      : {
          ...withRuns(
            p,
            runs.map((r, i) => (i === idx ? run : r)),
          ),
          current: p.current,
        },
  );
  next = edit(next, { edits: push(next.edits, { seq: e.seq, t: e.t, who: e.who, why: e.why, player: player.id, inning, from, to: run }) });
  if (next.status === 'finished' && next.endReason !== 'abandoned') {
    const r = decide(next);
    next = edit(next, { winner: r.winner, draw: r.draw });
  }
  return next;
}

type GameEventOfRef = Extract<GameEvent, { type: 'ref' }>;
