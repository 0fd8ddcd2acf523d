/**
 * The live page: tables with their devices' health and a feed of sensor events, kept current
 * over the hub's WebSocket. It reconnects by itself and shows when it is stale.
 * All text from the hub goes in through textContent, never innerHTML.
 */
import type { VenueConfig } from '../../shared/venue';
import type { DeviceEvent } from '../../shared/protocol/schema';

interface StoredEvent {
  id: number;
  hubT: number;
  link: string;
  event: DeviceEvent;
}
interface DeviceRow {
  id: string;
  table: string;
  state: string;
}
type StreamMessage =
  | { type: 'hello'; venue: VenueConfig; devices: DeviceRow[]; events: StoredEvent[] }
  | ({ type: 'device-event' } & StoredEvent)
  | { type: 'device-status'; device: string; message: { k: string; state?: string } }
  | { type: 'rejected'; device: string | null; code: string; reason: string; link: string };

const FEED_MAX = 200;
const el = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;

function h(tag: string, attrs: Record<string, string>, text?: string): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function setLinkState(state: 'connecting' | 'online' | 'stale'): void {
  const s = el('link-state');
  s.dataset['state'] = state;
  s.textContent = state === 'stale' ? 'offline: data may be stale, reconnecting' : state;
}

function renderVenue(venue: VenueConfig, devices: DeviceRow[]): void {
  el('venue-name').textContent = venue.name;
  const state: Record<string, string> = {};
  for (const d of devices) state[d.id] = d.state;
  const box = el('tables');
  box.replaceChildren();
  for (const t of venue.tables) {
    const card = h('article', { class: 'table', 'data-table': t.id });
    card.append(h('h3', {}, t.name), h('div', { class: 'game' }, t.game));
    for (const d of t.devices) card.append(h('div', { class: 'device', 'data-device': d.id, 'data-state': state[d.id] ?? 'unknown' }, `${d.id} (${d.link})`));
    box.append(card);
  }
}

function setDeviceState(device: string, state: string): void {
  const e = document.querySelector<HTMLElement>(`.device[data-device="${CSS.escape(device)}"]`);
  if (e) e.dataset['state'] = state;
}

function describe(e: DeviceEvent): string {
  const parts = [e.e, e.s];
  if (e.p !== undefined) parts.push(`at ${e.p}`);
  if (e.o !== undefined) parts.push(`ball ${e.o}`);
  if (e.m !== undefined) parts.push(`m=${e.m}`);
  return parts.join(' ');
}

function addToFeed(li: HTMLElement): void {
  const feed = el('feed');
  feed.prepend(li);
  while (feed.childElementCount > FEED_MAX) feed.lastElementChild?.remove();
}

function addEvent(s: StoredEvent): void {
  if (document.querySelector(`#feed li[data-id="${s.id}"]`)) return;
  const e = s.event;
  const time = new Date(s.hubT).toLocaleTimeString();
  addToFeed(h('li', { class: 'event', 'data-id': String(s.id), 'data-device': e.d, 'data-boot': e.b, 'data-seq': String(e.n) }, `${time} ${e.d} #${e.n} ${describe(e)} (${s.link})`));
  setDeviceState(e.d, 'online');
}

function onMessage(m: StreamMessage): void {
  switch (m.type) {
    case 'hello':
      renderVenue(m.venue, m.devices);
      for (const e of m.events) addEvent(e);
      break;
    case 'device-event':
      addEvent(m);
      break;
    case 'device-status':
      if (m.message.k === 'st' && m.message.state) setDeviceState(m.device, m.message.state);
      break;
    case 'rejected':
      addToFeed(h('li', { class: 'rejected' }, `rejected ${m.code} from ${m.device ?? 'unknown device'} on ${m.link}: ${m.reason}`));
      break;
  }
}

let retryMs = 500;
function connect(): void {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/stream`);
  ws.onopen = () => {
    retryMs = 500;
    setLinkState('online');
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(String(ev.data)) as StreamMessage);
  ws.onclose = () => {
    setLinkState('stale');
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
}

connect();
