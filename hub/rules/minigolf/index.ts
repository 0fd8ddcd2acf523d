/**
 * Minigolf (WMF International Sport Rules) rules engine.
 */
import type { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { initialState, reduce } from './reducer';
import { report, summary } from './report';
import { rejectedOf, type State } from './state';
import { nextClock } from './clock';
import { resultsCsv, scorecardsCsv, scorecardsHtml, teamResultsCsv } from './export';
import { laneStats } from './stats';
import type { MinigolfReport } from '../../../shared/reports/minigolf';

/** The printable exports of a tournament, by file name (hub: /api/matches/:id/<name>). */
const EXPORTS: Readonly<Record<string, (s: State) => string>> = {
  'scorecards.html': scorecardsHtml,
  'scorecards.csv': scorecardsCsv,
  'team-results.csv': teamResultsCsv,
  'results.csv': resultsCsv,
};

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
  rejections: (s) => rejectedOf(s),
  exportFile: (name, s) => EXPORTS[name]?.(s) ?? null,
  playerStats: { section: 'lanes', of: (matches) => laneStats(matches.map((m) => m.report as MinigolfReport)) },
};

export { scorecardsCsv, resultsCsv, scorecardsHtml } from './export';
export type { State as MinigolfState } from './state';
