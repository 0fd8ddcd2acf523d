/**
 * Every link (serial, MQTT, Firmata) hands raw lines or payloads to one Ingest. It validates,
 * drops duplicates, stores, acknowledges and publishes. Bad input is rejected with a reason and
 * counted; nothing here throws on input. Everything keyed by what devices send is a Map (an id
 * may be `constructor` or `__proto__`); what grows with the ids a sender makes up is bounded.
 */
import { EventEmitter } from 'node:events';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import { reject, type ErrorCode, type Rejection } from '../../shared/errors';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import type { DeviceEvent, DeviceMessage, HubCommand } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import type { AppendResult, DeviceEventAppend, EventStore } from '../store/types';
import { Counters } from './counters';
import { OVERSIZE_MARKER } from './line-guard';
import { BootBook, type BootRun } from './boots';
import { Gaps, GivenUp } from './gaps';
import { Acks } from './acks';
import { deviceView, followDevice, newDeviceInfo, type DeviceInfo } from './health';
import { hubNow } from '../time/hub-clock';
import { clampDelay } from '../time/timers';
import { placeDeviceTime } from '../time/window';
import type { EventClock, IngestEvents, Origin } from './types';

export type { DeviceInfo } from './health';
export type { EventClock, IngestEvents, Origin, SeenDeviceEvent } from './types';

/** An event accepted and waiting for its commit. */
interface Accepted extends DeviceEventAppend {
  origin: Origin;
  /** The run of its boot id: answers go to the device under `run.wireBoot`. */
  run: BootRun;
  /** Sent as 'device-event-seen' before its commit. */
  shown?: boolean;
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

/**
 * Events accepted and not yet stored beyond which the hub takes no more: each is refused
 * unacknowledged (the device keeps it and sends it again), counted as `shed`. A hub that falls
 * this far behind (a store that stalls) sheds load instead of growing until it dies.
 */
export const MAX_BACKLOG = 20_000;

export class Ingest extends EventEmitter<IngestEvents> {
  /** Set by the hub once clock sync runs; without it an event's time is its arrival. */
  clock: EventClock | null = null;
  readonly counters: Counters;
  private readonly devices = new Map<string, DeviceInfo>();
  /** The link each device last spoke on, to send it commands. */
  private readonly originOf = new Map<string, Origin>();
  private readonly boots = new BootBook();
  private readonly gaps: Gaps;
  private readonly givenUp = new GivenUp();
  private readonly acks: Acks;
  private readonly seeded: Promise<void>;

  constructor(
    private readonly store: EventStore,
    venue: VenueConfig,
    private readonly now: () => number = hubNow,
  ) {
    super();
    for (const t of venue.tables) for (const d of t.devices) this.devices.set(d.id, newDeviceInfo(d.id, t.id));
    this.counters = new Counters(this.devices.keys());
    this.gaps = new Gaps(now);
    this.acks = new Acks(now, () => this.pending);
    // The runs going on when the hub stopped, from the store's newest events (hub/ingest/boots.ts).
    this.seeded = this.boots.seed(store).catch((err: Error) => void this.emit('store-error', err));
  }

  /** Resolves once the ingest knows the boots the store's newest events belong to (started by the constructor). */
  ready(): Promise<void> {
    return this.seeded;
  }

  /** Heartbeats come every few seconds; this much silence means the device is in trouble. */
  staleAfterMs = 15_000;

  /** A gap is asked for again at most this often (ms). */
  get resendEveryMs(): number {
    return this.gaps.resendEveryMs;
  }
  set resendEveryMs(ms: number) {
    this.gaps.resendEveryMs = ms;
  }

  deviceInfo(): DeviceInfo[] {
    const now = this.now();
    return [...this.devices.values()].map((d) => deviceView(d, now, this.staleAfterMs));
  }

  /**
   * Who sent a message, as far as the hub can tell: on MQTT the device of the topic (a broker
   * with logins lets a device publish on its own topics only, so a device naming another in its
   * payload is counted, not the one it named), elsewhere the device the message names.
   */
  private senderOf(claimed: string | undefined, origin: Origin): string | undefined {
    return origin.topic ? origin.topic.device : claimed;
  }

