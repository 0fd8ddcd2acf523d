/**
 * The simulated board: Espruino's globals for Node, so the real firmware bundle (HAL included)
 * runs unmodified in a vm context. Virtual pins with edge injection (setWatch with Espruino's
 * debounce and edge filters, the interrupt time in the callback), a virtual clock driving
 * setTimeout/setInterval/getTime, virtual USB and UARTs, I2C devices, Storage, WiFi, and `net`
 * sockets bridged to real TCP (a real MQTT broker) or refused on demand.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import vm from 'node:vm';
import type { BoardId } from '../../shared/profile';
import { asDelivered } from '../build/delivered';

export interface SimPin {
  readonly name: string;
}

interface Watch {
  id: number;
  pin: string;
  edge: 'rising' | 'falling' | 'both';
  debounce: number;
  cb: (e: { state: boolean; time: number; lastTime: number }) => void;
  stable: number;
  lastTime: number;
  pending: number | null;
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  every: number;
}

export interface I2CDevice {
  write(bytes: number[]): void;
  read(n: number): Uint8Array;
}

type Handler = (...args: never[]) => void;

class Emitter {
  private readonly handlers: Record<string, Handler[]> = {};
  on(ev: string, fn: Handler): void {
    (this.handlers[ev] ??= []).push(fn);
  }
  emit(ev: string, ...args: unknown[]): void {
    for (const h of this.handlers[ev] ?? []) (h as (...a: unknown[]) => void)(...args);
  }
  has(ev: string): boolean {
    return (this.handlers[ev]?.length ?? 0) > 0;
  }
  /** Forgets every handler (a power cycle: the firmware registers them again at boot). */
  off(): void {
    for (const k of Object.keys(this.handlers)) delete this.handlers[k];
  }
}

/** A serial device of the board (USB, Serial1, Serial2): what the firmware wrote, and input. */
export class SimSerial extends Emitter {
  out = '';
  baud = 0;
  /** Pins given to setup() (names), if any. */
  rx: string | null = null;
  tx: string | null = null;
  console = false;
  /** Called with everything the firmware writes (e.g. a bridge to a pty). */
  onWrite: ((s: string) => void) | null = null;
  setup(baud: number, opts?: { rx?: SimPin; tx?: SimPin }): void {
    this.baud = baud;
    this.rx = opts?.rx?.name ?? null;
    this.tx = opts?.tx?.name ?? null;
  }
  write(s: string): void {
    this.out += s;
    this.onWrite?.(s);
  }
  setConsole(): void {
    this.console = true;
  }
  /** Data arriving at the board. */
  inject(s: string): void {
    this.emit('data', s);
  }
  /** Complete lines written since the last call. */
  takeLines(): string[] {
    const end = this.out.lastIndexOf('\n');
    if (end < 0) return [];
    const lines = this.out.slice(0, end).split('\n');
    this.out = this.out.slice(end + 1);
    return lines;
  }
}

/** A socket of Espruino's `net` module, bridged to a Node socket. */
class SimSocket extends Emitter {
  constructor(private readonly sock: net.Socket) {
    super();
  }
  write(s: string): void {
    if (!this.sock.destroyed) this.sock.write(Buffer.from(s, 'latin1'));
  }
  end(): void {
    this.sock.destroy();
  }
}

/** What a port's randomness does at power-up (Espruino 2v29, measured on its Linux builds). */
export interface RandomModel {
  /** Math.random starts from the same seed at every power-up (the ESP32 and Linux ports). */
  randomRepeats: boolean;
  /** E.hwRand: a hardware generator, the same values at every power-up (Linux), or absent. */
  hwRand: 'random' | 'repeats' | 'absent';
}

/**
 * Per board: the STM32 boards (Pico, WiFi) seed Math.random at boot; the ESP32 does not (its
 * E.hwRand reads the hardware generator); the Linux build (the real-interpreter test) repeats both.
 */
