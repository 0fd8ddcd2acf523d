/**
 * The board stand-ins loaded into the real Espruino interpreter (Linux build) before the firmware
 * bundle: the same model of a board as firmware/sim/board.ts, written for Espruino itself.
 * It is stored as the interpreter's `.boot0` (harness-build.ts), which Espruino runs at power-up
 * and again after every `reset()`, so the upload tool's reset does not wipe it.
 *
 * - a virtual clock (getTime, setTimeout/setInterval and their clear*), advanced only by
 *   hAdvance: the lines carry the same times as on the simulated board;
 * - pins: levels, pinMode pull-ups, digitalRead/Write, analogRead, and setWatch with Espruino's
 *   edge filter and debounce (the callback fires once the level has been stable for the debounce,
 *   with the time of the settled edge, as the interrupt stamped it);
 * - USB, LoopbackA, Serial1, Serial2: what the firmware writes is printed on the console as
 *   `@<port> <JSON string>`; hRx feeds data to a port's 'data' handler;
 * - I2C1 with a TCS34725 colour sensor at 0x29 (hColour sets what it sees);
 * - the WiFi module (joins after 50 ms of virtual time), as a cached module. Storage and `net`
 *   are the interpreter's own: Storage lives in espruino.flash in the working directory (it
 *   survives a power cycle), `net` opens real TCP sockets (a real MQTT broker);
 * - hMem prints the JsVars in use (`@MEM <usage> <total>`).
 *
 * Root-scope `var`s shadow the interpreter's built-ins (assigning to a built-in object fails
 * silently on Espruino, a `var` of the same name wins). Written for Espruino: no spread, rest,
 * destructuring or closures over loop bindings; the build runs the compatibility gate on it.
 */

interface HarnessTimer {
  id: number;
  at: number;
  fn: () => void;
  every: number;
}

interface HarnessWatch {
  id: number;
  pin: string;
  edge: string;
  debounce: number;
  cb: (e: { state: boolean; time: number; lastTime: number }) => void;
  stable: number;
  lastTime: number;
  pending: number;
}

interface HarnessPort {
  name: string;
  baud: number;
  cb: ((s: string) => void) | null;
  setup(baud: number, opts: unknown): void;
  on(ev: string, cb: (s: string) => void): void;
  write(s: string): void;
  setConsole(force: boolean): void;
}

declare function print(...args: unknown[]): void;
declare const Modules: { addCached(id: string, fn: () => void): void };
declare const exports: Record<string, unknown>;
declare const process: { memory(): { usage: number; total: number } };
declare function require(name: 'Storage'): { writeJSON(name: string, v: unknown): void };
declare function require(name: 'net'): { connect(o: { host: string; port: number }, cb: () => void): { on(ev: string, cb: (d: string) => void): void } };

/* eslint-disable @typescript-eslint/no-unused-vars, no-var -- the names below are root-scope
   `var`s, the interpreter's globals: the firmware and the test's commands use them there */
var H = {
  /** Virtual time, µs. */
  us: 0,
  nid: 1,
  timers: [] as HarnessTimer[],
  watches: [] as HarnessWatch[],
  levels: {} as Record<string, number>,
  modes: {} as Record<string, string>,
  analog: {} as Record<string, number>,
  /**
   * TCS34725 registers (32) and its register pointer; `tcs` false: nothing on the bus. A plain
   * array: a typed array made by .boot0 and kept in the image save() writes stops the next
   * power-up from loading (measured on 2v29's Linux build).
   */
  tcs: false,
  regs: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as number[],
  ptr: 0,
  auto: false,
  /**
   * The TCA9548A multiplexer at 0x70 (answers when `tcs` does): the channel selected (-1: never
   * selected, the part alone on the bus; -2: none), and the registers of the parts on channels
   * other than 0 (channel 0's are `regs`), made when first used.
   */
  mux: -1,
  chregs: {} as Record<string, number[]>,
  /** Per multiplexer channel: readings still to come (c, r, g, b each, one per data read), then the idle view. */
  chq: {} as Record<string, number[]>,
  chidle: {} as Record<string, number[]>,
  wifiJoins: 0,
  errors: 0,
  /**
   * What the ports printed before the test's control connection came (hControl): the boot's
   * first lines come while the upload tool may still hold the console, and would go to it.
   */
  held: '',
  hold: true,
  ports: {} as Record<string, HarnessPort>,
};

function hLevel(pin: string): number {
  const l = H.levels[pin];
  if (l !== undefined) return l;
  return H.modes[pin] === 'input_pullup' ? 1 : 0;
}

