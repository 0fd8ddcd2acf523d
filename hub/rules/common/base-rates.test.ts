import { describe, expect, it } from 'vitest';
import type { PendingDecision } from '../../../shared/game/engine';
import { AS_DEFAULT, judged, MIN_SIGHTINGS, sightingKey, type BaseRates } from './base-rates';

const q = (over: Partial<PendingDecision> = {}): PendingDecision => ({
  id: 'q1',
  kind: 'golf-billiards.goal_ball',
  question: 'Whose ball?',
  options: [
    { value: 'A', label: 'A' },
    { value: 'B', label: 'B' },
  ],
  default: 'B',
  answeredBy: 'players',
  evidence: [],
  raisedAt: 3,
  basis: 'into=striker',
  ...over,
});

const rates = (answers: Record<string, number>): BaseRates => ({ 'golf-billiards': { 'golf-billiards.goal_ball': { 'into=striker': answers } } });

describe('base rates: how sure a question is', () => {
  it('counts the truth as "=" when it was the engine\'s own default, else by its value', () => {
    expect(sightingKey('B', 'B')).toBe(AS_DEFAULT);
    expect(sightingKey('A', 'B')).toBe('A');
  });

  it('leaves a question without a basis, or one a person must answer (no default), as it is', () => {
    const table = rates({ [AS_DEFAULT]: 100 });
    const { basis: _omit, ...bare } = q();
    expect(judged('golf-billiards', bare, table)).toEqual(bare);
    expect(judged('golf-billiards', q({ default: null }), table)).toEqual(q({ default: null }));
  });

  it("gives the default the probability of its sightings by Laplace's rule: an unseen basis is a coin toss", () => {
    expect(judged('golf-billiards', q(), rates({})).probability).toBe(0.5);
    expect(judged('golf-billiards', q(), rates({ [AS_DEFAULT]: 196, A: 4 })).probability).toBe(0.9752); // 197 / 202
    expect(judged('golf-billiards', q(), rates({ [AS_DEFAULT]: 196, A: 4 })).default).toBe('B');
    // Another game's counts do not apply.
    expect(judged('three-ball', q(), rates({ [AS_DEFAULT]: 196 })).probability).toBe(0.5);
  });

  it('makes the most probable answer the default once the basis was seen often enough', () => {
    const flipped = judged('golf-billiards', q(), rates({ [AS_DEFAULT]: 2, A: 64 }));
    expect(flipped.default).toBe('A');
    expect(flipped.probability).toBe(Math.round((65 / 68) * 10_000) / 10_000);
    // Too few sightings: the engine's default stands, with its (low) probability.
    const few = judged('golf-billiards', q(), rates({ [AS_DEFAULT]: 1, A: MIN_SIGHTINGS - 2 }));
    expect(few.default).toBe('B');
    expect(few.probability).toBeLessThan(0.5);
  });
});
