/**
 * Every link (serial, MQTT, Firmata) hands raw lines or payloads to one Ingest. It validates,
 * drops duplicates, stores, acknowledges and publishes. Bad input is rejected with a reason and
 * counted; nothing here throws on input.
 */
import { EventEmitter } from 'node:events';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import { reject, type ErrorCode, type Rejection } from '../../shared/errors';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import type { DeviceEvent, DeviceMessage, HubCommand } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import type { AppendResult, DeviceEventAppend, EventStore, StoredDeviceEvent } from '../store/types';
import { Counters } from './counters';
import { OVERSIZE_MARKER } from './line-guard';
import { hubNow } from '../time/hub-clock';

/** Where a message came from, and how to answer the device. */
export interface Origin {
  link: string;
  /** For MQTT: the device and table named by the topic; the payload must match them. */
  topic?: { table: string; device: string };
  /**
   * Sends a command back to the device over the same link. `written`, if the link can tell, is
   * called with the hub time at which the operating system took the bytes (serial): a clock-sync
   * request leaves then, not when it was queued behind the link's writes.
   */
  send(device: string, cmd: HubCommand, written?: (hubMs: number) => void): void;
}

/** A device event the hub has accepted and is about to store: no row id yet. */
export type SeenDeviceEvent = Omit<StoredDeviceEvent, 'id'>;

export interface IngestEvents {
  /**
   * A new event, before its commit: only a lone event the ingest knows to be new (the next of its
   * boot's contiguous sequence), so a live view shows it without waiting for the disk. Its
   * 'device-event' follows once stored, with `shown` set. Nothing is acknowledged, counted or
   * scored on this one: should the commit fail, the device sends the event again.
   */
  'device-event-seen': [SeenDeviceEvent];
  /** A new event, stored. `shown`: it went out as 'device-event-seen' before its commit. */
  'device-event': [StoredDeviceEvent, { shown: boolean }];
  'device-message': [DeviceMessage, Origin];
  rejected: [{ device: string | undefined; rejection: Rejection; link: string }];
  'store-error': [Error];
}

export interface DeviceInfo {
  id: string;
  table: string;
  link: string | null;
  boot: string | null;
  lastSeen: number | null;
  /** stale: said it was online, but nothing (not even a heartbeat) for staleAfterMs. */
  state: 'unknown' | 'online' | 'stale' | 'offline';
  /** From the device's last status and heartbeat: sensor faults, buffer use, events it dropped. */
  faults: { s: string; c: string }[];
  buffered: number | null;
  capacity: number | null;
  droppedOnDevice: number;
  firmware: string | null;
  profile: string | null;
}

/** An event accepted and waiting for its commit. */
interface Accepted extends DeviceEventAppend {
  origin: Origin;
  /** Sent as 'device-event-seen' before its commit. */
  shown?: boolean;
}

/** Puts a device event on the hub's timeline (see hub/time/sync.ts). */
export interface EventClock {
  eventTime(e: DeviceEvent, arrivalMs: number): number;
}

/**
 * Resolves once the current turn of the event loop is over: every packet of the reads at hand
 * has been handled. A group waits for that before it is stored, whichever way the link hands
 * over packets: MQTT.js one per tick, aedes one per immediate (its QoS 1 path), so a group that
 * closed with the microtasks was a group of one there, a commit per event.
 */
const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** One device boot, as a map key. */
const bootKey = (device: string, boot: string): string => `${device}\u0000${boot}`;

export class Ingest extends EventEmitter<IngestEvents> {
  /** Set by the hub once clock sync runs; without it an event's time is its arrival. */
  clock: EventClock | null = null;
  readonly counters = new Counters();
  private readonly devices: Record<string, DeviceInfo> = {};
  /** The link each device last spoke on, to send it commands. */
  private readonly originOf: Record<string, Origin> = {};

  constructor(
    private readonly store: EventStore,
    venue: VenueConfig,
    private readonly now: () => number = hubNow,
  ) {
    super();
    for (const t of venue.tables) {
      for (const d of t.devices) {
        this.devices[d.id] = {
          id: d.id,
          table: t.id,
          link: null,
          boot: null,
          lastSeen: null,
          state: 'unknown',
          faults: [],
          buffered: null,
          capacity: null,
          droppedOnDevice: 0,
          firmware: null,
          profile: null,
        };
      }
    }
  }

  /** Heartbeats come every few seconds; this much silence means the device is in trouble. */
  staleAfterMs = 15_000;

