import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';

const PIN = '480516';
let hub: Hub;
beforeAll(async () => {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN });
});
afterAll(() => hub.close());

const players = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

describe('API writes: venue PIN and table tokens', () => {
  it('refuses every write without a token or with a wrong one', async () => {
    for (const headers of [as(), as('123456'), { authorization: PIN }]) {
      for (const [url, payload] of [
        ['/api/tables/gb1/matches', { players }],
        ['/api/tables/gb1/input', { type: 'at_rest' }],
        ['/api/tables/gb1/end', {}],
      ] as const) {
        const r = await hub.app.inject({ method: 'POST', url, payload, headers });
        expect(r.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(r.json()).toMatchObject({ error: { code: 'AR_UNAUTHORIZED' } });
      }
    }
    const t = await hub.app.inject({ url: '/api/tables/gb1/token' });
    expect(t.statusCode).toBe(401);
  });

  it('checks the token before the body: a tokenless write with a bad body is 401, not 400', async () => {
    const r = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/input', payload: { type: 'no-such-event' } });
    expect(r.statusCode).toBe(401);
  });

  it('a table token works on its own table only, for player actions only', async () => {
    const gb1 = hub.tableToken('gb1')!;
    const onOther = await hub.app.inject({ method: 'POST', url: '/api/tables/c1/matches', payload: { players }, headers: as(gb1) });
    expect(onOther.statusCode).toBe(401);
    const started = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: { players }, headers: as(gb1) });
    expect(started.statusCode).toBe(201);
    const call = await hub.app.inject({
      method: 'POST',
      url: '/api/tables/gb1/input',
      payload: { type: 'ref', call: 'time', player: 'ann' },
      headers: as(gb1),
    });
    expect(call.statusCode).toBe(200);
    const undo = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/input', payload: { type: 'undo', why: 'x' }, headers: as(gb1) });
    expect(undo.statusCode).toBe(401);
    // A correction without a reason is refused even with the PIN: the log keeps who, when and why.
    for (const why of [undefined, '  ']) {
      const bare = await hub.app.inject({
        method: 'POST',
        url: '/api/tables/gb1/input',
        payload: { type: 'undo', who: 'ref', ...(why !== undefined ? { why } : {}) },
        headers: as(PIN),
      });
      expect([bare.statusCode, bare.json().error.code]).toEqual([400, 'AR_BAD_REQUEST']);
    }
    const byReferee = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/input', payload: { type: 'undo', who: 'ref', why: 'x' }, headers: as(PIN) });
    expect(byReferee.statusCode).toBe(200);
    const events = await hub.store.gameEvents(hub.matches.current('gb1')!.id);
    expect(events.find((e) => e.type === 'ref')).toMatchObject({ by: 'player' });
  });

  it('a table token is never taken for the PIN, and a PIN may not look like one', async () => {
    await expect(buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: 'tt_my-pin' })).rejects.toMatchObject({ code: 'AR_CONFIG' });
    // Another table's token on this table: refused with what to do, and no PIN guess counted.
    const wrongBefore = hub.auth.view().limits.wrong;
    const r = await hub.app.inject({ method: 'POST', url: '/api/tables/c1/end', payload: {}, headers: as(hub.tableToken('gb1')!) });
    expect([r.statusCode, r.json().error.code]).toEqual([401, 'AR_UNAUTHORIZED']);
    expect(r.json().error.message).toContain('scan the QR code');
    expect(hub.auth.view().limits.wrong).toBe(wrongBefore);
  });

  it('the venue PIN reads the table tokens for the QR codes', async () => {
    const r = await hub.app.inject({ url: '/api/tables/gb1/token', headers: as(PIN) });
    expect(r.json()).toEqual({ table: 'gb1', token: hub.tableToken('gb1') });
  });

  it('serves the live summary and report of a table', async () => {
    const r = await hub.app.inject({ url: '/api/tables/gb1/live' });
    expect(r.json()).toMatchObject({ game: 'golf-billiards', summary: { game: 'golf-billiards' } });
    expect(r.json().report).toBeDefined();
    const none = await hub.app.inject({ url: '/api/tables/c1/live' });
    expect(none.json()).toEqual({ match: null });
  });
});

describe('device commands', () => {
  it('sends cfg and identify to a device over its link, with the venue PIN only', async () => {
    const sent: unknown[] = [];
    hub.ingest.accept('{"v":1,"k":"hb","d":"c1-a","b":"b1","t":1,"up":1,"q":0,"n":0}', { link: 'test', send: (_d, c) => sent.push(c) });
    const refused = await hub.app.inject({ method: 'POST', url: '/api/devices/c1-a/config', payload: { set: { 'r1.threshold': 40 } } });
    expect(refused.statusCode).toBe(401);
    const ok = await hub.app.inject({ method: 'POST', url: '/api/devices/c1-a/config', payload: { set: { 'r1.threshold': 40 } }, headers: as(PIN) });
    expect(ok.statusCode).toBe(200);
    await hub.app.inject({ method: 'POST', url: '/api/devices/c1-a/identify', payload: {}, headers: as(PIN) });
    expect(sent).toEqual([
      { v: 1, k: 'cfg', set: { 'r1.threshold': 40 } },
      { v: 1, k: 'id', ms: 3000 },
    ]);
    const unknown = await hub.app.inject({ method: 'POST', url: '/api/devices/nope/identify', payload: {}, headers: as(PIN) });
    expect(unknown.json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
  });
});
