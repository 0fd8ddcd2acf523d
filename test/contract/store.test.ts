/**
 * The store contract against the embedded SQLite store and the real PostgreSQL
 * (127.0.0.1:5432, database `test`, a schema of its own per run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { abstractStore } from './store';
import { SqliteStore } from '../../hub/store/sqlite';
import { PostgresStore } from '../../hub/store/postgres';
import { openStore } from '../../hub/store/open';

const PG = process.env['AUTOREF_PG_URL'] ?? 'postgres://root@127.0.0.1:5432/test';

abstractStore('SQLite (file, WAL)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-store-'));
  const file = path.join(dir, 'hub.db');
  return {
    open: async () => new SqliteStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

abstractStore('PostgreSQL', () => {
  const schema = `autoref_test_${randomBytes(4).toString('hex')}`;
  return {
    open: () => openStore(`${PG}?schema=${schema}`),
    cleanup: async () => {
      const s = await PostgresStore.open(PG, schema);
      await s.dropSchema();
      await s.close();
    },
  };
});
