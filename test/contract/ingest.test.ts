/**
 * The ingest contract (./ingest.ts) run against every way into the hub: serial over a real
 * pseudo-terminal pair (socat), MQTT through the embedded aedes (the hub over TCP as an MQTT
 * client, and attached to the broker directly as `autoref start` runs it) and through the real Mosquitto,
 * and Firmata on mock-firmata.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import mqtt from 'mqtt';
import { abstractIngest, type IngestCase } from './ingest';
import { MockArduino } from './firmata-board';
import { FirmataEmulator } from './firmata-emulator';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair } from '../helpers/pty';
import { SimDevice, newBootId, type SimEventFields, type Transport } from '../../sim/device';
import { startEmbeddedBroker, type InProcessBroker } from '../../hub/broker';
import { FirmataLink, type FirmataLinkOptions } from '../../hub/ingest/firmata';
import { decodeHubCommand, encodeLine } from '../../shared/protocol/decode';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, MAX_LINE_BYTES, PROTOCOL_VERSION, topicFor } from '../../shared/protocol/wire';
import type { DeviceEvent, DeviceMessage } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import type { VenueConfig } from '../../shared/venue';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';

/** Goals and cushions in turn, as a golf-billiards table reports them. */
const FIELDS: SimEventFields[] = [
  { e: 'goal', s: 'g1', p: 'a', w: 4200, o: 'white' },
  { e: 'cushion', s: 'c1', p: 'n', m: 310 },
  { e: 'goal', s: 'g2', p: 'b', w: 3900 },
];

function simEmitter(dev: SimDevice): (count: number) => Promise<DeviceEvent[]> {
  let i = 0;
  return async (count) => Array.from({ length: count }, () => dev.emit(FIELDS[i++ % FIELDS.length]!));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function gbVenue(id: string, link: 'serial' | 'mqtt'): VenueConfig {
  const devices = [
    { id: 'gb1-a', link },
    { id: 'gb1-b', link },
  ];
  return { id, name: 'Contract', language: 'en', tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices }] };
}

const goodLine = (boot: string, n: number) => JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n, t: n, e: 'goal', s: 'g1' });

// --- serial over a socat pty pair ---------------------------------------------------------------

abstractIngest('serial over a pty (socat)', async (): Promise<IngestCase> => {
  const pty = await openPtyPair();
  const hub = await newHub({ venue: gbVenue('contract-serial', 'serial'), serial: [{ path: pty.hubEnd, backoffMinMs: 100 }] });
  await waitFor(() => hub.links[0]!.state() === 'online', 'serial link open');
  const port = new SerialPort({ path: pty.deviceEnd, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => {}); // the pty goes away in the last case
  const write = (s: string | Buffer) => new Promise<void>((r) => port.write(s, () => port.drain(() => r())));
  const lines = port.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'utf8' }));
  const transport: Transport = {
    send: (msg) => void port.write(encodeLine(msg)),
    onCommand: (cb) =>
      lines.on('data', (line: string) => {
        const d = decodeHubCommand(line.trim());
        if (d.ok) cb(d.msg);
      }),
    close: () => new Promise<void>((r) => (port.isOpen ? port.close(() => r()) : r())),
  };
  const dev = new SimDevice('gb1-a', transport);
  dev.hello('golf-billiards');
  return {
    hub,
    device: 'gb1-a',
    link: `serial:${pty.hubEnd}`,
    emit: simEmitter(dev),
    duplicate: async (e) => transport.send(e as DeviceEvent),
    acked: () => dev.acked,
    badInputs: [
      { what: 'a line that is not JSON', send: () => write('this is not json\n'), refusals: 1, code: 'AR_NOT_JSON' },
      {
        what: 'an event that breaks the schema',
        send: () => write(goodLine(dev.boot, 99).replace('"n":99', '"n":"x"') + '\n'),
        refusals: 1,
        code: 'AR_SCHEMA',
      },
      {
        what: 'a device not in the venue',
        send: () => write(goodLine(dev.boot, 99).replace('gb1-a', 'stranger') + '\n'),
        refusals: 1,
        code: 'AR_UNKNOWN_DEVICE',
      },
      { what: 'a line longer than the limit', send: () => write('x'.repeat(MAX_LINE_BYTES * 3) + '\n'), refusals: 1, code: 'AR_LINE_TOO_LONG' },
    ],
    refused: () => hub.ingest.counters.totalRejected(),
    goAway: () => pty.close(), // the cable: socat goes and both ends of the line with it
    linkState: () => hub.links[0]!.state(),
    linkFollowsDevice: true,
    close: async () => {
      await dev.close();
      await hub.close();
      await pty.close();
    },
  };
});

