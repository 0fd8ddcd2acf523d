/**
 * Bad input over the real links: garbage on a serial line (pty) and on MQTT (Mosquitto) is
 * rejected with a reason, counted per device, and never stops the next good event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SerialPort } from 'serialport';
import mqtt from 'mqtt';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { MAX_LINE_BYTES, topicFor } from '../../shared/protocol/wire';
import { newBootId } from '../../sim/device';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';

interface DevicesReply {
  devices: { id: string; counters: { accepted: number; rejected: Record<string, number> } | null }[];
  unknown: { rejected: Record<string, number> } | null;
}

async function devices(hub: TestHub): Promise<DevicesReply> {
  const r = await hub.app.inject({ method: 'GET', url: '/api/devices' });
  expect(r.statusCode).toBe(200);
  return r.json<DevicesReply>();
}

const good = (n: number, boot: string) => JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n, t: n, e: 'goal', s: 'g1', p: 'A' });

describe('bad input over a real serial line', () => {
  let pty: PtyPair;
  let hub: TestHub;
  let port: SerialPort;
  const venue: VenueConfig = { ...DEMO_VENUE, tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }] };

  beforeAll(async () => {
    pty = await openPtyPair();
    hub = await newHub({ venue, serial: [{ path: pty.hubEnd }] });
    await waitFor(() => hub.links[0]!.state() === 'online', 'serial link');
    port = new SerialPort({ path: pty.deviceEnd, baudRate: 115200 });
    await new Promise((r) => port.once('open', r));
  });
  afterAll(async () => {
    await new Promise((r) => port.close(r));
    await hub.close();
    await pty.close();
  });

  const write = (s: string | Buffer) => new Promise<void>((r) => port.write(s, () => port.drain(() => r())));

  it('rejects each kind of bad line with its code and still takes the next good one', async () => {
    const boot = newBootId();
    await write('this is not json\n');
    await write('x'.repeat(MAX_LINE_BYTES * 40)); // no newline for a long while
    await write('\n');
    await write(Buffer.from([0xc3, 0x28, 0xff, 0x0a]));
    await write(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 'seven', t: 1, e: 'goal', s: 'g1' }) + '\n');
    await write(JSON.stringify({ v: 3, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }) + '\n');
    await write(good(1, boot).replace('gb1-a', 'stranger') + '\n');
    await write(good(1, boot) + '\n');
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'the good event after the bad ones');
    const d = await devices(hub);
    expect(d.unknown?.rejected).toEqual({ AR_NOT_JSON: 2, AR_LINE_TOO_LONG: 1 });
    expect(d.devices.find((x) => x.id === 'gb1-a')?.counters).toMatchObject({ accepted: 1, rejected: { AR_SCHEMA: 1, AR_PROTOCOL_VERSION: 1 } });
    const stranger = hub.ingest.counters.snapshot()['stranger'];
    expect(stranger?.rejected).toEqual({ AR_UNKNOWN_DEVICE: 1 });
  });

  it('survives 2,000 generated lines of junk and near-valid JSON without stalling', async () => {
    const boot = newBootId();
    const junk = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.json({ maxDepth: 3 }),
        fc
          .record({ v: fc.constantFrom(1, 2, '1'), k: fc.constantFrom('ev', 'st', 'x'), d: fc.constantFrom('gb1-a', 'zz'), n: fc.integer(), t: fc.double() })
          .map((o) => JSON.stringify(o)),
      ),
      { numRuns: 2000, seed: 42 },
    );
    const before = hub.ingest.counters.totalRejected();
    const stored = await hub.store.countDeviceEvents();
    for (let i = 0; i < junk.length; i += 100)
      await write(
        junk
          .slice(i, i + 100)
          .map((l) => l.replace(/\n/g, ' '))
          .join('\n') + '\n',
      );
    await write(good(1, boot) + '\n');
    await waitFor(async () => (await hub.store.countDeviceEvents()) === stored + 1, 'the good event after the junk', 20_000);
    const rejected = hub.ingest.counters.totalRejected() - before;
    // Every non-empty junk line was rejected (none of them is a valid event).
    const nonEmpty = junk.map((l) => l.replace(/\n/g, ' ')).filter((l) => l.replace(/\r$/, '').length > 0).length;
    expect(rejected).toBe(nonEmpty);
  });
});

describe('bad input over MQTT (Mosquitto)', () => {
  let hub: TestHub;
  let client: mqtt.MqttClient;
  const venue: VenueConfig = { ...DEMO_VENUE, id: `bad-${newBootId()}` };

  beforeAll(async () => {
    hub = await newHub({ venue, mqtt: { url: MOSQUITTO } });
    client = await mqtt.connectAsync(MOSQUITTO, { clientId: `autoref-bad-${process.pid}` });
  });
  afterAll(async () => {
    await client.endAsync();
    await hub.close();
  });

  it("rejects bad payloads and payloads on another device's topic, then takes a good one", async () => {
    const boot = newBootId();
    const topic = topicFor(venue.id, 'gb1', 'gb1-a', 'events');
    await client.publishAsync(topic, Buffer.from([0, 1, 2, 3]), { qos: 1 });
    await client.publishAsync(topic, 'y'.repeat(MAX_LINE_BYTES + 1), { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 'soon', e: 'goal', s: 'g1' }), { qos: 1 });
    await client.publishAsync(topicFor(venue.id, 'c1', 'c1-a', 'events'), good(1, boot), { qos: 1 });
    await client.publishAsync(topic, good(1, boot), { qos: 1 });
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'the good MQTT event');
    await waitFor(() => hub.ingest.counters.totalRejected() === 4, 'four rejections');
    const c = hub.ingest.counters.snapshot();
    // Counted against the device whose topic it came on (with logins, the one that sent it), not
    // the one a payload names (issue #21): gb1-a's junk is gb1-a's, the payload naming gb1-a on c1-a's topic is c1-a's.
    expect(c['?']).toBeUndefined();
    expect(c['gb1-a']?.rejected).toEqual({ AR_NOT_JSON: 1, AR_LINE_TOO_LONG: 1, AR_SCHEMA: 1 });
    expect(c['c1-a']?.rejected).toEqual({ AR_TOPIC_MISMATCH: 1 });
  });
});
