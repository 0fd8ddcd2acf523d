/**
 * The real firmware on a simulated board in real time, linked to a real MQTT broker: the bundle
 * for the ESP32 (MQTT) build of a profile runs with its own MQTT client, and the simulator's edges
 * are put on its pins when the board's clock (the wall clock, with an optional drift) reaches them.
 * This is what the demo venue runs (sim/venue.ts).
 */
import { loadProfile } from '../../firmware/build/build';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import type { TableProfile } from '../../shared/profile';
import type { Edge } from './signals';
import { ColourSight } from './colour';

export interface LiveTableOptions {
  /** A profile id (hardware/profiles) or a profile object (e.g. a lane's places renamed for its device). */
  profile: string | TableProfile;
  device: string;
  table: string;
  venue: string;
  /** mqtt://host:port of the broker (the firmware speaks plain MQTT over TCP). */
  brokerUrl: string;
  /** The device's MQTT password where the broker requires logins. */
  secret?: string;
  /** Board clock rate error (0.001: 0.1 % fast). */
  drift?: number;
}

export class LiveFirmwareTable {
  readonly run: SimRun;
  readonly profile: TableProfile;
  private readonly pins: Record<string, string>;
  private readonly colour: ColourSight | null;
  private queue: Edge[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = Date.now();
  private readonly startUs: number;
  private readonly drift: number;

  constructor(opts: LiveTableOptions) {
    const url = new URL(opts.brokerUrl);
    if (url.protocol !== 'mqtt:') throw new TypeError(`the simulated firmware speaks plain MQTT (mqtt://), not ${url.protocol}`);
    this.profile = typeof opts.profile === 'string' ? (loadProfile(opts.profile) as TableProfile) : opts.profile;
    const wiring = this.profile.boards.esp32;
    if (!wiring) throw new TypeError(`profile ${this.profile.id} has no esp32 wiring`);
    this.pins = wiring.pins;
    const colour = (this.colour = ColourSight.of(this.profile));
    this.drift = opts.drift ?? 0;
    this.run = runFirmware({
      profile: opts.profile,
      board: 'esp32',
      device: opts.device,
      table: opts.table,
      local: { venue: opts.venue, mqHost: url.hostname, mqPort: Number(url.port || 1883), ...(opts.secret !== undefined ? { key: opts.secret } : {}) },
      before: (b) => colour?.attach(b),
    });
    this.startUs = this.run.board.us;
    this.timer = setInterval(() => this.pump(), 5);
  }

  /** Board time now, µs. */
  get us(): number {
    return this.run.board.us;
  }

  /** Queues a shot's edges (µs from the shot's start) to begin `delayMs` from now. */
  play(edges: readonly Edge[], delayMs = 20): void {
    const t0 = this.target() + delayMs * 1000;
    for (const e of edges) this.queue.push({ ...e, us: t0 + e.us });
    this.queue.sort((a, b) => a.us - b.us);
  }

  private target(): number {
    return this.startUs + Math.round((Date.now() - this.startedAt) * 1000 * (1 + this.drift));
  }

  private pump(): void {
    const board = this.run.board;
    const target = this.target();
    while (this.queue.length > 0 && this.queue[0]!.us <= target) {
      const e = this.queue.shift()!;
      if (e.us > board.us) board.advance((e.us - board.us) / 1000);
      const pin = this.pins[e.pin];
      if (pin === undefined) continue;
      this.colour?.before(e, 'keep');
      board.set(pin, e.level);
      this.colour?.after(e);
    }
    if (target > board.us) board.advance((target - board.us) / 1000);
  }

  get errors(): unknown[] {
    return this.run.board.errors;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.run.board.stop();
  }
}
