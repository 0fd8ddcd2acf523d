/**
 * newHub(): a hub for a test, on an in-memory store and a free HTTP port, with the links it is
 * given. Close it in afterEach/afterAll.
 */
import type { AddressInfo } from 'node:net';
import { buildHub, type Hub, type HubOptions } from '../../hub/app';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';

export interface TestHub extends Hub {
  url: string;
}

export async function newHub(opts: Partial<HubOptions> & { venue?: VenueConfig } = {}): Promise<TestHub> {
  const hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', ...opts });
  await hub.app.listen({ port: 0, host: '127.0.0.1' });
  await hub.startLinks();
  const port = (hub.app.server.address() as AddressInfo).port;
  return { ...hub, url: `http://127.0.0.1:${port}` };
}

/** Resolves when `check` returns true, polling; rejects with `what` after `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
