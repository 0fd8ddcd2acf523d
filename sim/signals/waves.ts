/**
 * Acoustic sensors in the simulator (issue #26): what a table's knock sensors give when the hub
 * places knocks and clicks by their arrival times (shared/tables/acoustic.ts). A rail piezo at each
 * end of a rail hears a ball's knock on its rail once the wave has run along the rail to it; the
 * slate piezos hear a ball–ball click once it has run through the bed. Each arrival is the piezo's
 * knock pulse on its pin (its descriptor's `signal`), so the real firmware's filters treat it as
 * any knock and stamp it in the interrupt.
 *
 * The physical table (`AcousticTable`) is not the profile's nominal layout: it has its own wave
 * speeds and per-sensor delays, drawn per table from a seed, for the calibration to find. Besides
 * the direct arrivals the physics gives crosstalk through the corner joints, the slate hearing the
 * rails, and balls rolling over the cloth; every value and its reasoning is in docs/simulator.md,
 * "Acoustic sensors (issue #26)".
 *
 * All randomness here comes from generators of its own: a profile without acoustic sensors gives
 * the very edges it gave before, and one with them is deterministic per seed.
 */
import type { TableProfile } from '../../shared/profile';
import { kindOf } from '../../shared/sensors/kinds';
import type { AcousticLayout, AcousticSensor, Rail } from '../../shared/tables/acoustic';
import { gauss, rng, type Rng } from '../physics/rng';
import type { TableSpec, TruthEvent } from '../physics/world';

/**
 * An edge on a pin and the edge noise, as sim/signals/signals.ts has them (`Edge`, `NoiseOptions`):
 * named here because signals.ts imports this file, and the architecture check allows no cycle.
 */
export interface PinEdge {
  pin: string;
  us: number;
  level: 0 | 1;
}
export interface EdgeNoise {
  jitterUs: number;
  missed: number;
  doubled: number;
  spuriousPerS: number;
  drift: number;
}

/**
 * One table as built: where its sensors are, how fast a knock really runs in its rails and slate,
 * and how late each sensor reports. The calibration's job is to learn the speeds and delays.
 */
export interface AcousticTable {
  /** The seed it was drawn from. */
  seed: number;
  sensors: AcousticSensor[];
  width: number;
  height: number;
  /** Group speed of a knock along a rail, m/s (one wood and section for the four rails). */
  railSpeed: number;
  /** Group speed of a click through the slate, m/s. */
  slateSpeed: number;
  /** Speed of a knock through a corner joint into the other rails (crosstalk), m/s. */
  frameSpeed: number;
  /** Per sensor id, µs added to every arrival there: cable, comparator threshold, the sensor's coupling. */
  delaysUs: Record<string, number>;
}

/** A table's true speeds around the profile's nominal ones: relative 1-sigma spread, cut at 3 sigma. */
export const SPEED_SPREAD = { rail: 0.08, slate: 0.1 } as const;
/** Crosstalk runs through the corner joints at this fraction of the rail speed (the joints pass the lower frequencies). */
export const FRAME_SPEED_RATIO = 0.6;
/** A sensor's own delay, µs: uniform in this range. */
export const SENSOR_DELAY_US = [5, 40] as const;
/** A rail knock reaches the slate through the rail's bolts this much later, µs: uniform per knock. */
export const RAIL_TO_SLATE_US = [100, 300] as const;
/** One cycle of the first arrival's wave, µs: a stamp one cycle late when its first half-wave stayed under the threshold. */
export const CYCLE_US = { rail: 300, slate: 200 } as const;
/** The seed of the table `signalsFor` uses when it is given none. */
export const DEFAULT_TABLE_SEED = 1;

/** What the physics adds to the direct arrivals, and how often (docs/simulator.md). */
export interface AcousticNoise {
  /** Chance that a sensor on the rail meeting the knocked rail at the corner nearer the knock hears it. */
  crosstalkNear: number;
  /** The same for the sensors of the other two rails (the far corner's, the opposite one). */
  crosstalkFar: number;
  /** Chance that a slate sensor hears a rail knock (the rails are bolted to the slate). */
  slateHearsRail: number;
  /** Spurious single arrivals per second and slate sensor while balls roll (the cloth, its specks). */
  rollingPerS: number;
  /** Chance that a direct arrival is stamped one wave cycle late. */
  lateCycle: number;
}

