/**
 * The lag when the sensors cannot name the balls of a contact: the engine never reads an unnamed
 * contact as "nothing happened" (no silent guess); it asks the referee, with what it saw.
 */
import { describe, expect, it } from 'vitest';
import { threeCushion } from './index';
import { Log, core } from './testkit';

const lag = () => new Log(['A', 'B'], {});

describe('lag with contacts the sensors could not name', () => {
  it('C3-LAG-7, C3-LAG-5: a contact naming no ball is a question for the referee, with honest evidence', () => {
    const l = lag().strike().contact().rest();
    const c = core(threeCushion, l);
    const d = c.pending[0]!;
    expect([c.pending.length, d.id, d.kind, d.default, c.lag?.winner]).toEqual([1, 'lag-1:winner', 'c3.lag', null, null]);
    expect(d.options.map((o) => o.value)).toEqual(['A', 'B', 'equal', 'repeat_fault:A', 'repeat_fault:B', 'both_red']);
    expect(d.evidence).toEqual([
      'no contact between the two lag balls was identified',
      'no lag ball was identified touching the red R',
      '1 contact(s) without ball identity: a lag ball may have touched the red (C3-LAG-7) or the other lag ball (C3-LAG-5)',
    ]);
    // "Both touched the red": the lag is repeated (C3-LAG-7), nobody is at fault.
    const both = core(threeCushion, l.decide('lag-1:winner', 'both_red'));
    expect([both.lag?.round, both.lag?.winner, both.lag?.unidentified, both.pending]).toEqual([2, null, 0, []]);
  });

  it('C3-LAG-7: one ball seen on the red and a contact naming one ball: not decided alone (the other may have touched it too)', () => {
    const l = lag().strike().contact('Y', 'R').contact('W').rest();
    const c = core(threeCushion, l);
    const d = c.pending[0]!;
    expect([c.lag?.winner, d.id, d.options.map((o) => o.value)]).toEqual([null, 'lag-1:winner', ['A', 'both_red']]);
    expect(d.evidence).toContain("B's ball touched the red R (C3-LAG-7)");
    expect(core(threeCushion, l.decide('lag-1:winner', 'A')).lag?.winner).toBe('A');
  });

  it('C3-LAG-5, C3-LAG-6: a collision and an unnamed contact: one question, whose answers cover the fault, the red and a repeat', () => {
    const l = lag().strike().contact('W', 'Y').contact(undefined, 'R').rest();
    const d = core(threeCushion, l).pending[0]!;
    expect(d.kind).toBe('c3.lag');
    expect(d.options.map((o) => o.value)).toEqual(['A', 'B', 'equal', 'repeat_fault:A', 'repeat_fault:B', 'both_red']);
    expect(d.evidence[0]).toBe('contact between the two lag balls (C3-LAG-5)');
    // A at fault for the collision: B wins the lag.
    expect(core(threeCushion, l.decide('lag-1:winner', 'B')).lag?.winner).toBe('B');
  });

  it('C3-LAG-7: named contacts alone are still decided without a question', () => {
    const c = core(threeCushion, lag().strike().contact('R', 'W').rest());
    expect([c.lag?.winner, c.pending]).toEqual(['B', []]);
  });
});
