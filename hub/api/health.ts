/**
 * GET /api/health: is the hub able to do its job, and if not, why. The store's state (failing
 * calls, the last error, matches that stopped taking input after one), the links, and the PIN
 * limits. 200 while everything works, 503 while the store fails or a match is stopped, so a
 * monitor can tell without reading the body. Open like every read; it shows no secret.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { HubContext } from '../context';
import type { StoreHealth } from '../store/health';
import type { Auth } from './auth';
import { hubNow } from '../time/hub-clock';

export const healthPlugin: FastifyPluginAsync<{ hub: HubContext; storeHealth: StoreHealth; auth: Auth }> = async (app, { hub, storeHealth, auth }) => {
  app.get('/api/health', async (_req, reply) => {
    const store = storeHealth.view();
    const links = hub.links.map((l) => ({ name: l.name, state: l.state() }));
    const status = store.state === 'ok' ? 'ok' : 'failing';
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, store, links, auth: auth.view(), now: hubNow() });
  });
};
