/**
 * An eight-ball or nine-ball match carried over from a score sheet (shared/game/sheets/index.ts):
 * the match score and the rack in progress as the sheet and the table show them. The engine
 * (hub/rules/pool/sheet.ts) refuses a sheet that does not fit the game or the players.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Count, SheetBallId, SheetPlayerId } from './common';

export const PoolSheet = Type.Object(
  {
    family: Type.Literal('pool'),
    /** One line per player of the match: both players, each once. */
    players: Type.Array(
      Type.Object(
        {
          player: SheetPlayerId,
          /** Racks he has won (fewer than the race: a won race is not continued). */
          racks: Count(100),
          /** Fouls in a row he has committed in the rack in progress (three-foul rule, nine-ball); absent: 0. */
          foulsInRow: Type.Optional(Count(2)),
          /** Eight-ball: his group once the table is closed; absent on both lines: the table is open. */
          group: Type.Optional(Type.Union([Type.Literal('solids'), Type.Literal('stripes')])),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 2 },
    ),
    /** The player at the table, who plays the next shot (never a break: the rack has started). */
    turn: SheetPlayerId,
    /** Who broke the rack in progress: the next rack's breaker follows from him and the match's break order. */
    breaker: SheetPlayerId,
    /** The object balls still on the table in the rack in progress, by number (the cue ball is always there). */
    onTable: Type.Array(SheetBallId, { maxItems: 15 }),
    /** The player at the table has ball in hand (anywhere on the table: the opponent's last shot was a foul); absent: no. */
    ballInHand: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PoolSheet = Static<typeof PoolSheet>;
