/**
 * One option picks the store: a file path (or ':memory:') is SQLite, a postgres:// URL is
 * PostgreSQL (`?schema=name` picks the schema, default `autoref`). A SQLite file is checked before
 * the hub uses it, and refused with an AR_STORE_* error if it is damaged, read-only, taken by
 * another hub, or holds less than was acknowledged (sqlite-open.ts).
 */
import type { EventStore } from './types';
import { PostgresStore } from './postgres';
import { openCheckedSqlite, type CheckedOpenOptions } from './sqlite-open';

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//.test(spec);
}

export interface OpenStoreOptions extends Pick<CheckedOpenOptions, 'acceptLoss' | 'warn'> {
  /** PostgreSQL: a connection of the pool was lost (the next query reconnects). */
  onConnectionError?: (e: Error) => void;
}

export async function openStore(spec: string, opts: OpenStoreOptions = {}): Promise<EventStore> {
  if (!isPostgresUrl(spec)) return openCheckedSqlite(spec, { ...(opts.acceptLoss ? { acceptLoss: true } : {}), ...(opts.warn ? { warn: opts.warn } : {}) });
  const url = new URL(spec);
  const schema = url.searchParams.get('schema') ?? 'autoref';
  url.searchParams.delete('schema');
  return PostgresStore.open(url.toString(), schema, opts.onConnectionError ? { onConnectionError: opts.onConnectionError } : {});
}
