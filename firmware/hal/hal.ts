/**
 * The hardware abstraction: the only module that touches Espruino's globals (pins, setWatch,
 * analogRead, I2C, getTime, USB/UART, Storage, net, Wifi). Everything else in the firmware calls
 * these functions. Under Node the simulated board provides the same globals, so this file runs
 * unmodified there too. Espruino-safe: no default/rest parameters, no destructuring.
 */

export type Pin = EspruinoPin;
export type Socket = EspruinoSocket;

/** Seconds since the board started (float). */
export function now(): number {
  return getTime();
}

/**
 * Watches a pin. `edge`: 0 both, 1 rising, 2 falling. The callback receives the level and the
 * time stamped in the interrupt.
 */
export function watch(pin: Pin, edge: number, debounceMs: number, cb: (e: EspruinoWatchEvent) => void): number {
  return setWatch(cb, pin, { repeat: true, edge: edge === 1 ? 'rising' : edge === 2 ? 'falling' : 'both', debounce: debounceMs });
}

export function unwatch(id: number): void {
  clearWatch(id);
}

export function input(pin: Pin, pull: number): void {
  pinMode(pin, pull === 1 ? 'input_pullup' : pull === 2 ? 'input_pulldown' : 'input');
}

export function read(pin: Pin): number {
  return digitalRead(pin);
}

/** 0..1 of full scale. */
export function analog(pin: Pin): number {
  return analogRead(pin);
}

/** The board LED (identify); boards without LED1 (some ESP32 modules) just don't blink. */
export function led(on: boolean): void {
  if (typeof LED1 !== 'undefined') digitalWrite(LED1, on);
}

export function i2cSetup(scl: Pin, sda: Pin): void {
  I2C1.setup({ scl: scl, sda: sda, bitrate: 100000 });
}

export function i2cWrite(addr: number, data: number[]): void {
  I2C1.writeTo(addr, data);
}

export function i2cRead(addr: number, n: number): Uint8Array {
  return I2C1.readFrom(addr, n);
}

/**
 * The tag reader's UART: 1 = Serial1, 2 = Serial2; `tx` only for a reader that takes commands.
 * On Serial1 the console is kept on USB: Espruino moves it to Serial1 when USB carries no data
 * (a WiFi board on a USB power supply), and the reader's frames would go to the interpreter.
 */
export function uartSetup(n: number, baud: number, rx: Pin, tx: Pin | undefined, cb: (data: string) => void): void {
  if (n === 1 && typeof USB !== 'undefined') USB.setConsole(true);
  const u = n === 1 ? Serial1 : Serial2;
  u.setup(baud, tx ? { rx: rx, tx: tx } : { rx: rx });
  u.on('data', cb);
}

/**
 * The hub link over USB. Unless the board's button is held at power-up, the REPL moves to
 * LoopbackA so the hub's lines reach the firmware instead of the interpreter.
 */
export function usbSetup(cb: (data: string) => void): void {
  if (typeof BTN1 === 'undefined' || !digitalRead(BTN1)) LoopbackA.setConsole(true);
  USB.on('data', cb);
}

export function usbWrite(s: string): void {
  USB.write(s);
}

/**
 * The hub link on a UART (1 = Serial1, 2 = Serial2), e.g. through an RS-485 transceiver for a
 * long cable run. The REPL is forced onto USB so the hub's lines reach the firmware (Espruino
 * moves the console to Serial1 when USB is unplugged) and uploads over USB keep working.
 */
export function uartLinkSetup(n: number, baud: number, tx: Pin, rx: Pin, cb: (data: string) => void): void {
  USB.setConsole(true);
  uartSetup(n, baud, rx, tx, cb);
}

export function uartWrite(n: number, s: string): void {
  (n === 1 ? Serial1 : Serial2).write(s);
}

export function storageJSON(name: string): unknown {
  return ESPRUINO_REQUIRE('Storage').readJSON(name, true);
}

export function storageWriteJSON(name: string, value: unknown): void {
  ESPRUINO_REQUIRE('Storage').writeJSON(name, value);
}

/**
 * 32 bits from the port's hardware random source, or 0 where there is none. Espruino 2v29
 * seeds Math.random at boot only on STM32 and nRF; on the ESP32 it repeats at every power-up.
 */
export function hwRand(): number {
  return typeof E.hwRand === 'function' ? E.hwRand() >>> 0 : 0;
}

export function tcpConnect(host: string, port: number, onOpen: () => void): Socket {
  return ESPRUINO_REQUIRE('net').connect({ host: host, port: port }, onOpen);
}

export function wifiConnect(ssid: string, password: string, cb: (err: unknown) => void): void {
  ESPRUINO_REQUIRE('Wifi').connect(ssid, { password: password }, cb);
}

export function after(ms: number, fn: () => void): unknown {
  return setTimeout(fn, ms);
}

export function every(ms: number, fn: () => void): unknown {
  return setInterval(fn, ms);
}

export function cancel(id: unknown): void {
  clearTimeout(id as number);
}

/** Runs `fn` at every boot (E.on('init')): after `save()` and after each power-up. */
export function onBoot(fn: () => void): void {
  E.on('init', fn);
}
