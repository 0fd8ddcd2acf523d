/**
 * Who may change what. Reads stay open on the venue's network; every write needs a token:
 * - the venue token (the referee's or staff's PIN) allows everything;
 * - a table token (printed in the QR code on the table) lets the players at that table start
 *   their match, answer its pending decisions, make player calls and end it — nothing else.
 * Table tokens are derived from the venue token, so changing the PIN revokes them all.
 * Comparisons take the same time whatever the guess.
 */
import { timingSafeEqual, createHash, createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AutorefError } from '../../shared/errors';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function same(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

export function tableToken(venueToken: string, table: string): string {
  return createHmac('sha256', venueToken).update(`table:${table}`).digest('hex').slice(0, 16);
}

function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization ?? '';
  return h.startsWith('Bearer ') ? h.slice(7) : '';
}

export type Access = 'venue' | 'table';

/** What the request may do: 'venue', 'table' (for the table in its URL), or refused. */
export function accessOf(req: FastifyRequest, venueToken: string | null, table: string | undefined): Access | null {
  if (venueToken === null) return 'venue';
  const got = bearer(req);
  if (same(got, venueToken)) return 'venue';
  if (table !== undefined && same(got, tableToken(venueToken, table))) return 'table';
  return null;
}

/** onRequest hook (before the body is even parsed): the venue token only. */
export function requireVenue(token: string | null): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    if (accessOf(req, token, undefined) !== 'venue') throw new AutorefError('AR_UNAUTHORIZED');
  };
}

/** onRequest hook: the venue token, or the token of the table named in the URL. */
export function requireTableOrVenue(token: string | null): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    const table = (req.params as { table?: string } | undefined)?.table;
    if (accessOf(req, token, table) === null) throw new AutorefError('AR_UNAUTHORIZED');
  };
}
