/**
 * The access policy on its own (pure), then the embedded broker enforcing it: logins, refusal
 * counts, client-id takeover, and the one line it logs when running without authentication.
 * (test/integration/mqtt-security.test.ts runs the full proofs with a hub, here and on Mosquitto.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { MqttAccess, startEmbeddedBroker, type BrokerHandle, type MqttIdentity } from './broker';
import type { VenueConfig } from '../shared/venue';
import { DEMO_VENUE } from '../shared/venue';
import { AutorefError } from '../shared/errors';

const VENUE: VenueConfig = {
  id: 'bar',
  name: 'Bar',
  language: 'en',
  tables: [
    {
      id: 't1',
      name: 'T1',
      game: 'golf-billiards',
      devices: [
        { id: 'd1', link: 'mqtt', secret: 'secret-one' },
        { id: 'd1s', link: 'serial', path: '/dev/ttyACM0' },
      ],
    },
    {
      id: 't2',
      name: 'T2',
      game: 'eight-ball',
      devices: [
        { id: 'd2', link: 'mqtt', secret: 'secret-two' },
        { id: 'd3', link: 'mqtt' },
      ],
    },
  ],
};
const HUB = { username: 'autoref-hub', password: 'hub-password' };

describe('MqttAccess (the policy)', () => {
  const access = new MqttAccess(VENUE, HUB);
  const d1 = access.identify('d1', Buffer.from('secret-one')) as MqttIdentity;
  const hub = access.identify('autoref-hub', 'hub-password') as MqttIdentity;

  it('is on when any device has a secret, and logs in devices by id and secret, the hub by its own login', () => {
    expect(access.required).toBe(true);
    expect(d1).toEqual({ role: 'device', user: 'd1', table: 't1' });
    expect(hub).toEqual({ role: 'hub', user: 'autoref-hub' });
    expect(access.identify('d1', 'secret-two')).toBeNull();
    expect(access.identify('d1', undefined)).toBeNull();
    expect(access.identify(undefined, undefined)).toBeNull();
    expect(access.identify('d3', '')).toBeNull(); // no secret: cannot log in
    expect(access.identify('autoref-hub', 'secret-one')).toBeNull();
    expect(access.identify('nobody', 'secret-one')).toBeNull();
    expect(access.devicesWithoutSecret()).toEqual(['d3']);
  });

  it('lets a device publish only its own events and status, and subscribe only to its own cmd', () => {
    expect(access.mayPublish(d1, 'autoref/bar/t1/d1/events')).toBe(true);
    expect(access.mayPublish(d1, 'autoref/bar/t1/d1/status')).toBe(true);
    for (const t of [
      'autoref/bar/t1/d1/cmd',
      'autoref/bar/t2/d1/events',
      'autoref/bar/t2/d2/events',
      'autoref/other/t1/d1/events',
      'autoref/bar/t1/d1/events/x',
      '$SYS/x',
    ]) {
      expect(access.mayPublish(d1, t), t).toBe(false);
    }
    expect(access.maySubscribe(d1, 'autoref/bar/t1/d1/cmd')).toBe(true);
    for (const f of ['autoref/bar/t1/+/cmd', 'autoref/bar/#', '#', 'autoref/bar/t2/d2/cmd', 'autoref/bar/t1/d1/events'])
      expect(access.maySubscribe(d1, f), f).toBe(false);
  });

  it('lets the hub publish only commands of its venue and subscribe only under autoref/<venue>/', () => {
    expect(access.mayPublish(hub, 'autoref/bar/t2/d2/cmd')).toBe(true);
    for (const t of ['autoref/bar/t2/d2/events', 'autoref/bar/t2/d2/status', 'autoref/other/t2/d2/cmd', 'autoref/bar//d2/cmd', 'autoref/bar/cmd']) {
      expect(access.mayPublish(hub, t), t).toBe(false);
    }
    for (const f of ['autoref/bar/#', 'autoref/bar/+/+/events', 'autoref/bar/+/+/status']) expect(access.maySubscribe(hub, f), f).toBe(true);
    for (const f of ['#', 'autoref/#', 'autoref/+/#', 'autoref/other/#', 'autoref/bar', '$share/g/autoref/bar/#'])
      expect(access.maySubscribe(hub, f), f).toBe(false);
  });

  it('is off for a venue without secrets: everyone is anonymous and allowed (but not $SYS)', () => {
    const open = new MqttAccess(DEMO_VENUE);
    expect(open.required).toBe(false);
    const anyone = open.identify(undefined, undefined)!;
    expect(anyone.role).toBe('anonymous');
    expect(open.mayPublish(anyone, 'autoref/demo/gb1/gb1-a/events')).toBe(true);
    expect(open.mayPublish(anyone, '$SYS/broker/x')).toBe(false);
    expect(open.maySubscribe(anyone, '#')).toBe(true);
  });

  it('throws AR_CONFIG on a venue it cannot protect', () => {
    expect(() => new MqttAccess(VENUE)).toThrow(AutorefError);
    expect(() => new MqttAccess(VENUE)).toThrow(/hub's username and password/);
    expect(() => new MqttAccess(VENUE, { username: 'd2', password: 'x' })).toThrow(/also a device id/);
    const twice: VenueConfig = {
      ...VENUE,
      tables: [...VENUE.tables, { id: 't3', name: 'T3', game: 'minigolf', devices: [{ id: 'd1', link: 'mqtt', secret: 'another-one' }] }],
    };
    expect(() => new MqttAccess(twice, HUB)).toThrow(/d1 appears twice/);
    // Without secrets there are no logins to confuse: the venue is left to the hub's own checks.
    expect(() => new MqttAccess({ ...DEMO_VENUE, tables: [...DEMO_VENUE.tables, DEMO_VENUE.tables[0]!] })).not.toThrow();
  });
});

describe('startEmbeddedBroker with a venue', () => {
  let broker: BrokerHandle | undefined;
  const clients: MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await broker?.close();
    broker = undefined;
  });
  const connect = async (opts: mqtt.IClientOptions): Promise<MqttClient> => {
    const c = await mqtt.connectAsync(broker!.url, { reconnectPeriod: 0, ...opts });
    clients.push(c);
    return c;
  };

  it('says in one line that it runs without authentication when the venue has no secrets', async () => {
    const lines: string[] = [];
    broker = await startEmbeddedBroker({ port: 0, venue: DEMO_VENUE, log: (l) => lines.push(l) });
    expect(broker.auth).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^embedded MQTT broker runs WITHOUT authentication: the venue has no device secrets/)]);
    const c = await connect({});
    await c.publishAsync('autoref/demo/gb1/gb1-a/events', '{}', { qos: 1 });
    expect(broker.refusals()).toEqual({ connect: 0, publish: 0, subscribe: 0, oversize: 0, byUser: {} });
  });

  it('counts refused logins, publishes and subscriptions per user, logs the first of each, and survives them', async () => {
    const lines: string[] = [];
    broker = await startEmbeddedBroker({ port: 0, venue: VENUE, hub: HUB, log: (l) => lines.push(l) });
    expect(broker.auth).toBe(true);
    expect(lines).toEqual(['embedded MQTT broker: device(s) without a secret cannot log in: d3']);
    await expect(connect({})).rejects.toThrow(/bad username or password/i);
    await expect(connect({ username: 'd1', password: 'nope' })).rejects.toThrow(/bad username or password/i);
    await expect(connect({ username: 'd1', password: 'nope-again' })).rejects.toThrow(/bad username or password/i);
    const d1 = await connect({ username: 'd1', password: 'secret-one' });
    await expect(d1.subscribeAsync('autoref/bar/t2/d2/cmd')).rejects.toThrow(/subscribe error/i);
    expect(d1.connected).toBe(true); // a refused subscription keeps the connection
    const closed = new Promise<void>((r) => d1.once('close', () => r()));
    d1.publish('autoref/bar/t2/d2/events', '{}', { qos: 0 });
    await closed; // a refused publish closes it
    const r = broker.refusals();
    expect(r).toMatchObject({ connect: 3, publish: 1, subscribe: 1 });
    expect(r.byUser['?']).toEqual({ connect: 1, publish: 0, subscribe: 0, oversize: 0 });
    expect(r.byUser['d1']).toEqual({ connect: 2, publish: 1, subscribe: 1, oversize: 0, lastTopic: 'autoref/bar/t2/d2/events' });
    expect(lines.filter((l) => l.startsWith('MQTT broker refused'))).toHaveLength(4); // first of each kind per user
    // The broker still serves: the device logs in again and publishes lawfully.
    const again = await connect({ username: 'd1', password: 'secret-one' });
    await again.publishAsync('autoref/bar/t1/d1/events', '{}', { qos: 1 });
    // refusals() is a copy
    r.byUser['d1']!.publish = 99;
    expect(broker.refusals().byUser['d1']?.publish).toBe(1);
  });

  it('does not let one user take over the client id of another, nor a device take a hub client id', async () => {
    broker = await startEmbeddedBroker({ port: 0, venue: VENUE, hub: HUB });
    const d1 = await connect({ username: 'd1', password: 'secret-one', clientId: 'autoref-d1' });
    await expect(connect({ username: 'd2', password: 'secret-two', clientId: 'autoref-d1' })).rejects.toThrow(/identifier rejected/i);
    expect(d1.connected).toBe(true);
    await expect(connect({ username: 'd2', password: 'secret-two', clientId: 'autoref-hub-bar-1' })).rejects.toThrow(/identifier rejected/i);
    // The same user may take its own id over (a device reconnecting before the broker noticed it left).
    const closed = new Promise<void>((r) => d1.once('close', () => r()));
    await connect({ username: 'd1', password: 'secret-one', clientId: 'autoref-d1' });
    await closed;
    expect(broker.refusals().byUser['d2']?.connect).toBe(2);
  });

  it('attaches the hub directly: device events, statuses and last wills reach it, its commands reach the device', async () => {
    broker = await startEmbeddedBroker({ port: 0, venue: VENUE, hub: HUB });
    const direct = broker.inProcess!;
    // A device that came before the hub: its retained status is handed over on subscribing, as to any subscriber.
    const d1 = await connect({
      username: 'd1',
      password: 'secret-one',
      will: { topic: 'autoref/bar/t1/d1/status', payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    await d1.publishAsync('autoref/bar/t1/d1/status', 'online', { qos: 1, retain: true });
    const delivered: [string, string][] = [];
    let heard: () => void = () => {};
    const unsubscribe = await direct.subscribe(['autoref/bar/+/+/events', 'autoref/bar/+/+/status', '$SYS/#'], (topic, payload) => {
      delivered.push([topic, payload.toString()]);
      heard();
    });
    const next = (count: number) => new Promise<void>((r) => (heard = () => delivered.length >= count && r()));
    expect(delivered).toEqual([['autoref/bar/t1/d1/status', 'online']]);
    // The broker's own $SYS messages (d2 connecting, for one) match the last filter: they are left out.
    const d2 = await connect({ username: 'd2', password: 'secret-two' });
    let arrived = next(2);
    await d1.publishAsync('autoref/bar/t1/d1/events', '{"n":1}', { qos: 1 });
    await arrived;
    expect(delivered[1]).toEqual(['autoref/bar/t1/d1/events', '{"n":1}']);
    // The hub publishes without a login: the ACL is for devices, which still meets d2 here.
    const d2Closed = new Promise<void>((r) => d2.once('close', () => r()));
    d2.publish('autoref/bar/t1/d1/events', '{}', { qos: 1 });
    await d2Closed;
    // A command at QoS 1 reaches the device subscribed to its cmd topic at QoS 1.
    await d1.subscribeAsync('autoref/bar/t1/d1/cmd', { qos: 1 });
    const command = new Promise<[string, number]>((r) => d1.once('message', (t, p, packet) => r([p.toString(), packet.qos])));
    direct.publish('autoref/bar/t1/d1/cmd', '{"k":"ack","n":1}', 1);
    expect(await command).toEqual(['{"k":"ack","n":1}', 1]);
    // The device's connection dies without a DISCONNECT: its last will reaches the hub.
    arrived = next(3);
    d1.stream.destroy();
    await arrived;
    expect(delivered[2]).toEqual(['autoref/bar/t1/d1/status', 'offline']);
    expect(delivered.every(([t]) => !t.startsWith('$SYS'))).toBe(true);
    expect(broker.refusals().byUser['d2']?.publish).toBe(1);
    // Unsubscribed, the hub hears nothing more; and once the broker is closed, publishing is a no-op.
    await unsubscribe();
    const d3 = await connect({ username: 'd2', password: 'secret-two' });
    await d3.publishAsync('autoref/bar/t2/d2/events', '{}', { qos: 1 });
    expect(delivered).toHaveLength(3);
    await broker.close();
    broker = undefined;
    expect(() => direct.publish('autoref/bar/t1/d1/cmd', '{"k":"ack","n":2}', 1)).not.toThrow();
  });

  it('checks the venue before it checks the port: a venue with secrets and no hub login is refused at once', async () => {
    await expect(startEmbeddedBroker({ port: 0, venue: VENUE })).rejects.toThrow(AutorefError);
  });
});
