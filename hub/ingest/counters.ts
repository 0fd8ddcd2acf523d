/**
 * Per-device delivery counters: what was accepted, dropped as duplicate, and rejected (by code).
 * Only the venue's devices have counters of their own (kept in a Map: ids come from outside, and
 * `constructor` or `__proto__` must be a key like any other). Rejections of input that names no
 * device are counted under "?"; those that name a device the venue does not have go to a bounded
 * list of strangers (hub/ingest/unknown.ts).
 */
import type { ErrorCode } from '../../shared/errors';
import { Strangers, type StrangerSummary } from './unknown';

export interface DeviceCounters {
  accepted: number;
  duplicates: number;
  /**
   * Events the hub gave up on: missing from the device's sequence, and the device said it no
   * longer had them (one that turns up later after all is taken off again).
   */
  lost: number;
  /** Events whose device time the hub could not place near its own clock: kept at their arrival time. */
  badTimes: number;
  /** Events not taken because the hub was too far behind (not acknowledged: the device sends them again). */
  shed: number;
  /** Times the device came back with a boot id the hub already had (stored under a hub-made boot id). */
  reusedBoots: number;
  rejected: Partial<Record<ErrorCode, number>>;
  lastRejection: { code: ErrorCode; reason: string; link: string; at: number } | null;
}

export const UNKNOWN_DEVICE_KEY = '?';

const fresh = (): DeviceCounters => ({ accepted: 0, duplicates: 0, lost: 0, badTimes: 0, shed: 0, reusedBoots: 0, rejected: {}, lastRejection: null });

export class Counters {
  private readonly byDevice = new Map<string, DeviceCounters>();
  private readonly known: ReadonlySet<string>;
  private readonly strangers = new Strangers();

  /** `known`: the venue's device ids; anything else is a stranger. */
  constructor(known: Iterable<string>) {
    this.known = new Set(known);
  }

  private of(device: string): DeviceCounters {
    let c = this.byDevice.get(device);
    if (!c) {
      c = fresh();
      this.byDevice.set(device, c);
    }
    return c;
  }

  accepted(device: string): void {
    this.of(device).accepted++;
  }

  lost(device: string, n: number): void {
    this.of(device).lost += n;
  }

  duplicate(device: string): void {
    this.of(device).duplicates++;
  }

  badTime(device: string): void {
    this.of(device).badTimes++;
  }

  shed(device: string): void {
    this.of(device).shed++;
  }

  reusedBoot(device: string): void {
    this.of(device).reusedBoots++;
  }

  /** `device`: who sent it as far as the link can tell; undefined when nothing names anyone. */
  rejected(device: string | undefined, code: ErrorCode, reason: string, link: string, at: number): void {
    if (device !== undefined && !this.known.has(device)) {
      this.strangers.count(device, code, reason, link, at);
      return;
    }
    const c = this.of(device ?? UNKNOWN_DEVICE_KEY);
    c.rejected[code] = (c.rejected[code] ?? 0) + 1;
    c.lastRejection = { code, reason, link, at };
  }

  /**
   * A copy: the venue's devices that have counted anything, "?", and the recent strangers (each
   * with only its rejections): bounded, whatever was sent. A null-prototype object, so every id
   * reads back as what it is.
   */
  snapshot(): Record<string, DeviceCounters> {
    const out = Object.create(null) as Record<string, DeviceCounters>;
    for (const s of this.strangers.entries())
      out[s.id] = { ...fresh(), rejected: { ...s.codes }, lastRejection: { code: s.lastCode, reason: s.lastReason, link: s.link, at: s.at } };
    for (const [id, c] of this.byDevice) out[id] = structuredClone(c);
    return out;
  }

  /** Devices the venue does not have: totals and the most recent ids. */
  unknownDevices(): StrangerSummary {
    return this.strangers.summary();
  }

  totalRejected(): number {
    let n = this.strangers.total;
    for (const c of this.byDevice.values()) for (const v of Object.values(c.rejected)) n += v ?? 0;
    return n;
  }
}
