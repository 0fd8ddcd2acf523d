import { describe, expect, it } from 'vitest';
import { fourBall, threeBall, threeCushion } from './index';
import { Log, core, run, score, turnOf } from './testkit';

const spots = (c: ReturnType<typeof core>) => c.spotting.map((x) => [x.ball, x.spot]);
const caromWith = (l: Log, code: string) => l.strike('W').contact('W', 'R').foul(code).contact('W', 'Y').rest();

describe('carom general rules (CG)', () => {
  it('CG-FOUL-1: foot off the floor during the stroke: the carom does not count, the turn passes', () => {
    const c = core(threeBall, caromWith(new Log().carom(), 'foot'));
    expect([score(c, 'A'), turnOf(c), c.fouls.map((f) => f.code)]).toEqual([1, 'B', ['foot']]);
  });

  it('CG-FOUL-2: a strike before the balls are at rest raises "balls in motion" (default: foul); "no" splits the shot', () => {
    const l = new Log().carom().strike('W').contact('W', 'R').contact('W', 'Y').strike().contact('Y', 'R').contact('Y', 'W').rest();
    const m = run(threeBall, l);
    expect(m.game.core.pending.map((d) => [d.id, d.kind, d.default])).toEqual([['shot-2:in_motion', 'carom.balls_in_motion', 'foul']]);
    expect([score(m.game.core, 'A'), turnOf(m.game.core), m.game.core.fouls.map((f) => f.code)]).toEqual([1, 'B', ['balls_in_motion']]);
    // "No": the at_rest was missed; the carom before the second strike counts, the part after it is A's next shot.
    const ok = core(threeBall, l.decide('shot-2:in_motion', 'no_foul'));
    expect([score(ok, 'A'), turnOf(ok), ok.pending, ok.fouls, ok.shots]).toEqual([2, 'B', [], [], 3]);
  });

  it('CG-FOUL-3: double hit is a foul', () => {
    const c = core(threeBall, caromWith(new Log(), 'double_hit'));
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
  });

  it("CG-FOUL-4: striking in the opponent's turn is a salon foul of the striker; the player at the table keeps it", () => {
    const c = core(threeBall, new Log().carom().foul('opponents_turn', { player: 'B' }));
    expect([turnOf(c), c.fouls.map((f) => [f.player, f.code]), c.players[1]!.fouls]).toEqual(['A', [['B', 'opponents_turn']], 1]);
    const ceb = core(threeBall, new Log(['A', 'B'], { ruleset: 'ceb-004' }).foul('opponents_turn', { player: 'B' }));
    expect(ceb.rejected.map((r) => r.code)).toEqual(['not_in_ruleset']);
  });

  it('CG-FOUL-4 (seed 002: "Rakibin sırasında vuruş yapılamaz"): the strike names the striker: A strikes again in B\'s turn and makes a carom: A\'s foul, no point, B keeps the table', () => {
    const l = new Log().miss('W');
    l.push({ type: 'strike', ball: 'W', player: 'A' }).contact('W', 'R').contact('W', 'Y').rest();
    const c = core(threeBall, l);
    expect([score(c, 'A'), score(c, 'B'), turnOf(c)]).toEqual([0, 0, 'B']);
    expect(c.fouls.map((f) => [f.player, f.code])).toEqual([['A', 'opponents_turn']]);
    expect([c.players[0]!.fouls, c.players[1]!.fouls, c.pending]).toEqual([1, 0, []]);
    // B then plays on, his inning unbroken: his carom counts.
    const on = core(threeBall, l.strike('Y').contact('Y', 'R').contact('Y', 'W').rest());
    expect([score(on, 'B'), turnOf(on)]).toEqual([1, 'B']);
    // The strike naming the player at the table is an ordinary stroke.
    const own = core(threeBall, new Log().push({ type: 'strike', ball: 'W', player: 'A' }).contact('W', 'R').contact('W', 'Y').rest());
    expect([score(own, 'A'), turnOf(own), own.fouls]).toEqual([1, 'A', []]);
    // CEB (seed 004 has no such foul): the stroke does not count, and nobody is charged.
    const cebLog = new Log(['A', 'B'], { ruleset: 'ceb-004' }).miss('W');
    const ceb = core(threeBall, cebLog.push({ type: 'strike', ball: 'W', player: 'A' }).contact('W', 'R').contact('W', 'Y').rest());
    expect([score(ceb, 'A'), turnOf(ceb), ceb.fouls]).toEqual([0, 'B', []]);
  });

  it('CG-FOUL-5: a ball leaving the table is a foul', () => {
    const c = core(threeBall, new Log().strike('W').contact('W', 'R').out('W').rest());
    expect([turnOf(c), c.fouls.map((f) => f.code), c.players[0]!.fouls]).toEqual(['B', ['out'], 1]);
  });

  it("CG-FOUL-6: playing the opponent's ball (salon): the point is void and the cue passes", () => {
    const c = core(threeBall, new Log().carom().carom().foul('wrong_ball'));
    expect([score(c, 'A'), turnOf(c), c.lastShot?.outcome]).toEqual([1, 'B', 'foul']);
  });

  it('CG-FOUL-7: a foul gives no point to the opponent and removes none already made', () => {
    const c = core(threeBall, caromWith(new Log().carom().carom(), 'foot'));
    expect([score(c, 'A'), score(c, 'B')]).toEqual([2, 0]);
  });

  it('CG-OUT-1: touching the wooden rail counts as off the table, even if the ball comes back', () => {
    const sensed = core(
      threeBall,
      new Log().carom().strike('W').contact('W', 'R').push({ type: 'off_table', ball: 'R', returned: true }).contact('W', 'Y').rest(),
    );
    expect([score(sensed, 'A'), turnOf(sensed), spots(sensed)]).toEqual([1, 'B', [['R', 'red_spot']]]);
    const called = core(threeBall, new Log().strike('W').contact('W', 'R').foul('out', { ball: 'R' }).contact('W', 'Y').rest());
    expect([score(called, 'A'), turnOf(called), spots(called)]).toEqual([0, 'B', [['R', 'red_spot']]]);
  });

  it('CG-OUT-2 / CQ-13 (reading: spotting is the default, restoring a referee override): the referee may restore the balls', () => {
    const l = new Log().strike('W').contact('W', 'R').out('R').rest();
    expect(core(threeBall, l).restoreOption?.reason).toMatch(/^CG-OUT-2/);
    const byPlayer = core(threeBall, new Log().strike('W').contact('W', 'R').out('R').rest().ref('restore', { by: 'player' }));
    expect(byPlayer.rejected.map((r) => r.code)).toEqual(['referee_only']);
    const c = core(threeBall, l.ref('restore'));
    expect(spots(c)).toEqual([
      ['W', 'previous_position'],
      ['Y', 'previous_position'],
      ['R', 'previous_position'],
    ]);
  });

  it('CG-FROZEN-1: salon options when the cue ball is frozen: bricole, the other ball, or separation', () => {
    const f = () => new Log().carom().ref('frozen', { data: { balls: ['R'] } });
    expect(core(threeBall, f().ref('frozen_option', { value: 'bricole', by: 'player' })).frozen?.option).toBe('bricole');
    expect(core(threeBall, f().ref('frozen_option', { value: 'other_ball', by: 'player' })).frozen?.option).toBe('other_ball');
    expect(core(threeBall, f().ref('frozen_option', { value: 'masse', by: 'player' })).rejected.map((r) => r.code)).toEqual(['bad_option']);
    expect(core(threeBall, new Log().ref('frozen_option', { value: 'spot', by: 'player' })).rejected.map((r) => r.code)).toEqual(['not_frozen']);
  });

  it('CG-SPOT-1 / CQ-8 (reading: only the touching balls, as in 004): separated balls go to their spots', () => {
    const c = core(
      threeBall,
      new Log()
        .carom()
        .ref('frozen', { data: { balls: ['R'] } })
        .ref('frozen_option', { value: 'spot', by: 'player' }),
    );
    expect(spots(c)).toEqual([
      ['W', 'head_spot'],
      ['R', 'red_spot'],
    ]);
  });

  it("CG-SPOT-2 / CQ-12 (reading: per-ball mapping): next player's cue ball to the head spot, the other to the centre, red to the red spot; others stay", () => {
    const c = core(threeBall, new Log().strike('W').contact('W', 'R').out('W').out('Y').rest());
    expect(spots(c)).toEqual([
      ['W', 'centre'],
      ['Y', 'head_spot'],
    ]);
    const all3 = core(threeBall, new Log().strike('W').contact('W', 'R').out('W').out('Y').out('R').rest());
    expect(spots(all3)).toEqual([
      ['W', 'centre'],
      ['Y', 'head_spot'],
      ['R', 'red_spot'],
    ]);
  });
});

