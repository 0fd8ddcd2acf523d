/**
 * Builds the hub: store, ingest, links and the fastify app, without listening, so tests can
 * `inject()` or listen on port 0 themselves.
 */
import Fastify, { type FastifyInstance, type FastifySchemaCompiler } from 'fastify';
import { Ajv } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { publicVenue, type VenueConfig } from '../shared/venue';
import { isPostgresUrl, openStore } from './store/open';
import { StoreHealth, monitorStore } from './store/health';
import { Ingest } from './ingest/pipeline';
import { SerialLink, type SerialLinkOptions } from './ingest/serial';
import { MqttLink, type MqttLinkOptions } from './ingest/mqtt';
import { FirmataLink, type FirmataLinkOptions } from './ingest/firmata';
import type { HubContext, LinkView } from './context';
import { ClockSync, type ClockSyncOptions } from './time/sync';
import { hubNow } from './time/hub-clock';
import { MatchManager } from './games/matches';
import { reportSensorRefusals } from './games/refusals';
import { realTimers, wireAssemblers } from './games/wiring';
import { resumeShots } from './games/resume';
import { Webhooks } from './games/webhooks';
import { DecisionDefaults } from './games/defaults';
import { ClaimWindows } from './games/claims';
import { GameClocks } from './games/clocks';
import type { AssemblerOptions } from './games/assembler';
import { matchesPlugin } from './api/matches';
import { installErrorHandler } from './api/errors';
import { devicesPlugin } from './api/devices';
import { streamPlugin } from './api/stream';
import { dashboardPlugin } from './api/dashboard';
import { exportsPlugin } from './api/exports';
import { playersPlugin } from './api/players';
import { qrPlugin } from './api/qr';
import { recentPlugin } from './api/recent';
import { calibrationPlugin } from './api/calibration';
import { healthPlugin } from './api/health';
import { Auth, type PinSource } from './api/auth';
import type { LimiterOptions } from './api/guess-limiter';
import { acousticHooks } from './tracker/hooks';
import { profilesFrom } from './games/table-config';
import { layoutFor } from './acoustic/layout';
import { readCalibration } from './calibration/file';
import type { CalibrationRecord } from './calibration/session';

/**
 * The largest HTTP request body the hub reads (fastify's default was 1 MiB): its bodies are a
 * game event, a match's players and config, a device's calibration values, a few KB at most.
 * A larger one is refused with 413 before any route sees it.
 */
export const MAX_BODY_BYTES = 32 * 1024;

/** The hub's log: errors and warnings by default (not every request), as JSON lines (pino). */
export interface HubLoggerOptions {
  level?: 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  stream?: { write(line: string): void };
}

export interface HubOptions {
  venue: VenueConfig;
  /** SQLite file, ':memory:', or a postgres:// URL (see hub/store/open.ts). */
  storePath: string;
  mqtt?: Omit<MqttLinkOptions, 'venue'>;
  serial?: Omit<SerialLinkOptions, 'binding'>[];
  serialBinding?: SerialLinkOptions['binding'];
  /** Arduinos running StandardFirmata, read through johnny-five (docs/firmata.md). */
  firmata?: Omit<FirmataLinkOptions, 'io' | 'clock'>[];
  /** For tests: makes each Firmata board's IO (e.g. mock-firmata) instead of opening its port. */
  firmataIo?: FirmataLinkOptions['io'];
  /** true: errors and warnings to stdout; or where and from which level. Default: no log. */
  logger?: boolean | HubLoggerOptions;
  /** URLs that get a POST when a match ends. */
  webhooks?: string[];
  /** Apply a pending decision's default after this long without an answer; null: never. */
  decisionDefaultMs?: number | null;
  /** How often the stream sends its `tick` (ms); tests shorten it. */
  streamTickMs?: number;
  /** Run the engines' clocks (shot, turn and stroke clocks, timeouts); default true. */
  gameClocks?: boolean;
  /** Venue token for every write to the API; null: writes are open (demo only). Not kept in the store. */
  token?: string | null;
  /**
   * The venue PIN kept in the store instead (`autoref start`; `token` is then ignored): `given`
   * replaces the stored one; without it the stored one holds, or a new one is made (`madePin`).
   */
  storedPin?: { given?: string };
  /** Wrong-PIN limits (hub/api/guess-limiter.ts); tests shorten them or give a clock. */
  guessLimits?: Partial<LimiterOptions>;
  /** Start on a SQLite store that holds fewer events than this hub acknowledged (hub/store/sqlite-open.ts). */
  acceptStoreLoss?: boolean;
  /** Shot assembly timing per game (tests shorten the rest timeout). */
  assembler?: Partial<AssemblerOptions>;
  /** Clock-sync pace (tests speed it up). */
  clockSync?: Partial<Omit<ClockSyncOptions, 'now'>>;
  /** Calibration file beside the venue config (hub/calibration/file.ts); unset: kept in memory. */
  calibrationFile?: string;
}

