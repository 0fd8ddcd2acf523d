/**
 * Continuing a match from a score sheet (docs/score-sheet.md): the state a match begun on paper, or
 * on a hub that was replaced, had when autoref took over. It rides in the `start` event, so the log
 * holds it and replay starts from it; the engine refuses a sheet that does not fit its game or its
 * players, and the match is then not started. One schema per game family, told apart by `family`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CaromSheet } from './carom';
import { PoolSheet } from './pool';
import { GolfBilliardsSheet } from './golf-billiards';
import { MinigolfSheet } from './minigolf';

export { CaromSheet, PoolSheet, GolfBilliardsSheet, MinigolfSheet };

export const ScoreSheet = Type.Union([CaromSheet, PoolSheet, GolfBilliardsSheet, MinigolfSheet]);
export type ScoreSheet = Static<typeof ScoreSheet>;
