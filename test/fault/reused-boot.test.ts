/**
 * A board that comes back with a boot id the hub already has (issue #18: Espruino 2v29 seeds
 * Math.random() at boot only on its STM32 and nRF ports, so an ESP32 makes the same boot id at
 * every power-up). The hub ignores (device, boot, sequence) it has stored, so the new boot's
 * events, numbered from 1 again, were dropped as duplicates of the old boot's and acknowledged:
 * the board let them go and they were lost without a trace. The hub now sees the boot start over
 * (its device time goes back, its heartbeat's last sequence is below what the hub stored, or an
 * event it remembers comes with another time), stores the new run under a hub-made boot id
 * (docs/protocol.md, "Delivery"), and acknowledges it to the board under the board's own id.
 *
 * Through the ingest (as every link hands it lines), across a hub restart, and with the real
 * firmware bundle on the Node simulated board whose boot id is made to repeat.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ingest, type Origin } from '../../hub/ingest/pipeline';
import { SqliteStore } from '../../hub/store/sqlite';
import type { HubCommand } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { ball } from '../../firmware/sim/fixtures';
import { figure } from './kit';

const VENUE: VenueConfig = {
  id: 'rb',
  name: 'Reused boots',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
};
const BOOT = 'esp32a';

const hello = (t: number) => JSON.stringify({ v: 1, k: 'hi', d: 'gb1-a', b: BOOT, t, fw: '1.0.0', board: 'esp32', prof: 'golf-billiards', cap: 128 });
const ev = (n: number, t: number) => JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: BOOT, n, t, e: 'goal', s: 'g1', p: 'a' });
const hb = (t: number, n: number, q: number) => JSON.stringify({ v: 1, k: 'hb', d: 'gb1-a', b: BOOT, t, up: Math.floor(t / 1e6), q, n });

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(store: SqliteStore) {
  const ingest = new Ingest(store, VENUE);
  const sent: HubCommand[] = [];
  const origin: Origin = { link: 'serial:rb', send: (_d, c) => void sent.push(c) };
  return { ingest, sent, origin };
}

/** Everything the hub stored, as (boot as stored, n, device time), in store order. */
async function storedRuns(store: SqliteStore): Promise<{ n: number; t: number }[]> {
  return (await store.recentDeviceEvents(1000)).map((s) => ({ n: s.event.n, t: s.event.t }));
}

describe('a board that reuses its boot id', () => {
  it('rebooted while the hub runs (its hello goes back in time): the new events are stored, acknowledged under its id, none taken for duplicates', async () => {
    const store = new SqliteStore(':memory:');
    const { ingest, sent, origin } = setup(store);
    // First power-up: hello, five events, a heartbeat; all acknowledged.
    ingest.accept(hello(1e6), origin);
    for (let n = 1; n <= 5; n++) ingest.accept(ev(n, 2e6 + n * 1e6), origin);
    ingest.accept(hb(9e6, 5, 0), origin);
    await ingest.idle();
    // Power cycle: the same boot id, its clock from 0 again, its events from 1 again.
    ingest.accept(hello(0.8e6), origin);
    for (let n = 1; n <= 3; n++) ingest.accept(ev(n, 1.5e6 + n * 1e6), origin);
    await ingest.idle();
    const runs = await storedRuns(store);
    figure('events stored of 5 + 3 (reboot with the same boot id, hub running)', runs.length);
    expect(runs.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 1, 2, 3]);
    const c = ingest.counters.snapshot()['gb1-a']!;
    expect(c).toMatchObject({ accepted: 8, duplicates: 0, reusedBoots: 1 });
    // Acknowledged under the board's own boot id, up to its new run's last event.
    expect(sent.filter((x) => x.k === 'ack').at(-1)).toEqual({ v: 1, k: 'ack', b: BOOT, n: 3 });
    // The devices page shows the boot the hub stores it under.
    expect(ingest.deviceInfo()[0]!.boot).not.toBe(BOOT);
    await store.close();
  });

  it('without a hello: a heartbeat whose last sequence is below what the hub has, or an event the hub remembers with another time, says it', async () => {
    for (const signal of ['heartbeat', 'event'] as const) {
      const store = new SqliteStore(':memory:');
      const { ingest, sent, origin } = setup(store);
      for (let n = 1; n <= 5; n++) ingest.accept(ev(n, 2e6 + n * 1e6), origin);
      await ingest.idle();
      if (signal === 'heartbeat') ingest.accept(hb(0.5e6, 0, 0), origin);
      // The new run's first event: the same sequence as a stored one, another interrupt time.
      ingest.accept(ev(1, 0.9e6), origin);
      ingest.accept(ev(2, 1.2e6), origin);
      await ingest.idle();
      expect(
        (await storedRuns(store)).map((r) => r.n),
        signal,
      ).toEqual([1, 2, 3, 4, 5, 1, 2]);
      expect(ingest.counters.snapshot()['gb1-a'], signal).toMatchObject({ duplicates: 0, reusedBoots: 1 });
      expect(sent.filter((x) => x.k === 'ack').at(-1), signal).toEqual({ v: 1, k: 'ack', b: BOOT, n: 2 });
      await store.close();
    }
  });

  it('a true duplicate (the same event sent again, as after a lost ack) is still a duplicate', async () => {
    const store = new SqliteStore(':memory:');
    const { ingest, origin } = setup(store);
    ingest.accept(hello(1e6), origin);
    for (let n = 1; n <= 3; n++) ingest.accept(ev(n, 2e6 + n * 1e6), origin);
    await ingest.idle();
    // A reconnect: hello later in time, the unacknowledged events again, unchanged.
    ingest.accept(hello(9e6), origin);
    for (let n = 1; n <= 3; n++) ingest.accept(ev(n, 2e6 + n * 1e6), origin);
    ingest.accept(hb(10e6, 3, 0), origin);
    await ingest.idle();
    expect(await store.countDeviceEvents()).toBe(3);
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ duplicates: 3, reusedBoots: 0 });
    await store.close();
  });

  it("the hub restarted too (a power cut takes both): the board's new run is still not taken for the old one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-reused-boot-'));
    dirs.push(dir);
    const file = path.join(dir, 'hub.db');
    const first = new SqliteStore(file);
    const a = setup(first);
    a.ingest.accept(hello(1e6), a.origin);
    for (let n = 1; n <= 5; n++) a.ingest.accept(ev(n, 2e6 + n * 1e6), a.origin);
    await a.ingest.idle();
    await first.close();
    // Both come back: a new hub on the same file, the board with the same boot id from 0.
    const second = new SqliteStore(file);
    const b = setup(second);
    await b.ingest.ready();
    b.ingest.accept(hello(0.7e6), b.origin);
    for (let n = 1; n <= 2; n++) b.ingest.accept(ev(n, 1e6 + n * 1e6), b.origin);
    await b.ingest.idle();
    expect((await storedRuns(second)).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 1, 2]);
    expect(b.sent.filter((x) => x.k === 'ack').at(-1)).toEqual({ v: 1, k: 'ack', b: BOOT, n: 2 });
    // And a third start finds the new run under its hub-made id: its next event goes on from there.
    await second.close();
    const third = new SqliteStore(file);
    const c = setup(third);
    await c.ingest.ready();
    c.ingest.accept(hb(4e6, 2, 0), c.origin);
    c.ingest.accept(ev(3, 3.5e6), c.origin);
    await c.ingest.idle();
    expect((await storedRuns(third)).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 1, 2, 3]);
    expect(c.sent.filter((x) => x.k === 'ack').at(-1)).toEqual({ v: 1, k: 'ack', b: BOOT, n: 3 });
    expect(c.ingest.counters.snapshot()['gb1-a']).toMatchObject({ duplicates: 0, reusedBoots: 0 });
    await third.close();
  });
});

