/**
 * Embedded SQLite event store (better-sqlite3, WAL). Append-only: rows are never updated or
 * deleted. An insert is durable when appendDeviceEvent returns, which is when the hub acks.
 */
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BackgroundCheckpointer } from './checkpointer';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';
import type { AppendResult, DeviceEventAppend, EventStore, MatchRecord, MatchStatus, Snapshot, StoredDeviceEvent } from './types';
import type { StoreOwner, StorePosition } from './sqlite-owner';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS device_events (
  id INTEGER PRIMARY KEY,
  device TEXT NOT NULL,
  boot TEXT NOT NULL,
  seq INTEGER NOT NULL,
  device_t INTEGER NOT NULL,
  hub_t REAL NOT NULL,
  at REAL NOT NULL,
  link TEXT NOT NULL,
  body TEXT NOT NULL,
  UNIQUE (device, boot, seq)
);
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  tbl TEXT NOT NULL,
  game TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at REAL NOT NULL,
  ended_at REAL,
  summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_status ON matches (status);
CREATE TABLE IF NOT EXISTS game_events (
  match TEXT NOT NULL,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (match, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  match TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS device_boots (
  device TEXT NOT NULL,
  boot TEXT NOT NULL,
  contiguous INTEGER NOT NULL,
  PRIMARY KEY (device, boot)
);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

interface MatchRow {
  id: string;
  tbl: string;
  game: string;
  status: MatchStatus;
  started_at: number;
  ended_at: number | null;
  summary: string;
}

function toMatch(r: MatchRow): MatchRecord {
  return { id: r.id, table: r.tbl, game: r.game, status: r.status, startedAt: r.started_at, endedAt: r.ended_at, summary: JSON.parse(r.summary) as unknown };
}

/** Rows read per step when reading back from the newest. */
const PAGE = 512;

interface Row {
  id: number;
  hub_t: number;
  at: number;
  link: string;
  body: string;
}

function toStored(r: Row): StoredDeviceEvent {
  return { id: r.id, hubT: r.hub_t, at: r.at, link: r.link, event: JSON.parse(r.body) as DeviceEvent };
}

export class SqliteStore implements EventStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly seqOf: Database.Statement;
  private readonly setContiguous: Database.Statement;
  private readonly hasSeq: Database.Statement;
  private readonly maxSeq: Database.Statement;
  private readonly appendManyTx: (batch: readonly DeviceEventAppend[]) => AppendResult[];
  private readonly insertGame: Database.Statement;
  private readonly appendGameTx: (match: string, event: GameEvent, summary: unknown) => void;
  private readonly checkpointer: BackgroundCheckpointer | undefined;
  /** What is committed, counted from `trackPosition()` on (null before: only a hub needs it). */
  private position: StorePosition | null = null;
  /** Set by the checked open (sqlite-open.ts): one hub owns this file and records its position. */
  private owner: StoreOwner | null = null;

  constructor(
    private readonly path: string,
    opts: { durability?: 'process' | 'power' } = {},
  ) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: each commit is in the WAL (in the OS's hands) before the hub
    // acknowledges, so killing the hub loses nothing acknowledged. FULL adds an fsync per commit,
    // which caps ingest at a few hundred events per second; it is the choice for venues that want
    // acknowledged events to survive a power cut as well (durability: 'power').
    this.db.pragma(`synchronous = ${opts.durability === 'power' ? 'FULL' : 'NORMAL'}`);
    if (path !== ':memory:' && path !== '') {
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new BackgroundCheckpointer(path, () => {
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      });
    }
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare('INSERT OR IGNORE INTO device_events (device, boot, seq, device_t, hub_t, at, link, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.seqOf = this.db.prepare('SELECT contiguous FROM device_boots WHERE device = ? AND boot = ?').pluck();
    this.setContiguous = this.db.prepare(
      'INSERT INTO device_boots (device, boot, contiguous) VALUES (?, ?, ?) ON CONFLICT (device, boot) DO UPDATE SET contiguous = excluded.contiguous',
    );
    this.insertGame = this.db.prepare('INSERT INTO game_events (match, seq, body) VALUES (?, ?, ?)');
    const setSummary = this.db.prepare('UPDATE matches SET summary = ? WHERE id = ?');
    const appendGame = this.db.transaction((match: string, event: GameEvent, summary: unknown) => {
      this.insertGame.run(match, event.seq, JSON.stringify(event));
      if (summary !== undefined) setSummary.run(JSON.stringify(summary), match);
    });
    this.appendGameTx = (match, event, summary) => {
      appendGame(match, event, summary);
      if (this.position) this.position.gameEvents++;
    };
    this.hasSeq = this.db.prepare('SELECT 1 FROM device_events WHERE device = ? AND boot = ? AND seq = ?').pluck();
    this.maxSeq = this.db.prepare('SELECT max(seq) FROM device_events WHERE device = ? AND boot = ?').pluck();
    // One commit (one WAL append) for the whole batch instead of one per event; a lone event is a
    // batch of one. The contiguous sequence of each device boot is read once and written once per
    // batch, not per event (the statements per event were most of the store's time under load:
    // bench/mqtt.ts --cpu-prof).
    const appendMany = this.db.transaction((batch: readonly DeviceEventAppend[]): AppendResult[] => {
      // `ahead`: events after a gap are stored for this boot; only then can an event fill forward.
      const contiguousOf = new Map<string, { device: string; boot: string; c: number; ahead: boolean; changed: boolean }>();
      const results = batch.map(({ event: e, times, link, body }): AppendResult => {
        const key = `${e.d}\u0000${e.b}`;
        let k = contiguousOf.get(key);
        if (!k) {
          const c = (this.seqOf.get(e.d, e.b) as number | undefined) ?? 0;
          const max = (this.maxSeq.get(e.d, e.b) as number | null) ?? 0;
          k = { device: e.d, boot: e.b, c, ahead: max > c, changed: false };
          contiguousOf.set(key, k);
        }
        const r = this.insert.run(e.d, e.b, e.n, e.t, times.hubT, times.at, link, body ?? JSON.stringify(e));
        if (r.changes === 0) return { inserted: false, id: 0, contiguous: k.c };
        if (e.n === k.c + 1) {
          k.c = e.n;
          if (k.ahead) while (this.hasSeq.get(e.d, e.b, k.c + 1) !== undefined) k.c++;
          k.changed = true;
        } else if (e.n > k.c + 1) {
          k.ahead = true;
        }
        return { inserted: true, id: Number(r.lastInsertRowid), contiguous: k.c };
      });
      for (const k of contiguousOf.values()) if (k.changed) this.setContiguous.run(k.device, k.boot, k.c);
      return results;
    });
    this.appendManyTx = (batch) => {
      const results = appendMany(batch);
      // Committed: the highest row id the owner record may now name.
      if (this.position) for (const r of results) if (r.inserted && r.id > this.position.deviceEvents) this.position.deviceEvents = r.id;
      return results;
    };
  }

  /** From now on, counts what is committed: the start of the record the owner file keeps. */
  trackPosition(): StorePosition {
    const deviceEvents = (this.db.prepare('SELECT max(id) FROM device_events').pluck().get() as number | null) ?? 0;
    const gameEvents = this.db.prepare('SELECT count(*) FROM game_events').pluck().get() as number;
    this.position = { deviceEvents, gameEvents };
    return { ...this.position };
  }

  committedPosition(): StorePosition | null {
    return this.position ? { ...this.position } : null;
  }

  /** The file's integrity as SQLite's quick_check sees it: [] when sound, else its findings. */
  quickCheck(): string[] {
    const rows = this.db.pragma('quick_check(20)', { simple: false }) as { quick_check: string }[];
    const found = rows.map((r) => r.quick_check);
    return found.length === 1 && found[0] === 'ok' ? [] : found;
  }

  /** The owner record (sqlite-open.ts): released, with the last position, when the store closes. */
  attachOwner(owner: StoreOwner): void {
    this.owner = owner;
  }

  async createMatch(m: MatchRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO matches (id, tbl, game, status, started_at, ended_at, summary) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(m.id, m.table, m.game, m.status, m.startedAt, m.endedAt, JSON.stringify(m.summary));
  }

  async updateMatch(id: string, patch: Partial<Pick<MatchRecord, 'status' | 'endedAt' | 'summary'>>): Promise<void> {
    if (patch.status !== undefined) this.db.prepare('UPDATE matches SET status = ? WHERE id = ?').run(patch.status, id);
    if (patch.endedAt !== undefined) this.db.prepare('UPDATE matches SET ended_at = ? WHERE id = ?').run(patch.endedAt, id);
    if (patch.summary !== undefined) this.db.prepare('UPDATE matches SET summary = ? WHERE id = ?').run(JSON.stringify(patch.summary), id);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const r = this.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as MatchRow | undefined;
    return r ? toMatch(r) : null;
  }

  async listMatches(filter: { table?: string; status?: MatchStatus; limit?: number }): Promise<MatchRecord[]> {
    const rows = this.db
      .prepare('SELECT * FROM matches WHERE (@tbl IS NULL OR tbl = @tbl) AND (@status IS NULL OR status = @status) ORDER BY started_at DESC LIMIT @lim')
      .all({ tbl: filter.table ?? null, status: filter.status ?? null, lim: filter.limit ?? 100 }) as MatchRow[];
    return rows.map(toMatch);
  }

  async appendGameEvent(match: string, event: GameEvent, summary?: unknown): Promise<void> {
    this.appendGameTx(match, event, summary);
  }

  async gameEvents(match: string, fromSeq = 0): Promise<GameEvent[]> {
    const rows = this.db.prepare('SELECT body FROM game_events WHERE match = ? AND seq >= ? ORDER BY seq').pluck().all(match, fromSeq) as string[];
    return rows.map((b) => JSON.parse(b) as GameEvent);
  }

  async saveSnapshot(match: string, s: Snapshot): Promise<void> {
    this.db
      .prepare('INSERT INTO snapshots (match, seq, state) VALUES (?, ?, ?) ON CONFLICT (match) DO UPDATE SET seq = excluded.seq, state = excluded.state')
      .run(match, s.seq, JSON.stringify(s.state));
  }

  async latestSnapshot(match: string): Promise<Snapshot | null> {
    const r = this.db.prepare('SELECT seq, state FROM snapshots WHERE match = ?').get(match) as { seq: number; state: string } | undefined;
    return r ? { seq: r.seq, state: JSON.parse(r.state) as unknown } : null;
  }

  async appendDeviceEvent(event: DeviceEvent, times: { hubT: number; at: number }, link: string): Promise<AppendResult> {
    return this.appendManyTx([{ event, times, link }])[0]!;
  }

  appendDeviceEventsNow(batch: readonly DeviceEventAppend[]): AppendResult[] {
    return this.appendManyTx(batch);
  }

  async appendDeviceEvents(batch: readonly DeviceEventAppend[]): Promise<AppendResult[]> {
    return this.appendManyTx(batch);
  }

  async skipGap(device: string, boot: string): Promise<{ contiguous: number; skipped: number }> {
    return this.db.transaction(() => {
      const from = (this.seqOf.get(device, boot) as number | undefined) ?? 0;
      const next = this.db.prepare('SELECT min(seq) FROM device_events WHERE device = ? AND boot = ? AND seq > ?').pluck().get(device, boot, from) as
        number | null;
      if (next === null) return { contiguous: from, skipped: 0 };
      let c = next;
      while (this.hasSeq.get(device, boot, c + 1) !== undefined) c++;
      this.setContiguous.run(device, boot, c);
      return { contiguous: c, skipped: next - from - 1 };
    })();
  }

  async contiguousSeq(device: string, boot: string): Promise<number> {
    return (this.seqOf.get(device, boot) as number | undefined) ?? 0;
  }

  async recentDeviceEvents(limit: number): Promise<StoredDeviceEvent[]> {
    const rows = this.db.prepare('SELECT id, hub_t, at, link, body FROM device_events ORDER BY id DESC LIMIT ?').all(limit) as Row[];
    return rows.reverse().map(toStored);
  }

  async deviceEventsStoredSince(hubT: number): Promise<StoredDeviceEvent[]> {
    const page = this.db.prepare('SELECT id, hub_t, at, link, body FROM device_events WHERE id < ? ORDER BY id DESC LIMIT ?');
    const out: StoredDeviceEvent[] = [];
    for (let before = Number.MAX_SAFE_INTEGER; ;) {
      const rows = page.all(before, PAGE) as Row[];
      for (const r of rows) {
        if (r.hub_t < hubT) return out.reverse();
        out.push(toStored(r));
      }
      if (rows.length < PAGE) return out.reverse();
      before = rows[rows.length - 1]!.id;
    }
  }

  async countDeviceEvents(): Promise<number> {
    return this.db.prepare('SELECT count(*) FROM device_events').pluck().get() as number;
  }

  async getSetting(key: string): Promise<string | null> {
    return (this.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  async putSetting(key: string, value: string): Promise<void> {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    try {
      await this.checkpointer?.stop();
      this.db.close();
      // After the connection: everything it committed is in the file, so the record may name it,
      // and the file is as this stop left it.
      if (this.owner) {
        // A file gone meanwhile (removed under the hub) leaves no clean stop to note.
        const st = existsSync(`${this.path}-wal`) ? undefined : statSync(this.path, { throwIfNoEntry: false });
        this.owner.release(this.position, st ? { size: st.size, mtimeMs: st.mtimeMs } : undefined);
      }
    } finally {
      this.owner?.release(null);
      this.owner = null;
    }
  }
}
