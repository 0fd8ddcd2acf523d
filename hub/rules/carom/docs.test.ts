import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLS } from './calls';
import { FOULS } from './general';
import { defaultConfig } from './config';

describe('documentation (docs/games/carom.md)', () => {
  const doc = readFileSync(new URL('../../../docs/games/carom.md', import.meta.url), 'utf8');
  it('documents every ref call, foul code, pending decision kind and config option', () => {
    const kinds = ['c3.point', 'c3b.point', 'c4.point', 'carom.wrong_ball', 'carom.balls_in_motion', 'c3.lag', 'c3.lag_collision'];
    const names = [...CALLS, ...Object.keys(FOULS), ...kinds, ...Object.keys(defaultConfig('three-cushion'))];
    expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