// --- MQTT -----------------------------------------------------------------------------------------

/** A device on MQTT with a last will, whose connection can be cut without a DISCONNECT. */
async function mqttCase(url: string, afterClose: () => Promise<void>, inProcess?: InProcessBroker): Promise<IngestCase> {
  const venue = gbVenue(`contract-${newBootId()}`, 'mqtt');
  const hub = await newHub({ venue, mqtt: { url, ...(inProcess ? { inProcess } : {}) } });
  const boot = newBootId();
  const topic = (channel: string) => topicFor(venue.id, 'gb1', 'gb1-a', channel);
  const offline: DeviceMessage = { v: PROTOCOL_VERSION, k: 'st', d: 'gb1-a', b: boot, t: 0, state: 'offline' };
  const client = await mqtt.connectAsync(url, {
    clientId: `autoref-contract-${boot}`,
    will: { topic: topic(CHANNEL_STATUS), payload: Buffer.from(JSON.stringify(offline)), qos: 1, retain: true },
    reconnectPeriod: 0,
  });
  await client.subscribeAsync(topic(CHANNEL_CMD), { qos: 1 });
  const publish = (t: string, payload: string | Buffer, retain = false) => client.publishAsync(t, payload, { qos: 1, retain }).then(() => undefined);
  const transport: Transport = {
    // A publish still in flight when the case cuts the connection fails: the device keeps the
    // event until acknowledged, as the firmware does, so that is not an error of the test.
    send: (msg) => void publish(topic(msg.k === 'ev' ? CHANNEL_EVENTS : CHANNEL_STATUS), JSON.stringify(msg), msg.k === 'st').catch(() => undefined),
    onCommand: (cb) =>
      client.on('message', (_t, payload) => {
        const d = decodeHubCommand(payload.toString('utf8'));
        if (d.ok) cb(d.msg);
      }),
    close: async () => {
      client.end(true);
    },
  };
  const dev = new SimDevice('gb1-a', transport, boot);
  dev.hello('golf-billiards');
  return {
    hub,
    device: 'gb1-a',
    link: 'mqtt',
    emit: simEmitter(dev),
    duplicate: async (e) => transport.send(e as DeviceEvent),
    acked: () => dev.acked,
    badInputs: [
      { what: 'a payload that is not JSON', send: () => publish(topic(CHANNEL_EVENTS), Buffer.from([0, 1, 2, 0xff])), refusals: 1, code: 'AR_NOT_JSON' },
      {
        what: 'an event that breaks the schema',
        send: () => publish(topic(CHANNEL_EVENTS), goodLine(boot, 99).replace('"t":99', '"t":"soon"')),
        refusals: 1,
        code: 'AR_SCHEMA',
      },
      {
        what: "another device's event on this device's topic",
        send: () => publish(topic(CHANNEL_EVENTS), goodLine(boot, 99).replace('gb1-a', 'gb1-b')),
        refusals: 1,
        code: 'AR_TOPIC_MISMATCH',
      },
      {
        what: 'a device not in the venue',
        send: () => publish(topicFor(venue.id, 'gb1', 'stranger', CHANNEL_EVENTS), goodLine(boot, 99).replace('gb1-a', 'stranger')),
        refusals: 1,
        code: 'AR_UNKNOWN_DEVICE',
      },
      {
        what: 'a payload longer than the limit',
        send: () => publish(topic(CHANNEL_EVENTS), 'y'.repeat(MAX_LINE_BYTES + 1)),
        refusals: 1,
        code: 'AR_LINE_TOO_LONG',
      },
    ],
    refused: () => hub.ingest.counters.totalRejected(),
    // Cut the TCP connection: no DISCONNECT, so the broker publishes the last will.
    goAway: async () => {
      client.stream.destroy();
    },
    linkState: () => hub.links[0]!.state(),
    linkFollowsDevice: false,
    close: async () => {
      await dev.close();
      await hub.close();
      // Clear the retained status (the last will) so the broker keeps nothing of this run.
      const c = await mqtt.connectAsync(url, { clientId: `autoref-contract-clear-${boot}` });
      await c.publishAsync(topic(CHANNEL_STATUS), '', { qos: 1, retain: true });
      await c.endAsync();
      await afterClose();
    },
  };
}

