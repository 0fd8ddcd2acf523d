/**
 * The board of a game whose family has no board of its own (catalogue `board: 'summary'`): the
 * players and their scores as the engine's summary gives them, the one to play marked. The score
 * line, status and headline above it are every board's (views/scoreboard.ts).
 */
import { h } from '../dom';
import { num, t } from '../i18n';
import { statTable } from './common';
import type { GameSummary } from '../types';

export function summaryBoard(s: GameSummary | null): HTMLElement {
  const rows = (s?.players ?? []).map((p) => [
    p.side ? `${p.name} (${p.side})` : p.name,
    h('span', { 'data-score': p.score, 'data-turn': String(s?.turn === p.id) }, num(p.score)),
  ]);
  return h('div', { class: 'board board-summary' }, statTable(t('board.players'), [t('board.player'), t('board.score')], rows));
}
