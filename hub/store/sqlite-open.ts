/**
 * How the hub opens its SQLite file: checked, or not at all. In this order:
 * 1. the file and its folder can be written (the WAL and the owner record live beside it);
 * 2. no other hub has it (the owner record's exclusive lock, sqlite-owner.ts);
 * 3. it is an SQLite database, and `PRAGMA quick_check` finds it sound (it reads the whole file,
 *    about a second per million events: skipped when the file is exactly as the last clean stop
 *    left it, no WAL beside it and the same size and modification time);
 * 4. a write goes through (a read-only file or mount fails here, not on the first goal);
 * 5. it holds at least what this hub acknowledged when it last ran (the owner record's
 *    position): fewer device events or game events mean acknowledged ones were lost, most
 *    likely a WAL deleted or damaged after a kill (SQLite then starts cleanly without it).
 * Each refusal is an AutorefError (AR_STORE_*) with a line that says what to do.
 *
 * What step 5 does not see: a loss of events committed in the last `everyMs` (100 ms) before a
 * kill (the record was not written yet), a loss when the owner record went with the store (a new
 * store is a new store), and a power cut that took the record's last writes too.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { AutorefError } from '../../shared/errors';
import { SqliteStore } from './sqlite';
import { StoreOwner, sqliteCode, type StorePosition } from './sqlite-owner';

export interface CheckedOpenOptions {
  durability?: 'process' | 'power';
  /** Start on a store that holds less than was acknowledged (after a warning); the record restarts from it. */
  acceptLoss?: boolean;
  /** Told of a loss accepted, and of failures to write the owner record while running. */
  warn?: (message: string, err?: Error) => void;
}

function writable(target: string): string | null {
  try {
    accessSync(target, constants.W_OK);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

function fmt(p: StorePosition): string {
  return `device events up to #${p.deviceEvents}, ${p.gameEvents} game events`;
}

/** SQLite's own errors while opening, as the catalogue's refusals. */
function refusal(file: string, e: unknown): unknown {
  if (e instanceof AutorefError) return e;
  const code = sqliteCode(e);
  const msg = (e as Error).message;
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
    return new AutorefError('AR_STORE_DAMAGED', `${file}: ${msg} (restore a backup, or move the file away to start an empty store)`);
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM')
    return new AutorefError('AR_STORE_READONLY', `${file}: ${msg}`);
  if (code === 'SQLITE_FULL') return new AutorefError('AR_STORE_READONLY', `${file}: ${msg} (free some disk space)`);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return new AutorefError('AR_STORE_LOCKED', `${file}: ${msg}`);
  return e;
}

export async function openCheckedSqlite(file: string, opts: CheckedOpenOptions = {}): Promise<SqliteStore> {
  if (file === ':memory:' || file === '') return new SqliteStore(file, opts);
  const folder = path.dirname(path.resolve(file));
  const folderProblem = writable(folder);
  if (folderProblem) throw new AutorefError('AR_STORE_READONLY', `${folder}: ${folderProblem} (the hub writes its WAL and lock beside the store)`);
  if (existsSync(file)) {
    const fileProblem = writable(file);
    if (fileProblem) throw new AutorefError('AR_STORE_READONLY', `${file}: ${fileProblem}`);
  }
  const owner = StoreOwner.acquire(file);
  let store: SqliteStore | undefined;
  try {
    // The file exactly as a clean stop left it (no WAL, same size and time): checked then. Else
    // (a kill, a file copied or changed since) the full check, which reads the whole file.
    const clean = owner.cleanStop;
    const st = existsSync(`${file}-wal`) || !existsSync(file) ? null : statSync(file);
    const unchanged = clean !== null && st !== null && st.size === clean.size && st.mtimeMs === clean.mtimeMs;
    store = new SqliteStore(file, opts);
    const findings = unchanged ? [] : store.quickCheck();
    if (findings.length > 0) {
      // One line: SQLite's findings come several to a row.
      const all = findings
        .join('\n')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('***'));
      const more = all.length > 3 ? ` and ${all.length - 3} more` : '';
      throw new AutorefError(
        'AR_STORE_DAMAGED',
        `${file}: quick_check: ${all.slice(0, 3).join('; ')}${more} (restore a backup, or move the file away to start an empty store)`,
      );
    }
    await store.putSetting('store.opened', JSON.stringify({ at: Date.now(), pid: process.pid }));
    const now = store.trackPosition();
    const before = owner.previous;
    if (before && (now.deviceEvents < before.deviceEvents || now.gameEvents < before.gameEvents)) {
      const what = `${file} holds ${fmt(now)}, but the hub that last ran on it had stored and acknowledged ${fmt(before)}: its WAL (${path.basename(file)}-wal) was deleted or damaged, or the file was replaced`;
      if (!opts.acceptLoss)
        throw new AutorefError('AR_STORE_LOST', `${what} (restore the WAL or a backup, or start with --accept-store-loss to go on with what the file holds)`);
      opts.warn?.(`store: ${what}; going on with what it holds (--accept-store-loss)`);
    }
    owner.write(now);
    owner.follow(
      () => store!.committedPosition() ?? now,
      (e) => opts.warn?.('store: could not record the committed position beside the store', e),
    );
    store.attachOwner(owner);
    return store;
  } catch (e) {
    await store?.close().catch(() => undefined);
    owner.release(null);
    throw refusal(file, e);
  }
}
