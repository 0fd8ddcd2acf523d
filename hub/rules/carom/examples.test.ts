import { describe, expect, it } from 'vitest';
import { fourBall, threeBall, threeCushion } from './index';
import { Log, core, score, turnOf } from './testkit';

const C3 = { lag: false, breakRedFirst: false };

describe('3-ball carom worked examples (salon 002)', () => {
  it('C3B-EX-1: simple carom scores 1 and A shoots again (C3B-SCORE-1, C3B-TURN-1)', () => {
    const c = core(threeBall, new Log().carom('W'));
    expect(score(c, 'A')).toBe(1);
    expect(turnOf(c)).toBe('A');
  });

  it('C3B-EX-2: only one ball: no point, turn to B (C3B-MISS-1)', () => {
    const c = core(threeBall, new Log().strike('W').contact('W', 'R').cushion('W', 'L1').rest());
    expect(score(c, 'A')).toBe(0);
    expect(turnOf(c)).toBe('B');
  });

  it('C3B-EX-3: cushions are allowed but not required', () => {
    const c = core(threeBall, new Log().strike('W').cushion('W', 'S1').contact('W', 'Y').cushion('W', 'L2').contact('W', 'R').rest());
    expect(score(c, 'A')).toBe(1);
    expect(turnOf(c)).toBe('A');
  });

  it('C3B-EX-4: carom, then the red jumps: foul, no point (CQ-7), turn to B, red to the red spot only (CQ-12)', () => {
    const c = core(threeBall, new Log().strike('W').contact('W', 'R').contact('W', 'Y').out('R').rest());
    expect(score(c, 'A')).toBe(0);
    expect(turnOf(c)).toBe('B');
    expect(c.fouls.map((f) => f.code)).toEqual(['out']);
    expect(c.spotting.map((x) => [x.ball, x.spot])).toEqual([['R', 'red_spot']]);
  });

  it("C3B-EX-5: opponent's ball used: salon voids the point; CEB ends the inning but the point stands", () => {
    // Strike sensor without ball identity: the engine judged W's shot (a miss); the referee's call
    // names A, whose inning has ended: the foul is recorded, B stays at the table.
    const manual = (ruleset: string) =>
      new Log(['A', 'B'], { ruleset }).strike().contact('Y', 'R').contact('Y', 'W').rest().foul('wrong_ball', { player: 'A' });
    for (const ruleset of ['salon-002', 'ceb-004']) {
      const m = core(threeBall, manual(ruleset));
      expect([score(m, 'A'), turnOf(m)]).toEqual([0, 'B']);
      expect(m.fouls.map((f) => [f.player, f.code])).toEqual([['A', 'wrong_ball']]);
    }
    // With the strike sensor naming Y, the referee confirms the wrong ball by answering the decision.
    const sensed = (ruleset: string) =>
      new Log(['A', 'B'], { ruleset }).strike('Y').contact('Y', 'R').contact('Y', 'W').rest().decide('shot-1:wrong_ball', 'foul');
    const s2 = core(threeBall, sensed('salon-002'));
    expect([score(s2, 'A'), turnOf(s2)]).toEqual([0, 'B']);
    const c2 = core(threeBall, sensed('ceb-004'));
    expect([score(c2, 'A'), turnOf(c2)]).toEqual([1, 'B']);
    expect(c2.fouls.map((f) => f.code)).toEqual(['wrong_ball']);
  });

  it('C3B-EX-6: a series ends on a double hit; the 4 points already made stand (CG-FOUL-3)', () => {
    const l = new Log().carom().carom().carom().carom();
    l.strike('W').foul('double_hit').contact('W', 'R').contact('W', 'Y').rest();
    const c = core(threeBall, l);
    expect(score(c, 'A')).toBe(4);
    expect(turnOf(c)).toBe('B');
    expect(c.players[0]!.runs).toEqual([4]);
  });
});

