import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { FOULS, isFoul, isTurnOver, spotOffTable } from './general';
import { defaultConfig } from './config';
import { outcomeOf } from './outcome';
import { threeCushionOutcome } from './three-cushion';
import { threeBallOutcome } from './three-ball';
import { fourBallOutcome } from './four-ball';
import {
  cushionsBeforeLastBall,
  firstContact,
  fourBallPoints,
  isCarom,
  isPoint,
  isRedFirst,
  lastBallIndex,
  offTableBalls,
  readings,
  touchedNoBall,
} from './shot';

/** Shot events from the examples' notation: 'c:W' cushion, 'W-R' contact, 'out:R' off table, '?' unknown. */
function shot(...xs: string[]): GameEvent[] {
  return xs.map((x, seq): GameEvent => {
    if (x.startsWith('c:')) {
      const [, ball, cushion] = x.split(':');
      return ball === '?'
        ? { type: 'cushion', t: seq, seq, cushion: cushion ?? 'L1' }
        : { type: 'cushion', t: seq, seq, ball: ball!, cushion: cushion ?? 'L1' };
    }
    if (x.startsWith('out:')) return { type: 'off_table', t: seq, seq, ball: x.slice(4) };
    const [a, b] = x.split('-');
    const e: GameEvent = { type: 'contact', t: seq, seq };
    if (a !== '?') e.a = a;
    if (b !== '?') e.b = b;
    return e;
  });
}

const OBJ = ['R', 'Y'];

describe('three-cushion predicates', () => {
  it('C3-POINT-1: both balls and three cushion contacts before the last ball is a point', () => {
    expect(isPoint(shot('c:W:L1', 'c:W:S2', 'c:W:L2', 'W-R', 'W-Y'), 'W', OBJ)).toBe(true);
    expect(isPoint(shot('c:W:L1', 'c:W:S2', 'W-R', 'W-Y', 'c:W:L2'), 'W', OBJ)).toBe(false);
    expect(isPoint(shot('c:W:L1', 'c:W:S2', 'c:W:L2', 'W-R'), 'W', OBJ)).toBe(false);
  });

  it('C3-POINT-2: the three salon sequences are points; cushions before the first ball count', () => {
    expect(isPoint(shot('c:W', 'c:W', 'c:W', 'W-R', 'W-Y'), 'W', OBJ)).toBe(true);
    expect(isPoint(shot('W-R', 'c:W', 'c:W', 'c:W', 'W-Y'), 'W', OBJ)).toBe(true);
    expect(isPoint(shot('c:W', 'W-Y', 'c:W', 'c:W', 'W-R'), 'W', OBJ)).toBe(true);
    expect(cushionsBeforeLastBall(shot('c:W', 'W-Y', 'c:W', 'c:W', 'W-R', 'c:W'), 'W', OBJ, 'contacts')).toBe(3);
  });

  it("C3-POINT-1: object balls' cushions never count, nor contacts between object balls", () => {
    expect(isPoint(shot('W-R', 'c:R', 'c:Y', 'c:W', 'c:W', 'R-Y', 'W-Y'), 'W', OBJ)).toBe(false);
    expect(cushionsBeforeLastBall(shot('W-R', 'c:R', 'c:W', 'c:W', 'c:W', 'W-Y'), 'W', OBJ, 'contacts')).toBe(3);
  });

  it('CQ-6 (reading: contacts, not distinct cushions): the same cushion twice counts twice; "distinct" is configurable', () => {
    const ev = shot('W-R', 'c:W:L1', 'c:W:S1', 'c:W:L1', 'W-Y');
    expect(isPoint(ev, 'W', OBJ, 'contacts')).toBe(true);
    expect(isPoint(ev, 'W', OBJ, 'distinct')).toBe(false);
  });

  it("C3-BREAK-3: isRedFirst looks at the cue ball's first ball", () => {
    expect(isRedFirst(shot('c:W', 'W-R', 'W-Y'), 'W', 'R')).toBe(true);
    expect(isRedFirst(shot('R-Y', 'W-Y', 'W-R'), 'W', 'R')).toBe(false);
    expect(firstContact(shot('R-Y', 'W-Y'), 'W')).toBe('Y');
  });

  it('unknown balls never match: a contact without identity credits nothing', () => {
    expect(lastBallIndex(shot('W-R', 'W-?'), 'W', OBJ)).toBe(-1);
    expect(cushionsBeforeLastBall(shot('c:?', 'c:?', 'c:?', 'W-R', 'W-Y'), 'W', OBJ, 'contacts')).toBe(0);
  });
});

