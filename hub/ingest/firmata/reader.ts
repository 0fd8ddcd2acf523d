/**
 * One sensor read over Firmata, with the firmware's meaning of its edges: the sensor is compiled by
 * its kind's descriptor exactly as for a bundle (shared/sensors/kinds.ts: defaults resolved, event
 * chosen), and its settled edges are judged by the same functions the firmware components call
 * (shared/sensors/edge.ts). What differs is only the driver: the firmware polls for stuck beams
 * and rattles every tick, this link sets a timer for them.
 */
import { EVENT_TYPES } from '../../../shared/protocol/wire';
import { isActive, isNoise, isRinging } from '../../../shared/sensors/edge';
import { kindOf, type CompiledSensor } from '../../../shared/sensors/kinds';
import type { SensorOptions } from '../../../shared/profile';
import type { DeviceEvent } from '../../../shared/protocol/schema';
import type { Level } from './settle';

/** Edges dropped by the declared filters, per reason. */
export interface FirmataFilterCounts {
  bounce: number;
  short: number;
  dead: number;
  stuck: number;
}

/** What a sensor reports to its link. */
export interface SensorSink {
  event(s: SensorOptions, e: DeviceEvent['e'], atUs: number, widthUs?: number): void;
  fault(s: SensorOptions, stuck: boolean): void;
  filtered(why: keyof FirmataFilterCounts): void;
}

/**
 * A sensor compiled as the build compiles it for a bundle (pins are not indexes here: the link
 * watches logical pins, so only whether a drop beam exists, `dr` >= 0, matters).
 */
export function compileForFirmata(s: SensorOptions): CompiledSensor {
  // No I2C over Firmata: a pocket compiles without its colour sensor.
  return kindOf(s).compile(s, { pin: (ref) => (ref === undefined ? -1 : 0), sensorIndex: () => -1, tagBaud: () => 0, i2c: false });
}

const num = (c: CompiledSensor, key: string): number => c[key] as number;

/** One sensor's logic on settled edges: a pulse (beam, pocket) or a hit (piezo). */
export class SensorReader {
  /** The compiled configuration the firmware would run with. */
  readonly cfg: CompiledSensor;
  private readonly meaning: 'pulse' | 'hit' | null;
  private on = false;
  private onAt = 0;
  private stuck = false;
  private stuckTimer: NodeJS.Timeout | null = null;
  private captureTimer: NodeJS.Timeout | null = null;
  private waiting: { at: number; w: number } | null = null;
  private lastHit = -Infinity;

  constructor(
    readonly s: SensorOptions,
    private readonly sink: SensorSink,
  ) {
    this.cfg = compileForFirmata(s);
    this.meaning = kindOf(s).edge;
  }

  /** Settle time (debounce) of its pins, ms: the compiled `db`. */
  get debounceMs(): number {
    return num(this.cfg, 'db');
  }

  private event(e: number, atUs: number, w?: number): void {
    this.sink.event(this.s, EVENT_TYPES[e]!, atUs, w);
  }

  /** A settled edge of the main pin. */
  edge(level: Level, atUs: number): void {
    const c = this.cfg;
    const active = isActive(num(c, 'lo'), level === 1);
    if (this.meaning === 'hit') {
      if (!active) return;
      if (isRinging(num(c, 'mn'), (atUs - this.lastHit) / 1e6)) return this.sink.filtered('dead');
      this.lastHit = atUs;
      this.event(c.e, atUs);
      return;
    }
    if (this.meaning !== 'pulse') return;
    if (active) {
      if (this.on) return;
      this.on = true;
      this.onAt = atUs;
      const stuckMs = num(c, 'mx');
      if (stuckMs > 0) {
        this.stuckTimer = setTimeout(() => {
          this.stuckTimer = null;
          this.stuck = true;
          this.sink.fault(this.s, true);
        }, stuckMs);
      }
      return;
    }
    if (!this.on) return; // cleared without a blocked edge we saw (blocked at connect)
    this.on = false;
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    this.stuckTimer = null;
    if (this.stuck) {
      this.stuck = false;
      this.sink.fault(this.s, false);
      this.sink.filtered('stuck');
      return;
    }
    const w = Math.round(atUs - this.onAt);
    if (isNoise(num(c, 'mn'), w)) return this.sink.filtered('short');
    if (c['dr'] !== undefined && num(c, 'dr') >= 0) {
      this.waiting = { at: this.onAt, w };
      if (this.captureTimer) clearTimeout(this.captureTimer);
      this.captureTimer = setTimeout(
        () => {
          this.captureTimer = null;
          const p = this.waiting;
          this.waiting = null;
          if (p) this.event(RATTLE, p.at, p.w);
        },
        num(c, 'cw'),
      );
      return;
    }
    this.event(c.e, this.onAt, w);
  }

  /** A settled edge of a pocket's drop beam: the waiting jaw pulse was a capture. */
  dropEdge(level: Level): void {
    const active = isActive(num(this.cfg, 'lo'), level === 1);
    if (!active || !this.waiting) return;
    if (this.captureTimer) clearTimeout(this.captureTimer);
    this.captureTimer = null;
    const p = this.waiting;
    this.waiting = null;
    this.event(this.cfg.e, p.at, p.w);
  }

  stop(): void {
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    if (this.captureTimer) clearTimeout(this.captureTimer);
    this.stuckTimer = this.captureTimer = null;
  }
}

const RATTLE = EVENT_TYPES.indexOf('rattle');
