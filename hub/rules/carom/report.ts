/**
 * Views of a carom state: the game-agnostic summary and the documented JSON report that
 * `autoref replay --game three-cushion|three-ball|four-ball FILE` prints (docs/games/carom.md).
 */
import type { GameSummary } from '../../../shared/game/engine';
import type { CaromPlayerReport as PlayerReport, CaromReport } from '../../../shared/reports/carom';
import type { CaromState } from './state';
import { type Core, average, highRun, innings, playerAt, points } from './state';
import { decisionView } from './evidence';
import { toArray } from '../common/plist';

export function playerReport(p: Core['players'][number]): PlayerReport {
  const r: PlayerReport = {
    id: p.id,
    name: p.name,
    points: points(p),
    innings: innings(p),
    currentRun: p.current,
    highRun: highRun(p),
    average: average(p),
    runs: p.current === null ? [...p.runs] : [...p.runs, p.current],
    fouls: p.fouls,
    erased: p.erased,
    timeoutsUsed: p.timeoutsUsed,
  };
  if (p.carried !== undefined) r.carried = { ...p.carried };
  return p.side !== undefined ? { ...r, side: p.side } : r;
}

export function report(state: CaromState): CaromReport {
  const s = state.core;
  const at = playerAt(s);
  const r: CaromReport = {
    game: s.game,
    ruleset: s.config.ruleset,
    config: s.config,
    status: s.status,
    winner: s.winner,
    draw: s.draw,
    endReason: s.endReason,
    inning: s.inning,
    turn: at ? { player: at.id, cueBall: s.cue, run: at.current ?? 0, shotsInInning: s.shotsInInning } : null,
    players: s.players.map(playerReport),
    opening: s.opening,
    equalizing: s.equalizing,
    lastShot: s.lastShot,
    shots: s.shots,
    fouls: s.fouls,
    spotting: s.spotting,
    frozen: s.frozen,
    restoreOption: s.restoreOption,
    lag: s.lag,
    timeouts: s.timeouts,
    clock: s.clock,
    pending: s.pending,
    decisions: s.decisions,
    edits: s.edits,
    notes: s.notes,
    rejected: s.rejected,
    provisional: s.pending.length > 0,
  };
  if (s.sheet !== undefined) r.sheet = s.sheet;
  return r;
}

/** Called on every event by the hub: reads the working state, O(players + open decisions). */
export function summary(state: CaromState): GameSummary {
  const s = state.live;
  const pending = toArray(s.pending).map(decisionView);
  const at = playerAt(s);
  const status = s.status === 'lag' ? 'setup' : s.status;
  const [a, b] = s.players;
  const headline =
    s.players.length === 2 && a && b ? `${a.name} ${points(a)} – ${points(b)} ${b.name}` : s.players.map((p) => `${p.name} ${points(p)}`).join(' – ');
  const tail = s.status === 'lag' ? ', lag' : s.status === 'setup' ? '' : `, inning ${s.inning}`;
  const end = s.status === 'finished' ? (s.winner ? `, ${s.players.find((p) => p.id === s.winner)?.name ?? s.winner} wins` : ', draw') : '';
  const view: GameSummary = {
    game: s.game,
    status,
    players: s.players.map((p) => {
      const line = { id: p.id, name: p.name, score: points(p) };
      return p.side !== undefined ? { ...line, side: p.side } : line;
    }),
    turn: at ? at.id : null,
    provisional: pending.length > 0,
    pending,
    winner: s.winner,
    headline: `${headline}${tail}${end}`,
  };
  if (s.sheet !== undefined) view.fromSheet = true;
  return view;
}

export type { CaromPlayerReport as PlayerReport, CaromReport } from '../../../shared/reports/carom';
