/**
 * The QR code of a table, generated locally (no internet): it opens the table's phone view with
 * the table token in the URL, so the players there can start their match and answer its
 * questions. It carries a token, so only the venue PIN may fetch it. The token is the table's own
 * random secret, kept in the store (auth.ts): the code printed today still works after a restart,
 * until the venue replaces that table's token (POST /api/tables/:table/token).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import QRCode from 'qrcode';
import { AutorefError } from '../../shared/errors';
import type { HubContext } from '../context';
import { requireVenue, type Auth } from './auth';

const Params = Type.Object({ table: Type.String({ maxLength: 32 }) });
const Query = Type.Object({ base: Type.Optional(Type.String({ maxLength: 200, pattern: '^https?://[^\\s#?]+$' })) });

export function phoneUrl(base: string, table: string, token: string | null): string {
  const q = token ? `?t=${encodeURIComponent(token)}` : '';
  return `${base.replace(/\/+$/, '')}/#/phone/${encodeURIComponent(table)}${q}`;
}

export const qrPlugin: FastifyPluginAsync<{ hub: HubContext; token: Auth }> = async (app, { hub, token: auth }) => {
  const known = (table: string): void => {
    if (!hub.venue.tables.some((t) => t.id === table)) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
  };

  app.get('/api/tables/:table/qr.svg', { onRequest: requireVenue(auth), schema: { params: Params, querystring: Query } }, async (req, reply) => {
    const { table } = req.params as Static<typeof Params>;
    known(table);
    const base = (req.query as Static<typeof Query>).base ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const url = phoneUrl(base, table, auth.tableToken(table));
    const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml').header('cache-control', 'no-store').header('x-autoref-url', url).send(svg);
  });

  /** Replaces the table's token: every QR code printed before stops working (a lost or copied code). */
  app.post('/api/tables/:table/token', { onRequest: requireVenue(auth), schema: { params: Params } }, async (req) => {
    const { table } = req.params as Static<typeof Params>;
    known(table);
    return { table, token: await auth.revoke(table) };
  });
};
