/**
 * The embedded MQTT broker (aedes). If the port already has a broker, the hub says so in one
 * line and uses that broker instead (a venue may run Mosquitto already).
 *
 * Authentication and ACL (docs/mqtt-security.md): when any device of the venue has a `secret`,
 * every client must log in, a device as its id with its secret, the hub as its own user, and
 * each may only publish and subscribe to its own topics. A venue without any secret runs the
 * broker without authentication, and the broker says so in one line at start.
 */
import net from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import type { VenueConfig } from '../shared/venue';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, TOPIC_ROOT, topicFor } from '../shared/protocol/wire';
import { AutorefError } from '../shared/errors';
import { limitPackets } from './ingest/mqtt-frames';

/** The hub's own MQTT login. */
export interface MqttCredentials {
  username: string;
  password: string;
}

/** Who a connected client is. `anonymous` only when the venue has no secrets at all. */
export type MqttIdentity = { role: 'hub'; user: string } | { role: 'device'; user: string; table: string } | { role: 'anonymous'; user: '?' };

/** Refusals of one user (a device id, the hub user, or `?` for anyone else). */
export interface RefusalCounts {
  connect: number;
  publish: number;
  subscribe: number;
  /** Connections closed for a packet over MAX_MQTT_PACKET_BYTES (logged in or not). */
  oversize: number;
  /** The last refused topic or filter (connect refusals leave it as it was). */
  lastTopic?: string;
}

export interface BrokerRefusals {
  connect: number;
  publish: number;
  subscribe: number;
  oversize: number;
  /** By user: a device id of the venue, the hub's user, or `?` (anyone else, or not logged in yet). */
  byUser: Record<string, RefusalCounts>;
}

/**
 * The largest MQTT packet the embedded broker takes; a bigger one closes the connection at its
 * header (hub/ingest/mqtt-frames.ts). A device's packets are its lines (at most MAX_LINE_BYTES,
 * shared/protocol/wire.ts) with a topic, or a CONNECT with its id, secret and last will.
 */
export const MAX_MQTT_PACKET_BYTES = 4096;

/**
 * aedes' options. `concurrency: 0`: aedes publishes through mqemitter, which queues messages
 * once `concurrency` (default 100) are being delivered and starts each queued one from inside the
 * completion of the one before; deliveries that complete at once (the hub's own subscription; a
 * message nobody subscribes to) then drain the queue recursively, a stack frame set per message,
 * until `RangeError: Maximum call stack size exceeded` (issue #21: 200 pages with 50 devices at
 * 10 events/s, or one device sending 50,000 boot ids). The queue bounded nothing (an array
 * without a limit); without it each message is delivered as it is published. `drainTimeout`: a
 * client whose socket does not drain for 10 s is dropped (its deliveries were held until then).
 */
const AEDES_OPTIONS = { concurrency: 0, drainTimeout: 10_000 };

export interface BrokerHandle {
  url: string;
  embedded: boolean;
  /** True when this broker enforces logins and the ACL (embedded, venue with secrets). */
  auth: boolean;
  /** Refused logins, publishes and subscriptions so far (a copy). Always zero for a broker we do not run. */
  refusals(): BrokerRefusals;
  /** Only for the broker embedded here: the hub attaches to it directly, without an MQTT client. */
  inProcess?: InProcessBroker;
  close(): Promise<void>;
}

/**
 * The hub's direct attachment to the broker embedded in its own process: no MQTT client, no
 * encoding, no connection. The hub is trusted here, so this path skips the login and the ACL
 * (devices still go through both). A closed broker delivers nothing and drops what is published.
 */
export interface InProcessBroker {
  /**
   * Delivers every message matching the filters to `deliver`, in the broker's own turn: first the
   * retained ones (as a broker hands them to a new subscriber), then each as it is published,
   * last wills included. Filters should not overlap: a message matching two is delivered twice.
   * Resolves, once subscribed, to the function that ends the subscription.
   */
  subscribe(filters: readonly string[], deliver: (topic: string, payload: Buffer) => void): Promise<() => Promise<void>>;
  /** Publishes as the hub: subscribers get it at up to `qos`, as from any publisher. */
  publish(topic: string, payload: string, qos: 0 | 1): void;
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /** Told when the port is taken and the existing broker is used, when auth is off, and on a first refusal per user. */
  log?: (line: string) => void;
  /** The venue: its device secrets and tables drive authentication and the ACL. Without it, no auth. */
  venue?: VenueConfig;
  /** The hub's login. Required when the venue has secrets. */
  hub?: MqttCredentials;
}

