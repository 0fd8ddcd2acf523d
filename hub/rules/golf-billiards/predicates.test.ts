import { describe, expect, it } from 'vitest';
import { freshBalls, spotAfterRepeat } from './balls';
import { defaultConfig, parseConfig } from './config';
import {
  ballOwner,
  classifyGoal,
  firstDrop,
  foulEffects,
  isFoul,
  isHardShotAllowed,
  isLipDropValid,
  isOneOne,
  isPoint,
  isTurnOver,
  isZonePlay,
  keepsTurn,
  strokeDeadline,
  targetGoal,
} from './predicates';
import { respotDefault, respotPlacement } from './questions';
import type { Balls } from './state';

const cfg = defaultConfig(['A', 'B']);
const sides = ['A', 'B'] as const;

describe('golf billiards: scoring predicates', () => {
  it("isPoint / classifyGoal: own ball into the target goal is a point; own goal and opponent balls are not the striker's", () => {
    expect(targetGoal(cfg, sides, 'A')).toBe('goal-B');
    expect(classifyGoal(cfg, sides, 'A', 'A', 'goal-B')).toBe('own-into-target');
    expect(classifyGoal(cfg, sides, 'A', 'A', 'goal-A')).toBe('own-into-own');
    expect(classifyGoal(cfg, sides, 'A', 'B', 'goal-A')).toBe('opponent-ball');
    expect(classifyGoal(cfg, sides, 'A', 'B', 'goal-B')).toBe('opponent-ball');
    expect(classifyGoal(cfg, sides, 'A', 'A', 'goal-X')).toBeNull();
    expect(isPoint('own-into-target')).toBe(true);
    expect(isPoint('opponent-ball')).toBe(false);
    expect(isPoint(null)).toBe(false);
  });

  it('isTurnOver / keepsTurn: only a standing own goal without loss-of-turn keeps the turn', () => {
    expect(isTurnOver(true, false, false, true)).toBe(false);
    expect(isTurnOver(false, false, false, true)).toBe(true);
    expect(isTurnOver(true, false, true, true)).toBe(true);
    expect(keepsTurn(true, true, false, true)).toBe(true);
    expect(keepsTurn(true, true, false, false)).toBe(false);
  });

  it('isFoul: every foul of the catalogue costs the turn except the attack-triangle re-spot, which still counts as a foul', () => {
    expect(isFoul('jump', false)).toBe(true);
    expect(isFoul('attack_triangle', false)).toBe(true);
    expect(foulEffects('attack_triangle', false, null, false).effects.lot).toBe(false);
    expect(foulEffects('foot', false, null, false).effects.respotPlayed).toBe(false);
    expect(foulEffects('foot', true, null, false).effects.respotPlayed).toBe(true);
    expect(foulEffects('touch', true, false, false).rule).toBe('GB-TOUCH-3');
    expect(foulEffects('touch', true, true, false).rule).toBe('GB-TOUCH-2');
    expect(foulEffects('touch', false, true, true).effects.respotPlayed).toBe(false);
  });

  it('firstDrop: the earlier last ball wins; equal times give no answer; one finisher wins alone', () => {
    expect(firstDrop({ A: 1400, B: 900 })).toBe('B');
    expect(firstDrop({ A: 900, B: 1400 })).toBe('A');
    expect(firstDrop({ A: 900, B: 900 })).toBeNull();
    expect(firstDrop({ A: 5 })).toBe('A');
  });

  it('isOneOne: the balls reading looks at balls left, the sets reading at sets won', () => {
    expect(isOneOne('balls', 1, 1, 0, 0)).toBe(true);
    expect(isOneOne('balls', 2, 1, 1, 1)).toBe(false);
    expect(isOneOne('sets', 2, 1, 1, 1)).toBe(true);
    expect(isOneOne('sets', 1, 1, 0, 1)).toBe(false);
  });

  it('isHardShotAllowed: above or on the line and in the small triangle free; below only massé or piqué; a push only above', () => {
    expect(isHardShotAllowed('on-stroke-line', 'straight')).toBe(true);
    expect(isHardShotAllowed('below-stroke-line', 'straight')).toBe(false);
    expect(isHardShotAllowed('below-stroke-line', 'pique')).toBe(true);
    expect(isHardShotAllowed('below-stroke-line', 'push')).toBe(false);
    expect(isHardShotAllowed('small-attack-triangle', 'push')).toBe(true);
  });

  it('isLipDropValid and strokeDeadline', () => {
    expect(isLipDropValid(900, 1000, false)).toBe(true);
    expect(isLipDropValid(1100, 1000, false)).toBe(false);
    expect(isLipDropValid(900, 1000, true)).toBe(false);
    expect(strokeDeadline(0, null, 50_000, 10_000)).toBe(60_000);
    expect(strokeDeadline(0, 45_000, 50_000, 10_000)).toBe(55_000);
    expect(strokeDeadline(null, null, 50_000, 10_000)).toBeNull();
  });

  it('ballOwner: numbered ids, bare side names and configured colours; anything else is unknown', () => {
    const c = { ...cfg, colours: { A: 'white', B: 'red' } };
    expect(ballOwner(sides, c, 'A3')).toBe('A');
    expect(ballOwner(sides, c, 'B')).toBe('B');
    expect(ballOwner(sides, c, 'red-4')).toBe('B');
    expect(ballOwner(sides, c, 'white')).toBe('A');
    expect(ballOwner(sides, c, 'A6')).toBeNull();
    expect(ballOwner(sides, c, 'blue')).toBeNull();
  });

  it('isZonePlay: a side with one ball left', () => {
    const b = freshBalls(sides);
    expect(isZonePlay(b, sides)).toBe(false);
    const one: Balls = {
      ...b,
      A1: { side: 'A', where: 'holed' },
      A2: { side: 'A', where: 'holed' },
      A3: { side: 'A', where: 'holed' },
      A4: { side: 'A', where: 'holed' },
    };
    expect(isZonePlay(one, sides)).toBe(true);
  });

  it('re-spot placement: default first free of 1-3, occupied falls back to 4 then 5 then near; repeat fouls skip used points', () => {
    expect(respotDefault([])).toBe('1');
    expect(respotDefault(['1', '2'])).toBe('3');
    expect(respotPlacement('2', ['1'])).toBe('2');
    expect(respotPlacement('1', ['1'])).toBe('4');
    expect(respotPlacement('1', ['1', '4'])).toBe('5');
    expect(respotPlacement('1', ['1', '4', '5'])).toBe('near');
    expect(spotAfterRepeat(['1'], [])).toBe('2');
    expect(spotAfterRepeat(['1', '2'], ['3'])).toBe('4');
  });

  it('parseConfig: known options are taken, bad or unknown ones reported', () => {
    const { config, problems } = parseConfig(['A', 'B'], { oneOne: 'sets', setsToWin: 3, mode: 'weird', extra: 1 });
    expect(config.oneOne).toBe('sets');
    expect(config.setsToWin).toBe(3);
    expect(config.mode).toBe('self');
    expect(problems).toHaveLength(2);
  });
});
