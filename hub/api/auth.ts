/**
 * Who may change what. Reads stay open on the venue's network; every write needs a token:
 * - the venue token (the referee's or staff's PIN) allows everything;
 * - a table token (printed in the QR code on the table) lets the players at that table start
 *   their match, answer its pending decisions, make player calls and end it — nothing else.
 *
 * A table token is a random secret of its own (144 bits), kept in the store, not derived from
 * the PIN: a printed QR code tells nothing about the PIN (it used to be an HMAC of the PIN, which
 * gave the six digits back offline in under a second). Tokens outlive restarts, so printed codes
 * keep working; `revoke()` replaces one table's. The PIN is kept in the store as a salted scrypt
 * hash only. Wrong PINs are limited per device and for the venue (guess-limiter.ts) and logged.
 * Every comparison takes the same time whatever the guess.
 */
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AutorefError } from '../../shared/errors';
import type { EventStore } from '../store/types';
import { GuessLimiter, type LimiterOptions, type LimiterStats } from './guess-limiter';

export type Access = 'venue' | 'table';

/** Every table token starts so: one is never compared with the PIN, and a PIN may not start so. */
export const TABLE_TOKEN_PREFIX = 'tt_';

const PIN_KEY = 'auth.pin';
const tableKey = (table: string): string => `auth.table-token.${table}`;

/** scrypt cost: ~16 MiB and some tens of ms per comparison, done only until the PIN is first given right. */
const SCRYPT = { N: 16_384, r: 8, p: 1 };

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function same(a: string, b: Buffer): boolean {
  return timingSafeEqual(digest(a), b);
}

function scryptOf(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) => (err ? reject(err) : resolve(key))));
}

/** The PIN as the store keeps it: `scrypt:N:r:p:<salt>:<hash>` (base64url). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptOf(pin, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(':');
}

/** Compares a presented token with the PIN, in constant time. */
class PinCheck {
  /** SHA-256 of the PIN once known (given, made, or once presented right). */
  private known: Buffer | null;

  constructor(
    pin: string | null,
    private readonly stored: { salt: Buffer; key: Buffer; cost: { N: number; r: number; p: number } } | null,
  ) {
    this.known = pin === null ? null : digest(pin);
  }