/** A well-installed table (the default, whatever the edge noise). */
export const ACOUSTIC_NOISE: AcousticNoise = { crosstalkNear: 0.3, crosstalkFar: 0.05, slateHearsRail: 0.5, rollingPerS: 0.5, lateCycle: 0.02 };
/** Direct arrivals only. */
export const NO_ACOUSTIC_NOISE: AcousticNoise = { crosstalkNear: 0, crosstalkFar: 0, slateHearsRail: 0, rollingPerS: 0, lateCycle: 0 };

/** What an acoustic arrival came from (ground truth for tests; not on the pins). */
export type ArrivalCause = 'knock' | 'crosstalk' | 'rail-in-slate' | 'click' | 'bounce' | 'ring' | 'rolling' | 'spurious';

export interface AcousticArrival {
  sensor: string;
  /** Board µs of the pulse's rising edge (drift and jitter applied), before pulses on a pin are merged. */
  us: number;
  cause: ArrivalCause;
  /** The truth instant it came from, s of the shot (for noise: its own instant). */
  t: number;
  /** The source point, m (none for noise). */
  x?: number;
  y?: number;
  /** Stamped one wave cycle late. */
  late?: boolean;
}

/** Draws a table of this layout: its speeds within the spread, its sensors' delays. */
export function acousticTable(layout: AcousticLayout, seed: number): AcousticTable {
  const r = rng(seed);
  const spread = (sd: number): number => 1 + sd * Math.max(-3, Math.min(3, gauss(r)));
  const railSpeed = layout.railSpeed * spread(SPEED_SPREAD.rail);
  const slateSpeed = layout.slateSpeed * spread(SPEED_SPREAD.slate);
  const [lo, hi] = SENSOR_DELAY_US;
  const delaysUs: Record<string, number> = {};
  for (const s of layout.sensors) delaysUs[s.id] = lo + r() * (hi - lo);
  const sensors = layout.sensors.map((s) => ({ ...s }));
  return { seed, sensors, width: layout.width, height: layout.height, railSpeed, slateSpeed, frameSpeed: railSpeed * FRAME_SPEED_RATIO, delaysUs };
}

/** The generator of a shot's acoustic noise: apart from the edge noise's, so that one stays as it was. */
export function acousticRng(seed: number): Rng {
  return rng((seed * 13 + 2_600_026) % 2 ** 31);
}

/** The rail of a cushion place: the table's rail segments (carom n1 n2, s1 s2) belong to their rail. */
export function railOf(place: string): Rail | undefined {
  const m = /^([nesw])[0-9]*$/.exec(place);
  return m ? (m[1] as Rail) : undefined;
}

interface PinSignal {
  pin: string;
  widthUs: number;
  activeLow: boolean;
}

/** Each knock sensor's pin and pulse, by sensor id, from its descriptor's `signal`. */
export function acousticPins(profile: TableProfile): Map<string, PinSignal> {
  const out = new Map<string, PinSignal>();
  for (const s of profile.sensors) {
    const g = kindOf(s).signal?.(s);
    if (g?.shape === 'knock') out.set(s.id, { pin: s.pin, widthUs: g.widthUs, activeLow: g.activeLow });
  }
  return out;
}

/**
 * Puts arrivals on the pins on the board's clock, with the edge noise, and keeps what each came
 * from. Randomness is drawn in a fixed order: a direct arrival draws missed, late, its time,
 * doubled (and the ring's delay); any other arrival only its time.
 */
export class Arrivals {
  readonly edges: PinEdge[] = [];
  readonly record: AcousticArrival[] = [];

  constructor(
    private readonly pins: ReadonlyMap<string, PinSignal>,
    private readonly noise: EdgeNoise,
    readonly r: Rng,
    private readonly timeScale = 1,
  ) {}

  /** Board µs of a wave `travelUs` after the truth instant `t` (s): the shot's time is scaled, the wave is not. */
  private board(t: number, travelUs: number): number {
    const us = ((t / this.timeScale) * 1e6 + travelUs) * (1 + this.noise.drift);
    return Math.max(0, Math.round(us + gauss(this.r) * this.noise.jitterUs));
  }

