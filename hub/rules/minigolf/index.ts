/**
 * Minigolf (WMF International Sport Rules) rules engine.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { initialState, reduce } from './reducer';
import { report, summary } from './report';
import type { State } from './state';

/** A stroke ends when the ball is at rest or holed. */
export function isShotEnd(e: GameEvent): boolean {
  return e.type === 'at_rest' || e.type === 'hole';
}

export const minigolf: RulesEngine<State> = {
  id: 'minigolf',
  title: 'Minigolf (WMF International Sport Rules)',
  initial: initialState,
  reduce,
  summary,
  report,
  isShotEnd,
};

export { scorecardsCsv, resultsCsv, scorecardsHtml } from './export';
export type { State as MinigolfState } from './state';