export const RANDOM_MODELS: Record<BoardId | 'linux', RandomModel> = {
  'espruino-pico': { randomRepeats: false, hwRand: 'random' },
  'espruino-wifi': { randomRepeats: false, hwRand: 'random' },
  esp32: { randomRepeats: true, hwRand: 'random' },
  linux: { randomRepeats: true, hwRand: 'repeats' },
};

/** A small seeded generator (mulberry32): the same sequence for the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimBoardOptions {
  /** getTime() at power-up, s (a board that has been up for weeks: pass a large value). */
  startTime?: number;
  /** Pin names to provide as globals. */
  pins?: string[];
  /** Randomness at power-up (default: seeded at boot, with a hardware generator). */
  random?: RandomModel;
}

export class SimBoard {
  /** The virtual clock, integer µs (getTime() returns it in seconds). */
  us: number;
  private nextId = 1;
  private timers: Timer[] = [];
  private watches: Watch[] = [];
  readonly levels: Record<string, number> = {};
  readonly modes: Record<string, string> = {};
  readonly analog: Record<string, number> = {};
  readonly usb = new SimSerial();
  readonly loopback = new SimSerial();
  readonly serial1 = new SimSerial();
  readonly serial2 = new SimSerial();
  readonly i2c: Record<number, I2CDevice> = {};
  readonly storage: Record<string, unknown> = {};
  readonly sockets: net.Socket[] = [];
  /** When set, `net.connect` fails (broker or WiFi down). */
  refuseConnections = false;
  /** When set, joining WiFi fails. */
  wifiDown = false;
  wifiJoins = 0;
  private readonly e = new Emitter();
  private context: vm.Context | null = null;
  private realtime: NodeJS.Timeout | null = null;
  /** Errors thrown by firmware callbacks (a crash on a board). */
  readonly errors: unknown[] = [];
  /** The code loaded (what save() keeps in flash), run again at every power cycle. */
  private code: string | null = null;
  /** Power-ups so far (load() is the first). */
  powerUps = 0;

  constructor(private readonly opts: SimBoardOptions = {}) {
    this.us = Math.round((opts.startTime ?? 0) * 1e6);
  }

  /** getTime(): seconds (float). */
  get time(): number {
    return this.us / 1e6;
  }

  pin(name: string): SimPin {
    return { name };
  }

  private level(name: string): number {
    const l = this.levels[name];
    if (l !== undefined) return l;
    return this.modes[name] === 'input_pullup' ? 1 : 0;
  }

  /** The globals of Espruino that the firmware's HAL uses. */
  globals(): Record<string, unknown> {
    const g: Record<string, unknown> = {
      getTime: () => this.time,
      setWatch: (cb: Watch['cb'], pin: SimPin, o: { edge: Watch['edge']; debounce?: number }) => {
        const w: Watch = {
          id: this.nextId++,
          pin: pin.name,
          edge: o.edge,
          debounce: o.debounce ?? 0,
          cb,
          stable: this.level(pin.name),
          lastTime: this.time,
          pending: null,
        };
        this.watches.push(w);
        return w.id;
      },
      clearWatch: (id: number) => {
        this.watches = this.watches.filter((w) => w.id !== id);
      },
      digitalRead: (pin: SimPin) => this.level(pin.name),
      digitalWrite: (pin: SimPin, v: number | boolean) => {
        this.levels[pin.name] = v ? 1 : 0;
      },
      analogRead: (pin: SimPin) => this.analog[pin.name] ?? 0,
      pinMode: (pin: SimPin, mode: string) => {
        this.modes[pin.name] = mode;
      },
      setTimeout: (fn: () => void, ms: number) => this.addTimer(fn, ms, 0),
      setInterval: (fn: () => void, ms: number) => this.addTimer(fn, ms, ms),
      clearTimeout: (id: number) => this.clearTimer(id),
      clearInterval: (id: number) => this.clearTimer(id),
      E: this.espruinoE(),
      USB: this.usb,
      LoopbackA: this.loopback,
      Serial1: this.serial1,
      Serial2: this.serial2,
      I2C1: {
        setup: () => undefined,
        writeTo: (addr: number, data: number[] | number) => this.i2cDevice(addr).write(typeof data === 'number' ? [data] : [...data]),
        readFrom: (addr: number, n: number) => this.i2cDevice(addr).read(n),
      },
      LED1: this.pin('LED1'),
      BTN1: this.pin('BTN1'),
      require: (name: string) => this.module(name),
      console,
    };
    for (const p of this.opts.pins ?? []) g[p] = this.pin(p);
    return g;
  }

