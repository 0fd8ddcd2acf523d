/**
 * A Firmata link: a table wired to an Arduino running StandardFirmata, read through johnny-five.
 *
 * The Arduino runs no autoref firmware, so this link plays the device: on every connection it
 * makes a boot id, numbers events from 1, stamps them in µs since the board became ready
 * (`process.hrtime`, taken on the hub when the pin report arrives: USB latency included, see
 * docs/firmata.md), builds protocol v1 `hi`, `st` and `ev` messages and hands them, serialized, to
 * the same `Ingest.accept()` as the serial and MQTT links. Which sensor is on which pin comes from
 * the table profile (`shared/profile.ts` sensors) plus a `pins` map from the profile's logical pins
 * to Arduino pins (plan.ts).
 *
 * Pin edges go through the declared debounce (`settle`, settle.ts: a level counts once it has held
 * `debounceMs`, stamped with the time of its edge), then through the firmware's own meaning of an
 * edge on the sensor compiled as for a bundle (reader.ts). johnny-five's `Button` debounces
 * trailing with a fixed 7 ms (the event loses the edge time) and `Pin`/`Sensor` poll on an
 * interval, so the pins are read through the board's IO layer (`board.io.digitalRead`), which is
 * johnny-five's IO-plugin contract (io.ts).
 *
 * A board that goes away is a state, not an exception: `offline`, then `reconnecting` with
 * backoff (DeviceLink, shared with the serial link). For tests the IO is injected (mock-firmata's
 * `MockFirmata`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SerialPort } from 'serialport';
import { PROTOCOL_VERSION } from '../../../shared/protocol/wire';
import type { SensorOptions } from '../../../shared/profile';
import type { DeviceEvent, DeviceMessage, DeviceStatus, HubCommand } from '../../../shared/protocol/schema';
import type { Ingest, Origin } from '../pipeline';
import { DeviceLink } from '../link';
import { loadFirmataIo, loadFive, type FiveBoard, type FirmataIo } from './io';
import { planWatches, type FirmataLinkOptions } from './plan';
import type { FirmataFilterCounts, SensorReader, SensorSink } from './reader';
import { Settle } from './settle';

interface Connection {
  io: FirmataIo & { reportVersionTimeoutId?: NodeJS.Timeout };
  board: FiveBoard | null;
  port: SerialPort | null;
  settles: Settle[];
  readers: SensorReader[];
  readyTimer: NodeJS.Timeout | null;
  /** While online: checks that the port's device file is still there (PRESENCE_CHECK_MS). */
  presenceTimer: NodeJS.Timeout | null;
}

/**
 * How often an online board's device file is looked for. A pulled USB cable removes it; the port
 * usually reports the hangup itself, but not always: in CI a pty whose other end was gone stayed
 * "open" to the serial binding for over 30 s under load, and the board was never marked offline.
 */
const PRESENCE_CHECK_MS = 1000;

export class FirmataLink extends DeviceLink implements SensorSink {
  readonly linkName: string;
  /** Edges the declared filters dropped since the link was made. */
  readonly filteredCounts: FirmataFilterCounts = { bounce: 0, short: 0, dead: 0, stuck: 0 };
  private conn: Connection | null = null;
  private boot = '';
  private t0 = 0n;
  private seq = 0;
  /** Highest sequence of the current boot the hub acknowledged. */
  private ackedUpTo = 0;
  private unacked: DeviceEvent[] = [];
  private lost = 0;
  private readonly faults = new Map<string, true>();
  private readonly origin: Origin;
  private readonly clock: () => bigint;

  constructor(
    private readonly ingest: Ingest,
    private readonly opts: FirmataLinkOptions,
  ) {
    super(opts);
    this.linkName = `firmata:${opts.path}`;
    this.clock = opts.clock ?? process.hrtime.bigint;
    // Validate the plan now: a wrong pin map is a configuration error at start, not at connect.
    planWatches(opts, this);
    this.origin = { link: this.linkName, send: (_device, cmd) => this.onCommand(cmd) };
  }

  /** The boot id of the current connection ('' before the first). */
  get bootId(): string {
    return this.boot;
  }

  /** Highest sequence of the current boot the hub has acknowledged. */
  get acked(): number {
    return this.ackedUpTo;
  }

  /** Last sequence number sent in the current boot (0 before the first event). */
  get sent(): number {
    return this.seq;
  }

  /** Events sent and not yet acknowledged. */
  get pending(): number {
    return this.unacked.length;
  }

