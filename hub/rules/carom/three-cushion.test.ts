import { describe, expect, it } from 'vitest';
import { threeCushion } from './index';
import { Log, core, run, score, turnOf } from './testkit';

const C3 = { lag: false };
const spots = (c: ReturnType<typeof core>) => c.spotting.map((x) => [x.ball, x.spot]);

describe('three-cushion: point and series', () => {
  it('C3-POINT-3: a scoring shot earns exactly one point, whatever follows', () => {
    const l = new Log(['A', 'B'], C3)
      .strike('W')
      .cushion('W')
      .cushion('W')
      .cushion('W')
      .contact('W', 'R')
      .contact('W', 'Y')
      .contact('W', 'R')
      .cushion('W')
      .contact('W', 'Y')
      .rest();
    expect(score(core(threeCushion, l), 'A')).toBe(1);
  });

  it('C3-POINT-4: every point counts over the game, also when an innings limit shortens it', () => {
    const l = new Log(['A', 'B'], { ...C3, inningsLimit: 2 }).point3c('W').point3c('W').miss('W').point3c('Y').miss('Y').miss('W').miss('Y');
    const c = core(threeCushion, l);
    expect(c.status).toBe('finished');
    expect([score(c, 'A'), score(c, 'B')]).toEqual([2, 1]);
    expect(c.winner).toBe('A');
  });

  it('C3-MISS-1: fewer than three cushions: no point, inning over; CEB calls it ("one cushion"), salon does not', () => {
    const shot = (ruleset: string) =>
      new Log(['A', 'B'], { ...C3, ruleset, breakRedFirst: false }).strike('W').contact('W', 'R').cushion('W').contact('W', 'Y').rest();
    const ceb = core(threeCushion, shot('ceb-004'));
    expect([score(ceb, 'A'), turnOf(ceb)]).toEqual([0, 'B']);
    expect(ceb.notes).toEqual(['shot 1: "one cushion"']);
    const salon = core(threeCushion, shot('salon-002'));
    expect([score(salon, 'A'), turnOf(salon)]).toEqual([0, 'B']);
    expect(salon.notes).toEqual([]);
  });

  it('C3-SERIES-1: the player continues while he scores', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c().point3c().point3c());
    expect([score(c, 'A'), turnOf(c), c.shotsInInning, c.players[0]!.current]).toEqual([3, 'A', 3, 3]);
  });
});

describe('three-cushion: lag (CEB)', () => {
  const lag = () => new Log(['A', 'B'], {});
  it('C3-LAG-1: the lag set-up: white and yellow on the opening line, red on the red spot', () => {
    const m = run(threeCushion, lag());
    expect(m.game.core.status).toBe('lag');
    expect(threeCushion.summary(m.game).status).toBe('setup');
    expect(spots(m.game.core)).toEqual([
      ['W', 'opening_line'],
      ['Y', 'opening_line'],
      ['R', 'red_spot'],
    ]);
  });

  it('C3-LAG-2: closest to the lower cushion wins; distance is not sensed, so the referee answers a pending decision', () => {
    const l = lag().strike().cushion('W', 'S2').cushion('Y', 'S2').cushion('W', 'S1').rest();
    const m = run(threeCushion, l);
    expect(m.game.core.pending.map((d) => [d.id, d.kind, d.default])).toEqual([['lag-1:winner', 'c3.lag', null]]);
    expect(threeCushion.summary(m.game).provisional).toBe(true);
    const c = core(threeCushion, l.decide('lag-1:winner', 'B'));
    expect(c.lag?.winner).toBe('B');
    expect(c.pending).toEqual([]);
  });

  it('C3-LAG-3 / CQ-11 (reading: lag colours apply to the lag only): the opener plays the white for the whole game', () => {
    const l = lag()
      .ref('lag_ball', { player: 'A', ball: 'Y', by: 'player' })
      .strike()
      .rest()
      .decide('lag-1:winner', 'A')
      .ref('opener', { player: 'B', by: 'player' });
    let c = core(threeCushion, l);
    expect([c.status, turnOf(c), c.cue, c.order]).toEqual(['playing', 'B', 'W', ['B', 'A']]);
    l.miss('W').miss('Y');
    c = core(threeCushion, l);
    expect([turnOf(c), c.cue]).toEqual(['B', 'W']);
  });

  it('C3-LAG-4: a player who causes two repeats loses the right to open', () => {
    const l = lag().strike().rest().decide('lag-1:winner', 'repeat_fault:A');
    expect(core(threeCushion, l).lag?.round).toBe(2);
    l.strike().rest().decide('lag-2:winner', 'repeat_fault:A');
    const c = core(threeCushion, l);
    expect(c.lag?.winner).toBe('B');
  });

  it('C3-LAG-5: balls collide: the player at fault loses the right to open', () => {
    const l = lag().strike().contact('W', 'Y').rest();
    expect(core(threeCushion, l).pending.map((d) => d.kind)).toEqual(['c3.lag_collision']);
    expect(core(threeCushion, l.decide('lag-1:collision', 'fault:A')).lag?.winner).toBe('B');
  });

  it('C3-LAG-6: same distance, or a collision nobody can judge: the lag is repeated', () => {
    const c1 = core(threeCushion, lag().strike().rest().decide('lag-1:winner', 'equal'));
    expect([c1.lag?.round, c1.lag?.winner]).toEqual([2, null]);
    const c2 = core(threeCushion, lag().strike().contact('Y', 'W').rest().decide('lag-1:collision', 'undecidable'));
    expect([c2.lag?.round, c2.lag?.winner]).toEqual([2, null]);
  });

  it('C3-LAG-7: touching the red loses the right to open (sensed); both touching it repeats the lag', () => {
    const one = core(threeCushion, lag().strike().contact('Y', 'R').rest());
    expect([one.lag?.winner, one.pending]).toEqual(['A', []]);
    const both = core(threeCushion, lag().strike().contact('Y', 'R').contact('R', 'W').rest());
    expect([both.lag?.winner, both.lag?.round]).toEqual([null, 2]);
  });
});

