/**
 * Restart: time from start to every running match restored, with one million device events
 * stored and several matches in play (their logs and snapshots in the store).
 * Run: npx tsx bench/restart.ts [events=1000000]
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '../hub/store/sqlite';
import { MatchManager } from '../hub/games/matches';
import { buildHub } from '../hub/app';
import { DEMO_VENUE } from '../shared/venue';

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-restart-'));
const file = path.join(dir, 'hub.db');

async function seed(): Promise<number> {
  // The schema comes from the store itself; the bulk rows go in through one transaction.
  const store = new SqliteStore(file);
  const m = new MatchManager(store, DEMO_VENUE, () => Date.now());
  const players = [
    { id: 'ann', name: 'Ann', side: 'A' },
    { id: 'bob', name: 'Bob', side: 'B' },
  ];
  let t = 0;
  let gameEvents = 0;
  for (const table of ['gb1', 'c1', 'p1']) {
    await m.start(table, players, undefined);
    for (let i = 0; i < 400; i++) {
      await m.sensor(table, { type: 'strike', t: ++t, by: 'hub' });
      await m.sensor(table, { type: 'cushion', t: ++t, by: 'sensor', cushion: String(i % 4) });
      await m.sensor(table, { type: 'contact', t: ++t, by: 'sensor' });
      await m.sensor(table, { type: 'at_rest', t: ++t, by: 'hub' });
      gameEvents += 4;
    }
  }
  await store.close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const ins = db.prepare('INSERT INTO device_events (device, boot, seq, device_t, hub_t, at, link, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let n = 1; n <= EVENTS; n++) {
      const e = { v: 1, k: 'ev', d: 'c1-a', b: 'bench', n, t: n * 1000, e: 'cushion', s: 'r1', p: String(n % 4) };
      ins.run('c1-a', 'bench', n, n * 1000, 1.79e12 + n, 1.79e12 + n, 'mqtt', JSON.stringify(e));
    }
  })();
  db.close();
  return gameEvents;
}

const t0 = performance.now();
const gameEvents = await seed();
const seeded = performance.now() - t0;

const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  const hub = await buildHub({ venue: DEMO_VENUE, storePath: file });
  const restored = ['gb1', 'c1', 'p1'].every((t) => hub.matches.current(t) !== undefined);
  runs.push(performance.now() - start);
  const count = await hub.store.countDeviceEvents();
  await hub.close();
  if (!restored || count !== EVENTS) throw new Error(`restore incomplete: ${restored} ${count}`);
}
const result = {
  deviceEvents: EVENTS,
  gameEventsInRunningMatches: gameEvents,
  runningMatches: 3,
  seedMs: Math.round(seeded),
  restartMs: runs.map((r) => Math.round(r)),
  bestMs: Math.round(Math.min(...runs)),
  targetMs: 2000,
};
console.table([
  { 'device events': EVENTS, 'match events': gameEvents, 'restart ms (best of 3)': result.bestMs, 'all runs': result.restartMs.join(', '), target: '< 2000' },
]);
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', 'restart.json'), JSON.stringify(result, null, 2));
rmSync(dir, { recursive: true, force: true });
