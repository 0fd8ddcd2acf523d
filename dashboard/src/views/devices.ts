/**
 * Devices: health (state, when last heard, its last sensor event, buffer use, clock offset and
 * drift, sensor faults, delivery counters), with a link to each device's calibration page
 * (views/calibrate.ts). The hub keeps each device's last status and heartbeat (GET /api/devices,
 * read again after every change on the stream).
 */
import { h, link, fmtTime } from '../dom';
import { getJson } from '../api';
import { num, t, tMaybe } from '../i18n';
import { store } from '../store';
import { statTable } from '../games/common';
import { describeEvent, feedItem } from './venue';
import type { View } from '../router';
import type { DeviceHealth } from '../types';
import { bufferUse, faultText, health } from '../health';

/** The device's latest sensor event in the live feed (the hub's recent events, then live ones). */
function lastEvent(id: string): string {
  const e = store.events.find((x) => x.event.d === id);
  return e ? `${fmtTime(e.hubT)} · ${describeEvent(e.event)}` : '–';
}

export const devicesView: View = (root) => {
  const box = h('div', { id: 'devices' });
  const feed = h('ol', { class: 'feed', id: 'device-feed' });
  root.append(h('h2', {}, t('nav.devices')), box, h('h2', {}, t('venue.feed')), feed);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = async (): Promise<void> => {
    try {
      const r = await getJson<{ devices: DeviceHealth[]; links: { name: string; state: string }[] }>('/api/devices');
      box.replaceChildren(
        statTable(t('dev.title'), [t('dev.id'), t('dev.state'), t('dev.link'), t('dev.lastSeen'), t('dev.lastEvent'), t('dev.buffer'), t('dev.clock'), t('dev.faults'), t('dev.counters'), ''],
          r.devices.map((d) => {
            const x = health(d);
            return [
              d.id, h('span', { class: 'device', 'data-device': d.id, 'data-state': d.state }, tMaybe(`dev.${d.state}`, d.state)), d.link ?? '–', fmtTime(d.lastSeen),
              h('span', { 'data-last-event': d.id }, lastEvent(d.id)),
              h('span', { 'data-buffer': d.id }, bufferUse(x)),
              d.clock ? t('dev.clockFit', { offset: fmtTime(d.clock.offsetMs), drift: num(d.clock.driftPpm, 1), err: num(d.clock.errorBoundMs, 2) }) : '–',
              h('span', { 'data-faults': d.id, 'data-count': x.faults.length }, faultText(x)),
              d.counters ? t('dev.countersText', { ok: d.counters.accepted, dup: d.counters.duplicates, bad: Object.values(d.counters.rejected).reduce((a, b) => a + b, 0) }) : '–',
              link(`#/calibrate/${encodeURIComponent(d.id)}`, t('dev.calibrate')),
            ];
          })),
        h('ul', { class: 'links-state' }, ...r.links.map((l) => h('li', {}, `${l.name}: ${tMaybe(`linkstate.${l.state}`, l.state)}`))),
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
  };
};