  /** Espruino's E: boot handlers, and E.hwRand as the board's model has it. */
  private espruinoE(): Record<string, unknown> {
    const model = this.opts.random ?? { randomRepeats: false, hwRand: 'random' };
    const e: Record<string, unknown> = { on: (ev: string, fn: Handler) => this.e.on(ev, fn) };
    if (model.hwRand === 'random') e['hwRand'] = () => randomBytes(4).readInt32LE(0);
    if (model.hwRand === 'repeats') {
      const next = seeded(0x2029);
      e['hwRand'] = () => (next() * 4294967296) | 0;
    }
    return e;
  }

  private i2cDevice(addr: number): I2CDevice {
    const d = this.i2c[addr];
    if (!d) throw new Error(`I2C device 0x${addr.toString(16)} not responding`);
    return d;
  }

  private module(name: string): unknown {
    if (name === 'Storage') {
      return {
        readJSON: (n: string) => this.storage[n],
        // As flash keeps it: a copy, not the live object.
        writeJSON: (n: string, v: unknown) => {
          this.storage[n] = JSON.parse(JSON.stringify(v)) as unknown;
        },
      };
    }
    if (name === 'Wifi') {
      return {
        connect: (_ssid: string, _o: unknown, cb: (err: unknown) => void) => {
          this.wifiJoins++;
          this.addTimer(() => cb(this.wifiDown ? 'no AP' : null), 50, 0);
        },
      };
    }
    if (name === 'net') return { connect: (o: { host: string; port: number }, cb: () => void) => this.connect(o.host, o.port, cb) };
    throw new Error(`Module ${name} not found`);
  }

  private connect(host: string, port: number, cb: () => void): SimSocket {
    const sock = new net.Socket();
    const s = new SimSocket(sock);
    this.sockets.push(sock);
    sock.on('connect', () => this.guard(cb));
    sock.on('data', (d: Buffer) => this.guard(() => s.emit('data', d.toString('latin1'))));
    sock.on('error', (err) => this.guard(() => s.emit('error', err.message)));
    sock.on('close', () => this.guard(() => s.emit('close')));
    if (this.refuseConnections) setImmediate(() => sock.destroy(new Error('connection refused')));
    else sock.connect(port, host);
    return s;
  }

