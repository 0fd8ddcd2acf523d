/**
 * Device time on the wire: integer microseconds since boot (field `t`). Espruino prints numbers
 * with about 12 significant digits, so the value is never printed as a float: the whole seconds
 * and the microseconds are kept apart and concatenated as digits.
 */

/** Scratch output of split(): [whole seconds, microseconds]. */
export const SPLIT = new Uint32Array(2);

/** Splits `dt` seconds (>= 0) into whole seconds and microseconds, into SPLIT. */
export function split(dt: number): void {
  if (!(dt > 0)) dt = 0;
  let s = Math.floor(dt);
  let u = Math.round((dt - s) * 1000000);
  if (u >= 1000000) {
    s++;
    u -= 1000000;
  }
  SPLIT[0] = s;
  SPLIT[1] = u;
}

/** Digits of s * 1e6 + u without float printing. */
export function digits(s: number, u: number): string {
  if (s === 0) return '' + u;
  const p = '' + u;
  return s + '000000'.substring(p.length) + p;
}

/** Microseconds since `t0` (both seconds) as digits. */
export function micros(t: number, t0: number): string {
  split(t - t0);
  return digits(SPLIT[0] as number, SPLIT[1] as number);
}
