/**
 * MQTT authentication and ACL, one suite run against each broker: the embedded aedes
 * (hub/broker.ts) and a real Mosquitto started here on a free port with the configuration that
 * hub/cli/mosquitto-config.ts generates for the venue (docs/mqtt-security.md).
 *
 * The one difference between them: Mosquitto drops a refused publish silently and keeps the
 * client connected; aedes closes the client's connection (and counts the refusal).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startEmbeddedBroker } from '../../hub/broker';
import { mosquittoPasswordFile, venueLogins, writeMosquittoConfig } from '../../hub/cli/mosquitto-config';
import { start, type Running } from '../../hub/cli/start';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, PROTOCOL_VERSION, topicFor } from '../../shared/protocol/wire';
import { decodeHubCommand } from '../../shared/protocol/decode';
import type { DeviceMessage } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { SimDevice, newBootId, type Transport } from '../../sim/device';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { HUB, RUN_AS, VENUE, login, opened, removeTempDirs, startMosquitto, tempDir, topic, type TestBroker } from './mqtt-brokers';

afterAll(removeTempDirs);

/** Mosquitto with the configuration hub/cli/mosquitto-config.ts generates (password hashes computed in Node). */
const generatedMosquitto = (): Promise<TestBroker> =>
  startMosquitto((dir, port) => writeMosquittoConfig(VENUE, dir, HUB, { port, host: '127.0.0.1', user: RUN_AS, passwdBinary: null }).conf);

async function startAedes(): Promise<TestBroker> {
  const b = await startEmbeddedBroker({ port: 0, venue: VENUE, hub: HUB });
  expect(b.auth).toBe(true);
  return { url: b.url, refusedPublishCloses: true, refusesSubscribe: true, refusals: b.refusals, close: b.close };
}

/** A simulated device logged in as itself: SimDevice over an MQTT transport with credentials. */
async function loginDevice(url: string, table: string, id: string, secret: string): Promise<{ device: SimDevice; client: MqttClient }> {
  const boot = newBootId();
  const offline: DeviceMessage = { v: PROTOCOL_VERSION, k: 'st', d: id, b: boot, t: 0, state: 'offline' };
  const client = await login(url, id, secret, {
    clientId: `autoref-${id}`,
    will: { topic: topic(table, id, CHANNEL_STATUS), payload: Buffer.from(JSON.stringify(offline)), qos: 1, retain: true },
  });
  const granted = await client.subscribeAsync(topic(table, id, CHANNEL_CMD), { qos: 1 });
  expect(granted[0]?.qos).toBe(1);
  const transport: Transport = {
    send: (msg) =>
      void client.publish(topic(table, id, msg.k === 'ev' ? CHANNEL_EVENTS : CHANNEL_STATUS), JSON.stringify(msg), { qos: 1, retain: msg.k === 'st' }),
    onCommand: (cb) =>
      client.on('message', (_t, payload) => {
        const d = decodeHubCommand(payload.toString('utf8'));
        if (d.ok) cb(d.msg);
      }),
    close: () => client.endAsync().then(() => undefined),
  };
  return { device: new SimDevice(id, transport, boot), client };
}

/** The QoS granted for a filter, 128 when refused (MQTT.js rejects on a refused filter). */
async function grantedQos(c: MqttClient, filter: string): Promise<number> {
  try {
    const [g] = await c.subscribeAsync(filter, { qos: 1 });
    return g?.qos ?? -1;
  } catch (e) {
    const g = (e as { packet?: { granted?: number[] } }).packet?.granted;
    if (g?.[0] !== undefined) return g[0];
    throw e;
  }
}

const closedOnce = (c: MqttClient): Promise<void> => new Promise((resolve) => (c.connected ? c.once('close', () => resolve()) : resolve()));

