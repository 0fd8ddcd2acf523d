/**
 * Runs a firmware bundle on a simulated board: build (cached per profile, board and identity),
 * load, boot. The bundle is the same text `npm run firmware:build` writes for the board.
 */
import type { BuildOptions, BuildResult } from '../build/build';
import { cachedBuild } from '../build/cache';
import { RANDOM_MODELS, SimBoard, type RandomModel, type SimSerial } from './board';

export { cachedBuild };

export interface SimRun {
  board: SimBoard;
  build: BuildResult;
  /** The serial device of the hub link: USB, or the UART of a UART link. */
  link: SimSerial;
  /** Lines the firmware wrote to the link since the last call, parsed. */
  sent(): Record<string, unknown>[];
  /** Raw lines, unparsed. */
  sentRaw(): string[];
  /** A hub command line arrives over the link. */
  hub(cmd: object): void;
}

export interface RunOptions extends BuildOptions {
  startTime?: number;
  /** Storage file "autoref" (device identity, WiFi, broker). */
  local?: Record<string, unknown>;
  /** Set up the board before boot (I2C devices, pin levels). */
  before?: (board: SimBoard) => void;
  /** Load only; the caller boots (board.boot()) once its links are attached. */
  noBoot?: boolean;
  /** Randomness at power-up; default: the board's (RANDOM_MODELS). */
  random?: RandomModel;
}

export function runFirmware(opts: RunOptions): SimRun {
  const { startTime, local, before, noBoot, random, ...buildOpts } = opts;
  const build = cachedBuild(buildOpts);
  const board = new SimBoard({ startTime, pins: build.pins, random: random ?? RANDOM_MODELS[opts.board] });
  if (local) board.storage['autoref'] = local;
  before?.(board);
  board.load(build.code);
  if (!noBoot) board.boot();
  const link = [board.usb, board.serial1, board.serial2][build.cfg.lp]!;
  return {
    board,
    build,
    link,
    sentRaw: () => link.takeLines(),
    sent: () => link.takeLines().map((l) => JSON.parse(l) as Record<string, unknown>),
    hub: (cmd) => link.inject(JSON.stringify(cmd) + '\n'),
  };
}
