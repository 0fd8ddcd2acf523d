import { describe, expect, it } from 'vitest';
import { engineWithoutBaseRates, getEngine } from '../registry';
import { fourBall, threeBall, threeCushion } from './index';
import type { CaromReport } from './report';
import { clubRanking } from './stats';
import { Log, core, run, score, turnOf } from './testkit';

const C3 = { lag: false };

describe('match play', () => {
  it('the three engines are registered in the one table', () => {
    // The registry serves each with its base rates (common/base-rates.ts) around the module's own engine.
    expect(engineWithoutBaseRates('three-cushion')).toBe(threeCushion);
    expect(engineWithoutBaseRates('three-ball')).toBe(threeBall);
    expect(engineWithoutBaseRates('four-ball')).toBe(fourBall);
    expect(getEngine('four-ball')?.id).toBe('four-ball');
  });

  it('statistics: points, innings, current run, high run, general average and the run of every inning', () => {
    const l = new Log(['A', 'B'], C3).point3c().point3c().point3c().miss('W').miss('Y').point3c().miss('W').point3c('Y');
    const r = threeCushion.report(run(threeCushion, l).game) as CaromReport;
    expect(r.players.map((p) => [p.id, p.points, p.innings, p.currentRun, p.highRun, p.average, p.runs])).toEqual([
      ['A', 4, 2, null, 3, 2, [3, 1]],
      ['B', 1, 2, 1, 1, 0.5, [0, 1]],
    ]);
    expect(r.inning).toBe(2);
    expect(r.turn).toEqual({ player: 'B', cueBall: 'Y', run: 1, shotsInInning: 1 });
    expect(threeCushion.summary(run(threeCushion, l).game).headline).toBe('A 4 – 1 B, inning 2');
  });

  it('innings limit: the game ends when every player has played the limit; a tie is a draw', () => {
    const c = core(threeCushion, new Log(['A', 'B'], { ...C3, inningsLimit: 2 }).point3c().miss().point3c('Y').miss('Y').miss('W').miss('Y'));
    expect([c.status, c.winner, c.draw, c.endReason]).toEqual(['finished', null, true, 'innings limit']);
  });

  it('CQ-15 (reading: no equalizing inning by default; opt-in): the second player gets his last inning', () => {
    const base = new Log(['A', 'B'], { ...C3, distance: 2, equalizingInning: true }).point3c().miss().point3c('Y').miss('Y').point3c();
    const c = core(threeCushion, base);
    expect([c.status, turnOf(c), c.equalizing]).toEqual(['playing', 'B', ['B']]);
    const draw = core(threeCushion, base.point3c('Y'));
    expect([draw.status, draw.draw, draw.winner, score(draw, 'B')]).toEqual(['finished', true, null, 2]);
  });

  it('equalizing inning: a miss leaves the first player the winner', () => {
    const c = core(threeCushion, new Log(['A', 'B'], { ...C3, distance: 1, equalizingInning: true }).point3c().miss('Y'));
    expect([c.status, c.winner, c.players.map((p) => p.runs)]).toEqual(['finished', 'A', [[1], [0]]]);
  });

  it('three players: the table rotates A, B, C and the cue ball alternates white and yellow', () => {
    const l = new Log(['A', 'B', 'C'], C3).miss('W');
    expect([turnOf(core(threeCushion, l)), core(threeCushion, l).cue]).toEqual(['B', 'Y']);
    l.miss('Y');
    expect([turnOf(core(threeCushion, l)), core(threeCushion, l).cue]).toEqual(['C', 'W']);
    l.point3c('W').miss('W');
    const c = core(threeCushion, l);
    expect([turnOf(c), c.cue, c.inning, score(c, 'C')]).toEqual(['A', 'Y', 2, 1]);
  });

  it('edit an inning: the run is corrected, the edit records who and why, a reason is required', () => {
    const l = new Log(['A', 'B'], C3).point3c().point3c().miss().miss('Y');
    l.ref('edit_inning', { player: 'A', data: { inning: 1, run: 5 }, who: 'Marker', why: 'scoreboard missed 3 points' });
    l.ref('edit_inning', { player: 'A', data: { inning: 1, run: 1 } });
    const c = core(threeCushion, l);
    expect([score(c, 'A'), c.players[0]!.runs]).toEqual([5, [5]]);
    expect(c.edits.map((e) => [e.player, e.inning, e.from, e.to, e.who, e.why])).toEqual([['A', 1, 2, 5, 'Marker', 'scoreboard missed 3 points']]);
    expect(c.rejected.map((r) => r.code)).toEqual(['why_required']);
  });

  it('edit an inning after the end: the winner is recomputed from the corrected score', () => {
    const l = new Log(['A', 'B'], { ...C3, inningsLimit: 1 }).point3c().miss().miss('Y');
    expect(core(threeCushion, l).winner).toBe('A');
    l.ref('edit_inning', { player: 'B', data: { inning: 1, run: 2 }, why: 'B scored twice, missed by the sensor' });
    expect(core(threeCushion, l).winner).toBe('B');
  });

  it('undo takes back the last shot, redo puts it back; nothing leaves the log', () => {
    const l = new Log(['A', 'B'], C3).point3c().point3c();
    const before = run(threeCushion, l).game;
    l.undo('sensor glitch');
    const m = run(threeCushion, l);
    expect([score(m.game.core, 'A'), m.corrections[0]!.why, m.corrections[0]!.effect]).toEqual([1, 'sensor glitch', 'took back 7 events (seq 8-14)']);
    l.redo();
    expect(run(threeCushion, l).game).toEqual(before);
    expect(l.events.length).toBe(17);
  });

  it('undo of a shot that raised a decision removes the question', () => {
    const l = new Log(['A', 'B'], C3).strike('W').cushion(undefined).cushion('W').cushion('W').contact('W', 'R').contact('W', 'Y').rest();
    expect(core(threeCushion, l).pending.length).toBe(1);
    const c = core(threeCushion, l.undo());
    expect([c.pending, c.shots, turnOf(c)]).toEqual([[], 0, 'A']);
  });

  it('bad input never throws: it is recorded as rejected', () => {
    const log = new Log(['A', 'B'], C3);
    log.push({ type: 'goal', goal: 'g1' }).push({ type: 'clock', clock: 'lane', phase: 'start' }).ref('nonsense').foul('bogus').rest().contact('W', 'W');
    const c = core(threeCushion, log);
    expect(c.rejected.map((r) => r.code)).toEqual(['not_carom', 'unknown_clock', 'unknown_call', 'unknown_foul', 'no_shot', 'bad_contact']);
    const noStart = core(threeCushion, [{ type: 'at_rest', t: 0 }]);
    expect(noStart.rejected.map((r) => r.code)).toEqual(['no_start']);
    const bad = core(threeCushion, new Log(['A'], {}));
    expect([bad.status, bad.rejected.map((r) => r.code)]).toEqual(['setup', ['players']]);
    const cfg = core(threeCushion, new Log(['A', 'B'], { distance: -3, colour: 'green' }));
    expect([cfg.config.distance, cfg.rejected.map((r) => r.code)]).toEqual([40, ['bad_config', 'bad_config']]);
  });
});

