import { describe, expect, it } from 'vitest';
import { hasCrossedHeadString, isLateDropPutBack, isLegalShot, isScratch, isTouchFoul, isTurnOver, isWrongFirstBall, lagWinner } from './general';
import type { ShotFacts } from './state';

function facts(p: Partial<ShotFacts>): ShotFacts {
  return {
    key: 1,
    fromSeq: 1,
    toSeq: 2,
    restT: 0,
    strikes: 1,
    striker: null,
    firstContact: null,
    order: [],
    firstContactIndex: -1,
    unknownBalls: [],
    frozenCueTo: null,
    pocketed: [],
    rattled: [],
    offTable: [],
    returned: [],
    lateDrops: [],
    cushionsAfterContact: [],
    objectCushionBalls: [],
    unknownCushions: 0,
    cueCushionIds: [],
    refFouls: [],
    interference: null,
    ...p,
  };
}

describe('general layer predicates', () => {
  it('PB-LAG-2: the ball closest to the head cushion wins, only if it touched the foot cushion', () => {
    expect(
      lagWinner([
        { player: 'A', footCushion: true, distance: 12 },
        { player: 'B', footCushion: true, distance: 4 },
      ]),
    ).toBe('B');
    expect(
      lagWinner([
        { player: 'A', footCushion: true, distance: 12 },
        { player: 'B', footCushion: false, distance: 4 },
      ]),
    ).toBe('A');
  });

  it('PB-Q9 (reading: no valid ball or a tie repeats the lag)', () => {
    expect(
      lagWinner([
        { player: 'A', footCushion: false, distance: 1 },
        { player: 'B', footCushion: false, distance: 2 },
      ]),
    ).toBe('repeat');
    expect(
      lagWinner([
        { player: 'A', footCushion: true, distance: 3 },
        { player: 'B', footCushion: true, distance: 3 },
      ]),
    ).toBe('repeat');
  });

  it('PB-BREAK-2: a racked-ball contact or a cushion beyond the head string proves the crossing; the head cushion does not', () => {
    expect(hasCrossedHeadString(facts({ firstContact: '1' }), ['foot'])).toBe(true);
    expect(hasCrossedHeadString(facts({ cueCushionIds: ['foot'] }), ['foot'])).toBe(true);
    expect(hasCrossedHeadString(facts({ cueCushionIds: ['head'] }), ['foot'])).toBe(false);
  });

  it('PB-SHOT-1: contact then a pocketed object ball or any cushion is legal; nothing after the contact is not', () => {
    expect(isLegalShot(facts({ firstContact: '5', cushionsAfterContact: ['5'] }), 'cue')).toBe(true);
    expect(isLegalShot(facts({ firstContact: '5', pocketed: ['5'] }), 'cue')).toBe(true);
    expect(isLegalShot(facts({ firstContact: '5' }), 'cue')).toBe(false);
    expect(isLegalShot(facts({ firstContact: '5', pocketed: ['cue'] }), 'cue')).toBe(false);
    expect(isLegalShot(facts({ firstContact: null, cushionsAfterContact: ['cue'] }), 'cue')).toBe(false);
  });

  it('PB-FOUL-1: the first ball contacted must be a legal ball', () => {
    expect(isWrongFirstBall(facts({ firstContact: '3' }), ['1'])).toBe(true);
    expect(isWrongFirstBall(facts({ firstContact: '1' }), ['1'])).toBe(false);
    expect(isWrongFirstBall(facts({ firstContact: '3' }), 'any')).toBe(false);
  });

  it('PB-FOUL-2: a captured cue ball is a scratch; a rattle is not', () => {
    expect(isScratch(facts({ pocketed: ['cue'] }), 'cue')).toBe(true);
    expect(isScratch(facts({ rattled: ['cue'] }), 'cue')).toBe(false);
  });

  it('PB-FOUL-4: with a referee every touch is a foul', () => {
    expect(isTouchFoul(true, { cueBall: false, intentional: false, affectsOutcome: false })).toBe(true);
  });

  it('PB-FOUL-5: without a referee an accidental touch without effect is not a foul', () => {
    expect(isTouchFoul(false, { cueBall: false, intentional: false, affectsOutcome: false })).toBe(false);
    expect(isTouchFoul(false, { cueBall: true, intentional: false, affectsOutcome: false })).toBe(true);
    expect(isTouchFoul(false, { cueBall: false, intentional: true, affectsOutcome: false })).toBe(true);
    expect(isTouchFoul(false, { cueBall: false, intentional: false, affectsOutcome: true })).toBe(true);
  });

  it('PB-POCKET-2: a drop 5 s or more after rest is put back; PB-Q8 (reading: sooner counts for the shot)', () => {
    expect(isLateDropPutBack(7000, 5000)).toBe(true);
    expect(isLateDropPutBack(5000, 5000)).toBe(true);
    expect(isLateDropPutBack(2000, 5000)).toBe(false);
  });

  it('PB-TURN-1: a legal shot without a pocketed ball ends the inning; PB-Q2 (reading: a foul always ends it)', () => {
    expect(isTurnOver(true, false, false)).toBe(true);
    expect(isTurnOver(true, true, false)).toBe(false);
    expect(isTurnOver(false, true, true)).toBe(true);
  });
});