abstractIngest('MQTT through the embedded broker (aedes)', async () => {
  const broker = await startEmbeddedBroker({ port: 0 });
  return mqttCase(broker.url, () => broker.close());
});

// As `autoref start` runs it: the hub attached to the broker in its process, no MQTT client of its own.
abstractIngest('MQTT through the embedded broker, the hub attached directly', async () => {
  const broker = await startEmbeddedBroker({ port: 0 });
  return mqttCase(broker.url, () => broker.close(), broker.inProcess);
});

abstractIngest('MQTT through Mosquitto', () => mqttCase(MOSQUITTO, async () => {}));

// --- Firmata on mock-firmata ------------------------------------------------------------------------

const pool = JSON.parse(readFileSync(new URL('../../hardware/profiles/pool.json', import.meta.url), 'utf8')) as TableProfile;
/**
 * The pool profile with a wide minimum pulse on the rail-line beam. Timestamps are taken on the hub
 * (docs/firmata.md), and on a loaded machine the two edges of a pulse can be delayed by tens of ms
 * apart, so the good and the short pulses are far from the limit on either side.
 */
const PROFILE: TableProfile = { ...pool, sensors: pool.sensors.map((s) => (s.id === 'o1' ? { ...s, minWidthUs: 120_000 } : s)) };
const PINS: FirmataLinkOptions['pins'] = {
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
  out: 'A2',
};
const A0 = 14;
const A1 = 15;
const A2 = 16;
const firmataVenue: VenueConfig = {
  id: 'contract-firmata',
  name: 'Contract',
  language: 'en',
  tables: [{ id: 'p1', name: 'Pool', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'firmata', path: 'mock0' }] }],
};

/** A board the Firmata case drives: mock-firmata, or the emulator on a real pty. */
interface FirmataBench {
  path: string;
  io?: FirmataLinkOptions['io'];
  set(pin: number, level: 0 | 1): void;
  /** True once the hub reads this pin (reporting turned on). */
  reads(pin: number): boolean;
  goAway(): Promise<void>;
  close(): Promise<void>;
}