describe('club statistics across matches', () => {
  function game(runsA: number, runsB: number): CaromReport {
    const l = new Log(['A', 'B'], { ...C3, inningsLimit: 1 });
    for (let i = 0; i < runsA; i++) l.point3c('W');
    l.miss('W');
    for (let i = 0; i < runsB; i++) l.point3c('Y');
    l.miss('Y');
    return threeCushion.report(run(threeCushion, l).game) as CaromReport;
  }

  it('totals, general average, high run and best single average per player, ranked by average', () => {
    const ranking = clubRanking([game(3, 1), game(0, 4), threeCushion.report(run(threeCushion, new Log(['A', 'B'], C3).point3c()).game) as CaromReport]);
    expect(ranking.map((p) => [p.id, p.games, p.wins, p.losses, p.points, p.innings, p.average, p.highRun, p.bestSingleAverage])).toEqual([
      ['B', 2, 1, 1, 5, 2, 2.5, 4, 4],
      ['A', 2, 1, 1, 3, 2, 1.5, 3, 3],
    ]);
  });

  it('CG-REF-2, C3-ABAN-1: both disqualified is a loss for each; force majeure is no result for anyone', () => {
    const rep = (l: Log) => threeCushion.report(run(threeCushion, l).game) as CaromReport;
    const dq = rep(new Log(['A', 'B'], C3).point3c().ref('referee_result', { value: 'disqualify_both' }));
    const fm = rep(new Log(['A', 'B'], C3).point3c().ref('abandon', { player: 'B', value: 'force_majeure' }));
    const left = rep(new Log(['A', 'B'], C3).point3c().ref('abandon', { player: 'B', value: 'left' }));
    const byId = (r: CaromReport[]) => Object.fromEntries(clubRanking(r).map((p) => [p.id, [p.games, p.wins, p.draws, p.losses]]));
    expect(byId([dq])).toEqual({ A: [1, 0, 0, 1], B: [1, 0, 0, 1] });
    expect(byId([fm])).toEqual({ A: [1, 0, 0, 0], B: [1, 0, 0, 0] });
    expect(byId([left])).toEqual({ A: [1, 1, 0, 0], B: [1, 0, 0, 1] });
  });
});
