/**
 * A course with balls rolling on several lanes at once: the hub assembles each lane on its own
 * (hub/games/wiring.ts) and says which lane came to rest or saw a ball leave it.
 */
import { describe, expect, it } from 'vitest';
import { Log, codes, game, run } from './testkit';

/** g1 on lane 1 and g2 on lane 2, each with a ball rolling. */
const twoRolling = (): Log =>
  new Log()
    .start(['P1', 'P2'], {
      lanes: 3,
      groups: [
        { id: 'g1', players: ['P1'], startLane: 1 },
        { id: 'g2', players: ['P2'], startLane: 2 },
      ],
    })
    .strike(undefined, { lane: '1' })
    .strike(undefined, { lane: '2' });

describe('lanes at rest each on its own', () => {
  it('MG-SCORE-1: lane 1 at rest leaves the ball on lane 2 rolling, and its hole counts', () => {
    const l = twoRolling().add({ type: 'at_rest', lane: '1', by: 'hub' });
    const s = run(l.events);
    expect(s.game.players.P1!.play).toMatchObject({ lane: 1, ball: 'rest' });
    expect(s.game.players.P2!.play).toMatchObject({ lane: 2, ball: 'moving' });
    l.hole(2);
    expect(codes(run(l.events))).toEqual([]);
    expect(game(l.events).players.P2!.cards[0]!.lanes).toEqual([null, 1, null]);
  });

  it('MG-SCORE-1: an at_rest without a lane (a person saying so) stops every ball, as before', () => {
    const s = run(twoRolling().rest().events);
    expect([s.game.players.P1!.play!.ball, s.game.players.P2!.play!.ball]).toEqual(['rest', 'rest']);
  });

  it("MG-PLACE-2: a ball out of lane 2 is that lane's ball, though lane 1 also has one rolling", () => {
    const named = run(twoRolling().add({ type: 'off_table', lane: '2', by: 'sensor' }).events);
    expect(codes(named)).toEqual([]);
    expect(named.game.players.P2!.play).toMatchObject({ ball: 'out' });
    expect(named.game.players.P1!.play).toMatchObject({ ball: 'moving' });
    // Without a lane it cannot be told, and is not guessed.
    expect(codes(run(twoRolling().add({ type: 'off_table', by: 'sensor' }).events))).toEqual(['ambiguous_ball']);
  });
});
