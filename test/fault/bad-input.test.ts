/**
 * Bad input at volume: 100,000 generated lines and MQTT payloads (fast-check, seeded), their ids
 * drawn from a list that holds every Object.prototype name (IDS). Most go
 * straight into `Ingest.accept` (the one entry point of every link); a share goes over a real
 * pseudo-terminal and through the real Mosquitto. Whatever comes in, the hub does not throw or
 * stall; every input ends in exactly one place (rejected with a catalogued code and a reason and
 * counted, or taken as a message, or skipped as a blank keep-alive line); and a good event after
 * the flood is stored and acknowledged.
 * (The hand-picked cases per error code are in test/integration/bad-input.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SerialPort } from 'serialport';
import mqtt from 'mqtt';
import { Ingest, type Origin } from '../../hub/ingest/pipeline';
import { SqliteStore } from '../../hub/store/sqlite';
import { ErrorCatalogue } from '../../shared/errors';
import { MAX_LINE_BYTES, topicFor } from '../../shared/protocol/wire';
import type { HubCommand } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { PROTOTYPE_NAMES } from './kit';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const DIRECT = 90_000;
const OVER_PTY = 5_000;
const OVER_MQTT = 5_000;

const venueOf = (id: string, link: 'serial' | 'mqtt'): VenueConfig => ({
  id,
  name: 'Bad input',
  language: 'en',
  tables: [
    { id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link }] },
    { id: 'c1', name: 'C', game: 'three-cushion', devices: [{ id: 'c1-a', link }] },
  ],
});

/** Valid messages of every kind, to be mutated into near-valid ones. */
const VALID: Record<string, unknown>[] = [
  { v: 1, k: 'ev', d: 'gb1-a', b: 'fz1', n: 1, t: 81234567, e: 'goal', s: 'g1', p: 'A', o: 'white' },
  { v: 1, k: 'ev', d: 'c1-a', b: 'fz1', n: 3, t: 1000, e: 'cushion', s: 'r1', p: '2', m: 300, w: 1200 },
  { v: 1, k: 'st', d: 'gb1-a', b: 'fz1', t: 5, state: 'online', up: 1, q: 0, cap: 256, lost: 0, f: [{ s: 'g1', c: 'stuck' }] },
  { v: 1, k: 'hb', d: 'gb1-a', b: 'fz1', t: 5, up: 3, q: 0, n: 1 },
  { v: 1, k: 'hi', d: 'c1-a', b: 'fz1', t: 5, fw: '1.0.0', board: 'sim', prof: 'carom', cap: 256 },
  { v: 1, k: 'sy', d: 'gb1-a', b: 'fz1', t: 5, q: 1 },
];
/**
 * Ids the fuzzer puts wherever an id goes (device, boot, sensor, kind, a field's name, a topic's
 * table and device): the venue's, strangers, and every name a plain object answers without
 * owning it (`constructor`, `__proto__`, `toString`, ...): issue #21, where `{"d":"constructor"}`
 * killed the hub.
 */
const IDS = ['gb1-a', 'c1-a', 'zz', 'g1', 'ev', 'st', ...PROTOTYPE_NAMES];
const KEYS = [
  'v',
  'k',
  'd',
  'b',
  'n',
  't',
  'e',
  's',
  'p',
  'm',
  'w',
  'o',
  'state',
  'up',
  'q',
  'cap',
  'lost',
  'f',
  'fw',
  'board',
  'prof',
  'zz',
  ...PROTOTYPE_NAMES,
];
const anId = fc.constantFrom(...IDS);

