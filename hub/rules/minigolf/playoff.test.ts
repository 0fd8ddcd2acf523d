import { describe, expect, it } from 'vitest';
import { replay } from '../common/replay';
import { minigolf } from './index';
import { report } from './report';
import { Log, codes, game, run, scoreRound, spread } from './testkit';

const tied = () => scoreRound(new Log().start(['p', 'q', 'r']), { p: spread(40), q: spread(40), r: spread(50) });
const lines = (l: Log) => report(run(l.events)).ranking[0]!.lines.map((x) => [x.player, x.place, x.decidedBy]);

describe('golden-stroke play-off from the sensors', () => {
  it('MG-TIE-1: play-off strokes come from strike / hole on the play-off lane, scored like a lane', () => {
    const l = tied().strike('p', { lane: '1' }).rest().strike('p', { lane: '1' }).hole(1);
    let s = run(l.events);
    expect(s.game.playoffs.map((x) => [x.player, x.lane, x.value, x.source])).toEqual([['p', 1, 2, 'sensor']]);
    expect(report(s).ranking[0]!.playoffs).toEqual([{ players: ['p', 'q'], places: [1, 2], course: 'A', nextLane: 1 }]);
    l.strike('q', { lane: '1' }).hole(1);
    s = run(l.events);
    expect(codes(s)).toEqual([]);
    expect(lines(l)).toEqual([
      ['q', 1, 'playoff'],
      ['p', 2, 'playoff'],
      ['r', 3, 'total'],
    ]);
  });
  it('MG-TIE-1: equal on a lane, the play-off goes on to the next lane from the sensors', () => {
    const l = tied().strike('p').hole(1).strike('q').hole(1);
    expect(report(run(l.events)).ranking[0]!.playoffs[0]!.nextLane).toBe(2);
    l.strike('q', { lane: '1' });
    l.strike('q', { lane: '2' }).rest().strike('q').hole(2).strike('p', { lane: '2' }).hole(2);
    const s = run(l.events);
    expect(codes(s)).toEqual(['wrong_playoff_lane']);
    expect(lines(l).slice(0, 2)).toEqual([
      ['p', 1, 'playoff'],
      ['q', 2, 'playoff'],
    ]);
  });
  it('MG-TIE-1 / MG-SCORE-2: a play-off lane not holed after the last allowed stroke scores the max', () => {
    const l = tied();
    for (let i = 0; i < 6; i++) l.strike('p').rest();
    l.strike('p');
    const s = run(l.events);
    expect(s.game.playoffs.map((x) => [x.player, x.value])).toEqual([['p', 7]]);
    expect(codes(s)).toEqual(['not_in_play']);
  });
  it('MG-TIE-1 (reading: never guessed): an unnamed play-off stroke is the ball in play, else the only player left', () => {
    const l = tied().strike(undefined, { lane: '1' });
    expect(codes(run(l.events))).toEqual(['unattributed_stroke']);
    l.strike('p').rest().strike(undefined).hole(1).strike(undefined, { lane: '1' }).hole(1);
    const s = run(l.events);
    expect(s.game.playoffs.map((x) => [x.player, x.value])).toEqual([
      ['p', 2],
      ['q', 1],
    ]);
  });
  it('MG-TIE-1: a playoff call replaces a sensed play-off score (correction), and strokes with no play-off are refused', () => {
    const l = tied().strike('p').hole(1).strike('q').rest().strike('q').hole(1).ref('playoff', { player: 'p', place: '1', value: 3 });
    expect(lines(l).slice(0, 2)).toEqual([
      ['q', 1, 'playoff'],
      ['p', 2, 'playoff'],
    ]);
    const none = scoreRound(new Log().start(['p', 'q']), { p: spread(40), q: spread(41) }).strike('p');
    expect(codes(run(none.events))).toEqual(['not_in_play']);
  });
  it('MG-TIE-1: undo takes back a sensed play-off stroke like any other (shot ends at rest or hole)', () => {
    const l = tied().strike('p').hole(1);
    const undone = replay(minigolf, [...l.events, { type: 'undo', t: 999_999, seq: l.events.length }]).game;
    expect(undone.game.playoffs).toEqual([]);
    expect(game(tied().events).playoffs).toEqual([]);
  });
});
