/**
 * What a sensor's edges mean, written once for the firmware (which bundles this file: Espruino-safe,
 * no imports, root-scope functions, nothing allocated) and for the hub's Firmata link, which plays
 * the firmware for a StandardFirmata board (hub/ingest/firmata/). Both work on the compiled sensor
 * configuration (firmware/core/config.ts: short keys, defaults resolved by the one compiler in
 * shared/sensors/kinds.ts), so a default or a threshold cannot differ between the two paths.
 *
 * Two meanings exist, and a kind's descriptor says which its edges have (`edge` in kinds.ts):
 * - `pulse` (beam, pocket): the edge that makes the sensor active starts a pulse and stamps the
 *   event time; the edge that clears it gives the width. Shorter than `mn` µs is noise; active
 *   longer than `mx` ms is a stuck sensor (a fault, never an event); a pocket's jaw pulse without
 *   its drop beam within `cw` ms is a rattle.
 * - `hit` (piezo): each active edge is one event, stamped in the interrupt; edges within `mn` ms
 *   after the last hit are ringing.
 */

/** Kind codes of the compiled configuration (`k`). */
export const KIND_BEAM = 0;
export const KIND_POCKET = 1;
export const KIND_PIEZO = 2;
export const KIND_TAG = 3;

/** True when the pin level `high` is the sensor's active level (`lo`: 1 when active low). */
export function isActive(lo: number, high: boolean): boolean {
  return high === (lo === 0);
}

/** A finished pulse of `w` µs on a sensor whose shortest ball pulse is `mn` µs: true when noise. */
export function isNoise(mn: number, w: number): boolean {
  return w < mn;
}

/** A hit `dt` s after the last one, with a dead time of `mn` ms: true when it is ringing. */
export function isRinging(mn: number, dt: number): boolean {
  return dt * 1000 < mn;
}

/** Active for `dt` s with a limit of `mx` ms: true when the sensor is stuck. */
export function isStuck(mx: number, dt: number): boolean {
  return dt * 1000 > mx;
}

/** A jaw pulse that waited `dt` s for the drop beam, capture window `cw` ms: true when a rattle. */
export function isRattle(cw: number, dt: number): boolean {
  return dt * 1000 > cw;
}
