/**
 * How much the chain tests play, and how long they may take. The sizes are what each check needs
 * to mean something (every kind of event and question it counts occurs), not more: `npm test`
 * runs them all on a 2-core machine beside the other files and must stay under about 10 minutes.
 * An environment variable gives a long run (e.g. AUTOREF_CHAIN_SHOTS=1000 for a night's soak).
 *
 * No chain test races the clock: the limit only catches a run that never ends, and each test
 * prints its size and how long it took (`chainTimed`), for docs/simulator.md and bench/.
 */

/** A chain test's limit: a run that has not ended by then never will; a slow machine is never its cause. */
export const CHAIN_LIMIT_MS = 900_000;

/** The size `name` (an environment variable) asks for, else `dflt`. */
export function chainSize(name: string, dflt: number): number {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new TypeError(`${name} must be a whole number of 1 or more (got "${v}")`);
  return n;
}

/** Runs a chain's work and prints its size and time: reported, never asserted. */
export function chainTimed<T>(what: string, size: string, run: () => T): T {
  const t0 = performance.now();
  const out = run();
  console.log(`chain ${what}: ${size} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** The same for a chain that awaits (through a broker and the hub). */
export async function chainTimedAsync<T>(what: string, size: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await run();
  console.log(`chain ${what}: ${size} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** How long a chain through the hub waits for its boards to come online: only a board that never does fails it. */
export const CHAIN_WAIT_MS = 120_000;
