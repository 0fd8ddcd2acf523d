/**
 * What this page may write at a table, as the hub decides it (hub/api/auth.ts, docs/dashboard.md):
 * the venue PIN (kept for the browser session) allows everything; a table token (from the table's QR
 * code, kept on the phone) lets the players start a match, answer the questions put to them, make
 * calls (a minigolf stroke), claim and dispute a foul and end the match; without either, nothing. A
 * hub without a PIN (the demo) takes every write. The phone shows only the controls its access
 * allows: a button the hub would refuse is not offered.
 */
import { pin, tableToken } from '../api';
import type { PendingDecision } from '../types';

export type Access = 'venue' | 'table' | 'none';

let open: Promise<boolean> | null = null;

/** The hub takes writes without a token (no venue PIN set: `auth.pin` "none" in GET /api/health); asked once per page. */
export function writesOpen(): Promise<boolean> {
  open ??= fetch('/api/health', { cache: 'no-store' })
    .then((r) => r.json() as Promise<{ auth?: { pin?: string } }>)
    .then((h) => h.auth?.pin === 'none')
    .catch(() => {
      open = null; // asked again next time
      return false;
    });
  return open;
}

/** This page's access at `table`: the PIN's, the table token's, or none (`hubOpen`: the hub takes any write). */
export function accessAt(table: string, hubOpen: boolean): Access {
  if (hubOpen || pin() !== '') return 'venue';
  return tableToken(table) !== '' ? 'table' : 'none';
}

/** The token a write at `table` carries: the PIN when kept, else the table's. */
export function tokenAt(table: string): string {
  return pin() || tableToken(table);
}

/** A question this access may answer: the players answer theirs with the table token, the referee any. */
export function mayAnswer(access: Access, d: PendingDecision): boolean {
  return access === 'venue' || (access === 'table' && d.answeredBy === 'players');
}
