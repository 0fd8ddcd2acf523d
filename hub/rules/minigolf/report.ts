/**
 * Views of the state: the game-agnostic summary and the documented JSON report
 * (docs/games/minigolf.md, "Report").
 */
import type { GameSummary, PlayerLine } from '../../../shared/game/engine';
import { currentClock } from './clock';
import { SANCTION } from './penalties';
import { isRoundComplete, laneSum, ranking, roundTotal, type CategoryRanking } from './ranking';
import { currentCourse, currentLane, dueToPlay, laneHeldBy, markerOf, nextStrokeClock, toPlay } from './round';
import { rejectedOf, type Game, type Group, type Player, type State } from './state';
import { toArray } from '../common/plist';
import type * as Shared from '../../../shared/reports/minigolf';
import { matchResults, teamRanking } from './teams';

/** Everything entered so far: lane scores of all rounds plus all penalty points. */
export function runningTotal(p: Player): number {
  return p.cards.reduce((a, c) => a + laneSum(c), 0) + p.penalties.reduce((a, x) => a + x.points, 0);
}

/** Groups with a player to play now (not done, not waiting for a final round, not waiting at a lane, MG-ORDER-4). */
function liveGroups(game: Game) {
  return game.groups.filter((g) => dueToPlay(game, g) !== null);
}

export function summary(state: State): GameSummary {
  const game = state.game;
  const players: PlayerLine[] = game.ids
    .map((id) => game.players[id]!)
    .filter((p) => p.status !== 'reserve')
    .map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.side !== null ? { side: p.side } : {}),
      score: runningTotal(p),
    }));
  const live = liveGroups(game);
  const turn = live.length === 1 ? toPlay(game, live[0]!) : null;
  let winner: string | null = null;
  const ranks = game.status === 'finished' || game.status === 'abandoned' ? ranking(game) : [];
  if (ranks.length === 1) {
    const first = ranks[0]!.lines.filter((l) => l.place === 1);
    if (first.length === 1 && !first[0]!.awaitingPlayoff) winner = first[0]!.player;
  }
  const g0 = live[0];
  const where = g0 ? `round ${g0.round + 1}, lane ${currentLane(g0, game.config)}` : game.status;
  const scores = [...players]
    .sort((a, b) => a.score - b.score)
    .slice(0, 6)
    .map((p) => `${p.name} ${p.score}`)
    .join(', ');
  return {
    game: 'minigolf',
    status: game.status,
    players,
    turn,
    provisional: state.open.length > 0,
    pending: state.open.map((o) => o.decision),
    winner,
    headline: `${scores}${scores ? ' · ' : ''}${where}`,
    // Only for a tournament continued from a score sheet: other summaries keep their shape.
    ...(game.sheet !== null ? { fromSheet: true } : {}),
  };
}

function playerReport(game: Game, p: Player) {
  return {
    id: p.id,
    name: p.name,
    side: p.side,
    category: p.category,
    club: p.club,
    licence: p.licence,
    status: p.status,
    total: runningTotal(p),
    rounds: p.cards.map((c, r) => ({
      round: r + 1,
      course: c.course,
      lanes: c.lanes,
      how: c.how,
      laneTotal: laneSum(c),
      penaltyPoints: p.penalties.filter((x) => x.round === r).reduce((a, x) => a + x.points, 0),
      total: roundTotal(p, r),
      complete: isRoundComplete(c),
      initials: c.initials,
      locked: c.locked,
      submitted: c.submitted,
      entries: c.entries,
      corrections: c.corrections,
      notes: c.notes,
      interruptions: c.interruptions,
    })),
    lane: p.play,
    penalties: p.penalties.map((x) => ({ ...x, sanction: SANCTION[x.level] })),
    warnings: p.warnings,
    timeWarnings: p.timeWarnings,
    ban: p.ban,
    substitutions: p.subs,
  };
}

function clockView(game: Game, g: Group): GroupReport['clock'] {
  const next = nextStrokeClock(game, g);
  if (next === null) return null;
  const running = currentClock(game, g);
  const startedAt = running !== null && running.player === next.player ? running.startedAt : null;
  return { ...next, startedAt, dueAt: startedAt === null ? null : startedAt + next.seconds * 1000 };
}

export interface GroupReport extends Shared.GroupReport {
  /**
   * The next stroke's limit (MG-TIME-1/2/3) and, once its clock runs (clock.ts), when it started and
   * when the stroke is due (hub ms); null while nobody in the group is to play.
   */
  clock: (NonNullable<ReturnType<typeof nextStrokeClock>> & { startedAt: number | null; dueAt: number | null }) | null;
}

/** The engine's report: the shared contract, its open parts (`unknown` there) typed as the engine builds them. */
export interface MinigolfReport extends Shared.MinigolfReport {
  status: Game['status'];
  config: Pick<Game['config'], 'max' | 'lanes' | 'rounds' | 'courses' | 'twoCourseShotgun' | 'format' | 'system'>;
  tournament: Game['config']['tournament'];
  interrupted: Game['interrupted'];
  cancelled: Game['cancelled'];
  players: ReturnType<typeof playerReport>[];
  coaches: { id: string; name: string; team: string | null; penalties: Player['penalties'] }[];
  groups: GroupReport[];
  ranking: CategoryRanking[];
  teams: ReturnType<typeof teamRanking>;
  matches: ReturnType<typeof matchResults>;
  playoffs: Game['playoffs'];
  playoffInPlay: Game['playoffBalls'];
  pending: State['open'][number]['decision'][];
  decided: State['decided'];
  rejected: State['rejected'];
}

export function report(state: State): MinigolfReport {
  const game = state.game;
  const c = game.config;
  return {
    game: 'minigolf',
    status: game.status,
    config: { max: c.max, lanes: c.lanes, rounds: c.rounds, courses: c.courses, twoCourseShotgun: c.twoCourseShotgun, format: c.format, system: c.system },
    tournament: c.tournament,
    interrupted: game.interrupted,
    cancelled: game.cancelled,
    players: game.ids.map((id) => playerReport(game, game.players[id]!)),
    coaches: Object.values(game.players)
      .filter((p) => p.coach)
      .map((p) => ({ id: p.id, name: p.name, team: p.side, penalties: p.penalties })),
    groups: game.groups.map((g) => {
      const held = laneHeldBy(game, g);
      return {
        id: g.id,
        round: g.round + 1,
        lane: g.done ? null : currentLane(g, c),
        course: g.done ? null : currentCourse(g, c),
        order: g.order,
        markers: Object.fromEntries(g.order.map((id) => [id, markerOf(g.order, id, c)])),
        toPlay: held ? null : toPlay(game, g),
        waitsFor: held ? held.id : null,
        clock: held ? null : clockView(game, g),
        done: g.done,
      };
    }),
    ranking: ranking(game),
    teams: teamRanking(game),
    matches: c.format === 'match' ? matchResults(game) : [],
    playoffs: game.playoffs,
    playoffInPlay: game.playoffBalls,
    announcements: toArray(game.announcements),
    problems: game.problems,
    pending: state.open.map((o) => o.decision),
    decided: state.decided,
    rejected: rejectedOf(state),
    // The sheet as given, beside the cards whose carried lanes say `sheet` (sheet.ts).
    ...(game.sheet !== null ? { sheet: game.sheet } : {}),
  };
}
