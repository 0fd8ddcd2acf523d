import { describe, expect, it } from 'vitest';
import { CATALOGUE, findGame, gameEntry, GameIds } from './catalogue';
import { DEMO_VENUE } from '../venue';

describe('the game catalogue', () => {
  it('holds each game once, and GameIds are its ids', () => {
    expect(new Set(GameIds).size).toBe(CATALOGUE.length);
    expect([...GameIds].sort()).toEqual(['eight-ball', 'four-ball', 'golf-billiards', 'minigolf', 'nine-ball', 'three-ball', 'three-cushion']);
  });

  it('refuses an id it does not hold, "constructor" included, with the catalogued error', () => {
    expect(findGame('snooker')).toBeUndefined();
    expect(findGame('constructor')).toBeUndefined();
    expect(() => gameEntry('snooker')).toThrow(expect.objectContaining({ code: 'AR_UNKNOWN_GAME' }));
  });

  it('names a family, a simulated table and a profile for every game; lanes only in minigolf', () => {
    for (const g of CATALOGUE) {
      expect(g.titleKey).toBe(`game.${g.id}`);
      expect(g.lanes).toBe(g.family === 'minigolf');
      if (g.board !== 'summary') expect(g.board).toBe(g.family);
      expect(g.simulator.kind).toBe(g.family);
    }
  });

  it('gives the demo venue its four tables, one per family, as before the catalogue', () => {
    expect(DEMO_VENUE.tables).toEqual([
      { id: 'gb1', name: 'Bumper pool 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt', profile: 'golf-billiards' }] },
      { id: 'c1', name: 'Carom 1', game: 'three-cushion', devices: [{ id: 'c1-a', link: 'mqtt', profile: 'carom' }] },
      { id: 'p1', name: 'Pool 1', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'mqtt', profile: 'pool' }] },
      { id: 'mg1', name: 'Minigolf lane 1', game: 'minigolf', devices: [{ id: 'mg1-a', link: 'mqtt', profile: 'minigolf-lane', lane: 1 }] },
    ]);
  });
});
