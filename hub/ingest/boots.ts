/**
 * Runs of a device's boot id (issue #18: a board may come back from a power cycle with the boot
 * id it had before; Espruino 2v29 on the ESP32 draws the same one at every power-up). The store
 * keeps one sequence per (device, boot), so a second run of the same id would have its events,
 * numbered from 1 again, taken for the first run's: dropped as duplicates and acknowledged, lost.
 *
 * The book remembers, for each device's last few boot ids, what the hub has heard of the current
 * run: its highest device time, the arrival of its latest event, its highest sequence, and the
 * device time of its recent sequences. A run has started over when
 *  - a live message (hello, heartbeat, clock-sync reply: their `t` is the device's "now") is
 *    earlier than a time the run has already shown;
 *  - a live message says the device booted after one of the run's events arrived;
 *  - a heartbeat's last sequence sent is below what the hub already has of the run;
 *  - an event comes with a sequence the hub remembers under another device time.
 * Each new run is stored under a hub-made boot id (`epochBootId`); the device is still answered
 * under its own. After a restart the book is seeded from the store's most recent events. A boot
 * the store has but the seed does not (heard of again after a long time) is "unsettled" if its
 * first event is a duplicate: its acks are held until its heartbeat settles whether it is the
 * same run, or SETTLE_AFTER_MS pass.
 */
import type { EventStore } from '../store/types';

/** Stored events read at start to know the runs that were going on (one query, newest rows). */
export const SEED_EVENTS = 5000;
/** Boot ids remembered per device (a device flooding new ids pushes the oldest out). */
export const BOOTS_PER_DEVICE = 4;
/** Sequences of a run whose device time is remembered, for the "same sequence, other time" check. */
const REMEMBERED_SEQS = 256;
/** An unsettled run takes its ack hold off after this long without a heartbeat (one is due every 10 s). */
export const SETTLE_AFTER_MS = 15_000;
/** Device time a live message may lag behind the run's latest (messages on two MQTT topics can cross), µs. */
const BACK_SLACK_US = 2_000_000;
/** How much later than one of its events a run's implied boot may be before it is another run: ms, and a share of the uptime (clock drift). */
const BOOT_AFTER_SLACK_MS = 2000;
const BOOT_AFTER_SLACK_SHARE = 0.01;

/** The boot id a run is stored under: the device's own for its first run, then `<boot>z<run>` (at most 12 characters, a valid boot id). */
export function epochBootId(boot: string, epoch: number): string {
  if (epoch <= 1) return boot;
  const tag = `z${epoch.toString(36)}`;
  return boot.slice(0, 12 - tag.length) + tag;
}

/** What the hub has heard of one run of a boot id. */
export interface BootRun {
  readonly device: string;
  /** The boot id the device sends (and is answered under). */
  readonly wireBoot: string;
  /** 1 for the first run of this id, then 2, 3, ... */
  epoch: number;
  /** The boot id its events are stored under. */
  storeBoot: string;
  /** Highest device time of the run, µs; -1 before any. */
  maxT: number;
  /** Hub time of its latest event's arrival; -Infinity before any. */
  lastArrival: number;
  /** Highest sequence of its events. */
  maxN: number;
  /** Device time by sequence, the most recent REMEMBERED_SEQS. */
  readonly times: Map<number, number>;
  /** Nothing yet ties this run to what the store has of its boot id (not seeded, nothing stored). */
  fresh: boolean;
  /** Its acks are held: its first event was already stored, by a run the hub cannot tell from this one yet. */
  unsettledSince: number | null;
  /** Oldest sequence the device still holds, from its last heartbeat (n - q + 1); null before one. */
  heldFrom: number | null;
}

interface Seen {
  maxT: number;
  lastArrival: number;
  maxN: number;
  times: Map<number, number>;
}

export class BootBook {
  /** Per device, its runs by wire boot id; Map order is recency. */
  private readonly byDevice = new Map<string, Map<string, BootRun>>();
  /** What the store's newest events say, by device, then stored boot id; used when a boot is first heard. */
  private readonly seeds = new Map<string, Map<string, Seen>>();

