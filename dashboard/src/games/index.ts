/**
 * One scoreboard per kind of board, chosen by the game's catalogue entry (`board`); the report is
 * the engine's documented report. `clocks: false` (a match page of a match no longer played): no
 * countdowns. A game this page does not know (a hub of another version) gets a message, not a guess.
 */
import { caromBoard, type CaromReport } from './carom';
import { golfBoard, type GolfReport } from './golf-billiards';
import { poolBoard, type PoolReport } from './pool';
import { minigolfBoard, type MinigolfReport } from './minigolf';
import { summaryBoard } from './summary';
import { playerName } from './common';
import type { GameSummary } from '../types';
import { h } from '../dom';
import { t } from '../i18n';
import { findGame, type BoardKind } from '../../../shared/game/catalogue';

type Board = (report: unknown, summary: GameSummary | null, clocks: boolean) => HTMLElement;
const names =
  (summary: GameSummary | null) =>
  (id: string): string =>
    playerName(summary, id);

const BOARDS: Record<BoardKind, Board> = {
  carom: (report, _summary, clocks) => caromBoard(report as CaromReport, clocks),
  'golf-billiards': (report, summary, clocks) => golfBoard(report as GolfReport, names(summary), clocks),
  pool: (report) => poolBoard(report as PoolReport),
  minigolf: (report, summary, clocks) => minigolfBoard(report as MinigolfReport, names(summary), clocks),
  summary: (_report, summary) => summaryBoard(summary),
};

export function gameBoard(game: string, report: unknown, summary: GameSummary | null, opts: { clocks?: boolean } = {}): HTMLElement {
  if (!report) return h('div', {});
  const entry = findGame(game);
  if (!entry) return h('p', { class: 'error', 'data-unknown-game': game }, t('board.unknownGame', { game }));
  return BOARDS[entry.board](report, summary, opts.clocks ?? true);
}
