/**
 * A persistent string-keyed map for the engine state (answers by decision id, identities by
 * event seq): a match keeps every one it was given, so copying a single object on each new entry
 * made a long match's replay quadratic. Instead, levels of plain objects, newest first, each at
 * least twice the size of the one before it (a binary counter): a new entry merges only the
 * small newest levels, amortised O(log n), and a lookup reads at most O(log n) objects. Every
 * earlier state keeps its own levels (nothing is mutated), and the whole is plain JSON.
 */

/** A level: its entries and how many there are (counting the keys of a big level on every insert would be O(n) again). */
export interface Level<V> {
  readonly n: number;
  readonly map: Readonly<Record<string, V>>;
}

export type PMap<V> = readonly Level<V>[];

/**
 * Snapshots saved before the levels were introduced hold one plain object: read it as a single level.
 */
export function levels<V>(m: PMap<V> | Readonly<Record<string, V>>): PMap<V> {
  return Array.isArray(m) ? (m as PMap<V>) : [{ n: Object.keys(m).length, map: m as Readonly<Record<string, V>> }];
}

/**
 * The newest value under `k`. Own properties only: keys come from the log (a decision id a person
 * sent), and "constructor" or "toString" must not find Object.prototype's.
 */
export function get<V>(m: PMap<V>, k: string): V | undefined {
  for (const level of m) if (Object.hasOwn(level.map, k)) return level.map[k];
  return undefined;
}

/** `m` with `k` set to `v` (a newer value hides an older one). */
export function set<V>(m: PMap<V>, k: string, v: V): PMap<V> {
  let map: Record<string, V> = { [k]: v };
  let n = 1;
  let i = 0;
  for (; i < m.length && m[i]!.n <= 2 * n; i++) {
    map = { ...m[i]!.map, ...map };
    n = Object.keys(map).length;
  }
  return [{ n, map }, ...m.slice(i)];
}
