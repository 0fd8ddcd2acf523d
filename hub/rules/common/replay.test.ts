import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RulesEngine } from '../../../shared/game/engine';
import type { GameEvent } from '../../../shared/game/events';
import { replay, step, toArray, initialMatch } from './replay';

/** A tiny engine for the correction machinery: every cushion is a point; a decide doubles it. */
interface Tally {
  points: number;
  shots: number;
  answers: Record<string, string>;
}
const tally: RulesEngine<Tally> = {
  id: 'three-cushion',
  title: 'test tally',
  initial: () => ({ points: 0, shots: 0, answers: {} }),
  reduce: (s, e) => {
    if (e.type === 'cushion') return { ...s, points: s.points + 1 };
    if (e.type === 'at_rest') return { ...s, shots: s.shots + 1 };
    if (e.type === 'decide') return { ...s, points: e.answer === 'double' ? s.points * 2 : s.points, answers: { ...s.answers, [e.decision]: e.answer } };
    return s;
  },
  summary: () => ({ game: 'x', status: 'playing', players: [], turn: null, provisional: false, pending: [], winner: null, headline: '' }),
  report: (s) => s,
};

let t = 0;
const ev = (e: Record<string, unknown> & { type: GameEvent['type'] }): GameEvent => ({ ...e, t: ++t }) as GameEvent;
const start = ev({ type: 'start', players: [{ id: 'a', name: 'A' }] });
const cushion = () => ev({ type: 'cushion' });
const rest = () => ev({ type: 'at_rest' });

describe('replay with corrections', () => {
  it('undo takes back the last complete shot; the log keeps it', () => {
    const log = [start, cushion(), rest(), cushion(), cushion(), rest(), ev({ type: 'undo', who: 'ref', why: 'miscount' })];
    const m = replay(tally, log);
    expect(m.game).toEqual({ points: 1, shots: 1, answers: {} });
    expect(toArray(m.inForce)).toHaveLength(3);
    expect(m.corrections[0]).toMatchObject({ type: 'undo', who: 'ref', why: 'miscount', effect: expect.stringContaining('took back 3 events') });
  });

  it('undo takes back a shot still in progress first', () => {
    const m = replay(tally, [start, cushion(), rest(), cushion(), ev({ type: 'undo' })]);
    expect(m.game.points).toBe(1);
  });

  it('undo never takes back the start event', () => {
    const m = replay(tally, [start, ev({ type: 'undo' })]);
    expect(toArray(m.inForce)).toEqual([start]);
    expect(m.corrections[0]?.effect).toBe('nothing to take back');
  });

  it('redo puts back what undo took', () => {
    const base = [start, cushion(), rest(), cushion(), rest()];
    const before = replay(tally, base);
    const after = replay(tally, [...base, ev({ type: 'undo' }), ev({ type: 'redo' })]);
    expect(after.game).toEqual(before.game);
    expect(toArray(after.inForce)).toEqual(toArray(before.inForce));
  });

  it('override replaces an earlier answer and re-decides everything after it', () => {
    const log = [start, cushion(), ev({ type: 'decide', decision: 'd1', answer: 'keep' }), rest(), cushion(), rest()];
    const m = replay(tally, [...log, ev({ type: 'override', decision: 'd1', answer: 'double', who: 'ref', why: 'video' })]);
    expect(m.game.points).toBe(3); // (1 doubled) + 1
    expect(m.corrections[0]?.effect).toBe('decision d1: keep -> double');
  });

  it('is pure: an earlier match state is unchanged by later steps', () => {
    const m1 = replay(tally, [start, cushion()]);
    const copy = structuredClone({ game: m1.game, events: toArray(m1.inForce) });
    step(tally, m1, cushion());
    step(tally, m1, rest());
    expect({ game: m1.game, events: toArray(m1.inForce) }).toEqual(copy);
  });

  it('property: undo then redo returns the same state, for any log', () => {
    const atom = fc.constantFrom<GameEvent['type']>('cushion', 'at_rest', 'strike');
    fc.assert(
      fc.property(fc.array(atom, { maxLength: 40 }), (types) => {
        const log = [start, ...types.map((type) => ev({ type } as GameEvent))];
        const plain = replay(tally, log);
        const corrected = replay(tally, [...log, ev({ type: 'undo' }), ev({ type: 'redo' })]);
        expect(corrected.game).toEqual(plain.game);
        expect(replay(tally, log).game).toEqual(plain.game);
        expect(initialMatch(tally).game).toEqual(tally.initial());
      }),
    );
  });
});
