/**
 * The MQTT link: the hub subscribes to every device's events and status of its venue and
 * answers on each device's cmd topic. Connection trouble is a link state, never an exception.
 */
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import { CHANNEL_CMD, topicFor } from '../../shared/protocol/wire';
import { parseTopic, venueSubscriptions } from '../../shared/protocol/topics';
import { encodeLine } from '../../shared/protocol/decode';
import type { HubCommand } from '../../shared/protocol/schema';
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
   * A new connection to the broker embedded in this process (`BrokerHandle.connectInProcess`),
   * called on each (re)connect. Same MQTT session, login and ACL as over TCP, without the
   * loopback socket. `url` then only names the broker in logs and health.
   */
  inProcess?: () => Duplex;
}

/**
 * QoS per command. Clock sync is a round trip measured in milliseconds: no PUBACK may delay it,
 * and a lost one is one sample fewer (QoS 0). The rest go at QoS 1: at QoS 0 a broker under
 * pressure drops an ack (Mosquitto does, for a subscriber that reads slowly), and a device without
 * a resend timer then waits for an ack that never comes (test/fault/kill9.test.ts, once in CI).
 */
const QOS_OF: Record<HubCommand['k'], 0 | 1> = { ack: 1, rs: 1, sy: 0, cfg: 1, id: 1 };

export class MqttLink extends EventEmitter<{ state: [LinkState, string?] }> {
  state: LinkState = 'connecting';
  private client: MqttClient | null = null;
  /** Table of each device, learned from the topics it publishes on, for replies. */
  private readonly tableOf: Record<string, string> = {};

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

  /** Resolves once subscribed, or keeps trying in the background if the broker is down. */
  start(): Promise<void> {
    const options: IClientOptions = {
      clientId: `autoref-hub-${this.opts.venue}-${process.pid}`,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      ...(this.opts.username ? { username: this.opts.username, password: this.opts.password } : {}),
      ...this.opts.client,
    };
    const inProcess = this.opts.inProcess;
    const client = inProcess ? new MqttClient(() => inProcess(), { protocolVersion: 4, ...options }) : mqtt.connect(this.opts.url, options);
    this.client = client;
    client.on('reconnect', () => this.setState('reconnecting'));
    client.on('offline', () => this.setState('offline'));
    client.on('error', (e) => this.setState(this.state === 'online' ? 'offline' : this.state, e.message));
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    return new Promise((resolve) => {
      client.on('connect', () => {
        // QoS 1 protects the broker -> hub hop over a network. In process there is no such hop to
        // lose a message on (if the process dies, broker and hub die together and every device
        // resends what the hub had not acknowledged), so the PUBACK round trip is left out.
        client.subscribe(venueSubscriptions(this.opts.venue), { qos: inProcess ? 0 : 1 }, () => {
          this.setState('online');
          resolve();
        });
      });
    });
  }

  private onMessage(topic: string, payload: Buffer): void {
    const parts = parseTopic(topic);
    if (!parts) return; // not ours: the subscription filter makes this unreachable in practice
    this.tableOf[parts.device] = parts.table;
    const origin: Origin = {
      link: 'mqtt',
      topic: { table: parts.table, device: parts.device },
      send: (device, cmd) => this.send(device, cmd),
    };
    this.ingest.accept(payload, origin);
  }

  send(device: string, cmd: HubCommand): void {
    const table = this.tableOf[device];
    if (!this.client || table === undefined) return;
    this.client.publish(topicFor(this.opts.venue, table, device, CHANNEL_CMD), encodeLine(cmd).trimEnd(), { qos: QOS_OF[cmd.k] });
  }

  async close(): Promise<void> {
    this.setState('closed');
    await this.client?.endAsync(true);
  }
}