function hTimer(fn: () => void, ms: number, every: number): number {
  const id = H.nid++;
  const d = Math.round(ms * 1000);
  H.timers.push({ id: id, at: H.us + (d < 1 ? 1 : d), fn: fn, every: Math.round(every * 1000) });
  return id;
}

function hClear(id: number): void {
  H.timers = H.timers.filter(function (t) {
    return t.id !== id;
  });
}

/** Runs a firmware callback; an exception is counted and printed (a crash on a board). */
function hGuard(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    H.errors++;
    print('@ERR ' + JSON.stringify('' + e));
  }
}

/** Advances the virtual clock by `ms`, running every timer that falls due, in order. */
function hAdvance(ms: number): void {
  const end = H.us + Math.round(ms * 1000);
  for (;;) {
    let next: HarnessTimer | null = null;
    for (let i = 0; i < H.timers.length; i++) {
      const t = H.timers[i] as HarnessTimer;
      if (t.at <= end && (next === null || t.at < next.at)) next = t;
    }
    if (next === null) break;
    if (next.at > H.us) H.us = next.at;
    if (next.every > 0) next.at += next.every;
    else hClear(next.id);
    hGuard(next.fn);
  }
  H.us = end;
}

function hFire(w: HarnessWatch, level: number, t: number): void {
  if (level === w.stable && w.debounce > 0) return;
  w.stable = level;
  if ((w.edge === 'rising' && !level) || (w.edge === 'falling' && level)) return;
  const last = w.lastTime;
  w.lastTime = t;
  if (H.watches.indexOf(w) < 0) return;
  hGuard(function () {
    w.cb({ state: !!level, time: t, lastTime: last });
  });
}

/** The debounce timer of one watch (its own function, so each timer keeps its own values). */
function hSettle(w: HarnessWatch, pin: string, level: number, t: number): number {
  return hTimer(
    function () {
      w.pending = 0;
      if (hLevel(pin) === level) hFire(w, level, t);
    },
    w.debounce,
    0,
  );
}

/** A pin changes to `level` now (an edge if it differs): watches see it as Espruino would. */
function hSet(pin: string, level: number): void {
  if (hLevel(pin) === level) return;
  H.levels[pin] = level;
  const t = H.us / 1e6;
  const ws = H.watches.slice();
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as HarnessWatch;
    if (w.pin !== pin) continue;
    if (w.debounce <= 0) {
      hFire(w, level, t);
      continue;
    }
    if (w.pending) hClear(w.pending);
    w.pending = 0;
    if (level !== w.stable) w.pending = hSettle(w, pin, level, t);
  }
}

function hPort(name: string): HarnessPort {
  const p: HarnessPort = {
    name: name,
    baud: 0,
    cb: null,
    setup: function (baud) {
      p.baud = baud;
    },
    on: function (ev, cb) {
      if (ev === 'data') p.cb = cb;
    },
    write: function (s) {
      const line = '@' + name + ' ' + JSON.stringify('' + s);
      if (H.hold) H.held += line + '\n';
      else print(line);
    },
    setConsole: function () {},
  };
  H.ports[name] = p;
  return p;
}

/** Data arriving at a port (the hub's line on USB, a tag reader's frame on a UART). */
function hRx(name: string, s: string): void {
  const p = H.ports[name];
  if (p && p.cb) {
    const cb = p.cb;
    hGuard(function () {
      cb(s);
    });
  }
}

/** The registers of the colour sensor on multiplexer channel `ch` (0, or no multiplexer: `regs`). */
function hRegs(ch: number): number[] {
  if (ch <= 0) return H.regs;
  let r = H.chregs[ch];
  if (!r) {
    r = H.regs.map(function () {
      return 0;
    });
    r[0x12] = 0x44;
    H.chregs[ch] = r;
  }
  return r;
}

/** What the colour sensor (on multiplexer channel `ch`, default 0) sees: raw clear, red, green, blue counts. */
function hColour(c: number, r: number, g: number, b: number, ch?: number): void {
  H.tcs = true;
  const regs = hRegs(ch || 0);
  const v = [c, r, g, b];
  for (let i = 0; i < 4; i++) {
    regs[0x14 + i * 2] = (v[i] as number) & 0xff;
    regs[0x15 + i * 2] = ((v[i] as number) >> 8) & 0xff;
  }
}

/** A ball rolling past the colour sensor on channel `ch`: one reading per data read, then `idle` (c, r, g, b). */
function hSeries(ch: number, samples: number[], idle: number[]): void {
  H.tcs = true;
  hRegs(ch);
  H.chq[ch] = samples;
  H.chidle[ch] = idle;
}

