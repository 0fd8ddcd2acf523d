/**
 * Devices: health (state, when last heard, its last sensor event, buffer use, clock offset and
 * drift, sensor faults, delivery counters), with a link to each device's calibration page
 * (views/calibrate.ts). The hub keeps each device's last status and heartbeat (GET /api/devices,
 * read again after every change on the stream).
 */
import { h, link, fmtTime, replace } from '../dom';
import { getJson } from '../api';
import { num, t, tMaybe } from '../i18n';
import { store } from '../store';
import { statTable } from '../games/common';
import { describeEvent, feedItem } from './venue';
import type { View } from '../router';
import type { DeviceHealth } from '../types';
import { bufferUse, faultText, health } from '../health';

/** The store's state as GET /api/health gives it (hub/api/health.ts). */
interface StoreHealth {
  state: 'ok' | 'failing';
  errors: number;
  lastError: { op: string; message: string; code: string | null; at: number } | null;
  halted: { table: string; match: string; reason: string; at: number }[];
}

/** The store's line: working, or failing with its last error and the matches it stopped. */
function storeLine(s: StoreHealth | null): HTMLElement {
  if (!s) return h('p', { class: 'store-state', id: 'store-state', 'data-state': 'unknown' }, t('dev.storeUnknown'));
  const e = s.lastError;
  return h(
    'div',
    { class: 'store-state', id: 'store-state', 'data-state': s.state, role: s.state === 'ok' ? undefined : 'alert' },
    h('p', {}, s.state === 'ok' ? t('dev.storeOk') : t('dev.storeFailing', { n: num(s.errors, 0) })),
    s.state !== 'ok' && e
      ? h('p', { class: 'store-error' }, t('dev.storeLastError', { at: fmtTime(e.at), what: `${e.op}: ${e.message}${e.code ? ` (${e.code})` : ''}` }))
      : null,
    ...s.halted.map((x) =>
      h(
        'p',
        { class: 'store-halted', 'data-table': x.table },
        t('dev.storeHalted', { table: store.venue?.tables.find((tb) => tb.id === x.table)?.name ?? x.table, reason: x.reason }),
      ),
    ),
  );
}

/** /api/health answers 503 while the store fails: its body is what we want then too. */
async function storeHealth(): Promise<StoreHealth | null> {
  try {
    const r = await fetch('/api/health', { cache: 'no-store' });
    return ((await r.json()) as { store: StoreHealth }).store;
  } catch {
    return null;
  }
}

/** The device's last refused input: what the code means in the page's language, and the hub's reason. */
function lastRefused(d: DeviceHealth): HTMLElement | null {
  const r = d.counters?.lastRejection;
  if (!r) return null;
  return h(
    'span',
    { class: 'refused', 'data-refused': d.id, 'data-code': r.code },
    ` · ${t('dev.lastRefused', { at: fmtTime(r.at), what: tMaybe(`err.${r.code}`, r.code), code: r.code, reason: r.reason })}`,
  );
}

/** GET /api/devices `strangers`: devices the venue does not have, in bounded memory (hub/ingest/unknown.ts). */
interface Strangers {
  rejected: number;
  ids: number;
  recent: { id: string; rejected: number; lastCode: string }[];
}
/** GET /api/devices `stream`: the live pages (hub/api/stream.ts). */
interface StreamPages {
  pages: number;
  dropped: number;
}

/** Input from devices the venue does not have: how much, and the latest few ids. */
function strangersLine(s: Strangers | undefined): HTMLElement | string {
  if (!s || s.rejected === 0) return '';
  const recent = s.recent
    .slice(0, 5)
    .map((x) => `${x.id} (${num(x.rejected)})`)
    .join(', ');
  return h('p', { class: 'strangers', id: 'strangers', 'data-rejected': s.rejected }, t('dev.strangers', { n: num(s.rejected), ids: num(s.ids), recent }));
}

/** The live screens: connected, and dropped for not reading. */
function pagesLine(s: StreamPages | null): HTMLElement | string {
  if (!s) return '';
  return h('p', { class: 'stream-pages', id: 'stream-pages', 'data-dropped': s.dropped }, t('dev.pages', { pages: num(s.pages), dropped: num(s.dropped) }));
}

/** The device's latest sensor event in the live feed (the hub's recent events, then live ones). */
function lastEvent(id: string): string {
  const e = store.events.find((x) => x.event.d === id);
  return e ? `${fmtTime(e.hubT)} · ${describeEvent(e.event)}` : '–';
}

export const devicesView: View = (root) => {
  const box = h('div', { id: 'devices' });
  const storeBox = h('div', { id: 'store-health' });
  const feed = h('ol', { class: 'feed', id: 'device-feed' });
  root.append(h('h2', {}, t('nav.devices')), storeBox, box, h('h2', {}, t('venue.feed')), feed);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A failing store sends nothing on the stream: look again every few seconds.
  const loadStore = async (): Promise<void> => void replace(storeBox, storeLine(await storeHealth()));
  const storeTimer = setInterval(() => void loadStore(), 5000);
  void loadStore();
  const load = async (): Promise<void> => {
    try {
      const r = await getJson<{ devices: DeviceHealth[]; links: { name: string; state: string }[]; strangers?: Strangers; stream?: StreamPages | null }>(
        '/api/devices',
      );
      replace(
        box,
        statTable(
          t('dev.title'),
          [
            t('dev.id'),
            t('dev.state'),
            t('dev.link'),
            t('dev.lastSeen'),
            t('dev.lastEvent'),
            t('dev.buffer'),
            t('dev.clock'),
            t('dev.faults'),
            t('dev.counters'),
            '',
          ],
          r.devices.map((d) => {
            const x = health(d);
            return [
              d.id,
              h('span', { class: 'device', 'data-device': d.id, 'data-state': d.state }, tMaybe(`dev.${d.state}`, d.state)),
              d.link ?? '–',
              fmtTime(d.lastSeen),
              h('span', { 'data-last-event': d.id }, lastEvent(d.id)),
              h('span', { 'data-buffer': d.id }, bufferUse(x)),
              d.clock ? t('dev.clockFit', { offset: fmtTime(d.clock.offsetMs), drift: num(d.clock.driftPpm, 1), err: num(d.clock.errorBoundMs, 2) }) : '–',
              h('span', { 'data-faults': d.id, 'data-count': x.faults.length }, faultText(x)),
              d.counters
                ? h(
                    'span',
                    {},
                    t('dev.countersText', {
                      ok: d.counters.accepted,
                      dup: d.counters.duplicates,
                      bad: Object.values(d.counters.rejected).reduce((a, b) => a + b, 0),
                    }),
                    lastRefused(d),
                  )
                : '–',
              link(`#/calibrate/${encodeURIComponent(d.id)}`, t('dev.calibrate')),
            ];
          }),
        ),
        h('ul', { class: 'links-state' }, ...r.links.map((l) => h('li', {}, `${l.name}: ${tMaybe(`linkstate.${l.state}`, l.state)}`))),
        strangersLine(r.strangers),
        pagesLine(r.stream ?? null),
      );
    } catch {
      /* stale: the header says so */
    }
  };
  void load();
  feed.replaceChildren(...store.events.map(feedItem));
  const off = store.subscribe((c) => {
    if (c.kind === 'event') feed.prepend(feedItem(c.event));
    if (c.kind === 'venue') feed.replaceChildren(...store.events.map(feedItem));
    if (c.kind === 'event' || c.kind === 'device' || c.kind === 'venue') {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 300);
    }
  });
  return () => {
    off();
    clearTimeout(timer);
    clearInterval(storeTimer);
  };
};
