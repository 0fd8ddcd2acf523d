/**
 * Calibration steps from a table profile: first a quiet period (the noise floor), then one step
 * per sensor that can be tuned ("hit rail n", "drop a ball in goal a", ...), and for a table with
 * acoustic sensors a last step of knocks at known points (hub/acoustic/step.ts). Pure: the same
 * profile gives the same plan. Tag readers have nothing to tune and get no step of their own.
 */
import type { SensorOptions, TableProfile } from '../../shared/profile';
import { kindOf } from '../../shared/sensors/kinds';
import type { CalibrationStep, StepKind } from '../../shared/api/calibration';
import { acousticInstruction, acousticPlan } from '../acoustic/step';

export type { StepKind, CalibrationStep } from '../../shared/api/calibration';

/** Hits and balls asked for per step: enough for a minimum and a spread, short enough to do. */
export const HITS_PER_STEP = 5;

function instructionFor(s: SensorOptions): string {
  return kindOf(s).calibration?.instruction(s, HITS_PER_STEP) ?? '';
}

/** The steps for one device's profile: `quiet` first, then each tunable sensor in profile order. */
export function planFor(profile: TableProfile): CalibrationStep[] {
  const steps: CalibrationStep[] = [
    {
      id: 'quiet',
      kind: 'quiet',
      sensor: null,
      event: null,
      place: null,
      count: 0,
      instruction: 'Leave the table alone for ten seconds: nobody touches it, the room as during play (music, fans). This measures the noise.',
    },
  ];
  for (const s of profile.sensors) {
    const kind = kindOf(s);
    if (!kind.calibration) continue;
    steps.push({
      id: s.id,
      kind: s.kind as StepKind,
      sensor: s.id,
      event: kind.event(s) ?? null,
      place: s.place ?? null,
      count: HITS_PER_STEP,
      instruction: instructionFor(s),
    });
  }
  // After the sensors' own steps: their thresholds set, the knocks are heard as in play.
  const acoustic = acousticPlan(profile);
  if (acoustic)
    steps.push({
      id: ACOUSTIC_STEP,
      kind: 'acoustic',
      sensor: null,
      event: null,
      place: null,
      count: acoustic.points.length,
      instruction: acousticInstruction(acoustic.points),
      points: acoustic.points,
    });
  return steps;
}

/** The acoustic step's id (no sensor is called that: sensor ids are the profile's, and this one is not a sensor's kind). */
export const ACOUSTIC_STEP = 'acoustic';

/** The values the device runs with now for the options calibration touches (profile + defaults). */
export function currentOptions(s: SensorOptions): Record<string, number> {
  return kindOf(s).calibration?.current(s) ?? {};
}

/**
 * Raw mode for the calibration: the firmware filters (debounce, shortest pulse, dead time) are
 * lowered so the bounce, the noise pulses and the ringing reach the hub and can be measured.
 */
export function rawOptions(profile: TableProfile): Record<string, number> {
  const set: Record<string, number> = {};
  for (const s of profile.sensors) {
    const raw = kindOf(s).calibration?.raw(s) ?? {};
    for (const [opt, v] of Object.entries(raw)) set[`${s.id}.${opt}`] = v;
  }
  return set;
}

/** The profile's own values for everything rawOptions changes: what a cancelled session restores. */
export function profileOptions(profile: TableProfile): Record<string, number> {
  const set: Record<string, number> = {};
  for (const s of profile.sensors) {
    const cur = currentOptions(s);
    for (const opt of Object.keys(kindOf(s).calibration?.raw(s) ?? {})) set[`${s.id}.${opt}`] = cur[opt]!;
  }
  return set;
}

/**
 * Splits a `cfg` set into commands of at most `per` keys, so each command line stays well under
 * the protocol's 512 bytes (a key and value take about 25 bytes).
 */
export function chunkSet(set: Record<string, number>, per = 8): Record<string, number>[] {
  const keys = Object.keys(set);
  const out: Record<string, number>[] = [];
  for (let i = 0; i < keys.length; i += per) out.push(Object.fromEntries(keys.slice(i, i + per).map((k) => [k, set[k]!])));
  return out;
}