/** The colour sensor the bus reaches now (the multiplexer's lowest selected channel), or throws as a silent bus does. */
function hPart(addr: number): number[] {
  if (addr !== 0x29 || !H.tcs || H.mux === -2) throw new Error('I2C device not responding');
  return hRegs(H.mux);
}

/** JsVars in use now (process.memory() runs a garbage collection first). */
function hMem(): void {
  const m = process.memory();
  print('@MEM ' + m.usage + ' ' + m.total);
}

/** Keeps the JsVars in use in Storage (h.up): the upload test's look at memory after an upload. */
function hUp(): void {
  require('Storage').writeJSON('h.up', process.memory().usage);
}

/**
 * Takes the test's commands from a TCP connection to 127.0.0.1:`port`, one statement list per
 * line. Not the console: this Linux build's console input thread fills the event queue without
 * a lock while the main loop empties it, and now and then the queue breaks (an internal ASSERT
 * in jsdevices.c ends the process); socket data arrives in the main loop.
 */
function hControl(port: number): void {
  let buf = '';
  const c = require('net').connect({ host: '127.0.0.1', port: port }, function () {
    H.hold = false;
    if (H.held) print(H.held.substring(0, H.held.length - 1));
    H.held = '';
  });
  c.on('data', function (d: string) {
    buf += d;
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const line = buf.substring(0, nl);
      buf = buf.substring(nl + 1);
      hGuard(function () {
        eval(line);
      });
      nl = buf.indexOf('\n');
    }
  });
}

var getTime = function (): number {
  return H.us / 1e6;
};
var setTimeout = function (fn: () => void, ms: number): number {
  return hTimer(fn, ms, 0);
};
var setInterval = function (fn: () => void, ms: number): number {
  return hTimer(fn, ms, ms);
};
var clearTimeout = hClear;
var clearInterval = hClear;
var pinMode = function (pin: string, mode: string): void {
  H.modes[pin] = mode;
};
var digitalRead = hLevel;
var digitalWrite = function (pin: string, v: unknown): void {
  H.levels[pin] = v ? 1 : 0;
};
var analogRead = function (pin: string): number {
  const a = H.analog[pin];
  return a === undefined ? 0 : a;
};
var setWatch = function (cb: HarnessWatch['cb'], pin: string, o: { edge: string; debounce?: number }): number {
  const w: HarnessWatch = { id: H.nid++, pin: pin, edge: o.edge, debounce: o.debounce || 0, cb: cb, stable: hLevel(pin), lastTime: H.us / 1e6, pending: 0 };
  H.watches.push(w);
  return w.id;
};
var clearWatch = function (id: number): void {
  H.watches = H.watches.filter(function (w) {
    return w.id !== id;
  });
};
var USB = hPort('USB');
var LoopbackA = hPort('LoopbackA');
var Serial1 = hPort('Serial1');
var Serial2 = hPort('Serial2');
var I2C1 = {
  setup: function () {},
  writeTo: function (addr: number, data: number | number[]): void {
    const bytes = typeof data === 'number' ? [data] : data;
    if (addr === 0x70 && H.tcs) {
      const mask = (bytes[0] as number) & 0xff;
      H.mux = -2;
      for (let ch = 7; ch >= 0; ch--) if (mask & (1 << ch)) H.mux = ch;
      return;
    }
    const regs = hPart(addr);
    const cmd = bytes[0] as number;
    H.ptr = cmd & 0x1f;
    H.auto = (cmd & 0x60) === 0x20;
    if (bytes.length > 1) regs[H.ptr] = (bytes[1] as number) & 0xff;
  },
  readFrom: function (addr: number, n: number): Uint8Array {
    const regs = hPart(addr);
    const ch = H.mux < 0 ? 0 : H.mux;
    if (H.ptr === 0x14 && H.chidle[ch]) {
      const q = H.chq[ch] as number[];
      const next = q.length >= 4 ? q.splice(0, 4) : (H.chidle[ch] as number[]);
      hColour(next[0] as number, next[1] as number, next[2] as number, next[3] as number, ch);
    }
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = regs[H.auto ? H.ptr + i : H.ptr] as number;
    return out;
  },
};
var LED1 = 'LED1';
var BTN1 = 'BTN1';
// The WiFi module, as a cached module (require finds it first). Not a `require` wrapper: it
// would keep the interpreter's own require in the image save() writes, and a native function
// saved there points nowhere after a power-up on Linux (the process loads elsewhere: SIGSEGV).
Modules.addCached('Wifi', function () {
  exports.connect = function (_ssid: string, _o: unknown, cb: (err: unknown) => void): void {
    H.wifiJoins++;
    hTimer(
      function () {
        cb(null);
      },
      50,
      0,
    );
  };
});
H.regs[0x12] = 0x44;
export {};
