/**
 * `autoref start --firmata <file>`: the Arduinos running StandardFirmata, one entry per board
 * (docs/firmata.md). The venue file says which devices are Firmata boards; this file says how each
 * board is wired, which the venue schema has no place for:
 *
 *   [ { "device": "p1-a", "path": "/dev/ttyACM0", "profile": "pool",
 *       "pins": { "jaw1": 2, "drop1": 3, "out": { "pin": "A2", "pullup": true } } } ]
 *
 * `profile` is a table profile id (hardware/profiles/<id>.json); `path` may be left out when the
 * venue gives the device one.
 */
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AutorefError } from '../../shared/errors';
import type { VenueConfig } from '../../shared/venue';
import type { FirmataLinkOptions } from '../ingest/firmata';
import { readProfile } from '../profiles';

const Pin = Type.Union([Type.Integer({ minimum: 0, maximum: 127 }), Type.String({ maxLength: 4 })]);
const Board = Type.Object(
  {
    device: Type.String({ maxLength: 64 }),
    path: Type.Optional(Type.String({ maxLength: 200 })),
    profile: Type.String({ maxLength: 64 }),
    pins: Type.Record(
      Type.String({ maxLength: 64 }),
      Type.Union([Pin, Type.Object({ pin: Pin, pullup: Type.Optional(Type.Boolean()) }, { additionalProperties: false })]),
    ),
    baudRate: Type.Optional(Type.Integer({ minimum: 300, maximum: 2_000_000 })),
  },
  { additionalProperties: false },
);
export const FirmataBoards = Type.Array(Board, { maxItems: 200 });
export type FirmataBoards = Static<typeof FirmataBoards>;

type BoardOptions = Omit<FirmataLinkOptions, 'io' | 'clock'>;

/** Checks the boards against the venue and reads their profiles; AR_CONFIG with the reason otherwise. */
export function firmataBoards(data: unknown, venue: VenueConfig, profilesDir?: string): BoardOptions[] {
  if (!Value.Check(FirmataBoards, data)) {
    const err = Value.Errors(FirmataBoards, data).First();
    throw new AutorefError('AR_CONFIG', `firmata boards: ${err?.path || '(root)'} ${err?.message ?? 'invalid'}`);
  }
  const devices = new Map(venue.tables.flatMap((t) => t.devices.map((d) => [d.id, d] as const)));
  const paths = new Set<string>();
  return data.map((b, i) => {
    const at = `firmata boards: /${i}`;
    const d = devices.get(b.device);
    if (!d) throw new AutorefError('AR_CONFIG', `${at} device ${b.device} is not in venue ${venue.id}`);
    if (d.link !== 'firmata') throw new AutorefError('AR_CONFIG', `${at} device ${b.device} has link "${d.link}" in the venue, not "firmata"`);
    const path = b.path ?? d.path;
    if (path === undefined) throw new AutorefError('AR_CONFIG', `${at} device ${b.device}: no port path, here or in the venue`);
    if (paths.has(path)) throw new AutorefError('AR_CONFIG', `${at} port ${path} is given to two boards`);
    paths.add(path);
    return {
      device: b.device,
      path,
      profile: readProfile(b.profile, profilesDir),
      pins: b.pins,
      ...(b.baudRate !== undefined ? { baudRate: b.baudRate } : {}),
    };
  });
}

/** The boards file at `file`, checked (firmataBoards). */
export function loadFirmataBoards(file: string, venue: VenueConfig): BoardOptions[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AutorefError('AR_CONFIG', `${file}: ${(e as Error).message}`);
  }
  return firmataBoards(data, venue);
}
