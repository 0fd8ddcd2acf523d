/**
 * The calibration API through inject(): lines go in through the real ingest, commands come out
 * through the origin's send. The end-to-end run over Mosquitto is test/integration/calibration.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import type { VenueConfig } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import type { SessionView, CalibrationRecord } from '../calibration/session';
import type { Suggestion } from '../calibration/suggest';

const venue: VenueConfig = {
  id: 'cal',
  name: 'Calibration',
  language: 'en',
  tables: [
    { id: 'mg1', name: 'Lane 1', game: 'minigolf', devices: [{ id: 'mg1-a', link: 'serial', profile: 'minigolf-lane' }] },
    { id: 'x1', name: 'No profile', game: 'minigolf', devices: [{ id: 'x1-a', link: 'serial' }] },
    { id: 'y1', name: 'Bad profile', game: 'minigolf', devices: [{ id: 'y1-a', link: 'serial', profile: 'nonesuch' }] },
  ],
};
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calapi-'));
const file = path.join(dir, 'cal.calibration.json');
const sent: HubCommand[] = [];
const origin = { link: 'test', send: (_d: string, c: HubCommand) => void sent.push(c) };
let hub: Hub;
let n = 0;

function line(s: string, e: string, ms: number, x: { w?: number; m?: number } = {}): void {
  hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'mg1-a', b: 'boot1', n: ++n, t: Math.round(ms * 1000), e, s, ...x }), origin);
}

type Reply = { session: SessionView; suggestions: Suggestion[]; sent?: boolean };

beforeAll(async () => {
  // A record from an earlier calibration of another device stays in the file.
  writeFileSync(file, JSON.stringify({ version: 1, devices: { other: { device: 'other' } } }));
  hub = await buildHub({ venue, storePath: ':memory:', calibrationFile: file });
});
afterAll(() => hub.close());

const post = async (url: string, payload?: object) => hub.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('calibration API', () => {
  it('refuses unknown tables and devices, devices without a profile and unreadable profiles', async () => {
    expect((await post('/api/calibration/sessions', { table: 'zz' })).json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
    expect((await post('/api/calibration/sessions', { table: 'mg1', device: 'zz' })).json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
    expect((await post('/api/calibration/sessions', { table: 'x1', device: 'x1-a' })).json()).toMatchObject({ error: { code: 'AR_CONFIG' } });
    expect((await post('/api/calibration/sessions', { table: 'y1' })).json()).toMatchObject({ error: { code: 'AR_CONFIG' } });
    expect((await post('/api/calibration/sessions', { table: 'mg1', extra: 1 })).statusCode).toBe(400);
    expect((await hub.app.inject({ url: '/api/calibration/sessions/nope' })).statusCode).toBe(404);
  });

  it('a device that never spoke: the session starts, sent is false', async () => {
    const r = await post('/api/calibration/sessions', { table: 'mg1' });
    expect(r.statusCode).toBe(201);
    expect(r.json<Reply>()).toMatchObject({ sent: false, session: { device: 'mg1-a', profile: 'minigolf-lane', current: 0, done: false } });
    expect(r.json<Reply>().session.steps.map((s) => s.id)).toEqual(['quiet', 't1', 'h1', 'o1']);
  });

  it('records events through the ingest, walks, goes back, applies: cfg out, file written', async () => {
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'hi', d: 'mg1-a', b: 'boot1', t: 1, fw: 'x', board: 'sim', prof: 'minigolf-lane', cap: 8 }), origin);
    const start = (await post('/api/calibration/sessions', { table: 'mg1' })).json<Reply>();
    expect(start.sent).toBe(true);
    const id = start.session.id;
    // Raw mode twice: once for the hello (the previous test's session was open), once for the new session.
    const raw = { 't1.deadMs': 1, 'h1.debounceMs': 0, 'h1.minWidthUs': 0, 'o1.debounceMs': 0, 'o1.minWidthUs': 0 };
    expect(sent.filter((c) => c.k === 'cfg').map((c) => (c as { set: object }).set)).toEqual([raw, raw]);
    line('o1', 'out', 100, { w: 200 }); // quiet step: noise on the out beam
    await hub.ingest.idle();
    let r = (await post(`/api/calibration/sessions/${id}/next`)).json<Reply>();
    expect(r.session.steps[0]!.seen).toEqual({ o1: 1 });
    for (let i = 0; i < 5; i++) {
      line('t1', 'stroke', 10_000 + i * 3000);
      line('t1', 'stroke', 10_000 + i * 3000 + 40); // the tee plate rings for 40 ms
    }
    await hub.ingest.idle();
    r = (await post(`/api/calibration/sessions/${id}/next`)).json<Reply>();
    expect(r.suggestions.find((s) => s.sensor === 't1')!.set).toEqual({ 't1.deadMs': 52 });
    expect((await post(`/api/calibration/sessions/${id}/goto`, { step: 3 })).json()).toMatchObject({ error: { code: 'AR_BAD_REQUEST' } });
    // Back to the tee step: it is forgotten and done again, quieter.
    r = (await post(`/api/calibration/sessions/${id}/goto`, { step: 1 })).json<Reply>();
    expect(r.session.current).toBe(1);
    expect(r.session.steps[1]!.seen).toEqual({});
    for (let i = 0; i < 5; i++) line('t1', 'stroke', 40_000 + i * 3000);
    await hub.ingest.idle();
    await post(`/api/calibration/sessions/${id}/next`);
    for (let i = 0; i < 5; i++) line('h1', 'hole', 60_000 + i * 3000, { w: 80_000 });
    await hub.ingest.idle();
    await post(`/api/calibration/sessions/${id}/next`);
    r = (await post(`/api/calibration/sessions/${id}/next`)).json<Reply>(); // o1: nothing done
    expect(r.session.done).toBe(true);
    expect(r.suggestions.find((s) => s.sensor === 'o1')!.warnings[0]).toContain('no event from o1');
    const before = sent.length;
    const applied = (await post(`/api/calibration/sessions/${id}/apply`)).json<{ record: CalibrationRecord; sent: boolean; file: string }>();
    expect(applied.sent).toBe(true);
    expect(applied.file).toBe(file);
    expect(applied.record.set).toEqual({ 't1.deadMs': 250, 'h1.debounceMs': 1, 'h1.minWidthUs': 20_000, 'o1.debounceMs': 1, 'o1.minWidthUs': 2000 });
    expect(Object.assign({}, ...sent.slice(before).map((c) => (c as { set: object }).set))).toEqual(applied.record.set);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { devices: Record<string, { set?: object }> };
    expect(Object.keys(onDisk.devices).sort()).toEqual(['mg1-a', 'other']);
    expect(onDisk.devices['mg1-a']!.set).toEqual(applied.record.set);
    expect((await hub.app.inject({ url: `/api/calibration/sessions/${id}` })).statusCode).toBe(404);
  });

  it('a hello naming another profile does not get the stored values', async () => {
    const before = sent.length;
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'hi', d: 'mg1-a', b: 'boot2', t: 1, fw: 'x', board: 'sim', prof: 'pool', cap: 8 }), origin);
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'hi', d: 'mg1-a', b: 'boot3', t: 1, fw: 'x', board: 'sim', prof: 'minigolf-lane', cap: 8 }), origin);
    expect(sent.slice(before).filter((c) => c.k === 'cfg')).toHaveLength(1);
  });

  it('a hub started again reads the stored calibration', async () => {
    const again = await buildHub({ venue, storePath: ':memory:', calibrationFile: file });
    try {
      const r = (await again.app.inject({ url: '/api/calibration/tables/mg1' })).json<{
        devices: { device: string; calibration: CalibrationRecord | null }[];
      }>();
      expect(r.devices[0]!.calibration!.set['h1.minWidthUs']).toBe(20_000);
    } finally {
      await again.close();
    }
  });
});
