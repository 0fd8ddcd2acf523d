import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import { chunkSet, planFor, profileOptions, rawOptions } from './plan';

const load = (id: string): TableProfile => JSON.parse(readFileSync(new URL(`../../hardware/profiles/${id}.json`, import.meta.url), 'utf8')) as TableProfile;

describe('calibration plan', () => {
  it('starts with the quiet step, then one step per tunable sensor in profile order', () => {
    expect(planFor(load('golf-billiards')).map((s) => s.id)).toEqual(['quiet', 'g1', 'g2', 'c1', 'c2', 'c3', 'c4', 'k1', 'o1']);
    const steps = planFor(load('golf-billiards'));
    expect(steps[1]).toMatchObject({ kind: 'beam', event: 'goal', place: 'a', count: 5 });
    expect(steps[1]!.instruction).toContain('goal a');
    expect(steps[3]!.instruction).toContain('rail n');
  });

  it('gives tag readers no step, and names pockets, contacts and the tee', () => {
    expect(planFor(load('minigolf-lane')).map((s) => s.id)).toEqual(['quiet', 't1', 'h1', 'o1']);
    expect(planFor(load('minigolf-lane'))[1]!.instruction).toContain('tee');
    expect(planFor(load('pool'))[1]).toMatchObject({ kind: 'pocket', event: 'pocket', place: 'tl' });
    expect(planFor(load('carom')).find((s) => s.id === 'b1')!.instruction).toContain('head part of the bed');
  });

  it('raw mode lowers every filter, and the profile values put them back', () => {
    const gb = load('golf-billiards');
    expect(rawOptions(gb)).toMatchObject({ 'g1.debounceMs': 0, 'g1.minWidthUs': 0, 'c1.deadMs': 1, 'o1.minWidthUs': 0 });
    const back = profileOptions(gb);
    expect(back).toMatchObject({ 'g1.minWidthUs': 3000, 'g1.debounceMs': 1, 'o1.minWidthUs': 2000, 'c1.deadMs': 30 });
    expect(Object.keys(back).sort()).toEqual(Object.keys(rawOptions(gb)).sort());
  });

  it('splits a set into cfg commands that stay well under the 512-byte line limit', () => {
    const set = rawOptions(load('pool'));
    expect(Object.keys(set)).toHaveLength(16);
    const parts = chunkSet(set);
    expect(parts.map((p) => Object.keys(p).length)).toEqual([8, 8]);
    expect(Object.assign({}, ...parts)).toEqual(set);
    for (const p of parts) expect(JSON.stringify({ v: 1, k: 'cfg', set: p }).length).toBeLessThan(300);
  });
});
