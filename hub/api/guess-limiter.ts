/**
 * How many wrong PINs the hub will compare, per device and for the whole venue. A six-digit PIN
 * has a million values; answered without limit (2,333 guesses a second over loopback) it fell in
 * 9.5 s. What this allows:
 *
 * - per client (its IP address): `perClient` (5) wrong tokens in a row, then a lockout of
 *   `lockMs` (30 s); each wrong token after a lockout, before a right one, locks again for twice
 *   as long, up to `maxLockMs` (15 min). So one address gets about 5 + 4 an hour, ~100 a day.
 * - for the venue: `globalMax` (30) wrong tokens within `globalWindowMs` (10 min) from all
 *   clients together. Past that, the PIN is not compared for any client that is not trusted
 *   until the window has room again: at most 180 guesses an hour however many addresses an
 *   attacker has, so half the space takes some 115 days.
 *
 * The venue-wide limit must not lock the referee out with the attacker. Trusted, and so still
 * checked (each under its own per-client limit) while it holds: a client that gave the right PIN
 * within `trustMs` (24 h), e.g. the referee's phone or the bar's tablet, and the hub's own machine
 * (loopback: whoever is on it can read the store anyway). A referee on a new device during an
 * attack is told how long to wait, or signs in at the hub. The per-client lockout applies to every
 * client, trusted or not, so nobody on the network can lock another device out.
 *
 * Nothing here compares tokens; it says whether a comparison may happen and counts the outcome.
 * Memory is bounded: `maxClients` addresses (the least recent forgotten first).
 */

export interface LimiterOptions {
  perClient: number;
  lockMs: number;
  maxLockMs: number;
  /** A client with no wrong token for this long starts over. */
  forgetMs: number;
  globalMax: number;
  globalWindowMs: number;
  trustMs: number;
  maxClients: number;
  now: () => number;
}

export const DEFAULT_LIMITS: LimiterOptions = {
  perClient: 5,
  lockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetMs: 24 * 3600_000,
  globalMax: 30,
  globalWindowMs: 10 * 60_000,
  trustMs: 24 * 3600_000,
  maxClients: 10_000,
  now: Date.now,
};

export type Verdict = { allowed: true } | { allowed: false; scope: 'client' | 'venue'; retryAfterMs: number };

interface ClientRecord {
  /** Wrong tokens since the last lockout (or the start). */
  wrong: number;
  /** Lockouts since the last right token: the next one lasts lockMs × 2^lockouts. */
  lockouts: number;
  lockedUntil: number;
  last: number;
}

export interface LimiterStats {
  /** Wrong tokens compared since the hub started. */
  wrong: number;
  /** Attempts refused without a comparison (locked out). */
  refused: number;
  lockedClients: number;
  /** The venue-wide lock holds for this long still (ms), or null. */
  venueLockMs: number | null;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

export class GuessLimiter {
  private readonly o: LimiterOptions;
  private readonly clients = new Map<string, ClientRecord>();
  private readonly trusted = new Map<string, number>();
  /** Times of the venue's most recent wrong tokens (at most globalMax), oldest first. */
  private readonly recentWrong: number[] = [];
  private wrong = 0;
  private refused = 0;

  constructor(opts: Partial<LimiterOptions> = {}) {
    this.o = { ...DEFAULT_LIMITS, ...opts };
  }

  /** May the PIN be compared for this client now? */
  check(client: string): Verdict {
    const now = this.o.now();
    const rec = this.record(client, now, false);
    if (rec && rec.lockedUntil > now) {
      this.refused++;
      return { allowed: false, scope: 'client', retryAfterMs: rec.lockedUntil - now };
    }
    const venueMs = this.venueLockMs(now);
    if (venueMs !== null && !this.isTrusted(client, now)) {
      this.refused++;
      return { allowed: false, scope: 'venue', retryAfterMs: venueMs };
    }
    return { allowed: true };
  }

  /** A wrong token was compared. Returns the lockout it starts (ms), if any, and the wrong ones in a row. */
  failure(client: string): { lockMs: number | null; inARow: number; afterLockout: boolean; venueLockStarted: boolean } {
    const now = this.o.now();
    this.wrong++;
    const before = this.venueLockMs(now) !== null;
    this.recentWrong.push(now);
    if (this.recentWrong.length > this.o.globalMax) this.recentWrong.shift();
    const venueLockStarted = !before && this.venueLockMs(now) !== null;
    const rec = this.record(client, now, true)!;
    rec.wrong++;
    rec.last = now;
    const inARow = rec.wrong;
    const afterLockout = rec.lockouts > 0;
    if (afterLockout || rec.wrong >= this.o.perClient) {
      const ms = Math.min(this.o.lockMs * 2 ** rec.lockouts, this.o.maxLockMs);
      rec.lockouts++;
      rec.wrong = 0;
      rec.lockedUntil = now + ms;
      return { lockMs: ms, inARow, afterLockout, venueLockStarted };
    }
    return { lockMs: null, inARow, afterLockout, venueLockStarted };
  }

  /** The right PIN: the client starts over and is trusted for trustMs. */
  success(client: string): void {
    this.clients.delete(client);
    this.trusted.delete(client);
    this.trusted.set(client, this.o.now());
    if (this.trusted.size > 1000) this.trusted.delete(this.trusted.keys().next().value!);
  }

  stats(): LimiterStats {
    const now = this.o.now();
    let locked = 0;
    for (const r of this.clients.values()) if (r.lockedUntil > now) locked++;
    return { wrong: this.wrong, refused: this.refused, lockedClients: locked, venueLockMs: this.venueLockMs(now) };
  }

  private isTrusted(client: string, now: number): boolean {
    if (isLoopback(client)) return true;
    const at = this.trusted.get(client);
    return at !== undefined && now - at < this.o.trustMs;
  }

  /** How long the venue-wide lock still holds, or null: globalMax wrong tokens within the window. */
  private venueLockMs(now: number): number | null {
    if (this.recentWrong.length < this.o.globalMax) return null;
    const until = this.recentWrong[0]! + this.o.globalWindowMs;
    return until > now ? until - now : null;
  }

  private record(client: string, now: number, create: boolean): ClientRecord | undefined {
    let rec = this.clients.get(client);
    if (rec && now - rec.last >= this.o.forgetMs && rec.lockedUntil <= now) {
      this.clients.delete(client);
      rec = undefined;
    }
    if (!rec && create) {
      rec = { wrong: 0, lockouts: 0, lockedUntil: 0, last: now };
      if (this.clients.size >= this.o.maxClients) this.clients.delete(this.clients.keys().next().value!);
    }
    if (rec && create) {
      // Most recent last, so the least recent is forgotten first.
      this.clients.delete(client);
      this.clients.set(client, rec);
    }
    return rec;
  }
}
