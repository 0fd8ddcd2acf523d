/**
 * A simulated TCS34725/TCS34727 colour sensor on the board's I2C bus: the ID register, the
 * enable/timing/gain registers and the clear/red/green/blue data registers, showing a fixed colour
 * (setColour) or a series of readings (queue: a ball rolling past), one per read, or, given a
 * clock, the one of the moment (the simulator's passes: a reading is of where the ball is).
 */
import type { I2CDevice } from './board';

export class SimTcs34725 implements I2CDevice {
  readonly regs = new Uint8Array(32);
  private ptr = 0;
  private auto = false;
  /** Readings still to come, one per block read of the data registers (c, r, g, b each), and what it shows after them. */
  private queued: number[] = [];
  private idle: readonly number[] | null = null;
  /** With a clock, the reading is the one of the moment read (sample k from k periods after queueing), not of the read's count. */
  private clock: { now(): number; periodUs: number; from: number } | null = null;

  constructor(id = 0x44) {
    this.regs[0x12] = id;
  }

  /** What the sensor sees now: raw clear, red, green, blue counts. */
  setColour(c: number, r: number, g: number, b: number): void {
    [c, r, g, b].forEach((v, i) => {
      this.regs[0x14 + i * 2] = v & 0xff;
      this.regs[0x15 + i * 2] = (v >> 8) & 0xff;
    });
  }

  /**
   * A ball rolling past: each block read of the data registers gives the next reading (one
   * integration each: the firmware reads once per integration time), then `idle` (the empty view).
   */
  queue(samples: readonly number[], idle: readonly number[], clock?: { now(): number; periodUs: number }): void {
    this.queued = [...samples];
    this.idle = idle;
    this.clock = clock ? { ...clock, now: clock.now, from: clock.now() } : null;
  }

  /** The reading a data read gives now: by the clock (the ball has moved on whether read or not), else the next in line. */
  private next(): readonly number[] {
    if (this.clock) {
      const k = Math.floor((this.clock.now() - this.clock.from) / this.clock.periodUs);
      return k >= 0 && k * 4 + 3 < this.queued.length ? this.queued.slice(k * 4, k * 4 + 4) : this.idle!;
    }
    return this.queued.length >= 4 ? this.queued.splice(0, 4) : this.idle!;
  }

  write(bytes: number[]): void {
    const cmd = bytes[0] ?? 0;
    if (!(cmd & 0x80)) throw new Error('TCS34725: command bit missing');
    this.ptr = cmd & 0x1f;
    this.auto = (cmd & 0x60) === 0x20;
    if (bytes.length > 1) this.regs[this.ptr] = bytes[1]!;
  }

  read(n: number): Uint8Array {
    if (this.ptr === 0x14 && this.idle) {
      const next = this.next();
      this.setColour(next[0]!, next[1]!, next[2]!, next[3]!);
    }
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.regs[this.auto ? this.ptr + i : this.ptr]!;
    return out;
  }
}
