/**
 * The API as a venue uses it, over real sockets: REST for venue, tables, matches and history, the
 * WebSocket stream of state changes (device status, rejections, match updates, match end), the
 * webhook POST when a match ends, request bodies checked against the shared schemas, and every
 * error answered with a code of the one catalogue (shared/errors.ts) and that code's HTTP status.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { DEMO_VENUE } from '../../shared/venue';
import { ErrorCatalogue, type ErrorCode } from '../../shared/errors';
import type { Origin } from '../../hub/ingest/pipeline';

const PIN = 'api-live-pin';
const auth = { authorization: `Bearer ${PIN}`, 'content-type': 'application/json' };
const PLAYERS = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const origin: Origin = { link: 'test', send: () => {} };

interface Msg {
  type: string;
  [k: string]: unknown;
}

describe('REST, WebSocket stream and webhooks of one hub', () => {
  let hub: TestHub;
  let hooks: Server;
  const posted: unknown[] = [];
  let ws: WebSocket;
  const messages: Msg[] = [];

  beforeAll(async () => {
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        posted.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/match-ended`;
    hub = await newHub({ venue: DEMO_VENUE, token: PIN, webhooks: [hookUrl], assembler: { restAfterMs: 200 }, decisionDefaultMs: null, streamTickMs: 300 });
    ws = new WebSocket(`${hub.url.replace('http', 'ws')}/api/stream`);
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as Msg));
    await waitFor(() => messages.some((m) => m.type === 'hello'), 'the hello on the stream');
  });
  afterAll(async () => {
    ws?.terminate();
    await hub?.close();
    await new Promise<void>((r) => hooks.close(() => r()));
  });

  const api = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = auth,
  ): Promise<{ status: number; json: Record<string, unknown> }> => {
    const r = await fetch(new URL(url, hub.url), { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  /** An error answer: the body names a catalogue code, and the HTTP status is that code's. */
  const refused = async (r: Promise<{ status: number; json: Record<string, unknown> }>, code: ErrorCode): Promise<void> => {
    const { status, json } = await r;
    const error = json['error'] as { code: ErrorCode; message: string };
    expect(error.code).toBe(code);
    expect(Object.keys(ErrorCatalogue)).toContain(error.code);
    expect(status).toBe(ErrorCatalogue[code].status);
    expect(error.message.length).toBeGreaterThan(0);
  };
  const next = (pred: (m: Msg) => boolean, what: string): Promise<Msg> => waitFor(() => messages.some(pred), what).then(() => messages.find(pred)!);

  it('the stream opens with the venue, the devices and the tables', () => {
    const hello = messages.find((m) => m.type === 'hello')!;
    expect((hello['venue'] as { id: string }).id).toBe(DEMO_VENUE.id);
    expect((hello['devices'] as { id: string }[]).map((d) => d.id).sort()).toEqual(['c1-a', 'gb1-a', 'mg1-a', 'p1-a']);
    expect((hello['tables'] as { table: string; match: string | null }[]).map((t) => [t.table, t.match])).toEqual(DEMO_VENUE.tables.map((t) => [t.id, null]));
  });

  it('refuses bodies that break the shared schemas with AR_BAD_REQUEST, and writes nothing', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/api/tables/gb1/matches', { players: [] }],
      ['POST', '/api/tables/gb1/matches', { players: [{ id: 'ann' }] }], // a player needs a name
      ['POST', '/api/tables/gb1/matches', { players: PLAYERS, colour: 'white' }], // unknown field
      ['POST', '/api/tables/gb1/input', { type: 'no-such-event' }],
      ['POST', '/api/tables/gb1/input', { type: 'goal', ball: 'white' }], // a goal names its goal
      ['POST', '/api/tables/gb1/input', { type: 'start', players: PLAYERS }], // matches start elsewhere
      ['POST', '/api/tables/gb1/input', { type: 'decide', decision: 'd1' }], // no answer
      ['POST', '/api/tables/gb1/end', { status: 'paused' }],
    ];
    for (const [method, url, body] of bad) await refused(api(method, url, body), 'AR_BAD_REQUEST');
    expect((await api('GET', '/api/matches')).json['matches']).toEqual([]);
  });

  it("the stream ticks with the hub's time, and forwards device heartbeats (buffer use between status messages)", async () => {
    const hello = messages.find((m) => m.type === 'hello')!;
    expect(typeof hello['now']).toBe('number');
    const tick = await next((m) => m.type === 'tick', 'a tick on the stream');
    expect(tick['now'] as number).toBeGreaterThan(hello['now'] as number);
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'hb', d: 'c1-a', b: 'hb1', t: 5_000_000, up: 5, q: 3, n: 0 }), origin);
    const hb = await next((m) => m.type === 'device-status' && (m['message'] as { k: string }).k === 'hb', 'the heartbeat on the stream');
    expect(hb).toMatchObject({ device: 'c1-a', message: { k: 'hb', q: 3 } });
  });

  it('answers misuse with the catalogue code and its status', async () => {
    await refused(api('POST', '/api/tables/nowhere/matches', { players: PLAYERS }), 'AR_NOT_FOUND');
    await refused(api('POST', '/api/tables/gb1/input', { type: 'undo', why: 'no match to correct' }), 'AR_NO_MATCH');
    await refused(api('POST', '/api/tables/gb1/end', {}), 'AR_NO_MATCH');
    await refused(api('GET', '/api/matches/no-such-match', undefined, {}), 'AR_NOT_FOUND');
    await refused(api('POST', '/api/tables/gb1/matches', { players: PLAYERS }, { 'content-type': 'application/json' }), 'AR_UNAUTHORIZED');
    await refused(api('GET', '/api/nothing/here', undefined, {}), 'AR_NOT_FOUND');
  });

  it('a match started, scored by a sensor, corrected and ended: every change on the stream, the end to the webhook, all in the history', async () => {
    const started = await api('POST', '/api/tables/gb1/matches', { players: PLAYERS, config: { colours: { A: 'white', B: 'red' } }, who: 'referee Ali' });
    expect(started.status).toBe(201);
    const id = (started.json['match'] as { id: string }).id;
    await refused(api('POST', '/api/tables/gb1/matches', { players: PLAYERS }), 'AR_MATCH_RUNNING');
    await next((m) => m.type === 'match' && (m['event'] as { type: string }).type === 'start', 'the start on the stream');

    // The device comes online, scores, and sends one line the hub refuses.
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'st', d: 'gb1-a', b: 'live1', t: 1, state: 'online' }), origin);
    await next((m) => m.type === 'device-status' && m['device'] === 'gb1-a', 'the device status on the stream');
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'live1', n: 1, t: 1000, e: 'goal', s: 'g-b', p: 'b', o: 'white' }), origin);
    hub.ingest.accept('this is not json', origin);
    const rejected = await next((m) => m.type === 'rejected', 'the rejection on the stream');
    expect(rejected).toMatchObject({ code: 'AR_NOT_JSON', link: 'test' });
    const rest = await next((m) => m.type === 'match' && (m['event'] as { type: string }).type === 'at_rest', 'the shot at rest on the stream');
    expect((rest['summary'] as { players: { score: number }[] }).players.map((p) => p.score)).toEqual([1, 0]);
    const live = await api('GET', '/api/tables/gb1/live', undefined, {});
    expect(live.json).toMatchObject({ match: id, game: 'golf-billiards', seq: rest['seq'] });

    // A correction is logged as the referee's when the venue token makes it without saying who.
    const undone = await api('POST', '/api/tables/gb1/input', { type: 'undo', who: 'referee Ali', why: 'ball jumped the goal' });
    expect(undone.status).toBe(200);
    await next((m) => m.type === 'match' && (m['event'] as { type: string }).type === 'undo', 'the undo on the stream');

    const ended = await api('POST', '/api/tables/gb1/end', { status: 'finished', who: 'referee Ali', why: 'time' });
    expect(ended.json['match']).toMatchObject({ id, status: 'finished' });
    expect(await next((m) => m.type === 'match-ended', 'the end on the stream')).toMatchObject({ table: 'gb1', match: id, status: 'finished' });
    await waitFor(() => posted.length === 1, 'the webhook POST');
    expect(posted[0]).toMatchObject({
      type: 'match-ended',
      match: { id, table: 'gb1', status: 'finished', summary: { endedBy: 'referee Ali', endReason: 'time' } },
    });
    expect((await api('GET', '/api/webhooks', undefined, {})).json['deliveries']).toEqual([
      expect.objectContaining({ match: id, ok: true, attempts: 1, status: 200 }),
    ]);

    const history = (await api('GET', '/api/matches?table=gb1&status=finished', undefined, {})).json['matches'] as { id: string }[];
    expect(history.map((m) => m.id)).toEqual([id]);
    const log = (await api('GET', `/api/matches/${id}/events`, undefined, {})).json['events'] as { type: string; by?: string }[];
    expect(log.map((e) => `${e.type}/${e.by ?? '-'}`)).toEqual(['start/referee', 'strike/hub', 'goal/sensor', 'at_rest/hub', 'undo/referee']);
    const details = (await api('GET', `/api/matches/${id}`, undefined, {})).json;
    expect(details['corrections']).toEqual([expect.objectContaining({ type: 'undo', who: 'referee Ali' })]);
    expect((details['summary'] as { players: { score: number }[] }).players.map((p) => p.score)).toEqual([0, 0]);
    expect((await api('GET', '/api/tables', undefined, {})).json['tables']).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'gb1', match: null })]),
    );
  });
});
