/**
 * What a table's hardware tells its rules engine. The engines read only the match log; the hub
 * knows the venue: each table's devices and their profiles (hardware/profiles/<id>.json). When a
 * match starts, the options its sensors imply are added to the `start` event's config, so the log
 * stays self-contained (a replay needs no venue). An option given when the match is started wins.
 *
 * Today one option: a pocket game (eight-ball, nine-ball) on a table none of whose profiled devices
 * has a ball-contact sensor (a piezo with `event: "contact"`) gets `contactSensor: false`, so the
 * engine asks the first contact and the rail instead of calling PB-SHOT-1 on every shot
 * (docs/games/pocket.md). A device profile the hub cannot read keeps the engine's default.
 */
import type { TableProfile } from '../../shared/profile';
import type { TableConfig } from '../../shared/venue';
import { PROFILES_DIR, readProfile } from '../profiles';

/** A device profile by id; undefined when there is none (or it does not match the schema). */
export type ProfileLookup = (id: string) => TableProfile | undefined;

/** Reads profiles from a directory (default hardware/profiles), at each call: a match start is rare. */
export function profilesFrom(dir: string = PROFILES_DIR): ProfileLookup {
  return (id) => {
    try {
      return readProfile(id, dir);
    } catch {
      return undefined;
    }
  };
}

const POCKET_GAMES = new Set(['eight-ball', 'nine-ball']);

const hasContactSensor = (p: TableProfile): boolean => p.sensors.some((s) => s.kind === 'piezo' && s.event === 'contact');

/** The engine options the table's devices imply (empty: the engine's defaults). */
export function sensorConfig(table: TableConfig, profiles: ProfileLookup): Record<string, unknown> {
  if (!POCKET_GAMES.has(table.game)) return {};
  const ids = table.devices.flatMap((d) => (d.profile === undefined ? [] : [d.profile]));
  if (ids.length === 0) return {};
  const found = ids.map(profiles);
  // A profile the hub cannot read might have a contact sensor: keep the default.
  if (found.some((p) => p === undefined)) return {};
  return found.some((p) => hasContactSensor(p!)) ? {} : { contactSensor: false };
}

/** The start event's config: the sensors' options, then the explicit ones over them. */
export function startConfig(table: TableConfig, explicit: Record<string, unknown> | undefined, profiles: ProfileLookup): Record<string, unknown> | undefined {
  const derived = sensorConfig(table, profiles);
  if (explicit === undefined && Object.keys(derived).length === 0) return undefined;
  return { ...derived, ...explicit };
}
