/**
 * Ids that are names of Object.prototype (`constructor`, `__proto__`, `toString`, ...), in every
 * place outside input can put one: the payload's device, the topic's table and device, over a
 * serial line (straight into the ingest and over a real pty) and through a broker without
 * secrets. Issue #21: `{"d":"constructor"}` (19 bytes) killed the hub, because per-device lookups
 * were plain objects and the name resolved to a member of Object.prototype; and a valid event of
 * device `constructor` over serial was stored for a device the venue does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { SerialPort } from 'serialport';
import { Ingest, type Origin } from '../../hub/ingest/pipeline';
import { SqliteStore } from '../../hub/store/sqlite';
import { ClockSync } from '../../hub/time/sync';
import { hubNow } from '../../hub/time/hub-clock';
import type { HubCommand } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { PROTOTYPE_NAMES, embeddedHub, type EmbeddedHub } from './kit';

const venueOf = (id: string, link: 'serial' | 'mqtt'): VenueConfig => ({
  id,
  name: 'Prototype names',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link }] }],
});

/** Every message shape with `name` as its device: bare, and each kind valid but for the name. */
function messagesNaming(name: string): string[] {
  const d = JSON.stringify(name);
  return [
    `{"d":${d}}`,
    `{"v":1,"k":"ev","d":${d},"b":"pr1","n":1,"t":1000,"e":"goal","s":"g1","p":"A"}`,
    `{"v":1,"k":"st","d":${d},"b":"pr1","t":5,"state":"online","q":0,"cap":64,"lost":0}`,
    `{"v":1,"k":"st","d":${d},"b":"pr1","t":0,"state":"offline"}`,
    `{"v":1,"k":"hb","d":${d},"b":"pr1","t":5,"up":1,"q":0,"n":1}`,
    `{"v":1,"k":"hi","d":${d},"b":"pr1","t":5,"fw":"1","board":"sim","prof":"golf-billiards","cap":64}`,
    `{"v":1,"k":"sy","d":${d},"b":"pr1","t":5,"q":1}`,
    // The name as the message kind and as a field.
    `{"v":1,"k":${d},"d":"gb1-a","b":"pr1","t":5}`,
    `{"v":1,"k":"ev","d":"gb1-a","b":"pr1","n":1,"t":1000,"e":"goal","s":"g1",${d}:1}`,
  ];
}

describe('ids named after Object.prototype members', () => {
  it(`straight into Ingest.accept (${PROTOTYPE_NAMES.length} names, as serial lines and as MQTT payloads on every topic they can name): none throws, each is refused and counted, nothing is stored`, async () => {
    const store = new SqliteStore(':memory:');
    const ingest = new Ingest(store, venueOf('pr', 'serial'));
    // Clock sync on as in the hub: it keys its own maps by device and boot.
    const clock = new ClockSync(ingest, { now: hubNow });
    ingest.clock = clock;
    const sent: HubCommand[] = [];
    const send = (_d: string, c: HubCommand): void => void sent.push(c);
    let rejected = 0;
    let taken = 0;
    ingest.on('rejected', () => rejected++);
    ingest.on('device-message', () => taken++);
    let inputs = 0;
    for (const name of PROTOTYPE_NAMES) {
      const origins: Origin[] = [
        { link: 'serial:pr', send },
        { link: 'mqtt', topic: { table: name, device: name }, send },
        { link: 'mqtt', topic: { table: 'gb1', device: name }, send },
        { link: 'mqtt', topic: { table: name, device: 'gb1-a' }, send },
      ];
      for (const origin of origins) {
        for (const m of messagesNaming(name)) {
          inputs++;
          expect(() => ingest.accept(origin.topic ? Buffer.from(m) : m, origin), `${m} from ${JSON.stringify(origin.topic ?? origin.link)}`).not.toThrow();
        }
      }
      expect(() => clock.round()).not.toThrow();
    }
    await ingest.idle();
    // Every input was refused: none names the venue's device in a way the hub may take.
    expect({ rejected, taken }).toEqual({ rejected: inputs, taken: 0 });
    expect(ingest.counters.totalRejected()).toBe(inputs);
    expect(await store.countDeviceEvents()).toBe(0);
    expect(sent).toEqual([]);
    // The venue's own device is untouched by all that, and the hub still takes its event.
    const boot = newBootId();
    ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), { link: 'serial:pr', send });
    await ingest.idle();
    expect(await store.contiguousSeq('gb1-a', boot)).toBe(1);
    expect(sent).toEqual([{ v: 1, k: 'ack', b: boot, n: 1 }]);
    await store.close();
  });

  it('a valid event of device "constructor" over serial is refused as an unknown device, not stored', async () => {
    const store = new SqliteStore(':memory:');
    const ingest = new Ingest(store, venueOf('pr', 'serial'));
    const codes: string[] = [];
    ingest.on('rejected', (r) => codes.push(r.rejection.code));
    ingest.accept('{"v":1,"k":"ev","d":"constructor","b":"pr1","n":1,"t":1000,"e":"goal","s":"g1","p":"A"}', { link: 'serial:pr', send: () => undefined });
    await ingest.idle();
    expect(codes).toEqual(['AR_UNKNOWN_DEVICE']);
    expect(await store.countDeviceEvents()).toBe(0);
    expect(ingest.deviceInfo().map((d) => d.id)).toEqual(['gb1-a']);
    await store.close();
  });
});

