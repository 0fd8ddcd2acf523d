/**
 * Devices, their health and delivery counters; recent raw events; the venue.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { HubContext } from '../context';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import { AutorefError } from '../../shared/errors';
import { requireVenue, type Auth } from './auth';
import { UNKNOWN_DEVICE_KEY } from '../ingest/counters';
import { streamStats } from './stream';

const DeviceParams = Type.Object({ id: Type.String({ maxLength: 32 }) });
const ConfigBody = Type.Object(
  { set: Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.Number(), Type.String({ maxLength: 64 }), Type.Boolean()]), { maxProperties: 32 }) },
  { additionalProperties: false },
);
const IdentifyBody = Type.Object({ ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 60_000 })) }, { additionalProperties: false });

export const devicesPlugin: FastifyPluginAsync<{ hub: HubContext; token: Auth }> = async (app, { hub, token }) => {
  const venueOnly = { onRequest: requireVenue(token) };

  function send(id: string, cmd: Parameters<HubContext['ingest']['sendTo']>[1]): { sent: true } {
    if (!hub.ingest.deviceInfo().some((d) => d.id === id)) throw new AutorefError('AR_NOT_FOUND', `device ${id}`);
    if (!hub.ingest.sendTo(id, cmd)) throw new AutorefError('AR_NOT_FOUND', `device ${id} has not spoken on any link yet`);
    return { sent: true };
  }

  /** Calibration: thresholds and debounce values go to the device as a cfg command. */
  app.post('/api/devices/:id/config', { ...venueOnly, schema: { params: DeviceParams, body: ConfigBody } }, async (req) =>
    send((req.params as { id: string }).id, { v: PROTOCOL_VERSION, k: 'cfg', set: (req.body as { set: Record<string, number | string | boolean> }).set }),
  );

  /** Blink the board's LED, to find which box is which. */
  app.post('/api/devices/:id/identify', { ...venueOnly, schema: { params: DeviceParams, body: IdentifyBody } }, async (req) =>
    send((req.params as { id: string }).id, { v: PROTOCOL_VERSION, k: 'id', ms: (req.body as { ms?: number }).ms ?? 3000 }),
  );

  app.get('/api/venue', async () => hub.venue);

  /**
   * Bounded whatever was sent: the venue's devices, input that named no device (`unknown`), a
   * summary of devices the venue does not have (`strangers`: totals and the most recent ids), and
   * the live stream's pages (`stream`: connected, dropped for not reading).
   */
  app.get('/api/devices', async () => {
    const counters = hub.ingest.counters.snapshot();
    return {
      devices: hub.ingest.deviceInfo().map((d) => ({ ...d, counters: counters[d.id] ?? null, clock: d.boot ? hub.clock.fit(d.id, d.boot) : null })),
      unknown: counters[UNKNOWN_DEVICE_KEY] ?? null,
      strangers: hub.ingest.counters.unknownDevices(),
      links: hub.links.map((l) => ({ name: l.name, state: l.state() })),
      stream: streamStats(hub),
    };
  });

  app.get('/api/events', { schema: { querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }) } }, async (req) => {
    const { limit } = req.query as { limit?: number };
    return { events: await hub.store.recentDeviceEvents(limit ?? 100) };
  });
};
