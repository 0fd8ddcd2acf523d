/**
 * The TV wall's layout (docs/dashboard.md, "TV wall"): how many tiles a screen shows, how they are
 * arranged, which tables they show and how the tiles page through more tables than they hold.
 * Pure: the view (views/tv.ts) reads the URL, the venue and the store and draws what these say.
 */
import { DEFAULT_TV_TILES, TV_TILES, type TvTiles } from '../../../shared/venue';

/**
 * The class of a tile's box, which decides what it holds (tiles/*.ts) and its type sizes (style.css):
 * `xl` the whole screen, `tall` half of it side by side, `m` a quarter, `s` a sixth or an eighth.
 */
export type TileSize = 'xl' | 'tall' | 'm' | 's';

export interface WallLayout {
  tiles: TvTiles;
  cols: number;
  rows: number;
  size: TileSize;
}

const LAYOUTS: ReadonlyMap<TvTiles, WallLayout> = new Map(
  (
    [
      [1, 1, 1, 'xl'],
      [2, 2, 1, 'tall'],
      [4, 2, 2, 'm'],
      [6, 3, 2, 's'],
      [8, 4, 2, 's'],
    ] as const
  ).map(([tiles, cols, rows, size]) => [tiles, { tiles, cols, rows, size }]),
);

export function isTvTiles(n: number): n is TvTiles {
  return (TV_TILES as readonly number[]).includes(n);
}

/** The tiles of this screen: the URL's `tiles` when it is one of 1, 2, 4, 6, 8, else the venue's `tvTiles`, else the default. */
export function tileCount(fromUrl: string | null, venue: number | undefined): TvTiles {
  const asked = fromUrl === null || fromUrl.trim() === '' ? NaN : Number(fromUrl);
  if (isTvTiles(asked)) return asked;
  if (venue !== undefined && isTvTiles(venue)) return venue;
  return DEFAULT_TV_TILES;
}

/**
 * The layout for `shown` tables on a wall of `tiles`: the smallest of 1, 2, 4, 6, 8 that holds them
 * all, never more than `tiles` (three tables on a wall of eight get four larger tiles).
 */
export function layoutFor(tiles: TvTiles, shown: number): WallLayout {
  const fits = TV_TILES.find((n) => n >= Math.min(tiles, Math.max(1, shown))) ?? tiles;
  return LAYOUTS.get(fits)!;
}

/**
 * The tables the wall shows: the pinned one; else the screen's own list (`?tables=`, a screen in
 * the carom room), in its order, each whatever it plays; else, in the venue's order, those with a
 * match running or a result to show (a finished match stays on its tile until the next one starts
 * there); else, when none has, every table. Ids the venue does not have are left out.
 */
export function wallTables(all: readonly string[], worthShowing: (table: string) => boolean, pinned: string | null, own: readonly string[] = []): string[] {
  if (pinned) return [pinned];
  const listed = own.filter((id) => all.includes(id));
  if (listed.length > 0) return [...new Set(listed)];
  const busy = all.filter(worthShowing);
  return busy.length > 0 ? busy : [...all];
}

/** A screen's own list of tables from the URL (`?tables=c1,c2`). */
export function tableList(param: string | null): string[] {
  return (param ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/** How many pages `count` tables make on `perPage` tiles. */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, perPage)));
}

/**
 * The tables of page `page` (taken modulo the page count): `perPage` of them in order; the last
 * page is topped up from the first tables, so no tile of the screen stands empty. Fewer tables
 * than tiles: each once.
 */
export function pageOf(tables: readonly string[], perPage: number, page: number): string[] {
  if (tables.length <= perPage) return [...tables];
  const pages = pageCount(tables.length, perPage);
  const start = (((page % pages) + pages) % pages) * perPage;
  return Array.from({ length: perPage }, (_, i) => tables[(start + i) % tables.length]!);
}
