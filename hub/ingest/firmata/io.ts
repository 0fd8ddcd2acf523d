/**
 * The IO layer of the Firmata link: johnny-five's IO-plugin contract, as much of it as the link
 * uses, and the CommonJS modules behind it (johnny-five, firmata-io), loaded on first use.
 */
import { createRequire } from 'node:module';
import type { SerialPort } from 'serialport';

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

export interface FiveBoard {
  io: FirmataIo;
  timer: NodeJS.Timeout | null;
  on(event: string, cb: (...args: unknown[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

interface FiveModule {
  Board: (new (opts: { io: FirmataIo; repl: false; debug: false; sigint: false; timeout: number }) => FiveBoard) & { cache: FiveBoard[] };
}

export type FirmataIoCtor = new (transport: SerialPort, options?: { reportVersionTimeout?: number }) => FirmataIo & { reportVersionTimeoutId?: NodeJS.Timeout };

// johnny-five and firmata-io are CommonJS without types: loaded on first use, typed above.
const requireCjs = createRequire(import.meta.url);
let five: FiveModule | null = null;
export function loadFive(): FiveModule {
  five ??= requireCjs('johnny-five') as FiveModule;
  return five;
}
export function loadFirmataIo(): FirmataIoCtor {
  // firmata-io is the Firmata protocol without a default transport: the port is opened with the
  // hub's own serialport. (The `firmata` package johnny-five would load needs serialport 8's native
  // build, which npm's allowScripts does not run.)
  return (requireCjs('firmata-io') as { Firmata: FirmataIoCtor }).Firmata;
}
