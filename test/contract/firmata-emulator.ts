/**
 * An Arduino Uno running StandardFirmata, emulated on the device end of a real serial line (a
 * socat pty pair), so the hub's whole Firmata path runs as on hardware: serialport, firmata-io's
 * protocol parser, johnny-five's Board, the link. It speaks the part of Firmata 2.5 the link uses:
 * version and firmware reports, capability and analog-mapping queries, pin modes, digital
 * reporting per port, and digital messages when a pin changes.
 */
import { SerialPort } from 'serialport';

const START_SYSEX = 0xf0;
const END_SYSEX = 0xf7;
const REPORT_VERSION = 0xf9;
const QUERY_FIRMWARE = 0x79;
const CAPABILITY_QUERY = 0x6b;
const CAPABILITY_RESPONSE = 0x6c;
const ANALOG_MAPPING_QUERY = 0x69;
const ANALOG_MAPPING_RESPONSE = 0x6a;
const SET_PIN_MODE = 0xf4;
const SET_DIGITAL_PIN_VALUE = 0xf5;
const REPORT_DIGITAL = 0xd0;
const DIGITAL_MESSAGE = 0x90;
const MODE_INPUT = 0x00;
const MODE_OUTPUT = 0x01;
const MODE_ANALOG = 0x02;
const MODE_PULLUP = 0x0b;

/** Uno: digital pins 0-13, A0-A5 as 14-19. */
const PINS = 20;
const FIRMWARE = 'StandardFirmata.ino';

/** Bytes a command of this first byte takes, sysex aside. */
function commandLength(b: number): number {
  if (b === REPORT_VERSION || b === 0xff) return 1;
  const hi = b & 0xf0;
  if (hi === REPORT_DIGITAL || hi === 0xc0) return 2;
  return 3;
}

export class FirmataEmulator {
  private readonly levels = new Array<number>(PINS).fill(1);
  private readonly reporting = new Array<boolean>(3).fill(false);
  private buf: number[] = [];
  private announce: NodeJS.Timeout | null = null;
  /** Modes the hub set, per pin. */
  readonly modes: (number | undefined)[] = new Array<number | undefined>(PINS).fill(undefined);

  private constructor(private readonly port: SerialPort) {
    port.on('data', (chunk: Buffer) => {
      for (const b of chunk) this.byte(b);
    });
    port.on('error', () => {});
  }

  /** Opens the device end and announces itself (as StandardFirmata does after a reset) until the hub asks. */
  static async open(path: string, initial: Record<number, 0 | 1> = {}): Promise<FirmataEmulator> {
    const port = new SerialPort({ path, baudRate: 57600, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    const emu = new FirmataEmulator(port);
    for (const [pin, level] of Object.entries(initial)) emu.levels[Number(pin)] = level;
    emu.announce = setInterval(() => emu.sayHello(), 100);
    emu.sayHello();
    return emu;
  }

  private write(bytes: number[]): void {
    if (this.port.isOpen) this.port.write(Buffer.from(bytes));
  }

  private sayHello(): void {
    this.write([REPORT_VERSION, 2, 5]);
    const name = [...Buffer.from(FIRMWARE)].flatMap((c) => [c & 0x7f, (c >> 7) & 0x7f]);
    this.write([START_SYSEX, QUERY_FIRMWARE, 2, 5, ...name, END_SYSEX]);
  }

  private byte(b: number): void {
    if (this.buf.length === 0 && b < 0x80) return; // out of sync: wait for a command byte
    this.buf.push(b);
    const first = this.buf[0]!;
    if (first === START_SYSEX) {
      if (b === END_SYSEX) {
        this.sysex(this.buf.slice(1, -1));
        this.buf = [];
      }
      return;
    }
    if (this.buf.length < commandLength(first)) return;
    const [cmd, a = 0, v = 0] = this.buf;
    this.buf = [];
    if (cmd === REPORT_VERSION) this.write([REPORT_VERSION, 2, 5]);
    else if (cmd === SET_PIN_MODE) this.modes[a] = v;
    else if (cmd === SET_DIGITAL_PIN_VALUE && this.modes[a] === MODE_INPUT && v) this.modes[a] = MODE_PULLUP;
    else if ((cmd! & 0xf0) === REPORT_DIGITAL) {
      const port = cmd! & 0x0f;
      this.reporting[port] = a === 1;
      if (a === 1) this.reportPort(port);
    }
  }

  private sysex(body: number[]): void {
    const cmd = body[0];
    if (cmd === QUERY_FIRMWARE) {
      this.sayHello();
    } else if (cmd === CAPABILITY_QUERY) {
      if (this.announce) clearInterval(this.announce);
      this.announce = null;
      const out = [START_SYSEX, CAPABILITY_RESPONSE];
      for (let p = 0; p < PINS; p++) {
        if (p >= 2) out.push(MODE_INPUT, 1, MODE_OUTPUT, 1, MODE_PULLUP, 1);
        if (p >= 14) out.push(MODE_ANALOG, 10);
        out.push(0x7f);
      }
      this.write([...out, END_SYSEX]);
    } else if (cmd === ANALOG_MAPPING_QUERY) {
      const map = Array.from({ length: PINS }, (_, p) => (p >= 14 ? p - 14 : 0x7f));
      this.write([START_SYSEX, ANALOG_MAPPING_RESPONSE, ...map, END_SYSEX]);
    }
  }

  private reportPort(port: number): void {
    let value = 0;
    for (let i = 0; i < 8; i++) {
      const p = port * 8 + i;
      if (p < PINS && this.levels[p]) value |= 1 << i;
    }
    this.write([DIGITAL_MESSAGE | port, value & 0x7f, (value >> 7) & 0x01]);
  }

  /** Whether the hub has turned on reporting for this pin's port. */
  reports(pin: number): boolean {
    return this.reporting[Math.floor(pin / 8)] ?? false;
  }

  /** A pin changes level; its port is reported if the hub turned reporting on. */
  set(pin: number, level: 0 | 1): void {
    this.levels[pin] = level;
    const port = Math.floor(pin / 8);
    if (this.reporting[port]) this.reportPort(port);
  }

  close(): Promise<void> {
    if (this.announce) clearInterval(this.announce);
    this.announce = null;
    return new Promise<void>((r) => (this.port.isOpen ? this.port.close(() => r()) : r()));
  }
}