describe('three-cushion: break (CEB)', () => {
  it('C3-BREAK-1: the opening position: red on the red spot, yellow on the head spot, white on an opening side spot', () => {
    const c = core(threeCushion, new Log(['A', 'B'], {}).ref('lag_winner', { player: 'A' }).ref('opener', { player: 'A', by: 'player' }));
    expect(spots(c)).toEqual([
      ['R', 'red_spot'],
      ['Y', 'head_spot'],
      ['W', 'opening_side_spot'],
    ]);
    expect(c.opening).toBe(true);
  });

  it('C3-BREAK-2: touching a placed ball before the break is a foul ("touch"): the opener\'s inning ends', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).foul('touch'));
    expect([turnOf(c), c.players[0]!.runs, c.fouls.map((f) => f.code)]).toEqual(['B', [0], ['touch']]);
  });

  it('C3-BREAK-3: the opening shot must hit the red first, then the yellow after three cushions', () => {
    const good = core(threeCushion, new Log(['A', 'B'], C3).point3c('W', ['R', 'Y']));
    expect(score(good, 'A')).toBe(1);
    const bad = core(threeCushion, new Log(['A', 'B'], C3).point3c('W', ['Y', 'R']));
    expect([score(bad, 'A'), turnOf(bad)]).toEqual([0, 'B']);
  });

  it('C3-BREAK-4: after a scoring break the series continues, and later shots may hit either ball first', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c('W', ['R', 'Y']).point3c('W', ['Y', 'R']));
    expect([score(c, 'A'), turnOf(c), c.opening]).toEqual([2, 'A', false]);
  });
});

