/**
 * The last match that ended at a table, which its TV tile shows until the next match starts there:
 * its record, summary and report from the hub (`/api/matches?table=&limit=1`, `/api/matches/<id>`).
 * One request per table until the table's match changes (`forget`), shared by the wall and its tiles.
 */
import { getJson } from '../api';
import type { GameSummary, MatchRecord } from '../types';

export interface EndedMatch {
  record: MatchRecord;
  summary: GameSummary;
  report: unknown;
}

const known = new Map<string, Promise<EndedMatch | null>>();

async function fetchLast(table: string): Promise<EndedMatch | null> {
  const list = await getJson<{ matches: MatchRecord[] }>(`/api/matches?table=${encodeURIComponent(table)}&limit=1`);
  const last = list.matches[0];
  if (!last || last.status === 'playing') return null;
  const d = await getJson<{ record: MatchRecord; summary: GameSummary; report: unknown }>(`/api/matches/${encodeURIComponent(last.id)}`);
  return { record: d.record, summary: d.summary, report: d.report };
}

/** The table's last ended match, or null (none yet, one running, or the hub did not answer: asked again next time). */
export function lastEnded(table: string): Promise<EndedMatch | null> {
  let p = known.get(table);
  if (!p) {
    p = fetchLast(table).catch(() => {
      known.delete(table);
      return null;
    });
    known.set(table, p);
  }
  return p;
}

/** A match started or ended at the table (or the hub said hello again): its last result is asked again. */
export function forget(table?: string): void {
  if (table === undefined) known.clear();
  else known.delete(table);
}
