import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite';
import { StoreHealth, monitorStore } from './health';

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-health-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logger() {
  const lines: { level: 'error' | 'warn'; msg: string }[] = [];
  return {
    lines,
    log: {
      error: (_o: object, msg: string) => void lines.push({ level: 'error', msg }),
      warn: (_o: object, msg: string) => void lines.push({ level: 'warn', msg }),
    },
  };
}

const ev = (n: number) => ({
  event: { v: 1 as const, k: 'ev' as const, d: 'gb1-a', b: 'b1', n, t: n, e: 'cushion', s: 'r1', p: 'N'.repeat(200) },
  times: { hubT: n, at: n },
  link: 'mqtt',
});

describe('store health', () => {
  it('follows a real SQLITE_FULL (PRAGMA max_page_count): failing while writes fail, reads still fine, ok again once a write goes through', async () => {
    const raw = new SqliteStore(path.join(dir, 'full.db'));
    // The store's own connection: max_page_count holds per connection.
    const db = (raw as unknown as { db: Database.Database }).db;
    const { lines, log } = logger();
    let now = 0;
    const health = new StoreHealth('sqlite', log, () => now);
    const store = monitorStore(raw, health);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    let n = 0;
    let full: unknown;
    for (let i = 0; i < 200 && full === undefined; i++) {
      try {
        store.appendDeviceEventsNow!([ev(++n)]);
      } catch (e) {
        full = e;
      }
    }
    expect((full as { code?: string }).code).toBe('SQLITE_FULL');
    expect(health.view()).toMatchObject({
      state: 'failing',
      errors: 1,
      lastError: { op: 'appendDeviceEventsNow', code: 'SQLITE_FULL', message: 'database or disk is full' },
    });
    // Reads still work, and do not make a failing store look well.
    expect(await store.countDeviceEvents()).toBe(n - 1);
    expect(health.state).toBe('failing');
    // The same failure again within 10 s is counted, not logged again.
    now += 1000;
    expect(() => store.appendDeviceEventsNow!([ev(n)])).toThrow();
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    db.pragma(`max_page_count = ${pages * 100}`);
    store.appendDeviceEventsNow!([ev(n)]);
    expect(health.view()).toMatchObject({ state: 'ok', errors: 2, failingSince: null });
    expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: expect.stringContaining('working again') });
    await raw.close();
  });

  it('a stopped match keeps the store failing until the restart', () => {
    const { log } = logger();
    const health = new StoreHealth('postgres', log, () => 5);
    health.halt({ table: 'gb1', match: 'm1', reason: 'duplicate key', at: 5 });
    health.halt({ table: 'gb1', match: 'm1', reason: 'again', at: 6 });
    expect(health.view()).toMatchObject({ state: 'failing', failingSince: 5, halted: [{ table: 'gb1', reason: 'duplicate key' }] });
    health.succeeded('appendGameEvent');
    expect(health.state).toBe('failing');
  });
});