describe('3-ball carom (C3B)', () => {
  it('C3B-SCORE-1: both balls in one shot score 1, with or without cushions', () => {
    expect(score(core(threeBall, new Log().strike('W').cushion('W').contact('W', 'Y').contact('W', 'R').rest()), 'A')).toBe(1);
    expect(score(core(threeBall, new Log().strike('W').contact('W', 'Y').contact('Y', 'R').rest()), 'A')).toBe(0);
  });

  it('C3B-TURN-1: series: the player continues after each point', () => {
    const c = core(threeBall, new Log().carom().carom().carom().miss());
    expect([score(c, 'A'), turnOf(c), c.players[0]!.runs]).toEqual([3, 'B', [3]]);
  });

  it('C3B-MISS-1: one ball, a ball off, foot, double hit, or no ball at all: invalid, the turn passes', () => {
    const cases = [
      new Log().miss(),
      new Log().strike('W').contact('W', 'R').contact('W', 'Y').out('W').rest(),
      caromWith(new Log(), 'foot'),
      caromWith(new Log(), 'double_hit'),
      new Log().nothing(),
    ];
    for (const l of cases) {
      const c = core(threeBall, l);
      expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
    }
  });
});

describe('4-ball (C4)', () => {
  it('C4-SETUP-1: four balls: white, yellow, red, maroon; a maroon does not exist in the 3-ball games', () => {
    expect(score(core(fourBall, new Log().strike('W').contact('W', 'M').contact('W', 'R').rest()), 'A')).toBe(5);
    const c3 = core(threeBall, new Log().strike('W').contact('W', 'M').rest());
    expect(c3.rejected.map((r) => r.code)).toEqual(['unknown_ball']);
    const custom = core(fourBall, new Log(['A', 'B'], { balls: { maroon: 'bordo' } }).strike('W').contact('W', 'bordo').contact('W', 'R').rest());
    expect(score(custom, 'A')).toBe(5);
  });

  it("C4-ERASE-1: a shot touching no ball erases the inning's points and passes the turn (CQ-3)", () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().nothing());
    expect([score(c, 'A'), turnOf(c), c.players[0]!.erased]).toEqual([0, 'B', 5]);
  });

  it('C4-ERASE-1 with a ball off the table (reading: the cue ball touched no ball, so the inning is erased)', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike('W').out('W').rest());
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
  });

  it('C4-OUT-1: a ball off the table keeps the points made and passes the turn', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest().strike('W').contact('W', 'Y').out('Y').rest());
    expect([score(c, 'A'), turnOf(c), c.lastShot?.points]).toEqual([5, 'B', 0]);
  });
});

