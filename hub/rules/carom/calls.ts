/**
 * The `ref` call catalogue of the carom engines (documented in docs/games/carom.md): fouls,
 * frozen balls, restoration, interference, timeouts, the shot clock, abandonment, referee
 * results, corrections of the cue ball and of innings.
 */
import type { GameEventOf } from '../../../shared/game/events';
import { ballsOf } from './config';
import { FOULS, foulDef, spotFrozen } from './general';
import { lagCall } from './lag';
import { beginPlay, clockFrom, editInning, endInning, finish, restoreAfterFoul } from './match';
import { type Live, type FoulRec, closed, findPlayer, innings, note, opponentsOf, playerAt, points, reject, updatePlayer, edit, editPlayer } from './state';
import { push } from '../common/plist';

type Ref = GameEventOf<'ref'>;

/** Calls a player may enter himself when a referee runs the game (CG-REF-3); the rest are the referee's. */
export const PLAYER_CALLS: readonly string[] = ['frozen_option', 'timeout', 'timeout_end', 'opener', 'lag_ball', 'restore'];

export const CALLS: readonly string[] = [
  'foul',
  'frozen',
  'frozen_option',
  'restore',
  'interference',
  'timeout',
  'timeout_end',
  'play',
  'abandon',
  'referee_result',
  'end_game',
  'lag_ball',
  'lag_winner',
  'lag_repeat',
  'opener',
  'cue_ball',
  'edit_inning',
];

const FROZEN_OPTIONS: Record<string, readonly string[]> = {
  'ceb-004': ['spot', 'play_on', 'other_ball', 'parallel_cushion', 'masse'],
  'salon-002': ['spot', 'bricole', 'other_ball'],
};

export function refCall(s: Live, e: Ref): Live {
  if (!CALLS.includes(e.call)) return reject(s, e, 'unknown_call', `unknown call "${e.call}"`);
  if (s.config.referee && e.by === 'player' && !PLAYER_CALLS.includes(e.call)) {
    return reject(s, e, 'referee_only', `"${e.call}" is the referee's call (CG-REF-3); players address the referee`);
  }
  if (e.call === 'edit_inning') return editInning(s, e);
  if (s.status === 'finished' || s.status === 'abandoned') return reject(s, e, 'game_over', 'the game is over');
  if (e.call === 'abandon') return abandon(s, e);
  if (e.call === 'referee_result') return refereeResult(s, e);
  if (s.status === 'lag') return lagCall(s, e);
  switch (e.call) {
    case 'foul':
      return foulCall(s, e);
    case 'frozen':
      return frozen(s, e);
    case 'frozen_option':
      return frozenOption(s, e);
    case 'restore':
      return restore(s, e);
    case 'interference':
      return interference(s, e);
    case 'timeout':
      return timeout(s, e);
    case 'timeout_end':
      return endTimeout(s, e);
    case 'play':
      if (s.config.shotClockSeconds === null) return reject(s, e, 'no_shot_clock', 'this game has no shot clock');
      if (s.shot) return reject(s, e, 'shot_in_progress', '"play" is said when the balls are at rest');
      if (s.timeoutActive) return reject(s, e, 'timeout_active', 'a timeout is running');
      return edit(s, { clock: clockFrom(s, e.t) });
    case 'end_game':
      return finish(s, 'ended by the referee');
    case 'cue_ball': {
      const { white, yellow } = s.config.balls;
      if (e.ball !== white && e.ball !== yellow) return reject(s, e, 'bad_ball', `cue_ball must be ${white} or ${yellow}`);
      if (s.shot) return reject(s, e, 'shot_in_progress', 'change the cue ball between shots');
      return edit(s, { cue: e.ball });
    }
    case 'opener': {
      const p = findPlayer(s, e.player);
      if (!p) return reject(s, e, 'bad_player', 'opener needs the player who opens');
      if (s.shots > 0 || s.fouls !== null) return reject(s, e, 'game_started', 'the game has started');
      if (s.sheet !== undefined) return reject(s, e, 'game_started', 'the match continues from a score sheet: its order of play stands');
      return beginPlay(edit(s, { players: s.players.map((x) => ({ ...x, current: null })) }), p.id);
    }
    default:
      return reject(s, e, 'not_now', `"${e.call}" is not possible now`);
  }
}

