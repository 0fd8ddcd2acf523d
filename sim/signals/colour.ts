/**
 * The colour sensor a simulated board sees through (both ways the simulator runs the real
 * firmware: sim/signals/firmware.ts and live.ts): the profile's colour sensor part on the board's
 * I2C bus, showing the reference colour of the ball that blocks the beam and an empty beam after.
 */
import { COLOUR_CONTROLLERS } from '../../firmware/sensors/colour';
import { SimTcs34725 } from '../../firmware/sim/tcs34725';
import type { SimBoard } from '../../firmware/sim/board';
import type { TableProfile } from '../../shared/profile';
import type { Edge } from './signals';

/** The TCS3472x's I2C address. */
const ADDR = 0x29;
/** What it reads with no ball in the beam: a dim, colourless clear count. */
const EMPTY = [20, 5, 5, 5] as const;

export class ColourSight {
  readonly part: SimTcs34725;
  private readonly rgb: Record<string, readonly number[]> = {};

  private constructor(part: string, balls: readonly { id: string; rgb: readonly number[] }[]) {
    this.part = new SimTcs34725(COLOUR_CONTROLLERS[part]!.id);
    for (const b of balls) this.rgb[b.id] = b.rgb;
  }

  /** The profile's colour sensor (a sensor's `colour` option: a beam's), or null when it has none. */
  static of(profile: TableProfile): ColourSight | null {
    for (const s of profile.sensors) if ('colour' in s && s.colour) return new ColourSight(s.colour.part, s.colour.balls);
    return null;
  }

  /** Puts the part on the board's I2C bus (runFirmware's `before`). */
  attach(b: SimBoard): void {
    b.i2c[ADDR] = this.part;
  }

  /**
   * Sets what the sensor sees for an edge about to go on its pin: the ball's colour with the edge
   * that blocks the beam; `unknown` says what a colour the profile does not list shows (the empty
   * beam, or what it showed before).
   */
  before(e: Edge, unknown: 'empty' | 'keep'): void {
    if (e.colour === undefined) return;
    const rgb = this.rgb[e.colour];
    if (rgb) this.part.setColour(rgb[0]! + rgb[1]! + rgb[2]!, rgb[0]!, rgb[1]!, rgb[2]!);
    else if (unknown === 'empty') this.part.setColour(...EMPTY);
  }

  /** After the edge: a beam cleared (level high) without a colour shows the empty beam again. */
  after(e: Edge): void {
    if (e.level === 1 && e.colour === undefined) this.part.setColour(...EMPTY);
  }
}
