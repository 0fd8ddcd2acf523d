/**
 * One TV tile per kind of board, chosen by the game's catalogue entry (`board`), as the scoreboards
 * are (games/index.ts): the tile's head, a finished match's result, and the game's body for the
 * tile's size. A game whose family has no tile of its own shows its players and scores; a game
 * this page does not know says so.
 */
import { h, type Child } from '../dom';
import { t } from '../i18n';
import { findGame, type BoardKind } from '../../../shared/game/catalogue';
import { caromTile } from './carom';
import { golfTile } from './golf-billiards';
import { poolTile } from './pool';
import { minigolfTile } from './minigolf';
import { resultBanner, summaryTile, tileHead } from './common';
import type { TileBody, TileData, TileSize } from './types';

const TILES: Record<BoardKind, TileBody> = {
  carom: caromTile,
  'golf-billiards': golfTile,
  pool: poolTile,
  minigolf: minigolfTile,
  summary: (d) => ({ facts: [], body: summaryTile(d.summary) }),
};

/** What a tile shows: its head, the result of a match that ended, the game's own body. */
export function tileContent(d: TileData, size: TileSize): Child[] {
  const entry = findGame(d.table.game);
  if (!entry) return [tileHead(d.table), h('p', { class: 'error', 'data-unknown-game': d.table.game }, t('board.unknownGame', { game: d.table.game }))];
  const summary = d.summary;
  if (d.state === 'idle' || !summary) return [tileHead(d.table), h('p', { class: 'tile-idle' }, t('table.noMatch'))];
  // The report follows the summary by one fetch: until it comes, the players and their scores.
  const made = d.report ? TILES[entry.board]({ ...d, summary }, size) : { facts: [], body: summaryTile(summary) };
  return [tileHead(d.table, made.facts), d.state === 'ended' ? resultBanner(summary) : null, made.body];
}
