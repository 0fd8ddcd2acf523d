/**
 * Balls pocketed per player in the rack being played, from the engine's shot records.
 */
import { describe, expect, it } from 'vitest';
import { pocketedBy, type PocketedFrom } from './pool';

const balls = (down: string[]): PocketedFrom['rack']['balls'] =>
  Object.fromEntries(['cue', ...Array.from({ length: 15 }, (_, i) => String(i + 1))].map((b) => [b, down.includes(b) ? 'pocketed' : 'table']));

function report(rack: number, down: string[], shots: NonNullable<PocketedFrom['shots']>): PocketedFrom {
  return {
    players: [{ id: 'A' }, { id: 'B' }],
    rack: { no: rack, balls: balls(down) },
    shots,
  };
}

describe('balls pocketed per player', () => {
  it('counts each ball still down for the player whose shot pocketed it, in this rack only, without the cue ball', () => {
    const r = report(
      2,
      ['3', '1', '9'],
      [
        { rack: 1, shooter: 'B', pocketed: ['4', '5'] },
        { rack: 2, shooter: 'A', pocketed: ['3', 'cue'] },
        { rack: 2, shooter: 'B', pocketed: ['9', '1'] },
      ],
    );
    expect(Object.fromEntries(pocketedBy(r))).toEqual({ A: ['3'], B: ['1', '9'] });
  });

  it('a ball spotted again is no longer counted; pocketed again, it counts for the last shooter', () => {
    const shots = [{ rack: 1, shooter: 'A', pocketed: ['9'] }];
    expect(Object.fromEntries(pocketedBy(report(1, [], shots)))).toEqual({ A: [], B: [] });
    expect(Object.fromEntries(pocketedBy(report(1, ['9'], [...shots, { rack: 1, shooter: 'B', pocketed: ['9'] }])))).toEqual({ A: [], B: ['9'] });
  });
});