describe.each([
  { name: 'the embedded aedes broker', start: startAedes },
  { name: 'Mosquitto with the generated configuration', start: generatedMosquitto },
])('MQTT security on $name', ({ start: startBroker }) => {
  let broker: TestBroker;
  let hub: TestHub | undefined;
  beforeAll(async () => {
    broker = await startBroker();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.endAsync(true)));
    await hub?.close();
    hub = undefined;
  });
  afterAll(() => broker?.close());

  it("refuses a client without credentials, with a wrong secret, or with another device's secret", async () => {
    const refused = /not authorized|bad username or password/i;
    await expect(login(broker.url, undefined, undefined)).rejects.toThrow(refused);
    await expect(login(broker.url, 'd1', 'wrong-secret')).rejects.toThrow(refused);
    await expect(login(broker.url, 'd1', 'd2-secret-2')).rejects.toThrow(refused);
    await expect(login(broker.url, 'stranger', 'd1-secret-1')).rejects.toThrow(refused);
    await expect(login(broker.url, HUB.username, 'not-the-hub-password')).rejects.toThrow(refused);
    if (broker.refusals) expect(broker.refusals().connect).toBeGreaterThanOrEqual(5);
  });

  it('a device publishes its own events, the hub (logged in as itself) stores them and its ack comes back on the cmd topic', async () => {
    hub = await newHub({ venue: VENUE, mqtt: { url: broker.url, username: HUB.username, password: HUB.password } });
    const { device } = await loginDevice(broker.url, 't1', 'd1', 'd1-secret-1');
    device.hello('golf-billiards');
    device.emit({ e: 'goal', s: 'goal-a', p: 'A' });
    device.emit({ e: 'cushion', s: 'rail-1', p: '2' });
    await waitFor(() => device.acked >= 2, 'the hub to acknowledge both events over the cmd topic');
    expect((await hub.store.recentDeviceEvents(10)).map((s) => [s.event.d, s.event.n])).toEqual([
      ['d1', 1],
      ['d1', 2],
    ]);
    expect(hub.ingest.counters.totalRejected()).toBe(0);
  });

  it('a device publishing under another table or another device is not delivered: the hub never gets it', async () => {
    hub = await newHub({ venue: VENUE, mqtt: { url: broker.url, username: HUB.username, password: HUB.password } });
    const seen: string[] = [];
    const accept = hub.ingest.accept.bind(hub.ingest);
    vi.spyOn(hub.ingest, 'accept').mockImplementation((raw, origin) => {
      if (origin.topic) seen.push(`${origin.topic.table}/${origin.topic.device}`);
      return accept(raw, origin);
    });
    const rogue = await loginDevice(broker.url, 't1', 'd1', 'd1-secret-1');
    const spoof = (d: string, n: number): string => JSON.stringify({ v: 1, k: 'ev', d, b: 'spoof', n, t: 1000, e: 'goal', s: 'goal-a' });
    const forbidden: [string, string][] = [
      [topic('t2', 'd1', CHANNEL_EVENTS), spoof('d1', 1)], // its own id under another table
      [topic('t2', 'd2', CHANNEL_EVENTS), spoof('d2', 1)], // another device
      [topic('t2', 'd2', CHANNEL_STATUS), JSON.stringify({ v: 1, k: 'st', d: 'd2', b: 'spoof', t: 1, state: 'offline' })],
    ];
    if (broker.refusedPublishCloses) {
      // aedes refuses the first and closes the connection; the refusal is counted, nothing is forwarded.
      const closed = closedOnce(rogue.client);
      rogue.client.publish(forbidden[0]![0], forbidden[0]![1], { qos: 0 });
      await closed;
      await waitFor(() => (broker.refusals!().byUser['d1']?.publish ?? 0) >= 1, 'the refusal to be counted');
      expect(broker.refusals!().byUser['d1']?.lastTopic).toBe(forbidden[0]![0]);
    } else {
      // Mosquitto acknowledges and drops each; the PUBACK means it has routed (or dropped) it.
      for (const [t, p] of forbidden) await rogue.client.publishAsync(t, p, { qos: 1 });
      expect(rogue.client.connected).toBe(true);
    }
    // Barrier: a lawful event of d2, published after; once the hub has it, a forwarded spoof would be there too.
    const { device: d2 } = await loginDevice(broker.url, 't2', 'd2', 'd2-secret-2');
    d2.emit({ e: 'goal', s: 'goal-a', p: 'A' });
    await waitFor(() => d2.acked >= 1, "the hub to store and acknowledge d2's lawful event");
    expect(seen).not.toContain('t2/d1');
    expect(seen.filter((s) => s === 't2/d2').length).toBe(1); // only the lawful event
    expect((await hub.store.recentDeviceEvents(10)).map((s) => [s.event.d, s.event.b])).toEqual([['d2', d2.boot]]);
    expect(hub.ingest.counters.totalRejected()).toBe(0);
  });

  it('a device gets only its own commands; the hub publishes cmd but cannot pose as a device', async () => {
    const d1 = await login(broker.url, 'd1', 'd1-secret-1');
    const other = await grantedQos(d1, topic('t2', 'd2', CHANNEL_CMD));
    const all = await grantedQos(d1, `autoref/${VENUE.id}/#`);
    if (broker.refusesSubscribe) expect([other, all]).toEqual([128, 128]);
    expect(await grantedQos(d1, topic('t1', 'd1', CHANNEL_CMD))).toBe(1);
    const got: string[] = [];
    d1.on('message', (t, p) => got.push(`${t} ${p.toString()}`));

    const hubClient = await login(broker.url, HUB.username, HUB.password);
    const everything = await grantedQos(hubClient, '#');
    if (broker.refusesSubscribe) expect(everything).toBe(128);
    expect(await grantedQos(hubClient, `autoref/${VENUE.id}/#`)).toBe(1);
    const hubSaw: string[] = [];
    hubClient.on('message', (t, p) => hubSaw.push(`${t} ${p.toString()}`));
    const ack = (n: number): string => JSON.stringify({ v: 1, k: 'ack', b: 'x', n });
    // A command for d2 first, then one for d1, from the same client: d1 gets its own, never d2's.
    await hubClient.publishAsync(topic('t2', 'd2', CHANNEL_CMD), ack(1), { qos: 1 });
    await hubClient.publishAsync(topic('t1', 'd1', CHANNEL_CMD), ack(2), { qos: 1 });
    await waitFor(() => got.includes(`${topic('t1', 'd1', CHANNEL_CMD)} ${ack(2)}`), "d1 to receive the hub's command");
    expect(got.filter((m) => !m.startsWith(topic('t1', 'd1', CHANNEL_CMD)))).toEqual([]);

    // The hub user publishing a device event is refused.
    const fake = topic('t1', 'd1', CHANNEL_EVENTS);
    const fakeEvent = JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: 'fake', n: 1, t: 1, e: 'goal', s: 'g' });
    if (broker.refusedPublishCloses) {
      const closed = closedOnce(hubClient);
      hubClient.publish(fake, fakeEvent, { qos: 0 });
      await closed;
      expect(broker.refusals!().byUser[HUB.username]).toMatchObject({ publish: 1, subscribe: 1, lastTopic: fake });
    } else {
      await hubClient.publishAsync(fake, fakeEvent, { qos: 1 });
      await hubClient.publishAsync(topic('t1', 'd1', CHANNEL_CMD), ack(3), { qos: 1 }); // barrier, same client
      await waitFor(() => hubSaw.includes(`${topic('t1', 'd1', CHANNEL_CMD)} ${ack(3)}`), 'the barrier command to come back');
    }
    expect(hubSaw.filter((m) => m.startsWith(fake))).toEqual([]);
    expect(got.filter((m) => m.startsWith(fake))).toEqual([]);
  });
});