  /** Cuts every open TCP connection (WiFi lost, broker restarted). */
  dropConnections(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.length = 0;
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.errors.push(err);
    }
  }

  private addTimer(fn: () => void, ms: number, every: number): number {
    const t: Timer = { id: this.nextId++, at: this.us + Math.max(1, Math.round(ms * 1000)), fn, every: Math.round(every * 1000) };
    this.timers.push(t);
    return t.id;
  }

  /** Runs `fn` after `ms` of virtual time (a simulated device answering later). */
  later(ms: number, fn: () => void): number {
    return this.addTimer(fn, ms, 0);
  }

  private clearTimer(id: number): void {
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /**
   * Runs the bundle (it registers its boot handler), like uploading it and save(): what runs is
   * what the upload tool delivers of it (delivered.ts), not the file.
   */
  load(code: string): void {
    code = asDelivered(code);
    this.code = code;
    this.context = vm.createContext(this.globals());
    if (this.opts.random?.randomRepeats) {
      // The context's own Math (vm contexts have their own built-ins) gets the repeating sequence.
      this.context['__seeded'] = seeded(0x5eed);
      vm.runInContext('Math.random = __seeded; delete globalThis.__seeded;', this.context);
    }
    vm.runInContext(code, this.context, { filename: 'firmware.js' });
    this.powerUps++;
  }

  /**
   * Power off and on again: clock, timers, watches, connections and handlers are gone, Storage
   * (flash) and the pins' levels stay; the saved code runs again and boots. Math.random and
   * E.hwRand start over as the board's random model says.
   */
  powerCycle(): void {
    if (this.code === null) throw new Error('powerCycle: nothing loaded');
    this.stop();
    this.e.off();
    for (const s of [this.usb, this.loopback, this.serial1, this.serial2]) {
      s.off();
      s.out = '';
    }
    for (const k of Object.keys(this.modes)) delete this.modes[k];
    this.us = Math.round((this.opts.startTime ?? 0) * 1e6);
    this.load(this.code);
    this.boot();
  }

  /** Evaluates `code` in the board's context, as typed at its REPL (tests look inside with it). */
  repl(code: string): unknown {
    if (!this.context) throw new Error('repl: nothing loaded');
    return vm.runInContext(code, this.context);
  }

  /** Power-up: E.on('init') handlers run, as after save() or a reset. */
  boot(): void {
    this.guard(() => this.e.emit('init'));
  }

  /** Advances the virtual clock by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.us + Math.round(ms * 1000);
    for (;;) {
      let next: Timer | null = null;
      for (const t of this.timers) if (t.at <= end && (!next || t.at < next.at)) next = t;
      if (!next) break;
      this.us = Math.max(this.us, next.at);
      if (next.every > 0) next.at += next.every;
      else this.timers = this.timers.filter((t) => t !== next);
      const fn = next.fn;
      this.guard(fn);
    }
    this.us = end;
  }

  /** Jumps the clock forward by `s` seconds with every timer shifted too (a board up for weeks). */
  skip(s: number): void {
    const d = Math.round(s * 1e6);
    this.us += d;
    for (const t of this.timers) t.at += d;
  }

  /** Sets a pin's level now (an edge if it changes): watches see it as Espruino would. */
  set(pin: string, level: number): void {
    if (this.level(pin) === level) return;
    this.levels[pin] = level;
    const t = this.time;
    for (const w of [...this.watches]) {
      if (w.pin !== pin) continue;
      if (w.debounce <= 0) {
        this.fire(w, level, t);
        continue;
      }
      if (w.pending !== null) this.clearTimer(w.pending);
      w.pending = null;
      if (level === w.stable) continue;
      w.pending = this.addTimer(
        () => {
          w.pending = null;
          if (this.level(pin) === level) this.fire(w, level, t);
        },
        w.debounce,
        0,
      );
    }
  }

  private fire(w: Watch, level: number, t: number): void {
    if (level === w.stable && w.debounce > 0) return;
    w.stable = level;
    if ((w.edge === 'rising' && !level) || (w.edge === 'falling' && level)) return;
    const last = w.lastTime;
    w.lastTime = t;
    if (!this.watches.includes(w)) return;
    this.guard(() => w.cb({ state: !!level, time: t, lastTime: last }));
  }

  /** A pulse to `level` lasting `us` microseconds, then back; the clock advances by it. */
  pulse(pin: string, us: number, level: number): void {
    this.set(pin, level);
    this.advance(us / 1000);
    this.set(pin, level ? 0 : 1);
  }

  /** Keeps the virtual clock in step with the wall clock (link tests with real sockets). */
  runRealtime(stepMs = 5): void {
    let last = Date.now();
    this.realtime = setInterval(() => {
      const n = Date.now();
      this.advance(n - last);
      last = n;
    }, stepMs);
  }

  /** Stops following the wall clock (the caller drives the virtual clock again). */
  pauseRealtime(): void {
    if (this.realtime) clearInterval(this.realtime);
    this.realtime = null;
  }

  /** Powers the board off: no clock, timers, watches or connections any more. */
  stop(): void {
    this.pauseRealtime();
    this.dropConnections();
    this.timers = [];
    this.watches = [];
  }

  get watchCount(): number {
    return this.watches.length;
  }
}
