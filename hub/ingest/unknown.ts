/**
 * Devices the venue does not have, counted in bounded memory: the most recent ids (each with its
 * own count and last rejection) and totals. Anyone who reaches a serial port or the broker can
 * send a new id with every line (issue #21: 300,000 of them took 300 MB when each got a counter
 * for ever, and the devices page blocked for seconds copying them).
 */
import type { ErrorCode } from '../../shared/errors';

/** How many of the most recent unknown ids keep their own count. */
export const RECENT_UNKNOWN_DEVICES = 64;

export interface StrangerCounts {
  id: string;
  rejected: number;
  /** Its rejections by code. */
  codes: Partial<Record<ErrorCode, number>>;
  lastCode: ErrorCode;
  lastReason: string;
  link: string;
  at: number;
}

export interface StrangerSummary {
  /** Rejections of input that named a device the venue does not have, since start. */
  rejected: number;
  /**
   * Unknown ids seen since start, counting an id again when it comes back after it had left the
   * recent list (so at least as many distinct ids as this were not seen, at most this many).
   */
  ids: number;
  /** The most recent ids, newest first, at most RECENT_UNKNOWN_DEVICES. */
  recent: StrangerCounts[];
}

export class Strangers {
  /** Map order is recency: an id seen again moves to the end. */
  private readonly recent = new Map<string, StrangerCounts>();
  private rejected = 0;
  private ids = 0;

  constructor(private readonly cap: number = RECENT_UNKNOWN_DEVICES) {}

  count(id: string, code: ErrorCode, reason: string, link: string, at: number): void {
    this.rejected++;
    let c = this.recent.get(id);
    if (c) this.recent.delete(id);
    else {
      this.ids++;
      c = { id, rejected: 0, codes: {}, lastCode: code, lastReason: reason, link, at };
      if (this.recent.size >= this.cap) this.recent.delete(this.recent.keys().next().value!);
    }
    c.rejected++;
    c.codes[code] = (c.codes[code] ?? 0) + 1;
    c.lastCode = code;
    c.lastReason = reason;
    c.link = link;
    c.at = at;
    this.recent.set(id, c);
  }

  /** The recent ids, oldest first (the map's order). */
  entries(): IterableIterator<StrangerCounts> {
    return this.recent.values();
  }

  summary(): StrangerSummary {
    return { rejected: this.rejected, ids: this.ids, recent: [...this.recent.values()].reverse().map((c) => ({ ...c, codes: { ...c.codes } })) };
  }

  get total(): number {
    return this.rejected;
  }
}
