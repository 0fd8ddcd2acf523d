/**
 * Colour sensor on the goal throat (I2C) telling the two sides' balls apart. A controllers
 * table keyed by part, johnny-five style: the parts differ in their ID register value.
 * TCS34725/TCS34727 wiring: VIN 3.3 V, GND, SCL, SDA to the board's I2C pins (profile `i2c`).
 * Every TCS3472x answers at 0x29, so a board with two (golf billiards: both goals) puts a TCA9548A
 * multiplexer (0x70) on the bus and each part on a channel of it (profile `colour.channel`): the
 * channel is selected before every access.
 */
import { i2cRead, i2cWrite } from '../hal/hal';
import { setFault, F_ABSENT } from '../core/device';
import type { BeamCfg } from '../core/config';
import { st } from './state';

export const ADDR = 0x29;
/** Command bit, and auto-increment for block reads. */
const CMD = 0x80;
const AUTO = 0x20;
/** Block read of clear, red, green, blue (made once: the edge path allocates nothing). */
export const READ = [CMD | AUTO | 0x14];
/** The TCA9548A multiplexer's address, and its channel mask (one array, rewritten: no allocation). */
const MUX = 0x70;
const SEL = [0];

/** Routes the bus to the part's multiplexer channel, if it has one. */
export function select(ch: number): void {
  if (ch < 0) return;
  SEL[0] = 1 << ch;
  i2cWrite(MUX, SEL);
}

export const COLOUR_CONTROLLERS: Record<string, { id: number }> = {
  TCS34725: { id: 0x44 },
  TCS34727: { id: 0x4d },
};

/** Checks the part answers with its ID and starts it (2.4 ms integration, 4x gain). */
export function colourInit(si: number): boolean {
  const col = (st.S[si] as BeamCfg).col!;
  return partInit(col.part, col.ch);
}

/** Checks the part on channel `ch` answers with its ID and starts it (2.4 ms integration, 4x gain). */
export function partInit(part: string, ch: number): boolean {
  const ctl = COLOUR_CONTROLLERS[part];
  if (!ctl) return false;
  try {
    select(ch);
    i2cWrite(ADDR, [CMD | 0x12]);
    if (i2cRead(ADDR, 1)[0] !== ctl.id) return false;
    i2cWrite(ADDR, [CMD | 0x01, 0xff]);
    i2cWrite(ADDR, [CMD | 0x0f, 0x01]);
    i2cWrite(ADDR, [CMD | 0x00, 0x03]);
    return true;
  } catch {
    return false;
  }
}

/** Reads clear/red/green/blue and returns the nearest ball label (0x80|k), or 0 for none. */
export function colourRead(si: number): number {
  const col = (st.S[si] as BeamCfg).col!;
  let d: Uint8Array;
  try {
    select(col.ch);
    i2cWrite(ADDR, READ);
    d = i2cRead(ADDR, 8);
  } catch {
    // The part stopped answering (a loose wire): status says so; goals still count, unnamed.
    setFault(si, F_ABSENT);
    return 0;
  }
  const c = (d[0] as number) | ((d[1] as number) << 8);
  const r = (d[2] as number) | ((d[3] as number) << 8);
  const g = (d[4] as number) | ((d[5] as number) << 8);
  const b = (d[6] as number) | ((d[7] as number) << 8);
  const sum = r + g + b;
  if (c < col.mc || sum === 0) return 0;
  const rn = (r * 1000) / sum;
  const gn = (g * 1000) / sum;
  let best = -1;
  let bestD = 0;
  for (let k = 0; k < col.o.length; k++) {
    const dr = rn - (col.rg[k * 2] as number);
    const dg = gn - (col.rg[k * 2 + 1] as number);
    const dd = dr * dr + dg * dg;
    if (best < 0 || dd < bestD) {
      best = k;
      bestD = dd;
    }
  }
  return best < 0 ? 0 : 0x80 | best;
}