const sha256 = (s: string | Buffer): Buffer => createHash('sha256').update(s).digest();

/** Constant-time comparison of a password with the expected one (hashed first so lengths match). */
function samePassword(given: Buffer | string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(sha256(given), sha256(expected));
}

/**
 * The access policy, pure: who may log in, publish and subscribe. The embedded broker asks it;
 * `hub/cli/mosquitto-config.ts` writes the same rules as a Mosquitto ACL.
 */
export class MqttAccess {
  /** Authentication and ACL are on: the venue has at least one device secret. */
  readonly required: boolean;
  private readonly devices = new Map<string, { table: string; secret?: string }>();

  constructor(
    readonly venue: VenueConfig,
    private readonly hub?: MqttCredentials,
  ) {
    let twice: string | undefined;
    for (const t of venue.tables) {
      for (const d of t.devices) {
        if (this.devices.has(d.id)) twice ??= d.id;
        this.devices.set(d.id, { table: t.id, ...(d.secret !== undefined ? { secret: d.secret } : {}) });
      }
    }
    this.required = venue.tables.some((t) => t.devices.some((d) => d.secret !== undefined));
    if (this.required && twice !== undefined)
      throw new AutorefError('AR_CONFIG', `device id ${twice} appears twice in venue ${venue.id}; MQTT logins need unique ids`);
    if (this.required && !hub) throw new AutorefError('AR_CONFIG', `venue ${venue.id} has device secrets: the broker needs the hub's username and password`);
    if (hub && this.devices.has(hub.username)) throw new AutorefError('AR_CONFIG', `the hub's MQTT username ${hub.username} is also a device id`);
  }

  /** MQTT devices that cannot log in because they have no secret (auth on only). */
  devicesWithoutSecret(): string[] {
    if (!this.required) return [];
    return this.venue.tables.flatMap((t) => t.devices.filter((d) => d.link === 'mqtt' && d.secret === undefined).map((d) => d.id));
  }

  /** Who logs in with these credentials, or null if refused. */
  identify(username: string | undefined, password: Buffer | string | undefined): MqttIdentity | null {
    if (!this.required) return { role: 'anonymous', user: '?' };
    if (username === undefined) return null;
    if (this.hub && username === this.hub.username) return samePassword(password, this.hub.password) ? { role: 'hub', user: username } : null;
    const d = this.devices.get(username);
    if (!d || d.secret === undefined) return null;
    return samePassword(password, d.secret) ? { role: 'device', user: username, table: d.table } : null;
  }

  /** The key refusals of this username are counted under: a known user, or `?`. */
  userKey(username: string | undefined): string {
    if (username !== undefined && (this.devices.has(username) || username === this.hub?.username)) return username;
    return '?';
  }

  /** May `who` publish on `topic`? A device: its own events and status; the hub: any cmd of the venue. */
  mayPublish(who: MqttIdentity, topic: string): boolean {
    if (who.role === 'anonymous') return !topic.startsWith('$SYS');
    if (who.role === 'device') {
      return topic === topicFor(this.venue.id, who.table, who.user, CHANNEL_EVENTS) || topic === topicFor(this.venue.id, who.table, who.user, CHANNEL_STATUS);
    }
    const p = topic.split('/');
    return p.length === 5 && p[0] === TOPIC_ROOT && p[1] === this.venue.id && p[2] !== '' && p[3] !== '' && p[4] === CHANNEL_CMD;
  }

  /** May `who` subscribe to `filter`? A device: its own cmd topic only; the hub: anything under autoref/<venue>/. */
  maySubscribe(who: MqttIdentity, filter: string): boolean {
    if (who.role === 'anonymous') return true;
    if (who.role === 'device') return filter === topicFor(this.venue.id, who.table, who.user, CHANNEL_CMD);
    const p = filter.split('/');
    return p.length >= 3 && p[0] === TOPIC_ROOT && p[1] === this.venue.id && p.slice(2).every((l) => l !== '');
  }
}

