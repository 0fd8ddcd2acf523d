import { describe, expect, it } from 'vitest';
import type { GameSummary, PendingDecision } from '../../shared/game/engine';
import { withCountdowns } from './countdowns';

const q = (id: string, over: Partial<PendingDecision> = {}): PendingDecision => ({
  id,
  kind: 'k',
  question: '?',
  options: [],
  default: 'yes',
  answeredBy: 'players',
  evidence: [],
  raisedAt: 1,
  ...over,
});
const summary = (pending: PendingDecision[]): GameSummary => ({
  game: 'minigolf',
  status: 'playing',
  players: [],
  turn: null,
  provisional: pending.length > 0,
  pending,
  winner: null,
  headline: '',
});

describe('countdowns to the defaults', () => {
  it('runs from when a question was first seen open; at once when the engine is sure; none without a default or a wait', () => {
    const raised = new Map<string, number>();
    const s = summary([q('wait'), q('sure', { probability: 0.99 }), q('unsure', { probability: 0.6 }), q('person', { default: null })]);
    const at = (x: GameSummary): Record<string, number | null | undefined> => Object.fromEntries(x.pending.map((d) => [d.id, d.defaultAt]));
    expect(at(withCountdowns(s, raised, 1000, 0.98, 30_000))).toEqual({ wait: 31_000, sure: 1000, unsure: 31_000, person: null });
    // Read again later: the same moments.
    expect(at(withCountdowns(s, raised, 5000, 0.98, 30_000))).toEqual({ wait: 31_000, sure: 1000, unsure: 31_000, person: null });
    // Answered questions leave; a new one starts its own wait; no wait configured: nothing applies.
    const next = summary([q('wait'), q('new')]);
    expect(at(withCountdowns(next, raised, 7000, 0.98, 30_000))).toEqual({ wait: 31_000, new: 37_000 });
    expect([...raised.keys()]).toEqual(['wait', 'new']);
    expect(at(withCountdowns(next, raised, 7000, 0.98, null))).toEqual({ wait: null, new: null });
  });

  it('leaves a summary with nothing open as it is', () => {
    const s = summary([]);
    expect(withCountdowns(s, new Map(), 0, 0.98, 30_000)).toBe(s);
  });

  it('a foul the players may claim is taken at once at a venue with claims, and waits as any question without them (docs/claims.md)', () => {
    const s = summary([q('claim', { claim: { against: 'A', foul: 'no' } })]);
    const at = (x: GameSummary) => x.pending[0]!.defaultAt;
    expect(at(withCountdowns(s, new Map(), 1000, 0.98, 30_000, 15_000))).toBe(1000);
    expect(at(withCountdowns(s, new Map(), 1000, 0.98, 30_000, 0))).toBe(31_000);
  });
});
