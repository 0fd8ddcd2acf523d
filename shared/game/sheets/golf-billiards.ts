/** A golf-billiards (bumper pool) match carried over from a score sheet (docs/score-sheet.md). */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetPlayerId } from './common';

export const GolfBilliardsSheet = Type.Object(
  {
    family: Type.Literal('golf-billiards'),
    /** One line per side (a side's colour, as the players' `side`). */
    sides: Type.Array(
      Type.Object(
        {
          side: Type.String({ minLength: 1, maxLength: 40 }),
          /** Sets the side has won. */
          sets: Count(20),
          /** The side's balls still on the table in the set in progress. */
          ballsLeft: Count(5),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 2 },
    ),
    /** The player to play next. */
    turn: SheetPlayerId,
  },
  { additionalProperties: false },
);
export type GolfBilliardsSheet = Static<typeof GolfBilliardsSheet>;