/** Clients whose id starts with this are the hub's; nobody else may take such an id. */
const HUB_CLIENT_PREFIX = 'autoref-hub-';

/** Is something accepting TCP connections on host:port? */
function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

const noRefusals = (): BrokerRefusals => ({ connect: 0, publish: 0, subscribe: 0, oversize: 0, byUser: {} });

/** Counts refusals per user and logs the first of each kind per user. */
function refusalCounter(log: (line: string) => void): {
  refused: BrokerRefusals;
  count: (user: string, kind: 'connect' | 'publish' | 'subscribe' | 'oversize', topic: string | undefined, detail: string) => void;
} {
  const refused = noRefusals();
  // Keyed by user names: a null-prototype object, so a device called `constructor` counts like any other.
  refused.byUser = Object.create(null) as Record<string, RefusalCounts>;
  const count = (user: string, kind: 'connect' | 'publish' | 'subscribe' | 'oversize', topic: string | undefined, detail: string): void => {
    refused[kind]++;
    const c = (refused.byUser[user] ??= { connect: 0, publish: 0, subscribe: 0, oversize: 0 });
    if (c[kind] === 0) log(`MQTT broker refused ${detail} (further ${kind} refusals of ${user} are only counted)`);
    c[kind]++;
    if (topic !== undefined) c.lastTopic = topic;
  };
  return { refused, count };
}

/** The client id a device's firmware uses (firmware/link/mqtt.ts): nobody else's. */
const FIRMWARE_CLIENT_PREFIX = 'autoref-';

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Wires an access policy into aedes and counts what it refuses. `who` is filled in for every
 * client that logs in.
 *
 * Client ids are bound to the login: a logged-in client's id is kept in its user's own space
 * (aedes sees `<user>\u0000<id>`), so a device can take over only its own sessions, never another
 * device's or the hub's, whichever logs in first. Before, the first to log in under an id held it:
 * a device that took another device's id locked the real one out, and the refusal was logged
 * against the victim. A device that logs in under the firmware's client id of another device
 * (`autoref-<other>`), or under the hub's prefix, is refused and counted against itself.
 */
function guard(aedes: Aedes, access: MqttAccess, who: WeakMap<Client, MqttIdentity>, count: ReturnType<typeof refusalCounter>['count']): void {
  const shown = (s: string): string => JSON.stringify(s.length > 64 ? `${s.slice(0, 64)}…` : s); // client-chosen: keep log lines short

  aedes.authenticate = (client, username, password, done) => {
    const id = access.identify(username, password);
    if (!id) {
      count(
        access.userKey(username),
        'connect',
        undefined,
        `a login as ${username === undefined ? '(no username)' : shown(username)} from client ${shown(client.id)}`,
      );
      return done(authError('bad username or password', 4), false);
    }
    if (id.role !== 'anonymous') {
      const hubsId = client.id.startsWith(HUB_CLIENT_PREFIX) && id.role !== 'hub';
      const other = client.id.startsWith(FIRMWARE_CLIENT_PREFIX) ? client.id.slice(FIRMWARE_CLIENT_PREFIX.length) : '';
      const anotherDevicesId = id.role === 'device' && other !== id.user && access.userKey(other) === other && other !== '?';
      if (hubsId || anotherDevicesId) {
        count(id.user, 'connect', undefined, `${id.user}: client id ${shown(client.id)} is ${hubsId ? "the hub's" : "another device's"}`);
        return done(authError('client id belongs to another user', 2), false);
      }
      // Every later step (session, will, takeover of a connection with the same id) sees the bound id.
      (client as { id: string }).id = `${id.user}\u0000${client.id}`;
    }
    who.set(client, id);
    done(null, true);
  };

  aedes.authorizePublish = (client, packet, done) => {
    const id = client ? who.get(client) : undefined;
    // client is null only for a will left by a client of an earlier broker run: with auth on, drop it.
    const allowed = id ? access.mayPublish(id, packet.topic) : !access.required;
    if (allowed) return done(null);
    const user = id?.user ?? '?';
    count(user, 'publish', packet.topic, `a publish of ${user} on ${packet.topic}`);
    // aedes closes the client's connection on a refused publish (MQTT 3.1.1 has no negative PUBACK).
    done(new Error(`not authorized to publish on ${packet.topic}`));
  };

  aedes.authorizeSubscribe = (client, sub, done) => {
    const id = who.get(client);
    if (id && access.maySubscribe(id, sub.topic)) return done(null, sub);
    const user = id?.user ?? '?';
    count(user, 'subscribe', sub.topic, `a subscription of ${user} to ${sub.topic}`);
    done(null, null); // SUBACK 0x80 for this filter; the connection stays up
  };
}

