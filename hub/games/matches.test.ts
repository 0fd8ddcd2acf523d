import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchManager, type MatchUpdate } from './matches';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';
import { getEngine } from '../rules/registry';
import { replay } from '../rules/common/replay';
import type { GameEvent } from '../../shared/game/events';

let clock = 1_000;
const now = () => clock++;
const players = [
  { id: 'ayse', name: 'Ayşe' },
  { id: 'noam', name: 'Noam' },
];

async function shot(m: MatchManager, table: string, cushions: number): Promise<void> {
  void m.sensor(table, { type: 'strike', t: now(), by: 'sensor' });
  for (let i = 0; i < cushions; i++) void m.sensor(table, { type: 'cushion', t: now(), by: 'sensor', cushion: String(i % 4) });
  void m.sensor(table, { type: 'contact', t: now(), by: 'sensor' });
  await m.sensor(table, { type: 'at_rest', t: now(), by: 'hub' });
}

describe('MatchManager', () => {
  it('runs one match per table, logs every event with its place, and refuses a second start', async () => {
    const store = new SqliteStore(':memory:');
    const m = new MatchManager(store, DEMO_VENUE, now);
    const rec = await m.start('c1', players, { distance: 15 }, 'referee Ali');
    expect(rec).toMatchObject({ table: 'c1', game: 'three-cushion', status: 'playing' });
    await expect(m.start('c1', players, undefined)).rejects.toThrow(/already running/);
    await shot(m, 'c1', 3);
    const log = await store.gameEvents(rec.id);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
    expect(log[0]).toMatchObject({ type: 'start', who: 'referee Ali', config: { distance: 15 } });
    expect(m.summaryOf('c1')?.game).toBeDefined();
    expect(await m.sensor('gb1', { type: 'goal', t: now(), goal: 'A' })).toBeNull(); // no match on that table
  });

  it('keeps the in-memory state equal to a clean replay of the stored log, corrections included', async () => {
    const store = new SqliteStore(':memory:');
    const m = new MatchManager(store, DEMO_VENUE, now);
    const rec = await m.start('c1', players, undefined);
    await shot(m, 'c1', 3);
    await shot(m, 'c1', 1);
    await m.input('c1', { type: 'undo', who: 'ref', why: 'sensor glitch' });
    await shot(m, 'c1', 4);
    const engine = getEngine('three-cushion')!;
    expect(m.current('c1')!.state).toEqual(replay(engine, await store.gameEvents(rec.id)).game);
    const d = (await m.details(rec.id))!;
    expect(d.corrections).toEqual([expect.objectContaining({ type: 'undo', who: 'ref', why: 'sensor glitch' })]);
  });

  it('resumes every running match after a restart, exactly where it was (snapshot + tail)', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'autoref-mm-')), 'a.db');
    const store = new SqliteStore(file);
    const m = new MatchManager(store, DEMO_VENUE, now);
    await m.start('c1', players, undefined);
    for (let i = 0; i < 200; i++) await shot(m, 'c1', i % 5); // > 500 events: a snapshot is taken
    const before = m.current('c1')!;
    await store.close();

    const store2 = new SqliteStore(file);
    const m2 = new MatchManager(store2, DEMO_VENUE, now);
    expect(await m2.restore()).toBe(1);
    expect((await store2.latestSnapshot(before.id))!.seq).toBeGreaterThanOrEqual(500);
    const after = m2.current('c1')!;
    expect(after.seq).toBe(before.seq);
    expect(after.state).toEqual(before.state);
    // and play goes on
    await shot(m2, 'c1', 3);
    expect(m2.current('c1')!.seq).toBe(before.seq + 6);
    await store2.close();
  });

  it('ends a match on request, with who and why; inputs after the end are refused', async () => {
    const store = new SqliteStore(':memory:');
    const m = new MatchManager(store, DEMO_VENUE, now);
    const ended: string[] = [];
    m.on('ended', (r) => ended.push(r.status));
    const rec = await m.start('gb1', players, undefined);
    const done = await m.end('gb1', 'abandoned', 'staff', 'players left');
    expect(done).toMatchObject({ id: rec.id, status: 'abandoned' });
    expect(done.summary).toMatchObject({ endedBy: 'staff', endReason: 'players left' });
    expect(ended).toEqual(['abandoned']);
    await expect(m.input('gb1', { type: 'at_rest' })).rejects.toThrow(/no match/);
  });

  it('gives a late ball identity to the oldest capture that had none', async () => {
    const store = new SqliteStore(':memory:');
    const m = new MatchManager(store, DEMO_VENUE, now);
    const updates: MatchUpdate[] = [];
    m.on('update', (u) => updates.push(u));
    await m.start('p1', players, undefined);
    await m.sensor('p1', { type: 'strike', t: now() });
    const first = (await m.sensor('p1', { type: 'pocket', t: now(), pocket: '2', captured: true }))!;
    await m.sensor('p1', { type: 'pocket', t: now(), pocket: '5', captured: true });
    const tagged = (await m.tag('p1', '3', now()))!;
    expect(tagged.event).toMatchObject({ type: 'identify', ref: first.seq, ball: '3' } satisfies Partial<GameEvent>);
    expect((await m.tag('p1', '11', now()))!.event).toMatchObject({ ref: first.seq + 1 });
    expect(await m.tag('p1', '12', now())).toBeNull();
  });

  it('after a restart, a late ball identity still goes to the oldest capture that had none', async () => {
    const store = new SqliteStore(':memory:');
    const m = new MatchManager(store, DEMO_VENUE, now);
    await m.start('p1', players, undefined);
    await m.sensor('p1', { type: 'strike', t: now() });
    const first = (await m.sensor('p1', { type: 'pocket', t: now(), pocket: '2', captured: true }))!;
    await m.sensor('p1', { type: 'pocket', t: now(), pocket: '4', captured: true, ball: '9' }); // named by its sensor
    await m.sensor('p1', { type: 'pocket', t: now(), pocket: '5', captured: true });
    await m.tag('p1', '3', now()); // names the first
    const again = new MatchManager(store, DEMO_VENUE, now);
    await again.restore();
    expect(again.current('p1')!.unnamed).toEqual([first.seq + 2]);
    expect((await again.tag('p1', '11', now()))!.event).toMatchObject({ type: 'identify', ref: first.seq + 2, ball: '11' });
    expect(await again.tag('p1', '12', now())).toBeNull();
  });
});