describe('three-cushion: end, clock, timeouts, abandonment', () => {
  it('C3-END-1: the game ends on the last point of the distance; later events are refused', () => {
    const l = new Log(['A', 'B'], { ...C3, distance: 2 }).point3c().point3c().point3c();
    const c = core(threeCushion, l);
    expect([c.status, c.winner, score(c, 'A')]).toEqual(['finished', 'A', 2]);
    expect(c.rejected.map((r) => r.code)).toContain('game_over');
  });

  it('C3-TIME-1 / CQ-21 (reading: the clock starts automatically at AT_REST, the referee\'s "play" restarts it): expiry is "did not play"', () => {
    const l = new Log(['A', 'B'], C3).miss('W');
    const c1 = core(threeCushion, l);
    expect(c1.clock).toEqual({ running: true, startedAt: l.events[l.events.length - 1]!.t, player: 'B' });
    const c2 = core(threeCushion, l.clock('shot', 'expire'));
    expect([turnOf(c2), c2.fouls.map((f) => [f.player, f.code])]).toEqual(['A', [['B', 'did_not_play']]]);
    const salon = core(threeCushion, new Log(['A', 'B'], { ruleset: 'salon-002' }).clock('shot', 'expire'));
    expect([turnOf(salon), salon.rejected.map((r) => r.code)]).toEqual(['A', ['no_shot_clock']]);
  });

  it("C3-TO-1 / CQ-14 (reading: only at the start of one's own inning, after the opponent's inning ended); the opponent gets one too", () => {
    const first = core(threeCushion, new Log(['A', 'B'], C3).ref('timeout', { player: 'A', by: 'player' }));
    expect(first.rejected.map((r) => r.code)).toEqual(['no_foul_before']);
    const notTurn = core(threeCushion, new Log(['A', 'B'], C3).miss('W').ref('timeout', { player: 'A', by: 'player' }));
    expect(notTurn.rejected.map((r) => r.code)).toEqual(['not_your_turn']);
    const ok = core(threeCushion, new Log(['A', 'B'], C3).miss('W').ref('timeout', { player: 'B', by: 'player' }));
    expect(ok.timeouts.map((t) => [t.player, t.requested])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    expect(ok.players.map((p) => p.timeoutsUsed)).toEqual([1, 1]);
  });

  it('C3-TO-2: in a multi-set match a timeout is allowed only after the 2nd and the 4th set', () => {
    const req = (setNumber: number) =>
      core(threeCushion, new Log(['A', 'B'], { ...C3, setsInMatch: 5, setNumber }).miss('W').ref('timeout', { player: 'B', by: 'player' }));
    expect(req(2).rejected.map((r) => r.code)).toEqual(['wrong_set']);
    expect(req(3).timeouts.length).toBe(2);
    expect(req(5).timeouts.length).toBe(2);
  });

  it('C3-TO-3: no timeout during a series, nor during an extension (equalizing inning)', () => {
    const series = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('timeout', { player: 'A', by: 'player' }));
    expect(series.rejected.map((r) => r.code)).toEqual(['series']);
    const ext = core(threeCushion, new Log(['A', 'B'], { ...C3, distance: 1, equalizingInning: true }).point3c().ref('timeout', { player: 'B', by: 'player' }));
    expect(ext.rejected.map((r) => r.code)).toEqual(['extension']);
  });

  it("C3-TO-4: a timeout lasts at most 5 minutes: the hub's timeout clock (300 s by default) ends it", () => {
    const l = new Log(['A', 'B'], C3).miss('W').ref('timeout', { player: 'B', by: 'player' });
    expect(core(threeCushion, l).timeoutActive).toBe(true);
    l.wait(300_000).clock('timeout', 'expire');
    const c = core(threeCushion, l);
    expect(c.timeoutActive).toBe(false);
    expect(c.config.timeoutSeconds).toBe(300);
    expect(c.timeouts.every((t) => t.end !== null && t.end - t.start >= 300_000)).toBe(true);
  });

  it('C3-TO-5: a special duration is a configuration option', () => {
    expect(core(threeCushion, new Log(['A', 'B'], { ...C3, timeoutSeconds: 600 })).config.timeoutSeconds).toBe(600);
  });

  it('C3-ABAN-1: a player who leaves without permission loses by forfeit', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('abandon', { player: 'A', value: 'left' }));
    expect([c.status, c.winner]).toEqual(['abandoned', 'B']);
    expect(threeCushion.summary(run(threeCushion, new Log(['A', 'B'], C3).ref('abandon', { player: 'A' })).game).status).toBe('abandoned');
  });

  it('C3-ABAN-2: refusing to continue is abandoning; force majeure leaves the result to the federation (no winner)', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).ref('abandon', { player: 'B', value: 'refused' }));
    expect([c.status, c.winner]).toEqual(['abandoned', 'A']);
    const fm = core(threeCushion, new Log(['A', 'B'], C3).ref('abandon', { player: 'B', value: 'force_majeure' }));
    expect([fm.status, fm.winner]).toEqual(['abandoned', null]);
  });
});

