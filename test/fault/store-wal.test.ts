/**
 * The WAL of a killed hub deleted or garbled: SQLite starts cleanly without it, so the events
 * that were only in it (acknowledged to their device, which dropped them) are gone without a
 * word. Before: 1,000–2,100 acknowledged events gone, a clean start, no warning. Now the hub keeps
 * a record of how far its store was committed beside it (hub/store/sqlite-owner.ts) and refuses to
 * start on a store that holds less (AR_STORE_LOST, exit code 2), unless told to go on
 * (--accept-store-loss). A kill alone (the WAL left as it was) is no loss and starts as before.
 *
 * To make the loss certain rather than a matter of when the background checkpoint ran, the test
 * holds a read transaction open on the store while the device streams (as a backup or a long
 * export would): the checkpoint cannot copy frames past it, so they stay in the WAL only.
 */
import { mkdtempSync, openSync, closeSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice, mqttTransport, newBootId } from '../../sim/device';
import type { VenueConfig } from '../../shared/venue';
import { waitFor } from '../helpers/hub';
import { freePort, logEntries, startHubProcess, type HubProcess } from '../helpers/cli-hub';

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-store-wal-'));
const store = path.join(dir, 'hub.db');
const venue: VenueConfig = {
  id: `wal-${newBootId()}`,
  name: 'WAL',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] }],
};
const venueFile = path.join(dir, 'venue.json');
writeFileSync(venueFile, JSON.stringify(venue));
/** Events each device streams before its hub is killed (the work of the test, not a time). */
const PER_ROUND = 1000;
const hubs: HubProcess[] = [];
const devices: SimDevice[] = [];

afterAll(async () => {
  for (const d of devices) await d.close();
  for (const h of hubs) await h.kill();
  rmSync(dir, { recursive: true, force: true });
});

async function start(extra: string[] = []): Promise<{ hub: HubProcess; brokerPort: number }> {
  const brokerPort = await freePort();
  const hub = await startHubProcess(
    ['--no-sim', '--venue', venueFile, '--store', store, '--port', '0', '--broker-port', String(brokerPort), '--host', '127.0.0.1', ...extra],
    { AUTOREF_TOKEN: 'wal-pin' },
  );
  hubs.push(hub);
  return { hub, brokerPort };
}

function stored(): number {
  const db = new Database(store, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM device_events').pluck().get() as number;
  } finally {
    db.close();
  }
}

/**
 * A device streams PER_ROUND events into the running hub while a reader holds its snapshot, then
 * the hub is killed. Returns how many the device had acknowledged.
 */
async function streamThenKill(hub: HubProcess, brokerPort: number): Promise<number> {
  // What is committed so far goes into the file (as the hub's background checkpoint would have
  // done by now); what comes while the reader holds its snapshot stays in the WAL.
  const checkpoint = new Database(store);
  checkpoint.pragma('wal_checkpoint(PASSIVE)');
  checkpoint.close();
  const reader = new Database(store, { readonly: true });
  reader.exec('BEGIN');
  reader.prepare('SELECT count(*) FROM device_events').get();
  const boot = newBootId();
  const device = new SimDevice('gb1-a', await mqttTransport(`mqtt://127.0.0.1:${brokerPort}`, venue.id, 'gb1', 'gb1-a', boot), boot);
  devices.push(device);
  let sent = 0;
  const pump = setInterval(() => {
    for (let i = 0; i < 10 && sent < PER_ROUND; i++, sent++) device.emit({ e: 'cushion', s: 'r1', p: String(1 + (sent % 4)) });
  }, 5);
  try {
    await waitFor(() => device.acked >= PER_ROUND, `${PER_ROUND} events acknowledged`, 60_000);
  } finally {
    clearInterval(pump);
  }
  const acked = device.acked;
  await hub.kill();
  await device.close();
  reader.exec('COMMIT');
  reader.close();
  return acked;
}

async function refusedLost(): Promise<string> {
  const { hub } = await start();
  const exit = await Promise.race([hub.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
  const lines = hub.err.filter((l) => l.trim() !== '');
  expect({ exit, lines: lines.length, line: lines[0] }).toEqual({ exit: 2, lines: 1, line: expect.stringMatching(/^autoref: AR_STORE_LOST: /) });
  return lines[0]!;
}

describe('a WAL deleted or garbled after a kill', () => {
  it('is noticed: the hub refuses to start on the store that lost acknowledged events, and goes on only when told', { timeout: 240_000 }, async () => {
    // A kill alone loses nothing: the next start is clean (no false alarm from the record).
    const first = await start();
    const ackedFirst = await streamThenKill(first.hub, first.brokerPort);
    const second = await start();
    expect(second.hub.alive()).toBe(true);
    const ackedSecond = await streamThenKill(second.hub, second.brokerPort);
    const acked = ackedFirst + ackedSecond;

    // The WAL deleted: what was only in it is gone.
    rmSync(`${store}-wal`, { force: true });
    rmSync(`${store}-shm`, { force: true });
    const left = stored();
    const lost = acked - left;
    expect(lost).toBeGreaterThan(0);
    const line = await refusedLost();
    expect(line).toContain('--accept-store-loss');

    // Told to go on: it starts on what the file holds, and says so in its log.
    const accepted = await start(['--accept-store-loss']);
    expect(accepted.hub.alive()).toBe(true);
    await waitFor(
      () => logEntries(accepted.hub).some((e) => e.level === 40 && e.msg.includes('going on with what it holds')),
      'the warning about the loss',
      10_000,
    );
    const ackedThird = await streamThenKill(accepted.hub, accepted.brokerPort);

    // The WAL garbled after its header: SQLite stops reading at the first frame that fails its checksum.
    const wal = `${store}-wal`;
    expect(statSync(wal).size).toBeGreaterThan(32 + 24 + 4096);
    const fd = openSync(wal, 'r+');
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 32 + 8);
    closeSync(fd);
    const beforeGarble = left + ackedThird;
    const lostToGarble = beforeGarble - stored();
    expect(lostToGarble).toBeGreaterThan(0);
    await refusedLost();
    console.log(`WAL deleted after a kill: ${lost} of ${acked} acknowledged events gone, refused (AR_STORE_LOST); WAL garbled: ${lostToGarble} gone, refused`);
  });
});
