import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findLast, fromArray, lastN, push, pushAll, size, some, toArray, type List } from './plist';

describe('persistent list', () => {
  it('appends in order and shares what came before', () => {
    const a = fromArray([1, 2, 3]);
    const b = push(a, 4);
    const c = push(a, 5);
    expect([toArray(a), toArray(b), toArray(c)]).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4],
      [1, 2, 3, 5],
    ]);
    expect(b.init).toBe(a);
    expect(c.init).toBe(a);
    expect([size(null), size(a), size(b)]).toEqual([0, 3, 4]);
  });

  it('equal elements give deep-equal lists, whatever the path', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), (xs, cut) => {
        const k = xs.length === 0 ? 0 : cut % (xs.length + 1);
        const byPush = xs.reduce<List<number>>((l, x) => push(l, x), null);
        expect(pushAll(fromArray(xs.slice(0, k)), xs.slice(k))).toEqual(byPush);
        expect(toArray(byPush)).toEqual(xs);
        expect(lastN(byPush, 3)).toEqual(xs.slice(-3));
      }),
    );
  });

  it('searches from the newest end', () => {
    const l = fromArray([
      { k: 1, v: 'a' },
      { k: 2, v: 'b' },
      { k: 1, v: 'c' },
    ]);
    expect(findLast(l, (x) => x.k === 1)?.v).toBe('c');
    expect(findLast(l, (x) => x.k === 3)).toBeUndefined();
    expect([some(l, (x) => x.v === 'b'), some(null, () => true)]).toEqual([true, false]);
  });

  it('materialises a 200,000-element list without recursion', () => {
    let l: List<number> = null;
    for (let i = 0; i < 200_000; i++) l = push(l, i);
    const xs = toArray(l);
    expect([xs.length, xs[0], xs[199_999]]).toEqual([200_000, 0, 199_999]);
  });
});
