/**
 * The demo's matches: with the simulated venue, every table that is not already playing gets a
 * match with two players, so a new user sees live scores at once (not empty tables).
 */
import type { Hub } from '../app';
import type { PlayerSetup } from '../../shared/game/events';

interface DemoMatch {
  players: PlayerSetup[];
  config?: Record<string, unknown>;
  /** Inputs a referee would make before the first shot. */
  then?: { call: string; player: string }[];
}

const byGame: Record<string, DemoMatch> = {
  'golf-billiards': {
    players: [
      { id: 'ayse', name: 'Ayşe', side: 'A' },
      { id: 'noam', name: 'Noam', side: 'B' },
    ],
    // The demo table's goal beams are places "a" and "b"; its colour sensor names white and red.
    config: { goals: { A: 'a', B: 'b' }, colours: { A: 'white', B: 'red' } },
  },
  'three-cushion': {
    players: [
      { id: 'kemal', name: 'Kemal' },
      { id: 'yael', name: 'Yael' },
    ],
    // The European rules start with a lag: the referee names the lag winner.
    then: [{ call: 'opener', player: 'kemal' }],
  },
  'eight-ball': {
    players: [
      { id: 'deniz', name: 'Deniz', side: 'A' },
      { id: 'tamar', name: 'Tamar', side: 'B' },
    ],
  },
  minigolf: {
    players: [
      { id: 'elif', name: 'Elif' },
      { id: 'avi', name: 'Avi' },
    ],
  },
};

export async function startDemoMatches(hub: Hub, log: (line: string) => void): Promise<number> {
  let n = 0;
  for (const t of hub.venue.tables) {
    const demo = byGame[t.game];
    if (!demo || hub.matches.current(t.id)) continue;
    try {
      await hub.matches.start(t.id, demo.players, demo.config, 'demo');
      for (const c of demo.then ?? []) await hub.matches.input(t.id, { type: 'ref', call: c.call, player: c.player, by: 'referee', who: 'demo' });
      n++;
    } catch (e) {
      log(`demo match on ${t.id} not started: ${(e as Error).message}`);
    }
  }
  return n;
}
