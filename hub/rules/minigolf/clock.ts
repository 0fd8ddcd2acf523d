/**
 * Stroke clocks (MG-TIME-1/2/3, MG-Q9, MG-Q15) kept from the event times, so that a late stroke is
 * warned even when nothing outside the engine runs a timer.
 *
 * What the sensors show starts a clock by itself: a ball at rest starts the 60 s of the player's
 * next stroke (MG-TIME-2). What they cannot show (the group arriving at a lane, the previous player
 * leaving the playing field, the cards shown in a 2-player group) needs a `clock` start event from
 * the hub or a person. The stroke of the player to play stops his clock; a stroke later than the
 * limit is a time warning, never a penalty (MG-Q9: the referee applies §18). A `clock` expire warns
 * at once and the late stroke is then not warned again. A ball search suspends the clock (MG-Q15);
 * an interruption stops every clock (MG-INT-4).
 */
import type { GameEventOf } from '../../../shared/game/events';
import { reject, type Ctx } from './context';
import { announce, currentLane, dueToPlay, groupOf, nextStrokeClock, toPlay } from './round';
import { mutGroup, mutPlayer } from './cow';
import type { Game, Group, GroupClock, State } from './state';
import type { DueClock } from '../../../shared/game/engine';

/** The group's clock when it still belongs to the player to play on his current lane, else null. */
export function currentClock(game: Game, g: Group): GroupClock | null {
  const c = g.clock;
  if (c === null || g.done || g.waiting) return null;
  return c.player === toPlay(game, g) && c.round === g.round && c.lane === currentLane(g, game.config) ? c : null;
}

/** Starts the clock of `id` at `t` when he is the one to play in his group; false otherwise. */
export function startClock(game: Game, id: string, t: number): boolean {
  const g = groupOf(game, id);
  if (!g || g.done || g.waiting || toPlay(game, g) !== id) return false;
  mutGroup(game, g).clock = { player: id, round: g.round, lane: currentLane(g, game.config), startedAt: t, warned: false };
  return true;
}

export function stopClock(game: Game, id: string): void {
  const g = groupOf(game, id);
  if (g && g.clock?.player === id) mutGroup(game, g).clock = null;
}

export function stopAllClocks(game: Game): void {
  for (const g of game.groups) mutGroup(game, g).clock = null;
}

/** The limit that applies to the next stroke of the group and the rule that sets it. */
function limit(game: Game, g: Group): { seconds: number; rule: string } {
  const n = nextStrokeClock(game, g);
  const rule = n?.startsOn === 'arrival' ? 'MG-TIME-1' : n?.startsOn === 'cards_shown' ? 'MG-TIME-3' : 'MG-TIME-2';
  return { seconds: n?.seconds ?? game.config.timeNext, rule };
}

function timeWarning(ctx: Ctx, id: string, rule: string, reason: string): void {
  const p = mutPlayer(ctx.game, id);
  p.timeWarnings++;
  p.warnings = [...p.warnings, { rule, reason, seq: ctx.seq }];
  announce(ctx.game, `Time: ${p.name} exceeded the stroke time (${reason})`);
}

/**
 * A stroke of the player to play, before it counts: stops his clock and warns when it came later
 * than the limit (measured on the event times).
 */
export function clockAtStroke(ctx: Ctx, id: string, t: number): void {
  const g = groupOf(ctx.game, id);
  if (!g) return;
  const c = currentClock(ctx.game, g);
  if (c === null || c.player !== id) return;
  const { seconds, rule } = limit(ctx.game, g);
  mutGroup(ctx.game, g).clock = null;
  const took = t - c.startedAt;
  if (!c.warned && took > seconds * 1000) timeWarning(ctx, id, rule, `stroke after ${Math.round(took / 1000)} s, limit ${seconds} s`);
}

/** `clock` events from the hub or a person: start, warn (nothing to do), stop, expire. */
export function onClock(ctx: Ctx, e: GameEventOf<'clock'>): void {
  const game = ctx.game;
  if (game.interrupted) return;
  let id = e.player ?? null;
  if (id === null) {
    const live = game.groups.filter((g) => dueToPlay(game, g) !== null);
    id = live.length === 1 ? dueToPlay(game, live[0]!) : null;
  }
  const p = id !== null ? game.players[id] : undefined;
  if (!p) return reject(ctx, 'unattributed_clock', 'name the player whose clock it is');
  const g = groupOf(game, p.id);
  if (e.phase === 'start') {
    if (!startClock(game, p.id, e.t)) reject(ctx, 'not_to_play', `${p.name} is not the player to play (MG-ORDER-7)`);
    return;
  }
  if (e.phase === 'stop') return stopClock(game, p.id);
  if (e.phase !== 'expire') return;
  // MG-Q9: no automatic sanction; the referee is alerted and applies §18.
  const rule = g ? limit(game, g).rule : 'MG-TIME-2';
  timeWarning(ctx, p.id, rule, `${e.clock} clock expired`);
  const c = g ? currentClock(game, g) : null;
  if (g && c !== null && c.player === p.id) mutGroup(game, g).clock = { ...c, warned: true };
}

/**
 * The stroke clock the hub's timer waits for: the earliest running clock of any group that has not
 * been warned yet, due when its limit (70 s or 60 s, MG-TIME-1/2/3) is reached.
 */
export function nextClock(state: State): DueClock | null {
  const game = state.game;
  if (game.interrupted) return null;
  let best: DueClock | null = null;
  for (const g of game.groups) {
    const c = currentClock(game, g);
    if (c === null || c.warned) continue;
    const at = c.startedAt + limit(game, g).seconds * 1000;
    if (best === null || at < best.at) best = { at, event: { type: 'clock', clock: 'stroke', phase: 'expire', player: c.player } };
  }
  return best;
}
