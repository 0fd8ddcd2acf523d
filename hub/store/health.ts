/**
 * The store's health as a state the screens show (GET /api/health, the devices page), not an
 * exception: every call into the store goes through `monitorStore`, which notes each failure (and
 * the next success after one) and logs it. Writes and reads are followed apart: a full disk fails
 * every write while reads still work, and the store is failing until a write goes through again.
 */
import type { EventStore } from './types';
import { sqliteCode } from './sqlite-owner';

export type StoreState = 'ok' | 'failing';

export interface StoreProblem {
  /** The store method that failed, or 'connection' (a PostgreSQL connection lost). */
  op: string;
  message: string;
  /** The database's error code where it has one (SQLITE_FULL, 23505, ECONNRESET …). */
  code: string | null;
  at: number;
}

/** A match that stopped taking input because its event could not be stored (hub/games/matches.ts). */
export interface HaltedMatch {
  table: string;
  match: string;
  reason: string;
  at: number;
}

export interface StoreHealthView {
  kind: 'sqlite' | 'postgres';
  state: StoreState;
  /** Failed calls since the hub started. */
  errors: number;
  lastError: StoreProblem | null;
  /** Since when the store is failing (null: it is not). */
  failingSince: number | null;
  halted: HaltedMatch[];
}

export interface HealthLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Methods that change the store; every other one only reads. */
const WRITES = new Set([
  'appendDeviceEvent',
  'appendDeviceEvents',
  'appendDeviceEventsNow',
  'skipGap',
  'createMatch',
  'updateMatch',
  'appendGameEvent',
  'saveSnapshot',
  'putSetting',
]);

/** Logs the same failure at most this often (a full disk fails every resend of every device). */
const LOG_EVERY_MS = 10_000;

function codeOf(e: Error): string | null {
  const sqlite = sqliteCode(e);
  if (sqlite) return sqlite;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

export class StoreHealth {
  private errors = 0;
  private lastError: StoreProblem | null = null;
  private writeFailing = false;
  private readFailing = false;
  private connectionLost = false;
  private failingSince: number | null = null;
  private readonly halted = new Map<string, HaltedMatch>();
  private lastLogged = 0;
  private unlogged = 0;

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    private readonly log: HealthLog,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): StoreState {
    return this.writeFailing || this.readFailing || this.connectionLost || this.halted.size > 0 ? 'failing' : 'ok';
  }

  failed(op: string, err: Error): void {
    const wasOk = this.state === 'ok';
    this.errors++;
    this.lastError = { op, message: err.message, code: codeOf(err), at: this.now() };
    if (op === 'connection') this.connectionLost = true;
    else if (WRITES.has(op)) this.writeFailing = true;
    else this.readFailing = true;
    if (wasOk) this.failingSince = this.lastError.at;
    const t = this.now();
    if (wasOk || t - this.lastLogged >= LOG_EVERY_MS) {
      const more = this.unlogged > 0 ? ` (and ${this.unlogged} more failures since the last report)` : '';
      this.log.error({ err, op, code: this.lastError.code }, `store: ${op} failed: ${err.message}${more}`);
      this.lastLogged = t;
      this.unlogged = 0;
    } else {
      this.unlogged++;
    }
  }

  succeeded(op: string): void {
    const writes = WRITES.has(op);
    // Any call that reached the database means the connection is back.
    if (!(writes ? this.writeFailing : this.readFailing) && !this.connectionLost) return;
    if (writes) this.writeFailing = false;
    else this.readFailing = false;
    this.connectionLost = false;
    if (this.state === 'ok') {
      this.log.warn({ op, errors: this.errors }, `store: working again (${op} succeeded) after ${this.errors} failures in all`);
      this.failingSince = null;
      this.unlogged = 0;
    }
  }

  /** A table whose match stopped taking input (kept until the hub restarts). */
  halt(h: HaltedMatch): void {
    if (this.halted.has(h.table)) return;
    if (this.state === 'ok') this.failingSince = h.at;
    this.halted.set(h.table, h);
    this.log.error({ table: h.table, match: h.match }, `store: the match on table ${h.table} stopped taking input: ${h.reason}`);
  }

  view(): StoreHealthView {
    return {
      kind: this.kind,
      state: this.state,
      errors: this.errors,
      lastError: this.lastError,
      failingSince: this.failingSince,
      halted: [...this.halted.values()],
    };
  }
}

/**
 * The store, with every call noted in `health`. Same object shape (a Proxy), so a store's
 * optional methods stay optional: `appendDeviceEventsNow` is still synchronous, and still absent
 * on PostgreSQL.
 */
export function monitorStore<S extends EventStore>(store: S, health: StoreHealth): S {
  // Keyed by the method itself: one replaced on the store (a test's spy) is wrapped anew.
  const wrapped = new WeakMap<object, unknown>();
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'constructor' || prop === 'close') return value;
      let w = wrapped.get(value);
      if (!w) {
        const op = String(prop);
        const fn = value as (...args: unknown[]) => unknown;
        w = (...args: unknown[]): unknown => {
          let r: unknown;
          try {
            r = fn.apply(target, args);
          } catch (e) {
            health.failed(op, e as Error);
            throw e;
          }
          if (r instanceof Promise) {
            return r.then(
              (v: unknown) => {
                health.succeeded(op);
                return v;
              },
              (e: Error) => {
                health.failed(op, e);
                throw e;
              },
            );
          }
          health.succeeded(op);
          return r;
        };
        wrapped.set(value, w);
      }
      return w;
    },
  });
}