  /** One raw line (serial) or payload (MQTT). */
  accept(raw: string | Uint8Array, origin: Origin): void {
    if (typeof raw === 'string' && raw.includes(OVERSIZE_MARKER)) {
      this.refuse(
        this.senderOf(undefined, origin),
        reject('AR_LINE_TOO_LONG', raw.slice(raw.indexOf(OVERSIZE_MARKER) + OVERSIZE_MARKER.length).trim() + ' bytes'),
        origin,
      );
      return;
    }
    const line = typeof raw === 'string' && raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (typeof line === 'string' && line.length === 0) return; // blank keep-alive line
    const decoded = decodeDeviceMessage(line);
    if (!decoded.ok) {
      this.refuse(this.senderOf(decoded.device, origin), decoded.rejection, origin);
      return;
    }
    const wire = decoded.msg;
    const info = this.devices.get(wire.d);
    if (!info) {
      this.refuse(this.senderOf(wire.d, origin), reject('AR_UNKNOWN_DEVICE', wire.d), origin);
      return;
    }
    if (origin.topic && (origin.topic.device !== wire.d || origin.topic.table !== info.table)) {
      this.refuse(
        this.senderOf(wire.d, origin),
        reject('AR_TOPIC_MISMATCH', `topic ${origin.topic.table}/${origin.topic.device}, payload ${info.table}/${wire.d}`),
        origin,
      );
      return;
    }
    const now = this.now();
    const run = this.boots.run(wire.d, wire.b);
    this.followRun(run, wire, now, origin);
    // A later run of a reused boot id is stored, shown and timed under its hub-made id.
    const msg: DeviceMessage = run.storeBoot === wire.b ? wire : { ...wire, b: run.storeBoot };
    this.originOf.set(wire.d, origin);
    followDevice(info, msg, origin.link, now);
    if (msg.k === 'ev') this.acceptEvent(msg, msg === wire ? decoded.text : JSON.stringify(msg), origin, now, run);
    this.emit('device-message', msg, origin);
    if (msg.k === 'hb') this.heartbeat(run, msg.n, msg.q, origin);
  }

  /** Tells a reused boot id's new run from the run the hub has (hub/ingest/boots.ts). */
  private followRun(run: BootRun, m: DeviceMessage, now: number, origin: Origin): void {
    // A status is no live reading of the device's clock: retained by the broker, or the last will (t 0).
    if (m.k === 'st') return;
    const over =
      m.k === 'ev'
        ? this.boots.eventStartsOver(run, m.n, m.t)
        : this.boots.startedOver(run, m.t, now, m.k === 'hb' ? m.n : undefined, this.contiguousOf.get(bootKey(m.d, run.storeBoot)) ?? 0);
    if (over) {
      const wasHolding = run.unsettledSince !== null;
      this.boots.startOver(run);
      this.counters.reusedBoot(m.d);
      this.acks.drop(run);
      // Whatever the new run sent before the hub could tell went to the old one unacknowledged
      // (held) or as duplicates: ask for all the device still holds.
      if (m.k === 'hb' && (wasHolding || m.n > 0)) origin.send(m.d, { v: PROTOCOL_VERSION, k: 'rs', b: run.wireBoot, n: 1 });
    }
    if (m.k !== 'ev') this.boots.noteLive(run, m.t);
  }

  /** A heartbeat: it settles a held run, says what the device still holds, and shows a gap at the tail. */
  private heartbeat(run: BootRun, lastSent: number, waiting: number, origin: Origin): void {
    run.heldFrom = lastSent - waiting + 1;
    if (run.unsettledSince !== null) this.acks.settle(run);
    const key = bootKey(run.device, run.storeBoot);
    const known = this.contiguousOf.get(key);
    // Events sent that the hub has not got, with nothing newer on its way to show the gap.
    if (known === undefined || lastSent <= known || this.pending > 0 || this.gapWork > 0) return;
    // Until it is done no event is stored at once: a gap is given up against the store as it stands.
    this.gapWork++;
    this.queue = this.queue
      .then(async () => {
        const contiguous = this.contiguousOf.get(key);
        if (contiguous === undefined || lastSent <= contiguous) return;
        const upTo = await this.gapAt(run, contiguous, origin);
        if (upTo > contiguous) this.acks.sendNow(run, upTo, origin);
      })
      .catch((err: Error) => this.storeFailed(err))
      .finally(() => this.gapWork--);
  }

