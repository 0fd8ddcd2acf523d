/**
 * The scenario driver of the simulated board (Node): steps applied to a SimBoard running the
 * bundle. Its lines are the reference the real interpreter's are compared with.
 */
import type { SimBoard, SimSerial } from './board';
import type { TableProfile } from '../../shared/profile';
import type { Driver, HubSide, Step } from './scenario';
import { SimTcs34725 } from './tcs34725';
import { MuxedParts, SimTca9548a } from './tca9548a';

export class SimDriver implements Driver {
  constructor(private readonly board: SimBoard) {}

  async apply(steps: Step[]): Promise<void> {
    const b = this.board;
    for (const s of steps) {
      if (s.t === 'adv') b.advance(s.ms);
      else if (s.t === 'set') b.set(s.pin, s.level);
      else if (s.t === 'analog') b.analog[s.pin] = s.v;
      else if (s.t === 'colour') colourPart(b, s.ch).setColour(...s.crgb);
      else if (s.t === 'series') colourPart(b, s.ch).queue(s.samples, s.idle);
      else if (s.t === 'uart') (s.port === 'Serial1' ? b.serial1 : b.serial2).inject(s.data);
    }
  }
}

/** The hub side of a serial link: lines the firmware wrote on `link`, commands injected into it. */
export function serialHub(link: SimSerial): HubSide {
  const lines: string[] = [];
  return {
    lines: () => {
      lines.push(...link.takeLines().map((l) => `line ${l}`));
      return lines;
    },
    command: (line) => link.inject(line + '\n'),
  };
}

/**
 * The colour sensors on the board's bus before boot (profiles with one): one part alone at 0x29,
 * or, given the multiplexer channels of several, a TCA9548A at 0x70 with a part on each.
 */
export function attachColour(b: SimBoard, channels: readonly number[] = []): void {
  if (channels.length === 0) {
    b.i2c[0x29] = new SimTcs34725();
    return;
  }
  const mux = new SimTca9548a();
  b.i2c[0x70] = mux;
  b.i2c[0x29] = new MuxedParts(mux, new Map(channels.map((ch) => [ch, new SimTcs34725()])));
}

/** The multiplexer channels of a profile's colour sensors (empty: one sensor alone on the bus, or none). */
export function colourChannelsOf(p: TableProfile): number[] {
  return p.sensors.flatMap((s) => ((s.kind === 'beam' || s.kind === 'pocket') && s.colour?.channel !== undefined ? [s.colour.channel] : []));
}

/** The colour sensor on multiplexer channel `ch` (or the one alone on the bus). */
function colourPart(b: SimBoard, ch: number | undefined): SimTcs34725 {
  const at = b.i2c[0x29];
  if (at instanceof MuxedParts) {
    const part = at.parts.get(ch ?? -1);
    if (!part) throw new Error(`no colour sensor on multiplexer channel ${String(ch)}`);
    return part as SimTcs34725;
  }
  return at as SimTcs34725;
}
