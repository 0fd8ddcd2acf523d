/**
 * `autoref start`: the main job on embedded defaults. Embedded MQTT broker (or the one already
 * on the port), embedded SQLite store, the demo venue's simulated tables, the dashboard.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import { buildHub, type Hub, type HubOptions } from '../app';
import { parsePortSpec } from '../ingest/serial';
import { loadFirmataBoards } from './firmata-boards';
import { isPostgresUrl } from '../store/open';
import { calibrationPathFor } from '../calibration/file';
import { answerDemoIdentities, startDemoMatches } from './demo';
import { startEmbeddedBroker, type BrokerHandle, type MqttCredentials } from '../broker';
import type { MqttLinkOptions } from '../ingest/mqtt';
import { DEMO_VENUE, VenueConfig, venueProblems } from '../../shared/venue';
import { AutorefError } from '../../shared/errors';
import { startSimVenue, type SimVenue } from '../../sim/venue';

export interface StartOptions {
  port: number;
  host: string;
  brokerPort: number;
  brokerUrl?: string;
  /** Serial ports (CLI --serial): paths, or `usb:<vendor>[:<product>[:<serial>]]` (parsePortSpec). */
  serial: string[];
  /** Arduinos running StandardFirmata (CLI --firmata): a JSON file of boards (hub/cli/firmata-boards.ts). */
  firmata?: string;
  /** For tests: the serialport binding the serial links use (e.g. @serialport/binding-mock). */
  serialBinding?: HubOptions['serialBinding'];
  store: string;
  venue?: string;
  sim: boolean;
  log?: (line: string) => void;
  /**
   * Venue token for API writes (CLI: --token or AUTOREF_TOKEN), kept (hashed) in the store for the
   * next starts. Without one, the store's PIN holds; a store without one gets a random PIN, printed
   * once (only its salted hash is kept).
   */
  token?: string;
  /** Start on a SQLite store that holds fewer events than were acknowledged (CLI: --accept-store-loss). */
  acceptStoreLoss?: boolean;
  /** Where the hub's log (errors and warnings, JSON lines) goes; default stderr. */
  logStream?: { write(line: string): void };
  /** URLs that get a POST when a match ends. */
  webhooks?: string[];
  /** The hub's MQTT username (default `autoref-hub`). */
  hubUser?: string;
  /**
   * The hub's MQTT password (CLI: --hub-password or AUTOREF_HUB_PASSWORD). Sent to an external
   * broker; the embedded broker, in the same process, uses a random one when none is given.
   */
  hubPassword?: string;
  /** PEM files for TLS to the broker (mqtts:// URLs): CA, client certificate and key. */
  brokerCa?: string;
  brokerCert?: string;
  brokerKey?: string;
  /**
   * Seconds before a pending question that has a default takes it (CLI: --answer-after). Default
   * 30; the demo (simulated tables on the demo venue) uses 3, as its tables shoot every few seconds
   * and nobody answers there.
   */
  answerAfterS?: number;
}

/** The demo's simulated players do not answer questions: their defaults come quickly. */
const DEMO_ANSWER_AFTER_S = 3;

export const DEFAULT_HUB_USER = 'autoref-hub';

function readPem(what: string, file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch (e) {
    throw new AutorefError('AR_CONFIG', `${what} ${file}: ${(e as Error).message}`);
  }
}

