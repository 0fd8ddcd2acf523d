/** The truth of each game family for the yardstick (a game of a family without one is not measured). */
import type { GameFamily } from '../../shared/game/catalogue';
import { caromAdapter } from './carom';
import { golfBilliardsAdapter } from './golf-billiards';
import { minigolfAdapter } from './minigolf';
import { poolAdapter } from './pool';
import type { AdapterFactory } from './types';

export const ADAPTERS: Partial<Record<GameFamily, (game: string) => AdapterFactory>> = {
  carom: caromAdapter,
  'golf-billiards': () => golfBilliardsAdapter(),
  pool: (game) => poolAdapter(game as 'eight-ball' | 'nine-ball'),
  minigolf: () => minigolfAdapter(),
};
