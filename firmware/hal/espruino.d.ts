/**
 * Ambient declarations of the Espruino globals the HAL (firmware/hal/hal.ts) uses, and
 * nothing else. On a board they are the interpreter's built-ins; under Node the simulated board
 * (firmware/sim/board.ts) provides them in the bundle's context.
 */
interface EspruinoPin {
  readonly __espruinoPin?: true;
}

interface EspruinoWatchEvent {
  state: boolean;
  /** Seconds (float), stamped in the interrupt. */
  time: number;
  lastTime: number;
}

interface EspruinoSerial {
  setup(baud: number, opts?: { rx?: EspruinoPin; tx?: EspruinoPin }): void;
  on(event: 'data', cb: (data: string) => void): void;
  write(data: string): void;
  setConsole(force?: boolean): void;
}

interface EspruinoI2C {
  setup(opts: { scl: EspruinoPin; sda: EspruinoPin; bitrate?: number }): void;
  writeTo(addr: number, data: number[]): void;
  readFrom(addr: number, n: number): Uint8Array;
}

interface EspruinoSocket {
  write(data: string): void;
  end(): void;
  on(event: 'data', cb: (data: string) => void): void;
  on(event: 'close' | 'end', cb: () => void): void;
  on(event: 'error', cb: (e: unknown) => void): void;
}

interface EspruinoNet {
  connect(opts: { host: string; port: number }, cb: () => void): EspruinoSocket;
}

interface EspruinoWifi {
  connect(ssid: string, opts: { password?: string }, cb: (err: unknown) => void): void;
}

interface EspruinoStorage {
  readJSON(name: string, noExceptions: boolean): unknown;
  writeJSON(name: string, value: unknown): void;
}

declare function getTime(): number;
declare function setWatch(
  cb: (e: EspruinoWatchEvent) => void,
  pin: EspruinoPin,
  opts: { repeat: boolean; edge: 'rising' | 'falling' | 'both'; debounce?: number },
): number;
declare function clearWatch(id: number): void;
declare function digitalRead(pin: EspruinoPin): number;
declare function digitalWrite(pin: EspruinoPin, v: number | boolean): void;
declare function analogRead(pin: EspruinoPin): number;
declare function pinMode(pin: EspruinoPin, mode: string): void;
/** `require` as the Espruino interpreter (and the espruino CLI's module loader) sees it. */
declare function ESPRUINO_REQUIRE(name: 'net'): EspruinoNet;
declare function ESPRUINO_REQUIRE(name: 'Wifi'): EspruinoWifi;
declare function ESPRUINO_REQUIRE(name: 'Storage'): EspruinoStorage;
/** `hwRand`: the port's hardware random source (not on every port). */
declare const E: { on(event: 'init', cb: () => void): void; hwRand?: () => number };
declare const USB: EspruinoSerial;
declare const LoopbackA: EspruinoSerial;
declare const Serial1: EspruinoSerial;
declare const Serial2: EspruinoSerial;
declare const I2C1: EspruinoI2C;
declare const LED1: EspruinoPin | undefined;
declare const BTN1: EspruinoPin | undefined;
