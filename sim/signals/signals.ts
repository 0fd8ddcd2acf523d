/**
 * From the ground truth to what a table's sensors put on their pins: edge times per logical pin
 * of the table profile (hardware/profiles/*.json), with the imperfections of real wiring: timing
 * jitter, missed and doubled edges, spurious pulses, and a board clock that drifts.
 *
 * Which sensor hears what, and the signal it gives, come from each kind's descriptor
 * (shared/sensors/kinds.ts: `event`, `signal`): a piezo behind a comparator knocks (an active-high
 * pulse of ~100 µs per hit), a break beam is held active low while a ball blocks it, a pocket has
 * a jaw beam and a drop beam below it. This file knows the truth's events, the timing and the
 * noise, and no kind by name: a new kind with a `signal` is simulated as it is.
 *
 * A profile with acoustic sensors (shared/tables/acoustic.ts: piezos with `at`, and the profile's
 * `acoustic` speeds) gives those sensors their arrivals from sim/signals/waves.ts instead: each
 * sensor hears a knock when the wave reaches it, on a physical table of its own (`acoustic`).
 */
import type { TableProfile } from '../../shared/profile';
import { kindOf, type SensorSignal } from '../../shared/sensors/kinds';
import { nominalLayout } from '../../shared/tables/acoustic';
import { gauss, rng } from '../physics/rng';
import { ballPass, type PassOptions } from './balls';
import type { TableSpec, TruthEvent } from '../physics/world';
import { ACOUSTIC_NOISE, acousticSignals, acousticTable, DEFAULT_TABLE_SEED, type AcousticArrival, type AcousticNoise, type AcousticTable } from './waves';

export interface Edge {
  /** Logical pin of the profile. */
  pin: string;
  /** Board time, µs from the start of the shot (drift applied). */
  us: number;
  level: 0 | 1;
  /** The colour the beam's colour sensor sees while blocked (golf billiards goal A). */
  colour?: string;
  /** What a pocket's drop-path colour sensor reads as the ball rolls past (sim/signals/balls.ts), from this edge on. */
  pass?: { samples: number[]; idle: [number, number, number, number] };
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
  /** The pocket colour sensors' conditions (sim/signals/balls.ts POCKET_SENSOR when absent). */
  pocketSensor?: PassOptions;
  /**
   * The physical table of a profile with acoustic sensors (sim/signals/waves.ts `acousticTable`):
   * its true speeds and sensor delays. Absent: the profile's nominal layout drawn with seed 1.
   */
  acoustic?: AcousticTable;
  /** Crosstalk, the slate hearing the rails, rolling noise, late stamps: ACOUSTIC_NOISE when absent, whatever `noise` is. */
  acousticNoise?: AcousticNoise;
}

/** A sensor the simulator gives a signal to: what its descriptor says (shared/sensors/kinds.ts). */
interface Simulated {
  pin: string;
  /** Its `drop` pin (pins role `drop`), if wired. */
  drop: string | undefined;
  /** The event type its edges send. */
  event: string | undefined;
  place: string | undefined;
  signal: SensorSignal;
}

/** A capture's hole, as the event its sensor sends. */
const CAPTURED: Record<Extract<TruthEvent, { type: 'capture' }>['kind'], string> = { pocket: 'pocket', goal: 'goal', cup: 'hole' };
/** A ball leaving the table passes the out beam in about this (the truth has no speed for it). */
const OFF_US = 8000;

/**
 * What the sensors of a profile can hear of a truth event: the event type a sensor must send to
 * hear it, the place it must have (undefined: any), and how long a ball takes to pass a beam.
 * Contacts have no place: the sensors that send `contact` split the bed (below).
 */
function heard(e: TruthEvent, passUs: (speed: number) => number): { event: string; place: string | undefined; passUs: number } | null {
  if (e.type === 'strike') return { event: 'stroke', place: undefined, passUs: passUs(e.speed) };
  if (e.type === 'cushion') return e.sensed ? { event: 'cushion', place: e.place, passUs: passUs(e.speed) } : null;
  // A bumper post's knock: heard by a `cushion` piezo at place `bumper` where the table has one (golf billiards).
  if (e.type === 'bumper') return { event: 'cushion', place: 'bumper', passUs: passUs(e.speed) };
  if (e.type === 'contact') return { event: 'contact', place: undefined, passUs: passUs(e.speed) };
  if (e.type === 'capture') return { event: CAPTURED[e.kind], place: e.place, passUs: passUs(e.speed) };
  if (e.type === 'off') return { event: 'out', place: undefined, passUs: OFF_US };
  return null;
}

/**
 * Edges for one shot. `events` from playShot; times are the shot's seconds. Each truth event goes
 * to the sensors whose descriptor's event (and place, where the truth names one) match it, as the
 * signal their descriptor gives. The result is sorted by time; `durationUs` is the shot's length on
 * the board's clock.
 */
