/**
 * What every TV tile has (docs/dashboard.md, "TV wall"): the table's name and game with the game's
 * headline facts, the players with their names and scores in large type (the same `li.player`,
 * `.name`, `.points[data-score]` as every scoreboard), a finished match's result, and small
 * labelled figures. The sizes are the tile's (style.css, the TV wall block), never the page's.
 */
import { h, type Child } from '../dom';
import { num, t } from '../i18n';
import { gameName, playerName } from '../games/common';
import type { GameSummary, TableConfig, TileSize } from './types';

export type { TileSize };

/** A small labelled figure ("Innings 12"): `key` names it for the page's tests and styles. */
export function fig(key: string, label: string, value: Child, attrs: Record<string, string> = {}): HTMLElement {
  return h('span', { class: 'fig', 'data-fig': key, ...attrs }, h('span', { class: 'lab' }, label), ' ', h('span', { class: 'val' }, value));
}

/** A number or "–". */
export const n = (x: number | null | undefined, digits = 0): string => num(x, digits);

/** The tile's head: the table's name, its game, the game's own facts (rack, set, distance…). */
export function tileHead(table: TableConfig, facts: Child[] = []): HTMLElement {
  return h(
    'header',
    { class: 'tile-head' },
    h('h2', { class: 'tile-name' }, table.name),
    h('span', { class: 'tile-game' }, gameName(table.game)),
    ...facts.map((f) => (f ? h('span', { class: 'tile-fact' }, f) : null)),
  );
}

/**
 * A finished (or abandoned) match's result, shown on its tile until the next match starts at that
 * table: who won (or a draw), the final score; the game's key statistics stay on the tile below it.
 */
export function resultBanner(s: GameSummary): HTMLElement {
  const [a, b] = s.players;
  const score = s.players.length === 2 && a && b ? `${n(a.score)} – ${n(b.score)}` : s.players.map((p) => n(p.score)).join(' · ');
  // No winner: a draw, or a match the staff ended: its status says which (finished, abandoned).
  const who =
    s.winner && s.status !== 'abandoned'
      ? t('tv.wins', { name: playerName(s, s.winner) })
      : t(s.status === 'abandoned' ? 'status.abandoned' : 'status.finished');
  return h(
    'p',
    { class: 'tile-result', 'data-result': s.status, 'data-winner': s.winner ?? '' },
    h('span', { class: 'result-label' }, t('tv.final')),
    h('span', { class: 'result-who' }, who),
    h('span', { class: 'result-score' }, score),
  );
}

/** Is this summary's player (or side) the one to play / the winner. */
export const isTurn = (s: GameSummary, p: { id: string; side?: string }): boolean => s.turn !== null && (s.turn === p.id || s.turn === p.side);
export const isWinner = (s: GameSummary, p: { id: string; side?: string }): boolean => s.winner !== null && (s.winner === p.id || s.winner === p.side);

/**
 * One player's line: name (with `before` it, e.g. his ball), the score the engine's summary gives,
 * then `after` (the game's figures). The main figure is the summary's score unless `main` replaces
 * it (bumper pool: the sets); the summary's score then stays in `.points` beside the name.
 */
export function playerLine(
  s: GameSummary,
  p: GameSummary['players'][number],
  parts: { before?: Child; after?: Child[]; pointsLabel?: string } = {},
): HTMLElement {
  return h(
    'li',
    { class: 'player', 'data-player': p.id, 'data-turn': String(isTurn(s, p)), 'data-winner': String(isWinner(s, p)) },
    h(
      'div',
      { class: 'line' },
      parts.before ?? null,
      h('span', { class: 'name' }, p.name),
      parts.pointsLabel ? h('span', { class: 'lab points-lab' }, parts.pointsLabel) : null,
      h('span', { class: 'points', 'data-score': p.score, 'data-main-score': '' }, n(p.score)),
    ),
    ...(parts.after ?? []),
  );
}

/** The list of players' lines, marked provisional while an open question could change a score. */
export function playersList(s: GameSummary, lines: HTMLElement[], cls = ''): HTMLElement {
  return h('ol', { class: `score tile-players ${cls}`.trim(), 'data-provisional': String(s.provisional) }, ...lines);
}

/** The body of a game with no tile of its own (catalogue `board: 'summary'`): its players and scores. */
export function summaryTile(s: GameSummary): HTMLElement {
  return h(
    'div',
    { class: 'tile-body' },
    playersList(
      s,
      s.players.map((p) => playerLine(s, p)),
    ),
  );
}

/** Sizes that have room for the detail a bigger tile shows (series, pictures, scorecards). */
export const roomy = (size: TileSize): boolean => size === 'xl' || size === 'tall';