export interface Hub extends HubContext {
  app: FastifyInstance;
  matches: MatchManager;
  webhooks: Webhooks;
  /** The store's state as /api/health shows it. */
  storeHealth: StoreHealth;
  auth: Auth;
  /** The venue PIN when this start made it (storedPin without one): shown once, then only its hash is kept. */
  madePin: string | null;
  /** The token in a table's QR code (null: writes are open). */
  tableToken(table: string): string | null;
  /** Opens the links (serial ports, MQTT). Resolves when MQTT is subscribed. */
  startLinks(): Promise<void>;
  close(): Promise<void>;
}

function pinSource(opts: HubOptions): PinSource {
  if (opts.storedPin) return opts.storedPin.given !== undefined ? { kind: 'given', pin: opts.storedPin.given, remember: true } : { kind: 'stored' };
  return opts.token ? { kind: 'given', pin: opts.token, remember: false } : { kind: 'open' };
}

/** Calls `fn` at most once per `everyMs` (the rest are counted into the next call). */
function throttled(everyMs: number, fn: (skipped: number) => void): () => void {
  let last = -Infinity;
  let skipped = 0;
  return () => {
    const now = Date.now();
    if (now - last < everyMs) return void skipped++;
    last = now;
    fn(skipped);
    skipped = 0;
  };
}

/**
 * Request validation against the shared schemas. removeAdditional off: with it, Ajv strips fields
 * while trying the first branch of a union (game events are a union) and the right branch then
 * fails; unknown fields are refused instead. A JSON body is checked as sent, never coerced: a
 * coercing Ajv turned a referee's score 2 into "2" (the first branch of `value` is a string) and
 * the engine refused it (bad_score); a value of the wrong type is AR_BAD_REQUEST. Only query
 * strings and path parameters, which are text, are coerced (`?limit=10`).
 */
function requestValidators(): FastifySchemaCompiler<TSchema> {
  const base = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false } as const;
  const body = new Ajv({ ...base, coerceTypes: false });
  const text = new Ajv({ ...base, coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema) as ReturnType<FastifySchemaCompiler<TSchema>>;
}

export async function buildHub(opts: HubOptions): Promise<Hub> {
  const logger = opts.logger === true ? { level: 'warn' } : opts.logger || false;
  const app = Fastify({ logger, bodyLimit: MAX_BODY_BYTES });
  app.setValidatorCompiler(requestValidators());
  const log = app.log;
  const storeHealth = new StoreHealth(isPostgresUrl(opts.storePath) ? 'postgres' : 'sqlite', log);
  const rawStore = await openStore(opts.storePath, {
    ...(opts.acceptStoreLoss ? { acceptLoss: true } : {}),
    warn: (message, err) => log.warn(err ? { err } : {}, message),
    onConnectionError: (e) => storeHealth.failed('connection', e),
  });
  try {
    return await assemble(opts, app, monitorStore(rawStore, storeHealth), storeHealth);
  } catch (e) {
    await rawStore.close().catch(() => undefined);
    throw e;
  }
}