describe('three-cushion worked examples', () => {
  it('C3-EX-1: 3 cushions then 2 balls: +1, A continues', () => {
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').cushion('W', 'L1').cushion('W', 'S2').cushion('W', 'L2').contact('W', 'R').contact('W', 'Y').rest(),
    );
    expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'A']);
  });

  it('C3-EX-2: 1 ball, 3 cushions, other ball: +1', () => {
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').contact('W', 'R').cushion('W', 'S1').cushion('W', 'L1').cushion('W', 'S2').contact('W', 'Y').rest(),
    );
    expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'A']);
  });

  it('C3-EX-3: cushion, ball, cushion, cushion, ball: +1 (the first cushion counts)', () => {
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').cushion('W', 'L1').contact('W', 'Y').cushion('W', 'S2').cushion('W', 'L2').contact('W', 'R').rest(),
    );
    expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'A']);
  });

  it('C3-EX-4: two cushions, the third comes too late: no point, "two cushions", turn to B', () => {
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').contact('W', 'R').cushion('W', 'L1').cushion('W', 'S1').contact('W', 'Y').cushion('W', 'L2').rest(),
    );
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
    expect(c.lastShot?.cushions).toBe(2);
    expect(c.notes).toContain('shot 1: "two cushions"');
  });

  it('C3-EX-5: the same cushion twice, CQ-6 (reading: contacts, not distinct cushions); distinct setting: no point', () => {
    const shot = (cfg: Record<string, unknown>) =>
      new Log(['A', 'B'], { ...C3, ...cfg }).strike('W').contact('W', 'R').cushion('W', 'L1').cushion('W', 'S1').cushion('W', 'L1').contact('W', 'Y').rest();
    expect(score(core(threeCushion, shot({})), 'A')).toBe(1);
    expect(score(core(threeCushion, shot({ cushionCount: 'distinct' })), 'A')).toBe(0);
  });

  it("C3-EX-6: point completed, then Y leaves the table: CQ-7 (reading: no point), Y to the head spot by CQ-10 (reading: the next player's cue ball)", () => {
    const l = new Log(['A', 'B'], C3).strike('W').cushion('W').cushion('W').cushion('W').contact('W', 'R').contact('W', 'Y').out('Y').rest();
    const c = core(threeCushion, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
    expect(c.cue).toBe('Y');
    expect(c.spotting.map((x) => [x.ball, x.spot])).toEqual([['Y', 'head_spot']]);
  });

  it('C3-EX-7: the break must hit the red first; CQ-16 (reading: yellow first is a miss, no point), turn to B', () => {
    const l = new Log(['A', 'B'], { lag: false }).strike('W').contact('W', 'Y').cushion('W').cushion('W').cushion('W').contact('W', 'R').rest();
    const before = core(threeCushion, new Log(['A', 'B'], { lag: false }));
    expect(before.spotting.map((x) => [x.ball, x.spot])).toEqual([
      ['R', 'red_spot'],
      ['Y', 'head_spot'],
      ['W', 'opening_side_spot'],
    ]);
    const c = core(threeCushion, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([0, 'B']);
  });

  it('C3-EX-8: cue ball touching the yellow, spotting asked: W to the head spot, Y to the centre, R stays, A continues', () => {
    for (const ruleset of ['ceb-004', 'salon-002']) {
      const l = new Log(['A', 'B'], { ...C3, ruleset }).point3c('W').ref('frozen', { ball: 'Y' }).ref('frozen_option', { value: 'spot', by: 'player' });
      const c = core(threeCushion, l);
      expect(c.spotting.map((x) => [x.ball, x.spot])).toEqual([
        ['W', 'head_spot'],
        ['Y', 'centre'],
      ]);
      expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'A']);
    }
  });

  it('C3-EX-9: shot clock runs out: foul "did not play", no point, turn to B', () => {
    const l = new Log(['A', 'B'], C3).point3c('W').ref('play').wait(30_000).clock('shot', 'expire');
    const c = core(threeCushion, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'B']);
    expect(c.fouls.map((f) => f.code)).toEqual(['did_not_play']);
  });

  it('C3-EX-10: an unannounced foot foul, then a point: the point counts, the late call is refused (C3-NC-1)', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c('W').foul('foot'));
    expect([score(c, 'A'), turnOf(c)]).toEqual([1, 'A']);
    expect(c.rejected.map((r) => r.code)).toEqual(['late_foul']);
  });

  it("C3-EX-11: a timeout during a series is refused; at the start of his inning after B's miss it is granted, and B gets one", () => {
    const l = new Log(['A', 'B'], C3).point3c('W').point3c('W').point3c('W').ref('timeout', { player: 'A', by: 'player' });
    const refused = core(threeCushion, l);
    expect(refused.rejected.map((r) => r.code)).toEqual(['series']);
    expect(refused.timeouts).toEqual([]);
    const v = new Log(['A', 'B'], C3).miss('W').miss('Y').ref('timeout', { player: 'A', by: 'player' });
    v.clock('timeout', 'expire').miss('W').ref('timeout', { player: 'B', by: 'player' });
    const c = core(threeCushion, v);
    expect(c.timeouts.map((t) => [t.player, t.requested, t.end !== null])).toEqual([
      ['A', true, true],
      ['B', false, true],
    ]);
    expect(c.config.timeoutSeconds).toBe(300);
    expect(c.rejected.map((r) => r.code)).toEqual(['no_timeout_left']);
  });

  it("C3-EX-12: distance 40, A at 39 and B at 37: A's point ends the game, A wins (no equalizing inning by default)", () => {
    const l = new Log(['A', 'B'], { ...C3, distance: 40 });
    for (let i = 0; i < 39; i++) l.point3c('W');
    l.miss('W');
    for (let i = 0; i < 37; i++) l.point3c('Y');
    l.miss('Y').point3c('W');
    const c = core(threeCushion, l);
    expect([score(c, 'A'), score(c, 'B')]).toEqual([40, 37]);
    expect(c.status).toBe('finished');
    expect(c.winner).toBe('A');
  });
});