describe('the real firmware on the simulated board, its boot id made to repeat', () => {
  /** One power-up of the board: the bundle as built for it, its lines into the ingest with `boot` as their boot id. */
  function powerUp(ingest: Ingest, boot: string | null): { run: SimRun; boot: string; lines: string[]; pump: () => Promise<void> } {
    const run = runFirmware({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb1-a', table: 'gb1' });
    const own = (JSON.parse(run.link.out.split('\n')[0]!) as { b: string }).b;
    const shared = boot ?? own;
    // The link between board and hub swaps the board's boot id for the shared one, both ways: as
    // if the board had drawn it (the ESP32's unseeded Math.random() on every power-up).
    const origin: Origin = { link: 'serial:fw', send: (_d, c) => run.hub('b' in c && c.b === shared ? { ...c, b: own } : c) };
    const lines: string[] = [];
    const pump = async (): Promise<void> => {
      for (const line of run.sentRaw()) {
        lines.push(line);
        ingest.accept(line.split(`"b":"${own}"`).join(`"b":"${shared}"`), origin);
      }
      await ingest.idle();
    };
    return { run, boot: shared, lines, pump };
  }

  async function play(p: { run: SimRun; pump: () => Promise<void> }, goals: number): Promise<void> {
    for (let i = 0; i < goals; i++) {
      ball(p.run.board, 'B4', 15_000);
      p.run.board.advance(300);
      await p.pump();
    }
    // A few heartbeats' time: acks come back, nothing is left waiting on the board.
    for (let i = 0; i < 30; i++) {
      p.run.board.advance(1000);
      await p.pump();
    }
  }

  it("the second power-up's goals are stored and acknowledged: the board ends with nothing waiting", { timeout: 60_000 }, async () => {
    const store = new SqliteStore(':memory:');
    const ingest = new Ingest(store, VENUE);
    const one = powerUp(ingest, null);
    await one.pump();
    await play(one, 6);
    one.run.board.stop();
    const two = powerUp(ingest, one.boot);
    await two.pump();
    await play(two, 4);
    const heartbeats = two.lines.filter((l) => l.includes('"k":"hb"'));
    two.run.board.stop();
    const stored = await storedRuns(store);
    figure('goals stored of 6 + 4 (the firmware, its boot id repeated)', stored.length);
    expect(stored.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4]);
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: 10, duplicates: 0, reusedBoots: 1 });
    // The board's own last heartbeat: every event acknowledged (q = 0) after its fourth.
    expect(heartbeats.at(-1)).toMatch(/"q":0,"n":4\}$/);
    expect(one.run.board.errors.concat(two.run.board.errors)).toEqual([]);
    await store.close();
  });
});