async function assemble(opts: HubOptions, app: FastifyInstance, store: HubContext['store'], storeHealth: StoreHealth): Promise<Hub> {
  const log = app.log;
  const ingest = new Ingest(store, opts.venue);
  const ingestFailed = throttled(10_000, (skipped) =>
    log.error(`ingest: device events not stored, so not acknowledged (the devices send them again)${skipped ? `; ${skipped} more since the last report` : ''}`),
  );
  ingest.on('store-error', ingestFailed);
  const clock = new ClockSync(ingest, { now: hubNow, ...opts.clockSync });
  ingest.clock = clock;
  const serialLinks = (opts.serial ?? []).map((s) => new SerialLink(ingest, { ...s, binding: opts.serialBinding }));
  const firmataLinks = (opts.firmata ?? []).map((f) => new FirmataLink(ingest, { ...f, io: opts.firmataIo }));
  const mqttLink = opts.mqtt ? new MqttLink(ingest, { ...opts.mqtt, venue: opts.venue.id }) : null;
  const links: LinkView[] = [
    ...serialLinks.map((l) => ({ name: l.linkName, state: () => l.state })),
    ...(mqttLink ? [{ name: `mqtt:${opts.mqtt!.url}`, state: () => mqttLink.state }] : []),
    ...firmataLinks.map((l) => ({ name: l.linkName, state: () => l.state })),
  ];
  // Plugins serve the venue to anyone on the network: give them the copy without device secrets.
  const ctx: HubContext = { venue: publicVenue(opts.venue), store, ingest, links, clock };
  const matches = new MatchManager(store, opts.venue, hubNow);
  matches.on('halted', (h) => storeHealth.halt({ table: h.table, match: h.match, reason: h.error.message, at: h.at }));
  await matches.restore();
  const { auth, madePin } = await Auth.load(
    store,
    opts.venue.tables.map((t) => t.id),
    pinSource(opts),
    { ...(opts.guessLimits ? { limits: opts.guessLimits } : {}), log },
  );
  const webhooks = new Webhooks({ urls: opts.webhooks ?? [] });
  const afterMs = opts.decisionDefaultMs === undefined ? 30_000 : opts.decisionDefaultMs;
  const defaults = afterMs === null ? null : new DecisionDefaults(matches, { afterMs, set: realTimers.set, clear: realTimers.clear, now: hubNow });
  const claimWindows = new ClaimWindows(matches, hubNow);
  const clocks = opts.gameClocks === false ? null : new GameClocks(matches, realTimers);
  matches.on('ended', (rec) => webhooks.matchEnded(rec));
  reportSensorRefusals(matches, ingest, hubNow);
  const calibrationRecords = acousticCalibrations(opts.calibrationFile, log);
  const wiring = wireAssemblers(
    opts.venue,
    ingest,
    matches,
    opts.assembler ?? {},
    realTimers,
    (e, table) => {
      // A store error has stopped the match and said so (halted); anything else is a bug to see.
      if ((e as { code?: unknown }).code !== 'AR_STORE_FAILED')
        log.error({ err: e, table }, `match: a sensor event of table ${table} could not go into its match: ${e.message}`);
    },
    (t) =>
      acousticHooks(
        t,
        profilesFrom(),
        () => {
          const m = matches.current(t.id);
          return m ? m.engine.report(m.state) : null;
        },
        // The layout the calibration assistant saved for the device (read when the hub starts), else the profile's nominal.
        (device, profile) => layoutFor(profile, calibrationRecords[device] ?? null),
      ),
  );
  // What a stop left half done: events the assemblers held, shots under way, questions waiting for their default.
  await resumeShots(store, opts.venue, matches, wiring);
  defaults?.resume(opts.venue.tables.map((t) => t.id));
  claimWindows.resume(opts.venue.tables.map((t) => t.id));
  clocks?.resume(opts.venue.tables.map((t) => t.id));

  installErrorHandler(app);
  await app.register(devicesPlugin, { hub: ctx, token: auth });
  await app.register(matchesPlugin, { hub: ctx, matches, token: auth });
  await app.register(recentPlugin, { hub: ctx, matches });
  // Redacted for everyone: a webhook URL often carries its credentials (hub/games/webhooks.ts).
  app.get('/api/webhooks', async () => webhooks.view());
  await app.register(healthPlugin, { hub: ctx, storeHealth, auth });
  await app.register(streamPlugin, { hub: ctx, matches, ...(opts.streamTickMs !== undefined ? { tickMs: opts.streamTickMs } : {}) });
  await app.register(playersPlugin, { hub: ctx, matches });
  await app.register(exportsPlugin, { hub: ctx, matches });
  await app.register(qrPlugin, { hub: ctx, token: auth });
  await app.register(calibrationPlugin, { hub: ctx, token: auth, file: opts.calibrationFile ?? null });
  await app.register(dashboardPlugin);

  let closed = false;
  return {
    ...ctx,
    app,
    matches,
    webhooks,
    storeHealth,
    auth,
    madePin,
    tableToken: (table) => auth.tableToken(table),
    async startLinks() {
      for (const l of serialLinks) l.start();
      for (const l of firmataLinks) l.start();
      if (mqttLink) await mqttLink.start();
      clock.start();
    },
    async close() {
      if (closed) return;
      closed = true;
      clock.stop();
      for (const a of wiring.assemblers) a.close();
      defaults?.close();
      clocks?.close();
      await Promise.all([...serialLinks.map((l) => l.close()), ...firmataLinks.map((l) => l.close()), mqttLink?.close()]);
      await app.close();
      await ingest.idle();
      await matches.idle();
      await store.close();
    },
  };
}

/** The devices' saved calibrations (their acoustic layouts); a file that cannot be read leaves the nominal layouts, said in the log. */
function acousticCalibrations(file: string | undefined, log: FastifyInstance['log']): Record<string, CalibrationRecord> {
  if (!file) return {};
  try {
    return readCalibration(file).devices;
  } catch (e) {
    log.warn(`calibration: ${(e as Error).message}; acoustic tables use their profiles' nominal speeds`);
    return {};
  }
}