  private micros(): number {
    return Number((this.clock() - this.t0) / 1000n);
  }

  protected open(): void {
    if (this.state === 'closed') return;
    let io: Connection['io'];
    let port: SerialPort | null = null;
    try {
      if (this.opts.io) {
        io = this.opts.io(this.opts.path);
      } else {
        port = new SerialPort({ path: this.opts.path, baudRate: this.opts.baudRate ?? 57600, autoOpen: false });
        io = new (loadFirmataIo())(port);
      }
    } catch (e) {
      this.retry(e instanceof Error ? e.message : String(e));
      return;
    }
    const conn: Connection = { io, board: null, port, settles: [], readers: [], readyTimer: null, presenceTimer: null };
    this.conn = conn;
    const gone = (why: string) => () => this.gone(conn, why);
    io.on('close', gone('board closed'));
    io.on('disconnect', gone('board disconnected'));
    io.on('error', (e) => this.gone(conn, e instanceof Error ? e.message : String(e)));
    if (port) {
      port.on('close', gone('port closed'));
      port.on('error', (e) => this.gone(conn, e.message));
    }
    const timeout = this.opts.readyTimeoutMs ?? 10_000;
    conn.readyTimer = setTimeout(() => this.gone(conn, `no Firmata answer within ${timeout} ms`), timeout);
    const board = new (loadFive().Board)({ io, repl: false, debug: false, sigint: false, timeout: timeout + 1000 });
    conn.board = board;
    board.on('error', (e) => this.gone(conn, typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : 'board error'));
    board.on('ready', () => this.ready(conn));
    if (port) port.open((err) => err && this.gone(conn, err.message));
  }

  private ready(conn: Connection): void {
    if (this.conn !== conn) return;
    if (conn.readyTimer) clearTimeout(conn.readyTimer);
    conn.readyTimer = null;
    const io = conn.io;
    this.t0 = this.clock();
    this.boot = randomBytes(4).toString('hex');
    this.seq = 0;
    this.ackedUpTo = 0;
    this.unacked = [];
    this.lost = 0;
    this.faults.clear();
    this.attempt = 0;
    const watches = planWatches(this.opts, this);
    for (const w of watches) {
      const pin = typeof w.pin === 'string' ? io.analogPins[Number(w.pin.slice(1))] : w.pin;
      if (pin === undefined) {
        this.gone(conn, `board has no pin ${String(w.pin)}`);
        return;
      }
      const reader = w.reader;
      if (!conn.readers.includes(reader)) conn.readers.push(reader);
      const settle = new Settle(
        w.settle,
        (level, at) => (w.drop ? reader.dropEdge(level) : reader.edge(level, at)),
        () => this.filtered('bounce'),
      );
      conn.settles.push(settle);
      const pullupMode = io.MODES['PULLUP'];
      if (w.pullup && pullupMode !== undefined) {
        io.pinMode(pin, pullupMode);
      } else {
        io.pinMode(pin, io.MODES['INPUT'] ?? 0);
        if (w.pullup) io.digitalWrite(pin, 1); // Firmata before 2.5: pull-up by writing high to an input
      }
      io.digitalRead(pin, (value) => {
        if (this.conn === conn) settle.input(value ? 1 : 0, this.micros());
      });
    }
    this.setState('online');
    if (conn.port && path.isAbsolute(this.opts.path)) {
      conn.presenceTimer = setInterval(() => {
        if (!existsSync(this.opts.path)) this.gone(conn, `${this.opts.path} is gone (cable pulled?)`);
      }, PRESENCE_CHECK_MS);
      conn.presenceTimer.unref();
    }
    const fw = io.firmware?.name
      ? `${io.firmware.name.replace(/\.ino$/, '')}-${io.firmware.version?.major ?? 0}.${io.firmware.version?.minor ?? 0}`
      : 'firmata';
    this.deliver({
      v: PROTOCOL_VERSION,
      k: 'hi',
      d: this.opts.device,
      b: this.boot,
      t: this.micros(),
      fw: fw.slice(0, 24),
      board: 'firmata',
      prof: this.opts.profile.id.slice(0, 32),
      cap: this.capacity,
    });
    this.deliver(this.status('online'));
  }

  private get capacity(): number {
    return this.opts.bufferEvents ?? 256;
  }

