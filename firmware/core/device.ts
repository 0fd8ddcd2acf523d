/**
 * The device core: boot id, sequence numbers, the ring buffer, event lines, acknowledgements and
 * resends, status, heartbeat, clock sync and hub commands. Links (serial, MQTT) plug in with
 * linkUse/linkUp/linkDown/command; sensors call emit/setFault. Root-scope functions and
 * module state only: nothing is allocated per event except the outgoing line.
 */
import { EVENT_TYPES, PROTOCOL_VERSION } from '../../shared/protocol/wire';
import { hwRand, now, led, storageJSON, storageWriteJSON } from '../hal/hal';
import type { FirmwareCfg } from './config';
import { IDS_CONF, IDS_LABELS, IDS_NONE, IDS_TAGS, NONE, OB, ringAck, ringNew, ringPending, ringPush, type Ring } from './ring';
import { KIND_PIEZO, KIND_POCKET, type BeamCfg } from './config';

/** Ball identities the profile has (esbuild defines, see firmware/build/build.ts). */
declare const FW_COLOUR: boolean;
declare const FW_BALLID: boolean;
declare const FW_TAG: string;
import { SPLIT, digits, micros, split } from './time';

export const FAULTS = ['', 'stuck', 'silent', 'noisy', 'absent'];
export const F_STUCK = 1;
export const F_SILENT = 2;
export const F_NOISY = 3;
export const F_ABSENT = 4;

/** Lines sent per pump when catching up. */
const BURST = 16;
/** First wait for an acknowledgement before sending the unacknowledged events again, s. */
const RETRY_MIN = 2;
const RETRY_MAX = 16;
const HEX = '0123456789abcdef';

let cfg: FirmwareCfg;
export let ring: Ring;
export let boot = '';
export let device = '';
let t0 = 0;
/** Line heads per kind: {"v":1,"k":"ev","d":"…","b":"…" */
let hEv = '';
let hSt = '';
let hHb = '';
let hSy = '';
let hHi = '';
let online = false;
/** Highest sequence sent on the current link session. */
let sentTo = 0;
let lastTraffic = 0;
let retry = RETRY_MIN;
let statusDue = false;
let lastStatus = -10;
let lastHb = 0;
let lastRs = -10;
let blinkUntil = 0;
let ledOn = false;
export let faults: Uint8Array;

/** Channels of send(): events, status (retained on MQTT), other device-to-hub lines. */
export const CH_EVENT = 0;
export const CH_STATUS = 1;
export const CH_OTHER = 2;

/** Sends one line on a channel; false when it could not (link busy or down). */
let send: (line: string, ch: number) => boolean = function () {
  return false;
};
let sensorsTick: (t: number) => void = function () {};
let sensorsSet: (si: number, opt: string, v: number) => void = function () {};

function head(k: string): string {
  return '{"v":' + PROTOCOL_VERSION + ',"k":"' + k + '","d":"' + device + '","b":"' + boot + '"';
}

/** Storage file of the boot counter. */
export const BOOT_FILE = 'autoref.boot';
/** 36^6: the boot ids there are (6 base-36 characters). */
const BOOT_IDS = 2176782336;
/** Step between the ids of consecutive boots: prime, so no id comes back within 36^6 boots. */
const BOOT_STEP = 1000003;

/**
 * A new boot id (6 base-36 characters), never the one of an earlier power-up: a boot counter
 * kept in flash (Storage) moves it on by BOOT_STEP at every boot, and the random part (the
 * hardware generator where the port has one, plus Math.random) makes it unpredictable. Where
 * both repeat at every power-up (2v29 on the ESP32 without hwRand, the Linux build) the counter
 * alone keeps the ids apart.
 */
export function newBoot(): string {
  const n = ((storageJSON(BOOT_FILE) as number) || 0) + 1;
  storageWriteJSON(BOOT_FILE, n);
  let v = (hwRand() + Math.floor(Math.random() * BOOT_IDS) + n * BOOT_STEP) % BOOT_IDS;
  let s = '';
  for (let i = 0; i < 6; i++) {
    s = '0123456789abcdefghijklmnopqrstuvwxyz'.charAt(v % 36) + s;
    v = Math.floor(v / 36);
  }
  return s;
}

