/**
 * TV mode: one table at a time in large type, cycling through the tables that have a match
 * (or all of them when none has); `?table=id` pins one, `?every=seconds` sets the pace, and
 * `&t=<table token>` with a pinned table lets players claim fouls on the screen (a tablet by the table).
 */
import { h } from '../dom';
import { store } from '../store';
import type { View } from '../router';
import { mountScoreboard } from './scoreboard';
import { setTableToken } from '../api';

export const tvView: View = (root, route) => {
  const box = h('div', { class: 'scoreboard tv', id: 'scoreboard' });
  root.append(box);
  const every = Math.max(3, Number(route.query.get('every') ?? 12)) * 1000;
  const pinned = route.query.get('table');
  // A screen at one table (a tablet by it) may hold its token, from the table's QR link: its claim buttons work.
  const token = route.query.get('t');
  if (pinned && token) setTableToken(pinned, token);
  let i = 0;
  let current = '';
  let unmount = (): void => {};
  const show = (): void => {
    const all = (store.venue?.tables ?? []).map((x) => x.id);
    const playing = all.filter((id) => store.tables.get(id)?.match);
    const list = pinned ? [pinned] : playing.length > 0 ? playing : all;
    if (list.length === 0) return;
    const next = list[i++ % list.length]!;
    if (next === current) return;
    current = next;
    unmount();
    box.dataset['table'] = next;
    unmount = mountScoreboard(box, next, { big: true });
  };
  show();
  const timer = setInterval(show, every);
  const off = store.subscribe((c) => {
    if (c.kind === 'venue' && !current) show();
  });
  return () => {
    clearInterval(timer);
    off();
    unmount();
  };
};
