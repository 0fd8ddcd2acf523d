/**
 * Three-cushion under both rulebooks, selected by configuration (CG-REF-6): `ceb-004` (seed 004,
 * the default) and `salon-002` (seed 002). Row by row, the differences the two seeds make.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { threeCushion } from './index';
import { Log, core, run, score, turnOf } from './testkit';

const CEB = { ruleset: 'ceb-004', lag: false };
const SALON = { ruleset: 'salon-002' };
const codes = (c: ReturnType<typeof core>) => c.rejected.map((r) => r.code);

describe('three-cushion: ceb-004 (default) and salon-002', () => {
  it('CG-REF-6: without a ruleset three-cushion plays seed 004: lag, red first on the break, 30 s clock, timeouts', () => {
    const c = core(threeCushion, new Log(['A', 'B'], {}));
    expect([c.config.ruleset, c.status, c.config.breakRedFirst, c.config.shotClockSeconds, c.config.timeouts, c.config.distance]).toEqual([
      'ceb-004',
      'lag',
      true,
      30,
      true,
      40,
    ]);
    const s = core(threeCushion, new Log(['A', 'B'], SALON));
    expect([s.config.ruleset, s.status, s.config.breakRedFirst, s.config.shotClockSeconds, s.config.timeouts, s.lag]).toEqual([
      'salon-002',
      'playing',
      false,
      null,
      false,
      null,
    ]);
  });

  it('C3-POINT-1, C3-POINT-2: the same point check in both', () => {
    for (const cfg of [CEB, SALON]) {
      expect(score(core(threeCushion, new Log(['A', 'B'], cfg).point3c('W')), 'A')).toBe(1);
      expect(score(core(threeCushion, new Log(['A', 'B'], cfg).strike('W').contact('W', 'R').cushion('W').cushion('W').contact('W', 'Y').rest()), 'A')).toBe(0);
    }
  });

  it('C3-BREAK-3: the red-first opening shot is a CEB rule only (the salon sheet has no break)', () => {
    const yellowFirst = (cfg: Record<string, unknown>) => new Log(['A', 'B'], cfg).point3c('W', ['Y', 'R']);
    expect(score(core(threeCushion, yellowFirst(CEB)), 'A')).toBe(0);
    expect(score(core(threeCushion, yellowFirst(SALON)), 'A')).toBe(1);
  });

  it('CG-FOUL-6 / C3-FOUL-6: wrong ball: salon voids the point; CEB keeps it and ends the inning', () => {
    const l = (cfg: Record<string, unknown>) => new Log(['A', 'B'], { ...cfg, breakRedFirst: false }).point3c('W').point3c('W').foul('wrong_ball');
    const salon = core(threeCushion, l(SALON));
    const ceb = core(threeCushion, l(CEB));
    expect([score(salon, 'A'), turnOf(salon)]).toEqual([1, 'B']);
    expect([score(ceb, 'A'), turnOf(ceb)]).toEqual([2, 'B']);
  });

  it('CG-OUT-2, C3-FOUL-8: after an out salon lets the referee restore, CEB the opponent (seed 004 reading)', () => {
    const l = (cfg: Record<string, unknown>) => new Log(['A', 'B'], cfg).strike('W').contact('W', 'R').out('R').rest();
    const salon = core(threeCushion, l(SALON));
    const ceb = core(threeCushion, l(CEB));
    expect(salon.restoreOption).toEqual({ player: null, reason: expect.stringMatching(/^CG-OUT-2/) as unknown as string });
    expect(ceb.restoreOption).toEqual({ player: 'B', reason: expect.stringMatching(/^C3-FOUL-8/) as unknown as string });
    // Both spot the ball that left (C3-SPOT-1, CG-SPOT-2) unless someone asks otherwise.
    expect([salon.spotting, ceb.spotting].map((x) => x.map((i) => [i.ball, i.spot]))).toEqual([[['R', 'red_spot']], [['R', 'red_spot']]]);
  });

  it("CG-FOUL-4, C3-FOUL-1..5: each foul catalogue is its own seed's", () => {
    expect(codes(core(threeCushion, new Log(['A', 'B'], SALON).foul('push')))).toEqual(['not_in_ruleset']);
    expect(codes(core(threeCushion, new Log(['A', 'B'], SALON).foul('mark')))).toEqual(['not_in_ruleset']);
    expect(codes(core(threeCushion, new Log(['A', 'B'], CEB).foul('opponents_turn', { player: 'B' })))).toEqual(['not_in_ruleset']);
    expect(turnOf(core(threeCushion, new Log(['A', 'B'], CEB).foul('mark')))).toBe('B');
  });

  it('C3-TO-1, C3-TIME-1: timeouts and the shot clock exist only in CEB play', () => {
    const salon = core(threeCushion, new Log(['A', 'B'], SALON).miss('W').ref('timeout', { player: 'B', by: 'player' }).clock('shot', 'expire'));
    expect(codes(salon)).toEqual(['not_in_ruleset', 'no_shot_clock']);
    expect(salon.clock.running).toBe(false);
  });

  it('CG-FROZEN-1, C3-FROZEN-1..3: the options the player has when the cue ball is frozen', () => {
    const opt = (cfg: Record<string, unknown>, value: string) =>
      codes(core(threeCushion, new Log(['A', 'B'], cfg).ref('frozen', { ball: 'Y' }).ref('frozen_option', { value, by: 'player' })));
    expect([opt(SALON, 'bricole'), opt(SALON, 'masse'), opt(CEB, 'masse'), opt(CEB, 'bricole')]).toEqual([[], ['bad_option'], [], ['bad_option']]);
  });

  it('salon fixture: no lag, no clock, no CEB calls; the wrong-ball point is void and the referee restores after an out', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const text = readFileSync(join(here, '../../../test/fixtures/carom/three-cushion-salon-wrong-ball-void-noam-wins-to-2.jsonl'), 'utf8');
    const log = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameEvent);
    const at = (seq: number) =>
      run(
        threeCushion,
        log.filter((e) => e.seq! <= seq),
      ).game.core;
    const seqOf = (pred: (e: GameEvent) => boolean) => log.find(pred)!.seq!;
    const restored = at(seqOf((e) => e.type === 'ref' && e.call === 'restore'));
    expect(restored.spotting.map((x) => x.spot)).toEqual(['previous_position', 'previous_position', 'previous_position']);
    const end = at(log.length);
    expect([end.lag, end.notes, end.clock.running, end.lastShot?.player, end.winner]).toEqual([null, [], false, 'B', 'B']);
    expect(end.fouls.map((f) => [f.player, f.code])).toEqual([
      ['A', 'wrong_ball'],
      ['B', 'out'],
      ['B', 'opponents_turn'],
    ]);
  });
});
