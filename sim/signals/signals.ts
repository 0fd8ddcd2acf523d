/**
 * From the ground truth to what a table's sensors put on their pins: edge times per logical pin
 * of the table profile (hardware/profiles/*.json), with the imperfections of real wiring: timing
 * jitter, missed and doubled edges, spurious pulses, and a board clock that drifts.
 *
 * Sensor electrics (docs/firmware.md): a piezo behind a comparator gives an active-high pulse of
 * ~100 µs per knock; a break beam is active low while a ball blocks it; a pocket has a jaw beam and
 * a drop beam below it.
 */
import type { SensorOptions, TableProfile } from '../../shared/profile';
import { gauss, rng } from '../physics/rng';
import type { TableSpec, TruthEvent } from '../physics/world';

export interface Edge {
  /** Logical pin of the profile. */
  pin: string;
  /** Board time, µs from the start of the shot (drift applied). */
  us: number;
  level: 0 | 1;
  /** The colour the beam's colour sensor sees while blocked (golf billiards goal A). */
  colour?: string;
}

export interface NoiseOptions {
  /** Standard deviation of edge time jitter, µs. */
  jitterUs: number;
  /** Chance that a pulse is not seen at all (a knock too soft for the comparator). */
  missed: number;
  /** Chance that a pulse comes twice (ringing), the second 1-8 ms after. */
  doubled: number;
  /** Spurious piezo pulses per second and sensor (bar noise, a glass on the rail). */
  spuriousPerS: number;
  /** Board clock rate error (0.001: runs 0.1 % fast). */
  drift: number;
}

export const NO_NOISE: NoiseOptions = { jitterUs: 0, missed: 0, doubled: 0, spuriousPerS: 0, drift: 0 };
/** What a well-installed table looks like (the chain test's default). */
export const BAR_NOISE: NoiseOptions = { jitterUs: 40, missed: 0.005, doubled: 0.02, spuriousPerS: 0, drift: 0.0005 };

const PULSE_US = 100;

type PiezoSensor = Extract<SensorOptions, { kind: 'piezo' }>;

/** Which ball colour a side's balls have (golf billiards: side A white, B red; profile colour ids). */
export type ColourOf = (ball: string) => string | undefined;

export interface SignalOptions {
  noise?: NoiseOptions;
  seed?: number;
  colourOf?: ColourOf;
  /**
   * Plays the shot this many times faster (tests in real time): event times are divided by it,
   * pulse widths are not, so every pulse still passes the firmware's width filters. 1: real speed.
   */
  timeScale?: number;
}

function piezoFor(profile: TableProfile, event: PiezoSensor['event'], place: string | undefined): PiezoSensor | undefined {
  return profile.sensors.find((s): s is PiezoSensor => s.kind === 'piezo' && s.event === event && (place === undefined || s.place === place));
}

/**
 * Edges for one shot. `events` from playShot; times are the shot's seconds. The result is sorted
 * by time; `durationUs` is the shot's length on the board's clock.
 */
export function signalsFor(table: TableSpec, profile: TableProfile, events: readonly TruthEvent[], opts: SignalOptions = {}): { edges: Edge[]; durationUs: number } {
  const noise = opts.noise ?? NO_NOISE;
  const r = rng(opts.seed ?? 1);
  const edges: Edge[] = [];
  const scale = opts.timeScale ?? 1;
  if (!(scale >= 1)) throw new TypeError(`timeScale must be 1 or more, got ${scale}`);
  const clock = (s: number): number => Math.max(0, Math.round((s / scale) * 1e6 * (1 + noise.drift) + gauss(r) * noise.jitterUs));
  const pulse = (pin: string, at: number, widthUs: number, activeLow: boolean, colour?: string): void => {
    const on: 0 | 1 = activeLow ? 0 : 1;
    const off: 0 | 1 = activeLow ? 1 : 0;
    edges.push({ pin, us: at, level: on, ...(colour !== undefined ? { colour } : {}) });
    edges.push({ pin, us: at + Math.max(1, Math.round(widthUs)), level: off });
  };
  const knock = (pin: string, s: number): void => {
    if (r() < noise.missed) return;
    const at = clock(s);
    pulse(pin, at, PULSE_US, false);
    if (r() < noise.doubled) pulse(pin, at + 1000 + Math.round(r() * 7000), PULSE_US, false);
  };
  const beamPin = (event: string, place?: string): string | undefined =>
    profile.sensors.find((s) => (s.kind === 'beam' && s.event === event && (place === undefined || s.place === place)) || (s.kind === 'pocket' && event === 'pocket' && s.place === place))?.pin;
  let end = 0;
  for (const e of events) {
    end = Math.max(end, e.t);
    if (e.type === 'strike') {
      const tee = piezoFor(profile, 'stroke', undefined);
      if (tee) knock(tee.pin, e.t);
    } else if (e.type === 'cushion' && e.sensed) {
      const p = piezoFor(profile, 'cushion', e.place);
      if (p) knock(p.pin, e.t);
    } else if (e.type === 'contact') {
      const beds = profile.sensors.filter((s): s is PiezoSensor => s.kind === 'piezo' && s.event === 'contact');
      // Two bed zones: head (x < half) and foot; one zone hears everything.
      const bed = beds.length > 1 ? beds[e.x < table.width / 2 ? 0 : 1] : beds[0];
      if (bed) knock(bed.pin, e.t);
    } else if (e.type === 'capture') {
      const speed = Math.max(e.speed, 0.2);
      const through = Math.max(4000, ((2 * table.ballRadius) / speed) * 1e6 + 3000);
      if (e.kind === 'pocket') {
        const s = profile.sensors.find((x) => x.kind === 'pocket' && x.place === e.place);
        if (!s || s.kind !== 'pocket') continue;
        const at = clock(e.t);
        pulse(s.pin, at, through, true);
        if (s.drop) pulse(s.drop, at + through + 60_000, 15_000, true);
      } else {
        const pin = beamPin(e.kind === 'goal' ? 'goal' : 'hole', e.place);
        if (pin) pulse(pin, clock(e.t), through, true, opts.colourOf?.(e.ball));
      }
    } else if (e.type === 'off') {
      const pin = beamPin('out');
      if (pin) pulse(pin, clock(e.t), 8000, true);
    }
  }
  if (noise.spuriousPerS > 0) {
    for (const s of profile.sensors) {
      if (s.kind !== 'piezo') continue;
      const n = Math.round(noise.spuriousPerS * end * (0.5 + r()));
      for (let i = 0; i < n; i++) pulse(s.pin, clock(r() * end), PULSE_US, false);
    }
  }
  // With noise, a pin's pulses may overlap: keep each pin's edges alternating (a level, not a list).
  return { edges: levelsOnly(edges), durationUs: clock(end) };
}

function levelsOnly(edges: Edge[]): Edge[] {
  edges.sort((a, b) => a.us - b.us);
  const level: Record<string, number> = {};
  return edges.filter((e) => {
    const prev = level[e.pin];
    level[e.pin] = e.level;
    return prev === undefined ? true : prev !== e.level;
  });
}