async function firmataCase(bench: FirmataBench): Promise<IngestCase> {
  const hub = await newHub({ venue: firmataVenue });
  const link = new FirmataLink(hub.ingest, { path: bench.path, device: 'p1-a', profile: PROFILE, pins: PINS, io: bench.io, backoffMinMs: 100 });
  link.start();
  await waitFor(() => link.state === 'online' && bench.reads(A0) && bench.reads(A2), 'board ready and read');
  let n = 0;
  let boot = link.bootId;
  // A beam's event leaves when the beam clears (plus its debounce): wait for it before the next
  // stimulus, as a player would, so that events do not overlap. The link may reconnect meanwhile
  // (on a loaded machine the board can miss its watchdog): a new boot numbers its events from 1.
  const sentOrNewBoot = (seq: number, was: string) =>
    waitFor(() => link.sent >= seq || link.bootId !== was, `event ${seq} sent by the link (or a new boot)`, 10_000);
  /** One pulse of the rail-line beam (out) or one hit on the head rail (cushion), in turn. */
  const stimulus = async (i: number): Promise<void> => {
    if (i % 2 === 0) {
      bench.set(A2, 0);
      await sleep(400);
      bench.set(A2, 1);
      return;
    }
    bench.set(A0, 1);
    await sleep(5);
    bench.set(A0, 0);
  };
  const emitOne = async (i: number): Promise<Partial<DeviceEvent>> => {
    for (let attempt = 0; ; attempt++) {
      if (boot !== link.bootId) {
        boot = link.bootId;
        n = link.sent;
      }
      const was = boot;
      await stimulus(i);
      // A stimulus the loaded machine let pass unread (the emulator's report and the link's read
      // both lag behind a 5 ms hit when both cores are busy: seen once in CI, 30 s without an
      // event) is played again after 10 s, as a player knocks again when nothing showed.
      const sent = await sentOrNewBoot(n + 1, was).then(
        () => true,
        () => false,
      );
      if (!sent) {
        if (attempt >= 2) throw new Error(`event ${n + 1}: three stimuli and the link sent nothing`);
        continue;
      }
      // The event went out in this boot, or the reconnected link sent it in its new one.
      if (link.bootId === was || link.sent > 0) {
        boot = link.bootId;
        n = link.sent;
        break;
      }
      // The link reconnected and the stimulus fell into the gap: play it again once the board is read.
      if (attempt >= 2) throw new Error('the Firmata link reconnected three times during one event');
      await waitFor(() => link.state === 'online' && bench.reads(A0) && bench.reads(A2), 'board ready and read again', 30_000);
    }
    if (i % 2 === 0) return { d: 'p1-a', b: boot, n, e: 'out', s: 'o1', w: expect.any(Number) as number };
    await sleep(100); // well past the piezo's dead time (30 ms)
    return { d: 'p1-a', b: boot, n, e: 'cushion', s: 'c1', p: 'head' };
  };
  let turn = 0;
  const filtered = () => Object.values(link.filteredCounts).reduce((a, b) => a + b, 0);
  return {
    hub,
    device: 'p1-a',
    link: `firmata:${bench.path}`,
    emit: async (count) => {
      const out: Partial<DeviceEvent>[] = [];
      for (let i = 0; i < count; i++) out.push(await emitOne(turn++));
      return out;
    },
    acked: () => link.acked,
    badInputs: [
      {
        what: 'a beam pulse shorter than minWidthUs',
        send: async () => {
          bench.set(A2, 0);
          await sleep(5);
          bench.set(A2, 1);
          await sleep(5);
        },
        refusals: 1, // short, or a bounce if both reports came in one read: both refused and counted
      },
      {
        what: 'contact bounce',
        send: async () => {
          bench.set(A2, 0);
          bench.set(A2, 1);
          await sleep(5);
        },
        refusals: 1,
      },
    ],
    refused: () => hub.ingest.counters.totalRejected() + filtered(),
    goAway: () => bench.goAway(),
    linkState: () => link.state,
    linkFollowsDevice: true,
    close: async () => {
      await link.close();
      await hub.close();
      await bench.close();
    },
  };
}

abstractIngest('Firmata on mock-firmata', () => {
  const board = new MockArduino({ [A0]: 0, [A1]: 0 });
  return firmataCase({
    path: 'mock0',
    io: board.io,
    set: (pin, level) => board.set(pin, level),
    reads: () => true,
    goAway: async () => board.unplug(),
    close: async () => {},
  });
});

abstractIngest('Firmata over a pty (socat) with an emulated StandardFirmata board', async () => {
  const pty = await openPtyPair();
  const emu = await FirmataEmulator.open(pty.deviceEnd, { [A0]: 0, [A1]: 0 });
  return firmataCase({
    path: pty.hubEnd,
    set: (pin, level) => emu.set(pin, level),
    reads: (pin) => emu.reports(pin),
    goAway: () => pty.close(),
    close: async () => {
      await emu.close();
      await pty.close();
    },
  });
});