/** TLS options for MQTT.js from the --broker-ca/--broker-cert/--broker-key files. */
function brokerTls(opts: StartOptions): MqttLinkOptions['client'] {
  const ca = readPem('--broker-ca', opts.brokerCa);
  const cert = readPem('--broker-cert', opts.brokerCert);
  const key = readPem('--broker-key', opts.brokerKey);
  if (!ca && !cert && !key) return undefined;
  return { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
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
  const problem = venueProblems(data as VenueConfig)[0];
  if (problem !== undefined) throw new AutorefError('AR_CONFIG', `${file}: ${problem}`);
  return data as VenueConfig;
}

/**
 * The serial ports to open: those given on the command line, and the `path` of each serial device
 * in the venue file (a path or a USB match, as on the command line), each once.
 */
export function serialPorts(given: readonly string[], venue: VenueConfig): string[] {
  const fromVenue = venue.tables.flatMap((t) => t.devices.flatMap((d) => (d.link === 'serial' && d.path !== undefined ? [d.path] : [])));
  return [...new Set([...given, ...fromVenue])];
}

/** The store as printed: a PostgreSQL URL without its password. */
function shownStore(store: string): string {
  if (!isPostgresUrl(store)) return store;
  try {
    const u = new URL(store);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return store;
  }
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
  if (opts.answerAfterS !== undefined && !(opts.answerAfterS >= 0))
    throw new AutorefError('AR_CONFIG', `--answer-after must be a number of seconds, 0 or more (got ${opts.answerAfterS})`);
  const venue = loadVenue(opts.venue);
  // Checked before anything is opened: a malformed port is AR_CONFIG at once.
  const serial = serialPorts(opts.serial, venue).map(parsePortSpec);
  const firmata = opts.firmata !== undefined ? loadFirmataBoards(opts.firmata, venue) : [];
  if (opts.store !== ':memory:' && !isPostgresUrl(opts.store)) mkdirSync(path.dirname(path.resolve(opts.store)), { recursive: true });
  const tls = brokerTls(opts);
  const hubUser = opts.hubUser ?? DEFAULT_HUB_USER;
  // The embedded broker runs in this process: without a given password, hub and broker share a random one.
  const embeddedLogin: MqttCredentials = { username: hubUser, password: opts.hubPassword ?? randomBytes(24).toString('base64url') };
  const broker = opts.brokerUrl ? null : await startEmbeddedBroker({ port: opts.brokerPort, log, venue, hub: embeddedLogin });
  const brokerUrl = opts.brokerUrl ?? broker!.url;
  if (broker?.embedded) log(`embedded MQTT broker on ${brokerUrl}`);
  const login = broker?.embedded ? embeddedLogin : opts.hubPassword !== undefined ? { username: hubUser, password: opts.hubPassword } : {};
  // The embedded broker runs in this process: the hub attaches to it directly rather than as an MQTT client.
  const inProcess = broker?.inProcess;
  const mqttOpts = { url: brokerUrl, ...login, ...(tls ? { client: tls } : {}), ...(inProcess ? { inProcess } : {}) };
  const given = opts.token ?? process.env['AUTOREF_TOKEN'];
  const demo = opts.sim && !opts.venue;
  const answerAfterS = opts.answerAfterS ?? (demo ? DEMO_ANSWER_AFTER_S : undefined);
  const hub = await buildHub({
    venue,
    storePath: opts.store,
    mqtt: mqttOpts,
    serial,
    firmata,
    ...(opts.serialBinding ? { serialBinding: opts.serialBinding } : {}),
    storedPin: given !== undefined ? { given } : {},
    ...(opts.acceptStoreLoss ? { acceptStoreLoss: true } : {}),
    // Errors (every 500 with its stack, store failures) and warnings (wrong PINs, lockouts), not every request.
    logger: { level: 'warn', stream: opts.logStream ?? process.stderr },
    webhooks: opts.webhooks ?? [],
    calibrationFile: opts.venue ? calibrationPathFor(opts.venue) : undefined,
    ...(answerAfterS !== undefined ? { decisionDefaultMs: answerAfterS * 1000 } : {}),
  }).catch(async (e: unknown) => {
    await broker?.close(); // a store that cannot be opened: nothing may be left listening
    throw e;
  });
  try {
    await hub.app.listen({ port: opts.port, host: opts.host });
  } catch (e) {
    await hub.close();
    await broker?.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new AutorefError('AR_PORT_IN_USE', `HTTP port ${opts.port} (choose another with --port)`);
    throw e;
  }
  await hub.startLinks();
  // Simulated devices log in with their secrets where the venue has them.
  const sim = opts.sim ? await startSimVenue({ brokerUrl, venue, log }) : null;
  if (sim && demo) log(`demo matches running on ${await startDemoMatches(hub, log)} table(s); unanswered questions take their default after ${answerAfterS} s`);
  const stopAnswers = sim && demo ? answerDemoIdentities(hub, sim.devices) : null;
  const shown = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  const url = `http://${shown}:${(hub.app.server.address() as AddressInfo).port}/`;
  log(`store: ${shownStore(opts.store)}`);
  log(`dashboard: ${url}`);
  if (hub.madePin !== null)
    log(`referee PIN for changes: ${hub.madePin} (made now and kept in the store; shown only this once; set your own with --token or AUTOREF_TOKEN)`);
  else if (given === undefined) log('referee PIN: the one kept in the store (printed when it was made; set a new one with --token or AUTOREF_TOKEN)');
  return {
    hub,
    broker,
    sim,
    url,
    async stop() {
      stopAnswers?.();
      await sim?.stop();
      await hub.close();
      await broker?.close();
    },
  };
}
