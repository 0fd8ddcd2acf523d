/**
 * The colour sensors a simulated board sees through (both ways the simulator runs the real
 * firmware: sim/signals/firmware.ts and live.ts): the profile's colour sensor parts on the board's
 * I2C bus (one alone at 0x29, or several behind a TCA9548A multiplexer, each on its channel), each
 * showing the reference colour of the ball that blocks its beam and an empty beam after; a
 * pocket's drop-path sensor gives the readings of the ball rolling past (sim/signals/balls.ts),
 * one per read, then the empty chute.
 */
import { COLOUR_CONTROLLERS } from '../../firmware/sensors/colour';
import { SimTcs34725 } from '../../firmware/sim/tcs34725';
import { MuxedParts, SimTca9548a } from '../../firmware/sim/tca9548a';
import type { SimBoard } from '../../firmware/sim/board';
import type { TableProfile } from '../../shared/profile';
import type { Edge } from './signals';
import { idleReading, PASS_PERIOD_US } from './balls';

/** The TCS3472x's I2C address, and the multiplexer's. */
const ADDR = 0x29;
const MUX = 0x70;
/** What it reads with no ball in the beam: a dim, colourless clear count. */
const EMPTY = [20, 5, 5, 5] as const;

/** A pocket's sensor: no reference colours, its readings come as a pass (Edge.pass). */
const POCKET: Record<string, readonly number[]> = {};

/** One colour sensor: its part and its balls' reference colours. */
interface Sight {
  part: SimTcs34725;
  channel: number | undefined;
  rgb: Record<string, readonly number[]>;
}

export class ColourSight {
  /** By the logical pin of the beam each looks at. */
  private readonly byPin = new Map<string, Sight>();

  private constructor(sights: readonly (readonly [string, Sight])[]) {
    for (const [pin, s] of sights) this.byPin.set(pin, s);
  }

  /** The profile's colour sensors (a beam's `colour` option), or null when it has none. */
  static of(profile: TableProfile): ColourSight | null {
    const sights: [string, Sight][] = [];
    for (const s of profile.sensors) {
      // A pocket's sensor looks at its drop path: its pass comes with the drop beam's edge.
      if (s.kind === 'pocket' && s.colour && s.drop !== undefined && profile.ballColours) {
        const part = new SimTcs34725(COLOUR_CONTROLLERS[profile.ballColours.part]!.id);
        part.queue([], idleReading());
        sights.push([s.drop, { part, channel: s.colour.channel, rgb: POCKET }]);
        continue;
      }
      if (s.kind !== 'beam' || !s.colour) continue;
      const rgb: Record<string, readonly number[]> = {};
      for (const b of s.colour.balls) rgb[b.id] = b.rgb;
      sights.push([s.pin, { part: new SimTcs34725(COLOUR_CONTROLLERS[s.colour.part]!.id), channel: s.colour.channel, rgb }]);
    }
    return sights.length > 0 ? new ColourSight(sights) : null;
  }

  /** The first colour sensor's part (the one alone on the bus). */
  get part(): SimTcs34725 {
    return [...this.byPin.values()][0]!.part;
  }

  /** The board's clock (µs), for the passes: a reading is of where the ball is when read. */
  private now: () => number = () => 0;

  /** Puts the parts on the board's I2C bus (runFirmware's `before`): behind the multiplexer when they have channels. */
  attach(b: SimBoard): void {
    this.now = () => b.us;
    const sights = [...this.byPin.values()];
    if (sights.every((s) => s.channel === undefined)) {
      b.i2c[ADDR] = sights[0]!.part;
      return;
    }
    const mux = new SimTca9548a();
    b.i2c[MUX] = mux;
    b.i2c[ADDR] = new MuxedParts(mux, new Map(sights.map((s) => [s.channel ?? 0, s.part])));
  }

  /**
   * Sets what the sensor looking at the edge's beam sees for an edge about to go on its pin: the
   * ball's colour with the edge that blocks the beam; `unknown` says what a colour the profile does
   * not list shows (the empty beam, or what it showed before).
   */
  before(e: Edge, unknown: 'empty' | 'keep'): void {
    if (e.pass) this.byPin.get(e.pin)?.part.queue(e.pass.samples, e.pass.idle, { now: this.now, periodUs: PASS_PERIOD_US });
    if (e.colour === undefined) return;
    const sight = this.byPin.get(e.pin);
    if (!sight) return;
    const rgb = sight.rgb[e.colour];
    if (rgb) sight.part.setColour(rgb[0]! + rgb[1]! + rgb[2]!, rgb[0]!, rgb[1]!, rgb[2]!);
    else if (unknown === 'empty') sight.part.setColour(...EMPTY);
  }

  /** After the edge: a beam cleared (level high) without a colour shows the empty beam again. */
  after(e: Edge): void {
    if (e.level === 1 && e.colour === undefined && this.byPin.get(e.pin)?.rgb !== POCKET) this.byPin.get(e.pin)?.part.setColour(...EMPTY);
  }
}