export function signalsFor(
  table: TableSpec,
  profile: TableProfile,
  events: readonly TruthEvent[],
  opts: SignalOptions = {},
): { edges: Edge[]; durationUs: number; acoustic?: AcousticArrival[] } {
  const noise = opts.noise ?? NO_NOISE;
  const r = rng(opts.seed ?? 1);
  const edges: Edge[] = [];
  const scale = opts.timeScale ?? 1;
  if (!(scale >= 1)) throw new TypeError(`timeScale must be 1 or more, got ${scale}`);
  const clock = (s: number): number => Math.max(0, Math.round((s / scale) * 1e6 * (1 + noise.drift) + gauss(r) * noise.jitterUs));
  // The pocket colour sensors draw from their own generator: every other edge of a seed stays as it was.
  const passes = rng(((opts.seed ?? 1) * 7 + 12_345) % 2 ** 31);
  const pulse = (pin: string, at: number, widthUs: number, activeLow: boolean, colour?: string, pass?: Edge['pass']): void => {
    const on: 0 | 1 = activeLow ? 0 : 1;
    const off: 0 | 1 = activeLow ? 1 : 0;
    edges.push({ pin, us: at, level: on, ...(colour !== undefined ? { colour } : {}), ...(pass ? { pass } : {}) });
    edges.push({ pin, us: at + Math.max(1, Math.round(widthUs)), level: off });
  };
  // Randomness is drawn in a fixed order (the chain tests depend on the exact edges of a seed):
  // a knock draws missed, its time, doubled (and the ring's delay); an interrupt only its time.
  const give = (x: Simulated, s: number, passUs: number, ball: string | undefined): void => {
    const g = x.signal;
    if (g.shape === 'knock') {
      if (r() < noise.missed) return;
      const at = clock(s);
      pulse(x.pin, at, g.widthUs, g.activeLow);
      if (r() < noise.doubled) pulse(x.pin, at + 1000 + Math.round(r() * 7000), g.widthUs, g.activeLow);
      return;
    }
    const at = clock(s);
    pulse(x.pin, at, passUs, g.activeLow, g.colour && ball !== undefined ? opts.colourOf?.(ball) : undefined);
    if (g.drop && x.drop !== undefined) {
      // A colour sensor in the drop path sees the ball roll past (a ball of the standard set; none for an unknown one).
      const seen = g.drop.colour && ball !== undefined && /^(cue|[1-9]|1[0-5])$/.test(ball);
      const pass = seen ? ballPass(ball, Math.floor(passes() * 2 ** 31), opts.pocketSensor) : undefined;
      pulse(x.drop, at + passUs + g.drop.afterUs, g.drop.widthUs, g.activeLow, undefined, pass);
    }
  };
  // Acoustic sensors hear by waves (below), not by the per-place knocks.
  const layout = nominalLayout(profile);
  const acousticIds = new Set(layout?.sensors.map((s) => s.id));
  const sensors: Simulated[] = profile.sensors.flatMap((s) => {
    if (acousticIds.has(s.id)) return [];
    const kind = kindOf(s);
    const signal = kind.signal?.(s);
    if (!signal) return [];
    const drop = kind.pins(s).find((p) => p.role === 'drop')?.ref;
    return [{ pin: s.pin, drop, event: kind.event(s), place: s.place, signal }];
  });
  const beds = sensors.filter((x) => x.event === 'contact');
  const passUs = (speed: number): number => Math.max(4000, ((2 * table.ballRadius) / Math.max(speed, 0.2)) * 1e6 + 3000);
  let end = 0;
  for (const e of events) {
    end = Math.max(end, e.t);
    const h = heard(e, passUs);
    if (!h) continue;
    const ball = 'ball' in e ? e.ball : undefined;
    if (e.type === 'contact') {
      // The contact sensors split the bed into equal zones along its length, in profile order
      // (carom: head, foot); the one under the contact hears it.
      let zone = 0;
      while (zone < beds.length - 1 && !(e.x < (table.width * (zone + 1)) / beds.length)) zone++;
      const bed = beds[zone];
      if (bed) give(bed, e.t, h.passUs, ball);
      continue;
    }
    for (const x of sensors) if (x.event === h.event && (h.place === undefined || x.place === h.place)) give(x, e.t, h.passUs, ball);
  }
  if (noise.spuriousPerS > 0) {
    // Bar noise on the knock sensors (a glass put down on the rail): beams are not fooled by it.
    for (const x of sensors) {
      const g = x.signal;
      if (g.shape !== 'knock') continue;
      const n = Math.round(noise.spuriousPerS * end * (0.5 + r()));
      for (let i = 0; i < n; i++) pulse(x.pin, clock(r() * end), g.widthUs, g.activeLow);
    }
  }
  let arrivals: AcousticArrival[] | undefined;
  if (layout) {
    // After every other draw, from a generator of its own: the other sensors' edges stay as they were.
    const a = acousticSignals(table, profile, events, end, {
      noise,
      table: opts.acoustic ?? acousticTable(layout, DEFAULT_TABLE_SEED),
      acousticNoise: opts.acousticNoise ?? ACOUSTIC_NOISE,
      seed: opts.seed ?? 1,
      timeScale: scale,
    });
    edges.push(...a.edges);
    arrivals = a.arrivals;
  }
  // With noise, a pin's pulses may overlap: keep each pin's edges alternating (a level, not a list).
  return { edges: levelsOnly(edges), durationUs: clock(end), ...(arrivals ? { acoustic: arrivals } : {}) };
}

/** Sorts edges by time and keeps each pin's levels alternating (overlapping pulses merge). */
export function levelsOnly(edges: Edge[]): Edge[] {
  edges.sort((a, b) => a.us - b.us);
  const level: Record<string, number> = {};
  return edges.filter((e) => {
    const prev = level[e.pin];
    level[e.pin] = e.level;
    return prev === undefined ? true : prev !== e.level;
  });
}
