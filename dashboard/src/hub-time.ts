/**
 * The hub's clock as the page sees it. Every countdown (carom shot clock, bumper pool turn clock,
 * minigolf stroke clock) ends at a time on the hub's timeline, but the browser's own clock may be
 * seconds or minutes off (a phone set by hand, a TV box that never synchronised). The hub puts its
 * current time (`now`) in the live table answer; the page keeps the offset hub − browser from it
 * and every countdown reads `hubTime()` instead of `Date.now()`.
 */
export class HubClock {
  private offsetMs = 0;
  private known = false;

  /**
   * The hub wrote `hubNow` while answering a request sent at `sentAt` and received at
   * `receivedAt` (browser clock). It was written somewhere in between; the midpoint is the best
   * guess, off by at most half the round trip (milliseconds on a venue's network, far below the
   * whole seconds a countdown shows). The latest answer wins: a browser clock set again (by the
   * phone's own time sync) is followed at the next answer.
   */
  note(hubNow: number, sentAt: number, receivedAt: number = sentAt): void {
    if (!Number.isFinite(hubNow) || !Number.isFinite(sentAt) || !Number.isFinite(receivedAt) || receivedAt < sentAt) return;
    this.offsetMs = hubNow - (sentAt + receivedAt) / 2;
    this.known = true;
  }

  /** The hub's time now, from the browser's clock and the last offset (the browser's clock until one is known). */
  now(browserNow: number = Date.now()): number {
    return browserNow + this.offsetMs;
  }

  /** Hub minus browser, in ms; 0 until an answer from the hub carried its time. */
  get offset(): number {
    return this.offsetMs;
  }

  get synced(): boolean {
    return this.known;
  }
}

export const hubClock = new HubClock();

/** The hub's time now, for countdowns. */
export function hubTime(): number {
  return hubClock.now();
}
