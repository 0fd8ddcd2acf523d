/** What a TV tile is drawn from. */
import type { Child } from '../dom';
import type { GameSummary } from '../types';
import type { TileSize } from './layout';

export type { GameSummary, TileSize };
/** The table as a tile names it (a table the venue does not list any more: its id, no game). */
export interface TableConfig {
  id: string;
  name: string;
  game: string;
}

/**
 * One table's tile: its match running (`playing`, the live summary and report), the result of its
 * last match while no other has started there (`ended`, from the match's record), or neither (`idle`).
 */
export interface TileData {
  table: TableConfig;
  state: 'playing' | 'ended' | 'idle';
  summary: GameSummary | null;
  report: unknown;
}

/** A game's tile body for a tile of this size (docs/dashboard.md, "TV wall", says what each size holds). */
export type TileBody = (d: TileData & { summary: GameSummary }, size: TileSize) => { facts: Child[]; body: HTMLElement };
