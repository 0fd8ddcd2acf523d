/**
 * The real firmware in the loop: the bundle `npm run firmware:build` makes for a profile and the
 * Espruino Pico, loaded on the simulated board (firmware/sim/board.ts); the simulator's edges go
 * onto its pins on the board's virtual clock, the colour sensor (if the profile has one) sees the
 * ball that blocks the beam, and the protocol v1 lines it writes over USB are collected. The table
 * acknowledges what it read, like the hub does, so the board's buffer never fills.
 */
import { loadProfile } from '../../firmware/build/build';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import type { DeviceEvent } from '../../shared/protocol/schema';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import type { TableProfile } from '../../shared/profile';
import type { Edge } from './signals';
import { ColourSight } from './colour';

export interface FirmwareTableOptions {
  /** Profile id under hardware/profiles. */
  profile: string;
  device: string;
  table: string;
}

/**
 * The profile as the simulated Pico runs it. The Node board has no RAM limit: where the Pico's
 * wiring leaves out the I2C bus only because the colour code does not fit its JsVars (pool's
 * pocket colour sensors, hardware/pool.md), it is wired as on the Espruino WiFi (the same STM32
 * pins), so the chain runs the firmware that names the balls, as a WiFi or ESP32 board does.
 */
export function simWiring(p: TableProfile): TableProfile {
  const pico = p.boards['espruino-pico'];
  const wifi = p.boards['espruino-wifi'];
  const pocketColour = p.ballColours !== undefined && p.sensors.some((s) => s.kind === 'pocket' && s.colour !== undefined);
  if (!pocketColour || !pico || pico.i2c || !wifi?.i2c) return p;
  return { ...p, boards: { ...p.boards, 'espruino-pico': { ...pico, i2c: wifi.i2c } } };
}

export class FirmwareTable {
  readonly run: SimRun;
  readonly profile: TableProfile;
  private readonly pins: Record<string, string>;
  private readonly colour: ColourSight | null;
  /** Lines the firmware wrote that were not valid protocol v1 (must stay empty). */
  readonly invalid: string[] = [];
  boot = '';
  private lastN = 0;

  constructor(opts: FirmwareTableOptions) {
    this.profile = simWiring(loadProfile(opts.profile) as TableProfile);
    const wiring = this.profile.boards['espruino-pico'];
    if (!wiring) throw new TypeError(`profile ${opts.profile} has no espruino-pico wiring`);
    this.pins = wiring.pins;
    const colour = (this.colour = ColourSight.of(this.profile));
    this.run = runFirmware({
      profile: this.profile,
      board: 'espruino-pico',
      device: opts.device,
      table: opts.table,
      before: (b) => colour?.attach(b),
    });
    this.run.board.advance(50);
    this.take();
  }

  /**
   * Plays one shot's edges (µs from the shot's start) and `tailMs` of quiet after them; returns
   * the events the firmware sent, in sequence order.
   */
  play(edges: readonly Edge[], durationUs: number, tailMs = 300): DeviceEvent[] {
    const board = this.run.board;
    const t0 = board.us;
    for (const e of edges) {
      const at = t0 + e.us;
      if (at > board.us) board.advance((at - board.us) / 1000);
      const pin = this.pins[e.pin];
      if (pin === undefined) throw new TypeError(`pin ${e.pin} is not wired on the espruino-pico`);
      this.colour?.before(e, 'empty');
      board.set(pin, e.level);
      this.colour?.after(e);
    }
    // The tail runs from the shot's end or its last edge, whichever is later: a slow ball's drop
    // beam (and a pocket colour sensor reading it, 0.1 s) can come after the shot's last truth event.
    const lastEdge = edges.length > 0 ? t0 + edges[edges.length - 1]!.us : t0;
    const end = Math.max(t0 + durationUs, lastEdge) + tailMs * 1000;
    if (end > board.us) board.advance((end - board.us) / 1000);
    return this.take();
  }

  /** Decodes what the firmware wrote since the last call, acknowledging events. */
  private take(): DeviceEvent[] {
    const out: DeviceEvent[] = [];
    const seen = new Set<number>();
    for (const line of this.run.sentRaw()) {
      if (line.trim() === '') continue;
      const d = decodeDeviceMessage(line);
      if (!d.ok) {
        this.invalid.push(line);
        continue;
      }
      if (d.msg.k === 'hi' && d.msg.b !== this.boot) {
        this.boot = d.msg.b;
        this.lastN = 0;
      }
      // A resend of what was already read (the firmware retries until acknowledged).
      if (d.msg.k === 'ev' && !seen.has(d.msg.n) && d.msg.n > this.lastN) {
        seen.add(d.msg.n);
        out.push(d.msg);
      }
    }
    out.sort((a, b) => a.n - b.n);
    const last = out[out.length - 1];
    if (last) {
      this.lastN = last.n;
      this.run.hub({ v: PROTOCOL_VERSION, k: 'ack', b: last.b, n: last.n });
    }
    return out;
  }

  get errors(): unknown[] {
    return this.run.board.errors;
  }

  stop(): void {
    this.run.board.stop();
  }
}
