/**
 * The scenario driver of the simulated board (Node): steps applied to a SimBoard running the
 * bundle. Its lines are the reference the real interpreter's are compared with.
 */
import type { SimBoard, SimSerial } from './board';
import type { Driver, HubSide, Step } from './scenario';
import { SimTcs34725 } from './tcs34725';

export class SimDriver implements Driver {
  constructor(private readonly board: SimBoard) {}

  async apply(steps: Step[]): Promise<void> {
    const b = this.board;
    for (const s of steps) {
      if (s.t === 'adv') b.advance(s.ms);
      else if (s.t === 'set') b.set(s.pin, s.level);
      else if (s.t === 'analog') b.analog[s.pin] = s.v;
      else if (s.t === 'colour') (b.i2c[0x29] as SimTcs34725).setColour(...s.crgb);
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

/** A colour sensor on the board's bus before boot (profiles with one). */
export function attachColour(b: SimBoard): void {
  b.i2c[0x29] = new SimTcs34725();
}
