/**
 * The calibration assistant's API (docs/calibration.md): start a session for a device of a
 * table, walk its steps while the hub records the device's events, read the suggestions, apply
 * them (a `cfg` to the device and the calibration file beside the venue config) or cancel
 * (the profile's values go back to the device). A device that says hello again (a reboot loses
 * `cfg` values) gets its stored calibration again. The command line `autoref calibrate` and the
 * dashboard use the same calls. A device that cannot be reached is reported (`sent: false`),
 * never an error: the values are still stored and can be sent again.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { HubContext } from '../context';
import { PROTOCOL_VERSION } from '../../shared/protocol/wire';
import { AutorefError } from '../../shared/errors';
import type { TableProfile } from '../../shared/profile';
import type { DeviceConfig, TableConfig } from '../../shared/venue';
import type { StoredDeviceEvent } from '../store/types';
import type { DeviceMessage } from '../../shared/protocol/schema';
import { CalibrationSession, type CalibrationRecord } from '../calibration/session';
import { chunkSet, profileOptions, rawOptions } from '../calibration/plan';
import { readCalibration, saveCalibration } from '../calibration/file';
import { requireVenue, type Auth } from './auth';
import { PROFILES_DIR, readProfile } from '../profiles';

export interface CalibrationPluginOptions {
  hub: HubContext;
  token: Auth;
  /** The calibration file (beside the venue config); null: results are kept in memory only. */
  file: string | null;
  profilesDir?: string;
  now?: () => Date;
}

