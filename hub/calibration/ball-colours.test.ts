/**
 * Learning the ball set at install (hub/calibration/ball-colours.ts) from the simulator's passes
 * (sim/signals/balls.ts), and what the learned set then does with passes it never saw.
 */
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../firmware/build/build';
import type { TableProfile } from '../../shared/profile';
import { compileBallColours, unpackBallTables } from '../../shared/sensors/ball-colours';
import { nameBall } from '../../firmware/sensors/ballid';
import { ballPass, lookOf } from '../../sim/signals/balls';
import { BALL_SET, simulatedInstall } from '../../sim/signals/learn-balls';
import { learnBallColours } from './ball-colours';

const learned = learnBallColours(simulatedInstall(60));

describe('learning the ball set', () => {
  it('the shipped pool profile holds what 60 simulated passes per ball teach (node --import tsx sim/signals/learn-balls.ts 60)', () => {
    expect((loadProfile('pool') as TableProfile).ballColours).toEqual(learned);
  });

  it('learns the white from the cue ball, a signature per ball (a stripe paler and more spread than its solid), and the tables', () => {
    expect(learned.white[0]).toBeGreaterThan(learned.white[1]!);
    const sig = (id: string) => learned.balls.find((b) => b.id === id)!;
    // The red stripe's band samples mix with its white caps: less red than the solid 3, wider spread.
    expect(sig('11').chroma[0]).toBeLessThan(sig('3').chroma[0]!);
    expect(sig('11').spread).toBeGreaterThan(sig('3').spread);
    // The 8 is the dark one.
    expect(Math.min(...learned.balls.map((b) => b.chroma[2]!))).toBe(sig('8').chroma[2]);
    // No white at all: almost never a stripe; most white: mostly stripes, or the cue.
    expect(learned.stripeShare[0]).toBeLessThan(100);
    expect(learned.stripeShare[5]).toBeGreaterThan(900);
    expect(learned.cueClear).toBeGreaterThan(900);
  });

  it('needs the cue ball: without it there is no white reference', () => {
    expect(() => learnBallColours(simulatedInstall(2).filter((p) => p.ball !== 'cue'))).toThrow(TypeError);
  });
});

describe('naming balls it never saw (seeds apart from the install)', () => {
  const bc = compileBallColours(learned);
  const T = unpackBallTables(bc);
  const verdicts = BALL_SET.flatMap((ball, b) =>
    Array.from({ length: 100 }, (_, i) => {
      const p = ballPass(ball, 9_000_000 + b * 1000 + i);
      return nameBall(bc, T, p.samples, p.idle);
    }),
  );

  it('names most passes right, and those it is sure of (98 % or more) almost always', () => {
    // Every pass is read (a ball rolls past the sensor for 17 samples or more).
    expect(verdicts.filter((v) => v.ball === null)).toEqual([]);
    const correct = verdicts.filter((v, i) => v.ball === BALL_SET[Math.floor(i / 100)]);
    expect(correct.length / verdicts.length).toBeGreaterThan(0.9);
    const sure = verdicts.map((v, i) => ({ ...v, truth: BALL_SET[Math.floor(i / 100)] })).filter((v) => v.confidence >= 980);
    expect(sure.length / verdicts.length).toBeGreaterThan(0.5);
    expect(sure.filter((v) => v.ball !== v.truth).length / sure.length).toBeLessThan(0.01);
  });

  it('a solid is sure far more often than a stripe (the band can hide the caps), and colours are rarely confused', () => {
    const sureShare = (stripe: boolean) => {
      const mine = verdicts.filter((_, i) => BALL_SET[Math.floor(i / 100)] !== 'cue' && lookOf(BALL_SET[Math.floor(i / 100)]!).stripe === stripe);
      return mine.filter((v) => v.confidence >= 980).length / mine.length;
    };
    expect(sureShare(false)).toBeGreaterThan(sureShare(true) + 0.3);
  });
});
