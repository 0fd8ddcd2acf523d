/**
 * PostgreSQL event store, for installations where several hubs share one database
 * (`--store postgres://…`). Same contract as the SQLite store (test/contract/store.test.ts).
 * Every table lives in one schema (default `autoref`), so hubs of different venues or test runs
 * can share a database without touching each other.
 */
import pg from 'pg';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';
import type { AppendResult, DeviceEventAppend, EventStore, MatchRecord, MatchStatus, Snapshot, StoredDeviceEvent } from './types';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function ddl(schema: string): string {
  return `
CREATE SCHEMA IF NOT EXISTS ${schema};
CREATE TABLE IF NOT EXISTS ${schema}.device_events (
  id BIGSERIAL PRIMARY KEY,
  device TEXT NOT NULL,
  boot TEXT NOT NULL,
  seq INTEGER NOT NULL,
  device_t BIGINT NOT NULL,
  hub_t DOUBLE PRECISION NOT NULL,
  at DOUBLE PRECISION NOT NULL,
  link TEXT NOT NULL,
  body JSONB NOT NULL,
  UNIQUE (device, boot, seq)
);
CREATE TABLE IF NOT EXISTS ${schema}.device_boots (
  device TEXT NOT NULL,
  boot TEXT NOT NULL,
  contiguous INTEGER NOT NULL,
  PRIMARY KEY (device, boot)
);
CREATE TABLE IF NOT EXISTS ${schema}.matches (
  id TEXT PRIMARY KEY,
  tbl TEXT NOT NULL,
  game TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at DOUBLE PRECISION NOT NULL,
  ended_at DOUBLE PRECISION,
  summary JSONB
);
CREATE INDEX IF NOT EXISTS matches_by_status ON ${schema}.matches (status);
CREATE TABLE IF NOT EXISTS ${schema}.game_events (
  match TEXT NOT NULL,
  seq INTEGER NOT NULL,
  body JSONB NOT NULL,
  PRIMARY KEY (match, seq)
);
CREATE TABLE IF NOT EXISTS ${schema}.snapshots (
  match TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  state JSONB NOT NULL
);
CREATE TABLE IF NOT EXISTS ${schema}.settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);`;
}

interface MatchRow {
  id: string;
  tbl: string;
  game: string;
  status: MatchStatus;
  started_at: number;
  ended_at: number | null;
  summary: unknown;
}

function toMatch(r: MatchRow): MatchRecord {
  return { id: r.id, table: r.tbl, game: r.game, status: r.status, startedAt: r.started_at, endedAt: r.ended_at, summary: r.summary };
}

interface DeviceEventRow {
  id: string;
  hub_t: number;
  at: number;
  link: string;
  body: DeviceEvent;
}

function toStored(x: DeviceEventRow): StoredDeviceEvent {
  return { id: Number(x.id), hubT: x.hub_t, at: x.at, link: x.link, event: x.body };
}

