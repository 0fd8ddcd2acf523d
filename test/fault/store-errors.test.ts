/**
 * A store error during a match is a state, not the end of the hub. Before: the match manager
 * emitted 'error' with nobody listening (hub/games/wiring.ts), which ends a Node process: seen
 * with SQLite's "database or disk is full" on the first goal after the disk filled. Now the
 * match whose event could not be stored stops taking input (AR_STORE_FAILED), the error is
 * logged, /api/health answers 503 and says which table and why, and everything else goes on.
 *
 * Twice: the error injected at the store interface (the SQLite error SQLITE_FULL, anywhere), and a
 * real full disk (a 4 MiB tmpfs; only as root, which mounting needs).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { SqliteStore } from '../../hub/store/sqlite';
import type { HubCommand } from '../../shared/protocol/schema';
import { DEMO_VENUE } from '../../shared/venue';
import { waitFor } from '../helpers/hub';

const PIN = 'store-errors-pin';
const auth = { authorization: `Bearer ${PIN}` };
const START = {
  players: [
    { id: 'ann', name: 'Ann', side: 'A' },
    { id: 'bob', name: 'Bob', side: 'B' },
  ],
  config: { colours: { A: 'white', B: 'red' } },
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}

/** A hub on an SQLite file, with its log (errors and warnings) caught in `log`. */
async function hubOn(file: string, reorderMs = 0): Promise<{ hub: Hub; log: LogLine[] }> {
  const log: LogLine[] = [];
  const stream = { write: (l: string) => void log.push(JSON.parse(l) as LogLine) };
  const hub = await buildHub({
    venue: DEMO_VENUE,
    storePath: file,
    token: PIN,
    decisionDefaultMs: null,
    gameClocks: false,
    assembler: { reorderMs, restAfterMs: 200 },
    logger: { level: 'warn', stream },
  });
  return { hub, log };
}

/** A device on the hub's ingest: its events, and the sequence numbers the hub acknowledged. */
function device(hub: Hub) {
  const acked: number[] = [];
  const origin = { link: 'test', send: (_d: string, c: HubCommand) => void (c.k === 'ack' && acked.push(c.n)) };
  return {
    acked,
    goal(n: number): void {
      hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'boot1', n, t: n * 1_000_000, e: 'goal', s: 'g-b', p: 'goal-B', o: 'white' }), origin);
    },
  };
}

async function health(hub: Hub): Promise<{
  status: number;
  body: { status: string; store: { state: string; halted: { table: string; reason: string }[]; lastError: { message: string; code: string } | null } };
}> {
  const r = await hub.app.inject({ url: '/api/health' });
  return { status: r.statusCode, body: r.json() };
}

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'autoref-store-errors-'));
  dirs.push(d);
  return d;
}

