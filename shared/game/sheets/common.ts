/** Building blocks the families' score sheets share (shared/game/sheets/index.ts). */
import { Type } from '@sinclair/typebox';

export const SheetPlayerId = Type.String({ minLength: 1, maxLength: 40 });
export const SheetBallId = Type.String({ minLength: 1, maxLength: 24 });
/** A count written on a paper sheet: points, innings, sets, racks. */
export const Count = (max: number) => Type.Integer({ minimum: 0, maximum: max });
