/** The localiser's options and counters (hub/acoustic/localise.ts; docs/acoustic.md). */

export interface LocaliserOptions {
  /** Timing sigma of one arrival, µs (default 40: docs/acoustic.md). */
  sigmaUs?: number;
  /** Relative 1-sigma uncertainty of the speeds (default 0.1 nominal, 0.02 calibrated). */
  relSpeedSd?: number;
  /** A sensor's repeat this soon after its previous arrival is ringing (default 10 ms). */
  ringMs?: number;
  /** Echoes of a knock or click arrive within this (default 5 ms). */
  crosstalkMs?: number;
  /** A click this close to a rail's cushion line, with a knock on that rail, is the knock heard through the slate (default 8 cm, or 2 sd). */
  edgeBandM?: number;
}

export type RejectReason = 'ringing' | 'crosstalk' | 'inconsistent' | 'single';

export interface LocaliserCounts {
  arrivals: number;
  /** Arrivals from sensors not in the layout. */
  unknown: number;
  knocks: number;
  /** Knocks from one rail arrival (the other sensor missed it): placed anywhere on the rail. */
  loneKnocks: number;
  clicks: number;
  /** Arrivals dropped, by reason. */
  rejected: Record<RejectReason, number>;
  /** Groups dropped: slate groups whose times do not fit one point; rail pairs and slate groups that were another's echo. */
  rejectedGroups: { crosstalk: number; inconsistent: number };
}

/** All counters at 0. */
export function noCounts(): LocaliserCounts {
  return {
    arrivals: 0,
    unknown: 0,
    knocks: 0,
    loneKnocks: 0,
    clicks: 0,
    rejected: { ringing: 0, crosstalk: 0, inconsistent: 0, single: 0 },
    rejectedGroups: { crosstalk: 0, inconsistent: 0 },
  };
}
