/**
 * Devices, their health and delivery counters; recent raw events; the venue.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { HubContext } from '../context';

export const devicesPlugin: FastifyPluginAsync<{ hub: HubContext }> = async (app, { hub }) => {
  app.get('/api/venue', async () => hub.venue);

  app.get('/api/devices', async () => {
    const counters = hub.ingest.counters.snapshot();
    return {
      devices: hub.ingest.deviceInfo().map((d) => ({ ...d, counters: counters[d.id] ?? null, clock: d.boot ? hub.clock.fit(d.id, d.boot) : null })),
      unknown: counters['?'] ?? null,
      links: hub.links.map((l) => ({ name: l.name, state: l.state() })),
    };
  });

  app.get(
    '/api/events',
    { schema: { querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }) } },
    async (req) => {
      const { limit } = req.query as { limit?: number };
      return { events: hub.store.recentDeviceEvents(limit ?? 100) };
    },
  );
};
