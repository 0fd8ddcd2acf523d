/**
 * A minigolf tournament carried over from the players' paper scorecards (docs/games/minigolf.md,
 * "Continuing from a score sheet"): each player's lane scores so far and the penalty points on his
 * cards. What a card does not hold (strokes on a lane in progress, warnings without points,
 * substitutions) is not carried.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SheetPlayerId } from './common';

/** One penalty written on a card (MG-PEN-2: each level is given once per tournament). */
export const MinigolfSheetPenalty = Type.Object(
  {
    /** The round (from 1) on whose card the penalty stands. */
    round: Type.Integer({ minimum: 1, maximum: 20 }),
    /** Its penalty points as written: 1 (A+1), 2 (B+2) or 5 (D+5, disqualified); the engine refuses others. */
    points: Type.Integer({ minimum: 1, maximum: 20 }),
  },
  { additionalProperties: false },
);

export const MinigolfSheet = Type.Object(
  {
    /** Always "minigolf". */
    family: Type.Literal('minigolf'),
    /** One line per player whose cards are carried; a player of the match not named here starts with empty cards. */
    players: Type.Array(
      Type.Object(
        {
          /** The player's id in the match (as in `start.players`). */
          player: SheetPlayerId,
          /** His cards so far, round by round from round 1: each lane's score from lane 1 (1 to the match's maximum, 7), null where empty. */
          rounds: Type.Array(Type.Array(Type.Union([Type.Integer({ minimum: 1, maximum: 20 }), Type.Null()]), { maxItems: 36 }), { maxItems: 20 }),
          /** The penalties written on his cards, one line per penalty; absent: none. */
          penalties: Type.Optional(Type.Array(MinigolfSheetPenalty, { maxItems: 40 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 400 },
    ),
  },
  { additionalProperties: false },
);
export type MinigolfSheet = Static<typeof MinigolfSheet>;
