/**
 * What a table's hardware tells its rules engine. The engines read only the match log; the hub
 * knows the venue: each table's devices and their profiles (hardware/profiles/<id>.json). When a
 * match starts, the options its sensors imply are added to the `start` event's config, so the log
 * stays self-contained (a replay needs no venue). An option given when the match is started wins.
 *
 * The hub knows no game here: it lists the table's sensors (`TableSensors`) and the game's engine
 * says what they mean for a match (`tableOptions` of the RulesEngine, reached through the
 * registry). Today: golf billiards takes its goals (and the colours a goal's colour sensor names)
 * from the goal beams' places, so the `a`/`b` the firmware reports are the match's goals wherever
 * it is started; a pool game on a table without a ball-contact sensor gets `contactSensor:
 * false` (docs/games/pool.md). A device profile the hub cannot read makes the list incomplete.
 */
import type { TableSensors } from '../../shared/game/engine';
import type { PlayerSetup } from '../../shared/game/events';
import type { SensorOptions, TableProfile } from '../../shared/profile';
import type { TableConfig } from '../../shared/venue';
import { getEngine } from '../rules/registry';
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

/** The event a sensor reports (a pocket: `pocket`, with `rattle` for a ball that came back out). */
function eventOf(s: SensorOptions): string {
  return 'event' in s && s.event !== undefined ? s.event : s.kind;
}

/**
 * The table's sensors from its devices' profiles, in venue and profile order. A device without a
 * profile says nothing; with no profiled device, or one whose profile cannot be read, the list is
 * not complete.
 */
export function tableSensors(table: TableConfig, profiles: ProfileLookup): TableSensors {
  const sensors: TableSensors['sensors'] = [];
  let complete = table.devices.some((d) => d.profile !== undefined);
  for (const d of table.devices) {
    if (d.profile === undefined) continue;
    const p = profiles(d.profile);
    if (!p) {
      complete = false;
      continue;
    }
    for (const s of p.sensors) {
      const balls = s.kind === 'beam' && s.colour ? s.colour.balls.map((b) => b.id) : undefined;
      sensors.push({ device: d.id, kind: s.kind, event: eventOf(s), ...(s.place !== undefined ? { place: s.place } : {}), ...(balls ? { balls } : {}) });
    }
  }
  return { sensors, complete };
}

/** The engine options the table's devices imply for these players (empty: the engine's defaults). */
export function sensorConfig(table: TableConfig, players: readonly PlayerSetup[], profiles: ProfileLookup): Record<string, unknown> {
  const engine = getEngine(table.game);
  return engine?.tableOptions?.(tableSensors(table, profiles), players) ?? {};
}

/** The start event's config: the sensors' options, then the explicit ones over them. */
export function startConfig(
  table: TableConfig,
  players: readonly PlayerSetup[],
  explicit: Record<string, unknown> | undefined,
  profiles: ProfileLookup,
): Record<string, unknown> | undefined {
  const derived = sensorConfig(table, players, profiles);
  if (explicit === undefined && Object.keys(derived).length === 0) return undefined;
  return { ...derived, ...explicit };
}
