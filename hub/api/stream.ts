/**
 * Live stream over WebSocket: stored device events, device-state changes, rejections and match
 * updates, as JSON messages. Device events go as `device-events` messages of one or more events,
 * one message per group commit (hub/ingest/pipeline.ts), in store order. A new client first gets
 * a hello with the recent events so a page that reconnects after a hub restart is complete again.
 * Every few seconds a `tick` with the hub's time goes to every page: a page that hears nothing for
 * a while knows its socket died silently (a phone that lost the venue's Wi-Fi sees no close), and
 * its countdowns keep the hub's time.
 *
 * Sized for a venue's screens (issue #21: 200 pages with 50 devices at 10 events/s): messages go
 * out in flushes, each page's share of a flush in one write, and flushes are paced so the writes
 * per second stay about the same however many pages are open (PAGE_FLUSH_MS per page between
 * flushes, at most MAX_FLUSH_GAP_MS). One page alone still gets each event in the turn it is
 * stored or seen. A page that does not read (its backlog, what the hub could not hand to the
 * kernel, over MAX_PAGE_BACKLOG_BYTES) is dropped and counted: it sees its socket close, and the
 * dashboard reconnects (as it does after any silence) and is brought up to date by the hello.
 */
import type { FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { HubContext } from '../context';
import type { MatchManager } from '../games/matches';
import type { StoredDeviceEvent } from '../store/types';
import type { SeenDeviceEvent } from '../ingest/pipeline';
import { hubNow } from '../time/hub-clock';
import { clampDelay } from '../time/timers';

/** How often a `tick` goes out; pages call their link stale after several missed ticks. */
export const STREAM_TICK_MS = 5_000;
/** A frame from a page larger than this closes it (pages send nothing; ws' default was 100 MiB). */
export const MAX_STREAM_FRAME_BYTES = 4096;
/** A page with more than this waiting in the hub (beyond what the kernel took) is dropped. */
export const MAX_PAGE_BACKLOG_BYTES = 256 * 1024;
/** Pacing: this much time between flushes per open page, up to MAX_FLUSH_GAP_MS. */
const PAGE_FLUSH_MS = 0.1;
const MAX_FLUSH_GAP_MS = 50;
/** Rejections shown on the stream per second; the rest are counted (all are in GET /api/devices). */
const REJECTIONS_SHOWN_PER_S = 20;

export interface StreamStats {
  /** Pages connected now. */
  pages: number;
  /** Pages dropped since start because they did not read. */
  dropped: number;
  /** The largest backlog of a connected page now, bytes. */
  largestBacklog: number;
  /** Rejections not put on the stream (over REJECTIONS_SHOWN_PER_S). */
  rejectionsNotShown: number;
}

const statsOf = new WeakMap<HubContext, () => StreamStats>();

/** The stream's figures for the devices page, or null when the stream is not running. */
export function streamStats(hub: HubContext): StreamStats | null {
  return statsOf.get(hub)?.() ?? null;
}

/** The socket under a page, to put its share of a flush in one write (ws writes each frame as it is sent). */
type Corkable = { _socket?: { cork(): void; uncork(): void } };

export const streamPlugin: FastifyPluginAsync<{ hub: HubContext; matches: MatchManager; tickMs?: number }> = async (
  app,
  { hub, matches, tickMs = STREAM_TICK_MS },
) => {
  await app.register(websocket, { options: { maxPayload: MAX_STREAM_FRAME_BYTES } });
  const clients = new Set<WebSocket>();
  let dropped = 0;
  let rejectionsNotShown = 0;
  const ticker = setInterval(() => {
    if (clients.size === 0) return;
    const tick = { type: 'tick', now: hubNow() };
    // Nothing waiting: the tick goes out at once, outside the pacing. Flushed as a message, it
    // held back the next event's flush by up to MAX_FLUSH_GAP_MS with many pages open (500 pages:
    // p99 40 ms in bench/mqtt.ts's fan-out), for one small message every few seconds.
    if (outbox.length === 0 && unsent.length === 0 && flushTimer === null && !flushQueued) {
      const frame = Buffer.from(JSON.stringify(tick));
      for (const c of clients) if (c.readyState === c.OPEN) c.send(frame, { binary: false });
    } else broadcast(tick);
  }, clampDelay(tickMs));
  ticker.unref();

  /**
   * Device events stored but not sent yet: the rest of their group commit is still being
   * published. One message for the group instead of one per event: under load, framing and
   * writing a message per event was a tenth of the hub's time, and as much again for every
   * page that reads them (bench/mqtt.ts --cpu-prof).
   */
  let unsent: string[] = [];
  /** Messages for the next flush, in order, each encoded once for every page. */
  let outbox: Buffer[] = [];
  let lastFlush = -Infinity;
  let flushTimer: NodeJS.Timeout | null = null;
  let flushQueued = false;

  function closeEvents(): void {
    if (unsent.length === 0) return;
    outbox.push(Buffer.from(deviceEventsMessage(unsent)));
    unsent = [];
  }

  function drop(c: WebSocket): void {
    dropped++;
    clients.delete(c);
    c.terminate();
  }

  function flush(): void {
    closeEvents();
    if (outbox.length === 0) return;
    const messages = outbox;
    outbox = [];
    lastFlush = hubNow();
    for (const c of clients) {
      if (c.readyState !== c.OPEN) continue;
      const socket = (c as unknown as Corkable)._socket;
      socket?.cork();
      for (const m of messages) c.send(m, { binary: false });
      socket?.uncork();
      if (c.bufferedAmount > MAX_PAGE_BACKLOG_BYTES) drop(c);
    }
  }

  /**
   * A flush now if the last was long enough ago (`now`: the caller is the last of its burst),
   * else once the pace allows; one at a time.
   */
  function schedule(now: boolean): void {
    if (flushTimer !== null || flushQueued || clients.size === 0) return;
    const wait = lastFlush + Math.min(MAX_FLUSH_GAP_MS, clients.size * PAGE_FLUSH_MS) - hubNow();
    // Under a millisecond (a few pages): not worth a timer, which would wait a millisecond at least.
    if (wait > 1) {
      flushTimer = setTimeout(() => {
        flushTimer = null;
        flush();
      }, clampDelay(wait));
      return;
    }
    if (now) return flush();
    // Later in this turn: the rest of the group commit joins the same message.
    flushQueued = true;
    process.nextTick(() => {
      flushQueued = false;
      flush();
    });
  }

  /** Any other message keeps its place after the device events before it. */
  function broadcast(msg: object): void {
    if (clients.size === 0) return;
    closeEvents();
    outbox.push(Buffer.from(JSON.stringify(msg)));
    schedule(true);
  }

  // A lone event the hub knows to be new goes out before its commit (docs/hub.md, "Live before
  // stored"): a page shows it without waiting for the disk; the device's ack still waits for it.
  hub.ingest.on('device-event-seen', (e) => {
    if (clients.size === 0) return;
    unsent.push(deviceEventJson(e));
    schedule(true);
  });
  // First of the listeners: the message leaves before the shot assembly and the engines run on
  // the same events. Nothing is built while no page is connected.
  hub.ingest.prependListener('device-event', (e, { shown }) => {
    if (clients.size === 0 || shown) return;
    unsent.push(deviceEventJson(e));
    // The last event of its group (or a lone one) sends the group now; should a group end
    // without one (its last event failed to store), the end of this tick does.
    schedule(hub.ingest.backlog <= 1);
  });
  hub.ingest.on('device-message', (m) => {
    // Heartbeats too: the devices page follows a board's buffer use between its status messages.
    if (m.k === 'st' || m.k === 'hi' || m.k === 'hb') broadcast({ type: 'device-status', device: m.d, message: m });
  });
  matches.on('update', (u) => broadcast({ type: 'match', table: u.table, match: u.match, game: u.game, seq: u.seq, summary: u.summary, event: u.event }));
  matches.on('ended', (m) => broadcast({ type: 'match-ended', table: m.table, match: m.id, status: m.status }));
  // A flood of bad input must not become a flood to every page: a few per second are shown.
  let shownSecond = 0;
  let shownInSecond = 0;
  hub.ingest.on('rejected', (r) => {
    if (clients.size === 0) return;
    const second = Math.floor(hubNow() / 1000);
    if (second !== shownSecond) {
      shownSecond = second;
      shownInSecond = 0;
    }
    if (++shownInSecond > REJECTIONS_SHOWN_PER_S) {
      rejectionsNotShown++;
      return;
    }
    broadcast({ type: 'rejected', device: r.device ?? null, code: r.rejection.code, reason: r.rejection.reason, link: r.link });
  });

  statsOf.set(hub, () => {
    let largestBacklog = 0;
    for (const c of clients) largestBacklog = Math.max(largestBacklog, c.bufferedAmount);
    return { pages: clients.size, dropped, largestBacklog, rejectionsNotShown };
  });

  app.get('/api/stream', { websocket: true }, async (socket) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => clients.delete(socket)); // a frame over the limit, a reset: ws closes it
    const events = await hub.store.recentDeviceEvents(50);
    const tables = hub.venue.tables.map((t) => ({ table: t.id, match: matches.current(t.id)?.id ?? null, summary: matches.summaryOf(t.id) }));
    if (socket.readyState === socket.OPEN)
      socket.send(JSON.stringify({ type: 'hello', venue: hub.venue, devices: hub.ingest.deviceInfo(), events, tables, now: hubNow() }));
  });

  app.addHook('onClose', async () => {
    clearInterval(ticker);
    if (flushTimer !== null) clearTimeout(flushTimer);
    statsOf.delete(hub);
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