describe('prototype names over a real pty', () => {
  let pty: PtyPair;
  let hub: TestHub;
  let port: SerialPort;
  beforeAll(async () => {
    pty = await openPtyPair();
    hub = await newHub({ venue: venueOf('prs', 'serial'), serial: [{ path: pty.hubEnd }], decisionDefaultMs: null });
    await waitFor(() => hub.links[0]!.state() === 'online', 'serial link');
    port = new SerialPort({ path: pty.deviceEnd, baudRate: 115200 });
    await new Promise((r) => port.once('open', r));
    port.on('data', () => undefined);
  });
  afterAll(async () => {
    await new Promise((r) => port.close(r));
    await hub.close();
    await pty.close();
  });

  it('every message naming a prototype member is refused; the hub lives and takes the next good event', async () => {
    let rejected = 0;
    hub.ingest.on('rejected', () => rejected++);
    const lines = PROTOTYPE_NAMES.flatMap(messagesNaming);
    await new Promise<void>((r) => port.write(lines.join('\n') + '\n', () => port.drain(() => r())));
    const boot = newBootId();
    await new Promise<void>((r) =>
      port.write(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }) + '\n', () => port.drain(() => r())),
    );
    await waitFor(async () => (await hub.store.contiguousSeq('gb1-a', boot)) === 1, 'the good event after them', 20_000);
    expect(rejected).toBe(lines.length);
    expect(await hub.store.countDeviceEvents()).toBe(1);
    const r = await hub.app.inject({ method: 'GET', url: '/api/devices' });
    expect(r.statusCode).toBe(200);
  });
});

describe('prototype names through the embedded broker without secrets', () => {
  let e: EmbeddedHub;
  const venue = venueOf('prm', 'mqtt');
  beforeAll(async () => {
    e = await embeddedHub(venue);
  });
  afterAll(async () => {
    await e.close();
  });

  it("on the device's own topic and on topics naming the prototype member: refused, the hub lives and takes the next good event", async () => {
    expect(e.broker.auth).toBe(false);
    let rejected = 0;
    e.hub.ingest.on('rejected', () => rejected++);
    const client = await mqtt.connectAsync(e.broker.url, { clientId: `proto-${process.pid}`, reconnectPeriod: 0 });
    let published = 0;
    for (const name of PROTOTYPE_NAMES) {
      for (const topic of [
        `autoref/${venue.id}/gb1/gb1-a/events`,
        `autoref/${venue.id}/gb1/gb1-a/status`,
        `autoref/${venue.id}/${name}/${name}/events`,
        `autoref/${venue.id}/gb1/${name}/status`,
      ]) {
        for (const m of messagesNaming(name)) {
          await client.publishAsync(topic, m, { qos: 1 });
          published++;
        }
      }
    }
    const boot = newBootId();
    await client.publishAsync(`autoref/${venue.id}/gb1/gb1-a/events`, JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), {
      qos: 1,
    });
    await waitFor(async () => (await e.hub.store.contiguousSeq('gb1-a', boot)) === 1, 'the good event after them', 20_000);
    await waitFor(() => rejected === published, 'every payload refused', 10_000);
    const r = await fetch(`${e.url}/api/devices`);
    expect(r.status).toBe(200);
    await client.endAsync();
  });
});

describe('prototype names in API paths and bodies', () => {
  it('every route that takes a table, device or match id answers them as the unknown ids they are: never a 5xx, nothing written', async () => {
    const hub = await newHub({ token: '4711', decisionDefaultMs: null });
    try {
      const players = [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ];
      const failed: string[] = [];
      for (const n of PROTOTYPE_NAMES) {
        const routes: [string, string, object?][] = [
          ['GET', `/api/tables/${n}/live`],
          ['GET', `/api/tables/${n}/token`],
          ['GET', `/api/matches/${n}`],
          ['GET', `/api/matches/${n}/events`],
          ['POST', `/api/tables/${n}/matches`, { players }],
          ['POST', `/api/tables/${n}/input`, { type: 'at_rest', by: 'referee' }],
          ['POST', `/api/tables/${n}/end`, {}],
          ['POST', `/api/devices/${n}/config`, { set: { 'g1.debounce': 5 } }],
          ['POST', `/api/devices/${n}/identify`, {}],
        ];
        for (const [method, url, body] of routes) {
          const r = await hub.app.inject({
            method: method as 'GET' | 'POST',
            url,
            ...(body ? { payload: body } : {}),
            headers: { authorization: 'Bearer 4711' },
          });
          if (r.statusCode >= 500) failed.push(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 80)}`);
        }
      }
      expect(failed).toEqual([]);
      expect(await hub.store.listMatches({})).toEqual([]);
    } finally {
      await hub.close();
    }
  });
});
