/**
 * A persistent append-only list for engine states: appending is O(1) and shares everything
 * before it, so a reducer can keep a growing history (innings, notes, fouls, events since a
 * decision) without copying it on every event, and every earlier state stays valid.
 *
 * Newest element first. The shape depends only on the elements
 * (no capacity, no chunk boundaries), so two lists with equal elements are deep-equal: states
 * built along different paths (a late answer, undo then redo) still compare equal.
 */
export interface PList<T> {
  readonly last: T;
  readonly init: PList<T> | null;
  readonly length: number;
}

export type List<T> = PList<T> | null;

export function push<T>(list: List<T>, x: T): PList<T> {
  return { last: x, init: list, length: list === null ? 1 : list.length + 1 };
}

export function pushAll<T>(list: List<T>, xs: readonly T[]): List<T> {
  let out = list;
  for (const x of xs) out = push(out, x);
  return out;
}

export function size(list: List<unknown>): number {
  return list === null ? 0 : list.length;
}

export function fromArray<T>(xs: readonly T[]): List<T> {
  return pushAll(null, xs);
}

/** Oldest first; O(n), a new array each time. */
export function toArray<T>(list: List<T>): T[] {
  const out: T[] = new Array<T>(size(list));
  let i = out.length;
  for (let n = list; n !== null; n = n.init) out[--i] = n.last;
  return out;
}

/** Newest `k` elements, oldest first. */
export function lastN<T>(list: List<T>, k: number): T[] {
  const out: T[] = [];
  for (let n = list; n !== null && out.length < k; n = n.init) out.push(n.last);
  return out.reverse();
}

/** First element from the newest end that matches, or undefined. */
export function findLast<T>(list: List<T>, f: (x: T) => boolean): T | undefined {
  for (let n = list; n !== null; n = n.init) if (f(n.last)) return n.last;
  return undefined;
}

export function some<T>(list: List<T>, f: (x: T) => boolean): boolean {
  return findLast(list, f) !== undefined;
}

function isPList(x: unknown): x is PList<unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o);
  return keys.length === 3 && 'last' in o && 'init' in o && typeof o['length'] === 'number';
}

const TAG = '__plist';

/**
 * A JSON-safe copy of a state that holds PLists: each list becomes `{ "__plist": [...] }`,
 * oldest first. JSON.stringify recurses once per list element (thousands deep for a long
 * match) and overflows the stack; this walks each list's spine in a loop instead.
 */
export function toPortable(x: unknown): unknown {
  if (typeof x !== 'object' || x === null) return x;
  if (isPList(x)) return { [TAG]: toArray(x).map(toPortable) };
  if (Array.isArray(x)) return x.map(toPortable);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) out[k] = toPortable(v);
  return out;
}

/** The inverse of toPortable: plain objects with the same fields, lists rebuilt. */
export function fromPortable(x: unknown): unknown {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) return x.map(fromPortable);
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === TAG && Array.isArray(o[TAG])) return fromArray((o[TAG] as unknown[]).map(fromPortable));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = fromPortable(v);
  return out;
}