describe('3-ball and 4-ball predicates', () => {
  it('C3B-SCORE-1: contacting both other balls is a carom; no cushion needed', () => {
    expect(isCarom(shot('W-R', 'W-Y'), 'W', OBJ)).toBe(true);
    expect(isCarom(shot('W-R', 'c:W', 'R-Y'), 'W', OBJ)).toBe(false);
  });

  const B = { cue: 'W', otherCue: 'Y', red: 'R', maroon: 'M' };
  it('C4-SCORE-1: white–yellow scores 1 (CQ-1 reading (i): the contact is enough; (ii) needs a carom)', () => {
    expect(fourBallPoints(shot('W-Y', 'c:W'), B, 'contact')).toBe(1);
    expect(fourBallPoints(shot('W-Y', 'c:W'), B, 'carom')).toBe(0);
    expect(fourBallPoints(shot('W-Y', 'W-R'), B, 'carom')).toBe(1);
  });
  it('C4-SCORE-2: first contact a red, then the other red: 5', () => {
    expect(fourBallPoints(shot('W-R', 'W-M'), B, 'contact')).toBe(5);
    expect(fourBallPoints(shot('W-M', 'c:W', 'W-R'), B, 'contact')).toBe(5);
    expect(fourBallPoints(shot('W-Y', 'W-R', 'W-M'), B, 'contact')).toBe(25);
  });
  it('C4-SCORE-3: all three balls: 25, and CQ-2 (reading: highest category only, not the sum)', () => {
    expect(fourBallPoints(shot('W-M', 'W-Y', 'W-R'), B, 'contact')).toBe(25);
  });
  it('C4-SCORE-4: a cushion before any ball, then all three: 50', () => {
    expect(fourBallPoints(shot('c:W', 'W-R', 'c:W', 'W-M', 'W-Y'), B, 'contact')).toBe(50);
    expect(fourBallPoints(shot('W-R', 'c:W', 'W-M', 'W-Y'), B, 'contact')).toBe(25);
  });
  it('C4-ERASE-1: touchedNoBall is true only when the cue ball met no ball', () => {
    expect(touchedNoBall(shot('c:W', 'c:W'), 'W')).toBe(true);
    expect(touchedNoBall(shot('c:W', 'R-M'), 'W')).toBe(true);
    expect(touchedNoBall(shot('c:W', 'W-M'), 'W')).toBe(false);
  });
});

describe('general predicates', () => {
  it('CG-FOUL-7: isTurnOver after any foul or a shot without points', () => {
    expect(isTurnOver({ points: 1, fouls: [] })).toBe(false);
    expect(isTurnOver({ points: 1, fouls: ['foot'] })).toBe(true);
    expect(isTurnOver({ points: 0, fouls: [] })).toBe(true);
  });
  it('CG-REF-6: the foul catalogue depends on the ruleset chosen per match (isFoul)', () => {
    expect(isFoul('push', 'ceb-004')).toBe(true);
    expect(isFoul('push', 'salon-002')).toBe(false);
    expect(isFoul('opponents_turn', 'salon-002')).toBe(true);
    expect(isFoul('opponents_turn', 'ceb-004')).toBe(false);
    expect(isFoul('nonsense', 'ceb-004')).toBe(false);
    expect(Object.keys(FOULS).length).toBeGreaterThan(10);
  });
  it('offTableBalls lists the balls, "?" for unidentified ones', () => {
    expect(offTableBalls([...shot('W-R', 'out:R'), { type: 'off_table', t: 9 }])).toEqual(['R', '?']);
  });
  it('readings: every assignment of the unknown balls, two different balls per contact', () => {
    const r = readings(shot('c:?', 'W-?'), ['W', 'Y', 'R']);
    expect(r).not.toBeNull();
    expect(r!.length).toBe(3 * 2);
    const many = readings(shot(...Array.from({ length: 10 }, () => '?-?')), ['W', 'Y', 'R', 'M']);
    expect(many).toBeNull();
  });
  it('CQ-9 (reading: the spot of the ball that occupies it): each spotted ball carries its fallback', () => {
    const c = defaultConfig('three-cushion');
    const s = spotOffTable('three-cushion', 'ceb-004', c.balls, ['R'], 'Y');
    expect(s).toEqual([
      {
        ball: 'R',
        spot: 'red_spot',
        ifOccupied: [
          { by: 'W', spot: 'centre' },
          { by: 'Y', spot: 'head_spot' },
        ],
        reason: 'C3-SPOT-1: ball off the table',
      },
    ]);
  });
});

describe('one scoring module per game', () => {
  const ctx = (game: 'three-cushion' | 'three-ball' | 'four-ball', opening = false) => ({ game, config: defaultConfig(game), cue: 'W', opening });
  it('C3-POINT-1, C3-BREAK-3: three-cushion.ts: both balls after three cushions; on the break the red first', () => {
    const yellowFirst = shot('c:W', 'c:W', 'c:W', 'W-Y', 'W-R');
    expect(threeCushionOutcome(yellowFirst, ctx('three-cushion'))).toBe('point');
    expect(threeCushionOutcome(yellowFirst, ctx('three-cushion', true))).toBe('miss');
    expect(threeCushionOutcome(shot('W-R', 'c:W', 'c:W', 'W-Y'), ctx('three-cushion'))).toBe('miss');
  });
  it('C3B-SCORE-1: three-ball.ts: both balls, no cushion needed', () => {
    expect(threeBallOutcome(shot('W-Y', 'W-R'), ctx('three-ball'))).toBe('point');
    expect(threeBallOutcome(shot('W-Y', 'Y-R'), ctx('three-ball'))).toBe('miss');
  });
  it('C4-SCORE-4, C4-ERASE-1: four-ball.ts: values, and "none" only when no contact was heard', () => {
    expect(fourBallOutcome(shot('c:W', 'W-R', 'W-M', 'W-Y'), ctx('four-ball'))).toBe('p50');
    expect(fourBallOutcome(shot('c:W', 'c:W'), ctx('four-ball'))).toBe('none');
    expect(fourBallOutcome(shot('R-M'), ctx('four-ball'))).toBe('p0');
  });
  it("outcomeOf dispatches to the game's own module", () => {
    const ev = shot('c:W', 'W-R', 'c:W', 'c:W', 'W-Y', 'W-M');
    expect(outcomeOf(ev, ctx('three-cushion'))).toBe(threeCushionOutcome(ev, ctx('three-cushion')));
    expect(outcomeOf(ev, ctx('three-ball'))).toBe(threeBallOutcome(ev, ctx('three-ball')));
    expect(outcomeOf(ev, ctx('four-ball'))).toBe(fourBallOutcome(ev, ctx('four-ball')));
  });
});
