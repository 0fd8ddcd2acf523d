/**
 * The Firmata link's options, and its plan: which Arduino pins to watch for which sensor. Each
 * kind's descriptor (shared/sensors/kinds.ts) says which of its pins are watched and what a
 * StandardFirmata board cannot do for it; anything it cannot do is a configuration error at once.
 */
import { AutorefError } from '../../../shared/errors';
import { kindOf } from '../../../shared/sensors/kinds';
import type { SensorOptions } from '../../../shared/profile';
import type { BackoffOptions } from '../link';
import type { FirmataIo } from './io';
import { SensorReader, type SensorSink } from './reader';

/** An Arduino pin: a digital pin number (2 and up: 0 and 1 carry Firmata itself) or `A0`..`A15`. */
export type FirmataPin = number | string | { pin: number | string; pullup?: boolean };

export interface FirmataLinkOptions extends BackoffOptions {
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
  /** A board that has not answered the Firmata handshake by then is given up and retried, ms. */
  readyTimeoutMs?: number;
  /** Events kept until acknowledged (sent again on `rs`). */
  bufferEvents?: number;
  /** For tests: makes the IO for each connection attempt instead of opening the port. May throw (no board). */
  io?: (path: string) => FirmataIo;
  /** For tests: the clock, ns (default `process.hrtime.bigint`). */
  clock?: () => bigint;
}

export interface Watch {
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
    watches.push({ logical, pin: ref.pin, pullup: ref.pullup, settle: reader.debounceMs, reader, drop });
  };
  for (const s of opts.profile.sensors) {
    if (opts.pins[s.pin] === undefined) continue; // not on this board
    const kind = kindOf(s);
    // What the board cannot relay (a UART, I2C, an analog peak) is refused by the kind's descriptor.
    problems.push(...kind.firmata(s));
    if (kind.edge === null) continue;
    const reader = new SensorReader(s, sink);
    for (const u of kind.pins(s)) if ((u.role === 'main' || u.role === 'drop') && u.ref !== undefined) add(s, u.ref, reader, u.role === 'drop');
  }
  if (problems.length > 0) throw new AutorefError('AR_CONFIG', `firmata: ${problems.join('; ')}`);
  return watches;
}
