/**
 * Acoustic localisation, the shared half (issue #26): where a table's knock sensors sit, how fast
 * a knock travels to them, and what the hub makes of their arrival times.
 *
 * - A **rail piezo** sits at one end of its rail (profile: `kind: piezo`, `event: cushion`,
 *   `place` the rail `n`/`e`/`s`/`w`, `at` its position). A ball's knock on the rail reaches the
 *   rail's two sensors; the difference of their arrival times places the knock along the rail.
 * - A **slate piezo** sits under the bed (`event: contact`, `place: slate`, `at`). A ball–ball
 *   click reaches each slate sensor at a different time; the hub places it by time difference of
 *   arrival (multilateration).
 *
 * Coordinates are the simulator's (sim/physics/tables.ts): metres, x along the length from the
 * short rail `w`, y across from the long rail `s`; the bed is [0, width] × [0, height].
 * Node-side and browser-side types only: nothing here runs in the firmware.
 */
import { Type, type Static } from '@sinclair/typebox';

/** The rails of a rectangular table, as the profile's `place` of a rail piezo. */
export const RAILS = ['n', 'e', 's', 'w'] as const;
export type Rail = (typeof RAILS)[number];
export const SLATE = 'slate';

/**
 * A profile's nominal wave speeds (before calibration), m/s, and the bed the sensors are placed
 * on. The calibration (hub/acoustic/calibrate.ts) learns each table's own speeds and sensor delays.
 */
export const AcousticSpeeds = Type.Object(
  {
    railSpeed: Type.Number({ minimum: 100, maximum: 10000, description: 'nominal speed of a knock along a rail, m/s' }),
    slateSpeed: Type.Number({
      minimum: 100,
      maximum: 10000,
      description: 'nominal speed of a click through the slate, m/s (first arrival above the comparator)',
    }),
    width: Type.Number({ minimum: 0.5, maximum: 5, description: 'bed length (x), m' }),
    height: Type.Number({ minimum: 0.3, maximum: 3, description: 'bed width (y), m' }),
  },
  { additionalProperties: false, description: 'acoustic localisation: nominal wave speeds and the bed size (shared/tables/acoustic.ts)' },
);
export type AcousticSpeeds = Static<typeof AcousticSpeeds>;

/** One acoustic sensor of a table. */
export interface AcousticSensor {
  /** The profile's sensor id (protocol `s`). */
  id: string;
  surface: 'rail' | 'slate';
  /** The rail, for a rail sensor. */
  rail?: Rail;
  x: number;
  y: number;
}

/**
 * A table's acoustic layout as the localiser uses it: the sensors, and the speeds and per-sensor
 * delays (µs: cable, comparator, the sensor's coupling) the calibration learned, or the profile's
 * nominal speeds and no delays before calibration.
 */
export interface AcousticLayout {
  sensors: AcousticSensor[];
  railSpeed: number;
  slateSpeed: number;
  /** Per sensor id, µs added to every arrival at that sensor (absent: 0). */
  delaysUs: Record<string, number>;
  width: number;
  height: number;
  /** How the values were obtained: `nominal` (profile) or `calibrated` (with its error, cm). */
  source: { kind: 'nominal' } | { kind: 'calibrated'; at: string; medianCm: number; p95Cm: number };
}

/** One sensor's first arrival of a knock, stamped in the interrupt. */
export interface Arrival {
  /** Sensor id. */
  sensor: string;
  /** Device time, µs (the board's own clock: differences within one board are exact to its resolution). */
  us: number;
  /** The same instant on the hub timeline, ms. */
  at: number;
}

/**
 * A localised rail knock: the rail, the position along it (`along`, m from the rail's start:
 * x for n and s, y for e and w), the table point (x, y) on the cushion line, the estimated
 * instant of the knock on the hub timeline (arrival minus travel), and a 1-sigma error (m).
 */
export interface Knock {
  kind: 'knock';
  t: number;
  rail: Rail;
  along: number;
  x: number;
  y: number;
  sd: number;
  /** The sensors whose arrivals made it. */
  sensors: string[];
}

/** A localised ball–ball click on the bed. */
export interface Click {
  kind: 'click';
  t: number;
  x: number;
  y: number;
  sd: number;
  sensors: string[];
}

export type Localised = Knock | Click;

/** The acoustic sensors of a profile's sensor list, in profile order (those with `at` and a rail or slate place). */
export function acousticSensors(
  sensors: readonly { id: string; kind: string; place?: string; event?: string; at?: { x: number; y: number } }[],
): AcousticSensor[] {
  const out: AcousticSensor[] = [];
  for (const s of sensors) {
    if (s.kind !== 'piezo' || !s.at) continue;
    if (s.event === 'cushion' && (RAILS as readonly string[]).includes(s.place ?? ''))
      out.push({ id: s.id, surface: 'rail', rail: s.place as Rail, x: s.at.x, y: s.at.y });
    else if (s.event === 'contact' && s.place === SLATE) out.push({ id: s.id, surface: 'slate', x: s.at.x, y: s.at.y });
  }
  return out;
}

/** The nominal layout of a profile (before calibration); undefined when it has no acoustic sensors or no `acoustic` speeds. */
export function nominalLayout(profile: { sensors: Parameters<typeof acousticSensors>[0]; acoustic?: AcousticSpeeds }): AcousticLayout | undefined {
  const sensors = acousticSensors(profile.sensors);
  if (sensors.length === 0 || !profile.acoustic) return undefined;
  const a = profile.acoustic;
  return { sensors, railSpeed: a.railSpeed, slateSpeed: a.slateSpeed, delaysUs: {}, width: a.width, height: a.height, source: { kind: 'nominal' } };
}
