/**
 * Shared by the fault tests of hostile input and load (issue #21): ids an attacker would pick, a
 * hub with its own embedded broker in this process (as `autoref start` runs it), RSS.
 */
import type { AddressInfo } from 'node:net';
import { buildHub, type Hub, type HubOptions } from '../../hub/app';
import { startEmbeddedBroker, type BrokerHandle, type MqttCredentials } from '../../hub/broker';
import type { VenueConfig } from '../../shared/venue';

/**
 * Every name a plain object answers without owning it: the names of Object.prototype, and
 * `__proto__` (an accessor there, listed too but named on its own so no change in Node drops it).
 */
export const PROTOTYPE_NAMES: readonly string[] = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];

/** A hub and its embedded aedes, the hub attached directly, as `autoref start` wires them. */
export interface EmbeddedHub {
  hub: Hub;
  broker: BrokerHandle;
  /** The dashboard's base URL (http://127.0.0.1:port). */
  url: string;
  close(): Promise<void>;
}

export async function embeddedHub(
  venue: VenueConfig,
  opts: Partial<HubOptions> & { hubLogin?: MqttCredentials; log?: (line: string) => void } = {},
): Promise<EmbeddedHub> {
  const { hubLogin, log, ...hubOpts } = opts;
  const login = hubLogin ?? { username: 'autoref-hub', password: 'fault-test-hub-password' };
  const broker = await startEmbeddedBroker({ port: 0, venue, hub: login, ...(log ? { log } : {}) });
  const hub = await buildHub({
    venue,
    storePath: ':memory:',
    decisionDefaultMs: null,
    gameClocks: false,
    ...hubOpts,
    mqtt: { url: broker.url, inProcess: broker.inProcess! },
  });
  await hub.app.listen({ port: 0, host: '127.0.0.1' });
  await hub.startLinks();
  return {
    hub,
    broker,
    url: `http://127.0.0.1:${(hub.app.server.address() as AddressInfo).port}`,
    async close() {
      await hub.close();
      await broker.close();
    },
  };
}

/** This process's resident set, MB. */
export const rssMb = (): number => Math.round(process.memoryUsage().rss / 1e6);

/** A measured figure of a fault test, printed with AUTOREF_FAULT_FIGURES=1 (for the before/after notes in README.md). */
export function figure(what: string, value: unknown): void {
  if (process.env['AUTOREF_FAULT_FIGURES'] === '1') console.log(`[figure] ${what}: ${JSON.stringify(value)}`);
}
