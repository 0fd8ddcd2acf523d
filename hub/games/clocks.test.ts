import { describe, expect, it } from 'vitest';
import { MatchManager, type InputEvent } from './matches';
import { GameClocks } from './clocks';
import { fakeTimers } from './testkit';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';

const players = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];

/** A three-cushion match on the demo venue's carom table with a 30 s shot clock, on a hand-cranked clock. */
async function caromWithShotClock() {
  const store = new SqliteStore(':memory:');
  const timers = fakeTimers();
  const m = new MatchManager(store, DEMO_VENUE, timers.api.now);
  const clocks = new GameClocks(m, timers.api);
  await m.start('c1', players, { lag: false, shotClockSeconds: 30 });
  const sensor = async (e: InputEvent) => {
    await m.sensor('c1', { ...e, t: timers.api.now() } as GameEvent);
  };
  /** Ann's first shot: no point; the balls come to rest and Bob's clock starts. */
  const miss = async () => {
    await sensor({ type: 'strike', ball: 'W', by: 'sensor' });
    await sensor({ type: 'contact', a: 'W', b: 'R', by: 'sensor' });
    timers.advance(2_000);
    await sensor({ type: 'at_rest', by: 'sensor' });
  };
  return { store, timers, m, clocks, miss };
}

describe("the hub runs the engines' clocks (shot clock, turn clock, stroke clock, timeouts)", () => {
  it('C3-TIME-1: the shot clock runs out 30 s after the balls came to rest: the hub logs the expiry and the engine calls "did not play"', async () => {
    const { store, timers, m, clocks, miss } = await caromWithShotClock();
    await miss();
    const rest = timers.api.now();
    expect(clocks.dueAt('c1')).toMatchObject({ at: rest + 30_000, event: { clock: 'shot', phase: 'expire', player: 'bob' } });
    timers.advance(29_999);
    await m.idle();
    expect((await store.gameEvents(m.current('c1')!.id)).some((e) => e.type === 'clock')).toBe(false);
    timers.advance(1);
    await m.idle();
    const log = await store.gameEvents(m.current('c1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'clock', clock: 'shot', phase: 'expire', player: 'bob', by: 'hub', t: rest + 30_000 });
    const report = m.current('c1')!.engine.report(m.current('c1')!.state) as { fouls: { player: string; code: string }[] };
    expect(report.fouls.map((f) => [f.player, f.code])).toEqual([['bob', 'did_not_play']]);
    // Ann is to play again, and her clock now runs.
    expect(clocks.dueAt('c1')).toMatchObject({ at: rest + 60_000, event: { player: 'ann' } });
  });

  it('a stroke before the limit takes the timer away: nothing is logged', async () => {
    const { store, timers, m, clocks, miss } = await caromWithShotClock();
    await miss();
    timers.advance(10_000);
    await m.sensor('c1', { type: 'strike', ball: 'Y', t: timers.api.now(), by: 'sensor' });
    expect(clocks.dueAt('c1')).toBeNull();
    timers.advance(60_000);
    await m.idle();
    expect((await store.gameEvents(m.current('c1')!.id)).filter((e) => e.type === 'clock')).toEqual([]);
  });

  it('the timer goes when the match ends', async () => {
    const { m, clocks, miss } = await caromWithShotClock();
    await miss();
    await m.end('c1', 'abandoned', 'ref', 'test');
    expect(clocks.dueAt('c1')).toBeNull();
  });

  it('after a restart a clock that fell due while the hub was down starts again in full; one still running runs on', async () => {
    const { m, clocks, miss, store, timers } = await caromWithShotClock();
    await miss();
    const id = m.current('c1')!.id;
    /** Stops the hub's clocks, lets `downMs` pass, and starts a hub again on the same store. */
    const restartAfter = async (stopped: GameClocks, downMs: number) => {
      stopped.close();
      timers.advance(downMs);
      const manager = new MatchManager(store, DEMO_VENUE, timers.api.now);
      await manager.restore();
      const restarted = new GameClocks(manager, timers.api);
      restarted.resume(['c1']);
      await manager.idle();
      return { manager, clocks: restarted };
    };
    // Down for 40 s: Bob's 30 s ran out with nobody watching.
    const second = await restartAfter(clocks, 40_000);
    const log = await store.gameEvents(id);
    expect(log.at(-1)).toMatchObject({ type: 'clock', clock: 'shot', phase: 'start', player: 'bob', by: 'hub' });
    expect(log.at(-1)!.why).toMatch(/fell due while the hub was stopped/);
    const live = second.manager.current('c1')!;
    expect((live.engine.report(live.state) as { fouls: unknown[] }).fouls).toEqual([]);
    const due = second.clocks.dueAt('c1')!;
    expect(due).toMatchObject({ at: timers.api.now() + 30_000, event: { player: 'bob' } });

    // Down again for 10 s only: the clock runs on to its old deadline.
    const third = await restartAfter(second.clocks, 10_000);
    expect(third.clocks.dueAt('c1')!.at).toBe(due.at);
  });
});

describe('a timer that fires a fraction early', () => {
  it("waits for the deadline on the hub's clock: the logged expiry is never before it", async () => {
    const store = new SqliteStore(':memory:');
    const timers = fakeTimers();
    const m = new MatchManager(store, DEMO_VENUE, timers.api.now);
    // Timers that fire half a millisecond before they were asked to, as Node's may on the hub's clock.
    const early = { ...timers.api, set: (fn: () => void, ms: number) => timers.api.set(fn, ms >= 1 ? ms - 0.5 : ms) };
    new GameClocks(m, early);
    await m.start('c1', players, { lag: false, shotClockSeconds: 30 });
    for (const e of [{ type: 'strike', ball: 'W' }, { type: 'contact', a: 'W', b: 'R' }, { type: 'at_rest' }] as const) {
      await m.sensor('c1', { ...e, t: timers.api.now(), by: 'sensor' } as GameEvent);
    }
    const rest = timers.api.now();
    timers.advance(29_999.6);
    await m.idle();
    expect((await store.gameEvents(m.current('c1')!.id)).filter((e) => e.type === 'clock')).toEqual([]);
    timers.advance(1);
    await m.idle();
    const clock = (await store.gameEvents(m.current('c1')!.id)).filter((e) => e.type === 'clock');
    expect(clock).toHaveLength(1);
    expect(clock[0]!.t).toBeGreaterThanOrEqual(rest + 30_000);
  });
});
