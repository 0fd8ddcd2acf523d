/**
 * The 30-second shot clock (C3-TIME-1) and the timeout clock (C3-TO-4) as clock events: the engine
 * says in its state when a clock runs and for whom (`clock`), the hub's timer sends `expire`.
 */
import { describe, expect, it } from 'vitest';
import { threeCushion } from './index';
import { Log, core, run, score, turnOf } from './testkit';

const C3 = { lag: false };
const last = (l: Log) => l.events[l.events.length - 1]!.t;

describe('shot clock (C3-TIME-1, CQ-21)', () => {
  it('C3-TIME-1: after "did not play" the opponent is to play, and his 30 s run from the expiry', () => {
    const l = new Log(['A', 'B'], C3).miss('W').wait(30_000).clock('shot', 'expire');
    const c = core(threeCushion, l);
    expect([turnOf(c), c.fouls.map((f) => [f.player, f.code])]).toEqual(['A', [['B', 'did_not_play']]]);
    expect(c.clock).toEqual({ running: true, startedAt: last(l), player: 'A' });
    // His clock runs out too: the table goes back to B; nobody scores.
    const c2 = core(threeCushion, l.wait(30_000).clock('shot', 'expire'));
    expect([turnOf(c2), c2.fouls.map((f) => [f.player, f.code]), score(c2, 'A'), score(c2, 'B')]).toEqual([
      'B',
      [
        ['B', 'did_not_play'],
        ['A', 'did_not_play'],
      ],
      0,
      0,
    ]);
    expect(c2.restoreOption).toBeNull();
  });

  it("C3-TIME-1: a foul called between shots hands the table over with the opponent's clock running", () => {
    const l = new Log(['A', 'B'], C3).point3c('W').foul('touch');
    const c = core(threeCushion, l);
    expect([turnOf(c), c.clock]).toEqual(['B', { running: true, startedAt: last(l), player: 'B' }]);
  });

  it('C3-TIME-1: an expiry while the clock is stopped (referee stop, timeout, before the first shot) is refused', () => {
    const stopped = core(threeCushion, new Log(['A', 'B'], C3).miss('W').clock('shot', 'stop').clock('shot', 'expire'));
    expect([turnOf(stopped), stopped.fouls, stopped.rejected.map((r) => r.code)]).toEqual(['B', [], ['stale_clock']]);
    // CQ-21: the clock starts when balls come to rest; before the break only the referee's "play" starts it.
    const opening = core(threeCushion, new Log(['A', 'B'], C3).clock('shot', 'expire'));
    expect([turnOf(opening), opening.rejected.map((r) => r.code)]).toEqual(['A', ['stale_clock']]);
    const played = core(threeCushion, new Log(['A', 'B'], C3).ref('play').clock('shot', 'expire'));
    expect([turnOf(played), played.fouls.map((f) => f.code)]).toEqual(['B', ['did_not_play']]);
  });

  it('C3-TIME-1: a strike stops the clock; an expiry for the shot already played is refused', () => {
    const l = new Log(['A', 'B'], C3).miss('W').strike('Y');
    expect(core(threeCushion, l).clock.running).toBe(false);
    const c = core(threeCushion, l.clock('shot', 'expire').contact('Y', 'R').rest());
    expect([c.fouls, c.rejected.map((r) => r.code)]).toEqual([[], ['stale_clock']]);
  });
});

describe('timeouts and the shot clock (C3-TO-1, C3-TO-4)', () => {
  it("C3-TO-4: a timeout stops the shot clock; its end (the timeout clock's expiry) starts the player's 30 s again", () => {
    const l = new Log(['A', 'B'], C3).miss('W').ref('timeout', { player: 'B', by: 'player' });
    const during = core(threeCushion, l);
    expect([during.timeoutActive, during.clock.running]).toEqual([true, false]);
    // The shot clock cannot run out during the timeout.
    l.wait(60_000).clock('shot', 'expire');
    expect(core(threeCushion, l).rejected.map((r) => r.code)).toEqual(['stale_clock']);
    l.wait(240_000).clock('timeout', 'expire');
    const after = core(threeCushion, l);
    expect([after.timeoutActive, after.clock]).toEqual([false, { running: true, startedAt: last(l), player: 'B' }]);
    expect(after.timeouts.map((t) => t.end)).toEqual([last(l), last(l)]);
  });

  it('C3-TO-1: a strike ends the timeout and no clock runs during the shot', () => {
    const c = core(threeCushion, new Log(['A', 'B'], C3).miss('W').ref('timeout', { player: 'B', by: 'player' }).strike('Y'));
    expect([c.timeoutActive, c.clock.running, c.timeouts.every((t) => t.end !== null)]).toEqual([false, false, true]);
  });
});

describe("what the hub's timer waits for (nextClock)", () => {
  const due = (l: Log) => threeCushion.nextClock!(run(threeCushion, l).game);

  it('C3-TIME-1: the running shot clock is due 30 s after it started, for the player to play; a strike takes it away', () => {
    const l = new Log(['A', 'B'], C3).miss('W');
    expect(due(l)).toEqual({ at: last(l) + 30_000, event: { type: 'clock', clock: 'shot', phase: 'expire', player: 'B' } });
    expect(due(l.strike('Y'))).toBeNull();
  });

  it('C3-TIME-1: the expiry it asks for is the one the reducer takes (did not play, the clock passes to A)', () => {
    const l = new Log(['A', 'B'], C3).miss('W');
    const d = due(l)!;
    l.wait(d.at - last(l)).clock('shot', 'expire');
    const c = core(threeCushion, l);
    expect([c.fouls.map((f) => f.code), c.rejected]).toEqual([['did_not_play'], []]);
    expect(due(l)!.event.player).toBe('A');
  });

  it('C3-TO-4: during a timeout only its end is due, timeoutSeconds after it began', () => {
    const l = new Log(['A', 'B'], { ...C3, timeoutSeconds: 120 }).miss('W').ref('timeout', { player: 'B', by: 'player' });
    expect(due(l)).toEqual({ at: last(l) + 120_000, event: { type: 'clock', clock: 'timeout', phase: 'expire' } });
  });

  it('C3-TIME-1: without a shot clock (three-ball default) nothing is due', () => {
    expect(due(new Log(['A', 'B'], { lag: false, shotClockSeconds: null }).miss('W'))).toBeNull();
  });
});
