import { describe, expect, it } from 'vitest';
import { Ingest, MAX_BACKLOG, type Origin } from './pipeline';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import { OVERSIZE_MARKER } from './line-guard';

/** The clock stands still unless a test moves it (`advance`). */
function setup() {
  const store = new SqliteStore(':memory:');
  let clock = 1000;
  const ingest = new Ingest(store, DEMO_VENUE, () => clock);
  const sent: HubCommand[] = [];
  const origin: Origin = { link: 'test', send: (_d, c) => sent.push(c) };
  return { store, ingest, sent, origin, advance: (ms: number) => (clock += ms) };
}

const ev = (n: number, d = 'gb1-a') => JSON.stringify({ v: 1, k: 'ev', d, b: 'b1', n, t: n * 1000, e: 'goal', s: 'g1', p: 'A' });

describe('Ingest', () => {
  it('stores a valid event, acknowledges it and publishes it', async () => {
    const { store, ingest, sent, origin } = setup();
    const seen: number[] = [];
    ingest.on('device-event', (e) => seen.push(e.event.n));
    ingest.accept(ev(1), origin);
    await ingest.idle();
    expect(await store.countDeviceEvents()).toBe(1);
    expect(seen).toEqual([1]);
    expect(sent).toEqual([{ v: 1, k: 'ack', b: 'b1', n: 1 }]);
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: 1, duplicates: 0, rejected: {} });
  });

  it('drops a duplicate (device, boot, sequence) and acks again so the device can let go', async () => {
    const { store, ingest, sent, origin } = setup();
    ingest.accept(ev(1), origin);
    await ingest.idle();
    ingest.accept(ev(1), origin);
    await ingest.idle();
    expect(await store.countDeviceEvents()).toBe(1);
    expect(ingest.counters.snapshot()['gb1-a']?.duplicates).toBe(1);
    expect(sent.filter((c) => c.k === 'ack')).toHaveLength(2);
  });

  it('acknowledges a burst once, with its newest contiguous sequence, per device (its first event, after a silence, alone)', async () => {
    const { store, ingest, sent, origin } = setup();
    const groups: number[] = [];
    const appendMany = store.appendDeviceEvents.bind(store);
    store.appendDeviceEvents = (batch) => (groups.push(batch.length), appendMany(batch));
    for (let n = 1; n <= 20; n++) ingest.accept(ev(n), origin);
    ingest.accept(ev(1, 'c1-a'), origin);
    await ingest.idle();
    expect(sent).toEqual([
      { v: 1, k: 'ack', b: 'b1', n: 1 },
      { v: 1, k: 'ack', b: 'b1', n: 20 },
      { v: 1, k: 'ack', b: 'b1', n: 1 },
    ]);
    expect(groups).toEqual([20]);
  });

  it('stores, publishes and acknowledges a lone event in the turn it arrives; events closer than loneAfterMs wait for a group', async () => {
    const { ingest, sent, origin, advance } = setup();
    const seen: number[] = [];
    ingest.on('device-event', (e) => seen.push(e.event.n));
    ingest.accept(ev(1), origin);
    expect(seen).toEqual([1]);
    expect(sent).toEqual([{ v: 1, k: 'ack', b: 'b1', n: 1 }]);
    expect(ingest.backlog).toBe(0);
    advance(ingest.loneAfterMs / 2);
    ingest.accept(ev(2), origin);
    expect(seen).toEqual([1]); // too soon after the last: it waits for the group
    await ingest.idle();
    expect(seen).toEqual([1, 2]);
    advance(ingest.loneAfterMs);
    ingest.accept(ev(3), origin);
    expect(seen).toEqual([1, 2, 3]);
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 3 });
  });

  it('shows a lone event it knows to be new before its commit, and only such an event', async () => {
    const { store, ingest, sent, origin, advance } = setup();
    const order: string[] = [];
    const appendNow = store.appendDeviceEventsNow.bind(store);
    store.appendDeviceEventsNow = (batch) => (order.push(`commit ${batch.map((x) => x.event.n).join(',')}`), appendNow(batch));
    ingest.on('device-event-seen', (e) => order.push(`seen ${e.event.n}`));
    ingest.on('device-event', (e, { shown }) => order.push(`stored ${e.event.n}${shown ? ' shown' : ''}`));
    const lone = (n: number): void => {
      advance(5);
      ingest.accept(ev(n), origin);
    };
    lone(1); // the boot's first: the hub does not know what the store holds of it yet
    lone(2); // the next of its contiguous run: new for certain
    lone(2); // a duplicate
    lone(4); // after a gap: it may be stored already, so it waits for the store
    await ingest.idle();
    expect(order).toEqual(['commit 1', 'stored 1', 'seen 2', 'commit 2', 'stored 2 shown', 'commit 2', 'commit 4', 'stored 4']);
    expect(sent).toEqual(
      [1, 2, 2]
        .map((n) => ({ v: 1, k: 'ack', b: 'b1', n }))
        .concat([
          { v: 1, k: 'rs', b: 'b1', n: 3 },
          { v: 1, k: 'ack', b: 'b1', n: 2 },
        ]),
    );
  });

  it('a shown event whose commit fails is neither acknowledged nor counted, and shown again when sent again', async () => {
    const { store, ingest, sent, origin, advance } = setup();
    const seen: number[] = [];
    const stored: number[] = [];
    ingest.on('device-event-seen', (e) => seen.push(e.event.n));
    ingest.on('device-event', (e) => stored.push(e.event.n));
    ingest.on('store-error', () => undefined);
    ingest.accept(ev(1), origin);
    const appendNow = store.appendDeviceEventsNow.bind(store);
    store.appendDeviceEventsNow = () => {
      throw new Error('disk full');
    };
    advance(5);
    ingest.accept(ev(2), origin);
    expect(seen).toEqual([2]);
    expect(stored).toEqual([1]);
    expect(sent).toEqual([{ v: 1, k: 'ack', b: 'b1', n: 1 }]);
    expect(ingest.counters.snapshot()['gb1-a']?.accepted).toBe(1);
    store.appendDeviceEventsNow = appendNow;
    advance(5);
    ingest.accept(ev(2), origin);
    expect(seen).toEqual([2, 2]);
    expect(stored).toEqual([1, 2]);
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 2 });
  });

  it('a lone event after a gap asks for the resend before it acknowledges, and the next event waits for that', async () => {
    const { ingest, sent, origin, advance } = setup();
    ingest.accept(ev(1), origin);
    advance(5);
    ingest.accept(ev(3), origin);
    advance(5);
    ingest.accept(ev(2), origin);
    await ingest.idle();
    expect(sent).toEqual([
      { v: 1, k: 'ack', b: 'b1', n: 1 },
      { v: 1, k: 'rs', b: 'b1', n: 2 },
      // Event 2 came while event 3's ack waited: one ack for both.
      { v: 1, k: 'ack', b: 'b1', n: 3 },
    ]);
    expect(ingest.backlog).toBe(0);
  });

  it('a lone event the store refuses is not acknowledged, and the ingest goes on', async () => {
    const { store, ingest, sent, origin, advance } = setup();
    const errors: Error[] = [];
    ingest.on('store-error', (e) => errors.push(e));
    const appendNow = store.appendDeviceEventsNow.bind(store);
    store.appendDeviceEventsNow = () => {
      throw new Error('disk full');
    };
    ingest.accept(ev(1), origin);
    expect(sent).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual(['disk full']);
    expect(ingest.storeErrors).toBe(1);
    expect(ingest.backlog).toBe(0);
    store.appendDeviceEventsNow = appendNow;
    advance(5);
    ingest.accept(ev(1), origin);
    expect(sent).toEqual([{ v: 1, k: 'ack', b: 'b1', n: 1 }]);
  });

  it('asks for a resend when it sees a gap, and acks contiguously once filled', async () => {
    const { ingest, sent, origin } = setup();
    ingest.accept(ev(1), origin);
    ingest.accept(ev(3), origin);
    await ingest.idle();
    expect(sent.at(-2)).toEqual({ v: 1, k: 'rs', b: 'b1', n: 2 });
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 1 });
    ingest.accept(ev(2), origin);
    await ingest.idle();
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 3 });
  });

  it('takes a reboot (new boot id) as a new sequence from 1, without mixing it with the old boot', async () => {
    const { store, ingest, sent, origin } = setup();
    ingest.accept(ev(1), origin);
    ingest.accept(ev(2), origin);
    ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'b2', n: 1, t: 5, e: 'goal', s: 'g1' }), origin);
    await ingest.idle();
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b2', n: 1 });
    expect(await store.contiguousSeq('gb1-a', 'b1')).toBe(2);
    expect(await store.countDeviceEvents()).toBe(3);
    expect(ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.boot).toBe('b2');
  });

  it('gives up a gap only when the device says it no longer has the events (its heartbeat), counts them lost, and acks past it', async () => {
    const { ingest, sent, origin, advance } = setup();
    ingest.accept(ev(1), origin);
    // Events 2-4 never come back: however often newer events come, the hub keeps asking.
    for (let n = 5; n < 25; n++) {
      advance(ingest.resendEveryMs);
      ingest.accept(ev(n), origin);
      await ingest.idle();
    }
    expect(sent.filter((c) => c.k === 'rs').length).toBeGreaterThanOrEqual(20);
    expect(sent.filter((c) => c.k === 'ack').at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 1 });
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ lost: 0 });
    // The device's heartbeat: it sent up to 24 and holds 20 unacknowledged, 5..24: 2-4 are gone from it.
    ingest.accept(JSON.stringify({ v: 1, k: 'hb', d: 'gb1-a', b: 'b1', t: 30_000, up: 30, q: 20, n: 24 }), origin);
    advance(ingest.resendEveryMs);
    ingest.accept(ev(25), origin);
    await ingest.idle();
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 25 });
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ lost: 3 });
  });

  it('a heartbeat that still holds part of a gap gives up only what is gone, and asks for the rest', async () => {
    const { store, ingest, sent, origin, advance } = setup();
    ingest.accept(ev(1), origin);
    advance(5);
    ingest.accept(ev(10), origin);
    await ingest.idle();
    // It sent up to 10 and holds 7 of them (4..10): 2 and 3 are gone, 4..9 it still has.
    ingest.accept(JSON.stringify({ v: 1, k: 'hb', d: 'gb1-a', b: 'b1', t: 30_000, up: 30, q: 7, n: 10 }), origin);
    advance(ingest.resendEveryMs);
    ingest.accept(ev(10), origin);
    await ingest.idle();
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ lost: 0 });
    expect(sent.at(-2)).toEqual({ v: 1, k: 'rs', b: 'b1', n: 2 });
    // Its resend, from the oldest it holds.
    for (let n = 4; n <= 9; n++) ingest.accept(ev(n), origin);
    await ingest.idle();
    advance(ingest.resendEveryMs);
    ingest.accept(ev(11), origin);
    await ingest.idle();
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ lost: 2 });
    expect(await store.contiguousSeq('gb1-a', 'b1')).toBe(11);
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 11 });
  });

  it('a heartbeat shows a gap at the tail (events sent that never came, nothing newer): the hub asks for them', async () => {
    const { ingest, sent, origin } = setup();
    ingest.accept(ev(1), origin);
    await ingest.idle();
    ingest.accept(JSON.stringify({ v: 1, k: 'hb', d: 'gb1-a', b: 'b1', t: 30_000, up: 30, q: 3, n: 4 }), origin);
    await ingest.idle();
    expect(sent.at(-1)).toEqual({ v: 1, k: 'rs', b: 'b1', n: 2 });
  });

  it('asks for a gap once per resendEveryMs: events already on their way are not failed tries', async () => {
    let now = 1000;
    const store = new SqliteStore(':memory:');
    const ingest = new Ingest(store, DEMO_VENUE, () => now);
    const sent: HubCommand[] = [];
    const origin: Origin = { link: 'test', send: (_d, c) => sent.push(c) };
    const newer = 15;
    ingest.accept(ev(1), origin);
    for (let n = 3; n < 3 + newer; n++) ingest.accept(ev(n), origin);
    await ingest.idle();
    expect(sent.filter((c) => c.k === 'rs')).toEqual([{ v: 1, k: 'rs', b: 'b1', n: 2 }]);
    now += ingest.resendEveryMs;
    ingest.accept(ev(3 + newer), origin);
    await ingest.idle();
    expect(sent.filter((c) => c.k === 'rs')).toHaveLength(2);
    ingest.accept(ev(2), origin); // the resend arrives
    await ingest.idle();
    expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: 3 + newer });
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ lost: 0 });
  });

  it('rejects every kind of bad input with a reason, counted per device, and keeps going', async () => {
    const { store, ingest, origin } = setup();
    const reasons: string[] = [];
    ingest.on('rejected', (r) => reasons.push(`${r.rejection.code}: ${r.rejection.reason}`));
    ingest.accept('not json at all', origin);
    ingest.accept(`${OVERSIZE_MARKER} 9000`, origin);
    ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'b1', n: 'x', t: 1, e: 'goal', s: 'g1' }), origin);
    ingest.accept(JSON.stringify({ v: 9, k: 'ev', d: 'gb1-a', b: 'b1', n: 1, t: 1, e: 'goal', s: 'g1' }), origin);
    ingest.accept(ev(1, 'intruder'), origin);
    ingest.accept(ev(1), { ...origin, topic: { table: 'c1', device: 'gb1-a' } });
    ingest.accept(ev(1), origin);
    const c = ingest.counters.snapshot();
    expect(c['?']?.rejected).toEqual({ AR_NOT_JSON: 1, AR_LINE_TOO_LONG: 1 });
    expect(c['gb1-a']?.rejected).toEqual({ AR_SCHEMA: 1, AR_PROTOCOL_VERSION: 1, AR_TOPIC_MISMATCH: 1 });
    // A device the venue does not have: among the recent strangers, not a counter of its own for ever.
    expect(c['intruder']?.rejected).toEqual({ AR_UNKNOWN_DEVICE: 1 });
    expect(ingest.counters.unknownDevices()).toMatchObject({ rejected: 1, ids: 1, recent: [{ id: 'intruder', rejected: 1, lastCode: 'AR_UNKNOWN_DEVICE' }] });
    expect(ingest.counters.totalRejected()).toBe(6);
    expect(reasons).toHaveLength(6);
    for (const r of reasons) expect(r).toMatch(/^AR_[A-Z_]+: .{8,}/);
    await ingest.idle();
    expect(await store.countDeviceEvents()).toBe(1);
  });

  it('sheds load: beyond MAX_BACKLOG events waiting for a stalled store, new ones are refused unacknowledged and counted', async () => {
    const { store, ingest, sent, origin } = setup();
    let release: () => void = () => undefined;
    const stalled = new Promise<void>((r) => (release = r));
    const appendMany = store.appendDeviceEvents.bind(store);
    store.appendDeviceEvents = async (batch) => (await stalled, appendMany(batch));
    (store as { appendDeviceEventsNow?: unknown }).appendDeviceEventsNow = undefined; // as a store across a socket: no commit in the caller's turn
    const append = store.appendDeviceEvent.bind(store);
    store.appendDeviceEvent = async (e, times, link) => (await stalled, append(e, times, link));
    for (let n = 1; n <= MAX_BACKLOG + 10; n++) ingest.accept(ev(n), origin);
    expect(ingest.backlog).toBe(MAX_BACKLOG);
    expect(ingest.shed).toBe(10);
    expect(ingest.counters.snapshot()['gb1-a']).toMatchObject({ shed: 10 });
    release();
    await ingest.idle();
    // What was taken is stored and acknowledged; the shed ones the device still holds and sends again.
    expect(await store.countDeviceEvents()).toBe(MAX_BACKLOG);
    expect(sent.filter((c) => c.k === 'ack').at(-1)).toEqual({ v: 1, k: 'ack', b: 'b1', n: MAX_BACKLOG });
  });

  it('reports a device stale after a silence, and online again when it speaks', async () => {
    const store = new SqliteStore(':memory:');
    let now = 1000;
    const ingest = new Ingest(store, DEMO_VENUE, () => now);
    const origin: Origin = { link: 'test', send: () => {} };
    const hb = JSON.stringify({ v: 1, k: 'hb', d: 'c1-a', b: 'b1', t: 1, up: 1, q: 0, n: 0 });
    ingest.accept(hb, origin);
    now += ingest.staleAfterMs + 1;
    expect(ingest.deviceInfo().find((d) => d.id === 'c1-a')?.state).toBe('stale');
    ingest.accept(hb, origin);
    expect(ingest.deviceInfo().find((d) => d.id === 'c1-a')?.state).toBe('online');
  });

  it('tracks device health from status messages', async () => {
    const { ingest, origin } = setup();
    ingest.accept(JSON.stringify({ v: 1, k: 'hi', d: 'c1-a', b: 'b1', t: 1, fw: '1.2.0', board: 'espruino-pico', prof: 'carom', cap: 128 }), origin);
    ingest.accept(JSON.stringify({ v: 1, k: 'st', d: 'c1-a', b: 'b1', t: 1, state: 'online', q: 3, lost: 2, f: [{ s: 'r2', c: 'silent' }] }), origin);
    expect(ingest.deviceInfo().find((d) => d.id === 'c1-a')).toMatchObject({
      state: 'online',
      lastSeen: 1000,
      link: 'test',
      faults: [{ s: 'r2', c: 'silent' }],
      buffered: 3,
      capacity: 128,
      droppedOnDevice: 2,
      firmware: '1.2.0',
      profile: 'carom',
    });
    ingest.accept(JSON.stringify({ v: 1, k: 'st', d: 'c1-a', b: 'b1', t: 0, state: 'offline' }), origin);
    expect(ingest.deviceInfo().find((d) => d.id === 'c1-a')?.state).toBe('offline');
  });
});
