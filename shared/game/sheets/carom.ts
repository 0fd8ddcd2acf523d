/**
 * A carom match (three-cushion, three-ball, four-ball) carried over from a score sheet: what a
 * club's sheet holds when the match moves to autoref (docs/games/carom.md, "Continuing from a
 * score sheet"). The engine derives the rest: who opened (from the innings), the match inning, the
 * cue ball, an equalizing inning in progress.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetBallId, SheetPlayerId } from './common';

export const CaromSheetLine = Type.Object(
  {
    /** The player's id, as in the match's players. */
    player: SheetPlayerId,
    /** His points in his closed innings (the run of the inning in progress is `run`). */
    points: Count(10_000),
    /** How many innings he has closed (the inning in progress not counted). */
    innings: Count(2_000),
    /** His highest run in a closed inning. */
    highRun: Count(10_000),
    /** Timeouts he has used in this game; absent: none. */
    timeoutsUsed: Type.Optional(Count(20)),
    /** The cue ball he plays (white or yellow, by its id in the match's `balls`); absent: as the match would give it. */
    ball: Type.Optional(SheetBallId),
  },
  { additionalProperties: false },
);
export type CaromSheetLine = Static<typeof CaromSheetLine>;

export const CaromSheet = Type.Object(
  {
    /** The game family: "carom" for three-cushion, three-ball and four-ball. */
    family: Type.Literal('carom'),
    /** One line per player of the match, in playing order (the table passes from each line to the next, the last to the first). */
    players: Type.Array(CaromSheetLine, { minItems: 2, maxItems: 3 }),
    /** The player at the table, who plays the next stroke. */
    atTable: SheetPlayerId,
    /** Points he has made in the inning in progress (not in his `points` yet); absent: 0. */
    run: Type.Optional(Count(10_000)),
  },
  { additionalProperties: false },
);
export type CaromSheet = Static<typeof CaromSheet>;
