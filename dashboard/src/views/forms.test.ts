/**
 * What the phone and the referee panel send: the players of a new match (sides for bumper pool),
 * the body of a referee call with the referee's name, the calls offered per game, and the
 * minigolf players whose stroke clock or stroke can be entered.
 */
import { describe, expect, it } from 'vitest';
import { playersFor } from './phone';
import { callsFor, refCall, signed } from './referee';
import { playersToPlay } from '../games/minigolf';

describe('phone: players of a new match', () => {
  it('bumper pool: two sides, players 1 and 3 against 2 and 4', () => {
    expect(playersFor('golf-billiards', ['Ann', 'Bob', 'Cem', 'Dan']).map((p) => `${p.id}:${p.name}:${p.side}`)).toEqual([
      'p1:Ann:A',
      'p2:Bob:B',
      'p3:Cem:A',
      'p4:Dan:B',
    ]);
  });

  it('the other games: no sides (in minigolf a side would be a team)', () => {
    for (const game of ['three-cushion', 'eight-ball', 'minigolf']) {
      expect(playersFor(game, ['Ana', 'Ben', 'Cy']).map((p) => p.side)).toEqual([undefined, undefined, undefined]);
    }
  });
});

describe('referee panel: the body of a call', () => {
  it('leaves out empty fields and trims the others; a number stays a number', () => {
    expect(refCall('touch', { player: 'ann', ball: ' A3 ', place: '', value: '', why: '' })).toEqual({
      type: 'ref',
      call: 'touch',
      by: 'referee',
      player: 'ann',
      ball: 'A3',
    });
    expect(refCall('from_spot', { player: '', ball: '', place: '4', value: '2.5', why: 'seen by the referee' })).toEqual({
      type: 'ref',
      call: 'from_spot',
      by: 'referee',
      place: '4',
      value: 2.5,
      why: 'seen by the referee',
    });
    expect(refCall('hard_shot', { player: '', ball: '', place: 'on-stroke-line', value: 'masse', why: '' })).toMatchObject({
      place: 'on-stroke-line',
      value: 'masse',
    });
  });
});

describe('referee panel: who made it, and which calls apply', () => {
  it('every write carries the name typed in, trimmed; none when the field is empty', () => {
    expect(signed({ type: 'undo', why: 'miscount' }, '  Ayla Demir ')).toEqual({ type: 'undo', why: 'miscount', who: 'Ayla Demir' });
    expect(signed({ type: 'undo', why: 'miscount' }, '   ')).toEqual({ type: 'undo', why: 'miscount' });
    expect(signed(refCall('foot', { player: 'ann', ball: '', place: '', value: '', why: '' }), 'Ref')).toMatchObject({ type: 'ref', call: 'foot', who: 'Ref' });
  });

  it('play (start the shot clock) only when the match has a shot clock', () => {
    for (const game of ['three-ball', 'four-ball', 'three-cushion']) {
      expect(callsFor(game, { config: { shotClockSeconds: null } }), game).not.toContain('play');
      expect(callsFor(game, { config: { shotClockSeconds: 40 } }), game).toContain('play');
      expect(callsFor(game, null), `${game} without a match`).not.toContain('play');
      expect(callsFor(game, { config: { shotClockSeconds: 40 } }), game).toContain('foul');
    }
    expect(callsFor('minigolf', null)).toContain('give_up');
  });
});

describe('minigolf: the players to play', () => {
  it('one per group on a lane; none from a group that waits or is done', () => {
    const report = {
      groups: [
        { id: 'g1', lane: 3, toPlay: 'ana', done: false },
        { id: 'g2', lane: 3, toPlay: null, waitsFor: 'g1', done: false },
        { id: 'g3', lane: null, toPlay: null, done: true },
        { id: 'g4', lane: 7, toPlay: 'cem', done: false },
      ],
    };
    expect(playersToPlay(report)).toEqual([
      { player: 'ana', group: 'g1', lane: 3 },
      { player: 'cem', group: 'g4', lane: 7 },
    ]);
    expect(playersToPlay(null)).toEqual([]);
  });
});
