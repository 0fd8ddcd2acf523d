/** The agreement the chain tests defend (docs/simulator.md). */

/**
 * Wrong decided answers allowed: none without noise. With bar noise a decided answer is wrong only
 * when a knock that matters is missed (0.5 % each, about five that matter per shot: ~2.5 % of
 * shots at worst, ~1.5 % measured), so at most 5 % of decided shots, with a slack of 3 for small
 * samples.
 */
export function allowedWrong(decided: number): number {
  return Math.max(3, Math.ceil(0.05 * decided));
}
