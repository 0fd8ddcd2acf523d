/**
 * What the devices page shows of hostile input and load (issue #21), in headless Chromium against
 * a real hub: the devices the venue does not have (a count of everything they sent and the
 * latest ids, however many there were), and the live screens the hub dropped for not reading.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import { newHub, waitFor } from '../helpers/hub';
import { DEMO_VENUE } from '../../shared/venue';

const session = browserSession();

describe('the devices page under hostile input', () => {
  it('summarises the strangers (all of them counted, the latest named) and the screens dropped for not reading', { timeout: 90_000 }, async () => {
    const hub = await newHub({ venue: DEMO_VENUE, decisionDefaultMs: null });
    session.hubs.push(hub);
    const origin = { link: 'serial:strangers', send: () => undefined };
    for (let i = 0; i < 5000; i++) hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: `stranger-${i}`, b: 'b1', n: 1, t: 1, e: 'goal', s: 'g1' }), origin);
    // A screen that stops reading, then enough traffic that the hub drops it.
    const frozen = net.connect({ port: Number(new URL(hub.url).port), host: '127.0.0.1' });
    await new Promise<void>((r) => frozen.once('connect', () => r()));
    frozen.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      frozen.once('data', () => {
        frozen.pause();
        resolve();
      });
      frozen.write(
        `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    for (let n = 1; n <= 40_000; n++) {
      hub.ingest.accept(
        JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'busy', n, t: n * 1000, e: 'cushion', s: 'r1', p: '1', o: 'a-long-ball-identity-xx' }),
        origin,
      );
      if (n % 1000 === 0) await hub.ingest.idle();
    }
    await waitFor(
      async () => (await hub.app.inject({ method: 'GET', url: '/api/devices' })).json<{ stream: { dropped: number } }>().stream.dropped === 1,
      'the frozen screen dropped',
      30_000,
    );
    frozen.destroy();

    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    session.pages.push(page);
    await page.goto(`${hub.url}/#/devices`);
    const strangers = page.locator('#strangers');
    await strangers.waitFor();
    expect(await strangers.getAttribute('data-rejected')).toBe('5000');
    expect(await strangers.textContent()).toMatch(/5,000 messages refused from 5,000 ids/);
    expect(await strangers.textContent()).toContain('stranger-4999 (1)');
    const pages = page.locator('#stream-pages');
    expect(await pages.getAttribute('data-dropped')).toBe('1');
    expect(await pages.textContent()).toMatch(/1 connected, 1 dropped for not keeping up/);
  });
});
