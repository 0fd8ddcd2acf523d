/**
 * The shot picture without a tracker: each cushion of the sequence placed on its rail, numbered by
 * its step, from the rail place ids of the carom profiles.
 */
import { describe, expect, it } from 'vitest';
import { BED, railMarks, railOf } from './shot-picture';
import type { ShotStep } from '../../../shared/reports/carom';

const cushion = (cushion: string | null, ball: string | null = 'W'): ShotStep => ({ type: 'cushion', ball, cushion });
const contact = (a: string | null, b: string | null): ShotStep => ({ type: 'contact', a, b });

describe('shot picture: the cushions met, in order, on their rails', () => {
  it('reads the rail places of both carom profiles (n1 n2 e s1 s2 w; n e s w); any other id is no rail', () => {
    expect(railOf('n1')).toEqual({ rail: 'n', segment: 1 });
    expect(railOf('s2')).toEqual({ rail: 's', segment: 2 });
    expect(railOf('e')).toEqual({ rail: 'e', segment: null });
    expect(railOf('w')).toEqual({ rail: 'w', segment: null });
    expect(railOf('L1')).toBeNull();
    expect(railOf('bumper')).toBeNull();
    expect(railOf(null)).toBeNull();
  });

  it('C3-POINT-1: three cushions then both balls: a mark per cushion on its rail, numbered by its step; contacts are steps without a mark', () => {
    const marks = railMarks([cushion('s1'), cushion('e'), cushion('n2'), contact('W', 'R'), contact('W', 'Y')]);
    expect(marks.map((m) => [m.n, m.rail, m.ball])).toEqual([
      [1, 's', 'W'],
      [2, 'e', 'W'],
      [3, 'n', 'W'],
    ]);
    // South rail at y 0, its first half; east rail at the far end; north rail, second half.
    expect(marks[0]).toMatchObject({ x: BED.length / 4, y: 0 });
    expect(marks[1]).toMatchObject({ x: BED.length, y: BED.width / 2 });
    expect(marks[2]).toMatchObject({ x: (BED.length * 3) / 4, y: BED.width });
  });

  it('a rail met twice gets its second mark beside the first; a cushion of no known rail keeps its number in the steps but no mark', () => {
    const marks = railMarks([cushion('e'), contact(null, null), cushion('e'), cushion('X9'), cushion('w', null)]);
    expect(marks.map((m) => m.n)).toEqual([1, 3, 5]);
    expect(marks[0]!.x).toBe(marks[1]!.x);
    expect(marks[0]!.y).not.toBe(marks[1]!.y);
    expect(marks[2]).toMatchObject({ rail: 'w', x: 0, ball: null });
  });
});
