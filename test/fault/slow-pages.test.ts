/**
 * Pages on /api/stream that never read. Issue #21: with 20 such clients the kernel queue reached
 * 73.7 MB and the hub's RSS kept growing (0.3 MB/s); slow clients were never cut off. Each page's
 * backlog (what the hub could not hand to the kernel yet: ws `bufferedAmount`) is now bounded by
 * MAX_PAGE_BACKLOG_BYTES; a page over it is dropped and counted, and a page that reads is not.
 * A dropped page sees its socket close; the dashboard reconnects (as after any silence) and the
 * hello it gets brings it up to date.
 *
 * Bounded by work: EVENTS events pushed through the ingest, far more than the kernel takes for a
 * page that does not read; the pages are raw sockets that stop reading after the upgrade.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { newHub, waitFor } from '../helpers/hub';
import { MAX_PAGE_BACKLOG_BYTES } from '../../hub/api/stream';
import { figure, rssMb } from './kit';

const SLOW = 4;
const EVENTS = 60_000;

const venue: VenueConfig = {
  id: 'slow',
  name: 'Slow pages',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
};

/** A page that upgrades and then never reads again (a TV that froze, a phone in a pocket). */
async function frozenPage(port: number): Promise<{ socket: net.Socket; closed: () => boolean }> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((r) => socket.once('connect', () => r()));
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const upgraded = new Promise<void>((resolve) => {
    let got = '';
    const on = (b: Buffer): void => {
      got += b.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      socket.off('data', on);
      socket.pause();
      resolve();
    };
    socket.on('data', on);
  });
  socket.write(
    `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await upgraded;
  return { socket, closed: () => closed };
}

describe('pages that never read', () => {
  it(
    `${SLOW} frozen pages and ${EVENTS.toLocaleString('en-US')} events: the frozen ones are dropped and counted, their backlog stays bounded, a page that reads gets every event`,
    { timeout: 90_000 },
    async () => {
      const hub = await newHub({ venue, decisionDefaultMs: null });
      const port = Number(new URL(hub.url).port);
      try {
        const frozen = await Promise.all(Array.from({ length: SLOW }, () => frozenPage(port)));
        const reader = new WebSocket(`${hub.url.replace('http', 'ws')}/api/stream`);
        let got = 0;
        let readerClosed = false;
        await new Promise<void>((r) => reader.once('message', () => r()));
        reader.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as { type: string; events?: unknown[] };
          if (m.type === 'device-events') got += m.events!.length;
        });
        reader.on('close', () => (readerClosed = true));
        const before = rssMb();
        const boot = newBootId();
        const origin = { link: 'serial:slow', send: () => undefined };
        // Events with a long ball identity, so each message is a few hundred bytes: 60,000 of them
        // are far more than a socket's kernel buffers hold.
        let maxBacklog = 0;
        for (let n = 1; n <= EVENTS; n++) {
          hub.ingest.accept(
            JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n, t: n * 1000, e: 'cushion', s: 'r1', p: String(n % 4), o: 'a-long-ball-identity-xx' }),
            origin,
          );
          if (n % 500 === 0) {
            await hub.ingest.idle();
            await new Promise((r) => setImmediate(r));
            const now = (await hub.app.inject({ method: 'GET', url: '/api/devices' })).json<{ stream?: { largestBacklog: number } }>();
            maxBacklog = Math.max(maxBacklog, now.stream?.largestBacklog ?? Infinity);
          }
        }
        await hub.ingest.idle();
        await waitFor(() => got === EVENTS, 'the reading page has every event', 60_000);
        const grew = rssMb() - before;
        figure('RSS growth MB with the frozen pages, largest backlog', { grew, maxBacklog });
        // Cut off: once they read again they find their sockets closed by the hub.
        for (const f of frozen) f.socket.resume();
        await waitFor(() => frozen.every((f) => f.closed()), 'the frozen pages cut off', 10_000);
        const devices = (await hub.app.inject({ method: 'GET', url: '/api/devices' })).json<{ stream: { pages: number; dropped: number } }>();
        figure('frozen pages dropped, largest page backlog bytes, RSS growth MB', { dropped: devices.stream.dropped, maxBacklog, grew });
        expect(devices.stream).toMatchObject({ pages: 1, dropped: SLOW });
        expect(maxBacklog).toBeLessThanOrEqual(MAX_PAGE_BACKLOG_BYTES * 2);
        expect(readerClosed).toBe(false);
        reader.close();
        for (const f of frozen) f.socket.destroy();
      } finally {
        await hub.close();
      }
    },
  );
});
