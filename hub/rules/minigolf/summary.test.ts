import { describe, expect, it } from 'vitest';
import { getEngine } from '../registry';
import { summary } from './report';
import { Log, fill, run } from './testkit';

describe('summary and registry', () => {
  it('is registered as "minigolf"', () => {
    expect(getEngine('minigolf')?.id).toBe('minigolf');
  });
  it('MG-SCORE-4: the summary shows running totals (lower is better), whose turn it is and the winner at the end', () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 2 }).lane('ana', 1, 3);
    let s = summary(run(l.events));
    expect(s).toMatchObject({ game: 'minigolf', status: 'playing', turn: 'ben', provisional: false, winner: null });
    expect(s.players.map((p) => [p.id, p.score])).toEqual([
      ['ana', 3],
      ['ben', 0],
    ]);
    l.lane('ben', 1, 2).lane('ana', 2, 2).lane('ben', 2, 2);
    s = summary(run(l.events));
    expect(s).toMatchObject({ status: 'finished', turn: null, winner: 'ben' });
    expect(s.headline).toBe('ben 4, ana 5 · finished');
  });
  it('MG-TIE-1: no winner while a play-off for first place is due', () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 2 }).round(['ana', 'ben'], { ana: fill(2, 2), ben: fill(2, 2) }, 1, 2);
    expect(summary(run(l.events))).toMatchObject({ status: 'finished', winner: null });
  });
});
