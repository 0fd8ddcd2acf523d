/**
 * A Firmata link: a table wired to an Arduino running StandardFirmata, read through johnny-five.
 *
 * The Arduino runs no autoref firmware, so this link plays the device: on every connection it
 * makes a boot id, numbers events from 1, stamps them in µs since the board became ready
 * (`process.hrtime`, taken on the hub when the pin report arrives: USB latency included, see
 * docs/firmata.md), builds protocol v1 `hi`, `st` and `ev` messages and hands them, serialized, to
 * the same `Ingest.accept()` as the serial and MQTT links. Which sensor is on which pin comes from
 * the table profile (`shared/profile.ts` sensors) plus a `pins` map from the profile's logical pins
 * to Arduino pins.
 *
 * Pin edges go through declared filters (below): `settle` (debounce: a level counts once it has
 * held `debounceMs`, stamped with the time of its edge), the beam's `minWidthUs` and `stuckMs`, the
 * pocket's `captureMs` and the piezo's `deadMs`, with the same defaults as the firmware
 * (`PROFILE_DEFAULTS`). johnny-five's `Button` debounces trailing with a fixed 7 ms (the event
 * loses the edge time) and `Pin`/`Sensor` poll on an interval, so the pins are read through the
 * board's IO layer (`board.io.digitalRead`), which is johnny-five's IO-plugin contract.
 *
 * A board that goes away is a state, not an exception: `offline`, then `reconnecting` with
 * backoff, like `SerialLink`. For tests the IO is injected (mock-firmata's `MockFirmata`).
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { SerialPort } from 'serialport';
import { AutorefError } from '../../shared/errors';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import { PROFILE_DEFAULTS, type SensorOptions } from '../../shared/profile';
import type { DeviceEvent, DeviceMessage, DeviceStatus, HubCommand } from '../../shared/protocol/schema';
import type { Ingest, Origin } from './pipeline';
import type { LinkState } from './serial';

// --- the IO layer (johnny-five's IO-plugin contract, as much of it as this link uses) ---------

/** A Firmata IO object: firmata-io's `Firmata` on a real port, or mock-firmata's `MockFirmata`. */
export interface FirmataIo {
  readonly MODES: Readonly<Record<string, number>>;
  readonly analogPins: readonly number[];
  readonly isReady: boolean;
  firmware?: { name?: string; version?: { major: number; minor: number } };
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: number): void;
  digitalRead(pin: number, cb: (value: number) => void): void;
  on(event: string, cb: (...args: unknown[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

interface FiveBoard {
  io: FirmataIo;
  timer: NodeJS.Timeout | null;
  on(event: string, cb: (...args: unknown[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

interface FiveModule {
  Board: (new (opts: { io: FirmataIo; repl: false; debug: false; sigint: false; timeout: number }) => FiveBoard) & { cache: FiveBoard[] };
}

type FirmataIoCtor = new (transport: SerialPort, options?: { reportVersionTimeout?: number }) => FirmataIo & { reportVersionTimeoutId?: NodeJS.Timeout };

// johnny-five and firmata-io are CommonJS without types: loaded on first use, typed above.
const requireCjs = createRequire(import.meta.url);
let five: FiveModule | null = null;
function loadFive(): FiveModule {
  five ??= requireCjs('johnny-five') as FiveModule;
  return five;
}
function loadFirmataIo(): FirmataIoCtor {
  // firmata-io is the Firmata protocol without a default transport: the port is opened with the
  // hub's own serialport. (The `firmata` package johnny-five would load needs serialport 8's native
  // build, which npm's allowScripts does not run.)
  return (requireCjs('firmata-io') as { Firmata: FirmataIoCtor }).Firmata;
}

// --- options -----------------------------------------------------------------------------------

/** An Arduino pin: a digital pin number (2 and up: 0 and 1 carry Firmata itself) or `A0`..`A15`. */
export type FirmataPin = number | string | { pin: number | string; pullup?: boolean };

export interface FirmataLinkOptions {
  /** Serial port of the Arduino, e.g. /dev/ttyACM0 (names the link `firmata:<path>`). */
  path: string;
  /** Device id in the venue configuration (`link: "firmata"`). */
  device: string;
  /** The table profile whose sensors this board reads (hardware/profiles/<id>.json). */
  profile: { id: string; sensors: readonly SensorOptions[] };
  /** Logical pin of the profile -> Arduino pin. Sensors whose pin is not here are not on this board. */
  pins: Readonly<Record<string, FirmataPin>>;
  /** StandardFirmata's baud rate: 57600. */
  baudRate?: number;
  /** First and longest wait between reconnect attempts, ms. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** A board that has not answered the Firmata handshake by then is given up and retried, ms. */
  readyTimeoutMs?: number;
  /** Events kept until acknowledged (sent again on `rs`). */
  bufferEvents?: number;
  /** For tests: makes the IO for each connection attempt instead of opening the port. May throw (no board). */
  io?: (path: string) => FirmataIo;
  /** For tests: the clock, ns (default `process.hrtime.bigint`). */
  clock?: () => bigint;
}

/** Edges dropped by the declared filters, per reason. */
export interface FirmataFilterCounts {
  bounce: number;
  short: number;
  dead: number;
  stuck: number;
}

type Level = 0 | 1;

// --- declared filters --------------------------------------------------------------------------

/**
 * Debounce (`settle`): a new level counts once it has held for `ms`; it is stamped with the time
 * of its edge. A level that comes back before that is a bounce and is dropped. The first report
 * after connecting is the initial level, not an edge.
 */
export class Settle {
  private accepted: Level | null = null;
  private raw: Level | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly onEdge: (level: Level, atUs: number) => void,
    private readonly onBounce: () => void,
  ) {}

  get level(): Level | null {
    return this.accepted;
  }

  input(level: Level, atUs: number): void {
    if (level === this.raw) return; // Firmata reports the whole port: not every report is an edge
    this.raw = level;
    if (this.accepted === null) {
      this.accepted = level;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      if (level === this.accepted) {
        this.onBounce();
        return;
      }
    }
    if (level === this.accepted) return;
    if (this.ms <= 0) {
      this.accepted = level;
      this.onEdge(level, atUs);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.accepted = level;
      this.onEdge(level, atUs);
    }, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** What a sensor reports to its link. */
interface SensorSink {
  event(s: SensorOptions, e: DeviceEvent['e'], atUs: number, widthUs?: number): void;
  fault(s: SensorOptions, stuck: boolean): void;
  filtered(why: keyof FirmataFilterCounts): void;
}

/** One sensor's logic on settled edges: a beam or pocket pulse, or a piezo hit. */
class SensorReader {
  private on = false;
  private onAt = 0;
  private stuck = false;
  private stuckTimer: NodeJS.Timeout | null = null;
  private captureTimer: NodeJS.Timeout | null = null;
  private waiting: { at: number; w: number } | null = null;
  private lastHit = -Infinity;

  constructor(
    readonly s: SensorOptions,
    private readonly sink: SensorSink,
  ) {}

  private get activeLow(): boolean {
    if (this.s.kind === 'beam' || this.s.kind === 'pocket') return this.s.activeLow ?? PROFILE_DEFAULTS.activeLow[this.s.kind];
    if (this.s.kind === 'piezo') return this.s.activeLow ?? PROFILE_DEFAULTS.activeLow.piezo;
    return false;
  }

  /** A settled edge of the main pin. */
  edge(level: Level, atUs: number): void {
    const active = (level === 0) === this.activeLow;
    if (this.s.kind === 'piezo') {
      if (!active) return;
      const dead = (this.s.deadMs ?? PROFILE_DEFAULTS.deadMs) * 1000;
      if (atUs - this.lastHit < dead) return this.sink.filtered('dead');
      this.lastHit = atUs;
      this.sink.event(this.s, this.s.event, atUs);
      return;
    }
    if (this.s.kind !== 'beam' && this.s.kind !== 'pocket') return;
    if (active) {
      if (this.on) return;
      this.on = true;
      this.onAt = atUs;
      const stuckMs = this.s.stuckMs ?? PROFILE_DEFAULTS.stuckMs;
      if (stuckMs > 0) {
        this.stuckTimer = setTimeout(() => {
          this.stuckTimer = null;
          this.stuck = true;
          this.sink.fault(this.s, true);
        }, stuckMs);
      }
      return;
    }
    if (!this.on) return; // cleared without a blocked edge we saw (blocked at connect)
    this.on = false;
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    this.stuckTimer = null;
    if (this.stuck) {
      this.stuck = false;
      this.sink.fault(this.s, false);
      this.sink.filtered('stuck');
      return;
    }
    const w = Math.round(atUs - this.onAt);
    if (w < (this.s.minWidthUs ?? PROFILE_DEFAULTS.minWidthUs)) return this.sink.filtered('short');
    if (this.s.kind === 'pocket' && this.s.drop !== undefined) {
      this.waiting = { at: this.onAt, w };
      if (this.captureTimer) clearTimeout(this.captureTimer);
      this.captureTimer = setTimeout(() => {
        this.captureTimer = null;
        const p = this.waiting;
        this.waiting = null;
        if (p) this.sink.event(this.s, 'rattle', p.at, p.w);
      }, this.s.captureMs ?? PROFILE_DEFAULTS.captureMs);
      return;
    }
    this.sink.event(this.s, this.s.kind === 'pocket' ? 'pocket' : this.s.event, this.onAt, w);
  }

  /** A settled edge of a pocket's drop beam: the waiting jaw pulse was a capture. */
  dropEdge(level: Level): void {
    if (this.s.kind !== 'pocket') return;
    const active = (level === 0) === this.activeLow;
    if (!active || !this.waiting) return;
    if (this.captureTimer) clearTimeout(this.captureTimer);
    this.captureTimer = null;
    const p = this.waiting;
    this.waiting = null;
    this.sink.event(this.s, 'pocket', p.at, p.w);
  }

  stop(): void {
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    if (this.captureTimer) clearTimeout(this.captureTimer);
    this.stuckTimer = this.captureTimer = null;
  }
}

interface Watch {
  logical: string;
  pin: number | string;
  pullup: boolean;
  settle: number;
  reader: SensorReader;
  drop: boolean;
}

function pinRef(p: FirmataPin): { pin: number | string; pullup: boolean } {
  return typeof p === 'object' ? { pin: p.pin, pullup: p.pullup ?? false } : { pin: p, pullup: false };
}

function validPin(pin: number | string): boolean {
  return typeof pin === 'number' ? Number.isInteger(pin) && pin >= 2 && pin <= 127 : /^A([0-9]|1[0-5])$/.test(pin);
}

/**
 * Checks the profile and pin map for what a StandardFirmata board can read and returns the pins
 * to watch. Throws AR_CONFIG at once on anything it cannot do (misuse, not a runtime failure).
 */
export function planWatches(opts: Pick<FirmataLinkOptions, 'profile' | 'pins'>, sink: SensorSink): Watch[] {
  const problems: string[] = [];
  const watches: Watch[] = [];
  const used = new Map<string, string>();
  const add = (s: SensorOptions, logical: string, reader: SensorReader, drop: boolean): void => {
    const p = opts.pins[logical];
    if (p === undefined) return void problems.push(`sensor ${s.id}: logical pin "${logical}" is not in pins`);
    const ref = pinRef(p);
    if (!validPin(ref.pin)) return void problems.push(`sensor ${s.id}: "${String(ref.pin)}" is not an Arduino pin (2 and up, or A0..A15)`);
    const key = String(ref.pin);
    const other = used.get(key);
    if (other) problems.push(`sensor ${s.id}: pin ${key} already used by ${other}`);
    used.set(key, s.id);
    watches.push({ logical, pin: ref.pin, pullup: ref.pullup, settle: s.debounceMs ?? defaultDebounce(s), reader, drop });
  };
  for (const s of opts.profile.sensors) {
    if (opts.pins[s.pin] === undefined) continue; // not on this board
    if (s.kind === 'tag') {
      problems.push(`sensor ${s.id}: a tag reader needs a UART, which StandardFirmata does not relay`);
      continue;
    }
    if (s.kind === 'beam' && s.colour) problems.push(`sensor ${s.id}: colour identification needs I2C reads, which this link does not make (remove "colour")`);
    if (s.kind === 'beam' && s.tag) problems.push(`sensor ${s.id}: tag identification is not available over Firmata (remove "tag")`);
    if (s.kind === 'piezo' && s.analog) problems.push(`sensor ${s.id}: the piezo magnitude (analog peak hold) is not read over Firmata (remove "analog")`);
    const reader = new SensorReader(s, sink);
    add(s, s.pin, reader, false);
    if (s.kind === 'pocket' && s.drop !== undefined) add(s, s.drop, reader, true);
  }
  if (problems.length > 0) throw new AutorefError('AR_CONFIG', `firmata: ${problems.join('; ')}`);
  return watches;
}

function defaultDebounce(s: SensorOptions): number {
  if (s.kind === 'beam' || s.kind === 'pocket' || s.kind === 'piezo') return PROFILE_DEFAULTS.debounceMs[s.kind];
  return 0;
}

// --- the link ----------------------------------------------------------------------------------

interface Connection {
  io: FirmataIo & { reportVersionTimeoutId?: NodeJS.Timeout };
  board: FiveBoard | null;
  port: SerialPort | null;
  settles: Settle[];
  readers: SensorReader[];
  readyTimer: NodeJS.Timeout | null;
}

export class FirmataLink extends EventEmitter<{ state: [LinkState, string?] }> implements SensorSink {
  state: LinkState = 'connecting';
  readonly linkName: string;
  /** Edges the declared filters dropped since the link was made. */
  readonly filteredCounts: FirmataFilterCounts = { bounce: 0, short: 0, dead: 0, stuck: 0 };
  private conn: Connection | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempt = 0;
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
    super();
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

  start(): void {
    this.open();
  }

  private setState(s: LinkState, why?: string): void {
    if (this.state === s) return;
    this.state = s;
    this.emit('state', s, why);
  }

  private micros(): number {
    return Number((this.clock() - this.t0) / 1000n);
  }

  private open(): void {
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
    const conn: Connection = { io, board: null, port, settles: [], readers: [], readyTimer: null };
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
    const fw = io.firmware?.name ? `${io.firmware.name.replace(/\.ino$/, '')}-${io.firmware.version?.major ?? 0}.${io.firmware.version?.minor ?? 0}` : 'firmata';
    this.deliver({ v: PROTOCOL_VERSION, k: 'hi', d: this.opts.device, b: this.boot, t: this.micros(), fw: fw.slice(0, 24), board: 'firmata', prof: this.opts.profile.id.slice(0, 32), cap: this.capacity });
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

  private retry(why: string): void {
    if (this.state === 'closed') return;
    const min = this.opts.backoffMinMs ?? 250;
    const max = this.opts.backoffMaxMs ?? 5000;
    const wait = Math.min(max, min * 2 ** this.attempt++);
    this.setState(this.state === 'connecting' ? 'connecting' : 'reconnecting', why);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, wait);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    const wasOnline = this.state === 'online';
    this.setState('closed');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    if (wasOnline) this.deliver(this.status('offline'));
    await this.teardown(conn);
  }
}