  deviceInfo(): DeviceInfo[] {
    const now = this.now();
    return Object.values(this.devices).map((d) => ({
      ...d,
      faults: d.faults.slice(),
      state: d.state === 'online' && d.lastSeen !== null && now - d.lastSeen > this.staleAfterMs ? 'stale' : d.state,
    }));
  }

  /** One raw line (serial) or payload (MQTT). */
  accept(raw: string | Uint8Array, origin: Origin): void {
    if (typeof raw === 'string' && raw.includes(OVERSIZE_MARKER)) {
      this.refuse(undefined, reject('AR_LINE_TOO_LONG', raw.slice(raw.indexOf(OVERSIZE_MARKER) + OVERSIZE_MARKER.length).trim() + ' bytes'), origin);
      return;
    }
    const line = typeof raw === 'string' && raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (typeof line === 'string' && line.length === 0) return; // blank keep-alive line
    const decoded = decodeDeviceMessage(line);
    if (!decoded.ok) {
      this.refuse(decoded.device, decoded.rejection, origin);
      return;
    }
    const msg = decoded.msg;
    const info = this.devices[msg.d];
    if (!info) {
      this.refuse(msg.d, reject('AR_UNKNOWN_DEVICE', msg.d), origin);
      return;
    }
    if (origin.topic && (origin.topic.device !== msg.d || origin.topic.table !== info.table)) {
      this.refuse(msg.d, reject('AR_TOPIC_MISMATCH', `topic ${origin.topic.table}/${origin.topic.device}, payload ${info.table}/${msg.d}`), origin);
      return;
    }
    info.link = origin.link;
    this.originOf[msg.d] = origin;
    const now = this.now();
    info.lastSeen = now;
    info.state = msg.k === 'st' && msg.state === 'offline' ? 'offline' : 'online';
    if (info.boot !== msg.b && msg.k !== 'st') info.boot = msg.b;
    if (msg.k === 'st' && msg.state === 'online') {
      info.faults = msg.f ?? [];
      if (msg.q !== undefined) info.buffered = msg.q;
      if (msg.cap !== undefined) info.capacity = msg.cap;
      if (msg.lost !== undefined) info.droppedOnDevice = msg.lost;
    } else if (msg.k === 'hb') {
      info.buffered = msg.q;
    } else if (msg.k === 'hi') {
      info.firmware = msg.fw;
      info.profile = msg.prof;
      info.capacity = msg.cap;
    }
    if (msg.k === 'ev') this.acceptEvent(msg, decoded.text, origin, now);
    this.emit('device-message', msg, origin);
  }

  /** Sends a command to a device over the link it last spoke on; false if it never spoke. */
  sendTo(device: string, cmd: HubCommand, written?: (hubMs: number) => void): boolean {
    const o = this.originOf[device];
    if (!o) return false;
    o.send(device, cmd, written);
    return true;
  }

  /** A link reports its device gone (cable pulled, last will). */
  markOffline(device: string): void {
    const info = this.devices[device];
    if (info) info.state = 'offline';
  }

  /** Stores go one after another, in arrival order, so acks and published events keep that order. */
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  /** Resolves once every event accepted so far is stored, acknowledged and published. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Events accepted but not yet stored (back-pressure indicator). */
  get backlog(): number {
    return this.pending;
  }

  /**
   * Events accepted while the store is busy with earlier ones: the next group commit. Null when
   * none waits (the next event starts a new group).
   */
  private nextGroup: Accepted[] | null = null;

  /**
   * An event after at least this much silence (ms), with nothing waiting, is a lone one: stored,
   * published and acknowledged in the turn it arrived (when the store can). Events closer together
   * form groups: the packets of one read reach the ingest in separate ticks (MQTT.js handles one
   * packet per tick), so without the silence each of them would be a lone event and a
   * transaction of its own, which is the group commit undone.
   */
  loneAfterMs = 0.5;
  private lastEventAt = -Infinity;

  private acceptEvent(e: DeviceEvent, body: string, origin: Origin, hubT: number): void {
    const at = this.clock ? this.clock.eventTime(e, hubT) : hubT;
    const lone = hubT - this.lastEventAt >= this.loneAfterMs;
    this.lastEventAt = hubT;
    this.pending++;
    const item: Accepted = { event: e, times: { hubT, at }, link: origin.link, body, origin };
    if (this.nextGroup) {
      this.nextGroup.push(item);
      return;
    }
    if (lone && this.pending === 1 && this.store.appendDeviceEventsNow) {
      this.storeAtOnce(item);
      return;
    }
    const group: Accepted[] = [item];
    this.nextGroup = group;
    this.queue = this.queue
      .then(endOfTurn)
      .then(() => {
        // From here on, newly accepted events wait for the next group.
        if (this.nextGroup === group) this.nextGroup = null;
        return this.storeGroup(group);
      })
      .catch((err: Error) => {
        // storeGroup answers every event itself; this only keeps the queue going whatever happens.
        this.storeErrors++;
        this.emit('store-error', err);
      });
  }

