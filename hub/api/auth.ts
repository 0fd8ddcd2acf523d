/**
 * Writes need the venue's token (Authorization: Bearer <token>). Reads stay open on the venue's
 * network. The comparison takes the same time whatever the guess.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AutorefError } from '../../shared/errors';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export function requireToken(token: string | null): (req: FastifyRequest) => Promise<void> {
  const want = token === null ? null : digest(token);
  return async (req) => {
    if (want === null) return;
    const h = req.headers.authorization ?? '';
    const got = h.startsWith('Bearer ') ? h.slice(7) : '';
    if (!timingSafeEqual(digest(got), want)) throw new AutorefError('AR_UNAUTHORIZED');
  };
}
