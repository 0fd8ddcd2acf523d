/**
 * Live state of the venue, fed by the hub's WebSocket (/api/stream). Reconnects by itself with
 * back-off; while the socket is down the state is "stale" and every view says so. After a
 * reconnect the hello message makes the state complete again. The hub ticks every few seconds:
 * a socket that stays silent much longer died without a close (a phone off the venue's Wi-Fi),
 * and is treated as closed.
 */
import type { DeviceRow, DeviceStatusMessage, GameEvent, GameSummary, StoredEvent, StreamMessage, VenueConfig } from './types';
import { hubClock } from './hub-time';

export type LinkState = 'connecting' | 'online' | 'stale';
export type Change =
  | { kind: 'link' }
  | { kind: 'venue' }
  | { kind: 'table'; table: string; event?: GameEvent }
  | { kind: 'device'; device: string }
  | { kind: 'event'; event: StoredEvent }
  | { kind: 'rejected'; text: string };

export interface TableState {
  match: string | null;
  summary: GameSummary | null;
  seq: number;
  last: GameEvent | null;
}

const FEED_MAX = 200;

/** Three of the hub's ticks (hub/api/stream.ts, every 5 s) missed: the socket is dead. */
export const SILENT_MS = 15_000;

/** True when an open socket has heard nothing for longer than `limitMs`. */
export function isSilent(lastHeard: number, now: number, limitMs: number = SILENT_MS): boolean {
  return now - lastHeard > limitMs;
}

class Store {
  link: LinkState = 'connecting';
  venue: VenueConfig | null = null;
  devices = new Map<string, DeviceRow>();
  tables = new Map<string, TableState>();
  events: StoredEvent[] = [];
  private readonly listeners = new Set<(c: Change) => void>();
  private ws: WebSocket | null = null;
  private retryMs = 500;
  private lastHeard = 0;
  private watchdog: ReturnType<typeof setInterval> | null = null;

  subscribe(f: (c: Change) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private emit(c: Change): void {
    for (const f of this.listeners) f(c);
  }

  private setLink(s: LinkState): void {
    this.link = s;
    this.emit({ kind: 'link' });
  }

  connect(): void {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/stream`);
    this.ws = ws;
    ws.onopen = () => {
      this.retryMs = 500;
      this.lastHeard = Date.now();
      this.setLink('online');
    };
    ws.onmessage = (ev) => {
      this.lastHeard = Date.now();
      this.onMessage(JSON.parse(String(ev.data)) as StreamMessage);
    };
    this.watchdog ??= setInterval(() => this.checkSilence(), 1000);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.setLink('stale');
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  /** A silent socket is dropped (its close may never come) and a new one opened. */
  private checkSilence(): void {
    if (this.link !== 'online' || !isSilent(this.lastHeard, Date.now())) return;
    const dead = this.ws;
    this.ws = null;
    dead?.close();
    this.setLink('stale');
    this.connect();
  }

  private onMessage(m: StreamMessage): void {
    if ((m.type === 'hello' || m.type === 'tick') && m.now !== undefined) hubClock.note(m.now, Date.now());
    switch (m.type) {
      case 'tick':
        break;
      case 'hello':
        this.venue = m.venue;
        this.devices = new Map(m.devices.map((d) => [d.id, d]));
        for (const t of m.tables ?? []) this.tables.set(t.table, { match: t.match, summary: t.summary, seq: -1, last: null });
        for (const e of m.events) this.addEvent(e, false);
        this.events.sort((a, b) => (b.id ?? 0) - (a.id ?? 0));
        this.emit({ kind: 'venue' });
        break;
      case 'device-events':
        for (const e of m.events) this.addEvent(e, true);
        break;
      case 'device-status': {
        const d = this.devices.get(m.device);
        if (d) foldStatus(d, m.message);
        this.emit({ kind: 'device', device: m.device });
        break;
      }
      case 'rejected':
        this.emit({ kind: 'rejected', text: `${m.code} ${m.device ?? '?'} ${m.link}: ${m.reason}` });
        break;
      case 'match':
        this.tables.set(m.table, { match: m.match, summary: m.summary, seq: m.seq, last: m.event });
        this.emit({ kind: 'table', table: m.table, event: m.event });
        break;
      case 'match-ended': {
        const cur = this.tables.get(m.table);
        this.tables.set(m.table, { match: null, summary: cur?.summary ?? null, seq: -1, last: null });
        this.emit({ kind: 'table', table: m.table });
        break;
      }
    }
  }

  private addEvent(e: StoredEvent, live: boolean): void {
    // By device, boot and sequence: a live event has no row id, and comes again after a hub
    // restart if its commit did not happen (the device sends it again).
    if (this.events.some((x) => x.event.n === e.event.n && x.event.d === e.event.d && x.event.b === e.event.b)) return;
    this.events.unshift(e);
    if (this.events.length > FEED_MAX) this.events.pop();
    const d = this.devices.get(e.event.d);
    if (d) {
      d.state = 'online';
      d.lastSeen = e.hubT;
    }
    if (live) this.emit({ kind: 'event', event: e });
  }
}

/** A live status or hello into the device's row, as the hub folds it (hub/ingest/pipeline.ts). */
export function foldStatus(d: DeviceRow, m: DeviceStatusMessage): void {
  d.state = m.k === 'st' && m.state === 'offline' ? 'offline' : 'online';
  if (m.k === 'hb') {
    if (m.q !== undefined) d.buffered = m.q;
    return;
  }
  if (m.k === 'hi' && m.cap !== undefined) d.capacity = m.cap;
  if (m.k !== 'st' || m.state !== 'online') return;
  d.faults = m.f ?? [];
  if (m.q !== undefined) d.buffered = m.q;
  if (m.cap !== undefined) d.capacity = m.cap;
  if (m.lost !== undefined) d.droppedOnDevice = m.lost;
}

export const store = new Store();
