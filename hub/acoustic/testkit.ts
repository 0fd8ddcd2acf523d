/**
 * Synthetic arrivals from the geometry, for the localiser's and the calibration's tests: an
 * arrival is the emission instant + distance / speed + the sensor's delay + Gaussian jitter.
 * Crosstalk to a neighbour rail runs along the knocked rail to the shared corner, through the
 * joint (a fixed extra delay) and along the neighbour; a rail knock reaches the slate sensors
 * from its point on the cushion line at the slate's speed (the rail is bolted to the slate).
 * Not the simulator (sim/signals/waves.ts): just enough physics to check the arithmetic.
 */
import { readFileSync } from 'node:fs';
import { gauss, rng, type Rng } from '../../sim/physics/rng';
import { nominalLayout, type AcousticLayout, type Arrival, type Rail } from '../../shared/tables/acoustic';
import type { TableProfile } from '../../shared/profile';
import { alongOf, pointOn } from './geometry';

export const CAROM_ACOUSTIC = JSON.parse(readFileSync(new URL('../../hardware/profiles/carom-acoustic.json', import.meta.url), 'utf8')) as TableProfile;
export const nominal = (): AcousticLayout => nominalLayout(CAROM_ACOUSTIC)!;

/** What the table really is (the calibration's unknowns). */
export interface Truth {
  railSpeed: number;
  slateSpeed: number;
  delaysUs: Record<string, number>;
}

export interface Scene {
  layout: AcousticLayout;
  truth: Truth;
  sigmaUs: number;
  r: Rng;
}

export function scene(seed: number, truth?: Partial<Truth>, sigmaUs = 40): Scene {
  const layout = nominal();
  return { layout, truth: { railSpeed: layout.railSpeed, slateSpeed: layout.slateSpeed, delaysUs: {}, ...truth }, sigmaUs, r: rng(seed) };
}

/** Hub time of device µs: the board's clock maps to the hub's at 1 000 000 ms + µs / 1000. */
export const hubMs = (us: number): number => 1_000_000 + us / 1000;

const arrival = (sc: Scene, sensor: string, us: number): Arrival => {
  const t = Math.round(us + (sc.truth.delaysUs[sensor] ?? 0) + gauss(sc.r) * sc.sigmaUs);
  return { sensor, us: t, at: hubMs(t) };
};

export interface KnockOptions {
  /** Sensors that miss it. */
  miss?: string[];
  /** Neighbour rails hear it through the corner joints, this much later than the path (µs); undefined: not at all. */
  jointUs?: number;
  /** The slate sensors hear it, this much later than the straight path from the knock (µs); undefined: not at all. */
  slateUs?: number;
}

const corners = (l: AcousticLayout, rail: Rail): { x: number; y: number; other: Rail }[] => {
  const { width: W, height: H } = l;
  const c = {
    n: [
      { x: 0, y: H, other: 'w' as Rail },
      { x: W, y: H, other: 'e' as Rail },
    ],
    s: [
      { x: 0, y: 0, other: 'w' as Rail },
      { x: W, y: 0, other: 'e' as Rail },
    ],
    e: [
      { x: W, y: H, other: 'n' as Rail },
      { x: W, y: 0, other: 's' as Rail },
    ],
    w: [
      { x: 0, y: H, other: 'n' as Rail },
      { x: 0, y: 0, other: 's' as Rail },
    ],
  };
  return c[rail];
};

/** The arrivals of a knock on `rail` at `along`, emitted at device µs t0, in time order. */
export function knockArrivals(sc: Scene, rail: Rail, along: number, t0: number, o: KnockOptions = {}): Arrival[] {
  const l = sc.layout;
  const p = pointOn(l, rail, along);
  const out: Arrival[] = [];
  const sr = 1e6 / sc.truth.railSpeed;
  const ss = 1e6 / sc.truth.slateSpeed;
  for (const s of l.sensors) {
    if (o.miss?.includes(s.id)) continue;
    if (s.surface === 'rail' && s.rail === rail) out.push(arrival(sc, s.id, t0 + Math.abs(alongOf(rail, s.x, s.y) - along) * sr));
    else if (s.surface === 'rail' && o.jointUs !== undefined) {
      const c = corners(l, rail).find((k) => k.other === s.rail);
      if (c) out.push(arrival(sc, s.id, t0 + (Math.hypot(p.x - c.x, p.y - c.y) + Math.hypot(s.x - c.x, s.y - c.y)) * sr + o.jointUs));
    } else if (s.surface === 'slate' && o.slateUs !== undefined) out.push(arrival(sc, s.id, t0 + Math.hypot(p.x - s.x, p.y - s.y) * ss + o.slateUs));
  }
  return out.sort((a, b) => a.us - b.us);
}

/** The slate arrivals of a click at (x, y), emitted at device µs t0, in time order. */
export function clickArrivals(sc: Scene, x: number, y: number, t0: number, miss: string[] = []): Arrival[] {
  const ss = 1e6 / sc.truth.slateSpeed;
  return sc.layout.sensors
    .filter((s) => s.surface === 'slate' && !miss.includes(s.id))
    .map((s) => arrival(sc, s.id, t0 + Math.hypot(x - s.x, y - s.y) * ss))
    .sort((a, b) => a.us - b.us);
}

/** Median and 95th percentile of a list. */
export function quantiles(xs: number[]): { median: number; p95: number } {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
  return { median: q(0.5), p95: q(0.95) };
}
