/**
 * Maps one device boot's clock (µs since boot) onto the hub's timeline (ms), with offset and
 * drift. Cheap boards drift by up to 0.7 %, i.e. 7 ms every second: an offset alone would order
 * two boards' events wrongly within seconds of a sync. "First ball to drop wins" needs 2 ms.
 *
 * Input: clock-sync round trips (hub sends at s, device answers with its time d, hub receives at
 * r). The device read its clock somewhere between s and r, so the pair (d, (s+r)/2) is off by at
 * most (r-s)/2. A least-squares line through the low-delay samples gives offset and drift.
 */

export interface SyncSample {
  deviceUs: number;
  hubSendMs: number;
  hubRecvMs: number;
}

export interface ClockFit {
  /** Hub time (ms) at deviceUs = 0. */
  offsetMs: number;
  /** Device clock rate error in parts per million (positive: device runs fast). */
  driftPpm: number;
  /** Samples the fit used. */
  samples: number;
  /** Bound on the error of a mapped time, ms: half the worst round trip used plus the residual. */
  errorBoundMs: number;
}

const MAX_SAMPLES = 64;
/** A sample whose round trip exceeds the best by more than this is too uncertain to use. */
const RTT_SLACK_MS = 4;

export class ClockMap {
  private readonly samples: SyncSample[] = [];
  private fit: { x0: number; y0: number; slope: number; bound: number; n: number } | null = null;
  /** Fallback before any sync: the smallest (arrival - device time) seen, i.e. the least delayed event. */
  private arrivalOffset: number | null = null;

  addSample(s: SyncSample): void {
    if (!(s.hubRecvMs >= s.hubSendMs)) return;
    this.samples.push(s);
    if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    this.refit();
  }

  /** Any event arrival gives an upper bound on the device-to-hub offset. */
  addArrival(deviceUs: number, hubRecvMs: number): void {
    const off = hubRecvMs - deviceUs / 1000;
    if (this.arrivalOffset === null || off < this.arrivalOffset) this.arrivalOffset = off;
  }

  get synced(): boolean {
    return this.fit !== null;
  }

  /** Device time (µs since boot) on the hub timeline (ms since the epoch). */
  toHub(deviceUs: number): number {
    const x = deviceUs / 1000;
    if (this.fit) return this.fit.y0 + this.fit.slope * (x - this.fit.x0);
    return this.arrivalOffset === null ? NaN : this.arrivalOffset + x;
  }

  describe(): ClockFit | null {
    if (!this.fit) return null;
    return {
      offsetMs: this.toHub(0),
      driftPpm: (1 / this.fit.slope - 1) * 1e6,
      samples: this.fit.n,
      errorBoundMs: this.fit.bound,
    };
  }

  private refit(): void {
    let best = Infinity;
    for (const s of this.samples) best = Math.min(best, s.hubRecvMs - s.hubSendMs);
    const used = this.samples.filter((s) => s.hubRecvMs - s.hubSendMs <= best + RTT_SLACK_MS);
    const n = used.length;
    let x0 = 0;
    let y0 = 0;
    for (const s of used) {
      x0 += s.deviceUs / 1000;
      y0 += (s.hubSendMs + s.hubRecvMs) / 2;
    }
    x0 /= n;
    y0 /= n;
    let sxy = 0;
    let sxx = 0;
    for (const s of used) {
      const dx = s.deviceUs / 1000 - x0;
      sxy += dx * ((s.hubSendMs + s.hubRecvMs) / 2 - y0);
      sxx += dx * dx;
    }
    // One sample, or samples too close together to see a rate: assume a true clock for now.
    const slope = sxx > 1e3 ? sxy / sxx : 1;
    let worstHalfRtt = 0;
    let residual = 0;
    for (const s of used) {
      worstHalfRtt = Math.max(worstHalfRtt, (s.hubRecvMs - s.hubSendMs) / 2);
      const r = (s.hubSendMs + s.hubRecvMs) / 2 - (y0 + slope * (s.deviceUs / 1000 - x0));
      residual = Math.max(residual, Math.abs(r));
    }
    this.fit = { x0, y0, slope, bound: worstHalfRtt + residual, n };
  }
}
