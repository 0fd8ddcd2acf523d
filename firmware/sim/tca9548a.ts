/**
 * A simulated TCA9548A I2C multiplexer (address 0x70) with colour sensors behind it: every
 * TCS3472x answers at 0x29, so a board with two puts each on a channel of the multiplexer and
 * selects the channel before each access (firmware/sensors/colour.ts). `MuxedParts` is what
 * answers at 0x29: the part on the lowest selected channel (a real multiplexer with two channels
 * open would join both buses; the firmware never does that).
 */
import type { I2CDevice } from './board';

export class SimTca9548a implements I2CDevice {
  /** The channels selected (bit n: channel n). */
  mask = 0;

  write(bytes: number[]): void {
    this.mask = (bytes[bytes.length - 1] ?? 0) & 0xff;
  }

  read(n: number): Uint8Array {
    return new Uint8Array(n).fill(this.mask);
  }
}

export class MuxedParts implements I2CDevice {
  constructor(
    private readonly mux: SimTca9548a,
    /** The part on each channel that has one. */
    readonly parts: ReadonlyMap<number, I2CDevice>,
  ) {}

  private selected(): I2CDevice {
    for (let ch = 0; ch < 8; ch++) {
      if (!(this.mux.mask & (1 << ch))) continue;
      const p = this.parts.get(ch);
      if (p) return p;
    }
    throw new Error('I2C device 0x29 not responding (no multiplexer channel with a part on it is selected)');
  }

  write(bytes: number[]): void {
    this.selected().write(bytes);
  }

  read(n: number): Uint8Array {
    return this.selected().read(n);
  }
}