export function deviceInit(c: FirmwareCfg, id: string, tick: (t: number) => void, set: (si: number, opt: string, v: number) => void): void {
  cfg = c;
  device = id;
  boot = newBoot();
  t0 = now();
  // A pocket colour board has no tag reader (one or the other names the balls of a table).
  ring = ringNew(c.cap, FW_TAG ? IDS_TAGS : FW_BALLID ? IDS_CONF : FW_COLOUR ? IDS_LABELS : IDS_NONE);
  faults = new Uint8Array(c.s.length);
  hEv = head('ev');
  hSt = head('st');
  hHb = head('hb');
  hSy = head('sy');
  hHi = head('hi');
  sensorsTick = tick;
  sensorsSet = set;
  online = false;
  sentTo = 0;
  lastRs = -10;
  lastHb = t0;
}

/** Device time as wire digits (µs since boot). */
export function deviceTime(t: number): string {
  return micros(t, t0);
}

/** The runner-up of the next label emitted, as Ring.n2 (pocket colour: emitNext, then emit), consumed by emit. */
let next2 = 0;

/** The next emit's label has a runner-up: label k (its index), this probability per mille. */
export function emitNext(k: number, cf: number): void {
  next2 = ((k + 1) << 10) | cf;
}

/**
 * Stores one sensor event stamped at `time` (seconds, from setWatch) and sends it when the link
 * is free. `v`: its value (Ring.v: a width, or a piezo's magnitude), or NONE. `ol`/`src`/`off`:
 * identity (see Ring.ol); the tag bytes are copied from src at `off`. A label (0x80|k) has no
 * bytes: `off` is then its confidence, per mille (0: sure, sent without one).
 */
export function emit(ty: number, si: number, time: number, v: number, ol: number, src: Uint8Array | null, off: number): void {
  split(time - t0);
  const i = ringPush(ring, SPLIT[0] as number, SPLIT[1] as number, ty, si, v);
  if (FW_BALLID && next2) {
    ring.n2[i] = next2;
    next2 = 0;
  }
  if (ol > 0 && ol <= OB && src) {
    for (let j = 0; j < ol; j++) ring.ob[i * OB + j] = src[off + j] as number;
  }
  if (ol) ring.ol[i] = ol;
  if (FW_BALLID && ol & 0x80) ring.cf[i] = off;
  if (ring.lost > 0 && ring.next - ring.first === ring.cap) statusDue = true;
  pump();
}

export function evLine(seq: number): string {
  const i = seq % ring.cap;
  const sc = cfg.s[ring.se[i] as number]!;
  let l =
    hEv +
    ',"n":' +
    seq +
    ',"t":' +
    digits(ring.sec[i] as number, ring.us[i] as number) +
    ',"e":"' +
    EVENT_TYPES[ring.ty[i] as number] +
    '","s":"' +
    sc.id +
    '"';
  if (sc.p) l += ',"p":"' + sc.p + '"';
  if (ring.v[i] !== NONE) l += (sc.k === KIND_PIEZO ? ',"m":' : ',"w":') + ring.v[i];
  const ol = ring.ol.length ? (ring.ol[i] as number) : 0;
  if (FW_BALLID && ol & 0x80 && sc.k === KIND_POCKET) {
    l += ',"o":"' + cfg.bc!.o[ol & 0x7f] + '"';
    if (ring.cf[i]) l += ',"c":' + ring.cf[i];
    const n2 = ring.n2[i] as number;
    if (n2) l += ',"o2":"' + cfg.bc!.o[(n2 >> 10) - 1] + '","c2":' + (n2 & 1023);
  } else if (FW_COLOUR && ol & 0x80) {
    const col = (sc as BeamCfg).col;
    l += ',"o":"' + (col ? col.o[ol & 0x7f] : '') + '"';
  } else if (FW_TAG && ol > 0) {
    l += ',"o":"';
    for (let j = 0; j < ol; j++) {
      const b = ring.ob[i * OB + j] as number;
      l += HEX.charAt(b >> 4) + HEX.charAt(b & 15);
    }
    l += '"';
  }
  return l + '}';
}

/** Sends waiting events, at most BURST per call (the tick calls again). */
export function pump(): void {
  if (!online) return;
  if (sentTo < ring.first - 1) sentTo = ring.first - 1;
  let budget = BURST;
  while (sentTo < ring.next - 1 && budget > 0) {
    if (!send(evLine(sentTo + 1), CH_EVENT)) return;
    sentTo++;
    budget--;
    lastTraffic = now();
  }
}

function ack(n: number, t: number): void {
  if (ringAck(ring, n)) {
    lastTraffic = t;
    retry = RETRY_MIN;
  }
}