describe('buildHub with a firmata option', () => {
  let hub: TestHub | undefined;
  afterAll(async () => {
    await hub?.close();
  });

  it('registers the board as a link and stores its events', async () => {
    const board = new MockArduino({ [A0]: 0, [A1]: 0 });
    hub = await newHub({ venue: firmataVenue, firmata: [{ path: 'mock0', device: 'p1-a', profile: PROFILE, pins: PINS }], firmataIo: board.io });
    const view = hub.links.find((l) => l.name === 'firmata:mock0');
    expect(view).toBeDefined();
    await waitFor(() => view!.state() === 'online', 'firmata link online');
    board.set(A2, 0);
    await sleep(400);
    board.set(A2, 1);
    await waitFor(async () => (await hub!.store.countDeviceEvents()) === 1, 'the event stored');
    expect((await hub.store.recentDeviceEvents(1))[0]).toMatchObject({ link: 'firmata:mock0', event: { d: 'p1-a', n: 1, e: 'out', s: 'o1' } });
    const r = await hub.app.inject({ method: 'GET', url: '/api/devices' });
    expect(r.json<{ devices: { id: string; state: string; link: string | null }[] }>().devices.find((d) => d.id === 'p1-a')).toMatchObject({
      state: 'online',
      link: 'firmata:mock0',
    });
  });
});

describe('Firmata over a pty: the cable pulled and plugged back', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('goes offline, reconnects with backoff, and starts a new boot from sequence 1', { timeout: 90_000 }, async () => {
    const first = await openPtyPair();
    let emu = await FirmataEmulator.open(first.deviceEnd, { [A0]: 0, [A1]: 0 });
    const hub = await newHub({ venue: firmataVenue });
    const link = new FirmataLink(hub.ingest, { path: first.hubEnd, device: 'p1-a', profile: PROFILE, pins: PINS, backoffMinMs: 50, backoffMaxMs: 200 });
    cleanup.push(
      () => hub.close(),
      () => link.close(),
    );
    const states: string[] = [];
    link.on('state', (s) => states.push(s));
    link.start();
    const pulse = async (e: FirmataEmulator) => {
      e.set(A2, 0);
      await sleep(400);
      e.set(A2, 1);
    };
    await waitFor(() => link.state === 'online' && emu.reports(A2), 'first connection');
    const boot1 = link.bootId;
    await pulse(emu);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'event of the first boot');

    await first.close();
    await emu.close();
    // The hangup reaches the port through the kernel and the binding's poller: on a loaded 2-core
    // machine (the whole suite beside it) that took longer than the default 10 s once in CI.
    await waitFor(() => link.state === 'reconnecting', 'link reconnecting', 30_000);
    expect(hub.ingest.deviceInfo().find((d) => d.id === 'p1-a')?.state).toBe('offline');

    const again = await openPtyPair(first.dir);
    emu = await FirmataEmulator.open(again.deviceEnd, { [A0]: 0, [A1]: 0 });
    cleanup.push(
      () => again.close(),
      () => emu.close(),
    );
    await waitFor(() => link.state === 'online' && emu.reports(A2), 'back online on the same path');
    expect(link.bootId).not.toBe(boot1);
    await pulse(emu);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 2, 'event of the second boot');
    expect((await hub.store.recentDeviceEvents(2)).map((s) => [s.event.b, s.event.n])).toEqual([
      [boot1, 1],
      [link.bootId, 1],
    ]);
    expect(states).toEqual(['online', 'offline', 'reconnecting', 'online']);
  });

  it('a board whose device file is gone goes offline even when the port reports no hangup', { timeout: 60_000 }, async () => {
    const pty = await openPtyPair();
    const emu = await FirmataEmulator.open(pty.deviceEnd, { [A0]: 0, [A1]: 0 });
    const hub = await newHub({ venue: firmataVenue });
    const link = new FirmataLink(hub.ingest, { path: pty.hubEnd, device: 'p1-a', profile: PROFILE, pins: PINS, backoffMinMs: 50, backoffMaxMs: 200 });
    cleanup.push(
      () => hub.close(),
      () => link.close(),
      () => emu.close(),
      () => pty.close(),
    );
    link.start();
    await waitFor(() => link.state === 'online' && emu.reports(A2), 'first connection');
    // The line itself stays up (socat runs on): only the file the hub opened by is removed, as
    // when a USB cable is pulled and the kernel removes /dev/ttyACM0 before the port notices.
    unlinkSync(pty.hubEnd);
    await waitFor(() => link.state === 'reconnecting', 'link reconnecting', 10_000);
    expect(hub.ingest.deviceInfo().find((d) => d.id === 'p1-a')?.state).toBe('offline');
  });
});
