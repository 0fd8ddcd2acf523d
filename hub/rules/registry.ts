/**
 * Every rules engine, in one table. The hub, the CLI and the tests reach engines only here.
 * Each game module exports its engine(s); add one import and one row per engine.
 */
import type { GameId, RulesEngine } from '../../shared/game/engine';
// engine imports (one line per game module)
import { threeCushion, threeBall, fourBall } from './carom/index';
import { golfBilliards } from './golf-billiards/index';
import { minigolf } from './minigolf/index';
import { eightBallEngine, nineBallEngine } from './pocket/index';

const engines: Partial<Record<GameId, RulesEngine<never>>> = {
  // engine rows
  'three-cushion': threeCushion as RulesEngine<never>,
  'three-ball': threeBall as RulesEngine<never>,
  'four-ball': fourBall as RulesEngine<never>,
  'golf-billiards': golfBilliards as RulesEngine<never>,
  minigolf: minigolf as RulesEngine<never>,
  'eight-ball': eightBallEngine as RulesEngine<never>,
  'nine-ball': nineBallEngine as RulesEngine<never>,
};

export function getEngine(id: string): RulesEngine<unknown> | undefined {
  return (engines as Record<string, RulesEngine<unknown> | undefined>)[id];
}

export function engineIds(): GameId[] {
  return (Object.keys(engines) as GameId[]).sort();
}
