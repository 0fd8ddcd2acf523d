import { describe, expect, it } from 'vitest';
import { fromArray, fromPortable, push, toArray, toPortable, type List } from './plist';
import { getEngine } from '../registry';

describe('portable states (snapshots)', () => {
  it('survive JSON with lists far deeper than JSON.stringify can recurse', () => {
    let l: List<{ n: number }> = null;
    for (let n = 0; n < 50_000; n++) l = push(l, { n });
    const state = { innings: l, nested: [{ inner: fromArray([1, 2, 3]) }], plain: { a: 1 } };
    expect(() => JSON.stringify(state)).toThrow(RangeError);
    const back = fromPortable(JSON.parse(JSON.stringify(toPortable(state)))) as typeof state;
    // (deep equality itself would recurse 50,000 deep: compare the lists as arrays)
    expect(toArray(back.innings)).toEqual(toArray(state.innings));
    expect(back.innings!.length).toBe(50_000);
    expect(toArray(back.nested[0]!.inner)).toEqual([1, 2, 3]);
    expect(back.plain).toEqual({ a: 1 });
  });

  it('an engine state restored from a snapshot plays on exactly like the original', () => {
    for (const id of ['three-cushion', 'eight-ball', 'golf-billiards', 'minigolf']) {
      const e = getEngine(id)!;
      let s = e.reduce(e.initial(), {
        type: 'start',
        t: 0,
        players: [
          { id: 'a', name: 'A', side: 'A' },
          { id: 'b', name: 'B', side: 'B' },
        ],
      });
      let t = 1;
      const shot = () =>
        [
          { type: 'strike', t: t++ },
          { type: 'cushion', t: t++ },
          { type: 'contact', t: t++ },
          { type: 'at_rest', t: t++ },
        ] as const;
      for (let i = 0; i < 1500; i++) for (const ev of shot()) s = e.reduce(s, ev);
      let restored = fromPortable(JSON.parse(JSON.stringify(toPortable(s))));
      for (let i = 0; i < 5; i++)
        for (const ev of shot()) {
          s = e.reduce(s, ev);
          restored = e.reduce(restored, ev);
        }
      expect(e.summary(restored), id).toEqual(e.summary(s));
      expect(JSON.stringify(toPortable(e.report(restored))), id).toBe(JSON.stringify(toPortable(e.report(s))));
    }
  });
});
