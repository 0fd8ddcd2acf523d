/**
 * Two hubs on one PostgreSQL schema (a second hub started by mistake for the same venue), each
 * with a sensor of the same table: both resume the running match, the first stores its next game
 * events, and the second's next one takes a place already taken (primary key `(match, seq)`).
 * Before: the second hub died (the match manager's 'error' event, unheard). Now it stops that
 * match (AR_STORE_FAILED), logs why, /api/health answers 503 naming the table, and it goes on
 * serving; the first hub goes on scoring.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice, mqttTransport, newBootId } from '../../sim/device';
import type { VenueConfig } from '../../shared/venue';
import { waitFor } from '../helpers/hub';
import { freePort, logEntries, startHubProcess, type HubProcess } from '../helpers/cli-hub';

const PG = process.env['AUTOREF_PG_URL'] ?? 'postgres://root@127.0.0.1:5432/test';
const tag = randomBytes(4).toString('hex');
const schema = `autoref_conflict_${tag}`;
const PIN = 'conflict-pin';
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-conflict-'));
const venue: VenueConfig = {
  id: `conflict-${tag}`,
  name: 'Conflict',
  language: 'en',
  tables: [
    {
      id: 'gb1',
      name: 'GB',
      game: 'golf-billiards',
      devices: [
        { id: 'gb1-a', link: 'mqtt' },
        { id: 'gb1-b', link: 'mqtt' },
      ],
    },
  ],
};
const venueFile = path.join(dir, 'venue.json');
writeFileSync(venueFile, JSON.stringify(venue));
const hubs: HubProcess[] = [];
const devices: SimDevice[] = [];

afterAll(async () => {
  for (const d of devices) await d.close();
  for (const h of hubs) await h.kill();
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

async function hubWithDevice(device: string): Promise<{ hub: HubProcess; device: SimDevice }> {
  const brokerPort = await freePort();
  const hub = await startHubProcess(
    ['--no-sim', '--venue', venueFile, '--store', `${PG}?schema=${schema}`, '--port', '0', '--broker-port', String(brokerPort), '--host', '127.0.0.1'],
    { AUTOREF_TOKEN: PIN },
  );
  hubs.push(hub);
  expect(hub.alive(), hub.err.join('\n')).toBe(true);
  const boot = newBootId();
  const d = new SimDevice(device, await mqttTransport(`mqtt://127.0.0.1:${brokerPort}`, venue.id, 'gb1', device, boot), boot);
  devices.push(d);
  return { hub, device: d };
}

const json = async <T>(r: Promise<Response>): Promise<T> => (await (await r).json()) as T;
const write = (hub: HubProcess, p: string, body: unknown): Promise<Response> =>
  fetch(`${hub.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${PIN}` }, body: JSON.stringify(body) });

describe('a second hub on the same PostgreSQL schema', () => {
  it('whose game event conflicts stops that match, says so and stays up; the first hub goes on', { timeout: 120_000 }, async () => {
    const a = await hubWithDevice('gb1-a');
    const started = await write(a.hub, '/api/tables/gb1/matches', {
      players: [
        { id: 'ann', name: 'Ann', side: 'A' },
        { id: 'bob', name: 'Bob', side: 'B' },
      ],
    });
    expect(started.status).toBe(201);
    const match = ((await started.json()) as { match: { id: string } }).match.id;
    const b = await hubWithDevice('gb1-b');
    expect((await json<{ match: string | null }>(fetch(`${b.hub.url}/api/tables/gb1/live`))).match).toBe(match);

    // The first hub's sensor: its shot goes into the log at places 1 and 2.
    a.device.emit({ e: 'cushion', s: 'r1', p: 'N' });
    const logLength = async (): Promise<number> => (await json<{ events: unknown[] }>(fetch(`${a.hub.url}/api/matches/${match}/events`))).events.length;
    await waitFor(async () => (await logLength()) >= 3, 'the first hub’s strike and cushion in the log', 20_000);

    // The second hub's sensor: its strike wants place 1 as well.
    b.device.emit({ e: 'cushion', s: 'r2', p: 'S' });
    const healthOf = (h: HubProcess) => fetch(`${h.url}/api/health`);
    await waitFor(async () => !b.hub.alive() || (await healthOf(b.hub)).status === 503, 'the second hub to stop the match', 20_000);
    expect(b.hub.alive(), `the second hub exited:\n${b.hub.err.slice(-20).join('\n')}`).toBe(true);
    const h = await json<{ store: { halted: { table: string; match: string; reason: string }[] } }>(healthOf(b.hub));
    expect(h.store.halted).toEqual([expect.objectContaining({ table: 'gb1', match, reason: expect.stringMatching(/duplicate key|unique/) })]);
    expect(logEntries(b.hub).some((e) => e.level === 50 && e.msg.includes('table gb1 stopped taking input'))).toBe(true);
    const refused = await write(b.hub, '/api/tables/gb1/end', { status: 'abandoned', why: 'test' });
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([503, 'AR_STORE_FAILED']);

    // The first hub goes on: its next shot is scored into the same log.
    const before = await logLength();
    a.device.emit({ e: 'cushion', s: 'r1', p: 'E' });
    await waitFor(async () => (await logLength()) > before, 'the first hub’s next event in the log', 20_000);
    expect((await healthOf(a.hub)).status).toBe(200);
  });
});
