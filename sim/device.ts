/**
 * A simulated device speaking protocol v1, for the demo and the tests until the real firmware
 * runs on its simulated board. It keeps unacknowledged events and sends them again when asked,
 * after reconnecting, and after a silence with events unacknowledged, like the firmware does
 * (firmware/core/device.ts: 2 s, doubling up to 16 s; an ack, which the hub may send at QoS 0,
 * can be lost).
 */
import { randomBytes } from 'node:crypto';
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import mqtt, { type MqttClient } from 'mqtt';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, PROTOCOL_VERSION, topicFor } from '../shared/protocol/wire';
import { decodeHubCommand, encodeLine } from '../shared/protocol/decode';
import type { DeviceEvent, DeviceMessage, HubCommand } from '../shared/protocol/schema';

export type SimEventFields = Pick<DeviceEvent, 'e' | 's'> & Partial<Pick<DeviceEvent, 'p' | 'm' | 'w' | 'o'>>;

export interface Transport {
  send(msg: DeviceMessage): void;
  onCommand(cb: (cmd: HubCommand) => void): void;
  close(): Promise<void>;
}

export function newBootId(): string {
  return randomBytes(4).toString('hex');
}

export class SimDevice {
  private seq = 0;
  private readonly bootedAt = process.hrtime.bigint();
  private readonly unacked: DeviceEvent[] = [];
  acked = 0;
  /** Clock rate error of this board (0.007: runs 0.7 % fast), to test the hub's clock mapping. */
  drift = 0;
  /** Seconds without ack progress before every unacknowledged event is sent again (then doubled). */
  static readonly RETRY_MIN_S = 2;
  static readonly RETRY_MAX_S = 16;
  private retryS = SimDevice.RETRY_MIN_S;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    private readonly transport: Transport,
    readonly boot: string = newBootId(),
  ) {
    transport.onCommand((cmd) => this.onCommand(cmd));
  }

  /** Device time, µs since boot, as the firmware stamps it in the interrupt. */
  micros(): number {
    return Math.round((Number(process.hrtime.bigint() - this.bootedAt) / 1000) * (1 + this.drift));
  }

  hello(profile: string): void {
    this.transport.send({ v: PROTOCOL_VERSION, k: 'hi', d: this.id, b: this.boot, t: this.micros(), fw: 'sim-1', board: 'sim', prof: profile, cap: 256 });
    this.transport.send({ v: PROTOCOL_VERSION, k: 'st', d: this.id, b: this.boot, t: this.micros(), state: 'online', up: 0, q: 0, cap: 256, lost: 0 });
  }

  emit(fields: SimEventFields): DeviceEvent {
    const e: DeviceEvent = { v: PROTOCOL_VERSION, k: 'ev', d: this.id, b: this.boot, n: ++this.seq, t: this.micros(), ...fields };
    this.unacked.push(e);
    this.transport.send(e);
    if (!this.retryTimer) this.armRetry();
    return e;
  }

  private armRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.unacked.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      for (const e of this.unacked) this.transport.send(e);
      this.retryS = Math.min(this.retryS * 2, SimDevice.RETRY_MAX_S);
      this.armRetry();
    }, this.retryS * 1000);
    this.retryTimer.unref();
  }

  get pending(): number {
    return this.unacked.length;
  }

  private onCommand(cmd: HubCommand): void {
    if (cmd.k === 'ack' && cmd.b === this.boot) {
      this.acked = Math.max(this.acked, cmd.n);
      const before = this.unacked.length;
      while (this.unacked.length > 0 && this.unacked[0]!.n <= cmd.n) this.unacked.shift();
      if (this.unacked.length < before) {
        this.retryS = SimDevice.RETRY_MIN_S;
        this.armRetry();
      }
    } else if (cmd.k === 'rs' && cmd.b === this.boot) {
      for (const e of this.unacked) if (e.n >= cmd.n) this.transport.send(e);
    } else if (cmd.k === 'sy') {
      this.transport.send({ v: PROTOCOL_VERSION, k: 'sy', d: this.id, b: this.boot, q: cmd.q, t: this.micros() });
    }
  }

  close(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    return this.transport.close();
  }
}

/** The device end of a serial line (e.g. the other side of a pseudo-terminal pair). */
export async function serialTransport(path: string): Promise<Transport> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  const lines = port.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'utf8' }));
  return {
    send: (msg) => void port.write(encodeLine(msg)),
    onCommand: (cb) =>
      lines.on('data', (line: string) => {
        const d = decodeHubCommand(line.trim());
        if (d.ok) cb(d.msg);
      }),
    close: () => new Promise<void>((r) => (port.isOpen ? port.close(() => r()) : r())),
  };
}

/** `secret`: the device's password where the broker requires devices to log in (docs/mqtt-security.md). */
export async function mqttTransport(url: string, venue: string, table: string, device: string, boot: string, secret?: string): Promise<Transport> {
  const offline: DeviceMessage = { v: PROTOCOL_VERSION, k: 'st', d: device, b: boot, t: 0, state: 'offline' };
  const will = { topic: topicFor(venue, table, device, CHANNEL_STATUS), payload: Buffer.from(JSON.stringify(offline)), qos: 1 as const, retain: true };
  const login = secret !== undefined ? { username: device, password: secret } : {};
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: `autoref-sim-${device}-${process.pid}`, will, reconnectPeriod: 1000, ...login });
  await client.subscribeAsync(topicFor(venue, table, device, CHANNEL_CMD), { qos: 1 });
  return {
    send: (msg) => {
      const channel = msg.k === 'ev' ? CHANNEL_EVENTS : CHANNEL_STATUS;
      void client.publish(topicFor(venue, table, device, channel), JSON.stringify(msg), { qos: msg.k === 'sy' ? 0 : 1, retain: msg.k === 'st' });
    },
    onCommand: (cb) =>
      client.on('message', (_topic, payload) => {
        const d = decodeHubCommand(payload.toString('utf8'));
        if (d.ok) cb(d.msg);
      }),
    close: () => client.endAsync().then(() => undefined),
  };
}
