/**
 * One scoreboard per game, chosen by game id; the report is the engine's documented report.
 * `clocks: false` (a match page of a match no longer played): no countdowns.
 */
import { caromBoard, type CaromReport } from './carom';
import { golfBoard, type GolfReport } from './golf';
import { poolBoard, type PoolReport } from './pool';
import { minigolfBoard, type MinigolfReport } from './minigolf';
import { playerName } from './common';
import type { GameSummary } from '../types';
import { h } from '../dom';

export function gameBoard(game: string, report: unknown, summary: GameSummary | null, opts: { clocks?: boolean } = {}): HTMLElement {
  const clocks = opts.clocks ?? true;
  if (!report) return h('div', {});
  const names = (id: string): string => playerName(summary, id);
  switch (game) {
    case 'three-cushion':
    case 'three-ball':
    case 'four-ball':
      return caromBoard(report as CaromReport, clocks);
    case 'golf-billiards':
      return golfBoard(report as GolfReport, names, clocks);
    case 'eight-ball':
    case 'nine-ball':
      return poolBoard(report as PoolReport);
    case 'minigolf':
      return minigolfBoard(report as MinigolfReport, names, clocks);
    default:
      return h('div', {});
  }
}
