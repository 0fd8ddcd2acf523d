import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhooks } from './webhooks';
import type { MatchRecord } from '../store/types';

const rec: MatchRecord = { id: 'm1', table: 'gb1', game: 'golf-billiards', status: 'finished', startedAt: 1, endedAt: 2, summary: { winner: 'ann' } };

let server: Server;
let base: string;
const received: unknown[] = [];
let failFirst = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failFirst > 0) {
        failFirst--;
        res.statusCode = 503;
        return res.end();
      }
      received.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('webhooks on match end', () => {
  it('posts the match record, retrying after a failure', async () => {
    failFirst = 2;
    const w = new Webhooks({ urls: [`${base}/hook`], firstRetryMs: 5 });
    w.matchEnded(rec);
    await w.idle();
    expect(received).toEqual([{ type: 'match-ended', match: rec }]);
    expect(w.deliveries).toEqual([{ url: `${base}/hook`, match: 'm1', ok: true, attempts: 3, status: 200, error: null }]);
  });

  it('gives up after the last attempt and records why, without throwing', async () => {
    const w = new Webhooks({ urls: ['http://127.0.0.1:9/nothing-listens'], attempts: 2, firstRetryMs: 5, timeoutMs: 500 });
    w.matchEnded(rec);
    await w.idle();
    expect(w.deliveries[0]).toMatchObject({ ok: false, attempts: 2, status: null });
    expect(w.deliveries[0]!.error).toBeTruthy();
  });
});
