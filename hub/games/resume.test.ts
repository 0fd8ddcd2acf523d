import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fakeTimers } from './testkit';
import { wireAssemblers } from './wiring';
import { resumeShots } from './resume';
import { MatchManager, type InputEvent } from './matches';
import { SqliteStore } from '../store/sqlite';
import type { Ingest } from '../ingest/pipeline';
import type { StoredDeviceEvent } from '../store/types';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';
import type { VenueConfig } from '../../shared/venue';

const REST = 1000;

const VENUE: VenueConfig = {
  id: 'v',
  name: 'V',
  language: 'en',
  tables: [
    { id: 'gb1', name: 'GB 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] },
    { id: 'gb2', name: 'GB 2', game: 'golf-billiards', devices: [{ id: 'gb2-a', link: 'mqtt' }] },
    {
      id: 'mg',
      name: 'Course',
      game: 'minigolf',
      devices: [
        { id: 'mg-l1', link: 'mqtt', lane: 1 },
        { id: 'mg-l2', link: 'mqtt', lane: 2 },
      ],
    },
  ],
};
const PLAYERS = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const GB_CONFIG = { colours: { A: 'white', B: 'red' } };

let seq = 0;
const dev = (d: string, at: number, f: Pick<DeviceEvent, 'e' | 's'> & Partial<DeviceEvent>): DeviceEvent => ({
  v: 1,
  k: 'ev',
  d,
  b: 'boot',
  n: ++seq,
  t: at * 1000,
  ...f,
});

/**
 * The hub before it stopped: a store with matches whose logs the test writes (as the assemblers
 * would have) and device events stored and acknowledged. `restart()` is the hub coming back:
 * matches restored from the store, assemblers wired on a hand-cranked clock, resumeShots run.
 */
async function stoppedHub() {
  const store = new SqliteStore(':memory:');
  const before = new MatchManager(store, VENUE, () => 10);
  const log = (table: string, e: InputEvent & { t: number }) => before.sensor(table, e as GameEvent);
  const stored = async (e: DeviceEvent, at: number): Promise<void> => {
    await store.appendDeviceEvent(e, { hubT: at, at }, 'mqtt');
  };
  const restart = async () => {
    await before.idle();
    const matches = new MatchManager(store, VENUE, () => 10);
    await matches.restore();
    const clock = fakeTimers();
    const ingest = new EventEmitter();
    const wiring = wireAssemblers(VENUE, ingest as unknown as Ingest, matches, { restAfterMs: REST }, clock.api);
    const report = await resumeShots(store, VENUE, matches, wiring);
    const run = async (until: number): Promise<void> => {
      clock.until(until);
      await matches.idle();
    };
    const types = async (table: string): Promise<string[]> => {
      const m = matches.current(table)!;
      return (await store.gameEvents(m.id)).map((e) => `${e.type}/${e.by ?? '-'}@${e.t}${'lane' in e && e.lane !== undefined ? `:${e.lane}` : ''}`);
    };
    const live = (s: StoredDeviceEvent) => ingest.emit('device-event', s);
    return { report, run, types, live, matches };
  };
  return { store, before, log, stored, restart };
}

describe('picking up the shot assembly after a restart', () => {
  it('hands on again the events that were stored but still held, and the shot under way comes to rest without a second strike', async () => {
    const h = await stoppedHub();
    await h.before.start('gb1', PLAYERS, GB_CONFIG);
    await h.stored(dev('gb1-a', 100, { e: 'cushion', s: 'r1', p: 'N' }), 100);
    await h.log('gb1', { type: 'strike', t: 100, by: 'hub' });
    await h.log('gb1', { type: 'cushion', t: 100, by: 'sensor', cushion: 'N' });
    // Stored and acknowledged, still in the reorder window when the hub stopped.
    await h.stored(dev('gb1-a', 150, { e: 'cushion', s: 'r1', p: 'E' }), 150);
    await h.stored(dev('gb1-a', 200, { e: 'goal', s: 'g1', p: 'goal-B', o: 'white' }), 200);
    const r = await h.restart();
    expect(r.report).toEqual({ refed: 2, shots: 1 });
    await r.run(10_000);
    expect(await r.types('gb1')).toEqual([
      'start/referee@10',
      'strike/hub@100',
      'cushion/sensor@100',
      'cushion/sensor@150',
      'goal/sensor@200',
      `at_rest/hub@${200 + REST}`,
    ]);
    expect(r.matches.summaryOf('gb1')!.players.map((p) => p.score)).toEqual([1, 0]);
  });

  it('a shot under way with nothing left to hand on comes to rest after the silence', async () => {
    const h = await stoppedHub();
    await h.before.start('gb1', PLAYERS, GB_CONFIG);
    await h.stored(dev('gb1-a', 100, { e: 'goal', s: 'g1', p: 'goal-B', o: 'white' }), 100);
    await h.log('gb1', { type: 'strike', t: 100, by: 'hub' });
    await h.log('gb1', { type: 'goal', t: 100, by: 'sensor', goal: 'goal-B', ball: 'white' });
    const r = await h.restart();
    expect(r.report).toEqual({ refed: 0, shots: 1 });
    await r.run(REST - 1);
    expect((await r.types('gb1')).at(-1)).toBe('goal/sensor@100');
    await r.run(REST);
    expect((await r.types('gb1')).at(-1)).toBe(`at_rest/hub@${100 + REST}`);
  });

  it('a shot that had come to rest (by the hub or by a person) stays over: the next event starts a new one', async () => {
    for (const by of ['hub', 'referee'] as const) {
      const h = await stoppedHub();
      await h.before.start('gb1', PLAYERS, GB_CONFIG);
      await h.stored(dev('gb1-a', 100, { e: 'cushion', s: 'r1', p: 'N' }), 100);
      await h.log('gb1', { type: 'strike', t: 100, by: 'hub' });
      await h.log('gb1', { type: 'cushion', t: 100, by: 'sensor', cushion: 'N' });
      await h.log('gb1', { type: 'at_rest', t: 400, by });
      const r = await h.restart();
      expect(r.report, by).toEqual({ refed: 0, shots: 0 });
      r.live({ id: 99, hubT: 5000, at: 5000, link: 'mqtt', event: dev('gb1-a', 5000, { e: 'cushion', s: 'r1', p: 'S' }) });
      await r.run(5100);
      expect((await r.types('gb1')).slice(-2), by).toEqual(['strike/hub@5000', 'cushion/sensor@5000']);
    }
  });

  it('leaves alone the events of a table without a running match, and those already in the log', async () => {
    const h = await stoppedHub();
    await h.before.start('gb1', PLAYERS, GB_CONFIG);
    await h.stored(dev('gb2-a', 300, { e: 'goal', s: 'g1', p: 'goal-A' }), 300);
    await h.stored(dev('gb1-a', 100, { e: 'cushion', s: 'r1', p: 'N' }), 100);
    await h.log('gb1', { type: 'strike', t: 100, by: 'hub' });
    await h.log('gb1', { type: 'cushion', t: 100, by: 'sensor', cushion: 'N' });
    await h.log('gb1', { type: 'at_rest', t: 1100, by: 'hub' });
    const r = await h.restart();
    expect(r.report).toEqual({ refed: 0, shots: 0 });
    await r.run(10_000);
    expect(await r.types('gb1')).toHaveLength(4);
  });

  it('on a minigolf course, only the lane whose stroke was rolling goes on, and comes to rest on its own', async () => {
    const h = await stoppedHub();
    await h.before.start(
      'mg',
      PLAYERS.map(({ id, name }) => ({ id, name })),
      { lanes: 2, rounds: 1 },
    );
    await h.log('mg', { type: 'strike', t: 100, by: 'sensor', lane: '1' });
    await h.log('mg', { type: 'strike', t: 120, by: 'sensor', lane: '2' });
    await h.log('mg', { type: 'hole', t: 300, by: 'sensor', lane: '2' });
    const r = await h.restart();
    expect(r.report).toEqual({ refed: 0, shots: 1 });
    await r.run(10_000);
    expect((await r.types('mg')).slice(1)).toEqual(['strike/sensor@100:1', 'strike/sensor@120:2', 'hole/sensor@300:2', `at_rest/hub@${100 + REST}:1`]);
  });
});
