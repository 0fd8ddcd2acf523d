/** For the tests of hub/games: a hand-cranked clock whose timers fire only when it is moved on. */
import type { TimerApi } from './assembler';

export function fakeTimers() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const api: TimerApi = {
    now: () => now,
    set: (fn, ms) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clear: (h) => {
      timers = timers.filter((t) => t.id !== h);
    },
  };
  /** Runs the clock to `end` (absolute ms), firing the timers due on the way in time order. */
  const until = (end: number): void => {
    // A timer that keeps setting itself again for the same instant would spin here for ever.
    for (let fired = 0; ; fired++) {
      if (fired > 100_000) throw new Error(`timers keep firing at ${now} ms: one re-arms itself without moving on`);
      timers.sort((a, b) => a.at - b.at);
      const t = timers[0];
      if (!t || t.at > end) break;
      timers.shift();
      now = t.at;
      t.fn();
    }
    now = end;
  };
  return { api, until, advance: (ms: number) => until(now + ms) };
}