export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<BrokerHandle> {
  const host = opts.host ?? '127.0.0.1';
  // Check the configuration before anything else: a bad venue is misuse, thrown at once.
  const access = opts.venue ? new MqttAccess(opts.venue, opts.hub) : null;
  if (opts.port !== 0 && (await portAnswers(host, opts.port))) {
    const url = `mqtt://${host}:${opts.port}`;
    opts.log?.(`port ${opts.port} already has an MQTT broker: using ${url} instead of the embedded one`);
    return { url, embedded: false, auth: false, refusals: noRefusals, close: async () => {} };
  }
  const aedes = await Aedes.createBroker(AEDES_OPTIONS);
  const log = opts.log ?? (() => {});
  const { refused, count } = refusalCounter(log);
  const who = new WeakMap<Client, MqttIdentity>();
  if (access) guard(aedes, access, who, count);
  const auth = access?.required ?? false;
  const server = net.createServer(
    // No Nagle: acks, PUBACKs and sync replies are small packets that would otherwise wait for the
    // peer's delayed ACK (up to 40 ms): measured in bench/mqtt.ts, docs/benchmarks.md.
    { noDelay: true },
    (conn) => {
      const client = aedes.handle(conn);
      limitPackets(client, MAX_MQTT_PACKET_BYTES, () => {
        const user = who.get(client)?.user ?? '?';
        count(user, 'oversize', undefined, `a packet over ${MAX_MQTT_PACKET_BYTES} bytes from ${user === '?' ? 'a client not logged in' : user}`);
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const addr = server.address() as net.AddressInfo;
  if (!auth) {
    log('embedded MQTT broker runs WITHOUT authentication: the venue has no device secrets, so any client that reaches it may publish (docs/mqtt-security.md)');
  } else {
    const without = access!.devicesWithoutSecret();
    if (without.length > 0) log(`embedded MQTT broker: device(s) without a secret cannot log in: ${without.join(', ')}`);
  }
  return {
    url: `mqtt://${host}:${addr.port}`,
    embedded: true,
    auth,
    refusals: () => structuredClone(refused),
    inProcess: attachInProcess(aedes),
    close: () => new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve()))),
  };
}

const ignore = (): void => {};

/** aedes has its persistence (where retained messages are kept) once listening; its types leave it out. */
type WithRetained = { persistence: { createRetainedStreamCombi(patterns: string[]): AsyncIterable<AedesPublishPacket> } };

/** The hub's direct attachment to `aedes` (see InProcessBroker). */
function attachInProcess(aedes: Aedes): InProcessBroker {
  return {
    async subscribe(filters, deliver) {
      const onMessage = (packet: AedesPublishPacket, done: () => void): void => {
        // aedes counts a message in flight until every listener calls `done`; one never called
        // stalls the broker once enough pile up, so call it whatever `deliver` does.
        try {
          if (!packet.topic.startsWith('$SYS')) deliver(packet.topic, typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload);
        } finally {
          done();
        }
      };
      await Promise.all(filters.map((f) => new Promise<void>((resolve) => aedes.subscribe(f, onMessage, resolve))));
      // Retained messages (a device's last status) of devices that came before the hub did.
      const retained = (aedes as unknown as WithRetained).persistence.createRetainedStreamCombi([...filters]);
      for await (const packet of retained) onMessage(packet, ignore);
      return () => Promise.all(filters.map((f) => new Promise<void>((resolve) => aedes.unsubscribe(f, onMessage, resolve)))).then(ignore);
    },
    publish(topic, payload, qos) {
      if (aedes.closed) return; // the broker went first at shutdown: nobody is left to tell
      aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, dup: false, retain: false }, ignore);
    },
  };
}
