/**
 * The lifecycle every hub link to devices shares (serial, Firmata): an explicit state machine
 * (`connecting`, `online`, `offline`, `reconnecting`, `closed`) told through `state` events, and
 * reopening with exponential backoff after a failure. Link trouble is a state, never an exception.
 * A link says how to open (`open`, which calls `retry` on failure and `setState('online')` on
 * success); this class does the rest.
 */
import { EventEmitter } from 'node:events';

export type LinkState = 'connecting' | 'online' | 'offline' | 'reconnecting' | 'closed';

export interface BackoffOptions {
  /** First and longest wait between reopen attempts, ms. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

export abstract class DeviceLink extends EventEmitter<{ state: [LinkState, string?] }> {
  state: LinkState = 'connecting';
  /** The pending reopen, if any. */
  protected timer: NodeJS.Timeout | null = null;
  /** Failed attempts since the link was last online (the backoff's exponent). */
  protected attempt = 0;

  constructor(private readonly backoff: BackoffOptions) {
    super();
  }

  start(): void {
    this.open();
  }

  /** One attempt to reach the device(s). */
  protected abstract open(): void;

  protected setState(s: LinkState, why?: string): void {
    if (this.state === s) return;
    this.state = s;
    this.emit('state', s, why);
  }

  /** Waits (backoff) and opens again; `connecting` until it was once online, then `reconnecting`. */
  protected retry(why: string): void {
    if (this.state === 'closed') return;
    const min = this.backoff.backoffMinMs ?? 250;
    const max = this.backoff.backoffMaxMs ?? 5000;
    const wait = Math.min(max, min * 2 ** this.attempt++);
    this.setState(this.state === 'connecting' ? 'connecting' : 'reconnecting', why);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, wait);
  }

  /** Stops reopening and says `closed`; the link then releases its port. */
  protected stop(): void {
    this.setState('closed');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
