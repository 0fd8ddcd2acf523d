import { describe, expect, it } from 'vitest';
import { fourBall, threeCushion } from './index';
import { Log, core, run, score, turnOf } from './testkit';

const C3 = { lag: false };

/** A three-cushion shot whose third cushion nobody identified: point or not depends on it. */
function uncertain(l: Log): Log {
  return l.strike('W').cushion('W', 'L1').cushion('W', 'S2').cushion(undefined, 'L2').contact('W', 'R').contact('W', 'Y').rest();
}

describe('pending decisions (unknown balls)', () => {
  it('C3-POINT-1: a cushion without ball identity before the last ball: "point?" is pending, the score provisional', () => {
    const m = run(threeCushion, uncertain(new Log(['A', 'B'], C3)));
    const [d] = m.game.core.pending;
    expect(d).toMatchObject({ id: 'shot-1:point', kind: 'c3.point', default: 'miss', answeredBy: 'referee', raisedAt: 7 });
    expect(d!.options.map((o) => o.value).sort()).toEqual(['miss', 'point']);
    expect(d!.evidence).toContain('cushion L2 by an unidentified ball (seq 4)');
    const sum = threeCushion.summary(m.game);
    expect([sum.provisional, sum.pending.length]).toEqual([true, 1]);
    // Provisionally the default (only identified events count) applies: no point, B to play.
    expect([score(m.game.core, 'A'), turnOf(m.game.core)]).toEqual([0, 'B']);
  });

  it('C3-POINT-1: answering "point" credits it and A keeps the table', () => {
    const c = core(threeCushion, uncertain(new Log(['A', 'B'], C3)).decide('shot-1:point', 'point'));
    expect([score(c, 'A'), turnOf(c), c.pending, c.decisions.map((d) => [d.id, d.answer, d.who])]).toEqual([1, 'A', [], [['shot-1:point', 'point', 'Ref']]]);
  });

  it('a late answer gives exactly the state an immediate answer gives', () => {
    const immediate = uncertain(new Log(['A', 'B'], C3)).decide('shot-1:point', 'point').point3c().miss();
    // The same events with the answer moved to the end (it keeps its own seq, t and who).
    const answer = immediate.events[8]!;
    expect(answer.type).toBe('decide');
    const lateEvents = [...immediate.events.filter((e) => e !== answer), answer];
    const a = run(threeCushion, immediate).game;
    const b = run(threeCushion, lateEvents).game;
    expect(b).toEqual(a);
    expect(score(a.core, 'A')).toBe(2);
    // While it is open, the next shot is attributed to B (default "no point"); the answer re-attributes it.
    const openLog = uncertain(new Log(['A', 'B'], C3)).point3c('Y');
    const open = core(threeCushion, openLog);
    expect([score(open, 'A'), score(open, 'B')]).toEqual([0, 1]);
  });

  it('no question when every reading gives the same outcome', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).strike('W').cushion('W').cushion('W').cushion('W').contact('W', 'R').contact('W', 'Y').cushion(undefined).rest());
    expect([c.pending, score(c, 'A')]).toEqual([[], 1]);
  });

  it('identify fills the unknown ball before the shot is judged, so nothing is asked', () => {
    const l = new Log(['A', 'B'], C3).strike('W').cushion('W').cushion('W');
    const ref = l.next;
    l.cushion(undefined).push({ type: 'identify', ref, ball: 'W' }).contact('W', 'R').contact('W', 'Y').rest();
    const c = core(threeCushion, l);
    expect([c.pending, score(c, 'A')]).toEqual([[], 1]);
  });

  it('bad answers and unknown decisions are refused and recorded', () => {
    const c = core(threeCushion, uncertain(new Log(['A', 'B'], C3)).decide('shot-1:point', 'maybe').decide('shot-9:point', 'point'));
    expect(c.rejected.map((r) => r.code)).toEqual(['bad_answer', 'unknown_decision']);
    expect(c.pending.length).toBe(1);
  });

  it('4-ball: the options are the values the shot could be worth', () => {
    const l = new Log().strike('W').contact('W', 'R').contact('W', undefined).rest();
    const m = run(fourBall, l);
    const d = m.game.core.pending[0]!;
    expect(d.kind).toBe('c4.point');
    // The unknown ball was the yellow (1), the red again (0) or the maroon (5); the default counts only the red.
    expect(d.options.map((o) => o.value).sort()).toEqual(['p0', 'p1', 'p5']);
    expect(d.default).toBe('p0');
    const c = core(fourBall, l.decide('shot-1:point', 'p5'));
    expect([score(c, 'A'), turnOf(c)]).toEqual([5, 'A']);
  });

  it('C3-FOUL-6: the strike sensor names the opponent\'s ball: "wrong ball?" (default foul) for the referee', () => {
    const l = new Log(['A', 'B'], { lag: false, breakRedFirst: false }).point3c('Y', ['R', 'W']);
    const m = run(threeCushion, l);
    expect(m.game.core.pending.map((d) => [d.kind, d.default])).toEqual([['carom.wrong_ball', 'foul']]);
    expect([score(m.game.core, 'A'), turnOf(m.game.core)]).toEqual([1, 'B']);
    const no = core(threeCushion, l.decide('shot-1:wrong_ball', 'no_foul'));
    expect([score(no, 'A'), turnOf(no), no.fouls]).toEqual([1, 'A', []]);
  });

  it('override replaces an answer and re-folds; the correction keeps who, when and why', () => {
    const l = uncertain(new Log(['A', 'B'], C3)).decide('shot-1:point', 'point').point3c().override('shot-1:point', 'miss', 'video review');
    const m = run(threeCushion, l);
    expect([score(m.game.core, 'A'), score(m.game.core, 'B')]).toEqual([0, 1]);
    expect(m.corrections).toEqual([{ seq: 16, type: 'override', t: 16000, who: 'Ref', why: 'video review', effect: 'decision shot-1:point: point -> miss' }]);
    expect(m.game.core.decisions.map((d) => d.answer)).toEqual(['miss']);
  });

  it('C3-LAG-2: a late lag answer gives the same state as an immediate one', () => {
    const imm = new Log(['A', 'B'], {}).strike().rest().decide('lag-1:winner', 'A').ref('opener', { player: 'A', by: 'player' });
    const late = new Log(['A', 'B'], {}).strike().rest().ref('opener', { player: 'A', by: 'player' }).decide('lag-1:winner', 'A');
    const a = core(threeCushion, imm);
    const b = core(threeCushion, late);
    expect([a.status, turnOf(a)]).toEqual(['playing', 'A']);
    // The referee's opener entry settles the lag: the pending lag question is superseded, a late answer is refused.
    expect([b.status, turnOf(b), b.pending, b.rejected.map((r) => r.code)]).toEqual(['playing', 'A', [], ['unknown_decision']]);
  });
});
