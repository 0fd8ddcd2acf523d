/**
 * The acoustic layout a table's localiser runs with: the profile's sensors, with the speeds and
 * delays of the device's last applied calibration when it has one for this profile (the
 * calibration file, hub/calibration/file.ts), else the profile's nominal speeds and no delays.
 */
import type { TableProfile } from '../../shared/profile';
import type { CalibrationRecord } from '../../shared/api/calibration';
import { nominalLayout, type AcousticLayout } from '../../shared/tables/acoustic';

/** The layout for a device's profile and its stored calibration record (or none); undefined when the profile has no acoustic sensors. */
export function layoutFor(profile: TableProfile, record?: CalibrationRecord | null): AcousticLayout | undefined {
  const nominal = nominalLayout(profile);
  if (!nominal) return undefined;
  const a = record?.profile === profile.id ? record.acoustic : undefined;
  // A file edited by hand may say anything: speeds that are not speeds leave the nominal layout.
  if (!a || !(a.railSpeed >= 100 && a.railSpeed <= 10000 && a.slateSpeed >= 100 && a.slateSpeed <= 10000)) return nominal;
  // Only the sensors the profile still has: a delay of a sensor since removed means nothing.
  // Own keys only, read and written (a sensor id may be `constructor` or `__proto__`).
  const delaysUs: Record<string, number> = Object.fromEntries(
    nominal.sensors.flatMap((s) => {
      const d = Object.hasOwn(a.delaysUs, s.id) ? a.delaysUs[s.id] : undefined;
      return typeof d === 'number' && Number.isFinite(d) ? [[s.id, d]] : [];
    }),
  );
  return {
    ...nominal,
    railSpeed: a.railSpeed,
    slateSpeed: a.slateSpeed,
    delaysUs,
    source: { kind: 'calibrated', at: record!.at, medianCm: a.error.medianCm, p95Cm: a.error.p95Cm },
  };
}