export class PostgresStore implements EventStore {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly s: string,
    private readonly onConnectionError?: (e: Error) => void,
  ) {}

  /**
   * Connects, creates the schema and tables if needed. `schema` must be a plain identifier.
   * `onConnectionError`: a connection of the pool was lost (the server restarted, the backend was
   * terminated, the network went); the next query opens a new one.
   */
  static async open(url: string, schema = 'autoref', opts: { onConnectionError?: (e: Error) => void } = {}): Promise<PostgresStore> {
    if (!SCHEMA_NAME.test(schema)) throw new TypeError(`invalid schema name ${JSON.stringify(schema)}`);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    // An idle client losing its connection must not crash the hub: the next query reconnects.
    pool.on('error', (e) => opts.onConnectionError?.(e));
    await pool.query(ddl(schema));
    return new PostgresStore(pool, schema, opts.onConnectionError);
  }

  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    // A client taken from the pool has no error listener of the pool's (that one is for idle
    // clients only): its connection dying between two queries of this transaction would be an
    // 'error' event nobody hears, which ends the process. Heard here, it fails the transaction
    // (the query under way rejects too), and the client is dropped from the pool on release.
    let lost: Error | undefined;
    const onLost = (e: Error): void => {
      lost ??= e;
      this.onConnectionError?.(e);
    };
    c.on('error', onLost);
    try {
      await c.query('BEGIN');
      const r = await fn(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      if (!lost) await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.removeListener('error', onLost);
      c.release(lost ?? undefined);
    }
  }

  async appendDeviceEvent(e: DeviceEvent, times: { hubT: number; at: number }, link: string): Promise<AppendResult> {
    return this.tx((c) => this.appendIn(c, e, times, link));
  }

  /** Group commit: the same statements per event, in order, in one transaction. */
  async appendDeviceEvents(batch: readonly DeviceEventAppend[]): Promise<AppendResult[]> {
    if (batch.length === 0) return [];
    return this.tx(async (c) => {
      const out: AppendResult[] = [];
      for (const x of batch) out.push(await this.appendIn(c, x.event, x.times, x.link));
      return out;
    });
  }

  private async appendIn(c: pg.PoolClient, e: DeviceEvent, times: { hubT: number; at: number }, link: string): Promise<AppendResult> {
    const s = this.s;
    await c.query(`INSERT INTO ${s}.device_boots (device, boot, contiguous) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`, [e.d, e.b]);
    // The row lock orders concurrent appends of one boot (several hub workers, or several hubs).
    const cur = await c.query<{ contiguous: number }>(`SELECT contiguous FROM ${s}.device_boots WHERE device = $1 AND boot = $2 FOR UPDATE`, [e.d, e.b]);
    let contiguous = cur.rows[0]!.contiguous;
    const ins = await c.query<{ id: string }>(
      `INSERT INTO ${s}.device_events (device, boot, seq, device_t, hub_t, at, link, body) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (device, boot, seq) DO NOTHING RETURNING id`,
      [e.d, e.b, e.n, e.t, times.hubT, times.at, link, JSON.stringify(e)],
    );
    if (ins.rowCount === 0) return { inserted: false, id: 0, contiguous };
    if (e.n === contiguous + 1) {
      // The end of the unbroken run from contiguous+1: events that came early after a gap.
      const run = await c.query<{ last: number | null }>(
        `SELECT max(seq) AS last FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS g FROM ${s}.device_events
           WHERE device = $1 AND boot = $2 AND seq > $3) x WHERE g = $3`,
        [e.d, e.b, contiguous],
      );
      contiguous = run.rows[0]!.last ?? e.n;
      await c.query(`UPDATE ${s}.device_boots SET contiguous = $3 WHERE device = $1 AND boot = $2`, [e.d, e.b, contiguous]);
    }
    return { inserted: true, id: Number(ins.rows[0]!.id), contiguous };
  }

  async skipGap(device: string, boot: string): Promise<{ contiguous: number; skipped: number }> {
    const s = this.s;
    return this.tx(async (c) => {
      const cur = await c.query<{ contiguous: number }>(`SELECT contiguous FROM ${s}.device_boots WHERE device = $1 AND boot = $2 FOR UPDATE`, [device, boot]);
      const from = cur.rows[0]?.contiguous ?? 0;
      const next = (
        await c.query<{ n: number | null }>(`SELECT min(seq) AS n FROM ${s}.device_events WHERE device = $1 AND boot = $2 AND seq > $3`, [device, boot, from])
      ).rows[0]!.n;
      if (next === null) return { contiguous: from, skipped: 0 };
      const run = await c.query<{ last: number | null }>(
        `SELECT max(seq) AS last FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS g FROM ${s}.device_events
           WHERE device = $1 AND boot = $2 AND seq >= $3) x WHERE g = $3 - 1`,
        [device, boot, next],
      );
      const contiguous = run.rows[0]!.last ?? next;
      await c.query(
        `INSERT INTO ${s}.device_boots (device, boot, contiguous) VALUES ($1, $2, $3) ON CONFLICT (device, boot) DO UPDATE SET contiguous = EXCLUDED.contiguous`,
        [device, boot, contiguous],
      );
      return { contiguous, skipped: next - from - 1 };
    });
  }

  async contiguousSeq(device: string, boot: string): Promise<number> {
    const r = await this.pool.query<{ contiguous: number }>(`SELECT contiguous FROM ${this.s}.device_boots WHERE device = $1 AND boot = $2`, [device, boot]);
    return r.rows[0]?.contiguous ?? 0;
  }

  async recentDeviceEvents(limit: number): Promise<StoredDeviceEvent[]> {
    const r = await this.pool.query<DeviceEventRow>(`SELECT id, hub_t, at, link, body FROM ${this.s}.device_events ORDER BY id DESC LIMIT $1`, [limit]);
    return r.rows.reverse().map(toStored);
  }

  async deviceEventsStoredSince(hubT: number): Promise<StoredDeviceEvent[]> {
    const PAGE = 512;
    const out: StoredDeviceEvent[] = [];
    for (let before = Number.MAX_SAFE_INTEGER; ;) {
      const r = await this.pool.query<DeviceEventRow>(`SELECT id, hub_t, at, link, body FROM ${this.s}.device_events WHERE id < $1 ORDER BY id DESC LIMIT $2`, [
        before,
        PAGE,
      ]);
      for (const x of r.rows) {
        if (x.hub_t < hubT) return out.reverse();
        out.push(toStored(x));
      }
      if (r.rows.length < PAGE) return out.reverse();
      before = Number(r.rows[r.rows.length - 1]!.id);
    }
  }

  async countDeviceEvents(): Promise<number> {
    const r = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.s}.device_events`);
    return Number(r.rows[0]!.n);
  }

  async createMatch(m: MatchRecord): Promise<void> {
    await this.pool.query(`INSERT INTO ${this.s}.matches (id, tbl, game, status, started_at, ended_at, summary) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      m.id,
      m.table,
      m.game,
      m.status,
      m.startedAt,
      m.endedAt,
      JSON.stringify(m.summary),
    ]);
  }

  async updateMatch(id: string, patch: Partial<Pick<MatchRecord, 'status' | 'endedAt' | 'summary'>>): Promise<void> {
    await this.pool.query(
      `UPDATE ${this.s}.matches SET status = COALESCE($2, status), ended_at = COALESCE($3, ended_at), summary = COALESCE($4::jsonb, summary) WHERE id = $1`,
      [id, patch.status ?? null, patch.endedAt ?? null, patch.summary === undefined ? null : JSON.stringify(patch.summary)],
    );
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const r = await this.pool.query<MatchRow>(`SELECT * FROM ${this.s}.matches WHERE id = $1`, [id]);
    return r.rows[0] ? toMatch(r.rows[0]) : null;
  }

  async listMatches(filter: { table?: string; status?: MatchStatus; limit?: number }): Promise<MatchRecord[]> {
    const r = await this.pool.query<MatchRow>(
      `SELECT * FROM ${this.s}.matches WHERE ($1::text IS NULL OR tbl = $1) AND ($2::text IS NULL OR status = $2) ORDER BY started_at DESC LIMIT $3`,
      [filter.table ?? null, filter.status ?? null, filter.limit ?? 100],
    );
    return r.rows.map(toMatch);
  }

  async appendGameEvent(match: string, event: GameEvent, summary?: unknown): Promise<void> {
    await this.tx(async (c) => {
      await c.query(`INSERT INTO ${this.s}.game_events (match, seq, body) VALUES ($1, $2, $3)`, [match, event.seq, JSON.stringify(event)]);
      if (summary !== undefined) await c.query(`UPDATE ${this.s}.matches SET summary = $2 WHERE id = $1`, [match, JSON.stringify(summary)]);
    });
  }

  async gameEvents(match: string, fromSeq = 0): Promise<GameEvent[]> {
    const r = await this.pool.query<{ body: GameEvent }>(`SELECT body FROM ${this.s}.game_events WHERE match = $1 AND seq >= $2 ORDER BY seq`, [
      match,
      fromSeq,
    ]);
    return r.rows.map((x) => x.body);
  }

  async saveSnapshot(match: string, snap: Snapshot): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.s}.snapshots (match, seq, state) VALUES ($1, $2, $3) ON CONFLICT (match) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state`,
      [match, snap.seq, JSON.stringify(snap.state)],
    );
  }

  async latestSnapshot(match: string): Promise<Snapshot | null> {
    const r = await this.pool.query<{ seq: number; state: unknown }>(`SELECT seq, state FROM ${this.s}.snapshots WHERE match = $1`, [match]);
    return r.rows[0] ? { seq: r.rows[0].seq, state: r.rows[0].state } : null;
  }

  async getSetting(key: string): Promise<string | null> {
    const r = await this.pool.query<{ value: string }>(`SELECT value FROM ${this.s}.settings WHERE key = $1`, [key]);
    return r.rows[0]?.value ?? null;
  }

  async putSetting(key: string, value: string): Promise<void> {
    await this.pool.query(`INSERT INTO ${this.s}.settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, value]);
  }

  /** For tests: removes the schema and everything in it. */
  async dropSchema(): Promise<void> {
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.s} CASCADE`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