  /** A direct arrival: the comparator may miss it, stamp it a cycle late, or see the piezo ring again. */
  direct(s: AcousticSensor, t: number, travelUs: number, cause: ArrivalCause, x: number, y: number, cycleUs: number, lateCycle: number): void {
    if (this.r() < this.noise.missed) return;
    const late = this.r() < lateCycle;
    const us = this.board(t, travelUs + (late ? cycleUs : 0));
    this.pulse(s.id, us, { cause, t, x, y, ...(late ? { late } : {}) });
    if (this.r() < this.noise.doubled) this.pulse(s.id, us + 1000 + Math.round(this.r() * 7000), { cause: 'ring', t, x, y });
  }

  /** A faint arrival (crosstalk, a rail heard in the slate, noise): whether it is heard at all is the caller's draw. */
  faint(sensor: string, t: number, travelUs: number, cause: ArrivalCause, at?: { x: number; y: number }): void {
    this.pulse(sensor, this.board(t, travelUs), { cause, t, ...at });
  }

  private pulse(sensor: string, us: number, what: Omit<AcousticArrival, 'sensor' | 'us'>): void {
    const p = this.pins.get(sensor);
    if (!p) return;
    this.edges.push({ pin: p.pin, us, level: p.activeLow ? 0 : 1 });
    this.edges.push({ pin: p.pin, us: us + Math.max(1, Math.round(p.widthUs)), level: p.activeLow ? 1 : 0 });
    this.record.push({ sensor, us, ...what });
  }
}

const along = (rail: Rail, x: number, y: number): number => (rail === 'n' || rail === 's' ? x : y);

/** Where a point of the rail `rail` lies around the frame, m, counter-clockwise from the corner of s and w. */
function aroundFrame(rail: Rail, x: number, y: number, w: number, h: number): number {
  if (rail === 's') return x;
  if (rail === 'e') return w + y;
  if (rail === 'n') return w + h + (w - x);
  return 2 * w + h + (h - y);
}

/** The rail that meets `rail` at its end nearer the point. */
function nearCornerRail(rail: Rail, x: number, y: number, w: number, h: number): Rail {
  if (rail === 'n' || rail === 's') return x < w / 2 ? 'w' : 'e';
  return y < h / 2 ? 's' : 'n';
}

const delay = (table: AcousticTable, s: AcousticSensor): number => table.delaysUs[s.id] ?? 0;

/**
 * A ball's (or a knuckle's) knock on `rail` at (x, y), truth instant `t`: its rail's sensors hear
 * it along the rail; the other rails' sensors may hear it through the corner joints, along the
 * frame's shorter way round at the frame speed; the slate sensors may hear it through the bolts.
 */
export function railKnock(a: Arrivals, table: AcousticTable, noise: AcousticNoise, t: number, rail: Rail, x: number, y: number): void {
  const { width: w, height: h } = table;
  for (const s of table.sensors) {
    if (s.surface !== 'rail' || s.rail !== rail) continue;
    const travel = (Math.abs(along(rail, x, y) - along(rail, s.x, s.y)) / table.railSpeed) * 1e6 + delay(table, s);
    a.direct(s, t, travel, 'knock', x, y, CYCLE_US.rail, noise.lateCycle);
  }
  const near = nearCornerRail(rail, x, y, w, h);
  const from = aroundFrame(rail, x, y, w, h);
  const round = 2 * (w + h);
  for (const s of table.sensors) {
    if (s.surface !== 'rail' || s.rail === undefined || s.rail === rail) continue;
    if (a.r() >= (s.rail === near ? noise.crosstalkNear : noise.crosstalkFar)) continue;
    const d = Math.abs(aroundFrame(s.rail, s.x, s.y, w, h) - from);
    a.faint(s.id, t, (Math.min(d, round - d) / table.frameSpeed) * 1e6 + delay(table, s), 'crosstalk', { x, y });
  }
  const slate = table.sensors.filter((s) => s.surface === 'slate');
  if (slate.length === 0) return;
  const [lo, hi] = RAIL_TO_SLATE_US;
  const coupling = lo + a.r() * (hi - lo);
  for (const s of slate) {
    if (a.r() >= noise.slateHearsRail) continue;
    a.faint(s.id, t, (Math.hypot(x - s.x, y - s.y) / table.slateSpeed) * 1e6 + coupling + delay(table, s), 'rail-in-slate', { x, y });
  }
}

