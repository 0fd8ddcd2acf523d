/**
 * The golf billiards (bumper pool) rules engine, registered in ../registry.ts. The reducer is
 * reducer.ts (one event's rules: play.ts), the views report.ts.
 */
import type { GameSummary, RulesEngine } from '../../../shared/game/engine';
import { tableOptions } from './config';
import { initialState, reduce, rejections } from './reducer';
import { buildReport, buildSummary } from './report';
import type { GbState } from './state';
import { nextClock } from './clocks';

export const golfBilliards: RulesEngine<GbState> = {
  id: 'golf-billiards',
  title: 'Golf billiards (bumper pool)',
  initial: initialState,
  reduce,
  summary: (s: GbState): GameSummary => buildSummary(s),
  report: (s: GbState) => buildReport(s),
  nextClock,
  tableOptions,
  rejections,
};

export type { GbState } from './state';