  /**
   * Group commit: every event that waited is stored in one transaction, then each, in arrival
   * order, is published and acknowledged. An event is acknowledged only after its commit. Should
   * the group's transaction fail, each event is tried alone, so one bad event (or a database
   * that comes back midway) costs no more than it did one at a time.
   */
  private async storeGroup(group: Accepted[]): Promise<void> {
    let results: (AppendResult | Error)[];
    if (group.length === 1) {
      const x = group[0]!;
      results = [await this.store.appendDeviceEvent(x.event, x.times, x.link).catch((err: Error) => err)];
    } else {
      results = await this.store.appendDeviceEvents(group).catch(async () => {
        const one: (AppendResult | Error)[] = [];
        for (const x of group) one.push(await this.store.appendDeviceEvent(x.event, x.times, x.link).catch((err: Error) => err));
        return one;
      });
    }
    for (let i = 0; i < group.length; i++) {
      try {
        await this.stored(group[i]!, results[i]!);
      } catch (err) {
        // Not stored, so not acknowledged: the device keeps it and sends it again.
        this.storeErrors++;
        this.emit('store-error', err as Error);
      } finally {
        this.pending--;
      }
    }
  }

  /**
   * A lone event, stored with a store that commits in this turn: its message and ack leave before
   * anything else the link does for it, and if it is certainly new, its message before the commit
   * (docs/hub.md, "Live before stored"). The latency case (docs/benchmarks.md).
   */
  private storeAtOnce(x: Accepted): void {
    const e = x.event;
    // The store's contiguous sequence for this boot is known exactly (nothing else is in flight):
    // the next one cannot be stored yet, so it is new, and it is shown before the commit.
    if (this.contiguousOf.get(bootKey(e.d, e.b)) === e.n - 1 && this.listenerCount('device-event-seen') > 0) {
      x.shown = true;
      this.emit('device-event-seen', { hubT: x.times.hubT, at: x.times.at, link: x.link, event: e, body: x.body });
    }
    let gapAsked: Promise<void> | undefined;
    try {
      gapAsked = this.stored(x, this.store.appendDeviceEventsNow!([x])[0]!);
    } catch (err) {
      // Not stored, so not acknowledged: the device keeps it and sends it again.
      this.storeErrors++;
      this.emit('store-error', err as Error);
    }
    if (!gapAsked) {
      this.pending--;
      return;
    }
    // A gap: the resend request may need the store again; whatever comes next waits for it.
    this.queue = this.queue
      .then(() => gapAsked)
      .catch((err: Error) => {
        this.storeErrors++;
        this.emit('store-error', err);
      })
      .finally(() => this.pending--);
  }

  /**
   * One event after its commit: count, publish, acknowledge. Synchronous unless there is a gap
   * to ask for (then the returned promise settles once it is asked and acknowledged).
   */
  private stored(x: Accepted, r: AppendResult | Error): Promise<void> | undefined {
    if (r instanceof Error) throw r;
    const e = x.event;
    this.knowContiguous(e.d, e.b, r.contiguous);
    if (!r.inserted) {
      this.counters.duplicate(e.d);
    } else {
      this.counters.accepted(e.d);
      this.emit('device-event', { id: r.id, hubT: x.times.hubT, at: x.times.at, link: x.link, event: e, body: x.body }, { shown: x.shown === true });
    }
    if (e.n <= r.contiguous + 1) {
      this.ackSoon(e, r.contiguous, x.origin);
      return undefined;
    }
    return this.gap(e, r.contiguous, x.origin).then((upTo) => this.ackSoon(e, upTo, x.origin));
  }

  /**
   * The newest acknowledgement per device and boot not sent yet (a burst is acknowledged once,
   * at its end). Per boot: after a reboot, the old boot's late events and the new boot's are
   * acknowledged each (test/fault/delivery.test.ts, "a device rebooted mid-shot").
   */
  private readonly unsentAck = new Map<string, { device: string; cmd: HubCommand; origin: Origin }>();