describe('a store error during a match', () => {
  it('stops that match cleanly, logs it, shows it in /api/health, and the hub goes on (SQLITE_FULL at the store interface)', { timeout: 60_000 }, async () => {
    const file = path.join(tempDir(), 'hub.db');
    const { hub, log } = await hubOn(file);
    try {
      expect((await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: START, headers: auth })).statusCode).toBe(201);
      // From here on every game event fails as on a full disk (better-sqlite3's own error type).
      const full = vi.spyOn(SqliteStore.prototype, 'appendGameEvent').mockRejectedValue(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));
      const d = device(hub);
      d.goal(1);
      await waitFor(() => d.acked.includes(1), 'the goal stored and acknowledged');
      await waitFor(async () => (await health(hub)).body.store.halted.length === 1, 'the match stopped');
      full.mockRestore();

      const h = await health(hub);
      expect(h.status).toBe(503);
      expect(h.body.status).toBe('failing');
      expect(h.body.store.halted[0]).toMatchObject({ table: 'gb1', reason: expect.stringContaining('database or disk is full') });
      expect(h.body.store.lastError).toMatchObject({ code: 'SQLITE_FULL' });
      expect(log.some((l) => l.level === 50 && l.msg.includes('database or disk is full') && l.err?.stack)).toBe(true);
      expect(log.some((l) => l.level === 50 && l.msg.includes('table gb1 stopped taking input'))).toBe(true);

      // The stopped match refuses input with a reason; the hub and the other tables go on.
      const input = await hub.app.inject({
        method: 'POST',
        url: '/api/tables/gb1/input',
        payload: { type: 'ref', call: 'time', player: 'ann' },
        headers: auth,
      });
      expect([input.statusCode, input.json().error.code]).toEqual([503, 'AR_STORE_FAILED']);
      expect(input.json().error.message).toContain('stopped taking input');
      expect((await hub.app.inject({ method: 'POST', url: '/api/tables/c1/matches', payload: { players: START.players }, headers: auth })).statusCode).toBe(
        201,
      );
      d.goal(2);
      await waitFor(() => d.acked.includes(2), 'the next device event stored and acknowledged');
    } finally {
      await hub.close();
    }
    // A restart resumes the match from what the store holds, and it takes input again.
    const { hub: again } = await hubOn(file);
    try {
      expect(again.matches.current('gb1')).toBeDefined();
      expect((await health(again)).status).toBe(200);
      const input = await again.app.inject({
        method: 'POST',
        url: '/api/tables/gb1/end',
        payload: { status: 'abandoned', why: 'disk was full' },
        headers: auth,
      });
      expect(input.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)(
    'on a really full disk (tmpfs): the goal is acknowledged, its game event fails, the match stops, the hub says so and goes on',
    { timeout: 180_000 },
    async () => {
      const mnt = path.join(tempDir(), 'mnt');
      mkdirSync(mnt);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mnt]);
      try {
        // A long reorder window: the goal is stored and acknowledged, then the disk fills, then the
        // assembler hands it to the match. Long enough that a loaded machine fills the disk first
        // (1.5 s was not, once: the game event was stored before the disk was full).
        const file = path.join(mnt, 'hub.db');
        const { hub, log } = await hubOn(file, 10_000);
        // A reader holding its snapshot (a backup, an export): the checkpoint cannot copy the WAL
        // past it, so the WAL cannot start over in the space it has and must grow for every commit.
        const reader = new Database(file, { readonly: true });
        try {
          expect((await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: START, headers: auth })).statusCode).toBe(201);
          reader.exec('BEGIN');
          reader.prepare('SELECT count(*) FROM game_events').get();
          const d = device(hub);
          d.goal(1);
          await waitFor(() => d.acked.includes(1), 'the goal stored and acknowledged');
          const filler = path.join(mnt, 'filler');
          expect(() => {
            for (;;) appendFileSync(filler, Buffer.alloc(64 * 1024));
          }).toThrow(/ENOSPC/);
          for (;;) {
            try {
              appendFileSync(filler, Buffer.alloc(512));
            } catch {
              break;
            }
          }
          await waitFor(async () => (await health(hub)).body.store.halted.length === 1, 'the match stopped', 60_000);
          expect((await health(hub)).body.store.halted[0]!.reason).toContain('database or disk is full');
          // Device events are refused too: not acknowledged, and the log says why (before: nothing logged).
          d.goal(2);
          await waitFor(() => log.some((l) => l.msg.includes('device events not stored')), 'the ingest failure logged');
          expect(d.acked).not.toContain(2);
          expect(log.some((l) => l.level === 50 && l.msg.startsWith('store: ') && l.msg.includes('database or disk is full'))).toBe(true);
          // Space again: the device's resend is stored and acknowledged; the stopped match stays stopped.
          rmSync(filler);
          d.goal(2);
          await waitFor(() => d.acked.includes(2), 'the resend stored once there is space');
          expect((await health(hub)).body.store.halted.map((x) => x.table)).toEqual(['gb1']);
        } finally {
          reader.close();
          await hub.close();
        }
      } finally {
        execFileSync('umount', ['-l', mnt]);
      }
    },
  );
});
