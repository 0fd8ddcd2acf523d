/**
 * The QR code of a table, generated locally (no internet): it opens the table's phone view with
 * the table token in the URL, so the players there can start their match and answer its
 * questions. It carries a token, so only the venue PIN may fetch it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import QRCode from 'qrcode';
import { AutorefError } from '../../shared/errors';
import type { HubContext } from '../context';
import { requireVenue, tableToken } from './auth';

const Params = Type.Object({ table: Type.String({ maxLength: 32 }) });
const Query = Type.Object({ base: Type.Optional(Type.String({ maxLength: 200, pattern: '^https?://[^\\s#?]+$' })) });

export function phoneUrl(base: string, table: string, token: string | null): string {
  const q = token ? `?t=${encodeURIComponent(token)}` : '';
  return `${base.replace(/\/+$/, '')}/#/phone/${encodeURIComponent(table)}${q}`;
}

export const qrPlugin: FastifyPluginAsync<{ hub: HubContext; token: string | null }> = async (app, { hub, token }) => {
  app.get('/api/tables/:table/qr.svg', { onRequest: requireVenue(token), schema: { params: Params, querystring: Query } }, async (req, reply) => {
    const { table } = req.params as Static<typeof Params>;
    if (!hub.venue.tables.some((t) => t.id === table)) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    const base = (req.query as Static<typeof Query>).base ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const url = phoneUrl(base, table, token === null ? null : tableToken(token, table));
    const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml').header('cache-control', 'no-store').header('x-autoref-url', url).send(svg);
  });
};