const TableParams = Type.Object({ table: Type.String({ maxLength: 32 }) });
const SessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const StartBody = Type.Object(
  { table: Type.String({ maxLength: 32 }), device: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);
const GoToBody = Type.Object({ step: Type.Integer({ minimum: 0, maximum: 64 }) }, { additionalProperties: false });

export const calibrationPlugin: FastifyPluginAsync<CalibrationPluginOptions> = async (app, opts) => {
  const { hub, token } = opts;
  const dir = opts.profilesDir ?? PROFILES_DIR;
  const now = opts.now ?? (() => new Date());
  const venueOnly = { onRequest: requireVenue(token) };
  const sessions = new Map<string, CalibrationSession>();
  const stored = new Map<string, CalibrationRecord>(opts.file ? Object.entries(readCalibration(opts.file).devices) : []);

  const loadProfile = (id: string): TableProfile => readProfile(id, dir);

  function tableOf(id: string): TableConfig {
    const t = hub.venue.tables.find((x) => x.id === id);
    if (!t) throw new AutorefError('AR_NOT_FOUND', `table ${id}`);
    return t;
  }

  function sessionOf(id: string): CalibrationSession {
    const s = sessions.get(id);
    if (!s) throw new AutorefError('AR_NOT_FOUND', `calibration session ${id}`);
    return s;
  }

  /** Sends a set as cfg commands; false when the device has not spoken on any link. */
  function sendSet(device: string, set: Record<string, number>): boolean {
    let ok = true;
    for (const part of chunkSet(set)) ok = hub.ingest.sendTo(device, { v: PROTOCOL_VERSION, k: 'cfg', set: part }) && ok;
    return ok;
  }

  const onEvent = (e: StoredDeviceEvent): void => {
    for (const s of sessions.values()) s.record(e.event);
  };
  /**
   * `cfg` changes live in the board's RAM: after every boot or reconnect (its hello) a device
   * gets its stored calibration again, or the raw mode when a session for it is open. Only when
   * the hello names the profile the values were made for.
   */
  const onMessage = (m: DeviceMessage): void => {
    if (m.k !== 'hi') return;
    const open = [...sessions.values()].find((s) => s.device === m.d);
    if (open) {
      if (m.prof === open.profile.id) sendSet(m.d, rawOptions(open.profile));
      return;
    }
    const rec = stored.get(m.d);
    if (rec && rec.profile === m.prof) sendSet(m.d, rec.set);
  };
  hub.ingest.on('device-event', onEvent);
  hub.ingest.on('device-message', onMessage);
  app.addHook('onClose', async () => {
    hub.ingest.off('device-event', onEvent);
    hub.ingest.off('device-message', onMessage);
  });

  const withSuggestions = (s: CalibrationSession) => ({ session: s.view(), suggestions: s.suggestions() });

  /** A table's devices, whether each can be calibrated, their stored calibration and open sessions. */
  app.get('/api/calibration/tables/:table', { schema: { params: TableParams } }, async (req) => {
    const t = tableOf((req.params as { table: string }).table);
    return {
      table: t.id,
      devices: t.devices.map((d: DeviceConfig) => ({ device: d.id, profile: d.profile ?? null, calibration: stored.get(d.id) ?? null })),
      sessions: [...sessions.values()].filter((s) => s.table === t.id).map((s) => s.view()),
    };
  });

  app.post('/api/calibration/sessions', { ...venueOnly, schema: { body: StartBody } }, async (req, reply) => {
    const body = req.body as { table: string; device?: string };
    const t = tableOf(body.table);
    const d = body.device ? t.devices.find((x) => x.id === body.device) : t.devices.find((x) => x.profile);
    if (!d) throw new AutorefError('AR_NOT_FOUND', body.device ? `device ${body.device} on table ${t.id}` : `a device with a profile on table ${t.id}`);
    if (!d.profile) throw new AutorefError('AR_CONFIG', `device ${d.id} has no profile in the venue config`);
    const profile = loadProfile(d.profile);
    for (const [id, s] of sessions) if (s.device === d.id) sessions.delete(id);
    const s = new CalibrationSession(randomUUID(), t.id, d.id, profile);
    sessions.set(s.id, s);
    const sent = sendSet(d.id, rawOptions(profile));
    void reply.status(201);
    return { ...withSuggestions(s), sent };
  });

  app.get('/api/calibration/sessions/:id', { schema: { params: SessionParams } }, async (req) => withSuggestions(sessionOf((req.params as { id: string }).id)));

  app.post('/api/calibration/sessions/:id/next', { ...venueOnly, schema: { params: SessionParams } }, async (req) => {
    const s = sessionOf((req.params as { id: string }).id);
    s.next();
    return withSuggestions(s);
  });

  app.post('/api/calibration/sessions/:id/redo', { ...venueOnly, schema: { params: SessionParams } }, async (req) => {
    const s = sessionOf((req.params as { id: string }).id);
    s.redo();
    return withSuggestions(s);
  });

  app.post('/api/calibration/sessions/:id/goto', { ...venueOnly, schema: { params: SessionParams, body: GoToBody } }, async (req) => {
    const s = sessionOf((req.params as { id: string }).id);
    const step = (req.body as { step: number }).step;
    if (step > s.view().current || step >= s.steps.length) throw new AutorefError('AR_BAD_REQUEST', `step ${step} has not been reached`);
    s.goTo(step);
    return withSuggestions(s);
  });

  /** Sends the suggested values (and the profile's for the rest) and stores the record. */
  app.post('/api/calibration/sessions/:id/apply', { ...venueOnly, schema: { params: SessionParams } }, async (req) => {
    const s = sessionOf((req.params as { id: string }).id);
    const record = s.result(now());
    const sent = sendSet(s.device, record.set);
    stored.set(s.device, record);
    if (opts.file) saveCalibration(opts.file, record);
    sessions.delete(s.id);
    return { record, sent, file: opts.file };
  });

  /** Cancels: the device goes back to what it ran before, its stored calibration or else its profile's values. */
  app.delete('/api/calibration/sessions/:id', { ...venueOnly, schema: { params: SessionParams } }, async (req) => {
    const s = sessionOf((req.params as { id: string }).id);
    sessions.delete(s.id);
    const rec = stored.get(s.device);
    return { sent: sendSet(s.device, { ...profileOptions(s.profile), ...(rec && rec.profile === s.profile.id ? rec.set : {}) }) };
  });
};
