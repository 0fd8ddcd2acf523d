/**
 * Minigolf (WMF International Sport Rules) rules engine.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { initialState, reduce } from './reducer';
import { report, summary } from './report';
import type { State } from './state';
import { nextClock } from './clock';

/**
 * A stroke ends when the ball is at rest or holed. A tapped stroke (`ref` call `stroke`) is a unit
 * of its own for undo: on a lane without sensors taps follow each other with no rest between them,
 * and undo must take back one tap, not all of them.
 */
export function isShotEnd(e: GameEvent): boolean {
  return e.type === 'at_rest' || e.type === 'hole' || (e.type === 'ref' && e.call === 'stroke');
}

export const minigolf: RulesEngine<State> = {
  id: 'minigolf',
  title: 'Minigolf (WMF International Sport Rules)',
  initial: initialState,
  reduce,
  summary,
  report,
  isShotEnd,
  nextClock,
  rejections: (s) => s.rejected,
};

export { scorecardsCsv, resultsCsv, scorecardsHtml } from './export';
export type { State as MinigolfState } from './state';
