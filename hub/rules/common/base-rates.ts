/**
 * How sure a reading the sensors leave open is. An engine that can say what evidence a question
 * rests on writes it as the question's `basis`; the game's base rates count, per game, question
 * kind and basis, how often each answer was the truth in the simulator's games
 * (hub/rules/base-rates.data.ts, made by `npm run base-rates`: bench/automation/base-rates.ts plays
 * every game through the whole chain with a referee answering from the truth, on seeds the
 * yardstick does not use). Here those counts become the question's default (the most probable
 * answer) and its `probability` (Laplace's rule: one imagined sighting of each option, so that a
 * few sightings never make a certainty). Pure: the same question gets the same figures, so
 * replay stays deterministic.
 */
import type { PendingDecision, RulesEngine } from '../../../shared/game/engine';
import { BASE_RATES, type BaseRates } from '../base-rates.data';

export type { BaseRates };

/** The key of a sighting: `=` when the truth was the engine's own default. */
export const AS_DEFAULT = '=';
export function sightingKey(truth: string, engineDefault: string | null): string {
  return truth === engineDefault ? AS_DEFAULT : truth;
}

/** Fewer sightings than this of a basis: the engine's own default stands (its probability is still given): a handful of sightings moves no default. */
export const MIN_SIGHTINGS = 5;

/** The sightings of a question's basis, or undefined when there are none (no basis, or never seen). */
function sightings(table: BaseRates, game: string, d: PendingDecision): Record<string, number> | undefined {
  if (d.basis === undefined) return undefined;
  const byKind = Object.hasOwn(table, game) ? table[game]! : undefined;
  const byBasis = byKind && Object.hasOwn(byKind, d.kind) ? byKind[d.kind]! : undefined;
  return byBasis && Object.hasOwn(byBasis, d.basis) ? byBasis[d.basis] : undefined;
}

/**
 * The question with its default made the most probable answer (once its basis has been seen
 * MIN_SIGHTINGS times) and that default's probability. A question without a basis, or whose
 * default is null (a person must answer), is returned as it is.
 */
export function judged(game: string, d: PendingDecision, table: BaseRates = BASE_RATES): PendingDecision {
  if (d.basis === undefined || d.default === null) return d;
  const seen = sightings(table, game, d) ?? {};
  const count = (v: string): number => (Object.hasOwn(seen, v) ? seen[v]! : 0);
  const own = d.default;
  const total = Object.values(seen).reduce((a, b) => a + b, 0);
  // The engine's default was the truth `=` times; another answer, its own count.
  const sightingsOf = (v: string): number => (v === own ? count(AS_DEFAULT) : count(v));
  let best = own;
  if (total >= MIN_SIGHTINGS) for (const o of d.options) if (sightingsOf(o.value) > sightingsOf(best)) best = o.value;
  const probability = Math.round(((sightingsOf(best) + 1) / (total + d.options.length)) * 10_000) / 10_000;
  return { ...d, default: best, probability };
}

/** The engine whose summaries give each question with a basis its most probable default and that default's probability. */
export function withBaseRates<S>(engine: RulesEngine<S>, table: BaseRates = BASE_RATES): RulesEngine<S> {
  return {
    ...engine,
    summary: (s: S) => {
      const summary = engine.summary(s);
      if (!summary.pending.some((d) => d.basis !== undefined)) return summary;
      return { ...summary, pending: summary.pending.map((d) => judged(engine.id, d, table)) };
    },
  };
}