describe('autoref start with a venue that has device secrets', () => {
  let running: Running | undefined;
  afterAll(() => running?.stop());

  it("turns on the embedded broker's auth: the simulated devices log in with their secrets, the hub attaches directly", async () => {
    const dir = tempDir('autoref-sec-start-');
    const venueFile = path.join(dir, 'venue.json');
    writeFileSync(venueFile, JSON.stringify(VENUE));
    const lines: string[] = [];
    running = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: [],
      store: ':memory:',
      venue: venueFile,
      sim: true,
      log: (l) => lines.push(l),
      hubPassword: HUB.password,
    });
    expect(running.broker?.auth).toBe(true);
    expect(running.hub.links.map((l) => l.state())).toEqual(['online']);
    // The simulated devices log in with their secrets.
    expect(running.sim?.devices.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('WITHOUT authentication'))).toBe(false);
    // A device logs in with its secret and is heard; an anonymous client is refused.
    const { device } = await loginDevice(running.broker!.url, 't2', 'd2', 'd2-secret-2');
    device.emit({ e: 'goal', s: 'goal-a', p: 'A' });
    await waitFor(() => device.acked >= 1, 'the ack through the embedded broker');
    await expect(login(running.broker!.url, undefined, undefined)).rejects.toThrow(/bad username or password/i);
    await Promise.all(opened.splice(0).map((c) => c.endAsync(true)));
  });
});

