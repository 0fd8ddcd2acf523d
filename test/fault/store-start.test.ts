/**
 * A hub refuses to start on a store it cannot trust, with one line and exit code 2, instead of
 * starting and then failing (or acknowledging) on it: a read-only store, a truncated or garbled
 * file, a file another hub has open. Each case starts the real command line on a store made so.
 * (Before: every one of them started; the read-only one never acknowledged an event and answered
 * 500 with nothing logged, the damaged ones acknowledged on a malformed database, the second hub
 * ran beside the first.)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../hub/store/sqlite';
import { openCheckedSqlite } from '../../hub/store/sqlite-open';
import type { VenueConfig } from '../../shared/venue';
import { freePort, startHubProcess, type HubProcess } from '../helpers/cli-hub';

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-store-start-'));
const venue: VenueConfig = {
  id: 'store-start',
  name: 'Store start',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] }],
};
const venueFile = path.join(dir, 'venue.json');
writeFileSync(venueFile, JSON.stringify(venue));
const running: HubProcess[] = [];
const cleanups: (() => void)[] = [];

afterAll(async () => {
  for (const h of running) await h.kill();
  for (const c of cleanups.reverse()) c();
  rmSync(dir, { recursive: true, force: true });
});

async function startOn(store: string): Promise<HubProcess> {
  const h = await startHubProcess(
    ['--no-sim', '--venue', venueFile, '--store', store, '--port', '0', '--broker-port', String(await freePort()), '--host', '127.0.0.1'],
    { AUTOREF_TOKEN: 'store-start-pin' },
  );
  running.push(h);
  return h;
}

/** Starts on `store` and expects the refusal: exit code 2 and exactly one line, `autoref: <code>: …`. */
async function refused(store: string, code: string): Promise<string> {
  const h = await startOn(store);
  const exit = await Promise.race([h.exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
  const lines = h.err.filter((l) => l.trim() !== '');
  expect({ exit, lines: lines.length, line: lines[0] }).toEqual({ exit: 2, lines: 1, line: expect.stringMatching(new RegExp(`^autoref: ${code}: `)) });
  return lines[0]!;
}

/**
 * A store with a match's worth of rows, opened and closed cleanly as the hub does: so the start
 * after may skip the full check only if the file is untouched, which these tests make sure it is not.
 */
async function seeded(name: string, events = 3000): Promise<string> {
  const file = path.join(dir, name);
  const s = await openCheckedSqlite(file);
  const batch = Array.from({ length: events }, (_, i) => ({
    event: { v: 1 as const, k: 'ev' as const, d: 'gb1-a', b: 'seed', n: i + 1, t: (i + 1) * 1000, e: 'cushion', s: 'r1', p: String(i % 4) },
    times: { hubT: 1.79e12 + i, at: 1.79e12 + i },
    link: 'mqtt',
  }));
  s.appendDeviceEventsNow(batch);
  await s.close();
  return file;
}

const isRoot = process.getuid?.() === 0;

/** A read-only view of `src`: a read-only bind mount as root (root writes through file modes), else the modes. */
function readOnly(src: string): string {
  if (isRoot) {
    const view = `${src}-ro`;
    mkdirSync(view);
    execFileSync('mount', ['--bind', src, view]);
    cleanups.push(() => execFileSync('umount', [view]));
    execFileSync('mount', ['-o', 'remount,bind,ro', view]);
    return view;
  }
  chmodSync(src, 0o555);
  cleanups.push(() => chmodSync(src, 0o755));
  return src;
}

describe('the store is checked before the hub starts', () => {
  it('refuses a read-only store (AR_STORE_READONLY)', { timeout: 180_000 }, async () => {
    const folder = path.join(dir, 'ro');
    mkdirSync(folder);
    const file = path.join(folder, 'hub.db');
    const s = new SqliteStore(file);
    await s.close();
    const view = readOnly(folder);
    if (!isRoot) chmodSync(file, 0o444);
    const line = await refused(path.join(view, 'hub.db'), 'AR_STORE_READONLY');
    expect(line).toContain('cannot be written');
  });

  it('refuses a truncated database file (AR_STORE_DAMAGED)', { timeout: 180_000 }, async () => {
    const file = await seeded('truncated.db');
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const line = await refused(file, 'AR_STORE_DAMAGED');
    expect(line).toMatch(/malformed|quick_check|not a database/);
  });

  it('refuses a file whose header is garbled (AR_STORE_DAMAGED)', { timeout: 180_000 }, async () => {
    const file = await seeded('garbled-header.db');
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from('this is not what sqlite wrote at the start'), 0, 40, 0);
    closeSync(fd);
    const line = await refused(file, 'AR_STORE_DAMAGED');
    expect(line).toContain('not a database');
  });

  it('refuses a file with garbled pages inside (quick_check, AR_STORE_DAMAGED)', { timeout: 180_000 }, async () => {
    const file = await seeded('garbled-pages.db');
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    // Pages 3 to 6 (4 KiB pages): b-tree pages of the event table, not the header.
    const noise = Buffer.alloc(4 * 4096, 0xa5);
    writeSync(fd, noise, 0, noise.length, Math.min(2 * 4096, size - noise.length));
    closeSync(fd);
    const line = await refused(file, 'AR_STORE_DAMAGED');
    expect(line).toMatch(/quick_check|malformed/);
  });

  it('lets one hub own a store file: a second one on it refuses (AR_STORE_LOCKED), the first goes on', { timeout: 180_000 }, async () => {
    const file = path.join(dir, 'shared.db');
    const first = await startOn(file);
    expect(first.alive()).toBe(true);
    const line = await refused(file, 'AR_STORE_LOCKED');
    expect(line).toContain('another autoref hub');
    expect(first.alive()).toBe(true);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await first.stop();
    // Stopped (or killed: the operating system drops the lock with the process), the store is free.
    const again = await startOn(file);
    expect(again.alive()).toBe(true);
    await again.kill();
    const third = await startOn(file);
    expect(third.alive()).toBe(true);
    await third.stop();
  });
});
