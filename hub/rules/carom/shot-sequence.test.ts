/**
 * The report's `lastShot.sequence` (issue #19, the shot picture without a tracker): the last shot's
 * cushions and contacts in the order they came, as the shot was judged; the same from a replay as
 * from the live fold.
 */
import { describe, expect, it } from 'vitest';
import { threeBall, threeCushion } from './index';
import { replay } from '../common/replay';
import { Log, run } from './testkit';
import type { CaromReport } from '../../../shared/reports/carom';
import type { GameEvent } from '../../../shared/game/events';

const C3 = { lag: false, breakRedFirst: false };
const reportOf = (log: Log, engine = threeCushion): CaromReport => engine.report(run(engine, log).game) as CaromReport;

describe('carom report: the last shot in order (lastShot.sequence)', () => {
  it('C3-POINT-1: a point: the cue ball’s three cushions, then both balls, in the order the sensors gave them', () => {
    const r = reportOf(new Log(['A', 'B'], C3).point3c('W'));
    expect(r.lastShot?.outcome).toBe('point');
    expect(r.lastShot?.sequence).toEqual([
      { type: 'cushion', ball: 'W', cushion: 'L1' },
      { type: 'cushion', ball: 'W', cushion: 'S2' },
      { type: 'cushion', ball: 'W', cushion: 'L2' },
      { type: 'contact', a: 'W', b: 'R' },
      { type: 'contact', a: 'W', b: 'Y' },
    ]);
  });

  it('a cushion or contact no sensor named is null, never guessed; the sequence is the last shot’s only', () => {
    const l = new Log(['A', 'B'], C3).point3c('W');
    l.strike('W').cushion(undefined, 'e').contact().contact('W', 'R').rest();
    const r = reportOf(l, threeBall);
    expect(r.lastShot?.no).toBe(2);
    expect(r.lastShot?.sequence).toEqual([
      { type: 'cushion', ball: null, cushion: 'e' },
      { type: 'contact', a: null, b: null },
      { type: 'contact', a: 'W', b: 'R' },
    ]);
  });

  it('deterministic: the reducer folded event by event and the replay of the log give the same sequence', () => {
    const l = new Log(['A', 'B'], C3).point3c('W').miss('W').nothing('Y');
    const folded = l.events.reduce((s, e: GameEvent) => threeCushion.reduce(s, e), threeCushion.initial());
    const live = threeCushion.report(folded) as CaromReport;
    const replayed = threeCushion.report(replay(threeCushion, l.events).game) as CaromReport;
    expect(live.lastShot?.sequence).toEqual(replayed.lastShot?.sequence);
    expect(replayed.lastShot?.sequence).toEqual([
      { type: 'cushion', ball: 'Y', cushion: 'S2' },
      { type: 'cushion', ball: 'Y', cushion: 'L1' },
    ]);
  });

  it('a shot the tracker read: the sequence is its first reading’s, the picture beside it', () => {
    const said = [
      { type: 'cushion' as const, t: 100, ball: 'W', cushion: 's', x: 1, y: 0 },
      { type: 'contact' as const, t: 200, a: 'W', b: 'R', x: 2, y: 0.7 },
    ];
    const l = new Log(['A', 'B'], C3);
    l.push({ type: 'strike', by: 'hub' });
    l.push({ type: 'cushion', by: 'sensor', cushion: 's', x: 1, y: 0, sd: 0.05 });
    l.push({ type: 'contact', by: 'sensor', x: 2, y: 0.7, sd: 0.08 });
    l.push({
      type: 'track',
      by: 'hub',
      cue: 'W',
      readings: [{ probability: 1, events: said }],
      paths: {
        W: [
          [0.7, 0.5],
          [1, 0],
          [2, 0.7],
        ],
      },
      rest: { W: { x: 2, y: 0.7, sd: 0.1 } },
      evidence: { knocks: 1, clicks: 1, unexplained: 0, hypotheses: 4, ms: 1 },
    });
    l.rest();
    const r = reportOf(l);
    expect(r.lastShot?.sequence).toEqual([
      { type: 'cushion', ball: 'W', cushion: 's' },
      { type: 'contact', a: 'W', b: 'R' },
    ]);
    expect(r.lastShot?.picture?.events).toHaveLength(2);
  });
});
