/**
 * One hub per SQLite file, and a record of how far that hub got. Beside the store (`hub.db`) lies
 * `hub.db-owner`, a small SQLite file of its own that the running hub holds with an exclusive
 * lock (SQLite's EXCLUSIVE locking mode: the lock is taken by the first write and kept until the
 * connection closes; the operating system drops it when the process dies, even by SIGKILL). A
 * second hub cannot write it and refuses to start. The store's own file is not locked that way:
 * the hub's checkpoint worker needs a second connection to it.
 *
 * The owner file also keeps the store's position as this hub last saw it committed: the highest
 * device event row and the number of game events. It is written at most every `everyMs` (and at
 * close), always after the commits it describes, so it is never ahead of what was acknowledged.
 * At the next start a store that holds less than that lost acknowledged events: its WAL was
 * deleted or damaged after a kill, or the file was replaced (sqlite.ts, `openCheckedSqlite`).
 */
import Database from 'better-sqlite3';
import { AutorefError } from '../../shared/errors';

/** How far a store is: the highest device event row id, and how many game events it holds. */
export interface StorePosition {
  deviceEvents: number;
  gameEvents: number;
}

/** The store file as the last hub left it at a clean stop: its size and modification time. */
export interface CleanStop {
  size: number;
  mtimeMs: number;
}

/** SQLite's error code (better-sqlite3 puts it on `code`), or ''. */
export function sqliteCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function ownerPathOf(storePath: string): string {
  return `${storePath}-owner`;
}

export class StoreOwner {
  private timer: NodeJS.Timeout | undefined;
  private written: StorePosition | null;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    /** The position the hub before this one left (null: a new store, or an owner file made now). */
    readonly previous: StorePosition | null,
    /** The store file as the hub before this one left it, if it stopped cleanly (not killed). */
    readonly cleanStop: CleanStop | null,
  ) {
    this.written = previous;
  }

  /**
   * Takes the store for this process. Throws AR_STORE_LOCKED when another hub holds it and
   * AR_STORE_READONLY when the owner file cannot be made or written.
   */
  static acquire(storePath: string): StoreOwner {
    const file = ownerPathOf(storePath);
    let db: Database.Database | undefined;
    try {
      db = new Database(file, { timeout: 0 });
      db.pragma('locking_mode = EXCLUSIVE');
      // A rollback journal (not WAL: EXCLUSIVE mode then keeps no shared memory) that a kill
      // leaves consistent; no fsync: the record has to outlive the process, not a power cut.
      db.pragma('journal_mode = TRUNCATE');
      db.pragma('synchronous = OFF');
      db.exec(
        'CREATE TABLE IF NOT EXISTS position (id INTEGER PRIMARY KEY CHECK (id = 1), device_events INTEGER NOT NULL, game_events INTEGER NOT NULL, pid INTEGER NOT NULL, at REAL NOT NULL, clean_size INTEGER, clean_mtime REAL)',
      );
      // Read before this hub's first write (which takes the exclusive lock, and keeps it).
      db.exec('BEGIN EXCLUSIVE');
      const row = db.prepare('SELECT device_events, game_events, clean_size, clean_mtime FROM position WHERE id = 1').get() as
        { device_events: number; game_events: number; clean_size: number | null; clean_mtime: number | null } | undefined;
      // Running from now on: a stop that is not clean leaves no clean-stop record.
      db.prepare(
        'INSERT INTO position (id, device_events, game_events, pid, at) VALUES (1, 0, 0, ?, ?) ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, at = excluded.at, clean_size = NULL, clean_mtime = NULL',
      ).run(process.pid, Date.now());
      db.exec('COMMIT');
      const previous = !row || (row.device_events === 0 && row.game_events === 0) ? null : { deviceEvents: row.device_events, gameEvents: row.game_events };
      const clean = row && row.clean_size !== null && row.clean_mtime !== null ? { size: row.clean_size, mtimeMs: row.clean_mtime } : null;
      return new StoreOwner(db, previous, clean);
    } catch (e) {
      db?.close();
      const code = sqliteCode(e);
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
        throw new AutorefError('AR_STORE_LOCKED', `${storePath} (another autoref hub runs on it: stop that one first)`);
      if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') {
        throw new AutorefError('AR_STORE_READONLY', `${file}: ${(e as Error).message}`);
      }
      if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
        throw new AutorefError(
          'AR_STORE_DAMAGED',
          `${file} (the hub's record beside the store) is not readable: ${(e as Error).message}; move it away to start without the check of what was acknowledged`,
        );
      }
      throw e;
    }
  }

  /**
   * Writes `position()` whenever it changed, at most every `everyMs`. A failed write (the disk
   * full) goes to `onError` and is tried again next time: the record only falls behind, which
   * can hide a loss but never invents one.
   */
  follow(position: () => StorePosition, onError: (e: Error) => void, everyMs = 100): void {
    this.timer = setInterval(() => {
      try {
        this.write(position());
      } catch (e) {
        onError(e as Error);
      }
    }, everyMs);
    this.timer.unref();
  }

  /** Records the position now (it must be committed in the store already). */
  write(p: StorePosition): void {
    if (this.closed || (this.written && this.written.deviceEvents === p.deviceEvents && this.written.gameEvents === p.gameEvents)) return;
    this.db.prepare('UPDATE position SET device_events = ?, game_events = ?, at = ? WHERE id = 1').run(p.deviceEvents, p.gameEvents, Date.now());
    this.written = { ...p };
  }

  /**
   * Writes the last position and lets the store go. `clean`: the store was closed (its WAL copied
   * into the file and removed) and this is the file it left; the next start may then skip the
   * full integrity check if the file is still the same.
   */
  release(last: StorePosition | null, clean?: CleanStop): void {
    if (this.closed) return;
    clearInterval(this.timer);
    try {
      if (last) this.write(last);
      if (clean) this.db.prepare('UPDATE position SET clean_size = ?, clean_mtime = ? WHERE id = 1').run(clean.size, clean.mtimeMs);
    } finally {
      this.closed = true;
      this.db.close();
    }
  }
}