function resend(n: number): void {
  // A sequence beyond the last one would leave sentTo ahead of new events: they would wait for
  // the retry timer instead of going out live.
  if (n > ring.next) n = ring.next;
  sentTo = (n > ring.first ? n : ring.first) - 1;
  pump();
}

export function setFault(si: number, code: number): void {
  if (faults[si] === code) return;
  faults[si] = code;
  statusDue = true;
}

export function statusLine(state: string, t: number): string {
  let l = hSt + ',"t":' + micros(t, t0) + ',"state":"' + state + '"';
  if (state !== 'online') return l + '}';
  l += ',"up":' + Math.floor(t - t0) + ',"q":' + ringPending(ring) + ',"cap":' + ring.cap + ',"lost":' + ring.lost;
  let f = '';
  for (let i = 0; i < faults.length; i++) {
    const c = faults[i] as number;
    if (c) f += (f ? ',' : '') + '{"s":"' + cfg.s[i]!.id + '","c":"' + FAULTS[c] + '"}';
  }
  if (f) l += ',"f":[' + f + ']';
  return l + '}';
}

function status(t: number): void {
  statusDue = false;
  lastStatus = t;
  send(statusLine('online', t), CH_STATUS);
}

/** The last will (MQTT): offline, time 0. */
export function offlineLine(): string {
  return hSt + ',"t":0,"state":"offline"}';
}

/** The link is up: hello, status, then everything unacknowledged again. */
export function linkUp(): void {
  const t = now();
  online = true;
  sentTo = ring.first - 1;
  send(hHi + ',"t":' + micros(t, t0) + ',"fw":"' + cfg.fw + '","board":"' + cfg.board + '","prof":"' + cfg.prof + '","cap":' + ring.cap + '}', CH_OTHER);
  status(t);
  lastTraffic = t;
  pump();
}

export function linkDown(): void {
  online = false;
}

export function linkUse(fn: (line: string, ch: number) => boolean): void {
  send = fn;
}

/** One command line (or MQTT payload) from the hub, received at `t`. */
export function command(s: string, t: number): void {
  let o;
  try {
    o = JSON.parse(s);
  } catch {
    return;
  }
  if (!o || o.v !== PROTOCOL_VERSION) return;
  const k = o.k;
  if (k === 'ack') {
    if (o.b === boot) ack(o.n, t);
  } else if (k === 'rs') {
    // At most one resend per 0.5 s: a hub asking for events it can no longer get (they were
    // acknowledged to an earlier store) must not turn every event into a full replay.
    if (o.b === boot && t - lastRs >= 0.5) {
      lastRs = t;
      resend(o.n);
    }
  } else if (k === 'sy') {
    send(hSy + ',"q":' + o.q + ',"t":' + micros(t, t0) + '}', CH_OTHER);
  } else if (k === 'cfg') {
    configure(o.set);
  } else if (k === 'id') {
    blinkUntil = t + o.ms / 1000;
  }
}

function configure(set: Record<string, unknown>): void {
  if (!set || typeof set !== 'object') return;
  Object.keys(set).forEach(function (key) {
    const v = set[key];
    if (typeof v !== 'number') return;
    if (key === 'hb') {
      if (v >= 1) cfg.hb = v;
      return;
    }
    const dot = key.indexOf('.');
    for (let i = 0; i < cfg.s.length; i++) {
      if (cfg.s[i]!.id === key.substring(0, dot)) sensorsSet(i, key.substring(dot + 1), v);
    }
  });
}

/** Runs every TICK_MS: sensor checks, resends, status, heartbeat, identify blink. */
export function tick(): void {
  const t = now();
  sensorsTick(t);
  if (online) {
    if (ringPending(ring) > 0 && sentTo >= ring.next - 1 && t - lastTraffic > retry) {
      sentTo = ring.first - 1;
      lastTraffic = t;
      retry = retry * 2 > RETRY_MAX ? RETRY_MAX : retry * 2;
    }
    pump();
    if (statusDue && t - lastStatus >= 1) status(t);
    if (t - lastHb >= cfg.hb) {
      lastHb = t;
      send(hHb + ',"t":' + micros(t, t0) + ',"up":' + Math.floor(t - t0) + ',"q":' + ringPending(ring) + ',"n":' + (ring.next - 1) + '}', CH_OTHER);
    }
  }
  if (blinkUntil > t || ledOn) {
    ledOn = blinkUntil > t ? !ledOn : false;
    led(ledOn);
  }
}

export const TICK_MS = 100;
