/**
 * A simulated TCS34725/TCS34727 colour sensor on the board's I2C bus: the ID register, the
 * enable/timing/gain registers and the clear/red/green/blue data registers.
 */
import type { I2CDevice } from './board';

export class SimTcs34725 implements I2CDevice {
  readonly regs = new Uint8Array(32);
  private ptr = 0;
  private auto = false;

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

  write(bytes: number[]): void {
    const cmd = bytes[0] ?? 0;
    if (!(cmd & 0x80)) throw new Error('TCS34725: command bit missing');
    this.ptr = cmd & 0x1f;
    this.auto = (cmd & 0x60) === 0x20;
    if (bytes.length > 1) this.regs[this.ptr] = bytes[1]!;
  }

  read(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.regs[this.auto ? this.ptr + i : this.ptr]!;
    return out;
  }
}
