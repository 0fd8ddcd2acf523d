/**
 * One option picks the store: a file path (or ':memory:') is SQLite, a postgres:// URL is
 * PostgreSQL (`?schema=name` picks the schema, default `autoref`).
 */
import type { EventStore } from './types';
import { SqliteStore } from './sqlite';
import { PostgresStore } from './postgres';

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//.test(spec);
}

export async function openStore(spec: string): Promise<EventStore> {
  if (!isPostgresUrl(spec)) return new SqliteStore(spec);
  const url = new URL(spec);
  const schema = url.searchParams.get('schema') ?? 'autoref';
  url.searchParams.delete('schema');
  return PostgresStore.open(url.toString(), schema);
}
