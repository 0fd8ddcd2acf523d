/**
 * Embedded SQLite event store (better-sqlite3, WAL). Append-only: rows are never updated or
 * deleted. An insert is durable when appendDeviceEvent returns, which is when the hub acks.
 */
import Database from 'better-sqlite3';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { AppendResult, EventStore, StoredDeviceEvent } from './types';

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
CREATE TABLE IF NOT EXISTS device_boots (
  device TEXT NOT NULL,
  boot TEXT NOT NULL,
  contiguous INTEGER NOT NULL,
  PRIMARY KEY (device, boot)
);
`;

interface Row {
  id: number;
  hub_t: number;
  at: number;
  link: string;
  body: string;
}

export class SqliteStore implements EventStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly seqOf: Database.Statement;
  private readonly setContiguous: Database.Statement;
  private readonly hasSeq: Database.Statement;
  private readonly appendTx: (e: DeviceEvent, hubT: number, at: number, link: string) => AppendResult;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // FULL: a committed append survives power loss, not just a process kill; acks depend on it.
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare(
      'INSERT OR IGNORE INTO device_events (device, boot, seq, device_t, hub_t, at, link, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.seqOf = this.db.prepare('SELECT contiguous FROM device_boots WHERE device = ? AND boot = ?').pluck();
    this.setContiguous = this.db.prepare(
      'INSERT INTO device_boots (device, boot, contiguous) VALUES (?, ?, ?) ON CONFLICT (device, boot) DO UPDATE SET contiguous = excluded.contiguous',
    );
    this.hasSeq = this.db.prepare('SELECT 1 FROM device_events WHERE device = ? AND boot = ? AND seq = ?').pluck();
    this.appendTx = this.db.transaction((e: DeviceEvent, hubT: number, at: number, link: string): AppendResult => {
      const r = this.insert.run(e.d, e.b, e.n, e.t, hubT, at, link, JSON.stringify(e));
      if (r.changes === 0) return { inserted: false, id: 0 };
      let c = (this.seqOf.get(e.d, e.b) as number | undefined) ?? 0;
      if (e.n === c + 1) {
        c = e.n;
        // Fill forward over events that arrived early (after a gap).
        while (this.hasSeq.get(e.d, e.b, c + 1) !== undefined) c++;
        this.setContiguous.run(e.d, e.b, c);
      }
      return { inserted: true, id: Number(r.lastInsertRowid) };
    });
  }

  appendDeviceEvent(event: DeviceEvent, times: { hubT: number; at: number }, link: string): AppendResult {
    return this.appendTx(event, times.hubT, times.at, link);
  }

  contiguousSeq(device: string, boot: string): number {
    return (this.seqOf.get(device, boot) as number | undefined) ?? 0;
  }

  recentDeviceEvents(limit: number): StoredDeviceEvent[] {
    const rows = this.db.prepare('SELECT id, hub_t, at, link, body FROM device_events ORDER BY id DESC LIMIT ?').all(limit) as Row[];
    return rows.reverse().map((r) => ({ id: r.id, hubT: r.hub_t, at: r.at, link: r.link, event: JSON.parse(r.body) as DeviceEvent }));
  }

  countDeviceEvents(): number {
    return this.db.prepare('SELECT count(*) FROM device_events').pluck().get() as number;
  }

  close(): void {
    this.db.close();
  }
}
