/**
 * The TV wall's layout: the tiles a screen shows (URL, venue, default), the grid for them, which
 * tables are shown and how more tables than tiles page through.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { DEFAULT_TV_TILES, DEMO_VENUE, VenueConfig } from '../../../shared/venue';
import { layoutFor, pageCount, pageOf, tableList, tileCount, wallTables } from './layout';

describe('TV wall: how many tiles', () => {
  it('the URL’s tiles when it is 1, 2, 4, 6 or 8, else the venue’s tvTiles, else the default (one table at a time)', () => {
    expect(tileCount('4', undefined)).toBe(4);
    expect(tileCount('8', 2)).toBe(8);
    expect(tileCount(null, 6)).toBe(6);
    expect(tileCount('3', 6)).toBe(6);
    expect(tileCount('abc', undefined)).toBe(DEFAULT_TV_TILES);
    expect(tileCount('', undefined)).toBe(1);
    expect(tileCount('0', undefined)).toBe(1);
  });

  it('the venue file takes tvTiles 1, 2, 4, 6 or 8 and nothing else; without it the venue is as before', () => {
    const valid = new Ajv({ strict: false }).compile(VenueConfig);
    for (const n of [1, 2, 4, 6, 8]) expect(valid({ ...DEMO_VENUE, tvTiles: n }), String(n)).toBe(true);
    for (const n of [0, 3, 5, 9, 2.5, '4']) expect(valid({ ...DEMO_VENUE, tvTiles: n }), String(n)).toBe(false);
    expect(valid(DEMO_VENUE)).toBe(true);
  });
});

describe('TV wall: the grid', () => {
  it('1 whole screen, 2 side by side, 4 in two rows of two, 6 in two rows of three, 8 in two rows of four', () => {
    expect([1, 2, 4, 6, 8].map((n) => layoutFor(n as 1, 99)).map((l) => [l.tiles, l.cols, l.rows, l.size])).toEqual([
      [1, 1, 1, 'xl'],
      [2, 2, 1, 'tall'],
      [4, 2, 2, 'm'],
      [6, 3, 2, 's'],
      [8, 4, 2, 's'],
    ]);
  });

  it('fewer tables than tiles: the smallest layout that holds them, so each tile is as large as it can be', () => {
    expect(layoutFor(8, 3).tiles).toBe(4);
    expect(layoutFor(8, 5).tiles).toBe(6);
    expect(layoutFor(6, 1).tiles).toBe(1);
    expect(layoutFor(4, 0).tiles).toBe(1);
    expect(layoutFor(2, 7).tiles).toBe(2);
  });
});

describe('TV wall: which tables, and paging', () => {
  const all = ['c1', 'c2', 'p1', 'gb1', 'mg1'];

  it('a pinned table alone; else those playing or with a result to show, in the venue’s order; else every table', () => {
    expect(wallTables(all, () => true, 'p1')).toEqual(['p1']);
    expect(wallTables(all, (t) => t === 'mg1' || t === 'c2', null)).toEqual(['c2', 'mg1']);
    expect(wallTables(all, () => false, null)).toEqual(all);
  });

  it('a screen’s own tables (?tables=), in its order, whatever they play; ids the venue does not have are left out', () => {
    expect(tableList(' mg1, c1,,x9 ')).toEqual(['mg1', 'c1', 'x9']);
    expect(tableList(null)).toEqual([]);
    expect(wallTables(all, () => false, null, ['mg1', 'c1', 'x9', 'c1'])).toEqual(['mg1', 'c1']);
    expect(wallTables(all, () => true, 'p1', ['mg1'])).toEqual(['p1']);
    expect(wallTables(all, (t) => t === 'p1', null, ['x9'])).toEqual(['p1']);
  });

  it('more tables than tiles: pages of as many tables as tiles, the last one topped up from the first, then round again', () => {
    expect(pageCount(5, 2)).toBe(3);
    expect(pageOf(all, 2, 0)).toEqual(['c1', 'c2']);
    expect(pageOf(all, 2, 1)).toEqual(['p1', 'gb1']);
    expect(pageOf(all, 2, 2)).toEqual(['mg1', 'c1']);
    expect(pageOf(all, 2, 3)).toEqual(['c1', 'c2']);
    expect(pageOf(all, 4, 1)).toEqual(['mg1', 'c1', 'c2', 'p1']);
    // Every table is on some page.
    const seen = new Set([0, 1, 2].flatMap((p) => pageOf(all, 2, p)));
    expect([...seen].sort()).toEqual([...all].sort());
  });

  it('as many tables as tiles or fewer: each once, whatever the page', () => {
    expect(pageOf(['c1', 'p1'], 4, 7)).toEqual(['c1', 'p1']);
    expect(pageOf(['c1'], 1, 3)).toEqual(['c1']);
  });
});