function foulRec(s: Live, e: Ref, code: string, player: string): FoulRec {
  const p = findPlayer(s, player);
  const rec: FoulRec = {
    seq: e.seq,
    t: e.t,
    player,
    code,
    inning: p ? innings(p) : 0,
    intentional: e.data?.intentional === true,
    who: e.who,
  };
  return e.ball !== undefined ? { ...rec, ball: e.ball } : rec;
}

/** `foul` (value = foul code). CG-FOUL-7: a foul never gives points; it ends the inning. */
function foulCall(s: Live, e: Ref): Live {
  const code = typeof e.value === 'string' ? e.value : '';
  const def = foulDef(code);
  if (!def) return reject(s, e, 'unknown_foul', `unknown foul "${code}"; known: ${Object.keys(FOULS).join(', ')}`);
  if (!def.rulesets.includes(s.config.ruleset)) return reject(s, e, 'not_in_ruleset', `"${code}" is not a foul of ${s.config.ruleset}`);
  const atTable = playerAt(s);
  if (!atTable) return reject(s, e, 'not_playing', 'nobody is at the table');
  if (code === 'opponents_turn') {
    // CG-FOUL-4: the foul is the other player's; the player at the table keeps it.
    const p = findPlayer(s, e.player);
    if (!p || p.id === atTable.id) return reject(s, e, 'bad_player', 'opponents_turn needs the player who struck out of turn');
    const rec = foulRec(s, e, code, p.id);
    return updatePlayer(edit(s, { fouls: push(s.fouls, rec) }), p.id, (x) => editPlayer(x, { fouls: x.fouls + 1 }));
  }
  if (s.shot) {
    // During the shot: applied when the balls are at rest (resolve.ts).
    return edit(s, { shot: { ...s.shot, fouls: [...s.shot.fouls, foulRec(s, e, code, s.shot.player)] } });
  }
  if (def.stroke) {
    return reject(s, e, 'late_foul', `C3-NC-1: "${def.call}" entered after the balls came to rest; the shot stands`);
  }
  const named = findPlayer(s, e.player);
  if (named && named.id !== atTable.id) {
    // A foul of a player whose inning already ended (e.g. a wrong ball pointed out after his
    // missed shot): recorded against him; the player at the table keeps it.
    const rec = foulRec(s, e, code, named.id);
    return updatePlayer(edit(s, { fouls: push(s.fouls, rec) }), named.id, (x) => editPlayer(x, { fouls: x.fouls + 1 }));
  }
  let next: Live = s;
  if (code === 'wrong_ball' && s.config.ruleset === 'salon-002') {
    // CG-FOUL-6: the point made with the wrong ball is void.
    const last = s.lastShot;
    if (last && last.player === atTable.id && last.inning === closed(atTable) && last.points > 0 && s.shotsInInning > 0) {
      next = updatePlayer(next, atTable.id, (p) => editPlayer(p, { current: Math.max(0, (p.current ?? 0) - last.points) }));
      next = edit(next, { lastShot: { ...last, points: 0, outcome: 'foul', fouls: [...last.fouls, 'wrong_ball'] } });
    }
  }
  const rec = foulRec(next, e, code, atTable.id);
  next = updatePlayer(edit(next, { fouls: push(next.fouls, rec) }), atTable.id, (x) => editPlayer(x, { fouls: x.fouls + 1 }));
  next = endInning(next);
  // The balls are at rest and the opponent is to play: his shot clock starts (CQ-21).
  return edit(next, { clock: clockFrom(next, e.t), restoreOption: restoreAfterFoul(next, [rec]) });
}

