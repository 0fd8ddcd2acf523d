import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirmataLink, Settle, planWatches, type FirmataLinkOptions } from './firmata';
import { Ingest } from './pipeline';
import { SqliteStore } from '../store/sqlite';
import { AutorefError } from '../../shared/errors';
import type { SensorOptions, TableProfile } from '../../shared/profile';
import type { DeviceMessage } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { MockArduino } from '../../test/contract/firmata-board';

const pool = JSON.parse(readFileSync(new URL('../../hardware/profiles/pool.json', import.meta.url), 'utf8')) as TableProfile;

/** The pool profile on an Arduino Uno: 15 pins of its 18. */
const POOL_PINS: FirmataLinkOptions['pins'] = {
  jaw1: 2,
  drop1: 3,
  jaw2: 4,
  drop2: 5,
  jaw3: 6,
  drop3: 7,
  jaw4: 8,
  drop4: 9,
  jaw5: 10,
  drop5: 11,
  jaw6: 12,
  drop6: 13,
  rail_head: 'A0',
  rail_foot: 'A1',
  out: { pin: 'A2', pullup: true },
};
const A0 = 14;
const A1 = 15;
const A2 = 16;

const venue: VenueConfig = {
  id: 'v',
  name: 'V',
  language: 'en',
  tables: [{ id: 'p1', name: 'Pool', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'firmata', path: '/dev/ttyACM0' }] }],
};

const noSink = { event: () => {}, fault: () => {}, filtered: () => {} };

describe('Settle (declared debounce)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the first report as the initial level, ignores repeats, and stamps an edge with its own time once it has held', () => {
    const edges: [number, number][] = [];
    let bounces = 0;
    const s = new Settle(
      5,
      (l, at) => edges.push([l, at]),
      () => bounces++,
    );
    s.input(1, 0);
    s.input(1, 10);
    expect(edges).toEqual([]);
    s.input(0, 1000);
    vi.advanceTimersByTime(4);
    expect(edges).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(edges).toEqual([[0, 1000]]);
    expect(s.level).toBe(0);
    expect(bounces).toBe(0);
  });

  it('drops a level that comes back within the debounce time as a bounce', () => {
    const edges: [number, number][] = [];
    let bounces = 0;
    const s = new Settle(
      5,
      (l, at) => edges.push([l, at]),
      () => bounces++,
    );
    s.input(1, 0);
    s.input(0, 100);
    vi.advanceTimersByTime(2);
    s.input(1, 2100);
    vi.advanceTimersByTime(10);
    expect(edges).toEqual([]);
    expect(bounces).toBe(1);
    expect(s.level).toBe(1);
  });

  it('passes every edge at once with a debounce of 0', () => {
    const edges: number[] = [];
    const s = new Settle(
      0,
      (l) => edges.push(l),
      () => {},
    );
    s.input(0, 0);
    s.input(1, 1);
    s.input(0, 2);
    expect(edges).toEqual([1, 0]);
  });
});

describe('planWatches: what a StandardFirmata board can read', () => {
  it('reads the pool profile as it is: twelve pocket beams, two piezos, one beam', () => {
    const w = planWatches({ profile: pool, pins: POOL_PINS }, noSink);
    expect(w).toHaveLength(15);
    expect(w.filter((x) => x.drop)).toHaveLength(6);
    expect(w.find((x) => x.logical === 'out')).toMatchObject({ pin: 'A2', pullup: true, settle: 1 });
  });

  it('leaves out sensors whose pin is not on this board', () => {
    expect(planWatches({ profile: pool, pins: { out: 2 } }, noSink).map((x) => x.reader.s.id)).toEqual(['o1']);
  });

  const code = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      if (e instanceof AutorefError) return `${e.code}: ${e.message}`;
      throw e;
    }
    return 'no error';
  };
  const one = (s: SensorOptions, pins: FirmataLinkOptions['pins']) => code(() => planWatches({ profile: { id: 'x', sensors: [s] }, pins }, noSink));

  it('refuses at once what Firmata cannot do, naming the sensor', () => {
    expect(one({ id: 't1', kind: 'tag', part: 'RDM6300', pin: 'rx' }, { rx: 2 })).toMatch(/^AR_CONFIG: .*t1: a tag reader needs a UART/);
    expect(one({ id: 'g1', kind: 'beam', event: 'goal', pin: 'g', colour: { part: 'TCS34725', balls: [{ id: 'w', rgb: [1, 1, 1] }] } }, { g: 2 })).toMatch(
      /g1: colour/,
    );
    expect(one({ id: 'c1', kind: 'piezo', event: 'cushion', pin: 'c', analog: 'ca' }, { c: 2, ca: 'A0' })).toMatch(/c1: the piezo magnitude/);
    expect(one({ id: 'k1', kind: 'pocket', pin: 'j', drop: 'd' }, { j: 2 })).toMatch(/k1: logical pin "d" is not in pins/);
    expect(one({ id: 'o1', kind: 'beam', event: 'out', pin: 'o' }, { o: 1 })).toMatch(/o1: "1" is not an Arduino pin/);
    expect(one({ id: 'o1', kind: 'beam', event: 'out', pin: 'o' }, { o: 'D7' })).toMatch(/not an Arduino pin/);
    expect(code(() => planWatches({ profile: pool, pins: { ...POOL_PINS, out: 2 } }, noSink))).toMatch(/o1: pin 2 already used by k1/);
  });

  it('refuses a bad pin map when the link is made, not when the board connects', () => {
    const store = new SqliteStore(':memory:');
    expect(() => new FirmataLink(new Ingest(store, venue), { path: 'x', device: 'p1-a', profile: pool, pins: { ...POOL_PINS, out: 0 } })).toThrow(AutorefError);
    store.close();
  });
});