describe('three-cushion: touching balls (CEB)', () => {
  const frozen = () => new Log(['A', 'B'], C3).point3c().ref('frozen', { ball: 'Y' });
  it('C3-FROZEN-1: the player may have the balls spotted, or simply play on', () => {
    const spot = core(threeCushion, frozen().ref('frozen_option', { value: 'spot', by: 'player' }));
    expect(spot.spotting.length).toBe(2);
    const on = core(threeCushion, frozen().ref('frozen_option', { value: 'play_on', by: 'player' }));
    expect([on.spotting, on.frozen?.option, turnOf(on)]).toEqual([[], 'play_on', 'A']);
  });

  it('C3-FROZEN-2 / CQ-17 (reading: referee domain, the choice is only recorded): other ball or parallel cushion; other options are refused', () => {
    expect(core(threeCushion, frozen().ref('frozen_option', { value: 'other_ball', by: 'player' })).frozen?.option).toBe('other_ball');
    expect(core(threeCushion, frozen().ref('frozen_option', { value: 'parallel_cushion', by: 'player' })).frozen?.option).toBe('parallel_cushion');
    expect(core(threeCushion, frozen().ref('frozen_option', { value: 'bricole', by: 'player' })).rejected.map((r) => r.code)).toEqual(['bad_option']);
  });

  it('C3-FROZEN-3: a massé that moves only the cue ball is not a foul', () => {
    const c = core(threeCushion, frozen().ref('frozen_option', { value: 'masse', by: 'player' }).strike('W').cushion('W').rest());
    expect([c.fouls, c.lastShot?.outcome, turnOf(c)]).toEqual([[], 'miss', 'B']);
  });

  it('C3-FROZEN-4 / CQ-18 (reading: a foul under C3-FOUL-7): striking toward the touching cushion', () => {
    const c = core(
      threeCushion,
      new Log(['A', 'B'], C3).strike('W').foul('frozen_cushion').cushion('W').cushion('W').cushion('W').contact('W', 'R').contact('W', 'Y').rest(),
    );
    expect([score(c, 'A'), turnOf(c), c.fouls.map((f) => f.code)]).toEqual([0, 'B', ['frozen_cushion']]);
  });

  it('C3-FROZEN-5: only the touching balls are spotted, as for balls off the table', () => {
    const c = core(threeCushion, frozen().ref('frozen_option', { value: 'spot', by: 'player' }));
    expect(spots(c)).toEqual([
      ['W', 'head_spot'],
      ['Y', 'centre'],
    ]);
  });
});

describe('three-cushion: balls off the table and spotting (CEB)', () => {
  it('C3-OUT-1: a ball off the table is the foul "out": no point, the play passes, the ball is spotted', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'R').out('R').rest());
    expect([turnOf(c), c.fouls.map((f) => f.code), spots(c)]).toEqual(['B', ['out'], [['R', 'red_spot']]]);
  });

  it('C3-SPOT-1 / CQ-10 (reading: the cue ball of the next player): red to the red spot, that cue ball to the head spot, the third ball to the centre', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'R').out('W').out('R').rest());
    expect(spots(c)).toEqual([
      ['W', 'centre'],
      ['R', 'red_spot'],
    ]);
    const c2 = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'Y').out('Y').rest());
    expect(spots(c2)).toEqual([['Y', 'head_spot']]);
  });

  it('C3-SPOT-2: an occupied spot falls back to the spot of the ball that occupies it (CQ-9)', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'Y').out('Y').rest());
    expect(c.spotting[0]!.ifOccupied).toEqual([
      { by: 'W', spot: 'centre' },
      { by: 'R', spot: 'red_spot' },
    ]);
  });

  it('C3-SPOT-3: all three balls off: the opening position', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'R').out('W').out('R').out('Y').rest());
    expect(spots(c)).toEqual([
      ['R', 'red_spot'],
      ['Y', 'head_spot'],
      ['W', 'opening_side_spot'],
    ]);
  });
});

