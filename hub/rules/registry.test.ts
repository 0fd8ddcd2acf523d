import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../shared/game/catalogue';
import { engineIds, getEngine } from './registry';

describe('the registry: one engine per catalogue game', () => {
  it('holds an engine for every game of the catalogue, and no other', () => {
    expect(engineIds()).toEqual(CATALOGUE.map((g) => g.id).sort());
    for (const g of CATALOGUE) expect(getEngine(g.id)?.id).toBe(g.id);
  });

  it('finds no engine for an id from outside that is not a game ("constructor", "__proto__")', () => {
    for (const id of ['constructor', '__proto__', 'toString', 'snooker']) expect(getEngine(id)).toBeUndefined();
  });
});
