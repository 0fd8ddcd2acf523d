/**
 * The table profiles the hub reads (hardware/profiles/<id>.json): for calibration and for the
 * engine options a table's sensors imply.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { TableProfile } from '../shared/profile';
import { AutorefError } from '../shared/errors';
import { projectRoot } from '../shared/project-root';

export const PROFILES_DIR = path.join(projectRoot(), 'hardware/profiles');

/** A profile by id, checked against its schema; AR_CONFIG when it cannot be read or does not match. */
export function readProfile(id: string, dir: string = PROFILES_DIR): TableProfile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(dir, `${path.basename(id)}.json`), 'utf8'));
  } catch (e) {
    throw new AutorefError('AR_CONFIG', `profile ${id}: ${(e as Error).message}`);
  }
  if (!Value.Check(TableProfile, data)) throw new AutorefError('AR_CONFIG', `profile ${id} does not match the profile schema`);
  return data;
}
