/**
 * The calibration API's records, as the hub makes them (hub/calibration/) and the dashboard reads
 * them (dashboard/src/calibration.ts): one type for both, no copy by hand. Types only.
 */
import type { SensorKindName } from '../sensors/kinds';
import type { Rail } from '../tables/acoustic';

/**
 * `quiet`, the kind of the sensor the step is about (kinds with a `calibration` in their
 * descriptor), or `acoustic`: the knocks at known points that teach the hub a table's wave speeds
 * and sensor delays (tables with acoustic sensors, hub/acoustic/).
 */
export type StepKind = 'quiet' | 'acoustic' | Exclude<SensorKindName, 'tag'>;

/** A point the acoustic step asks for a knock at (hub/acoustic/geometry.ts `calibrationPoints`). */
export interface AcousticPoint {
  /** `n3` (rail n, diamond 3) or `bed5` (the fifth bed point). */
  id: string;
  /** `rail`: a ball tapped on the cushion at a diamond; `slate`: a ball dropped from 2 cm onto the bed. */
  surface: 'rail' | 'slate';
  rail?: Rail;
  /**
   * Rail points: the diamond, counted from the rail's start (from rail w on n and s, from rail s
   * on e and w). Bed points: the long-rail diamond whose line crosses the short-rail one (`across`) there.
   */
  diamond: number;
  across?: number;
  /** Metres, x along the length from rail w, y across from rail s. */
  x: number;
  y: number;
}

/** The localisation error on the calibration knocks, cm: each knock placed by a fit made without it (leave-one-out). */
export interface AcousticError {
  medianCm: number;
  p95Cm: number;
  /** Knocks placed. */
  n: number;
}

/** What the acoustic step learned (hub/acoustic/calibrate.ts), stored with the device's calibration. */
export interface AcousticCalibration {
  /** m/s. */
  railSpeed: number;
  slateSpeed: number;
  /** Per sensor id, µs; a rail's two and the slate's sensors each average 0 (only differences can be measured). */
  delaysUs: Record<string, number>;
  /** Over every knock, and the cushion (along the rail) and bed ones apart; null when there were none of that surface. */
  error: AcousticError & { rail: AcousticError | null; slate: AcousticError | null };
  /** Knocks heard and matched to points, of the `asked`; arrivals left out of the fit as outliers. */
  knocks: number;
  asked: number;
  outliers: number;
  warnings: string[];
}

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
  /** The acoustic step's points, in the order asked for. */
  points?: AcousticPoint[];
}

export interface StepView extends CalibrationStep {
  /** Events recorded in this step, per sensor id. */
  seen: Record<string, number>;
  /** The acoustic step: knocks heard so far (groups of arrivals), and what they gave once the step was ended. */
  acoustic?: { heard: number; result: AcousticCalibration | null };
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
  /** Tables with acoustic sensors: the speeds and delays learned (hub/acoustic/layout.ts `layoutFor` reads them). */
  acoustic?: AcousticCalibration;
}
