/** Golf billiards (bumper pool) rules engine module. */
export { golfBilliards } from './engine';
export type { GbState } from './state';
