import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite';

describe('WAL checkpoints in the background', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-ckpt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed events into the database file while the store itself never checkpoints', async () => {
    const file = path.join(dir, 'hub.db');
    const store = new SqliteStore(file);
    const before = statSync(file).size;
    for (let n = 1; n <= 400; n++) {
      store.appendDeviceEventsNow([
        { event: { v: 1, k: 'ev', d: 'gb1-a', b: 'b1', n, t: n, e: 'goal', s: 'g1', p: 'A' }, times: { hubT: n, at: n }, link: 'mqtt' },
      ]);
    }
    // Far below SQLite's own threshold (1,000 pages): only the worker copies anything.
    const deadline = Date.now() + 5000;
    while (statSync(file).size === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(file).size).toBeGreaterThan(before);
    await store.close();
    const again = new SqliteStore(file);
    expect(await again.countDeviceEvents()).toBe(400);
    await again.close();
  });

  it('lets a process that closes its store end by itself (the stop is awaited, not cut short)', () => {
    const file = path.join(dir, 'cli.db');
    const code = `import { SqliteStore } from ${JSON.stringify(path.resolve(__dirname, 'sqlite.ts'))};
      const s = new SqliteStore(${JSON.stringify(file)});
      await s.close();
      console.log('closed');`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stdout.trim()).toBe('closed');
    expect(r.status).toBe(0);
  });
});
