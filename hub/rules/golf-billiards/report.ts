/**
 * Views of the golf billiards state: the game-agnostic summary and the documented JSON report.
 */
import type { GameSummary, PendingDecision } from '../../../shared/game/engine';
import type { GolfBilliardsReport } from '../../../shared/reports/golf-billiards';
import { holed, left, ownGoal, strokeDeadline, targetGoal } from './predicates';
import { carriedOf } from './sheet';
import { allRejected, coreView, pendingOf, type Clock, type GbState, type Side } from './state';

/** Decision kinds that can change the score or the turn (the others only place balls). */
const SCORING_KINDS = new Set([
  'golf-billiards.foul',
  'golf-billiards.own_onto_own',
  'golf-billiards.zone',
  'golf-billiards.played_in_goal',
  'golf-billiards.first_drop',
  'golf-billiards.opening',
  'golf-billiards.goal_ball',
  'golf-billiards.off_ball',
]);

export function isProvisional(pending: readonly PendingDecision[]): boolean {
  return pending.some((d) => SCORING_KINDS.has(d.kind));
}

function name(s: GbState, id: string): string {
  return s.setup?.players.find((p) => p.id === id)?.name ?? id;
}

function sideLabel(s: GbState, side: Side): string {
  return (s.setup?.members[side] ?? []).map((id) => name(s, id)).join(' & ') || side;
}

/** The player due on a side (doubles pointer), or the side's only player. */
function due(s: GbState, side: Side): string | null {
  const m = s.setup?.members[side] ?? [];
  return m[s.live?.set.pointer[side] ?? 0] ?? m[0] ?? null;
}

// Both read the state's fields, not its `core` getter: a state restored from a snapshot is a plain
// object. The summary (after every event in the hub) reads no history but the open decisions.
export function buildSummary(s: GbState): GameSummary {
  const { setup, live: core } = s;
  if (!setup || !core) {
    return {
      game: 'golf-billiards',
      status: 'setup',
      players: [],
      turn: null,
      provisional: false,
      pending: [],
      winner: null,
      headline: 'waiting for the start',
    };
  }
  const balls = core.set.balls;
  const over = core.winner !== null;
  const players = setup.players.map((p) => {
    const side = setup.sides.find((x) => setup.members[x]?.includes(p.id)) ?? setup.sides[0];
    return { id: p.id, name: p.name, side, score: over ? (core.setsWon[side] ?? 0) : holed(balls, side) };
  });
  const [a, b] = setup.sides;
  const turnSide = core.set.turn;
  const winner = core.winner === null ? null : setup.doubles ? core.winner : (setup.members[core.winner]?.[0] ?? core.winner);
  const sets = `sets ${core.setsWon[a] ?? 0}–${core.setsWon[b] ?? 0}`;
  const headline = over
    ? `${sideLabel(s, core.winner!)} wins the match, ${sets}`
    : `${sideLabel(s, a)} ${holed(balls, a)} – ${holed(balls, b)} ${sideLabel(s, b)}, set ${core.set.number} (${sets})${core.set.zone ? ', zone play' : ''}`;
  return {
    game: 'golf-billiards',
    status: over ? 'finished' : 'playing',
    players,
    turn: turnSide === null || over ? null : due(s, turnSide),
    provisional: isProvisional(pendingOf(core)),
    pending: pendingOf(core),
    winner,
    headline,
    // Only a match continued from a score sheet has the key: other summaries stay as they were.
    ...(setup.sheet ? { fromSheet: true } : {}),
  };
}

/**
 * The stroke clock with the two moments a display needs (GB-TIME-1, GB-Q9): `timeAt`, when
 * "TIME" is due (or was called), and `deadline`, by when the stroke must be played. The engine
 * has no clock of its own: it applies the deadline when the next strike or a clock event comes.
 */
function clockView(c: Clock, turnMs: number, graceMs: number): Clock & { timeAt: number | null; deadline: number | null } {
  const timeAt = c.timeCalledAt ?? (c.startedAt === null ? null : c.startedAt + turnMs);
  return { ...c, timeAt, deadline: strokeDeadline(c.startedAt, c.timeCalledAt, turnMs, graceMs) };
}

export function buildReport(s: GbState): GolfBilliardsReport {
  const { setup } = s;
  if (!setup || !s.live) return { started: false, rejected: allRejected(s) };
  const core = coreView(s.live);
  const balls = core.set.balls;
  return {
    started: true,
    config: { ...setup.config, geometry: undefined },
    geometry: setup.config.geometry,
    sides: setup.sides.map((side) => ({
      side,
      players: setup.members[side] ?? [], // set for every side by the start
      ownGoal: ownGoal(setup.config, side),
      targetGoal: targetGoal(setup.config, setup.sides, side),
      holed: holed(balls, side),
      left: left(balls, side),
      onTable: Object.values(balls).filter((x) => x.side === side && x.where === 'table').length,
      waiting: Object.values(balls).filter((x) => x.side === side && x.where === 'waiting').length,
      setsWon: core.setsWon[side] ?? 0,
    })),
    set: {
      number: core.set.number,
      phase: core.set.phase,
      zonePlay: core.set.zone,
      turn: core.set.turn,
      player: core.set.turn === null ? null : due(s, core.set.turn),
      strokes: core.set.strokes,
      openers: core.set.openers,
      faultedSpots: core.set.faultedSpots,
      declared: core.set.declared,
    },
    balls,
    sets: core.sets,
    match: { winner: core.winner, finished: core.winner !== null, setsToWin: setup.config.setsToWin },
    clock: clockView(core.clock, setup.config.turnMs, setup.config.graceMs),
    ...(setup.sheet ? { sheet: setup.sheet, carried: carriedOf(setup.sheet) } : {}),
    strokes: core.strokes,
    pending: core.pending,
    decided: core.decided,
    warnings: core.warnings,
    rejected: allRejected(s),
  };
}
