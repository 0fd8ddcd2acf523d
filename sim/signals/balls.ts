/**
 * What a pocket's colour sensor reads while a pool ball rolls past it (hardware/pool.md): the
 * standard ball set's colours and markings, the ball's roll past the sensor's window, and the
 * TCS34725's readings (2.4 ms integration at 4x gain, its own white LED, ambient light leaking
 * into the chute, shot and read noise). Every parameter and its physical source is listed in
 * docs/simulator.md ("Pocket colour sensors").
 *
 * Geometry: the sensor looks down at the ball from the chute's cover, just past the drop beam,
 * not straight down but tilted sideways by VIEW_LAT (22 degrees) from the chute's centre line. The
 * ball rolls under it; the point it sees moves along a circle of the ball around the roll axis, 22
 * degrees off the roll's great circle, by the roll and by the viewing angle together, about 200
 * degrees over the pass. (From below, through the floor, it would see nearly one patch: a rolling
 * ball's underside stays put over a point of the floor, as a wheel's does.) How the ball lies when it drops is random. Why tilted: a stripe's band is
 * 2 x 28.6 degrees of latitude wide, and a sensor looking straight up follows a great circle that,
 * for about one stripe in seven (a roll axis within 28.6 degrees of the band's pole), stays inside
 * the band: the stripe would look solid. The circle 30 degrees off always leaves the band
 * somewhere; over the part of it seen, a stripe mostly shows white in a fifth or more of the
 * samples, a solid only its number circles (the classifier's stripe table learns how often each).
 */
import { gauss, rng } from '../physics/rng';

type Rgb = readonly [number, number, number];

/** Diffuse reflectance (linear r, g, b) of the ball colours: 1-7 (and 9-15 as stripes), 8, and the white. */
export const BALL_COLOURS: Record<string, Rgb> = {
  yellow: [0.8, 0.55, 0.04],
  blue: [0.03, 0.09, 0.4],
  red: [0.62, 0.05, 0.04],
  purple: [0.18, 0.05, 0.3],
  orange: [0.85, 0.25, 0.03],
  green: [0.03, 0.25, 0.08],
  maroon: [0.22, 0.03, 0.03],
  black: [0.03, 0.03, 0.03],
};
const WHITE: Rgb = [0.86, 0.86, 0.84];
const ORDER = ['yellow', 'blue', 'red', 'purple', 'orange', 'green', 'maroon', 'black'];

/** The look of a ball of the standard set: its colour, stripe or not (the cue: all white). */
export function lookOf(ball: string): { colour: Rgb; stripe: boolean } {
  if (ball === 'cue') return { colour: WHITE, stripe: false };
  const n = Number(ball);
  if (!(n >= 1 && n <= 15)) throw new TypeError(`not a ball of the standard set: ${ball}`);
  return { colour: BALL_COLOURS[ORDER[(n - 1) % 8]!]!, stripe: n > 8 };
}

export const BALL_RADIUS = 0.028575;
/** The stripe's half-width in latitude, and a number circle's angular radius (rad). */
const BAND = 0.5;
const NUMBER_R = 0.22;
/** The view's tilt from the roll's great circle (rad): see the header. */
const VIEW_LAT = 0.384;
/** The sensor's spot on the ball (angular radius, rad), and the view's half-width along the chute (m). */
const SPOT = 0.35;
const VIEW = 0.8 * BALL_RADIUS;
/** Specular reflection of the LED from the glossy resin (Fresnel at normal incidence, n = 1.55). */
const SPECULAR = 0.046;
/** Counts of a perfect white (reflectance 1) straight over the window: clear, red, green, blue (2.4 ms, 4x). */
const LED: readonly number[] = [1000, 380, 365, 320];
/** Warm ambient light's counts per unit of level: clear, red, green, blue. */
const AMBIENT: readonly number[] = [1, 0.45, 0.35, 0.2];
/** Read noise, counts (one standard deviation), on top of the shot noise. */
const READ_NOISE = 1.5;
/** The sensor's full scale at 2.4 ms integration (one cycle). */
const FULL = 1024;

export interface PassOptions {
  /** Samples the firmware takes (one per 3 ms: the 2.4 ms integration and the read). */
  samples: number;
  /** The ambient light level in the chute as the firmware last measured it (counts of clear). */
  ambient: number;
  /** How much the ambient level differs during the pass (a player leaning over the pocket): 0.2 = up to ±20 %. */
  ambientSwing: number;
  /** Ball speed over the window, m/s: [lowest, highest]. */
  speed: readonly [number, number];
}

/** A well-installed pocket (docs/simulator.md). */
export const POCKET_SENSOR: PassOptions = { samples: 32, ambient: 25, ambientSwing: 0.2, speed: [0.35, 0.9] };

/** What the sensor reads of the empty chute: the ambient light alone. */
export function idleReading(o: PassOptions = POCKET_SENSOR): [number, number, number, number] {
  return AMBIENT.map((a) => Math.round(a * o.ambient)) as [number, number, number, number];
}

