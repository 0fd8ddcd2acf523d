/**
 * GET /api/webhooks is open to the venue network (every read is), and it served the webhook URLs
 * whole, credentials and all (`user:pass@…?api_key=…`). Now it shows a URL's scheme, host and
 * port only, to anyone (the PIN does not unlock the rest: nobody needs it from the hub), and a
 * delivery's error text has the URL redacted too. The user name and password of a URL go to the
 * receiver as HTTP Basic authorization (fetch refused such URLs, so they never worked before).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';

const PIN = 'webhook-pin';
const SECRETS = ['hookuser', 's3cr3t-pass', 'XyZsecretPath', 'k3y-123'];
let server: Server;
let port = 0;
const received: { url: string; headers: IncomingHttpHeaders }[] = [];
let hub: TestHub | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  // The delivery to the missing receiver is still retrying: the hub's close does not wait for it.
  await hub?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('webhook URLs and their credentials', () => {
  it('are never served whole by GET /api/webhooks, with or without the PIN; the credentials still reach the receiver', async () => {
    const withCredentials = `http://hookuser:s3cr3t-pass@127.0.0.1:${port}/services/T0123/XyZsecretPath?api_key=k3y-123`;
    // A receiver that is not there (its delivery keeps trying; only its URL is looked at here).
    const refused = `http://hookuser:s3cr3t-pass@127.0.0.1:1/hooks/XyZsecretPath?api_key=k3y-123`;
    hub = await newHub({ token: PIN, webhooks: [withCredentials, refused], decisionDefaultMs: null });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${PIN}` };
    const started = await fetch(`${hub.url}/api/tables/gb1/matches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        players: [
          { id: 'ann', name: 'Ann', side: 'A' },
          { id: 'bob', name: 'Bob', side: 'B' },
        ],
      }),
    });
    expect(started.status).toBe(201);
    expect((await fetch(`${hub.url}/api/tables/gb1/end`, { method: 'POST', headers, body: JSON.stringify({ status: 'abandoned', why: 'test' }) })).status).toBe(
      200,
    );
    await waitFor(() => hub!.webhooks.deliveries.some((d) => d.ok), 'the delivery to the receiver');
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/services/T0123/XyZsecretPath?api_key=k3y-123');
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('hookuser:s3cr3t-pass').toString('base64')}`);

    for (const auth of [{}, { authorization: `Bearer ${PIN}` }] as Record<string, string>[]) {
      const r = await fetch(`${hub.url}/api/webhooks`, { headers: auth });
      const text = await r.text();
      for (const s of SECRETS) expect(text, `${s} in ${text}`).not.toContain(s);
      const body = JSON.parse(text) as { urls: string[]; deliveries: { hook: number; ok: boolean; url: string; error: string | null }[] };
      expect(body.urls).toEqual([`http://127.0.0.1:${port}/…`, 'http://127.0.0.1:1/…']);
      expect(body.deliveries).toEqual([expect.objectContaining({ hook: 0, ok: true, url: `http://127.0.0.1:${port}/…` })]);
    }
  });
});
