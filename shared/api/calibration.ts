/**
 * The calibration API's records, as the hub makes them (hub/calibration/) and the dashboard reads
 * them (dashboard/src/calibration.ts): one type for both, no copy by hand. Types only.
 */
import type { SensorKindName } from '../sensors/kinds';

/** `quiet`, or the kind of the sensor the step is about (kinds with a `calibration` in their descriptor). */
export type StepKind = 'quiet' | Exclude<SensorKindName, 'tag'>;

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

export interface StepView extends CalibrationStep {
  /** Events recorded in this step, per sensor id. */
  seen: Record<string, number>;
}

export interface SessionView {
  id: string;
  table: string;
  device: string;
  profile: string;
  /** Index of the current step; equals steps.length when every step is done. */
  current: number;
  done: boolean;
  steps: StepView[];
}

export interface Suggestion {
  sensor: string;
  kind: SensorKindName;
  place: string | null;
  /** The values for the device: `cfg` keys `<sensor>.<option>`. Empty when nothing can be said. */
  set: Record<string, number>;
  /** Comparator threshold for piezos with a level pin: per mille of full scale and volts. */
  threshold: { permille: number; volts: number } | null;
  evidence: {
    hits: number;
    asked: number;
    /** Piezo levels (m) or beam widths (w, µs) of the real hits, one per hit (its peak or longest). */
    real: number[];
    /** Levels or widths seen when nothing was done to this sensor (quiet step, crosstalk, bounce). */
    noise: number[];
    /** Longest ringing (piezo) or bounce gap (beam), ms; null when none was seen. */
    ringMs: number | null;
    /** Events of other sensors during this sensor's step. */
    crosstalk: Record<string, number>;
    rattles: number;
  };
  method: string[];
  warnings: string[];
}

/** What is stored after a calibration: per device, in the JSON file beside the venue config. */
export interface CalibrationRecord {
  table: string;
  device: string;
  profile: string;
  /** ISO time the values were applied. */
  at: string;
  /** The `cfg` set sent to the device. */
  set: Record<string, number>;
  /** Comparator thresholds to set by hand (per mille of full scale, volts), per sensor. */
  thresholds: Record<string, { permille: number; volts: number }>;
  suggestions: Suggestion[];
}
