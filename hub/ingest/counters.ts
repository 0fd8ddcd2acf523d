/**
 * Per-device delivery counters: what was accepted, dropped as duplicate, and rejected (by code).
 * Rejections of input that names no known device are counted under "?".
 */
import type { ErrorCode } from '../../shared/errors';

export interface DeviceCounters {
  accepted: number;
  duplicates: number;
  /** Events the hub gave up on: missing from the device's sequence and never sent again. */
  lost: number;
  rejected: Partial<Record<ErrorCode, number>>;
  lastRejection: { code: ErrorCode; reason: string; link: string; at: number } | null;
}

export const UNKNOWN_DEVICE_KEY = '?';

export class Counters {
  private readonly byDevice: Record<string, DeviceCounters> = {};

  private of(device: string): DeviceCounters {
    let c = this.byDevice[device];
    if (!c) {
      c = { accepted: 0, duplicates: 0, lost: 0, rejected: {}, lastRejection: null };
      this.byDevice[device] = c;
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

  rejected(device: string | undefined, code: ErrorCode, reason: string, link: string, at: number): void {
    const c = this.of(device ?? UNKNOWN_DEVICE_KEY);
    c.rejected[code] = (c.rejected[code] ?? 0) + 1;
    c.lastRejection = { code, reason, link, at };
  }

  snapshot(): Record<string, DeviceCounters> {
    return structuredClone(this.byDevice);
  }

  totalRejected(): number {
    let n = 0;
    for (const c of Object.values(this.byDevice)) for (const v of Object.values(c.rejected)) n += v ?? 0;
    return n;
  }
}
