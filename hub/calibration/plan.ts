/**
 * Calibration steps from a table profile: first a quiet period (the noise floor), then one step
 * per sensor that can be tuned ("hit rail n", "drop a ball in goal a", ...). Pure: the same
 * profile gives the same plan. Tag readers have nothing to tune and get no step of their own.
 */
import { PROFILE_DEFAULTS, type SensorOptions, type TableProfile } from '../../shared/profile';

export type StepKind = 'quiet' | 'beam' | 'pocket' | 'piezo';

export interface CalibrationStep {
  /** Step id, unique in the plan: `quiet` or the sensor id. */
  id: string;
  kind: StepKind;
  /** Sensor the step is about; null for the quiet step. */
  sensor: string | null;
  /** Event type the sensor sends (`cushion`, `goal`, ...); null for the quiet step. */
  event: string | null;
  place: string | null;
  /** How many separate hits or balls the user is asked for. */
  count: number;
  instruction: string;
}

/** Hits and balls asked for per step: enough for a minimum and a spread, short enough to do. */
export const HITS_PER_STEP = 5;

function where(s: SensorOptions): string {
  return s.place ? ` ${s.place}` : '';
}

function instructionFor(s: SensorOptions): string {
  const n = HITS_PER_STEP;
  if (s.kind === 'pocket') return `Roll a ball into pocket${where(s)} ${n} times, one at a time: slow ones and one fast one.`;
  if (s.kind === 'piezo') {
    if (s.event === 'cushion')
      return `Roll a ball into rail${where(s)} ${n} times, a second apart: from the softest touch you want counted to a hard shot.`;
    if (s.event === 'contact') return `Click two balls together on the${where(s)} part of the bed ${n} times, a second apart: soft to firm.`;
    return `Play ${n} strokes from the tee${where(s)}, a few seconds apart: a short putt first, then harder.`;
  }
  if (s.kind === 'beam') {
    if (s.event === 'goal') return `Drop a ball into goal${where(s)} ${n} times, one at a time: slow ones and one fast one.`;
    if (s.event === 'hole') return `Drop a ball into the cup${where(s)} ${n} times, one at a time.`;
    return `Pass a ball through the out-of-table beam${where(s)} ${n} times (lift it over the rail where the beam runs).`;
  }
  return '';
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
    if (s.kind === 'tag') continue;
    steps.push({ id: s.id, kind: s.kind, sensor: s.id, event: s.kind === 'pocket' ? 'pocket' : s.event, place: s.place ?? null, count: HITS_PER_STEP, instruction: instructionFor(s) });
  }
  return steps;
}

/** The values the device runs with now for the options calibration touches (profile + defaults). */
export function currentOptions(s: SensorOptions): Record<string, number> {
  if (s.kind === 'tag') return {};
  if (s.kind === 'piezo') return { debounceMs: s.debounceMs ?? PROFILE_DEFAULTS.debounceMs.piezo, deadMs: s.deadMs ?? PROFILE_DEFAULTS.deadMs };
  const o: Record<string, number> = {
    debounceMs: s.debounceMs ?? PROFILE_DEFAULTS.debounceMs[s.kind],
    minWidthUs: s.minWidthUs ?? PROFILE_DEFAULTS.minWidthUs,
  };
  if (s.kind === 'pocket') o['captureMs'] = s.captureMs ?? PROFILE_DEFAULTS.captureMs;
  return o;
}

/**
 * Raw mode for the calibration: the firmware filters (debounce, shortest pulse, dead time) are
 * lowered so the bounce, the noise pulses and the ringing reach the hub and can be measured.
 */
export function rawOptions(profile: TableProfile): Record<string, number> {
  const set: Record<string, number> = {};
  for (const s of profile.sensors) {
    if (s.kind === 'piezo') set[`${s.id}.deadMs`] = 1;
    else if (s.kind === 'beam' || s.kind === 'pocket') {
      set[`${s.id}.debounceMs`] = 0;
      set[`${s.id}.minWidthUs`] = 0;
    }
  }
  return set;
}

/** The profile's own values for everything rawOptions changes: what a cancelled session restores. */
export function profileOptions(profile: TableProfile): Record<string, number> {
  const set: Record<string, number> = {};
  for (const s of profile.sensors) {
    const cur = currentOptions(s);
    if (s.kind === 'piezo') set[`${s.id}.deadMs`] = cur['deadMs']!;
    else if (s.kind === 'beam' || s.kind === 'pocket') {
      set[`${s.id}.debounceMs`] = cur['debounceMs']!;
      set[`${s.id}.minWidthUs`] = cur['minWidthUs']!;
    }
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
