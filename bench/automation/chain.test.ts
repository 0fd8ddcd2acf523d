/**
 * The yardstick's counting (bench/automation/chain.ts), on tiny runs: what it calls right, wrong,
 * lost and drifted, against outcomes written by hand; and one real carom run whose referee makes
 * every shot right.
 */
import { describe, expect, it } from 'vitest';
import { CAROM } from '../../sim/physics/tables';
import { NO_NOISE } from '../../sim/signals/signals';
import { comparePoints, runChain } from './chain';
import { caromAdapter } from './carom';
import type { EngineView, GameAdapter, PlayedShot, ShotOutcome } from './types';

/** An adapter whose shots make no sensor event, and whose engine "credits" what the script says. */
function scripted(truths: ShotOutcome[], credited: ShotOutcome[], unitEndAt: number[]): { adapter: GameAdapter; shots: PlayedShot[] } {
  let i = 0;
  const adapter: GameAdapter = {
    game: 'three-ball',
    profile: 'carom',
    table: CAROM,
    start: () => ({
      players: [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ],
      config: { lag: false },
    }),
    play: () => [],
    answer: () => null,
    observe: (_b: EngineView, _a: EngineView) => credited[i++]!,
    engineResult: () => ({ score: { A: 1, B: 0 }, winner: 'A' }),
  };
  const shots = truths.map((truth, n) => ({
    events: [],
    durationS: 1,
    truth,
    ...(unitEndAt.includes(n) ? { unitEnd: { score: { A: 1, B: 0 }, winner: 'A' } } : {}),
  }));
  return { adapter, shots };
}

describe('automation yardstick: counting', () => {
  it('compares points player by player: right, credited falsely, lost; an erasure the engine missed is false credit', () => {
    expect(comparePoints({ A: 2 }, { A: 2 })).toEqual({ right: 2, false: 0, lost: 0 });
    expect(comparePoints({ A: 1 }, { B: 1 })).toEqual({ right: 0, false: 1, lost: 1 });
    expect(comparePoints({ A: 1 }, {})).toEqual({ right: 0, false: 0, lost: 1 });
    expect(comparePoints({}, { A: 5 })).toEqual({ right: 0, false: 5, lost: 0 });
    expect(comparePoints({ A: -3 }, {})).toEqual({ right: 0, false: 3, lost: 0 });
  });

  it('counts shots right, judged right, turn drift, points and units from the outcomes', () => {
    const truths: ShotOutcome[] = [
      { points: { A: 1 }, foul: false, next: 'A' },
      { points: {}, foul: false, next: 'B' },
      { points: {}, foul: false, next: 'A' },
      { points: { A: 1 }, foul: false, next: 'A' },
    ];
    const credited: ShotOutcome[] = [
      { points: { A: 1 }, foul: false, next: 'A' }, // right
      { points: {}, foul: false, next: 'A' }, // wrong turn: the engine keeps A at the table
      { points: {}, foul: false, next: 'B' }, // B really shot (truth: A next); the engine had A: judged right, shown wrong
      { points: {}, foul: true, next: 'B' }, // a point lost and a foul invented
    ];
    const { adapter, shots } = scripted(truths, credited, [3]);
    const t = runChain({ game: 'three-ball', adapter, shots, mode: 'unattended', noise: NO_NOISE, seed: 1 });
    expect(t).toMatchObject({
      shots: 4,
      decidedAlone: 4,
      questions: 0,
      shotsRight: 1,
      truePoints: 2,
      pointsRight: 1,
      pointsFalse: 0,
      pointsLost: 1,
      units: 1,
      unitsRight: 1,
    });
    // Shot 3 was B's by the rules but the engine had A at the table: drift, and its call (B's miss
    // passing to A) is right for the player it had.
    expect(t.turnDrift).toBe(1);
    expect(t.judgedRight).toBe(2);
    expect(t.wrong).toHaveLength(3);
  });

  it('a referee answering from the truth makes a short noiseless 3-ball game right shot by shot (C3B-SCORE-1, C3B-TURN-1)', () => {
    const adapter = caromAdapter('three-ball')(20261206);
    const shots = adapter.play(12);
    const t = runChain({ game: 'three-ball', adapter, shots, mode: 'referee', noise: NO_NOISE, seed: 1 });
    expect(t.shots).toBe(12);
    expect(t.refused).toBe(0);
    expect(t.shotsRight).toBe(12);
    expect(t.pointsRight).toBe(t.truePoints);
    expect(t.decidedAlone).toBeLessThanOrEqual(12);
    expect(t.questions).toBeGreaterThanOrEqual(12 - t.decidedAlone);
  }, 120_000);

  it('a question the engine is sure of (at or above askBelow) is decided by the hub and not counted as asked; per kind, defaults against the truth', () => {
    const adapter = caromAdapter('three-ball')(20261206);
    const shots = adapter.play(12);
    const asked = runChain({ game: 'three-ball', adapter, shots, mode: 'unattended', noise: NO_NOISE, seed: 1, askBelow: 2 });
    expect(asked.questions).toBeGreaterThan(0);
    expect(asked.decidedSure).toBe(0);
    const points = asked.byKind['c3b.point']!;
    expect(points.asked).toBe(asked.questions);
    expect(points.defaultWrong).toBeLessThanOrEqual(points.asked);
    // Every point question carries a probability: a venue deciding everything asks nothing, and the same defaults apply.
    const alone = runChain({ game: 'three-ball', adapter, shots, mode: 'unattended', noise: NO_NOISE, seed: 1, askBelow: 0 });
    expect(alone.questions).toBe(0);
    expect(alone.decidedSure).toBe(asked.questions);
    expect(alone.byKind['c3b.point']).toMatchObject({ asked: 0, sure: asked.questions, sureWrong: points.defaultWrong });
    expect(alone.shotsRight).toBe(asked.shotsRight);
  }, 120_000);
});
