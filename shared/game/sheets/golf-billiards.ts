/**
 * A golf-billiards (bumper pool) match carried over from a score sheet (docs/games/golf-billiards.md,
 * "Continuing from a score sheet"). Where the balls lie is not on a sheet: the balls left stand on
 * the table wherever they are, the others count as holed.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetPlayerId } from './common';

export const GolfBilliardsSheet = Type.Object(
  {
    family: Type.Literal('golf-billiards'),
    /** One line per side (a side's colour, as the players' `side`). */
    sides: Type.Array(
      Type.Object(
        {
          /** The side, as in the match's players (`A`, `B` when the players have none). */
          side: Type.String({ minLength: 1, maxLength: 40 }),
          /** Sets the side has won. */
          sets: Count(20),
          /** The side's balls still on the table in the set in progress (5 each when the next set has not begun). */
          ballsLeft: Count(5),
          /** Doubles: the partner who plays the side's next stroke (or opens the next set); needed for the side not to play. */
          nextPlayer: Type.Optional(SheetPlayerId),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 2 },
    ),
    /** The player to play next (when both sides have 5 balls: the next set's opening, his side's opener). */
    turn: SheetPlayerId,
  },
  { additionalProperties: false },
);
export type GolfBilliardsSheet = Static<typeof GolfBilliardsSheet>;
