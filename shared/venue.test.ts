import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { DEMO_VENUE, VenueConfig, venueProblems } from './venue';

const course = (lanes: (number | undefined)[], game: VenueConfig['tables'][number]['game'] = 'minigolf'): VenueConfig => ({
  id: 'v',
  name: 'V',
  language: 'en',
  tables: [
    {
      id: 'mg',
      name: 'Course',
      game,
      devices: lanes.map((lane, k) => ({ id: `mg-l${k + 1}`, link: 'mqtt' as const, ...(lane !== undefined ? { lane } : {}) })),
    },
  ],
});

describe('venue config: the lane of a minigolf device', () => {
  const valid = new Ajv({ strict: false }).compile(VenueConfig);

  it('the schema takes a lane 1..36 and a course of up to 36 devices', () => {
    expect(valid(course([1, 2, 18, 36]))).toBe(true);
    expect(valid(course([0]))).toBe(false);
    expect(valid(course([37]))).toBe(false);
    expect(valid(course([1.5]))).toBe(false);
    expect(valid(course(Array.from({ length: 36 }, (_, k) => k + 1)))).toBe(true);
    expect(valid(course(Array.from({ length: 37 }, () => undefined)))).toBe(false);
  });

  it('a lane only on a minigolf table, each lane once per table; devices without a lane are fine', () => {
    expect(venueProblems(DEMO_VENUE)).toEqual([]);
    expect(venueProblems(course([1, 2, undefined, 3]))).toEqual([]);
    expect(venueProblems(course([1, 2, 1]))).toEqual(['/tables/0/devices/2/lane device mg-l3: lane 1 of table mg is already served by mg-l1']);
    expect(venueProblems(course([1], 'eight-ball'))).toEqual([
      '/tables/0/devices/0/lane device mg-l1: a lane only on a minigolf table (table mg plays eight-ball)',
    ]);
    // The same lane number on two courses (two tables) is fine.
    const two = course([1, 2]);
    two.tables.push({ ...two.tables[0]!, id: 'mg2', devices: [{ id: 'mg2-l1', link: 'mqtt', lane: 1 }] });
    expect(venueProblems(two)).toEqual([]);
  });
});
