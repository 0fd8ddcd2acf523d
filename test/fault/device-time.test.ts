/**
 * Impossible device times. Issue #21: one schema-valid event with t = 2^53 - 1 after clock sync
 * put the event 285 years ahead on the hub's timeline; the shot assembler set a timer for it that
 * Node cannot hold (over 2^31 - 1 ms), Node fired it after 1 ms, the assembler set it again: a
 * TimeoutOverflowWarning every millisecond, for ever (70-82 KB/s of log, 8 % CPU), and back
 * after a restart, as the event is stored with its time. Now a device time the hub's clock
 * cannot place within a sane window (DEVICE_TIME_WINDOW: ahead of the hub's clock, or before it)
 * is refused: the event is kept at its arrival time and counted; and every timer the hub sets
 * clamps its delay (MAX_TIMER_MS).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameClocks } from '../../hub/games/clocks';
import { DecisionDefaults } from '../../hub/games/defaults';
import { realTimers } from '../../hub/games/wiring';
import type { MatchManager } from '../../hub/games/matches';
import { MAX_TIMER_MS } from '../../hub/time/timers';
import { DEVICE_TIME_WINDOW } from '../../hub/time/window';
import { hubNow } from '../../hub/time/hub-clock';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { newHub, type TestHub } from '../helpers/hub';
import { figure } from './kit';

const venue: VenueConfig = {
  id: 'dt',
  name: 'Device times',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
};

let warnings: string[] = [];
const onWarning = (w: Error): void => void warnings.push(w.name);
beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

/** Lets Node deliver the warnings of the timers set so far (they are emitted on the next tick). */
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 20));

describe('impossible device times', () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it('an event with t = 2^53 - 1 after clock sync is placed at its arrival, counted, and sets no timer Node cannot hold', async () => {
    hub = await newHub({ venue, decisionDefaultMs: null });
    const boot = newBootId();
    const origin = { link: 'serial:dt', send: () => undefined };
    // Clock sync done: the device booted a minute ago and runs true.
    const map = hub.clock.mapFor('gb1-a', boot);
    const now = hubNow();
    for (let i = 0; i < 12; i++) map.addSample({ deviceUs: 60e6 + i * 1e5, hubSendMs: now - 1000 + i * 100 - 0.2, hubRecvMs: now - 1000 + i * 100 + 0.2 });
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 61e6, e: 'goal', s: 'g1' }), origin);
    hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 2, t: Number.MAX_SAFE_INTEGER, e: 'goal', s: 'g1' }), origin);
    await hub.ingest.idle();
    await settle();
    figure('TimeoutOverflowWarnings after one event at 2^53 - 1', warnings.filter((w) => w === 'TimeoutOverflowWarning').length);
    expect(warnings.filter((w) => w === 'TimeoutOverflowWarning')).toEqual([]);
    const stored = await hub.store.recentDeviceEvents(2);
    const bad = stored.find((s) => s.event.n === 2)!;
    // Kept (the device's line as it sent it) and acknowledged, at its arrival on the hub's timeline.
    expect(bad.event.t).toBe(Number.MAX_SAFE_INTEGER);
    expect(Math.abs(bad.at - bad.hubT)).toBeLessThanOrEqual(1);
    expect(hub.ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: 2, badTimes: 1 });
    // The event before it is placed by the clock map, as ever.
    const good = stored.find((s) => s.event.n === 1)!;
    expect(good.at).toBeCloseTo(map.toHub(61e6), 3);
  });

  it(`times outside the window (${DEVICE_TIME_WINDOW.aheadMs} ms ahead, ${DEVICE_TIME_WINDOW.behindMs / 86_400_000} days behind) are refused, inside it they stand`, async () => {
    hub = await newHub({ venue, decisionDefaultMs: null });
    const boot = newBootId();
    const origin = { link: 'serial:dt', send: () => undefined };
    const now = hubNow();
    // A device up for 40 days, synced.
    const up = 40 * 86_400e6;
    const map = hub.clock.mapFor('gb1-a', boot);
    for (let i = 0; i < 12; i++) map.addSample({ deviceUs: up + i * 1e5, hubSendMs: now - 1000 + i * 100 - 0.2, hubRecvMs: now - 1000 + i * 100 + 0.2 });
    const at = (msFromNow: number) => up + 900e3 + msFromNow * 1000; // device µs of hub time now + msFromNow
    const times = [at(-1000), at(DEVICE_TIME_WINDOW.aheadMs + 60_000), at(-DEVICE_TIME_WINDOW.behindMs - 60_000), at(-86_400_000)];
    times.forEach((t, i) => hub!.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: i + 1, t, e: 'goal', s: 'g1' }), origin));
    await hub.ingest.idle();
    expect(hub.ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: 4, badTimes: 2 });
    await settle();
    expect(warnings.filter((w) => w === 'TimeoutOverflowWarning')).toEqual([]);
  });

  it('every timer the hub sets clamps its delay: game clocks, decision defaults, the shot assemblers', async () => {
    const delays: number[] = [];
    const spy = { now: hubNow, set: (fn: () => void, ms: number) => (delays.push(ms), realTimers.set(fn, ms)), clear: realTimers.clear };
    type Listener = (u: { table: string }) => void;
    const listeners: Record<string, Listener[]> = {};
    const far = hubNow() + 2 ** 53;
    const matches = {
      on: (ev: string, f: Listener) => (listeners[ev] ??= []).push(f),
      current: () => ({ engine: { nextClock: () => ({ at: far, event: { type: 'clock', clock: 'shot', phase: 'expire' } }) }, state: {} }),
      summaryOf: () => ({ pending: [{ id: 'q1', default: 'yes', defaultAt: hubNow() + 2 ** 40 }] }),
      setAnswerAfter: () => undefined,
      askBelow: 0.98,
      input: async () => undefined,
    } as unknown as MatchManager;
    const clocks = new GameClocks(matches, spy);
    const defaults = new DecisionDefaults(matches, { afterMs: 2 ** 40, set: spy.set, clear: spy.clear, now: hubNow });
    for (const f of listeners['update'] ?? []) f({ table: 'gb1' });
    // realTimers itself, which the assemblers and the clock sync use.
    const h = realTimers.set(() => undefined, 2 ** 45);
    realTimers.clear(h);
    await settle();
    clocks.close();
    defaults.close();
    expect(delays.length).toBe(2);
    for (const d of delays) expect(d).toBeLessThanOrEqual(MAX_TIMER_MS);
    expect(warnings.filter((w) => w === 'TimeoutOverflowWarning')).toEqual([]);
  });
});
