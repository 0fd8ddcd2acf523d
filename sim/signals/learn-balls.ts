/**
 * The pool profile's `ballColours` as an install's calibration would learn them, from simulated
 * passes (sim/signals/balls.ts): every ball of the standard set rolled `n` times (default 60).
 * Prints the JSON block for hardware/profiles/pool.json. The seeds (1,000,000 up) are not the
 * yardstick's or the chain tests'. Run: node --import tsx sim/signals/learn-balls.ts [n]
 */
import { learnBallColours, type LearnPass } from '../../hub/calibration/ball-colours';
import { ballPass } from './balls';

export const LEARN_SEED = 1_000_000;
export const BALL_SET = ['cue', ...Array.from({ length: 15 }, (_, i) => String(i + 1))];

export function simulatedInstall(n: number): LearnPass[] {
  const passes: LearnPass[] = [];
  BALL_SET.forEach((ball, b) => {
    for (let i = 0; i < n; i++) passes.push({ ball, ...ballPass(ball, LEARN_SEED + b * 10_000 + i) });
  });
  return passes;
}

if (process.argv[1]?.endsWith('learn-balls.ts')) {
  const n = Number(process.argv[2] ?? 60);
  console.log(JSON.stringify(learnBallColours(simulatedInstall(n))));
}
