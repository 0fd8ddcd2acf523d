/**
 * Pocket billiards engines: the general layer of seed 001 with the eight-ball and nine-ball
 * disciplines as plug-ins (docs/games/pocket.md).
 */
import { eightBall } from './eight';
import { makeEngine } from './engine';
import { nineBall } from './nine';

export const eightBallEngine = makeEngine(eightBall);
export const nineBallEngine = makeEngine(nineBall);
export type { PocketState } from './types';