describe('three-cushion: fouls (CEB)', () => {
  const during = (code: string, extra: Record<string, unknown> = {}) =>
    core(
      threeCushion,
      new Log(['A', 'B'], C3).point3c().strike('W').cushion('W').cushion('W').cushion('W').contact('W', 'R').foul(code, extra).contact('W', 'Y').rest(),
    );
  const check = (code: string) => {
    const c = during(code);
    expect([score(c, 'A'), score(c, 'B'), turnOf(c), c.fouls.map((f) => f.code)]).toEqual([1, 0, 'B', [code]]);
  };
  it('C3-FOUL-1: playing with a part of the cue other than the tip ("cue tip")', () => check('cue_tip'));
  it('C3-FOUL-2: touch: foul, and the balls stay where they are (no spotting)', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c().foul('touch'));
    expect([score(c, 'A'), turnOf(c), c.spotting]).toEqual([1, 'B', []]);
  });
  it('C3-FOUL-3: removing a foreign body yourself ("touch")', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).foul('foreign_body'));
    expect([turnOf(c), c.fouls.map((f) => f.code)]).toEqual(['B', ['foreign_body']]);
  });
  it('C3-FOUL-4: push', () => check('push'));
  it('C3-FOUL-5: marks on the table', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).foul('mark'));
    expect([turnOf(c), c.fouls.map((f) => f.code)]).toEqual(['B', ['mark']]);
  });
  it('C3-FOUL-6: wrong ball pointed out during a series: the inning ends, the points made stand', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).point3c().point3c().foul('wrong_ball'));
    expect([score(c, 'A'), turnOf(c), c.fouls.map((f) => f.code)]).toEqual([2, 'B', ['wrong_ball']]);
  });
  it('C3-FOUL-7: breaking other rules of the game ("other")', () => check('other'));
  it('C3-FOUL-8 / CQ-19 (reading: seed 004 as worded, every foul; the digest\'s "marked intentional" is `foulRestore: "intentional"`): the opponent may have the balls restored', () => {
    // Seed 004 "Intentional fouls": the fouls of its list *are* intentional fouls; the seed wins over
    // the digest's proposal, which stays selectable.
    const l = new Log(['A', 'B'], C3).foul('touch');
    expect(core(threeCushion, l).restoreOption?.player).toBe('B');
    const byA = core(threeCushion, new Log(['A', 'B'], C3).foul('touch').ref('restore', { player: 'A', by: 'player' }));
    expect(byA.rejected.map((r) => r.code)).toEqual(['bad_player']);
    const c = core(threeCushion, l.ref('restore', { player: 'B', by: 'player' }));
    expect(c.spotting.map((x) => x.spot)).toEqual(['previous_position', 'previous_position', 'previous_position']);
    expect(c.restoreOption).toBeNull();
    // A ball off the table: spotted by default (C3-SPOT-1), restored if the opponent asks.
    const out = core(threeCushion, new Log(['A', 'B'], C3).strike('W').contact('W', 'R').out('R').rest());
    expect([spots(out), out.restoreOption?.player]).toEqual([[['R', 'red_spot']], 'B']);
    // CQ-19 reading of the digest: only a foul the referee marks intentional.
    const strict = { ...C3, foulRestore: 'intentional' };
    const plain = core(threeCushion, new Log(['A', 'B'], strict).foul('touch').ref('restore', { player: 'B', by: 'player' }));
    expect(plain.rejected.map((r) => r.code)).toEqual(['no_restore']);
    expect(core(threeCushion, new Log(['A', 'B'], strict).foul('touch', { data: { intentional: true } })).restoreOption?.player).toBe('B');
    // Not a rule of the salon sheet (there only the referee restores after an out, CG-OUT-2).
    expect(core(threeCushion, new Log(['A', 'B'], { ruleset: 'salon-002' }).foul('other', { data: { intentional: true } })).restoreOption).toBeNull();
    // A shot that scores without a foul leaves nothing to restore.
    expect(core(threeCushion, new Log(['A', 'B'], C3).point3c()).restoreOption).toBeNull();
  });
  it('C3-NC-1: referee-only fouls apply when entered: during the shot they void it, after rest a stroke foul is refused', () => {
    expect(score(during('foot'), 'A')).toBe(1);
    const late = core(threeCushion, new Log(['A', 'B'], C3).point3c().point3c().foul('push'));
    expect([score(late, 'A'), turnOf(late), late.rejected.map((r) => r.code)]).toEqual([2, 'A', ['late_foul']]);
  });
  it('C3-NC-2: third-party interference is no foul: the balls go back, the player keeps the table; a shot under way is void', () => {
    const between = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('interference', { why: 'spectator' }));
    expect([score(between, 'A'), turnOf(between), between.fouls, between.spotting.every((x) => x.spot === 'previous_position')]).toEqual([1, 'A', [], true]);
    const l = new Log(['A', 'B'], C3).strike('W').contact('W', 'R').ref('interference').rest();
    const c = core(threeCushion, l);
    expect([turnOf(c), c.fouls, c.rejected.map((r) => r.code)]).toEqual(['A', [], ['no_shot']]);
  });
  it('C3-NC-2 (seed 004, fouls not counted 2: "the balls will be placed again by the referee exactly where they were"): only the balls the third party moved go back', () => {
    const one = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('interference', { ball: 'R', why: 'a coat' }));
    expect(one.spotting.map((x) => [x.ball, x.spot])).toEqual([['R', 'previous_position']]);
    const two = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('interference', { data: { balls: ['Y', 'R'] } }));
    expect(two.spotting.map((x) => x.ball).sort()).toEqual(['R', 'Y']);
    const bad = core(threeCushion, new Log(['A', 'B'], C3).point3c().ref('interference', { data: { balls: ['Z'] } }));
    expect([bad.rejected.map((r) => r.code), bad.spotting]).toEqual([['unknown_ball'], []]);
  });
});