const nearValid = fc
  .tuple(
    fc.constantFrom(...VALID),
    fc.array(
      fc.tuple(
        fc.constantFrom(...KEYS),
        fc.option(fc.oneof(anId, anId, fc.jsonValue({ maxDepth: 2 }), fc.integer(), fc.double(), fc.string({ maxLength: 40 })), { nil: undefined }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([base, edits]) => {
    const o: Record<string, unknown> = { ...base };
    for (const [k, v] of edits) {
      if (v === undefined) delete o[k];
      // Defined, not assigned: `o.__proto__ = v` would set the prototype instead of a field.
      else Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return JSON.stringify(o);
  });

/** One input: a text line, or raw bytes (an MQTT payload). */
const junk: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { arbitrary: nearValid, weight: 5 },
  { arbitrary: fc.string({ maxLength: 120 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 1 },
  { arbitrary: fc.json({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 80 }), weight: 1 },
  { arbitrary: fc.string({ minLength: MAX_LINE_BYTES - 8, maxLength: MAX_LINE_BYTES + 40 }), weight: 1 },
  { arbitrary: fc.constantFrom('', '\r', ' ', '{}', '[]', 'null', '{"v":1}', '\u0000', '{"v":1,"k":"ev"'), weight: 1 },
);

const isBlank = (x: string | Uint8Array): boolean => typeof x === 'string' && (x === '' || x === '\r');
const CODES = new Set(Object.keys(ErrorCatalogue));

/** Tallies what the ingest did with its inputs. */
function tally(ingest: Ingest) {
  const t = { rejected: 0, messages: 0, badRejections: [] as string[] };
  ingest.on('rejected', (r) => {
    t.rejected++;
    if (!CODES.has(r.rejection.code) || typeof r.rejection.reason !== 'string' || r.rejection.reason.length === 0) t.badRejections.push(JSON.stringify(r));
  });
  ingest.on('device-message', () => t.messages++);
  return t;
}

describe(`bad input straight into Ingest.accept (${DIRECT.toLocaleString('en-US')} inputs)`, () => {
  it(
    'never throws; each input is rejected with a code and reason and counted, taken, or a blank line; a good event then goes through',
    { timeout: 120_000 },
    async () => {
      const store = new SqliteStore(':memory:');
      const ingest = new Ingest(store, venueOf('fz', 'mqtt'));
      const sent: HubCommand[] = [];
      const serialLike: Origin = { link: 'serial:fz', send: (_d, c) => sent.push(c) };
      const mqttOrigins: Origin[] = [
        'gb1/gb1-a',
        'c1/c1-a',
        'gb1/c1-a',
        'zz/zz',
        ...PROTOTYPE_NAMES.flatMap((n) => [`${n}/${n}`, `gb1/${n}`, `${n}/gb1-a`]),
      ].map((tp) => {
        const [table, device] = tp.split('/') as [string, string];
        return { link: 'mqtt', topic: { table, device }, send: (_d, c) => sent.push(c) };
      });
      const t = tally(ingest);
      const inputs = fc.sample(junk, { numRuns: DIRECT, seed: 20261129 });
      let blank = 0;
      inputs.forEach((x, i) => {
        // Lines as a serial link hands them (strings), payloads as MQTT does (bytes, with a topic).
        const origin = i % 2 === 0 ? serialLike : mqttOrigins[(i >> 1) % mqttOrigins.length]!;
        const raw = i % 2 === 0 || typeof x !== 'string' ? x : Buffer.from(x);
        if (isBlank(raw)) blank++;
        expect(() => ingest.accept(raw, origin)).not.toThrow();
      });
      await ingest.idle();
      expect(inputs.length).toBe(DIRECT);
      expect(t.badRejections).toEqual([]);
      expect(t.rejected + t.messages + blank).toBe(DIRECT);
      expect(ingest.counters.totalRejected()).toBe(t.rejected);
      expect(t.rejected).toBeGreaterThan(DIRECT / 2);
      expect(ingest.backlog).toBe(0);
      expect(ingest.storeErrors).toBe(0);
      // Not stalled: a good event now is stored and acknowledged.
      const boot = newBootId();
      ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), serialLike);
      await ingest.idle();
      expect(await store.contiguousSeq('gb1-a', boot)).toBe(1);
      expect(sent.at(-1)).toEqual({ v: 1, k: 'ack', b: boot, n: 1 });
      await store.close();
    },
  );
});

describe(`bad input over a real pty (${OVER_PTY.toLocaleString('en-US')} lines)`, () => {
  let pty: PtyPair;
  let hub: TestHub;
  let port: SerialPort;
  beforeAll(async () => {
    pty = await openPtyPair();
    hub = await newHub({ venue: venueOf('fzs', 'serial'), serial: [{ path: pty.hubEnd }], decisionDefaultMs: null });
    await waitFor(() => hub.links[0]!.state() === 'online', 'serial link');
    port = new SerialPort({ path: pty.deviceEnd, baudRate: 115200 });
    await new Promise((r) => port.once('open', r));
    port.on('data', () => undefined); // the hub's acks
  });
  afterAll(async () => {
    await new Promise((r) => port.close(r));
    await hub.close();
    await pty.close();
  });

  it('accounts for every line and takes a good event after them', { timeout: 60_000 }, async () => {
    const t = tally(hub.ingest);
    const lines = fc
      .sample(junk, { numRuns: OVER_PTY, seed: 7 })
      .map((x) => (typeof x === 'string' ? x : Buffer.from(x).toString('latin1')).replace(/\n/g, ' '));
    const blank = lines.filter((l) => l === '' || l === '\r').length;
    for (let i = 0; i < lines.length; i += 250)
      await new Promise<void>((r) => port.write(lines.slice(i, i + 250).join('\n') + '\n', () => port.drain(() => r())));
    const boot = newBootId();
    await new Promise<void>((r) =>
      port.write(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }) + '\n', () => port.drain(() => r())),
    );
    await waitFor(async () => (await hub.store.contiguousSeq('gb1-a', boot)) === 1, 'the good event after the junk', 30_000);
    expect(t.badRejections).toEqual([]);
    // The good line is one of the messages.
    expect(t.rejected + t.messages + blank).toBe(OVER_PTY + 1);
    expect(hub.links[0]!.state()).toBe('online');
  });
});

describe(`bad payloads through Mosquitto (${OVER_MQTT.toLocaleString('en-US')} payloads)`, () => {
  let hub: TestHub;
  let client: mqtt.MqttClient;
  const venue = venueOf(`fzm-${newBootId()}`, 'mqtt');
  beforeAll(async () => {
    hub = await newHub({ venue, mqtt: { url: MOSQUITTO }, decisionDefaultMs: null });
    client = await mqtt.connectAsync(MOSQUITTO, { clientId: `autoref-fault-bad-${process.pid}` });
  });
  afterAll(async () => {
    // Clear any retained status a generated payload left on the broker.
    for (const [tb, d] of [['gb1', 'gb1-a'], ['c1', 'c1-a'], ...PROTOTYPE_NAMES.map((n) => ['gb1', n])])
      await client.publishAsync(topicFor(venue.id, tb!, d!, 'status'), '', { retain: true, qos: 1 });
    await client.endAsync();
    await hub.close();
  });

  it("accounts for every payload, on its own topic or another device's, and takes a good event after them", { timeout: 60_000 }, async () => {
    const t = tally(hub.ingest);
    const payloads = fc.sample(junk, { numRuns: OVER_MQTT, seed: 11 });
    const topics = [
      topicFor(venue.id, 'gb1', 'gb1-a', 'events'),
      topicFor(venue.id, 'gb1', 'gb1-a', 'status'),
      topicFor(venue.id, 'c1', 'c1-a', 'events'),
      topicFor(venue.id, 'c1', 'gb1-a', 'events'),
      ...PROTOTYPE_NAMES.map((n) => topicFor(venue.id, n, n, 'events')),
      ...PROTOTYPE_NAMES.map((n) => topicFor(venue.id, 'gb1', n, 'status')),
    ];
    for (let i = 0; i < payloads.length; i += 200) {
      await Promise.all(
        payloads.slice(i, i + 200).map((p, k) => client.publishAsync(topics[(i + k) % topics.length]!, typeof p === 'string' ? p : Buffer.from(p), { qos: 1 })),
      );
    }
    const boot = newBootId();
    await client.publishAsync(topics[0]!, JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), { qos: 1 });
    await waitFor(async () => (await hub.store.contiguousSeq('gb1-a', boot)) === 1, 'the good event after the junk', 30_000);
    // MQTT has no blank-line rule: an empty payload is a rejection like any other.
    await waitFor(() => t.rejected + t.messages === OVER_MQTT + 1, 'every payload accounted for', 10_000);
    expect(t.badRejections).toEqual([]);
    expect(hub.links[0]!.state()).toBe('online');
  });
});
