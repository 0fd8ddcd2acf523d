/**
 * A pretend Arduino for tests: mock-firmata's `MockFirmata` (the IO johnny-five's own tests
 * build their `newBoard()` on), with pins a test can drive. Like StandardFirmata, it reports a
 * whole 8-pin port on every change, so a link sees reports that are not edges of its pin.
 * `unplug()` closes the board the way a pulled USB cable does; while unplugged, opening the port
 * fails; `plug()` puts it back.
 */
import { createRequire } from 'node:module';
import type { FirmataIo } from '../../hub/ingest/firmata';

interface MockFirmataIo extends FirmataIo {
  emit(event: string, ...args: unknown[]): boolean;
}

const requireCjs = createRequire(import.meta.url);
const { Firmata: MockFirmata } = requireCjs('mock-firmata') as { Firmata: new () => MockFirmataIo };

export class MockArduino {
  /** Every IO made, one per connection attempt that found the board. */
  readonly ios: MockFirmataIo[] = [];
  /** Connection attempts, including those that found no board. */
  attempts = 0;
  private plugged = true;
  private readonly levels: Map<number, number>;
  private readers = new Map<number, ((v: number) => void)[]>();
  private current: MockFirmataIo | null = null;

  /** Pins start high (a beam receiver's idle level with a pull-up) unless given here. */
  constructor(initial: Record<number, 0 | 1> = {}) {
    this.levels = new Map(Object.entries(initial).map(([k, v]) => [Number(k), v]));
  }

  /** Pass as the link's (or buildHub's `firmataIo`) IO factory. */
  readonly io = (path: string): FirmataIo => {
    this.attempts++;
    if (!this.plugged) throw new Error(`no board on ${path}`);
    const io = new MockFirmata();
    const readers = new Map<number, ((v: number) => void)[]>();
    io.digitalRead = (pin, cb) => {
      readers.set(pin, [...(readers.get(pin) ?? []), cb]);
      // StandardFirmata reports the port as soon as reporting is turned on.
      queueMicrotask(() => cb(this.level(pin)));
    };
    this.ios.push(io);
    this.current = io;
    this.readers = readers;
    // The board answers the handshake once the port is open (after the link has set up).
    queueMicrotask(() => {
      io.emit('connect');
      io.emit('ready');
    });
    return io;
  };

  level(pin: number): number {
    return this.levels.get(pin) ?? 1;
  }

  /** Sets a pin's level and reports its port (pins 8k..8k+7) like StandardFirmata. */
  set(pin: number, level: 0 | 1): void {
    this.levels.set(pin, level);
    const port = Math.floor(pin / 8);
    for (const [p, cbs] of this.readers) if (Math.floor(p / 8) === port) for (const cb of cbs) cb(this.level(p));
  }

  /** The cable is pulled: the board's IO closes and new attempts find nothing. */
  unplug(): void {
    this.plugged = false;
    const io = this.current;
    this.current = null;
    this.readers = new Map();
    io?.emit('close');
  }

  plug(): void {
    this.plugged = true;
  }
}