  /**
   * One ack per device and boot per burst: while more events wait in the queue, only the newest
   * ack is kept; the last event of the burst sends them. Alone, an event is acknowledged at once.
   * (Every ack is a small packet, and small packets queue behind each other on a TCP link.)
   */
  private ackSoon(e: DeviceEvent, upTo: number, origin: Origin): void {
    const device = e.d;
    const cmd: HubCommand = { v: PROTOCOL_VERSION, k: 'ack', b: e.b, n: upTo };
    const key = bootKey(device, e.b);
    // Re-inserted, so acks go out in the order of their newest event.
    this.unsentAck.delete(key);
    this.unsentAck.set(key, { device, cmd, origin });
    if (this.pending > 1) return;
    const all = [...this.unsentAck.values()];
    this.unsentAck.clear();
    for (const a of all) a.origin.send(a.device, a.cmd);
  }

  /** Resend requests per gap ("device/boot/first missing"): how many, and when the last went out. */
  private readonly asked: Record<string, { tries: number; at: number }> = {};
  /** After this many requests for the same gap while newer events keep coming, the device no longer has them. */
  resendTries = 5;
  /**
   * A gap is asked for again at most this often. The device's resend takes a round trip; events
   * it sent meanwhile arrive first and must not count as failed tries (they did, one per event:
   * at 250 events/s five of them came within 20 ms of the first request, the gap was given up,
   * acknowledged past and lost; test/fault/kill9.test.ts and delivery.test.ts).
   */
  resendEveryMs = 500;

  /**
   * A gap before event e: ask for it again, unless it has been asked for `resendTries` times
   * already (the device dropped those events, e.g. they were acknowledged to a hub whose store
   * was lost): then count them lost and move on, so the device is not asked forever.
   */
  private async gap(e: DeviceEvent, contiguous: number, origin: Origin): Promise<number> {
    const key = `${e.d}/${e.b}/${contiguous + 1}`;
    const now = this.now();
    const last = this.asked[key];
    if (last && now - last.at < this.resendEveryMs) {
      // Asked recently: the resend is on its way. Should it not come, ask again then (the device
      // may send nothing newer that would make us look again).
      this.askAgainLater(e, contiguous + 1, origin, last.at + this.resendEveryMs - now);
      return contiguous;
    }
    const tries = (last?.tries ?? 0) + 1;
    if (tries <= this.resendTries) {
      this.asked[key] = { tries, at: now };
      origin.send(e.d, { v: PROTOCOL_VERSION, k: 'rs', b: e.b, n: contiguous + 1 });
      return contiguous;
    }
    delete this.asked[key];
    const r = await this.store.skipGap(e.d, e.b);
    this.knowContiguous(e.d, e.b, r.contiguous);
    this.counters.lost(e.d, r.skipped);
    return r.contiguous;
  }

  /** Gaps with a re-ask pending ("device/boot/first missing"). */
  private readonly later = new Set<string>();

  /** Sends `rs` for the gap starting at `from` again after `ms`, if it is still open then. Not a try. */
  private askAgainLater(e: DeviceEvent, from: number, origin: Origin, ms: number): void {
    const key = `${e.d}/${e.b}/${from}`;
    if (this.later.has(key)) return;
    this.later.add(key);
    const timer = setTimeout(() => {
      this.later.delete(key);
      this.queue = this.queue
        .then(async () => {
          if ((await this.store.contiguousSeq(e.d, e.b)) + 1 !== from) return; // filled (or given up) meanwhile
          const asked = this.asked[key];
          if (asked) asked.at = this.now();
          origin.send(e.d, { v: PROTOCOL_VERSION, k: 'rs', b: e.b, n: from });
        })
        .catch((err: Error) => {
          this.storeErrors++;
          this.emit('store-error', err);
        });
    }, Math.max(1, ms));
    timer.unref();
  }

  /**
   * The store's contiguous sequence per device boot, as its last answer gave it; only each
   * device's latest boot is kept. Unknown after a restart until the boot's first event is stored.
   */
  private readonly contiguousOf = new Map<string, number>();
  private readonly bootOf = new Map<string, string>();

  private knowContiguous(device: string, boot: string, contiguous: number): void {
    const last = this.bootOf.get(device);
    if (last !== boot) {
      if (last !== undefined) this.contiguousOf.delete(bootKey(device, last));
      this.bootOf.set(device, boot);
    }
    this.contiguousOf.set(bootKey(device, boot), contiguous);
  }

  /** Appends the store refused (database down): each one stays unacknowledged on its device. */
  storeErrors = 0;

  private refuse(device: string | undefined, rejection: Rejection, origin: Origin): void {
    this.counters.rejected(device, rejection.code as ErrorCode, rejection.reason, origin.link, this.now());
    this.emit('rejected', { device, rejection, link: origin.link });
  }
}
