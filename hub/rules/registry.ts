/**
 * Every rules engine, in one table. The hub, the CLI and the tests reach engines only here.
 * Each game module exports its engine(s); add one import and one row per engine. The table is
 * keyed by the game catalogue's ids (shared/game/catalogue.ts): the typecheck refuses a game of the
 * catalogue without an engine here, and an engine for a game the catalogue does not hold.
 */
import type { GameId, RulesEngine } from '../../shared/game/engine';
// engine imports (one line per game module)
import { threeCushion, threeBall, fourBall } from './carom/index';
import { golfBilliards } from './golf-billiards/index';
import { minigolf } from './minigolf/index';
import { eightBallEngine, nineBallEngine } from './pool/index';
import { withBaseRates } from './common/base-rates';

const rows: Record<GameId, RulesEngine<never>> = {
  // engine rows
  'three-cushion': threeCushion as RulesEngine<never>,
  'three-ball': threeBall as RulesEngine<never>,
  'four-ball': fourBall as RulesEngine<never>,
  'golf-billiards': golfBilliards as RulesEngine<never>,
  minigolf: minigolf as RulesEngine<never>,
  'eight-ball': eightBallEngine as RulesEngine<never>,
  'nine-ball': nineBallEngine as RulesEngine<never>,
};

// A Map: the id comes from outside (a venue file, a request, a log line), "constructor" included.
// Each engine's questions get their probability from the game's base rates (common/base-rates.ts).
const engines = new Map<string, RulesEngine<unknown>>((Object.entries(rows) as [string, RulesEngine<unknown>][]).map(([id, e]) => [id, withBaseRates(e)]));
for (const [id, engine] of engines) if (engine.id !== id) throw new Error(`hub/rules/registry.ts: the row ${id} holds the engine of ${engine.id}`);

export function getEngine(id: string): RulesEngine<unknown> | undefined {
  return engines.get(id);
}

/**
 * The engine as its module makes it, its questions without the base rates' defaults and
 * probabilities: only for learning those rates (bench/automation/base-rates.ts counts the truth
 * against the engine's own default).
 */
export function engineWithoutBaseRates(id: string): RulesEngine<unknown> | undefined {
  return Object.hasOwn(rows, id) ? (rows[id as GameId] as RulesEngine<unknown>) : undefined;
}

export function engineIds(): GameId[] {
  return ([...engines.keys()] as GameId[]).sort();
}
