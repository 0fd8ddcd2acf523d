/**
 * The carom engines: three-cushion, 3-ball and 4-ball. Each game's scoring rule is its own module
 * (three-cushion.ts, three-ball.ts, four-ball.ts); the match flow (innings, fouls, decisions, lag,
 * clocks, corrections) is one reducer shared by the three, and the engines are registered in
 * ../registry.ts.
 */
import type { GameId, PlayerStatsHook, RulesEngine } from '../../../shared/game/engine';
import type { CaromReport } from '../../../shared/reports/carom';
import type { CaromGame } from './config';
import { initialState, reduce } from './reducer';
import type { CaromState } from './state';
import { report, summary } from './report';
import { nextClock } from './clocks';
import { toArray } from '../common/plist';
import { clubRanking } from './stats';

/** One club ranking over the three carom games; a match ended by people counts with the status its record got. */
const clubStats: PlayerStatsHook = {
  section: 'carom',
  of: (matches) => clubRanking(matches.map((m) => ({ ...(m.report as CaromReport), status: m.status as CaromReport['status'] }))),
};

function caromEngine(id: CaromGame & GameId, title: string): RulesEngine<CaromState> {
  return {
    id,
    title,
    initial: () => initialState(id),
    reduce,
    summary,
    report,
    nextClock,
    // From the fields alone: a state restored from a snapshot has no getters.
    rejections: (s) => toArray(s.live.rejected),
    playerStats: clubStats,
  };
}

export const threeCushion = caromEngine('three-cushion', 'Three-cushion carom');
export const threeBall = caromEngine('three-ball', '3-ball carom');
export const fourBall = caromEngine('four-ball', '4-ball carom');

export type { CaromState } from './state';
export type { CaromReport, PlayerReport } from './report';
export { isCarom, isPoint, isRedFirst, fourBallPoints, touchedNoBall } from './shot';
export { isFoul, isTurnOver, FOULS } from './general';
export { threeCushionOutcome } from './three-cushion';
export { threeBallOutcome } from './three-ball';
export { fourBallOutcome } from './four-ball';
export { clubRanking, type PlayerTotals } from './stats';
export { nextClock as caromNextClock } from './clocks';
