/**
 * Devices: health (state, last event, buffer use, clock offset and drift, sensor faults,
 * delivery counters) and a calibration page per device (#/calibrate/<device>) that sends
 * threshold values to the board and can make it blink. Writes need the venue PIN.
 */
import { h, button, link, fmtTime } from '../dom';
import { getJson, pin, send } from '../api';
import { num, t, tMaybe } from '../i18n';
import { store } from '../store';
import { statTable } from '../games/common';
import { feedItem } from './venue';
import type { View } from '../router';
import type { DeviceHealth } from '../types';

function bufferUse(id: string): string {
  const st = store.status.get(id);
  if (st?.q === undefined) return '–';
  return st.cap ? `${num(st.q)} / ${num(st.cap)} (${num((100 * st.q) / st.cap)} %)` : num(st.q);
}

function faults(id: string): string {
  const f = store.status.get(id)?.f ?? [];
  return f.length ? f.map((x) => `${x.s}: ${tMaybe(`fault.${x.c}`, x.c)}`).join(', ') : t('dev.noFaults');
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
        statTable(t('dev.title'), [t('dev.id'), t('dev.state'), t('dev.link'), t('dev.lastSeen'), t('dev.buffer'), t('dev.clock'), t('dev.faults'), t('dev.counters'), ''],
          r.devices.map((d) => [
            d.id, h('span', { class: 'device', 'data-device': d.id, 'data-state': d.state }, tMaybe(`dev.${d.state}`, d.state)), d.link ?? '–', fmtTime(d.lastSeen), bufferUse(d.id),
            d.clock ? t('dev.clockFit', { offset: fmtTime(d.clock.offsetMs), drift: num(d.clock.driftPpm, 1), err: num(d.clock.errorBoundMs, 2) }) : '–',
            faults(d.id),
            d.counters ? t('dev.countersText', { ok: d.counters.accepted, dup: d.counters.duplicates, bad: Object.values(d.counters.rejected).reduce((a, b) => a + b, 0) }) : '–',
            link(`#/calibrate/${encodeURIComponent(d.id)}`, t('dev.calibrate')),
          ])),
        h('ul', { class: 'links-state' }, ...r.links.map((l) => h('li', {}, `${l.name}: ${tMaybe(`linkstate.${l.state}`, l.state)}`))),
      );
    } catch {
      /* stale: the header says so */
    }
  };
  void load();
  feed.replaceChildren(...store.events.map(feedItem));
  return store.subscribe((c) => {
    if (c.kind === 'event') feed.prepend(feedItem(c.event));
    if (c.kind === 'event' || c.kind === 'device' || c.kind === 'venue') {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 300);
    }
  });
};

/**
 * Examples of firmware settings, `<sensor>.<option>` with a number, or `hb` (heartbeat, s)
 * (docs/firmware.md, "Components and options"); any key may be typed.
 */
const KEYS = ['hb', 'g1.debounceMs', 'g1.minWidthUs', 'g1.stuckMs', 'pk1.captureMs', 'c1.deadMs', 'c1.noisyPerS', 'c1.silentAfter'];

export const calibrateView: View = (root, route) => {
  const id = route.arg;
  const msg = h('p', { class: 'message', id: 'cal-message', role: 'status', 'aria-live': 'polite' });
  const say = (s: string, ok = false): void => {
    msg.textContent = s;
    msg.dataset['ok'] = String(ok);
  };
  const rows = h('div', { class: 'kv' });
  const addRow = (key = ''): void => {
    rows.append(h('div', { class: 'row' },
      h('label', { class: 'field' }, h('span', {}, t('cal.key')), h('input', { type: 'text', class: 'cal-key', list: 'cal-keys', value: key, placeholder: 'g1.debounceMs', maxlength: 32 })),
      h('label', { class: 'field' }, h('span', {}, t('cal.value')), h('input', { type: 'text', class: 'cal-value', inputmode: 'decimal', maxlength: 64 }))));
  };
  addRow();
  const form = h('form', { id: 'cal-form' }, rows, h('datalist', { id: 'cal-keys' }, ...KEYS.map((k) => h('option', { value: k }))),
    h('div', { class: 'row' }, button(t('cal.addRow'), () => addRow(), { class: 'secondary' }), h('button', { type: 'submit', class: 'primary' }, t('cal.send'))));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const set: Record<string, number | string | boolean> = {};
    for (const r of rows.querySelectorAll('.row')) {
      const k = (r.querySelector('.cal-key') as HTMLInputElement).value.trim();
      const v = (r.querySelector('.cal-value') as HTMLInputElement).value.trim();
      if (!k || !v) continue;
      set[k] = v === 'true' ? true : v === 'false' ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    }
    if (Object.keys(set).length === 0) return say(t('cal.empty'));
    void send('POST', `/api/devices/${encodeURIComponent(id)}/config`, { set }, pin()).then((r) => say(r.ok ? t('cal.sent') : r.error, r.ok));
  });
  const st = store.devices.get(id);
  root.append(
    h('h2', {}, t('cal.title', { id })), msg,
    h('p', {}, `${t('dev.state')}: ${tMaybe(`dev.${st?.state ?? 'unknown'}`, st?.state ?? 'unknown')} · ${t('dev.buffer')}: ${bufferUse(id)} · ${t('dev.faults')}: ${faults(id)}`),
    h('p', { class: 'muted' }, t('cal.help')), form,
    button(t('cal.identify'), () => void send('POST', `/api/devices/${encodeURIComponent(id)}/identify`, { ms: 3000 }, pin()).then((r) => say(r.ok ? t('cal.identified') : r.error, r.ok)), { id: 'identify' }),
    h('p', {}, link('#/ref', t('cal.pinHere')), ' · ', link('#/devices', t('nav.devices'))),
  );
};
