/**
 * Countdowns on the hub's time: the offset from the hub's `now`, and every countdown the boards
 * show (carom shot clock, bumper pool turn clock and "TIME", minigolf stroke clock) right while
 * the browser's own clock is 20 s off.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClock, hubClock, hubTime } from './hub-time';
import { clockLeft } from './games/common';
import { golfClock, type GolfReport } from './games/golf-billiards';
import { strokeClockLeft } from './games/minigolf';

/** A moment on the hub's timeline. */
const HUB = 1_800_000_000_000;

describe('the hub clock', () => {
  it('takes the offset at the midpoint of the request: the hub wrote its time somewhere in between', () => {
    const c = new HubClock();
    expect([c.synced, c.now(5000)]).toEqual([false, 5000]);
    c.note(HUB + 500, HUB - 20_000, HUB - 19_000);
    expect(c.offset).toBe(20_000);
    expect(c.now(HUB - 20_000)).toBe(HUB);
    expect(c.synced).toBe(true);
  });

  it('follows the latest answer (a browser clock set again) and ignores one that cannot be', () => {
    const c = new HubClock();
    c.note(HUB, HUB - 20_000);
    c.note(HUB + 1000, HUB + 1000 - 3000);
    expect(c.offset).toBe(3000);
    c.note(Number.NaN, HUB);
    c.note(HUB, HUB + 10, HUB); // received before it was sent
    expect(c.offset).toBe(3000);
  });
});

describe('countdowns with the browser clock 20 s behind the hub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The browser thinks it is 20 s earlier than the hub; the live answer says what the hub's time is.
    vi.setSystemTime(HUB - 20_000);
    hubClock.note(HUB, Date.now(), Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
    hubClock.note(Date.now(), Date.now());
  });

  it('the page reads the hub time, not its own', () => {
    expect(hubTime()).toBe(HUB);
    vi.advanceTimersByTime(1500);
    expect(hubTime()).toBe(HUB + 1500);
  });

  it('carom: a 30 s shot clock started 10 s ago on the hub shows 20 s (its own clock would say 40 s)', () => {
    expect(clockLeft(HUB - 10_000, 30)).toBe('20 s');
    expect(clockLeft(HUB - 10_000, 30, Date.now())).toBe('40 s');
    expect(clockLeft(HUB - 31_000, 30)).toBe('0 s');
    expect(clockLeft(null, 30)).toBe('–');
  });

  const golf = (clock: GolfReport['clock']): Pick<GolfReport, 'clock' | 'config'> => ({ clock, config: { turnMs: 50_000, graceMs: 10_000, setsToWin: 2 } });

  it('bumper pool: the seconds to "TIME" while the 50 s run', () => {
    const startedAt = HUB - 45_000;
    expect(golfClock(golf({ startedAt, timeCalledAt: null, timeAt: startedAt + 50_000, deadline: startedAt + 60_000 }))).toEqual({ phase: 'turn', seconds: 5 });
  });

  it('bumper pool: "TIME" as soon as the hub time passes timeAt, before the hub\'s call arrives, with the seconds to the deadline', () => {
    const startedAt = HUB - 52_000;
    const c = { startedAt, timeCalledAt: null, timeAt: startedAt + 50_000, deadline: startedAt + 60_000 };
    expect(golfClock(golf(c))).toEqual({ phase: 'time', seconds: 8 });
    // The browser's own clock would still count to TIME (its 32 s after the start).
    expect(golfClock(golf(c), Date.now())).toEqual({ phase: 'turn', seconds: 18 });
  });

  it('bumper pool: "TIME" once the hub called it, counting to its deadline; nothing before the clock starts', () => {
    // Called early (a referee): 10 s from the call, whatever the 50 s say.
    expect(golfClock(golf({ startedAt: HUB - 20_000, timeCalledAt: HUB - 3000, timeAt: HUB - 3000, deadline: HUB + 7000 }))).toEqual({
      phase: 'time',
      seconds: 7,
    });
    // A report without timeAt and deadline (an older hub): the same sums.
    expect(golfClock(golf({ startedAt: HUB - 20_000, timeCalledAt: HUB - 3000 }))).toEqual({ phase: 'time', seconds: 7 });
    expect(golfClock(golf({ startedAt: HUB - 20_000, timeCalledAt: null }))).toEqual({ phase: 'turn', seconds: 30 });
    expect(golfClock(golf({ startedAt: HUB - 70_000, timeCalledAt: HUB - 20_000, timeAt: HUB - 20_000, deadline: HUB - 10_000 }))).toEqual({
      phase: 'time',
      seconds: 0,
    });
    expect(golfClock(golf({ startedAt: null, timeCalledAt: null, timeAt: null, deadline: null }))).toEqual({ phase: 'idle' });
  });

  it('minigolf: the stroke clock counts to dueAt; not started, it has no seconds', () => {
    expect(strokeClockLeft({ player: 'ana', seconds: 60, startsOn: 'ball_at_rest', startedAt: HUB - 50_000, dueAt: HUB + 10_000 })).toBe(10);
    expect(strokeClockLeft({ player: 'ana', seconds: 70, startsOn: 'arrival', startedAt: HUB - 5000, dueAt: null })).toBe(65);
    expect(strokeClockLeft({ player: 'ana', seconds: 70, startsOn: 'arrival', startedAt: null, dueAt: null })).toBeNull();
  });
});
