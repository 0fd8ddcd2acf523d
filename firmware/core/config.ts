/**
 * The compiled configuration the build bakes into a bundle (firmware/build/compile.ts makes it
 * from a table profile and a board, defaults resolved). Short keys: it lives in the board's RAM.
 * Pins are indexes into the pin list the bundle passes next to it.
 */

import { KIND_BEAM, KIND_PIEZO, KIND_POCKET, KIND_TAG } from '../../shared/sensors/edge';
import type { BallCfg } from '../../shared/sensors/ball-set';

export type { BallCfg };

// The kind codes live with the meaning of an edge (shared by the firmware and the Firmata link).
export { KIND_BEAM, KIND_POCKET, KIND_PIEZO, KIND_TAG };

export interface ColourCfg {
  /** Controller (part) name, a key of COLOUR_CONTROLLERS. */
  part: string;
  /** Ball labels, and their reference chromaticity: r, g per mille of r+g+b, per label. */
  o: string[];
  rg: number[];
  /** Minimum clear count for a reading to count as a ball. */
  mc: number;
  /** Channel of the TCA9548A multiplexer the part is on, or -1 (the part alone on the bus). */
  ch: number;
}

/**
 * One sensor: only the fields of its kind are in a bundle (each is a JsVar of the board's RAM),
 * told apart by `k`. Functions that handle one kind take the sensor as that kind.
 */
interface SensorBase {
  id: string;
  /** Event type: index into EVENT_TYPES, or -1 (a tag reader only lending identities). */
  e: number;
  /** Place (pocket, rail, goal or hole id); absent when none. */
  p?: string;
  pin: number;
}

/** Shared by the watched kinds. */
interface WatchedBase extends SensorBase {
  /** 1 when the sensor is active (beam blocked, comparator firing) at a low level. */
  lo: number;
  /** Debounce, ms (setWatch). */
  db: number;
  /** Beam/pocket: shortest pulse that is a ball, µs. Piezo: dead time after a hit, ms. */
  mn: number;
}

export interface BeamCfg extends WatchedBase {
  k: typeof KIND_BEAM;
  /** Blocked longer than this (ms) is a stuck beam. */
  mx: number;
  /** Index of the tag reader sensor lending the ball identity, or -1; its window, ms. */
  tg: number;
  tw?: number;
  col?: ColourCfg;
}

export interface PocketCfg extends WatchedBase {
  k: typeof KIND_POCKET;
  mx: number;
  /** Drop beam pin, or -1; capture window after the jaw beam, ms. */
  dr: number;
  cw: number;
  /** Colour sensor in the drop path: its multiplexer channel, -1 alone on the bus; absent: none (names from `bc`). */
  pc?: number;
}

export interface PiezoCfg extends WatchedBase {
  k: typeof KIND_PIEZO;
  /** Analog pin of the peak level, or -1. */
  an: number;
  /** Silent after this many hits of its kind elsewhere without one here (0 = off). */
  sl: number;
  /** Noisy above this many hits per second (0 = off). */
  nz: number;
}

export interface TagCfg extends SensorBase {
  k: typeof KIND_TAG;
  /** The same tag again within this many ms is the same read. */
  hold: number;
  /** UART baud rate. */
  baud: number;
}

/**
 * A kind added through its descriptor (shared/sensors/kinds.ts) and its own component: the fields
 * its descriptor's `compile` gives, read by that component only.
 */
export interface OtherCfg extends SensorBase {
  k: number;
  [field: string]: unknown;
}

export type SensorCfg = BeamCfg | PocketCfg | PiezoCfg | TagCfg;

/** What a bundle's code needs (esbuild defines at build time): the rest is left out of it. */
export interface Features {
  /** A pocket with a drop beam (capture vs rattle). */
  pocket: boolean;
  piezo: boolean;
  /** A piezo with a peak-level analog pin. */
  analog: boolean;
  /** A goal's (beam's) colour sensor. */
  colour: boolean;
  /** A pocket with a colour sensor in its drop path (ball identity with a confidence, `bc`). */
  ballid: boolean;
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
  /** MQTT boards: the broker. */
  mqHost?: string;
  mqPort?: number;
  /** Buffer capacity, events. */
  cap: number;
  /** Heartbeat period, s. */
  hb: number;
  /** I2C pins (indexes) when a sensor needs the bus. */
  scl?: number;
  sda?: number;
  /** Tag reader: its UART (1 = Serial1, 2 = Serial2) and transmit pin (index) for a reader that takes commands (PN532), else -1. */
  uart?: number;
  utx?: number;
  /** Serial link port: 0 USB, 1 Serial1, 2 Serial2 (0 on the MQTT boards). */
  lp: number;
  /** Serial boards: a UART link's baud rate and TX/RX pins (indexes, else -1). */
  lb?: number;
  ltx?: number;
  lrx?: number;
  s: SensorCfg[];
  /** The ball set the pocket colour sensors name (shared/sensors/ball-colours.ts). */
  bc?: BallCfg;
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
