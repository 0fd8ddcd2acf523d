/** An eight-ball or nine-ball match carried over from a score sheet (docs/score-sheet.md). */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetBallId, SheetPlayerId } from './common';

export const PoolSheet = Type.Object(
  {
    family: Type.Literal('pool'),
    players: Type.Array(
      Type.Object(
        {
          player: SheetPlayerId,
          /** Racks he has won. */
          racks: Count(100),
          /** Fouls in a row he has committed (nine-ball's three-foul rule). */
          foulsInRow: Type.Optional(Count(2)),
          /** Eight-ball: his group once the table is closed. */
          group: Type.Optional(Type.Union([Type.Literal('solids'), Type.Literal('stripes')])),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 2 },
    ),
    /** The player at the table, who shoots next. */
    turn: SheetPlayerId,
    /** Who broke the rack in progress (the next rack's break follows from it). */
    breaker: Type.Optional(SheetPlayerId),
    /** The object balls still on the table in the rack in progress (the cue ball is always there). */
    onTable: Type.Array(SheetBallId, { maxItems: 15 }),
    /** The player at the table has ball in hand. */
    ballInHand: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PoolSheet = Static<typeof PoolSheet>;
