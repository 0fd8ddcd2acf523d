/**
 * Pool (pocket billiards) engines: the general layer of seed 001 with the eight-ball and nine-ball
 * disciplines as plug-ins (docs/games/pool.md), registered in ../registry.ts.
 */
import type { RulesEngine } from '../../../shared/game/engine';
import type { Discipline } from './discipline';
import { eightBall } from './eight';
import { nineBall } from './nine';
import { initialState, reduce, rejections } from './reducer';
import { poolReport, summarize } from './report';
import type { PoolState } from './state';

/** One engine per discipline, on the same general layer. */
export function makeEngine(d: Discipline): RulesEngine<PoolState> {
  return {
    id: d.id,
    title: d.title,
    initial: () => initialState(d),
    reduce: (s, e) => reduce(d, s, e),
    summary: (s) => summarize(d, s),
    report: (s) => poolReport(d, s),
    // A table none of whose profiled devices has a contact sensor (the pool profile): the first
    // contact is asked instead of taken as none (PB-SHOT-1 on every shot). Unknown profiles: the default.
    tableOptions: (table) => (table.complete && !table.sensors.some((x) => x.kind === 'piezo' && x.event === 'contact') ? { contactSensor: false } : {}),
    // From the fields alone: a state restored from a snapshot has no getters.
    rejections,
  };
}

export const eightBallEngine = makeEngine(eightBall);
export const nineBallEngine = makeEngine(nineBall);
export type { PoolState } from './state';
