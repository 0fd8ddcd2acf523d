/**
 * The MQTT link: the hub subscribes to every device's events and status of its venue and
 * answers on each device's cmd topic. Connection trouble is a link state, never an exception.
 */
import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { CHANNEL_CMD, topicFor } from '../../shared/protocol/wire';
import { parseTopic, venueSubscriptions } from '../../shared/protocol/topics';
import { encodeLine } from '../../shared/protocol/decode';
import type { HubCommand } from '../../shared/protocol/schema';
import type { InProcessBroker } from '../broker';
import type { Ingest, Origin } from './pipeline';
import type { LinkState } from './serial';

export interface MqttLinkOptions {
  url: string;
  venue: string;
  username?: string;
  password?: string;
  /** TLS and other client options pass straight to MQTT.js. */
  client?: IClientOptions;
  /**
   * The broker embedded in this process (`BrokerHandle.inProcess`): the link attaches to it
   * directly instead of being an MQTT client, so a device's message reaches the ingest in the
   * turn the broker handles it. `url` then only names the broker in logs and health.
   */
  inProcess?: InProcessBroker;
}

/** Topics whose origin is remembered; far more than a venue's devices have (events and status each). */
const MAX_TOPICS = 4096;

/**
 * QoS per command. Clock sync is a round trip measured in milliseconds: no PUBACK may delay it,
 * and a lost one is one sample fewer. Acks go at QoS 0 too: they are cumulative, so the next one
 * covers a lost one, and a device that hears none sends its unacknowledged events again after 2 s
 * (firmware/core/device.ts; sim/device.ts does the same), which the hub acknowledges again. At
 * QoS 1 each ack made the broker send the hub a PUBACK, and with Nagle's algorithm on the broker's
 * socket (Mosquitto's default) the broker's next event to the hub waited behind that small
 * packet for the hub's delayed TCP ACK: 40 ms, every event, once the hub answered in the event's
 * own turn (docs/benchmarks.md). The rest go at QoS 1: they are rare and not repeated by themselves.
 */
const QOS_OF: Record<HubCommand['k'], 0 | 1> = { ack: 0, rs: 1, sy: 0, cfg: 1, id: 1 };

export class MqttLink extends EventEmitter<{ state: [LinkState, string?] }> {
  state: LinkState = 'connecting';
  private client: MqttClient | null = null;
  /** Attached to the embedded broker instead: how to leave it. */
  private detach: (() => Promise<void>) | null = null;
  /** Table of each device, learned from the topics it publishes on, for replies (a Map: topic parts come from outside). */
  private readonly tableOf = new Map<string, string>();

  constructor(
    private readonly ingest: Ingest,
    private readonly opts: MqttLinkOptions,
  ) {
    super();
  }

  private setState(s: LinkState, why?: string): void {
    if (this.state === s) return;
    this.state = s;
    this.emit('state', s, why);
  }

  /**
   * Resolves once subscribed, or once the first attempt has failed (broker down, login or TLS
   * refused): the link then says so in its state and keeps trying in the background, and the hub
   * starts anyway (its dashboard shows the link as not online).
   */
  async start(): Promise<void> {
    const broker = this.opts.inProcess;
    if (broker) {
      // Same process as the broker: it cannot be unreachable, so the link is online from here to close().
      const unsubscribe = await broker.subscribe(venueSubscriptions(this.opts.venue), (topic, payload) => this.onMessage(topic, payload));
      if (this.state === 'closed') return unsubscribe(); // closed while subscribing
      this.detach = unsubscribe;
      this.setState('online');
      return;
    }
    const options: IClientOptions = {
      clientId: `autoref-hub-${this.opts.venue}-${process.pid}`,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      // MQTT.js logs every packet through `debug`, enabled or not: a few per cent of the hub
      // under load. DEBUG=mqttjs* still turns its log on.
      ...(/mqttjs/.test(process.env['DEBUG'] ?? '') ? {} : { log: () => {} }),
      ...(this.opts.username ? { username: this.opts.username, password: this.opts.password } : {}),
      ...this.opts.client,
    };
    const client = mqtt.connect(this.opts.url, options);
    this.client = client;
    client.on('reconnect', () => this.setState('reconnecting'));
    client.on('offline', () => this.setState('offline'));
    client.on('error', (e) => this.setState(this.state === 'online' ? 'offline' : this.state, e.message));
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    // Everything the hub writes in answer to one read (a PUBACK per QoS 1 event, acks) leaves in
    // one write at the end of it. MQTT.js handles one packet per tick and flushes each of its
    // packets on the next, so unheld each PUBACK was a system call of its own: a third of the
    // hub's time at QoS 1 (bench/mqtt.ts --cpu-prof).
    let held = false;
    client.on('packetreceive', () => {
      const stream = client.stream;
      if (held || !stream) return;
      held = true;
      stream.cork();
      setImmediate(() => {
        held = false;
        stream.uncork();
      });
    });
    return new Promise((resolve) => {
      client.once('close', () => resolve());
      client.on('connect', () => {
        // PUBACKs and acks are small packets: none should wait for the one before to be ACKed.
        (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
        client.subscribe(venueSubscriptions(this.opts.venue), { qos: 1 }, () => {
          this.setState('online');
          resolve();
        });
      });
    });
  }

  /**
   * The origin of each topic messages came on, made once: a topic names its table and device for
   * good. Bounded, because any client may publish under the venue's topics on an external broker.
   */
  private readonly originOf = new Map<string, Origin>();
  private readonly reply = (device: string, cmd: HubCommand): void => this.send(device, cmd);

  private onMessage(topic: string, payload: Buffer): void {
    let origin = this.originOf.get(topic);
    if (!origin) {
      const parts = parseTopic(topic);
      if (!parts) return; // not ours: the subscription filter makes this unreachable in practice
      if (this.originOf.size >= MAX_TOPICS) {
        this.originOf.clear();
        this.tableOf.clear();
      }
      origin = { link: 'mqtt', topic: { table: parts.table, device: parts.device }, send: this.reply };
      this.originOf.set(topic, origin);
    }
    this.tableOf.set(origin.topic!.device, origin.topic!.table);
    this.ingest.accept(payload, origin);
  }

  send(device: string, cmd: HubCommand): void {
    const table = this.tableOf.get(device);
    if (table === undefined) return;
    const topic = topicFor(this.opts.venue, table, device, CHANNEL_CMD);
    const payload = encodeLine(cmd).trimEnd();
    const direct = this.opts.inProcess;
    // Directly also while subscribing: the broker's retained statuses may already get answers.
    if (direct) {
      if (this.state !== 'closed') direct.publish(topic, payload, QOS_OF[cmd.k]);
    } else this.client?.publish(topic, payload, { qos: QOS_OF[cmd.k] });
  }

  async close(): Promise<void> {
    this.setState('closed');
    const detach = this.detach;
    this.detach = null;
    await detach?.();
    await this.client?.endAsync(true);
  }
}
