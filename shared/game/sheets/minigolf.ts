/**
 * A minigolf round (or rounds) carried over from the players' scorecards (docs/score-sheet.md):
 * each player's lane scores so far and the penalty points on his cards.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SheetPlayerId } from './common';

export const MinigolfSheet = Type.Object(
  {
    family: Type.Literal('minigolf'),
    players: Type.Array(
      Type.Object(
        {
          player: SheetPlayerId,
          /** His cards so far, round by round from the first: one entry per lane, null where not played yet. */
          rounds: Type.Array(Type.Array(Type.Union([Type.Integer({ minimum: 1, maximum: 7 }), Type.Null()]), { maxItems: 36 }), { maxItems: 20 }),
          /** Penalty points on his cards, by round (the round's number, from 1). */
          penalties: Type.Optional(
            Type.Array(Type.Object({ round: Type.Integer({ minimum: 1, maximum: 20 }), points: Type.Integer({ minimum: 1, maximum: 20 }) }, { additionalProperties: false }), {
              maxItems: 40,
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 400 },
    ),
  },
  { additionalProperties: false },
);
export type MinigolfSheet = Static<typeof MinigolfSheet>;
