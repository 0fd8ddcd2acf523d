import { describe, expect, it } from 'vitest';
import { get, levels, set, type PMap } from './pmap';

describe('persistent map (answers, identities)', () => {
  it('reads what was set, the newest value first, and never changes an earlier map', () => {
    let m: PMap<number> = [];
    const kept: PMap<number>[] = [];
    for (let i = 0; i < 1000; i++) {
      kept.push(m);
      m = set(m, `k${i % 700}`, i);
    }
    for (let i = 0; i < 700; i++) expect(get(m, `k${i}`)).toBe(i < 300 ? i + 700 : i);
    expect(get(m, 'missing')).toBeUndefined();
    // The map as it was after 10 entries still says so.
    expect(get(kept[10]!, 'k9')).toBe(9);
    expect(get(kept[10]!, 'k10')).toBeUndefined();
  });

  it('keeps O(log n) levels, each a plain object (a state stays JSON)', () => {
    let m: PMap<string> = [];
    for (let i = 0; i < 10_000; i++) m = set(m, String(i), 'x');
    expect(m.length).toBeLessThanOrEqual(14);
    expect(m.reduce((n, l) => n + l.n, 0)).toBe(10_000);
    const back = JSON.parse(JSON.stringify(m)) as PMap<string>;
    expect(get(back, '1234')).toBe('x');
  });

  it('finds only keys that were set: a key from outside named like an Object method is missing', () => {
    const m = set<string>([], 'shot-1:rail', 'no');
    for (const k of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(get(m, k)).toBeUndefined();
    const withProto = set<string>(m, '__proto__', 'x');
    expect(get(withProto, '__proto__')).toBe('x');
    expect(get(JSON.parse(JSON.stringify(withProto)) as PMap<string>, 'shot-1:rail')).toBe('no');
  });

  it('reads a map saved before the levels (one plain object) as one level', () => {
    const old = levels<string>({ '12': '3', '40': 'cue' });
    expect(get(old, '40')).toBe('cue');
    expect(get(set(old, '41', '5'), '12')).toBe('3');
  });
});