/** Sample period and integration time, s (the readings of a pass are this far apart in time). */
const PERIOD = 0.003;
export const PASS_PERIOD_US = PERIOD * 1e6;
const INTEGRATION = 0.0024;

/** A random rotation (uniform quaternion) as a function taking a vector of the roll frame to the ball's frame. */
function randomRotation(r: () => number): (v: readonly number[]) => number[] {
  const u1 = r();
  const u2 = r() * 2 * Math.PI;
  const u3 = r() * 2 * Math.PI;
  const [x, y, z, w] = [Math.sqrt(1 - u1) * Math.sin(u2), Math.sqrt(1 - u1) * Math.cos(u2), Math.sqrt(u1) * Math.sin(u3), Math.sqrt(u1) * Math.cos(u3)];
  return ([vx, vy, vz]) => {
    // v' = q v q*, expanded.
    const ix = w * vx! + y * vz! - z * vy!;
    const iy = w * vy! + z * vx! - x * vz!;
    const iz = w * vz! + x * vy! - y * vx!;
    const iw = -x * vx! - y * vy! - z * vz!;
    return [ix * w + iw * -x + iy * -z - iz * -y, iy * w + iw * -y + iz * -x - ix * -z, iz * w + iw * -z + ix * -y - iy * -x];
  };
}

/** Reflectance of the ball's surface at unit vector p (ball frame: the band around z, number circles on ±x). */
function surface(look: { colour: Rgb; stripe: boolean }, p: readonly number[], cue: boolean): Rgb {
  if (cue) return WHITE;
  const [x, , z] = p as [number, number, number];
  // A number circle: white with the black digits on about a sixth of it.
  if (Math.abs(x) >= Math.cos(NUMBER_R)) return [WHITE[0] * 0.85, WHITE[1] * 0.85, WHITE[2] * 0.85];
  if (look.stripe && Math.abs(z) > Math.sin(BAND)) return WHITE;
  return look.colour;
}

/**
 * The readings (raw clear, red, green, blue per sample, flat) the sensor gives as `ball` rolls
 * past, and its idle reading (the empty chute, as the firmware measured it before). `seed` draws
 * the ball's orientation, speed, entry, the ambient light's swing and the noise.
 */
export function ballPass(ball: string, seed: number, o: PassOptions = POCKET_SENSOR): { samples: number[]; idle: [number, number, number, number] } {
  const r = rng(seed);
  const look = lookOf(ball);
  const cue = ball === 'cue';
  const rot = randomRotation(r);
  const v = o.speed[0] + r() * (o.speed[1] - o.speed[0]);
  // Where the ball is when the first integration starts: entering the view, a little way in at most.
  const x0 = -VIEW - 0.002 + r() * 0.003;
  // This ball's own shade (dirt, chalk, wear) and how close it rolls to the window.
  const shade = 1 + gauss(r) * 0.03;
  const level = o.ambient * (1 + (r() * 2 - 1) * o.ambientSwing);
  const idle = idleReading(o);
  const samples: number[] = [];
  for (let i = 0; i < o.samples; i++) {
    const acc = [0, 0, 0, 0];
    // The integration averages the view over its 2.4 ms (3 instants) and the spot (5 points).
    for (let k = 0; k < 3; k++) {
      const t = i * PERIOD + ((k + 0.5) / 3) * INTEGRATION;
      const x = x0 + v * t;
      if (Math.abs(x) >= VIEW) continue;
      const g = Math.sqrt(1 - (x / VIEW) ** 2);
      // The point seen: its angle on the roll circle (viewing angle, then the roll since x0).
      const hit = Math.atan2(Math.sqrt(1 - (x / BALL_RADIUS) ** 2), -x / BALL_RADIUS);
      const theta = hit + (x - x0) / BALL_RADIUS;
      for (const [dt, dz] of [
        [0, 0],
        [SPOT, 0],
        [-SPOT, 0],
        [0, SPOT],
        [0, -SPOT],
      ] as const) {
        const c = Math.cos(VIEW_LAT + dz);
        const p = rot([Math.cos(theta + dt) * c, Math.sin(theta + dt) * c, Math.sin(VIEW_LAT + dz)]);
        const s = surface(look, p, cue);
        const lum = 0.35 * s[0] + 0.4 * s[1] + 0.25 * s[2];
        const refl = [lum, s[0], s[1], s[2]];
        for (let ch = 0; ch < 4; ch++) acc[ch]! += (LED[ch]! * (refl[ch]! * shade + SPECULAR * g) * g) / 15;
      }
    }
    for (let ch = 0; ch < 4; ch++) {
      const mean = acc[ch]! + AMBIENT[ch]! * level;
      const noisy = mean + gauss(r) * Math.sqrt(Math.max(0, mean) * 0.5 + READ_NOISE * READ_NOISE);
      samples.push(Math.max(0, Math.min(FULL, Math.round(noisy))));
    }
  }
  return { samples, idle };
}
