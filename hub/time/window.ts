/**
 * The window around the hub's clock in which a device event's time is believed (docs/hub.md,
 * "Time"). Apart from clock sync so the ingest can use it without a circular import.
 */

/**
 * Where a device event may land on the hub's timeline, around the hub's clock when it arrived.
 * Ahead: a device cannot report what has not happened; the clock fit is good to milliseconds
 * (docs/hub.md, "Time"), so this is slack for a fit that is off, not for real events. Behind: a
 * device keeps unacknowledged events through a hub that is down, for hours or days, not months.
 */
export const DEVICE_TIME_WINDOW = { aheadMs: 30_000, behindMs: 30 * 86_400_000 } as const;

/** Is `at` (hub ms) a time the event could have happened, for an event that arrived at `arrivalMs`? */
export function placeDeviceTime(at: number, arrivalMs: number): boolean {
  return at <= arrivalMs + DEVICE_TIME_WINDOW.aheadMs && at >= arrivalMs - DEVICE_TIME_WINDOW.behindMs;
}
