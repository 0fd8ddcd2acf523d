import { describe, expect, it } from 'vitest';
import { ClockMap } from './clock-map';

/** A deterministic generator for delays (xorshift). */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** A simulated board: its clock starts at bootAtMs (hub time) and runs (1 + drift) fast. */
function board(bootAtMs: number, drift: number) {
  return {
    deviceUs: (hubMs: number) => Math.round((hubMs - bootAtMs) * (1 + drift) * 1000),
  };
}

/** Sync every second for `seconds`, over a link with one-way delays of 0.5-3 ms and occasional 40 ms stalls. */
function syncedMap(b: ReturnType<typeof board>, start: number, seconds: number, seed: number): ClockMap {
  const r = rng(seed);
  const m = new ClockMap();
  for (let i = 0; i < seconds; i++) {
    const send = start + i * 1000;
    const up = 0.5 + r() * 2.5 + (r() < 0.1 ? 40 : 0);
    const down = 0.5 + r() * 2.5 + (r() < 0.1 ? 40 : 0);
    m.addSample({ hubSendMs: send, deviceUs: b.deviceUs(send + up), hubRecvMs: send + up + down });
  }
  return m;
}

describe('ClockMap', () => {
  it('maps a board drifting 0.7 % to within 2 ms, and reports the drift', () => {
    const t0 = 1_790_000_000_000;
    const b = board(t0 - 5_000, 0.007);
    const m = syncedMap(b, t0, 30, 1);
    let worst = 0;
    // Events up to 10 s after the last sync: extrapolation is where drift hurts most.
    for (let ms = 0; ms <= 40_000; ms += 137) worst = Math.max(worst, Math.abs(m.toHub(b.deviceUs(t0 + ms)) - (t0 + ms)));
    console.log(`clock map, 0.7 % drift: worst error ${worst.toFixed(3)} ms over 40 s (bound ${m.describe()!.errorBoundMs.toFixed(2)} ms)`);
    expect(worst).toBeLessThan(2);
    expect(m.describe()!.driftPpm).toBeGreaterThan(6900);
    expect(m.describe()!.driftPpm).toBeLessThan(7100);
  });

  it('orders the events of two boards drifting in opposite directions correctly at 2 ms apart', () => {
    const t0 = 1_790_000_000_000;
    const fast = board(t0 - 60_000, 0.007);
    const slow = board(t0 - 1_000, -0.007);
    const mf = syncedMap(fast, t0, 20, 2);
    const ms = syncedMap(slow, t0, 20, 3);
    let wrong = 0;
    for (let k = 0; k < 500; k++) {
      const at = t0 + 20_000 + k * 37;
      // The slow board's ball drops 2 ms after the fast board's, and the other way round.
      if (!(mf.toHub(fast.deviceUs(at)) < ms.toHub(slow.deviceUs(at + 2)))) wrong++;
      if (!(ms.toHub(slow.deviceUs(at)) < mf.toHub(fast.deviceUs(at + 2)))) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('without drift estimation (offset only) the same boards would be off by far more than 2 ms', () => {
    const t0 = 1_790_000_000_000;
    const b = board(t0, 0.007);
    const m = new ClockMap();
    m.addSample({ hubSendMs: t0, deviceUs: b.deviceUs(t0 + 1), hubRecvMs: t0 + 2 });
    expect(Math.abs(m.toHub(b.deviceUs(t0 + 10_000)) - (t0 + 10_000))).toBeGreaterThan(60);
  });

  it('falls back to the least-delayed arrival before the first sync', () => {
    const m = new ClockMap();
    expect(m.toHub(1000)).toBeNaN();
    m.addArrival(1_000_000, 5_000 + 1_000 + 9);
    m.addArrival(2_000_000, 5_000 + 2_000 + 3);
    expect(m.synced).toBe(false);
    expect(m.toHub(3_000_000)).toBe(5_000 + 3_000 + 3);
  });

  it('ignores a sample that came back before it was sent', () => {
    const m = new ClockMap();
    m.addSample({ hubSendMs: 10, deviceUs: 0, hubRecvMs: 5 });
    expect(m.synced).toBe(false);
  });
});