/**
 * A click on the bed at (x, y), truth instant `t` (ball–ball contact, a dropped ball): every slate
 * sensor hears it, or (a fainter click: `chance` below 1) each with that chance.
 */
export function bedClick(
  a: Arrivals,
  table: AcousticTable,
  noise: AcousticNoise,
  t: number,
  x: number,
  y: number,
  cause: 'click' | 'bounce' = 'click',
  chance = 1,
): void {
  for (const s of table.sensors) {
    if (s.surface !== 'slate') continue;
    if (chance < 1 && a.r() >= chance) continue;
    a.direct(s, t, (Math.hypot(x - s.x, y - s.y) / table.slateSpeed) * 1e6 + delay(table, s), cause, x, y, CYCLE_US.slate, noise.lateCycle);
  }
}

/** Bar noise on every acoustic sensor (`spuriousPerS` over `end` s), as on the other knock sensors. */
export function spurious(a: Arrivals, table: AcousticTable, perS: number, end: number): void {
  if (!(perS > 0)) return;
  for (const s of table.sensors) {
    const n = Math.round(perS * end * (0.5 + a.r()));
    for (let i = 0; i < n; i++) a.faint(s.id, a.r() * end, 0, 'spurious');
  }
}

/** The spans while balls move: from a strike to the next rest (or the end of the truth). */
export function movingSpans(events: readonly TruthEvent[], end: number): [number, number][] {
  const spans: [number, number][] = [];
  let from: number | undefined;
  for (const e of events) {
    if (e.type === 'strike' && from === undefined) from = e.t;
    if (e.type === 'rest' && from !== undefined) {
      spans.push([from, e.t]);
      from = undefined;
    }
  }
  if (from !== undefined) spans.push([from, end]);
  return spans;
}

/** Balls rolling over the cloth: single arrivals on each slate sensor, a Poisson process while balls move. */
function rolling(a: Arrivals, table: AcousticTable, perS: number, spans: readonly [number, number][]): void {
  if (!(perS > 0)) return;
  for (const [t0, t1] of spans) {
    for (const s of table.sensors) {
      if (s.surface !== 'slate') continue;
      for (let t = t0 - Math.log(1 - a.r()) / perS; t < t1; t -= Math.log(1 - a.r()) / perS) a.faint(s.id, t, 0, 'rolling');
    }
  }
}

/** Where a cushion hit touched: the truth's point, or (a hand-made truth without one) the middle of its cushion. */
function touchPoint(spec: TableSpec, e: Extract<TruthEvent, { type: 'cushion' }>): { x: number; y: number } | undefined {
  if (e.x !== undefined && e.y !== undefined) return { x: e.x, y: e.y };
  const c = spec.cushions.find((k) => k.place === e.place);
  return c ? { x: (c.x1 + c.x2) / 2, y: (c.y1 + c.y2) / 2 } : undefined;
}

export interface AcousticRun {
  noise: EdgeNoise;
  table: AcousticTable;
  acousticNoise: AcousticNoise;
  /** The shot's seed (the acoustic generator is derived from it). */
  seed: number;
  timeScale: number;
}

/**
 * The acoustic sensors' edges for one shot's truth (`end`: its last instant, s): knocks on the
 * sensed rails, clicks on the bed, rolling and bar noise. Called by `signalsFor`.
 */
export function acousticSignals(
  spec: TableSpec,
  profile: TableProfile,
  events: readonly TruthEvent[],
  end: number,
  run: AcousticRun,
): { edges: PinEdge[]; arrivals: AcousticArrival[] } {
  const a = new Arrivals(acousticPins(profile), run.noise, acousticRng(run.seed), run.timeScale);
  for (const e of events) {
    if (e.type === 'cushion' && e.sensed) {
      const rail = railOf(e.place);
      const at = touchPoint(spec, e);
      if (rail && at) railKnock(a, run.table, run.acousticNoise, e.t, rail, at.x, at.y);
    } else if (e.type === 'contact') {
      bedClick(a, run.table, run.acousticNoise, e.t, e.x, e.y);
    }
  }
  rolling(a, run.table, run.acousticNoise.rollingPerS, movingSpans(events, end));
  spurious(a, run.table, run.noise.spuriousPerS, end);
  return { edges: a.edges, arrivals: a.record };
}
