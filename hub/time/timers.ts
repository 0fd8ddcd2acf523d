/**
 * Timer delays the hub can hand to Node. Node keeps a delay in a signed 32-bit number of
 * milliseconds: a longer one (or NaN) is taken as 1 ms with a TimeoutOverflowWarning, so a timer
 * meant for "much later" fires at once, and one that sets itself again from there fires every
 * millisecond for ever (issue #21: one device time of 2^53 - 1 did that to a shot assembler).
 * Every delay the hub sets goes through clampDelay; a timer clamped short fires early and its
 * owner, which checks the time when it fires (assembler, game clocks), waits again.
 */

/** The longest delay Node's timers hold: 2^31 - 1 ms (24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay Node can hold: NaN and negatives become 0, anything over MAX_TIMER_MS becomes MAX_TIMER_MS. */
export function clampDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return ms > MAX_TIMER_MS ? MAX_TIMER_MS : ms;
}
