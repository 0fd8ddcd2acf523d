/**
 * A carom match (three-cushion, three-ball, four-ball) carried over from a score sheet: what a
 * club's sheet holds when the match moves to autoref (docs/score-sheet.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetBallId, SheetPlayerId } from './common';

export const CaromSheet = Type.Object(
  {
    family: Type.Literal('carom'),
    /** One line per player of the match: every player appears once. */
    players: Type.Array(
      Type.Object(
        {
          player: SheetPlayerId,
          /** Points of his closed innings. */
          points: Count(10_000),
          /** Innings he has closed. */
          innings: Count(2_000),
          /** His highest run so far. */
          highRun: Count(10_000),
          timeoutsUsed: Type.Optional(Count(20)),
          /** His ball (three-cushion: white or yellow); absent: as the match would give it. */
          ball: Type.Optional(SheetBallId),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 3 },
    ),
    /** The player at the table, who plays the next stroke. */
    atTable: SheetPlayerId,
    /** Points he has made in the inning in progress (not in his `points` yet). */
    run: Type.Optional(Count(10_000)),
  },
  { additionalProperties: false },
);
export type CaromSheet = Static<typeof CaromSheet>;