function frozen(s: Live, e: Ref): Live {
  if (s.shot) return reject(s, e, 'shot_in_progress', 'touching balls are declared between shots');
  const listed = Array.isArray(e.data?.balls) ? (e.data.balls as unknown[]).filter((b): b is string => typeof b === 'string') : [];
  const balls = [...listed, ...(e.ball !== undefined ? [e.ball] : [])];
  const all = ballsOf(s.game, s.config);
  if (balls.length === 0 || balls.some((b) => !all.includes(b) || b === s.cue)) {
    return reject(s, e, 'bad_ball', 'frozen needs the ball(s) touching the cue ball');
  }
  return edit(s, { frozen: { balls: [...new Set(balls)], player: playerAt(s)!.id, option: null } });
}

/** CG-FROZEN-1 / C3-FROZEN-1..3: the player's option; "spot" spots the touching balls only (C3-FROZEN-5, CQ-8). */
function frozenOption(s: Live, e: Ref): Live {
  if (!s.frozen) return reject(s, e, 'not_frozen', 'no touching balls were declared');
  const opt = typeof e.value === 'string' ? e.value : '';
  const allowed = FROZEN_OPTIONS[s.config.ruleset] ?? [];
  if (!allowed.includes(opt)) return reject(s, e, 'bad_option', `options: ${allowed.join(', ')}`);
  const frozenNow = { ...s.frozen, option: opt };
  if (opt !== 'spot') return edit(s, { frozen: frozenNow });
  const spotting = spotFrozen(s.config.balls, s.frozen.balls, s.cue!, ballsOf(s.game, s.config));
  return edit(s, { frozen: frozenNow, spotting });
}

function restore(s: Live, e: Ref): Live {
  const opt = s.restoreOption;
  if (!opt) return reject(s, e, 'no_restore', 'nothing to restore: only after an intentional foul (C3-FOUL-8) or an out in salon play (CG-OUT-2)');
  if (opt.player !== null && e.player !== undefined && e.player !== opt.player)
    return reject(s, e, 'bad_player', `only ${opt.player} may ask for the restoration`);
  if (opt.player === null && e.by === 'player' && s.config.referee) return reject(s, e, 'referee_only', 'CG-OUT-2: the referee restores the balls');
  const spotting = ballsOf(s.game, s.config).map((ball) => ({
    ball,
    spot: 'previous_position',
    ifOccupied: [],
    reason: opt.reason.split(':')[0]! + ': balls restored',
  }));
  return edit(s, { restoreOption: null, spotting });
}

/**
 * C3-NC-2: a third party moved balls: no foul; the balls it moved go back (seed 004, fouls not
 * counted, 2: "the balls will be placed again by the referee exactly where they were"); a shot
 * under way is void and replayed. The moved balls are `ball`, or `data.balls`; none named: all.
 */
function interference(s: Live, e: Ref): Live {
  const all = ballsOf(s.game, s.config);
  const listed = Array.isArray(e.data?.['balls']) ? (e.data['balls'] as unknown[]) : e.ball !== undefined ? [e.ball] : null;
  const moved = listed ?? all;
  const stranger = moved.find((b) => typeof b !== 'string' || !all.includes(b));
  if (stranger !== undefined) return reject(s, e, 'unknown_ball', `ball "${String(stranger)}" is not in this game`);
  const spotting = all
    .filter((ball) => moved.includes(ball))
    .map((ball) => ({ ball, spot: 'previous_position', ifOccupied: [], reason: 'C3-NC-2: third-party interference' }));
  const text = s.shot ? `shot ${s.shot.no} void: third-party interference (C3-NC-2)` : `third-party interference (C3-NC-2)${e.why ? `: ${e.why}` : ''}`;
  return edit(note(s, text), { shot: null, spotting });
}

