/**
 * A growing list kept as a view (`items[0 .. length)`) of one array shared by the states that
 * extend each other: appending pushes onto the shared array when the list being extended is its
 * newest version, and copies the view otherwise, so every older state keeps exactly its own
 * elements. A replay only ever extends the newest state, so an element costs one array slot and
 * no object of its own: a linked cell per element lives as long as the list, and the garbage
 * collector copied each one twice (young generation, then old).
 *
 * A state extended since it was taken has a longer shared array than its view: read a prefix
 * with `toArray` and compare those, never the raw fields. A frozen array (a deep-frozen state)
 * is never pushed onto.
 */
export interface Prefix<T> {
  readonly items: readonly T[];
  readonly length: number;
}

/** Oldest first; a new array each time. */
export function toArray<T>(list: Prefix<T> | null): T[] {
  return list === null ? [] : list.items.slice(0, list.length);
}

/** `list` with `x` appended: O(1) amortized when `list` is the newest view of its array. */
export function append<T>(list: Prefix<T> | null, x: T): Prefix<T> {
  if (list === null) return { items: [x], length: 1 };
  const shared = list.items as T[];
  if (shared.length === list.length && !Object.isFrozen(shared)) {
    shared.push(x);
    return { items: shared, length: list.length + 1 };
  }
  const items = shared.slice(0, list.length);
  items.push(x);
  return { items, length: items.length };
}

/** A prefix of its own (a copy of `xs`); null when empty. */
export function fromArray<T>(xs: readonly T[]): Prefix<T> | null {
  return xs.length === 0 ? null : { items: xs.slice(), length: xs.length };
}