describe('Mosquitto with the example configuration of deploy/mosquitto (pattern ACL)', () => {
  const MY_BAR: VenueConfig = { ...VENUE, id: 'my-bar' };
  const at = (table: string, device: string, channel: string): string => topicFor('my-bar', table, device, channel);
  let broker: TestBroker;
  let hub: TestHub | undefined;
  beforeAll(async () => {
    const example = (f: string): string => readFileSync(new URL(`../../deploy/mosquitto/${f}`, import.meta.url), 'utf8');
    broker = await startMosquitto((dir, port) => {
      const conf = example('mosquitto.conf')
        .replaceAll('/etc/mosquitto/autoref/', `${dir}/`)
        .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`);
      expect(conf).toContain(`listener ${port} 127.0.0.1`);
      writeFileSync(path.join(dir, 'mosquitto.conf'), `${conf}\nuser ${RUN_AS}\npersistence false\n`);
      writeFileSync(path.join(dir, 'acl'), example('acl'));
      writeFileSync(path.join(dir, 'passwd'), mosquittoPasswordFile(venueLogins(MY_BAR, HUB)), { mode: 0o600 });
      return path.join(dir, 'mosquitto.conf');
    });
    hub = await newHub({ venue: MY_BAR, mqtt: { url: broker.url, username: HUB.username, password: HUB.password } });
  });
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((c) => c.endAsync(true)));
    await hub?.close();
    await broker?.close();
  });

  it("refuses anonymous clients, delivers a device's own events, drops a publish under another id; a wrong table reaches the hub, which rejects it", async () => {
    await expect(login(broker.url, undefined, undefined)).rejects.toThrow(/not authorized/i);
    const d1 = await login(broker.url, 'd1', 'd1-secret-1');
    const ev = (d: string, n: number): string => JSON.stringify({ v: 1, k: 'ev', d, b: 'b1', n, t: 1000 * n, e: 'goal', s: 'goal-a' });
    await d1.publishAsync(at('t2', 'd2', CHANNEL_EVENTS), ev('d2', 1), { qos: 1 }); // another id: dropped by the broker
    await d1.publishAsync(at('t2', 'd1', CHANNEL_EVENTS), ev('d1', 1), { qos: 1 }); // its id, another table: passes the pattern
    await d1.publishAsync(at('t1', 'd1', CHANNEL_EVENTS), ev('d1', 2), { qos: 1 }); // its own topic
    await waitFor(async () => (await hub!.store.countDeviceEvents()) >= 1, "d1's lawful event in the store");
    expect((await hub!.store.recentDeviceEvents(10)).map((e) => [e.event.d, e.event.n])).toEqual([['d1', 2]]);
    const counters = hub!.ingest.counters.snapshot();
    expect(counters['d1']?.rejected).toEqual({ AR_TOPIC_MISMATCH: 1 });
    expect(counters['d2']).toBeUndefined();
  });
});