  /** Reads the store's newest events. Runs heard of before it finished keep what they have. */
  async seed(store: Pick<EventStore, 'recentDeviceEvents'>): Promise<void> {
    const rows = await store.recentDeviceEvents(SEED_EVENTS);
    for (const { event: e, hubT } of rows) {
      let boots = this.seeds.get(e.d);
      if (!boots) this.seeds.set(e.d, (boots = new Map()));
      let s = boots.get(e.b);
      if (!s) boots.set(e.b, (s = { maxT: -1, lastArrival: -Infinity, maxN: 0, times: new Map() }));
      s.maxT = Math.max(s.maxT, e.t);
      s.lastArrival = Math.max(s.lastArrival, hubT);
      s.maxN = Math.max(s.maxN, e.n);
      remember(s.times, e.n, e.t);
    }
  }

  /** The current run of a device's boot id, made when first heard (from the seed if it has the id). */
  run(device: string, wireBoot: string): BootRun {
    let runs = this.byDevice.get(device);
    if (!runs) this.byDevice.set(device, (runs = new Map()));
    let r = runs.get(wireBoot);
    if (r) {
      runs.delete(wireBoot);
      runs.set(wireBoot, r);
      return r;
    }
    r = this.fromSeed(device, wireBoot);
    if (runs.size >= BOOTS_PER_DEVICE) runs.delete(runs.keys().next().value!);
    runs.set(wireBoot, r);
    return r;
  }

  private fromSeed(device: string, wireBoot: string): BootRun {
    const seeded = this.seeds.get(device);
    // The latest run of this id the seed has: the highest hub-made id present, else the id itself.
    let epoch = 0;
    for (let k = 36; k >= 1 && seeded; k--) {
      if (seeded.has(epochBootId(wireBoot, k))) {
        epoch = k;
        break;
      }
    }
    const storeBoot = epochBootId(wireBoot, Math.max(1, epoch));
    const s = seeded?.get(storeBoot);
    seeded?.delete(storeBoot);
    return {
      device,
      wireBoot,
      epoch: Math.max(1, epoch),
      storeBoot,
      maxT: s?.maxT ?? -1,
      lastArrival: s?.lastArrival ?? -Infinity,
      maxN: s?.maxN ?? 0,
      times: s?.times ?? new Map(),
      fresh: s === undefined,
      unsettledSince: null,
      heldFrom: null,
    };
  }

  /**
   * A live message of the run (`t`: the device's clock when it sent it) arrived at `arrival`.
   * `lastSent`: a heartbeat's last sequence sent; `stored`: the highest sequence the store is known
   * to have of the run (its contiguous sequence). True when it shows the device started the id over.
   */
  startedOver(r: BootRun, t: number, arrival: number, lastSent?: number, stored = 0): boolean {
    if (r.maxT >= 0 && t < r.maxT - BACK_SLACK_US) return true;
    if (lastSent !== undefined && lastSent < Math.max(r.maxN, stored)) return true;
    if (r.lastArrival > -Infinity) {
      const bootedAt = arrival - t / 1000;
      if (bootedAt > r.lastArrival + BOOT_AFTER_SLACK_MS + (t / 1000) * BOOT_AFTER_SLACK_SHARE) return true;
    }
    return false;
  }

  /** An event of the run: true when its sequence is one the run had with another device time. */
  eventStartsOver(r: BootRun, n: number, t: number): boolean {
    const before = r.times.get(n);
    return before !== undefined && before !== t;
  }

  /** Takes in a live message's time. */
  noteLive(r: BootRun, t: number): void {
    if (t > r.maxT) r.maxT = t;
  }

  /** Takes in an event that goes to the store under this run. */
  noteEvent(r: BootRun, n: number, t: number, arrival: number): void {
    if (t > r.maxT) r.maxT = t;
    if (arrival > r.lastArrival) r.lastArrival = arrival;
    if (n > r.maxN) r.maxN = n;
    remember(r.times, n, t);
  }

  /** The device started its boot id over: the run after `r`, stored under the next hub-made id. */
  startOver(r: BootRun): void {
    r.epoch++;
    r.storeBoot = epochBootId(r.wireBoot, r.epoch);
    r.maxT = -1;
    r.lastArrival = -Infinity;
    r.maxN = 0;
    r.times.clear();
    // Nothing is stored under the new id yet; should something be (a run the hub lost track of), its first event says so.
    r.fresh = true;
    r.unsettledSince = null;
    r.heldFrom = null;
  }
}

function remember(times: Map<number, number>, n: number, t: number): void {
  times.delete(n);
  times.set(n, t);
  if (times.size > REMEMBERED_SEQS) times.delete(times.keys().next().value!);
}
