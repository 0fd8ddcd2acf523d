import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { ballsOf, defaultConfig } from './config';
import { fourBall, threeBall, threeCushion } from './index';
import { possibleOutcomes, type ShotContext } from './outcome';
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
    const immediate = uncertain(new Log(['A', 'B'], C3))
      .decide('shot-1:point', 'point')
      .point3c()
      .miss();
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
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').cushion('W').cushion('W').cushion('W').contact('W', 'R').contact('W', 'Y').cushion(undefined).rest(),
    );
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
    const c = core(
      threeCushion,
      uncertain(new Log(['A', 'B'], C3))
        .decide('shot-1:point', 'maybe')
        .decide('shot-9:point', 'point'),
    );
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

  it('C3-FOUL-6 + C3-NC-1 (seed 004, "כדור לא נכון"): a wrong ball called during the stroke is one foul, no point, inning over; the answer "during the stroke" does the same', () => {
    const base = () => new Log(['A', 'B'], { lag: false, breakRedFirst: false });
    const carom = (l: Log) => l.cushion('Y', 'L1').cushion('Y', 'S2').cushion('Y', 'L2').contact('Y', 'R').contact('Y', 'W').rest();
    const called = run(threeCushion, carom(base().strike('Y').foul('wrong_ball')));
    const c = called.game.core;
    expect(c.fouls.map((f) => [f.player, f.code])).toEqual([['A', 'wrong_ball']]);
    expect([score(c, 'A'), turnOf(c), c.pending]).toEqual([0, 'B', []]);
    // Not called: the engine asks, and its answer says when it was pointed out.
    const asked = carom(base().strike('Y'));
    const q = run(threeCushion, asked).game.core.pending[0]!;
    expect(q.options.map((o) => o.value)).toEqual(['foul', 'foul_during', 'no_foul']);
    const during = core(threeCushion, asked.decide(q.id, 'foul_during'));
    expect([score(during, 'A'), turnOf(during), during.fouls.map((f) => f.code)]).toEqual([0, 'B', ['wrong_ball']]);
    const after = core(threeCushion, carom(base().strike('Y')).decide(q.id, 'foul'));
    expect([score(after, 'A'), turnOf(after), after.fouls.map((f) => f.code)]).toEqual([1, 'B', ['wrong_ball']]);
  });

  it('override replaces an answer and re-folds; the correction keeps who, when and why', () => {
    const l = uncertain(new Log(['A', 'B'], C3))
      .decide('shot-1:point', 'point')
      .point3c()
      .override('shot-1:point', 'miss', 'video review');
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

/**
 * C4-ERASE-1 erases the inning only when the cue ball touched no ball. A contact heard means it
 * touched one (a still table, only the cue ball struck: every contact follows one of the cue
 * ball's), so `none` is no reading then, and the default, which the hub applies when nobody
 * answers, credits nothing and erases nothing.
 */
describe('C4-ERASE-1: a heard contact is never "no ball touched"', () => {
  /** A scores 5 (two reds), then a shot whose one click names no ball (the carom profile). */
  const clickNoBall = (): Log => new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike().contact().rest();

  it('C4-ERASE-1: a click naming no ball: "none" is not offered, the default is p0 and the inning stands', () => {
    const m = run(fourBall, clickNoBall());
    const d = m.game.core.pending[0]!;
    expect(d.id).toBe('shot-2:point');
    // The click was the cue ball with the yellow (1) or with a red (0).
    expect(d.options.map((o) => o.value)).toEqual(['p1', 'p0']);
    expect(d.default).toBe('p0');
    // Provisionally (the default): nothing credited, nothing erased; the inning ends, B to play.
    const c = m.game.core;
    expect([score(c, 'A'), c.players[0]!.erased, c.players[0]!.current, turnOf(c)]).toEqual([5, 0, null, 'B']);
    // Was: options p1/p0/none, default none, A 0 with 5 erased at every unanswered shot with a click.
  });

  it('C4-ERASE-1: answering the click as the yellow credits 1 and A keeps the table', () => {
    const c = core(fourBall, clickNoBall().decide('shot-2:point', 'p1'));
    expect([score(c, 'A'), c.players[0]!.erased, turnOf(c)]).toEqual([6, 0, 'A']);
  });

  it('C4-ERASE-1: a shot with no click at all still erases the inning, decided without a question', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike().cushion(undefined, 'L1').rest());
    expect([c.pending, score(c, 'A'), c.players[0]!.erased, turnOf(c)]).toEqual([[], 0, 5, 'B']);
  });

  it('C4-ERASE-1: a contact of two named balls without the cue ball (its own contact unheard) scores 0 and erases nothing', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike('W').contact('R', 'M').rest());
    expect([c.pending, c.lastShot?.outcome, score(c, 'A'), c.players[0]!.erased, turnOf(c)]).toEqual([[], 'p0', 5, 0, 'B']);
  });

  it('C4-ERASE-1: a contact naming only a red is decided p0 (the cue ball or not, nothing scores, nothing is erased)', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike('W').contact('R').rest());
    expect([c.pending, c.lastShot?.outcome, score(c, 'A'), c.players[0]!.erased]).toEqual([[], 'p0', 5, 0]);
  });

  it('C4-ERASE-1: too many readings to try: every outcome but "none" once a contact was heard; only "none" without one', () => {
    const ctx: ShotContext = { game: 'four-ball', config: defaultConfig('four-ball'), cue: 'W', opening: false };
    const balls = ballsOf('four-ball', ctx.config);
    // Four contacts naming no ball: 12^4 readings, over the 4096 tried.
    const unknown = [0, 1, 2, 3].map((seq) => ({ type: 'contact', seq, t: seq }) as GameEvent);
    expect(possibleOutcomes(unknown, balls, ctx)).toEqual(['p50', 'p25', 'p5', 'p1', 'p0']);
    const cushions = Array.from({ length: 7 }, (_, seq) => ({ type: 'cushion', cushion: 'L1', seq, t: seq }) as GameEvent);
    expect(possibleOutcomes(cushions, balls, ctx)).toEqual(['none']);
  });

  it('C3B-SCORE-1, C3B-MISS-1: 3-ball keeps "miss" as the default of two clicks naming no ball (it credits nothing, erases nothing)', () => {
    const m = run(threeBall, new Log().carom().strike().contact().contact().rest());
    const d = m.game.core.pending[0]!;
    expect([d.id, d.options.map((o) => o.value).sort(), d.default]).toEqual(['shot-2:point', ['miss', 'point'], 'miss']);
    expect([score(m.game.core, 'A'), turnOf(m.game.core)]).toEqual([1, 'B']);
  });

  it('C3-POINT-1: three-cushion keeps the default of the identified events when a contact names no ball', () => {
    const l = new Log(['A', 'B'], C3).strike('W').cushion('W', 'L1').cushion('W', 'S2').cushion('W', 'L2').contact('W', 'R').contact().rest();
    const d = run(threeCushion, l).game.core.pending[0]!;
    expect([d.options.map((o) => o.value).sort(), d.default]).toEqual([['miss', 'point'], 'miss']);
  });
});
