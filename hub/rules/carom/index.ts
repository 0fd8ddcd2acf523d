/**
 * The carom engines: three-cushion, 3-ball and 4-ball, one reducer with the game's scoring rule.
 */
import type { GameId, RulesEngine } from '../../../shared/game/engine';
import type { CaromGame } from './config';
import { type CaromState, initialState, reduce } from './reducer';
import { report, summary } from './report';

function caromEngine(id: CaromGame & GameId, title: string): RulesEngine<CaromState> {
  return {
    id,
    title,
    initial: () => initialState(id),
    reduce,
    summary,
    report,
  };
}

export const threeCushion = caromEngine('three-cushion', 'Three-cushion carom');
export const threeBall = caromEngine('three-ball', '3-ball carom');
export const fourBall = caromEngine('four-ball', '4-ball carom');

export type { CaromState } from './reducer';
export type { CaromReport, PlayerReport } from './report';
export { isCarom, isPoint, isRedFirst, fourBallPoints, touchedNoBall } from './shot';
export { isFoul, isTurnOver, FOULS } from './general';
export { clubRanking, type PlayerTotals } from './stats';
