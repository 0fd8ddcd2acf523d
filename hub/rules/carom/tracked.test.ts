import { describe, expect, it } from 'vitest';
import { threeCushion, fourBall } from './index';
import { engineWithoutBaseRates, getEngine } from '../registry';
import { withBaseRates } from '../common/base-rates';
import { replay } from '../common/replay';
import { Log, core, score, turnOf } from './testkit';
import type { CaromReport } from '../../../shared/reports/carom';
import type { GameEvent, TrackReading } from '../../../shared/game/events';

const C3 = { lag: false, breakRedFirst: false };

/** A reading: the cue ball's cushions and contacts as the tracker named them. */
function reading(probability: number, ...said: string[]): TrackReading {
  let t = 10;
  return {
    probability,
    events: said.map((s) => {
      t += 100;
      return s.includes('×')
        ? { type: 'contact' as const, t, a: s.split('×')[0]!, b: s.split('×')[1]!, x: 1, y: 0.7 }
        : { type: 'cushion' as const, t, ball: s.split('→')[0]!, cushion: s.split('→')[1]!, x: 0, y: 0.5 };
    }),
  };
}

/** A shot as an acoustic table logs it: unnamed placed knocks and clicks, then the tracker's reading. */
function trackedShot(l: Log, cue: string, readings: TrackReading[]): Log {
  l.push({ type: 'strike', by: 'hub' });
  for (const e of readings[0]!.events) {
    if (e.type === 'cushion') l.push({ type: 'cushion', by: 'sensor', cushion: e.cushion, x: e.x, y: e.y, sd: 0.05 });
    else l.push({ type: 'contact', by: 'sensor', x: e.x, y: e.y, sd: 0.08 });
  }
  l.push({
    type: 'track',
    by: 'hub',
    cue,
    readings,
    paths: {
      [cue]: [
        [0.71, 0.53],
        [1.2, 0],
      ],
    },
    rest: { [cue]: { x: 1.2, y: 0.4, sd: 0.1 } },
    evidence: { knocks: 3, clicks: 2, unexplained: 0, hypotheses: 40, ms: 2 },
  });
  return l.rest();
}

const POINT = ['W→s', 'W→e', 'W→n', 'W×R', 'W×Y'];
const MISS = ['W×R', 'W→s', 'W×Y', 'W→e'];

describe('carom: a shot the tracker read (issue #26)', () => {
  it('C3-POINT-1: the reading names the balls: its point is the question default, and counts at once; its basis is how sure the tracker was', () => {
    const l = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(0.97, ...POINT), reading(0.03, ...MISS)]);
    const c = core(threeCushion, l);
    expect(score(c, 'A')).toBe(1);
    expect(turnOf(c)).toBe('A');
    const engine = engineWithoutBaseRates('three-cushion')!;
    const q = engine.summary(replay(engine, l.events).game).pending.find((d) => d.kind === 'c3.point');
    expect(q?.default).toBe('point');
    expect(q?.basis).toBe('tracked|p>=0.95|point');
    expect(q?.evidence.some((x) => x.startsWith('reading 1 (97 %)'))).toBe(true);
  });

  it("C3-POINT-1: the question's probability is how often so sure a reading was right (the base rates), not the tracker's own", () => {
    const l = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(0.97, ...POINT), reading(0.03, ...MISS)]);
    const engine = withBaseRates(engineWithoutBaseRates('three-cushion')!, {
      'three-cushion': { 'c3.point': { 'tracked|p>=0.95|point': { '=': 90, miss: 10 } } },
    });
    const q = engine.summary(replay(engine, l.events).game).pending.find((d) => d.kind === 'c3.point')!;
    // Laplace: (90 + 1) / (100 + 2 options).
    expect([q.default, q.probability]).toEqual(['point', 0.8922]);
    const unlearned = withBaseRates(engineWithoutBaseRates('three-cushion')!, {});
    expect(unlearned.summary(replay(unlearned, l.events).game).pending.find((d) => d.kind === 'c3.point')!.probability).toBe(0.5);
  });

  it('C3-POINT-2: readings that give the same outcome add up; the most probable outcome wins over the first reading', () => {
    // Two miss readings (0.3 + 0.3) against one point reading (0.4): the default is the miss.
    const l = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(0.4, ...POINT), reading(0.3, ...MISS), reading(0.3, 'W→s', 'W×R')]);
    const engine = engineWithoutBaseRates('three-cushion')!;
    const q = engine.summary(replay(engine, l.events).game).pending.find((d) => d.kind === 'c3.point')!;
    expect([q.default, q.basis]).toEqual(['miss', 'tracked|p>=0.5|miss']);
    expect(score(core(threeCushion, l), 'A')).toBe(0);
  });

  it('C3-POINT-1: a referee overrides the reading as any default: the answer stands, the reading stays in the log', () => {
    const l = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(0.9, ...POINT), reading(0.1, ...MISS)]).decide('shot-1:point', 'miss');
    const c = core(threeCushion, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
  });

  it("the report carries the shot picture: where each ball went and the reading's events", () => {
    const l = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(1, ...POINT)]);
    const engine = getEngine('three-cushion')!;
    const r = engine.report(replay(engine, l.events).game) as CaromReport;
    expect(r.lastShot?.picture?.cue).toBe('W');
    expect(r.lastShot?.picture?.events.map((e) => e.type)).toEqual(['cushion', 'cushion', 'cushion', 'contact', 'contact']);
    expect(r.lastShot?.picture?.paths['W']).toEqual([
      [0.71, 0.53],
      [1.2, 0],
    ]);
    expect(r.lastShot?.cushions).toBe(3);
  });

  it('replay gives the same result: the reading is in the log, nothing is inferred again', () => {
    const l = trackedShot(trackedShot(new Log(['A', 'B'], C3), 'W', [reading(0.99, ...POINT)]), 'W', [reading(0.8, ...MISS), reading(0.2, ...POINT)]);
    const engine = getEngine('three-cushion')!;
    const a = engine.report(replay(engine, l.events).game);
    const b = engine.report(replay(engine, JSON.parse(JSON.stringify(l.events)) as GameEvent[]).game);
    expect(b).toEqual(a);
  });

  it('C4-SCORE-1: four-ball reads the reading as well (white hits red and maroon: 25 by the reading)', () => {
    const l = new Log(['A', 'B'], { lag: false });
    trackedShot(l, 'W', [reading(0.95, 'W×R', 'W→n', 'W×M')]);
    const c = core(fourBall, l);
    expect(score(c, 'A')).toBeGreaterThan(0);
  });

  it('a reading naming a ball not in the game is refused; a reading with no shot is refused', () => {
    const engine = getEngine('three-cushion')!;
    const bad = trackedShot(new Log(['A', 'B'], C3), 'W', [reading(1, 'W→s', 'W×Q')]);
    const s = replay(engine, bad.events);
    expect(engine.rejections!(s.game).map((r) => r.code)).toContain('unknown_ball');
    const early = new Log(['A', 'B'], C3).push({
      type: 'track',
      by: 'hub',
      cue: 'W',
      readings: [reading(1)],
      paths: {},
      rest: {},
      evidence: { knocks: 0, clicks: 0, unexplained: 0, hypotheses: 1, ms: 0 },
    });
    expect(engine.rejections!(replay(engine, early.events).game).map((r) => r.code)).toContain('no_shot');
  });
});
