/**
 * Builds the hub: store, ingest, links and the fastify app, without listening, so tests can
 * `inject()` or listen on port 0 themselves.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { publicVenue, type VenueConfig } from '../shared/venue';
import { openStore } from './store/open';
import { Ingest } from './ingest/pipeline';
import { SerialLink, type SerialLinkOptions } from './ingest/serial';
import { MqttLink, type MqttLinkOptions } from './ingest/mqtt';
import { FirmataLink, type FirmataLinkOptions } from './ingest/firmata';
import type { HubContext, LinkView } from './context';
import { ClockSync, type ClockSyncOptions } from './time/sync';
import { hubNow } from './time/hub-clock';
import { MatchManager } from './games/matches';
import { realTimers, wireAssemblers } from './games/wiring';
import { resumeShots } from './games/resume';
import { Webhooks } from './games/webhooks';
import { DecisionDefaults } from './games/defaults';
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
import { calibrationPlugin } from './api/calibration';

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
  logger?: boolean;
  /** URLs that get a POST when a match ends. */
  webhooks?: string[];
  /** Apply a pending decision's default after this long without an answer; null: never. */
  decisionDefaultMs?: number | null;
  /** How often the stream sends its `tick` (ms); tests shorten it. */
  streamTickMs?: number;
  /** Run the engines' clocks (shot, turn and stroke clocks, timeouts); default true. */
  gameClocks?: boolean;
  /** Venue token for every write to the API; null: writes are open (demo only). */
  token?: string | null;
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
  /** Opens the links (serial ports, MQTT). Resolves when MQTT is subscribed. */
  startLinks(): Promise<void>;
  close(): Promise<void>;
}

export async function buildHub(opts: HubOptions): Promise<Hub> {
  const store = await openStore(opts.storePath);
  const ingest = new Ingest(store, opts.venue);
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
  await matches.restore();
  const webhooks = new Webhooks({ urls: opts.webhooks ?? [] });
  const afterMs = opts.decisionDefaultMs === undefined ? 30_000 : opts.decisionDefaultMs;
  const defaults = afterMs === null ? null : new DecisionDefaults(matches, { afterMs, set: realTimers.set, clear: realTimers.clear });
  const clocks = opts.gameClocks === false ? null : new GameClocks(matches, realTimers);
  matches.on('ended', (rec) => webhooks.matchEnded(rec));
  const wiring = wireAssemblers(opts.venue, ingest, matches, opts.assembler ?? {});
  // What a stop left half done: events the assemblers held, shots under way, questions waiting for their default.
  await resumeShots(store, opts.venue, matches, wiring);
  defaults?.resume(opts.venue.tables.map((t) => t.id));
  clocks?.resume(opts.venue.tables.map((t) => t.id));

  // removeAdditional off: with it, Ajv strips fields while trying the first branch of a union
  // (game events are a union) and the right branch then fails. Unknown fields are refused instead.
  const app = Fastify({ logger: opts.logger ?? false, ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array' } } });
  installErrorHandler(app);
  await app.register(devicesPlugin, { hub: ctx, token: opts.token ?? null });
  await app.register(matchesPlugin, { hub: ctx, matches, token: opts.token ?? null });
  app.get('/api/webhooks', async () => ({ urls: opts.webhooks ?? [], deliveries: webhooks.deliveries }));
  await app.register(streamPlugin, { hub: ctx, matches, ...(opts.streamTickMs !== undefined ? { tickMs: opts.streamTickMs } : {}) });
  await app.register(playersPlugin, { hub: ctx, matches });
  await app.register(exportsPlugin, { hub: ctx, matches });
  await app.register(qrPlugin, { hub: ctx, token: opts.token ?? null });
  await app.register(calibrationPlugin, { hub: ctx, token: opts.token ?? null, file: opts.calibrationFile ?? null });
  await app.register(dashboardPlugin);

  let closed = false;
  return {
    ...ctx,
    app,
    matches,
    webhooks,
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
