/**
 * When to ask a device to fill a gap in its sequence again, and when to give the gap up.
 *
 * A gap is given up only on the device's word: its heartbeat gives the last sequence it sent
 * (`n`) and how many it still holds unacknowledged (`q`), so it holds nothing below n - q + 1
 * (firmware/core/device.ts: its ring buffer drops only what was acknowledged or what overflowed).
 * Before, the hub gave a gap up after five requests while newer events kept coming: a device that
 * starts its whole backlog over on every trigger, on a link that drops what it cannot queue, got
 * five requests in 2.5 s none of whose answers could reach the gap, and the hub acknowledged past
 * 21,155 events it never stored (issue #21; test/fault/backlog-gaps.test.ts). A device that never
 * says (no heartbeats) is asked again, at most once per `resendEveryMs`, for as long as the gap is
 * open.
 *
 * Kept per device (its current boot: a device has one), so a device flooding boot ids costs one entry.
 */

export type GapStep = { kind: 'ask' } | { kind: 'later'; inMs: number } | { kind: 'give-up' };

interface Open {
  boot: string;
  /** First missing sequence this entry is about. */
  from: number;
  /** When it was last asked for. */
  at: number;
  /** The lowest sequence known stored above the gap (what giving up would skip to). */
  above: number;
}

export class Gaps {
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly now: () => number,
    /** A gap is asked for again at most this often: the device's answer takes a round trip. */
    public resendEveryMs = 500,
  ) {}

  private entry(device: string, boot: string, from: number): Open {
    let o = this.open.get(device);
    if (!o || o.boot !== boot || o.from !== from) {
      o = { boot, from, at: -Infinity, above: o && o.boot === boot && o.above > from ? o.above : Infinity };
      this.open.set(device, o);
    }
    return o;
  }

  /** An event `n` of the boot is stored while its contiguous run ends at `contiguous`. */
  storedAt(device: string, boot: string, n: number, contiguous: number): void {
    if (n <= contiguous + 1) return;
    const o = this.entry(device, boot, contiguous + 1);
    if (n < o.above) o.above = n;
  }

  /**
   * The boot's contiguous run ends at `contiguous` and something above it is stored or sent;
   * `heldFrom`: the oldest sequence the device said it still holds (null: it has not said).
   */
  step(device: string, boot: string, contiguous: number, heldFrom: number | null): GapStep {
    const o = this.entry(device, boot, contiguous + 1);
    // Gone from the device, and everything missing up to the next stored run with it.
    if (heldFrom !== null && heldFrom > o.from && o.above <= heldFrom) return { kind: 'give-up' };
    const now = this.now();
    if (now - o.at < this.resendEveryMs) return { kind: 'later', inMs: o.at + this.resendEveryMs - now };
    o.at = now;
    return { kind: 'ask' };
  }

  /** The gap starting at `from` was asked for again just now (by a later re-ask). */
  askedAgain(device: string, boot: string, from: number): void {
    const o = this.open.get(device);
    if (o && o.boot === boot && o.from === from) o.at = this.now();
  }

  /** The gap was filled or given up: a new one, if any, starts afresh. */
  closed(device: string, boot: string): void {
    if (this.open.get(device)?.boot === boot) this.open.delete(device);
  }
}

/** Gaps given up remembered per device boot, and boots, so a late copy of a given-up event is taken off `lost`. */
const GIVEN_UP_RANGES = 512;
const GIVEN_UP_BOOTS = 64;

/** Sequences given up, per device boot (the most recent few). */
export class GivenUp {
  private readonly ranges = new Map<string, [number, number][]>();

  /** `count` sequences from `from` on were given up. */
  add(device: string, boot: string, from: number, count: number): void {
    if (count <= 0) return;
    const key = `${device}\u0000${boot}`;
    const list = this.ranges.get(key) ?? [];
    list.push([from, from + count - 1]);
    if (list.length > GIVEN_UP_RANGES) list.shift();
    this.ranges.delete(key);
    this.ranges.set(key, list);
    if (this.ranges.size > GIVEN_UP_BOOTS) this.ranges.delete(this.ranges.keys().next().value!);
  }

  has(device: string, boot: string, n: number): boolean {
    return this.ranges.get(`${device}\u0000${boot}`)?.some(([a, b]) => n >= a && n <= b) ?? false;
  }
}
