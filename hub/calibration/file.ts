/**
 * The calibration file beside the venue config (`my-bar.json` → `my-bar.calibration.json`):
 * the last applied calibration of each device. The only module of hub/calibration that touches
 * the disk; it writes through a temporary file so a crash never leaves half a file.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AutorefError } from '../../shared/errors';
import type { CalibrationRecord } from './session';

export interface CalibrationFile {
  version: 1;
  devices: Record<string, CalibrationRecord>;
}

/** Where the calibration of a venue config file is kept. */
export function calibrationPathFor(venueFile: string): string {
  const dir = path.dirname(venueFile);
  const base = path.basename(venueFile).replace(/\.json$/i, '');
  return path.join(dir, `${base}.calibration.json`);
}

export function readCalibration(file: string): CalibrationFile {
  if (!existsSync(file)) return { version: 1, devices: {} };
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile;
    if (data.version !== 1 || typeof data.devices !== 'object' || data.devices === null) throw new Error('not a calibration file (version 1)');
    return data;
  } catch (e) {
    throw new AutorefError('AR_CONFIG', `${file}: ${(e as Error).message}`);
  }
}

/** Stores one device's record, keeping the others. */
export function saveCalibration(file: string, rec: CalibrationRecord): CalibrationFile {
  const data = readCalibration(file);
  data.devices[rec.device] = rec;
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n');
  renameSync(tmp, file);
  return data;
}