  static fromHash(text: string): PinCheck {
    const [kind, n, r, p, salt, key] = text.split(':');
    if (kind !== 'scrypt' || !salt || !key) throw new AutorefError('AR_CONFIG', `the stored venue PIN (${PIN_KEY}) is not a PIN hash this hub reads`);
    return new PinCheck(null, { salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url'), cost: { N: Number(n), r: Number(r), p: Number(p) } });
  }

  async matches(got: string): Promise<boolean> {
    if (this.known) return same(got, this.known);
    const s = this.stored!;
    const ok = timingSafeEqual(await scryptOf(got, s.salt, s.cost), s.key);
    if (ok) this.known = digest(got);
    return ok;
  }
}

/** Where the venue PIN comes from: none (writes open: the demo), given (--token), or the store. */
export type PinSource = { kind: 'open' } | { kind: 'given'; pin: string; remember: boolean } | { kind: 'stored' };

export interface AuthLog {
  warn(obj: object, msg: string): void;
}

export interface AuthOptions {
  limits?: Partial<LimiterOptions>;
  log?: AuthLog;
}

export interface AuthView {
  pin: 'set' | 'none';
  limits: LimiterStats;
  /** Table tokens presented that are not (or no longer) the table's: an old QR code, or a guess. */
  staleTableTokens: number;
}

function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization ?? '';
  return h.startsWith('Bearer ') ? h.slice(7) : '';
}

/** The client a limit applies to: its address, IPv4-mapped addresses as plain IPv4. */
function clientOf(req: FastifyRequest): string {
  const ip = req.ip || req.socket?.remoteAddress || '?';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

const granted = new WeakMap<FastifyRequest, Access>();

export class Auth {
  private readonly limiter: GuessLimiter;
  private staleTableTokens = 0;
  private staleLoggedAt = 0;

  private constructor(
    private readonly store: EventStore,
    private readonly pin: PinCheck | null,
    private readonly tables: Map<string, string>,
    private readonly opts: AuthOptions,
  ) {
    this.limiter = new GuessLimiter(opts.limits);
  }

  /**
   * Loads (or makes, and stores) the PIN and every table's token. `madePin` is the PIN when it was
   * made now (the only time it can be shown: the store keeps its hash).
   */
  static async load(store: EventStore, tables: readonly string[], source: PinSource, opts: AuthOptions = {}): Promise<{ auth: Auth; madePin: string | null }> {
    if (source.kind === 'open') return { auth: new Auth(store, null, new Map(), opts), madePin: null };
    let pin: PinCheck;
    let madePin: string | null = null;
    if (source.kind === 'given') {
      if (source.pin === '' || source.pin.startsWith(TABLE_TOKEN_PREFIX))
        throw new AutorefError('AR_CONFIG', `the venue PIN must not be empty or start with "${TABLE_TOKEN_PREFIX}" (table tokens do)`);
      pin = new PinCheck(source.pin, null);
      if (source.remember) await store.putSetting(PIN_KEY, await hashPin(source.pin));
    } else {
      const stored = await store.getSetting(PIN_KEY);
      if (stored !== null) pin = PinCheck.fromHash(stored);
      else {
        madePin = String(randomInt(100_000, 1_000_000));
        await store.putSetting(PIN_KEY, await hashPin(madePin));
        pin = new PinCheck(madePin, null);
      }
    }
    const tokens = new Map<string, string>();
    for (const t of tables) {
      let token = await store.getSetting(tableKey(t));
      if (token === null) {
        token = newTableToken();
        await store.putSetting(tableKey(t), token);
      }
      tokens.set(t, token);
    }
    return { auth: new Auth(store, pin, tokens, opts), madePin };
  }

  /** Writes are open (no PIN): the demo only. */
  get open(): boolean {
    return this.pin === null;
  }

  /** The token in a table's QR code; null when writes are open. */
  tableToken(table: string): string | null {
    return this.pin === null ? null : (this.tables.get(table) ?? null);
  }

  /** A new token for the table (stored): its old QR codes stop working at once. */
  async revoke(table: string): Promise<string | null> {
    if (this.pin === null || !this.tables.has(table)) return null;
    const token = newTableToken();
    await this.store.putSetting(tableKey(table), token);
    this.tables.set(table, token);
    this.opts.log?.warn({ table }, `auth: table ${table} has a new token; its old QR codes no longer work`);
    return token;
  }

  view(): AuthView {
    return { pin: this.pin === null ? 'none' : 'set', limits: this.limiter.stats(), staleTableTokens: this.staleTableTokens };
  }

  /**
   * What the request may do: 'venue', 'table' (for `table`), or null. Throws AR_LOCKED_OUT when
   * its PIN may not be compared now; sets Retry-After on `reply` then.
   */
  async resolve(req: FastifyRequest, reply: FastifyReply | undefined, table: string | undefined): Promise<Access | null> {
    if (this.pin === null) return 'venue';
    const got = bearer(req);
    // Nothing presented is no guess: a phone opened without its QR code, a read-only screen.
    if (got === '') return null;
    if (got.startsWith(TABLE_TOKEN_PREFIX)) {
      const mine = table === undefined ? undefined : this.tables.get(table);
      if (mine !== undefined && same(got, digest(mine))) return 'table';
      this.stale(req, table);
      return null;
    }
    const client = clientOf(req);
    const verdict = this.limiter.check(client);
    if (!verdict.allowed) {
      void reply?.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
      const why =
        verdict.scope === 'client'
          ? 'after too many wrong PINs from this device'
          : 'after too many wrong PINs on the venue network; devices that used the PIN in the last day, and the hub itself, can still sign in';
      throw new AutorefError('AR_LOCKED_OUT', `try again in ${duration(verdict.retryAfterMs)} (${why})`);
    }
    if (await this.pin.matches(got)) {
      this.limiter.success(client);
      return 'venue';
    }
    const f = this.limiter.failure(client);
    const where = `${req.method} ${req.url.split('?')[0]}`;
    this.opts.log?.warn(
      { client, request: where, inARow: f.inARow, lockedForMs: f.lockMs },
      `auth: wrong PIN from ${client} (${where}; ${f.inARow} in a row)${f.lockMs ? `: locked out for ${duration(f.lockMs)}` : ''}`,
    );
    if (f.venueLockStarted)
      this.opts.log?.warn(
        { limits: this.limiter.stats() },
        'auth: too many wrong PINs from all devices: the PIN is compared only for trusted devices and the hub itself until the window has room',
      );
    if (f.lockMs !== null) {
      void reply?.header('retry-after', String(Math.ceil(f.lockMs / 1000)));
      throw new AutorefError(
        'AR_LOCKED_OUT',
        `try again in ${duration(f.lockMs)} (${f.afterLockout ? 'a wrong PIN again after a lockout' : `${f.inARow} wrong PINs in a row`} from this device)`,
      );
    }
    return null;
  }

  /** A table token that is not the table's: counted, and logged at most once a minute. */
  private stale(req: FastifyRequest, table: string | undefined): void {
    this.staleTableTokens++;
    const now = Date.now();
    if (now - this.staleLoggedAt < 60_000) return;
    this.staleLoggedAt = now;
    this.opts.log?.warn(
      { client: clientOf(req), table: table ?? null, count: this.staleTableTokens },
      `auth: a table token that is not table ${table ?? '(none named)'}'s from ${clientOf(req)} (an old QR code?); ${this.staleTableTokens} so far`,
    );
  }
}

function newTableToken(): string {
  return TABLE_TOKEN_PREFIX + randomBytes(18).toString('base64url');
}

/** The access the request's onRequest hook granted (requireVenue, requireTableOrVenue). */
export function accessOf(req: FastifyRequest): Access | null {
  return granted.get(req) ?? null;
}

/** onRequest hook (before the body is even parsed): the venue token only. */
export function requireVenue(auth: Auth): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (req, reply) => {
    const a = await auth.resolve(req, reply, undefined);
    if (a !== 'venue') throw new AutorefError('AR_UNAUTHORIZED', 'this needs the venue PIN');
    granted.set(req, a);
  };
}

/** onRequest hook: the venue token, or the token of the table named in the URL. */
export function requireTableOrVenue(auth: Auth): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (req, reply) => {
    const table = (req.params as { table?: string } | undefined)?.table;
    const a = await auth.resolve(req, reply, table);
    if (a === null) {
      const presented = bearer(req).startsWith(TABLE_TOKEN_PREFIX);
      throw new AutorefError(
        'AR_UNAUTHORIZED',
        presented
          ? `this is not (or no longer) the token of table ${table ?? ''}: scan the QR code on the table again`
          : 'this needs the venue PIN or the table’s QR code',
      );
    }
    granted.set(req, a);
  };
}
