/**
 * Clock sync: the hub asks each online device for its time now and then, and keeps one ClockMap
 * per device boot. A reboot (new boot id) starts a new map. Sync runs often at first (the drift
 * needs a few seconds of samples), then settles to a slower pace.
 *
 * Maps are kept for each device's last few boots only (BOOTS_KEPT), in Maps keyed by what the
 * devices send: a device that makes up a boot id per event costs a few maps, not one per event.
 */
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import type { DeviceEvent, DeviceSyncReply } from '../../shared/protocol/schema';
import type { Ingest } from '../ingest/pipeline';
import { ClockMap, type ClockFit } from './clock-map';
import { clampDelay } from './timers';

export interface ClockSyncOptions {
  /** Interval while a boot has fewer than `settleAfter` samples, ms. */
  fastMs?: number;
  slowMs?: number;
  settleAfter?: number;
  now: () => number;
}

interface Outstanding {
  device: string;
  sentAt: number;
  /** Asked again at once when its answer came: the second of a pair. */
  followUp: boolean;
}

/** Clock maps kept per device: its current boot and the few before (late events of an old boot). */
const BOOTS_KEPT = 4;

/**
 * A device time longer than this after its boot (µs) is no uptime a board can have: ten years.
 * Such an event still arrives (the schema reads `t` up to 2^53 µs), but it must not become the
 * boot's reference before sync, or every later event of the boot would be placed years early.
 */
const MAX_UPTIME_US = 10 * 365.25 * 86_400e6;

export class ClockSync {
  /** Per device, its boots' maps; Map order is recency. */
  private readonly maps = new Map<string, Map<string, ClockMap>>();
  private readonly outstanding = new Map<number, Outstanding>();
  private nextQ = 1;
  private timer: NodeJS.Timeout | null = null;
  private readonly fastMs: number;
  private readonly slowMs: number;
  private readonly settleAfter: number;
  private readonly lastAsked = new Map<string, number>();

  constructor(
    private readonly ingest: Ingest,
    private readonly opts: ClockSyncOptions,
  ) {
    this.fastMs = opts.fastMs ?? 500;
    this.slowMs = opts.slowMs ?? 5000;
    this.settleAfter = opts.settleAfter ?? 12;
    ingest.on('device-message', (m) => {
      if (m.k === 'sy') this.onReply(m);
    });
  }

  private existing(device: string, boot: string): ClockMap | undefined {
    return this.maps.get(device)?.get(boot);
  }

  mapFor(device: string, boot: string): ClockMap {
    let boots = this.maps.get(device);
    if (!boots) this.maps.set(device, (boots = new Map()));
    let m = boots.get(boot);
    if (m) {
      boots.delete(boot);
    } else {
      m = new ClockMap();
      if (boots.size >= BOOTS_KEPT) boots.delete(boots.keys().next().value!);
    }
    boots.set(boot, m);
    return m;
  }

  /**
   * The hub-timeline time of an event, from the fitted clock; before the first sync, from the
   * least-delayed arrival of that boot's events (never later than the arrival itself).
   */
  eventTime(e: DeviceEvent, arrivalMs: number): number {
    const m = this.mapFor(e.d, e.b);
    if (!m.synced && e.t <= MAX_UPTIME_US) m.addArrival(e.t, arrivalMs);
    return m.toHub(e.t);
  }

  /** Hub time of a device time, or NaN when nothing is known about that boot yet. */
  toHub(device: string, boot: string, deviceUs: number): number {
    return this.existing(device, boot)?.toHub(deviceUs) ?? NaN;
  }

  fit(device: string, boot: string): ClockFit | null {
    return this.existing(device, boot)?.describe() ?? null;
  }

  start(): void {
    const tick = (): void => {
      this.round();
      this.timer = setTimeout(tick, clampDelay(this.fastMs));
    };
    tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One pass: ask every online device that is due. */
  round(): void {
    const now = this.opts.now();
    for (const d of this.ingest.deviceInfo()) {
      if (d.state !== 'online' || d.boot === null) continue;
      const samples = this.existing(d.id, d.boot)?.describe()?.samples ?? 0;
      const every = samples < this.settleAfter ? this.fastMs : this.slowMs;
      if (now - (this.lastAsked.get(d.id) ?? -Infinity) < every) continue;
      this.lastAsked.set(d.id, now);
      this.ask(d.id, false);
    }
    // Replies that never came are forgotten after a while.
    for (const [q, o] of this.outstanding) if (now - o.sentAt > 10_000) this.outstanding.delete(q);
  }

  private ask(device: string, followUp: boolean): void {
    const q = this.nextQ++;
    const asked: Outstanding = { device, sentAt: this.opts.now(), followUp };
    this.outstanding.set(q, asked);
    // Where the link tells when the request really left (a serial write goes through a thread of
    // libuv's pool: 3-4 ms after it was queued, from an idle hub, in
    // test/integration/clock-sync.test.ts), the round trip starts then: half of a wait on one
    // leg only is an error in every mapped time.
    this.ingest.sendTo(device, { v: PROTOCOL_VERSION, k: 'sy', q }, (t) => {
      if (this.outstanding.get(q) === asked && t > asked.sentAt) asked.sentAt = t;
    });
  }

  private onReply(m: DeviceSyncReply): void {
    const o = this.outstanding.get(m.q);
    if (!o || o.device !== m.d) return;
    this.outstanding.delete(m.q);
    this.mapFor(m.d, m.b).addSample({ deviceUs: m.t, hubSendMs: o.sentAt, hubRecvMs: this.opts.now() });
    // A request that leaves a quiet hub waits on its way out (threads and processes woken from
    // idle: the broker, the serial write's thread) where the answer, coming right after, does
    // not; every such sample is a little late on one leg. The second of a pair leaves at once
    // along the path the answer just woke, and its legs are alike (ClockMap keeps the fastest).
    if (!o.followUp) this.ask(m.d, true);
  }
}