describe('FirmataLink on mock-firmata', () => {
  let store: SqliteStore;
  let ingest: Ingest;
  let board: MockArduino;
  let link: FirmataLink;
  let ns = 1_000_000_000n;
  const messages: DeviceMessage[] = [];

  /** Moves the link's clock and the timers together. */
  const advance = async (ms: number): Promise<void> => {
    ns += BigInt(Math.round(ms * 1e6));
    await vi.advanceTimersByTimeAsync(ms);
  };
  const events = () => messages.filter((m) => m.k === 'ev');

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] });
    store = new SqliteStore(':memory:');
    ingest = new Ingest(store, venue);
    messages.length = 0;
    ingest.on('device-message', (m) => messages.push(m));
    board = new MockArduino({ [A0]: 0, [A1]: 0 });
    link = new FirmataLink(ingest, {
      path: '/dev/ttyACM0',
      device: 'p1-a',
      profile: pool,
      pins: POOL_PINS,
      io: board.io,
      clock: () => ns,
      backoffMinMs: 100,
      backoffMaxMs: 1000,
    });
    link.start();
    await advance(0);
  });
  afterEach(async () => {
    await link.close();
    store.close();
    vi.useRealTimers();
  });

  it('comes online and says hello and online like a device, with a fresh boot id', () => {
    expect(link.state).toBe('online');
    expect(link.bootId).toMatch(/^[0-9a-f]{8}$/);
    expect(messages.map((m) => m.k)).toEqual(['hi', 'st']);
    expect(messages[0]).toMatchObject({ v: 1, k: 'hi', d: 'p1-a', b: link.bootId, t: 0, board: 'firmata', prof: 'pool', cap: 256 });
    expect(messages[1]).toMatchObject({ k: 'st', state: 'online', q: 0, lost: 0 });
    expect(ingest.deviceInfo()[0]).toMatchObject({ id: 'p1-a', state: 'online', link: 'firmata:/dev/ttyACM0', boot: link.bootId });
    expect(ingest.counters.totalRejected()).toBe(0);
  });

  it('turns a beam pulse into an event stamped at the blocking edge, with its width, and stores it', async () => {
    await advance(500);
    board.set(A2, 0); // out-of-table beam blocked (active low)
    await advance(1);
    await advance(9);
    board.set(A2, 1);
    await advance(5);
    expect(events()).toEqual([{ v: 1, k: 'ev', d: 'p1-a', b: link.bootId, n: 1, t: 500_000, e: 'out', s: 'o1', w: 10_000 }]);
    expect((await store.recentDeviceEvents(5)).map((s) => [s.link, s.event.n])).toEqual([['firmata:/dev/ttyACM0', 1]]);
    expect(link.acked).toBe(1);
    expect(link.pending).toBe(0);
  });

  it('drops a pulse shorter than minWidthUs and a bounce shorter than the debounce, and counts them', async () => {
    board.set(A2, 0);
    await advance(1);
    board.set(A2, 1); // 1 ms pulse: settles, but shorter than the 2 ms minimum width
    await advance(5);
    board.set(A2, 0);
    board.set(A2, 1); // back within the 1 ms debounce
    await advance(5);
    expect(events()).toEqual([]);
    expect(link.filteredCounts).toMatchObject({ short: 1, bounce: 1 });
  });

  it('reports a pocket capture when the drop beam follows the jaw, and a rattle when it does not', async () => {
    board.set(2, 0);
    await advance(20);
    board.set(2, 1);
    await advance(100);
    board.set(3, 0); // drop beam under pocket k1
    await advance(10);
    board.set(3, 1);
    board.set(4, 0); // pocket k2: the ball comes back out
    await advance(20);
    board.set(4, 1);
    await advance(799);
    expect(events().map((e) => e.e)).toEqual(['pocket']);
    await advance(2);
    expect(events().map((e) => [e.e, e.s, e.p, e.w])).toEqual([
      ['pocket', 'k1', 'tl', 20_000],
      ['rattle', 'k2', 'tm', 20_000],
    ]);
    expect(events().map((e) => e.n)).toEqual([1, 2]);
  });

  it('gives one cushion event per piezo hit and ignores the ringing within deadMs', async () => {
    board.set(A0, 1);
    await advance(1);
    board.set(A0, 0);
    await advance(10);
    board.set(A0, 1); // 11 ms after the hit: ringing
    await advance(1);
    board.set(A0, 0);
    await advance(40);
    board.set(A0, 1); // a new hit
    await advance(1);
    expect(events().map((e) => [e.e, e.s, e.p, e.w])).toEqual([
      ['cushion', 'c1', 'head', undefined],
      ['cushion', 'c1', 'head', undefined],
    ]);
    expect(link.filteredCounts.dead).toBe(1);
  });

  it('reports a beam blocked past stuckMs as a fault, not an event, and clears the fault when it clears', async () => {
    board.set(A2, 0);
    await advance(5001);
    const st = messages.filter((m) => m.k === 'st');
    expect(st.at(-1)).toMatchObject({ state: 'online', f: [{ s: 'o1', c: 'stuck' }] });
    board.set(A2, 1);
    await advance(5);
    expect(messages.filter((m) => m.k === 'st').at(-1)).not.toHaveProperty('f');
    expect(events()).toEqual([]);
    expect(link.filteredCounts.stuck).toBe(1);
  });

  it('answers a clock-sync request with its time, after the hub call returns', async () => {
    await advance(250);
    expect(ingest.sendTo('p1-a', { v: 1, k: 'sy', q: 7 })).toBe(true);
    expect(messages.filter((m) => m.k === 'sy')).toEqual([]);
    await advance(0);
    expect(messages.filter((m) => m.k === 'sy')).toEqual([{ v: 1, k: 'sy', d: 'p1-a', b: link.bootId, q: 7, t: 250_000 }]);
  });

  it('sends again on rs the events it still holds; the hub keeps one copy and counts the other as a duplicate', async () => {
    // The only way this link sends an event twice: the hub asks for it (rs) before its ack came.
    // A store without a same-turn commit keeps the first copy waiting for its group commit.
    const grouped = Object.assign(Object.create(store) as SqliteStore, { appendDeviceEventsNow: undefined });
    const hub = new Ingest(grouped, venue);
    const board2 = new MockArduino({ [A0]: 0, [A1]: 0 });
    const link2 = new FirmataLink(hub, { path: '/dev/ttyACM1', device: 'p1-a', profile: pool, pins: POOL_PINS, io: board2.io, clock: () => ns });
    const seen: DeviceMessage[] = [];
    let asked = false;
    hub.on('device-message', (m) => {
      seen.push(m);
      if (m.k === 'ev' && !asked) {
        asked = true;
        expect(link2.pending).toBe(1);
        hub.sendTo('p1-a', { v: 1, k: 'rs', b: 'another-boot', n: 1 }); // not this boot's: ignored
        hub.sendTo('p1-a', { v: 1, k: 'rs', b: m.b, n: m.n });
      }
    });
    try {
      link2.start();
      await advance(0);
      board2.set(A2, 0);
      await advance(10);
      board2.set(A2, 1);
      await advance(5);
      await hub.idle();
      expect(seen.filter((m) => m.k === 'ev').map((m) => [m.b, (m as { n: number }).n])).toEqual([
        [link2.bootId, 1],
        [link2.bootId, 1],
      ]);
      expect((await store.recentDeviceEvents(5)).filter((s) => s.link === 'firmata:/dev/ttyACM1').map((s) => s.event.n)).toEqual([1]);
      expect(hub.counters.snapshot()['p1-a']).toMatchObject({ accepted: 1, duplicates: 1 });
      expect([link2.acked, link2.pending]).toEqual([1, 0]);
      // Acknowledged: nothing is left to send again.
      hub.sendTo('p1-a', { v: 1, k: 'rs', b: link2.bootId, n: 1 });
      await advance(5);
      expect(seen.filter((m) => m.k === 'ev')).toHaveLength(2);
    } finally {
      await link2.close();
    }
  });

  it('goes offline when the cable is pulled, retries with growing backoff, and comes back with a new boot from sequence 1', async () => {
    board.set(A2, 0);
    await advance(10);
    board.set(A2, 1);
    await advance(5);
    const firstBoot = link.bootId;
    const states: string[] = [];
    link.on('state', (s) => states.push(s));
    board.unplug();
    expect(states).toEqual(['offline', 'reconnecting']);
    expect(messages.at(-1)).toMatchObject({ k: 'st', state: 'offline', b: firstBoot });
    expect(ingest.deviceInfo()[0]?.state).toBe('offline');
    const attempts = board.attempts;
    await advance(100 + 200 + 400 + 800 + 1000 + 1000 - 1);
    expect(board.attempts - attempts).toBe(5); // 100, 200, 400, 800 and 1000 ms (capped)
    board.plug();
    await advance(1);
    expect(link.state).toBe('online');
    expect(link.bootId).not.toBe(firstBoot);
    board.set(A2, 0);
    await advance(10);
    board.set(A2, 1);
    await advance(5);
    expect(events().map((e) => [e.b, e.n])).toEqual([
      [firstBoot, 1],
      [link.bootId, 1],
    ]);
    expect(states.at(-1)).toBe('online');
  });

  it('leaves no timer behind when closed', async () => {
    board.set(A2, 0); // a pending stuck timer
    await advance(2);
    await link.close();
    expect(link.state).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
    expect(messages.at(-1)).toMatchObject({ k: 'st', state: 'offline' });
  });
});
