/**
 * The acoustic table of the yardstick (issue #26): the physical table drawn around the profile's
 * nominal speeds (sim/signals/waves.ts), calibrated as the staff would calibrate it — a knock on
 * every diamond and a ball dropped on the marked points, through the real firmware bundle, into the
 * hub's own calibration (hub/acoustic/step.ts) — so the hub localises with what it learned, not
 * with the simulator's true values.
 */
import { FirmwareTable } from '../../sim/signals/firmware';
import { acousticTable, type AcousticTable } from '../../sim/signals/waves';
import { calibrationKnocks } from '../../sim/signals/calibration-knocks';
import type { NoiseOptions } from '../../sim/signals/signals';
import { nominalLayout, type AcousticLayout } from '../../shared/tables/acoustic';
import { acousticResult } from '../../hub/acoustic/step';
import type { AcousticCalibration } from '../../shared/api/calibration';

export interface CalibratedTable {
  table: AcousticTable;
  layout: AcousticLayout;
  result: AcousticCalibration;
}

/** A table instance for `profile` (seeded) and the layout its calibration session gives; undefined for a profile without acoustic sensors. */
export function calibratedTable(profile: string, seed: number, noise: NoiseOptions): CalibratedTable | undefined {
  const fw = new FirmwareTable({ profile, device: 'cal-a', table: 'cal' });
  try {
    const nominal = nominalLayout(fw.profile);
    if (!nominal) return undefined;
    const table = acousticTable(nominal, seed);
    const session = calibrationKnocks(nominal, table, { profile: fw.profile, noise, seed });
    const fired = fw.play(session.edges, session.durationUs);
    const result = acousticResult(
      fw.profile,
      fired.map((e) => ({ s: e.s!, b: e.b, t: e.t })),
    );
    if (!result) return undefined;
    const layout: AcousticLayout = {
      ...nominal,
      railSpeed: result.railSpeed,
      slateSpeed: result.slateSpeed,
      delaysUs: result.delaysUs,
      source: { kind: 'calibrated', at: 'bench', medianCm: result.error.medianCm, p95Cm: result.error.p95Cm },
    };
    return { table, layout, result };
  } finally {
    fw.stop();
  }
}
