/**
 * The compiled configuration the build bakes into a bundle (firmware/build/compile.ts makes it
 * from a table profile and a board, defaults resolved). Short keys: it lives in the board's RAM.
 * Pins are indexes into the pin list the bundle passes next to it.
 */

export const KIND_BEAM = 0;
export const KIND_POCKET = 1;
export const KIND_PIEZO = 2;
export const KIND_TAG = 3;

export interface ColourCfg {
  /** Controller (part) name, a key of COLOUR_CONTROLLERS. */
  part: string;
  /** Ball labels, and their reference chromaticity: r, g per mille of r+g+b, per label. */
  o: string[];
  rg: number[];
  /** Minimum clear count for a reading to count as a ball. */
  mc: number;
}

export interface SensorCfg {
  id: string;
  /** KIND_* */
  k: number;
  /** Event type: index into EVENT_TYPES, or -1 (a tag reader only lending identities). */
  e: number;
  /** Place (pocket, rail, goal or hole id) or ''. */
  p: string;
  pin: number;
  /** 1 when the sensor is active (beam blocked, comparator firing) at a low level. */
  lo: number;
  /** Debounce, ms (setWatch). */
  db: number;
  /** Beam/pocket: shortest pulse that is a ball, µs. Piezo: dead time after a hit, ms. */
  mn: number;
  /** Beam/pocket: blocked longer than this (ms) is a stuck beam. */
  mx: number;
  /** Pocket: drop beam pin, or -1. */
  dr: number;
  /** Pocket: capture window after the jaw beam, ms. */
  cw: number;
  /** Piezo: analog pin of the peak level, or -1. */
  an: number;
  /** Piezo: silent after this many hits of its kind elsewhere without one here (0 = off). */
  sl: number;
  /** Piezo: noisy above this many hits per second (0 = off). */
  nz: number;
  /** Beam: index of the tag reader sensor lending the ball identity, or -1; window, ms. */
  tg: number;
  tw: number;
  /** Tag reader: the same tag again within this many ms is the same read. */
  hold: number;
  /** Tag reader: UART baud rate. */
  baud: number;
  col?: ColourCfg;
}

export interface FirmwareCfg {
  fw: string;
  board: string;
  prof: string;
  /** Defaults for identity and the link; Storage file "autoref" overrides them. */
  d: string;
  table: string;
  venue: string;
  /** 'serial' (USB) or 'mqtt' (WiFi). */
  link: string;
  mqHost: string;
  mqPort: number;
  /** Buffer capacity, events. */
  cap: number;
  /** Heartbeat period, s. */
  hb: number;
  /** I2C pins (indexes) when a sensor needs the bus, else -1. */
  scl: number;
  sda: number;
  /** UART of the tag reader: 1 = Serial1, 2 = Serial2. */
  uart: number;
  /** Its transmit pin (index) for a reader that takes commands (PN532), else -1. */
  utx: number;
  /** Serial link port: 0 USB, 1 Serial1, 2 Serial2; a UART's baud rate and TX/RX pins (indexes, else -1). */
  lp: number;
  lb: number;
  ltx: number;
  lrx: number;
  s: SensorCfg[];
}

/** What Storage file "autoref" may hold (written once per board, see docs/firmware.md). */
export interface LocalCfg {
  d?: string;
  table?: string;
  venue?: string;
  ssid?: string;
  pass?: string;
  mqHost?: string;
  mqPort?: number;
  /** The device's MQTT password (its secret in the venue configuration); the username is the device id. */
  key?: string;
}
