/**
 * Streaming overlay: a transparent page with a compact score bug for one table, for a browser
 * source in streaming software (#/overlay/<table>). The page background is transparent.
 */
import { h } from '../dom';
import { store } from '../store';
import type { View } from '../router';
import { num } from '../i18n';

export const overlayView: View = (root, route) => {
  const table = route.arg;
  const box = h('div', { class: 'overlay', 'data-table': table });
  root.append(box);
  const render = (): void => {
    const s = store.tables.get(table)?.summary;
    box.replaceChildren(
      ...(s?.players ?? []).map((p) =>
        h(
          'div',
          { class: 'bug-row', 'data-turn': String(s?.turn === p.id || s?.turn === p.side) },
          h('span', { class: 'name' }, p.name),
          h('span', { class: 'points' }, num(p.score)),
        ),
      ),
    );
  };
  render();
  return store.subscribe((c) => {
    if (c.kind === 'venue' || (c.kind === 'table' && c.table === table)) render();
  });
};
