/**
 * Venue view: every table and lane at a glance (game, players, score, whose turn, device
 * health: state and sensor faults), and the live feed of sensor events.
 */
import { h, link, fmtClock, replace } from '../dom';
import { t, tMaybe } from '../i18n';
import { store } from '../store';
import { gameName, scoreLine } from '../games/common';
import { faultText, health } from '../health';
import { atPlace, namedBall } from '../places';
import type { View } from '../router';
import type { DeviceEvent, StoredEvent } from '../types';

/** A sensor event in words of the page's language: places and balls named, device and sensor ids as sent. */
export function describeEvent(e: DeviceEvent): string {
  const parts = [tMaybe(`evt.${e.e}`, e.e), e.s];
  if (e.p !== undefined) parts.push(atPlace(e.p));
  if (e.o !== undefined) parts.push(namedBall(e.o));
  if (e.m !== undefined) parts.push(`m=${e.m}`);
  return parts.join(' ');
}

/** One line of the live feed. Ids stay left to right inside a Hebrew line (bdi). */
export function feedItem(s: StoredEvent): HTMLElement {
  const e = s.event;
  return h(
    'li',
    { class: 'event', ...(s.id !== undefined ? { 'data-id': s.id } : {}), 'data-device': e.d, 'data-boot': e.b, 'data-seq': e.n },
    h('time', { datetime: new Date(s.hubT).toISOString() }, fmtClock(s.hubT)),
    ' ',
    h('bdi', {}, `${e.d} #${e.n}`),
    ' ',
    h('span', { class: 'what' }, describeEvent(e)),
    ' ',
    h('bdi', { class: 'muted' }, `(${s.link})`),
  );
}

function tableCard(id: string): HTMLElement {
  const conf = store.venue?.tables.find((x) => x.id === id);
  const live = store.tables.get(id);
  const s = live?.match ? live.summary : null;
  return h(
    'article',
    { class: 'table', 'data-table': id },
    h('h3', {}, link(`#/table/${encodeURIComponent(id)}`, conf?.name ?? id)),
    h('div', { class: 'game' }, gameName(conf?.game ?? '')),
    s ? scoreLine(s) : h('p', { class: 'muted' }, t('table.free')),
    s && s.pending.length ? h('p', { class: 'badge warn' }, t('decision.count', { n: s.pending.length })) : null,
    h(
      'ul',
      { class: 'devices' },
      ...(conf?.devices ?? []).map((d) => {
        const row = store.devices.get(d.id);
        const st = row?.state ?? 'unknown';
        const x = health(row);
        return h(
          'li',
          { class: 'device', 'data-device': d.id, 'data-state': st },
          h('bdi', {}, `${d.id} (${d.link})`),
          ` · ${tMaybe(`dev.${st}`, st)}`,
          x.faults.length ? h('span', { class: 'faults', 'data-faults': d.id }, ` · ${faultText(x)}`) : null,
        );
      }),
    ),
    h('p', { class: 'links' }, link(`#/phone/${encodeURIComponent(id)}`, t('nav.phone')), ' · ', link(`#/overlay/${encodeURIComponent(id)}`, t('nav.overlay'))),
  );
}

export const venueView: View = (root) => {
  const grid = h('div', { id: 'tables', class: 'tables' });
  const feed = h('ol', { id: 'feed', class: 'feed', 'aria-live': 'polite' });
  root.append(
    h('section', { 'aria-labelledby': 'tables-title' }, h('h2', { id: 'tables-title' }, t('venue.tables')), grid),
    h('section', { 'aria-labelledby': 'feed-title' }, h('h2', { id: 'feed-title' }, t('venue.feed')), feed),
  );
  const renderTables = (): void => replace(grid, ...(store.venue?.tables ?? []).map((x) => tableCard(x.id)));
  renderTables();
  feed.replaceChildren(...store.events.map(feedItem));
  return store.subscribe((c) => {
    if (c.kind === 'venue') {
      renderTables();
      feed.replaceChildren(...store.events.map(feedItem));
    } else if (c.kind === 'table' || c.kind === 'device') {
      renderTables();
    } else if (c.kind === 'event') {
      feed.prepend(feedItem(c.event));
      while (feed.childElementCount > 200) feed.lastElementChild?.remove();
      renderTables();
    } else if (c.kind === 'rejected') {
      feed.prepend(h('li', { class: 'rejected' }, `${t('venue.rejected')}: ${c.text}`));
    }
  });
};
