/**
 * The TV wall (docs/dashboard.md, "TV wall"): one screen shows 1, 2, 4, 6 or 8 tables at once
 * (`?tiles=`, else the venue's `tvTiles`), each tile laid out for its game, with no page header and
 * nothing to scroll. The tables shown are those with a match running or a result to show (all of
 * them when none has); more tables than tiles page through them every `?every=` seconds (12 unless
 * set). `?tables=c1,c2` gives a screen its own tables (a screen in the carom room); `?table=id`
 * pins one table, and `&t=<table token>` with it lets players claim fouls on the screen (a tablet
 * by the table).
 */
import { h } from '../dom';
import { store } from '../store';
import type { View } from '../router';
import { setTableToken } from '../api';
import { layoutFor, pageOf, tableList, tileCount, wallTables } from '../tiles/layout';
import { forget, lastEnded } from '../tiles/results';
import { mountTile } from './tv-tile';

interface Slot {
  box: HTMLElement;
  table: string;
  size: string;
  unmount: () => void;
}

export const tvView: View = (root, route) => {
  const wall = h('div', { class: 'tv-wall', id: 'scoreboard' });
  root.append(wall);
  const every = Math.max(3, Number(route.query.get('every') ?? 12) || 12) * 1000;
  const pinned = route.query.get('table');
  const own = tableList(route.query.get('tables'));
  // A screen at one table (a tablet by it) may hold its token, from the table's QR link: its claim buttons work.
  const token = route.query.get('t');
  if (pinned && token) setTableToken(pinned, token);
  let page = 0;
  const slots: Slot[] = [];
  /** Tables whose last match ended and is shown until the next starts (asked once per table and change). */
  const withResult = new Set<string>();

  const draw = (): void => {
    const all = (store.venue?.tables ?? []).map((x) => x.id);
    const tiles = tileCount(route.query.get('tiles'), store.venue?.tvTiles);
    const list = wallTables(all, (id) => Boolean(store.tables.get(id)?.match) || withResult.has(id), pinned, own);
    const layout = layoutFor(tiles, list.length);
    const shown = list.length === 0 ? [] : pageOf(list, layout.tiles, page);
    wall.dataset['tiles'] = String(layout.tiles);
    wall.dataset['size'] = layout.size;
    wall.dataset['tables'] = shown.join(' ');
    // One table on the screen: the wall is that table's scoreboard.
    if (shown.length === 1) wall.dataset['table'] = shown[0]!;
    else delete wall.dataset['table'];
    wall.style.setProperty('--cols', String(layout.cols));
    wall.style.setProperty('--rows', String(layout.rows));
    shown.forEach((table, i) => {
      const slot = slots[i];
      if (slot && slot.table === table && slot.size === layout.size) return;
      slot?.unmount();
      const box = h('section', { class: 'tile', 'data-size': layout.size });
      if (slot) slot.box.replaceWith(box);
      else wall.append(box);
      slots[i] = { box, table, size: layout.size, unmount: mountTile(box, table, { size: layout.size, claims: layout.tiles === 1 }) };
    });
    for (const slot of slots.splice(shown.length)) {
      slot.unmount();
      slot.box.remove();
    }
  };

  /** Which tables have a result to show: asked of the hub for every table not playing. */
  const checkResults = (tables: readonly string[]): void => {
    for (const id of tables)
      void lastEnded(id).then((m) => {
        const had = withResult.has(id);
        if (m) withResult.add(id);
        else withResult.delete(id);
        if (had !== Boolean(m)) draw();
      });
  };

  draw();
  checkResults((store.venue?.tables ?? []).map((x) => x.id));
  const timer = setInterval(() => {
    page++;
    draw();
  }, every);
  const off = store.subscribe((c) => {
    if (c.kind === 'venue') {
      forget();
      withResult.clear();
      draw();
      checkResults((store.venue?.tables ?? []).map((x) => x.id));
    } else if (c.kind === 'table' && !store.tables.get(c.table)?.match) {
      // A match ended here: its result now stays on the tile until the next one starts.
      forget(c.table);
      checkResults([c.table]);
    } else if (c.kind === 'table') draw();
  });
  return () => {
    clearInterval(timer);
    off();
    for (const slot of slots.splice(0)) slot.unmount();
  };
};
