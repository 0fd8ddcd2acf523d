/**
 * `autoref start`: the main job on embedded defaults. Embedded MQTT broker (or the one already
 * on the port), embedded SQLite store, the demo venue's simulated tables, the dashboard.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import { buildHub, type Hub } from '../app';
import { startEmbeddedBroker, type BrokerHandle } from '../broker';
import { DEMO_VENUE, VenueConfig } from '../../shared/venue';
import { AutorefError } from '../../shared/errors';
import { startSimVenue, type SimVenue } from '../../sim/venue';

export interface StartOptions {
  port: number;
  host: string;
  brokerPort: number;
  brokerUrl?: string;
  serial: string[];
  store: string;
  venue?: string;
  sim: boolean;
  log?: (line: string) => void;
}

export function loadVenue(file: string | undefined): VenueConfig {
  if (!file) return DEMO_VENUE;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AutorefError('AR_CONFIG', `${file}: ${(e as Error).message}`);
  }
  const validate = new Ajv({ strict: false }).compile(VenueConfig);
  if (!validate(data)) {
    const err = validate.errors?.[0];
    throw new AutorefError('AR_CONFIG', `${file}: ${err?.instancePath || '(root)'} ${err?.message ?? 'invalid'}`);
  }
  return data as VenueConfig;
}

export interface Running {
  hub: Hub;
  broker: BrokerHandle | null;
  sim: SimVenue | null;
  url: string;
  stop(): Promise<void>;
}

export async function start(opts: StartOptions): Promise<Running> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const venue = loadVenue(opts.venue);
  if (opts.store !== ':memory:') mkdirSync(path.dirname(path.resolve(opts.store)), { recursive: true });
  const broker = opts.brokerUrl ? null : await startEmbeddedBroker({ port: opts.brokerPort, log });
  const brokerUrl = opts.brokerUrl ?? broker!.url;
  if (broker?.embedded) log(`embedded MQTT broker on ${brokerUrl}`);
  const hub = await buildHub({ venue, storePath: opts.store, mqtt: { url: brokerUrl }, serial: opts.serial.map((p) => ({ path: p })) });
  try {
    await hub.app.listen({ port: opts.port, host: opts.host });
  } catch (e) {
    await hub.close();
    await broker?.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new AutorefError('AR_PORT_IN_USE', `HTTP port ${opts.port} (choose another with --port)`);
    throw e;
  }
  await hub.startLinks();
  const sim = opts.sim ? await startSimVenue({ brokerUrl, venue, log }) : null;
  const shown = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  const url = `http://${shown}:${(hub.app.server.address() as AddressInfo).port}/`;
  log(`store: ${opts.store}`);
  log(`dashboard: ${url}`);
  return {
    hub,
    broker,
    sim,
    url,
    async stop() {
      await sim?.stop();
      await hub.close();
      await broker?.close();
    },
  };
}