describe('referee authority (CG-REF)', () => {
  it("CG-REF-1: the referee may end the match for a player's behaviour, naming the winner", () => {
    const c = core(threeBall, new Log().carom().ref('referee_result', { value: 'winner', player: 'B', why: 'conduct of A' }));
    expect([c.status, c.winner]).toEqual(['finished', 'B']);
  });

  it('CG-REF-2: the referee may disqualify both players', () => {
    const c = core(threeBall, new Log().carom().ref('referee_result', { value: 'disqualify_both' }));
    expect([c.status, c.winner, c.draw, c.endReason]).toEqual(['finished', null, false, 'referee: both players disqualified']);
  });

  it('CG-REF-3: players deal only with the referee: a foul entered by a player is refused', () => {
    const c = core(threeBall, new Log().carom().ref('foul', { value: 'foot', by: 'player' }));
    expect([turnOf(c), c.rejected.map((r) => r.code)]).toEqual(['A', ['referee_only']]);
  });

  it('CG-REF-4: the referee may step in and end an open game; the score decides', () => {
    const c = core(threeBall, new Log().carom().miss().ref('end_game'));
    expect([c.status, c.winner, c.endReason]).toEqual(['finished', 'A', 'ended by the referee']);
  });

  it('CG-REF-5: no appeal: a player cannot answer a decision reserved to the referee', () => {
    const l = new Log().strike('W').contact('W', 'R').cushion(undefined).contact('W', undefined).rest();
    const before = core(threeBall, l);
    expect(before.pending.map((d) => d.answeredBy)).toEqual(['referee']);
    const c = core(threeBall, l.decide('shot-1:point', 'point', 'player'));
    expect([c.pending.length, c.rejected.map((r) => r.code)]).toEqual([1, ['referee_only']]);
  });

  it('CG-REF-6: the ruleset is chosen per match: CEB three-cushion has the lag and the shot clock, salon has neither', () => {
    const ceb = core(threeCushion, new Log(['A', 'B'], { ruleset: 'ceb-004' }));
    const salon = core(threeCushion, new Log(['A', 'B'], { ruleset: 'salon-002' }));
    expect([ceb.status, ceb.config.shotClockSeconds]).toEqual(['lag', 30]);
    expect([salon.status, salon.config.shotClockSeconds]).toEqual(['playing', null]);
  });

  it('CG-REF-7: without a referee (the hall owner or the players decide), calls entered by players are accepted', () => {
    const c = core(
      threeBall,
      new Log(['A', 'B'], { referee: false })
        .strike('W')
        .contact('W', 'R')
        .ref('foul', { value: 'foot', by: 'player', who: 'hall owner' })
        .contact('W', 'Y')
        .rest(),
    );
    expect([score(c, 'A'), turnOf(c), c.fouls.map((f) => [f.code, f.who])]).toEqual([0, 'B', [['foot', 'hall owner']]]);
  });
});

describe('open questions decided for all carom games', () => {
  it('CQ-5 (reading: the players strike white and yellow; red and maroon are object balls only)', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').rest());
    expect([turnOf(c), c.cue]).toEqual(['B', 'Y']);
    const red = run(fourBall, new Log().strike('R').contact('R', 'M').contact('R', 'W').rest());
    expect(red.game.core.pending.map((d) => d.kind)).toEqual(['carom.wrong_ball']);
  });
});