  private status(state: 'online' | 'offline'): DeviceStatus {
    const f = [...this.faults.keys()].map((s) => ({ s, c: 'stuck' as const }));
    return {
      v: PROTOCOL_VERSION,
      k: 'st',
      d: this.opts.device,
      b: this.boot,
      t: this.micros(),
      state,
      up: Math.round(this.micros() / 1e6),
      q: this.unacked.length,
      cap: this.capacity,
      lost: this.lost,
      ...(f.length > 0 ? { f } : {}),
    };
  }

  private deliver(msg: DeviceMessage): void {
    this.ingest.accept(JSON.stringify(msg), this.origin);
  }

  // SensorSink ------------------------------------------------------------------------------------

  event(s: SensorOptions, e: DeviceEvent['e'], atUs: number, widthUs?: number): void {
    if (!this.conn || this.state !== 'online') return;
    const ev: DeviceEvent = { v: PROTOCOL_VERSION, k: 'ev', d: this.opts.device, b: this.boot, n: ++this.seq, t: Math.max(0, Math.round(atUs)), e, s: s.id };
    if (s.place !== undefined) ev.p = s.place;
    if (widthUs !== undefined) ev.w = widthUs;
    this.unacked.push(ev);
    if (this.unacked.length > this.capacity) {
      this.unacked.shift();
      this.lost++;
    }
    this.deliver(ev);
  }

  fault(s: SensorOptions, stuck: boolean): void {
    if (stuck) this.faults.set(s.id, true);
    else this.faults.delete(s.id);
    if (this.state === 'online') this.deliver(this.status('online'));
  }

  filtered(why: keyof FirmataFilterCounts): void {
    this.filteredCounts[why]++;
  }

  // Commands from the hub -------------------------------------------------------------------------

  private onCommand(cmd: HubCommand): void {
    // Answered like a device would: after the hub's current call returns, never inside it.
    if (cmd.k === 'ack' && cmd.b === this.boot) {
      this.ackedUpTo = Math.max(this.ackedUpTo, cmd.n);
      while (this.unacked.length > 0 && this.unacked[0]!.n <= cmd.n) this.unacked.shift();
    } else if (cmd.k === 'rs' && cmd.b === this.boot) {
      const again = this.unacked.filter((e) => e.n >= cmd.n);
      queueMicrotask(() => {
        for (const e of again) if (e.b === this.boot && this.state === 'online') this.deliver(e);
      });
    } else if (cmd.k === 'sy' && this.state === 'online') {
      const t = this.micros();
      const boot = this.boot;
      queueMicrotask(() => {
        if (boot === this.boot && this.state === 'online') this.deliver({ v: PROTOCOL_VERSION, k: 'sy', d: this.opts.device, b: boot, q: cmd.q, t });
      });
    }
    // cfg and id are not supported over Firmata (see docs/firmata.md).
  }

  // Losing and finding the board ------------------------------------------------------------------

  private gone(conn: Connection, why: string): void {
    if (this.conn !== conn || this.state === 'closed') return;
    const wasOnline = this.state === 'online';
    void this.teardown(conn);
    this.conn = null;
    if (wasOnline) {
      // What the device's last will says on MQTT.
      this.deliver(this.status('offline'));
      this.ingest.markOffline(this.opts.device);
      this.setState('offline', why);
    }
    this.retry(why);
  }

  /** Stops everything of one connection; resolves when its port is closed. */
  private teardown(conn: Connection): Promise<void> {
    if (conn.readyTimer) clearTimeout(conn.readyTimer);
    conn.readyTimer = null;
    if (conn.presenceTimer) clearInterval(conn.presenceTimer);
    conn.presenceTimer = null;
    for (const s of conn.settles) s.stop();
    for (const r of conn.readers) r.stop();
    if (conn.io.reportVersionTimeoutId) clearTimeout(conn.io.reportVersionTimeoutId);
    if (conn.board) {
      if (conn.board.timer) clearTimeout(conn.board.timer);
      const cache = loadFive().Board.cache;
      const i = cache.indexOf(conn.board);
      if (i >= 0) cache.splice(i, 1);
      conn.board.removeAllListeners();
      conn.board.on('error', () => {});
    }
    conn.io.removeAllListeners();
    conn.io.on('error', () => {});
    const port = conn.port;
    if (!port) return Promise.resolve();
    port.removeAllListeners();
    port.on('error', () => {});
    return new Promise<void>((r) => (port.isOpen ? port.close(() => r()) : r()));
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    const wasOnline = this.state === 'online';
    this.stop();
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    if (wasOnline) this.deliver(this.status('offline'));
    await this.teardown(conn);
  }
}