  /** Tail gaps being looked at (heartbeat), which no lone event may overtake. */
  private gapWork = 0;

  /** Sends a command to a device over the link it last spoke on; false if it never spoke. */
  sendTo(device: string, cmd: HubCommand, written?: (hubMs: number) => void): boolean {
    const o = this.originOf.get(device);
    if (!o) return false;
    o.send(device, cmd, written);
    return true;
  }

  /** A link reports its device gone (cable pulled, last will). */
  markOffline(device: string): void {
    const info = this.devices.get(device);
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

  /** Events refused because MAX_BACKLOG were waiting (per device in the counters too). */
  shed = 0;

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

  private acceptEvent(e: DeviceEvent, body: string, origin: Origin, hubT: number, run: BootRun): void {
    if (this.pending >= MAX_BACKLOG) {
      this.shed++;
      this.counters.shed(e.d);
      return;
    }
    let at = this.clock ? this.clock.eventTime(e, hubT) : hubT;
    // A time the hub's clock cannot place (t = 2^53 - 1 after sync: 285 years ahead) is not
    // believed: the event is kept at its arrival, and counted (docs/hub.md, "Time").
    if (!placeDeviceTime(at, hubT)) {
      at = hubT;
      this.counters.badTime(e.d);
    }
    this.boots.noteEvent(run, e.n, e.t, hubT);
    const lone = hubT - this.lastEventAt >= this.loneAfterMs;
    this.lastEventAt = hubT;
    this.pending++;
    const item: Accepted = { event: e, times: { hubT, at }, link: origin.link, body, origin, run };
    if (this.nextGroup) {
      this.nextGroup.push(item);
      return;
    }
    if (lone && this.pending === 1 && this.gapWork === 0 && this.store.appendDeviceEventsNow) {
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
      // storeGroup answers every event itself; this only keeps the queue going whatever happens.
      .catch((err: Error) => this.storeFailed(err));
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
        this.storeFailed(err as Error);
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
      this.storeFailed(err as Error);
    }
    if (!gapAsked) {
      this.pending--;
      return;
    }
    // A gap: giving it up needs the store again; whatever comes next waits for it.
    this.queue = this.queue
      .then(() => gapAsked)
      .catch((err: Error) => this.storeFailed(err))
      .finally(() => this.pending--);
  }

  /**
   * One event after its commit: count, publish, acknowledge. Synchronous unless there is a gap
   * (then the returned promise settles once it is asked for, or given up, and acknowledged).
   */
  private stored(x: Accepted, r: AppendResult | Error): Promise<void> | undefined {
    if (r instanceof Error) throw r;
    const e = x.event;
    const run = x.run;
    const current = run.storeBoot === e.b;
    this.knowContiguous(e.d, e.b, r.contiguous);
    // In a gap given up (the device had said it no longer held it, but a copy was still on its
    // way): not lost after all.
    if (r.inserted && this.givenUp.has(e.d, e.b, e.n)) this.counters.lost(e.d, -1);
    if (!r.inserted) {
      // The run's first event was stored already, by a run of this boot id the hub has no word
      // of since it started: hold its acks until its heartbeat says whether it is the same run.
      if (current && run.fresh) this.acks.unsettle(run);
      this.counters.duplicate(e.d);
    } else {
      this.counters.accepted(e.d);
      this.emit('device-event', { id: r.id, hubT: x.times.hubT, at: x.times.at, link: x.link, event: e, body: x.body }, { shown: x.shown === true });
    }
    if (current) run.fresh = false;
    this.gaps.storedAt(e.d, e.b, e.n, r.contiguous);
    if (e.n <= r.contiguous + 1) {
      this.gaps.closed(e.d, e.b);
      this.acks.soon(x.run, e.b, r.contiguous, x.origin);
      return undefined;
    }
    const step = this.gaps.step(e.d, e.b, r.contiguous, current ? run.heldFrom : null);
    if (step.kind !== 'give-up') {
      if (step.kind === 'ask') x.origin.send(e.d, { v: PROTOCOL_VERSION, k: 'rs', b: run.wireBoot, n: r.contiguous + 1 });
      // Asked recently: the resend is on its way. Should it not come, ask again then (the device
      // may send nothing newer that would make the hub look again).
      else this.askAgainLater(x, r.contiguous + 1, step.inMs);
      // Acknowledged once this turn's other events are in: one ack for them all (the resend may be one).
      return Promise.resolve().then(() => this.acks.soon(x.run, e.b, r.contiguous, x.origin));
    }
    return this.giveUp(e.d, e.b, r.contiguous + 1).then((upTo) => this.acks.soon(x.run, e.b, upTo, x.origin));
  }

  /**
   * The device said it no longer has the events from `from` on: count them lost and move past
   * them, if the store's gap still starts there (an event of the same group may have moved it).
   */
  private async giveUp(device: string, boot: string, from: number): Promise<number> {
    const at = await this.store.contiguousSeq(device, boot);
    if (at + 1 !== from) {
      this.knowContiguous(device, boot, at);
      return at;
    }
    const r = await this.store.skipGap(device, boot);
    this.knowContiguous(device, boot, r.contiguous);
    this.counters.lost(device, r.skipped);
    this.gaps.closed(device, boot);
    this.givenUp.add(device, boot, from, r.skipped);
    return r.contiguous;
  }

  /** A gap at the tail, seen by a heartbeat: ask, or give it up on the device's word. Resolves to the contiguous sequence. */
  private async gapAt(run: BootRun, contiguous: number, origin: Origin): Promise<number> {
    const step = this.gaps.step(run.device, run.storeBoot, contiguous, run.heldFrom);
    if (step.kind === 'give-up') return this.giveUp(run.device, run.storeBoot, contiguous + 1);
    if (step.kind === 'ask') origin.send(run.device, { v: PROTOCOL_VERSION, k: 'rs', b: run.wireBoot, n: contiguous + 1 });
    return contiguous;
  }

  /** Gaps with a re-ask pending (device, boot, first missing). */
  private readonly later = new Set<string>();

  /** Sends `rs` for the gap starting at `from` again after `ms`, if it is still open then. */
  private askAgainLater(x: Accepted, from: number, ms: number): void {
    const e = x.event;
    const key = `${bootKey(e.d, e.b)}\u0000${from}`;
    if (this.later.has(key)) return;
    this.later.add(key);
    const timer = setTimeout(
      () => {
        this.later.delete(key);
        this.queue = this.queue
          .then(async () => {
            if ((await this.store.contiguousSeq(e.d, e.b)) + 1 !== from) return; // filled (or given up) meanwhile
            this.gaps.askedAgain(e.d, e.b, from);
            x.origin.send(e.d, { v: PROTOCOL_VERSION, k: 'rs', b: x.run.wireBoot, n: from });
          })
          .catch((err: Error) => this.storeFailed(err));
      },
      clampDelay(Math.max(1, ms)),
    );
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
    const key = bootKey(device, boot);
    if (last !== boot) {
      if (last !== undefined) this.contiguousOf.delete(bootKey(device, last));
      this.bootOf.set(device, boot);
    }
    // Never back: a group's later results were reckoned before a gap given up after its first.
    this.contiguousOf.set(key, Math.max(contiguous, this.contiguousOf.get(key) ?? 0));
  }

  /** Appends the store refused (database down): each one stays unacknowledged on its device. */
  storeErrors = 0;

  private storeFailed(err: Error): void {
    this.storeErrors++;
    this.emit('store-error', err);
  }

  private refuse(device: string | undefined, rejection: Rejection, origin: Origin): void {
    this.counters.rejected(device, rejection.code as ErrorCode, rejection.reason, origin.link, this.now());
    this.emit('rejected', { device, rejection, link: origin.link });
  }
}
