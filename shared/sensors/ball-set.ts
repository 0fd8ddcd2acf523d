/**
 * The compiled ball set of a profile's pocket colour sensors (shared/sensors/ball-colours.ts
 * compiles it, firmware/sensors/ballid.ts reads it): its shape, and its numbers packed into a
 * string. No imports, Espruino-safe: the firmware bundles this file.
 *
 * Numbers packed into a string for a bundle's configuration: three characters of a 64-letter
 * alphabet each (0 to 262,143), no character an upload or a JSON string would change. On
 * Espruino every element of an array literal is a JsVar of its own, a string keeps about a dozen
 * characters per JsVar: the pocket colour sensors' ball set (about a hundred numbers) costs a
 * tenth as packed. The build packs (packNumbers in ball-colours.ts, Node), the firmware unpacks at boot.
 */

/**
 * Compiled (firmware/core/config.ts `bc`): short keys. `o` the labels, the cue's last (at `cu`);
 * `ns` how many are stripes; `n` samples per ball; `t` the numbers, packed (packNumbers below),
 * in this order: per ball but the cue its signature (red, green, lightness), then per ball its
 * spread, then per ball 1 for a stripe, then the white reference (c, r, g, b), the stripe table,
 * the cue table, the cue share of passes with no colour (firmware/sensors/ballid.ts reads them at
 * these places).
 */
export interface BallCfg {
  part: string;
  o: string[];
  cu: number;
  ns: number;
  n: number;
  t: string;
}

export const DEFAULT_SAMPLES = 32;

export const PACK_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

/** The packed numbers into `out` (as many as fit), from `s`. */
export function unpackNumbers(s: string, out: Int16Array | Int32Array): void {
  for (let i = 0; i < out.length && i * 3 + 2 < s.length; i++) {
    out[i] = (PACK_ALPHABET.indexOf(s.charAt(i * 3)) << 12) | (PACK_ALPHABET.indexOf(s.charAt(i * 3 + 1)) << 6) | PACK_ALPHABET.indexOf(s.charAt(i * 3 + 2));
  }
}
