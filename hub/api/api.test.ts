import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';

let hub: Hub;
beforeAll(async () => {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:' });
});
afterAll(() => hub.close());

describe('hub API (inject, no sockets)', () => {
  it('GET /api/venue returns the venue configuration', async () => {
    const r = await hub.app.inject({ url: '/api/venue' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(DEMO_VENUE);
  });

  it('GET /api/devices lists every configured device with its counters', async () => {
    hub.ingest.accept('{"v":1,"k":"ev","d":"p1-a","b":"b1","n":1,"t":5,"e":"pocket","s":"pk1","p":"3"}', { link: 'test', send: () => {} });
    await hub.ingest.idle();
    const r = await hub.app.inject({ url: '/api/devices' });
    const body = r.json<{ devices: { id: string; state: string; counters: { accepted: number } | null }[] }>();
    expect(body.devices.map((d) => d.id).sort()).toEqual(['c1-a', 'gb1-a', 'mg1-a', 'p1-a']);
    expect(body.devices.find((d) => d.id === 'p1-a')).toMatchObject({ state: 'online', counters: { accepted: 1 } });
  });

  it('GET /api/events returns stored events, oldest first', async () => {
    const r = await hub.app.inject({ url: '/api/events?limit=5' });
    expect(r.json<{ events: { event: { d: string } }[] }>().events.map((e) => e.event.d)).toEqual(['p1-a']);
  });

  it('answers a bad query with AR_BAD_REQUEST and an unknown route with AR_NOT_FOUND', async () => {
    const bad = await hub.app.inject({ url: '/api/events?limit=banana' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'AR_BAD_REQUEST' } });
    const missing = await hub.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
  });

  it('serves the dashboard with every asset local', async () => {
    const html = await hub.app.inject({ url: '/' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).not.toMatch(/https?:\/\//);
    const js = await hub.app.inject({ url: '/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('/api/stream');
  });
});

describe('device secrets', () => {
  it('never leave the hub through the API', async () => {
    const secret = 'very-secret-device-key';
    const venue = { ...DEMO_VENUE, tables: DEMO_VENUE.tables.map((t) => ({ ...t, devices: t.devices.map((d) => ({ ...d, secret })) })) };
    const h = await buildHub({ venue, storePath: ':memory:' });
    try {
      for (const url of ['/api/venue', '/api/tables', '/api/devices']) {
        const r = await h.app.inject({ url });
        expect(r.statusCode).toBe(200);
        expect(r.body).not.toContain(secret);
      }
    } finally {
      await h.close();
    }
  });
});
