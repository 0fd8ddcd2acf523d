/**
 * Every rules engine, in one table. The hub, the CLI and the tests reach engines only here.
 * Each game module exports its engine(s); add one import and one row per engine.
 */
import type { GameId, RulesEngine } from '../../shared/game/engine';
// engine imports (one line per game module)

const engines: Partial<Record<GameId, RulesEngine<never>>> = {
  // engine rows
};

export function getEngine(id: string): RulesEngine<unknown> | undefined {
  return (engines as Record<string, RulesEngine<unknown> | undefined>)[id];
}

export function engineIds(): GameId[] {
  return (Object.keys(engines) as GameId[]).sort();
}
