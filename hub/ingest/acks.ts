/**
 * Acknowledgements to devices: one per device and boot per burst, and held for a run of a boot
 * id the hub cannot yet tell from an earlier run of it (hub/ingest/boots.ts, "unsettled").
 */
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import type { HubCommand } from '../../shared/protocol/schema';
import { SETTLE_AFTER_MS, type BootRun } from './boots';
import { clampDelay } from '../time/timers';

/** How to answer a device (the link it spoke on). */
export interface Answer {
  send(device: string, cmd: HubCommand): void;
}

export class Acks {
  /**
   * The newest acknowledgement per device and boot not sent yet (a burst is acknowledged once,
   * at its end). Per boot: after a reboot, the old boot's late events and the new boot's are
   * acknowledged each (test/fault/delivery.test.ts, "a device rebooted mid-shot").
   */
  private readonly unsent = new Map<string, { device: string; cmd: HubCommand; origin: Answer }>();
  /** Acks of unsettled runs, held: the newest per run. */
  private readonly held = new Map<BootRun, { cmd: HubCommand; origin: Answer }>();

  constructor(
    private readonly now: () => number,
    /** Events accepted and not yet stored: while more than one waits, the burst goes on. */
    private readonly pending: () => number,
  ) {}

  /**
   * One ack per device and boot per burst: while more events wait in the queue, only the newest
   * ack is kept; the last event of the burst sends them. Alone, an event is acknowledged at once.
   * (Every ack is a small packet, and small packets queue behind each other on a TCP link.)
   * `storeBoot`: the boot id the event was stored under; the ack names the device's own.
   */
  soon(run: BootRun, storeBoot: string, upTo: number, origin: Answer): void {
    const cmd: HubCommand = { v: PROTOCOL_VERSION, k: 'ack', b: run.wireBoot, n: upTo };
    if (run.storeBoot === storeBoot && run.unsettledSince !== null) {
      this.held.set(run, { cmd, origin });
      return;
    }
    const key = `${run.device}\u0000${storeBoot}`;
    // Re-inserted, so acks go out in the order of their newest event.
    this.unsent.delete(key);
    this.unsent.set(key, { device: run.device, cmd, origin });
    if (this.pending() > 1) return;
    const all = [...this.unsent.values()];
    this.unsent.clear();
    for (const a of all) a.origin.send(a.device, a.cmd);
  }

  /** At once (a gap given up on a heartbeat's word). */
  sendNow(run: BootRun, upTo: number, origin: Answer): void {
    origin.send(run.device, { v: PROTOCOL_VERSION, k: 'ack', b: run.wireBoot, n: upTo });
  }

  /** Holds the run's acks until a heartbeat settles it (`settle`), or SETTLE_AFTER_MS. */
  unsettle(run: BootRun): void {
    if (run.unsettledSince !== null) return;
    run.unsettledSince = this.now();
    const epoch = run.epoch;
    setTimeout(() => {
      if (run.epoch === epoch && run.unsettledSince !== null) this.settle(run);
    }, clampDelay(SETTLE_AFTER_MS)).unref();
  }

  /** The same run after all (or no heartbeat came): its held ack goes out. */
  settle(run: BootRun): void {
    run.unsettledSince = null;
    const h = this.held.get(run);
    this.held.delete(run);
    if (h) h.origin.send(run.device, h.cmd);
  }

  /** The run started over: what was held for the old one is void. */
  drop(run: BootRun): void {
    this.held.delete(run);
  }
}