/** C3-TO-1..4 with the CQ-14 reading: only at the start of one's own inning, after the opponent's inning ended. */
function timeout(s: Live, e: Ref): Live {
  if (!s.config.timeouts) return reject(s, e, 'not_in_ruleset', 'this game has no timeouts');
  const p = playerAt(s);
  if (!p) return reject(s, e, 'not_playing', 'nobody is at the table');
  if (e.player !== undefined && e.player !== p.id) return reject(s, e, 'not_your_turn', 'C3-TO-1: only the player whose turn it is may ask');
  if (s.timeoutActive) return reject(s, e, 'timeout_active', 'a timeout is running');
  if (s.config.setsInMatch > 1 && s.config.setNumber !== 3 && s.config.setNumber !== 5) {
    return reject(s, e, 'wrong_set', 'C3-TO-2: timeouts only after the 2nd and the 4th set');
  }
  if (s.equalizing !== null) return reject(s, e, 'extension', 'C3-TO-3: no timeout during an extension');
  // A run in progress counts too: one carried from a score sheet has no shots in the log.
  if (s.shot || s.shotsInInning > 0 || (p.current ?? 0) > 0) return reject(s, e, 'series', 'C3-TO-3: no timeout during a series');
  if (!s.players.some((x) => closed(x) > 0)) return reject(s, e, 'no_foul_before', 'C3-TO-1: only after the opponent\'s inning ended (a "foul" in CEB terms)');
  if (p.timeoutsUsed >= s.config.timeoutsPerPlayer) return reject(s, e, 'no_timeout_left', 'C3-TO-1: timeout already used');
  const others = opponentsOf(s, p.id);
  // The shot clock stops for the timeout and starts again when it ends (endTimeout).
  let next: Live = edit(s, { timeoutActive: true, clock: { running: false, startedAt: null, player: null } });
  next = {
    ...next,
    timeouts: [
      ...next.timeouts,
      { player: p.id, requested: true, start: e.t, end: null },
      ...others.map((o) => ({ player: o, requested: false, start: e.t, end: null })),
    ],
  };
  for (const id of [p.id, ...others]) next = updatePlayer(next, id, (x) => editPlayer(x, { timeoutsUsed: x.timeoutsUsed + 1 }));
  return next;
}

export function endTimeout(s: Live, e: { t: number; seq?: number; type: string }): Live {
  if (!s.timeoutActive) return reject(s, e as Ref, 'no_timeout', 'no timeout is running');
  // Ended by a strike (a shot under way): no clock; else the player's 30 s start again (CQ-21).
  const clock = s.shot ? s.clock : clockFrom(s, e.t);
  return edit(s, { timeoutActive: false, clock, timeouts: s.timeouts.map((t) => (t.end === null ? { ...t, end: e.t } : t)) });
}

/** C3-ABAN-1/2: the player who leaves or refuses to continue loses by forfeit; force majeure leaves no winner. */
function abandon(s: Live, e: Ref): Live {
  const p = findPlayer(s, e.player);
  if (!p) return reject(s, e, 'bad_player', 'abandon needs the player who abandons');
  const reason = typeof e.value === 'string' ? e.value : 'left';
  if (!['left', 'refused', 'force_majeure'].includes(reason)) return reject(s, e, 'bad_value', 'abandon value: left, refused or force_majeure');
  const closed = finish(s, 'abandoned');
  const rest = closed.players.filter((x) => x.id !== p.id);
  const best = Math.max(...rest.map(points));
  const top = rest.filter((x) => points(x) === best);
  const winner = reason === 'force_majeure' || top.length !== 1 ? null : top[0]!.id;
  return edit(closed, { status: 'abandoned', winner, draw: false, endReason: `${p.id} abandoned (${reason})` });
}

/** CG-REF-1/2: the referee ends the match, names the winner or disqualifies both players. */
function refereeResult(s: Live, e: Ref): Live {
  if (e.value === 'disqualify_both') {
    return edit(finish(s, 'referee: both players disqualified'), { winner: null, draw: false });
  }
  const p = findPlayer(s, e.player);
  if (e.value !== 'winner' || !p) return reject(s, e, 'bad_call', 'referee_result: value "winner" with the player, or "disqualify_both"');
  return finish(s, `referee decision${e.why ? `: ${e.why}` : ''}`, p.id);
}