describe('4-ball worked examples', () => {
  it('C4-EX-1: two reds: +5, A continues (CQ-3, reading: a scoring shot continues the inning, as in 3-ball)', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'R').contact('W', 'M').rest());
    expect([score(c, 'A'), turnOf(c)]).toEqual([5, 'A']);
  });

  it('C4-EX-2: three balls: +25, not 25 + 5 + 1 (CQ-2)', () => {
    const c = core(fourBall, new Log().strike('W').contact('W', 'M').contact('W', 'Y').contact('W', 'R').rest());
    expect(score(c, 'A')).toBe(25);
  });

  it('C4-EX-3: cushion first, then three balls: +50', () => {
    const c = core(fourBall, new Log().strike('W').cushion('W', 'L1').contact('W', 'R').cushion('W', 'S1').contact('W', 'M').contact('W', 'Y').rest());
    expect(score(c, 'A')).toBe(50);
  });

  it('C4-EX-4: white–yellow: +1 under reading (i); reading (ii) no point and the turn passes (CQ-1)', () => {
    const shot = (cfg: Record<string, unknown>) => new Log(['A', 'B'], cfg).strike('W').contact('W', 'Y').cushion('W', 'L2').rest();
    const i = core(fourBall, shot({}));
    expect([score(i, 'A'), turnOf(i)]).toEqual([1, 'A']);
    const ii = core(fourBall, shot({ fourBallWhiteYellow: 'carom' }));
    expect([score(ii, 'A'), turnOf(ii)]).toEqual([0, 'B']);
  });

  const fifty = (l: Log, cue = 'W') =>
    l
      .strike(cue)
      .cushion(cue)
      .contact(cue, 'R')
      .contact(cue, 'M')
      .contact(cue, cue === 'W' ? 'Y' : 'W')
      .rest();
  const five = (l: Log, cue = 'W') => l.strike(cue).contact(cue, 'R').contact(cue, 'M').rest();
  const twentyFive = (l: Log, cue = 'W') =>
    l
      .strike(cue)
      .contact(cue, 'R')
      .contact(cue, 'M')
      .contact(cue, cue === 'W' ? 'Y' : 'W')
      .rest();
  const one = (l: Log, cue = 'W') =>
    l
      .strike(cue)
      .contact(cue, cue === 'W' ? 'Y' : 'W')
      .rest();
  const zero = (l: Log, cue = 'W') => l.strike(cue).contact(cue, 'R').rest();

  function at120(): Log {
    const l = new Log();
    fifty(l);
    fifty(l);
    for (let i = 0; i < 4; i++) five(l);
    zero(l);
    zero(l, 'Y');
    return l;
  }

  it("C4-EX-5: missing every ball erases the inning's 31 points: A back to 120, turn to B", () => {
    const l = at120();
    five(l);
    twentyFive(l);
    one(l);
    const mid = core(fourBall, l);
    expect(score(mid, 'A')).toBe(151);
    l.nothing('W');
    const c = core(fourBall, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([120, 'B']);
    expect(c.players[0]!.runs).toEqual([120, 0]);
    expect(c.players[0]!.erased).toBe(31);
  });

  it("C4-EX-6: a ball off the table keeps the inning's points (150); CQ-4 (reading: the shot scores 0, the referee places the ball)", () => {
    const l = at120();
    twentyFive(l);
    five(l);
    l.strike('W').contact('W', 'R').out('R').rest();
    const c = core(fourBall, l);
    expect([score(c, 'A'), turnOf(c)]).toEqual([150, 'B']);
    expect(c.spotting).toEqual([{ ball: 'R', spot: 'referee', ifOccupied: [], reason: expect.stringContaining('C4-OUT-1') as unknown as string }]);
  });

  it("C4-EX-7: erasure applies only to the current inning: B's previous 55 are safe, turn to A", () => {
    const l = new Log();
    zero(l);
    fifty(l, 'Y');
    five(l, 'Y');
    zero(l, 'Y');
    zero(l);
    l.nothing('Y');
    const c = core(fourBall, l);
    expect([score(c, 'B'), turnOf(c)]).toEqual([55, 'A']);
    expect(c.players[1]!.runs).toEqual([55, 0]);
  });
});
