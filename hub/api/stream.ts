/**
 * Live stream over WebSocket: stored device events, device-state changes, rejections and match
 * updates, as JSON messages. Device events go as `device-events` messages of one or more events,
 * one message per group commit (hub/ingest/pipeline.ts), in store order. A new client first gets
 * a hello with the recent events so a page that reconnects after a hub restart is complete again.
 * Every few seconds a `tick` with the hub's time goes to every page: a page that hears nothing for
 * a while knows its socket died silently (a phone that lost the venue's Wi-Fi sees no close), and
 * its countdowns keep the hub's time.
 */
import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import type { StoredDeviceEvent } from '../store/types';
import type { SeenDeviceEvent } from '../ingest/pipeline';
import { hubNow } from '../time/hub-clock';

/** How often a `tick` goes out; pages call their link stale after several missed ticks. */
export const STREAM_TICK_MS = 5_000;

export const streamPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager; tickMs?: number }> = async (app, { hub, matches, tickMs = STREAM_TICK_MS }) => {
  await app.register(websocket);
  const clients = new Set<WebSocket>();
  const ticker = setInterval(() => {
    if (clients.size > 0) broadcast({ type: 'tick', now: hubNow() });
  }, tickMs);
  ticker.unref();

  /**
   * Device events stored but not sent yet: the rest of their group commit is still being
   * published. One message for the group instead of one per event: under load, framing and
   * writing a message per event was a tenth of the hub's time, and as much again for every
   * page that reads them (bench/mqtt.ts --cpu-prof).
   */
  let unsent: string[] = [];
  let flushQueued = false;

  function send(text: string): void {
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  }

  function flushEvents(): void {
    flushQueued = false;
    if (unsent.length === 0) return;
    const text = deviceEventsMessage(unsent);
    unsent = [];
    send(text);
  }

  /** Any other message keeps its place after the device events before it. */
  function broadcast(msg: object): void {
    if (clients.size === 0) return;
    flushEvents();
    send(JSON.stringify(msg));
  }

  // A lone event the hub knows to be new goes out before its commit (docs/hub.md, "Live before
  // stored"): a page shows it without waiting for the disk; the device's ack still waits for it.
  hub.ingest.on('device-event-seen', (e) => {
    if (clients.size === 0) return;
    unsent.push(deviceEventJson(e));
    flushEvents();
  });
  // First of the listeners: the message leaves before the shot assembly and the engines run on
  // the same events. Nothing is built while no page is connected.
  hub.ingest.prependListener('device-event', (e, { shown }) => {
    if (clients.size === 0 || shown) return;
    unsent.push(deviceEventJson(e));
    // The last event of its group (or a lone one) sends the group now; should a group end
    // without one (its last event failed to store), the end of this tick does.
    if (hub.ingest.backlog <= 1) flushEvents();
    else if (!flushQueued) {
      flushQueued = true;
      process.nextTick(flushEvents);
    }
  });
  hub.ingest.on('device-message', (m) => {
    // Heartbeats too: the devices page follows a board's buffer use between its status messages.
    if (m.k === 'st' || m.k === 'hi' || m.k === 'hb') broadcast({ type: 'device-status', device: m.d, message: m });
  });
  matches.on('update', (u) => broadcast({ type: 'match', table: u.table, match: u.match, game: u.game, seq: u.seq, summary: u.summary, event: u.event }));
  matches.on('ended', (m) => broadcast({ type: 'match-ended', table: m.table, match: m.id, status: m.status }));
  hub.ingest.on('rejected', (r) => broadcast({ type: 'rejected', device: r.device ?? null, code: r.rejection.code, reason: r.rejection.reason, link: r.link }));

  app.get('/api/stream', { websocket: true }, async (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    const events = await hub.store.recentDeviceEvents(50);
    const tables = hub.venue.tables.map((t) => ({ table: t.id, match: matches.current(t.id)?.id ?? null, summary: matches.summaryOf(t.id) }));
    socket.send(JSON.stringify({ type: 'hello', venue: hub.venue, devices: hub.ingest.deviceInfo(), events, tables, now: hubNow() }));
  });

  app.addHook('onClose', async () => {
    clearInterval(ticker);
    for (const c of clients) c.close(1001, 'hub stopping');
  });
};

/**
 * One event as JSON: stored (with its row `id`), or seen before its commit (without). The
 * event's own text goes in as the device sent it (validated, so it is one JSON object) instead of
 * being written out again: per event, that was most of what building messages cost under load.
 */
export function deviceEventJson(e: StoredDeviceEvent | SeenDeviceEvent): string {
  const { hubT, at, link, event, body } = e;
  const id = 'id' in e ? e.id : undefined;
  if (body === undefined || !Number.isFinite(hubT) || !Number.isFinite(at) || (id !== undefined && !Number.isSafeInteger(id))) {
    return JSON.stringify({ ...(id !== undefined ? { id } : {}), hubT, at, link, event });
  }
  return `{${id !== undefined ? `"id":${id},` : ''}"hubT":${hubT},"at":${at},"link":${JSON.stringify(link)},"event":${body}}`;
}

/** The `device-events` message: events as deviceEventJson wrote them, in store order. */
export function deviceEventsMessage(events: readonly string[]): string {
  return `{"type":"device-events","events":[${events.join(',')}]}`;
}
