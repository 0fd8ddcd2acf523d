import { describe, expect, it } from 'vitest';
import { GuessLimiter, isLoopback } from './guess-limiter';

function limiter() {
  let now = 0;
  const l = new GuessLimiter({ now: () => now });
  return { l, advance: (ms: number) => (now += ms) };
}

describe('GuessLimiter', () => {
  it('locks a client out after 5 wrong PINs, then for twice as long after each further one, up to 15 min', () => {
    const { l, advance } = limiter();
    for (let i = 1; i <= 4; i++) expect(l.failure('10.0.0.1').lockMs).toBeNull();
    expect(l.failure('10.0.0.1')).toMatchObject({ lockMs: 30_000, inARow: 5, afterLockout: false });
    expect(l.check('10.0.0.1')).toEqual({ allowed: false, scope: 'client', retryAfterMs: 30_000 });
    expect(l.check('10.0.0.2')).toEqual({ allowed: true });
    const locks: number[] = [];
    for (let i = 0, lock = 30_000; i < 7; i++) {
      advance(lock);
      expect(l.check('10.0.0.1').allowed).toBe(true);
      lock = l.failure('10.0.0.1').lockMs!;
      locks.push(lock);
    }
    expect(locks).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
  });

  it('a right PIN ends it: the client starts over', () => {
    const { l } = limiter();
    for (let i = 0; i < 4; i++) l.failure('c');
    l.success('c');
    for (let i = 0; i < 4; i++) expect(l.failure('c').lockMs).toBeNull();
  });

  it('30 wrong PINs within 10 min lock out every client but trusted ones and loopback, until the window has room', () => {
    const { l, advance } = limiter();
    l.success('10.9.9.9');
    for (let i = 0; i < 29; i++) {
      l.failure(`10.0.1.${i}`);
      advance(1000);
    }
    expect(l.check('10.0.2.1').allowed).toBe(true);
    expect(l.failure('10.0.1.99').venueLockStarted).toBe(true);
    expect(l.check('10.0.2.1')).toEqual({ allowed: false, scope: 'venue', retryAfterMs: 600_000 - 29_000 });
    expect(l.check('10.9.9.9').allowed).toBe(true);
    expect(l.check('127.0.0.1').allowed).toBe(true);
    advance(600_000 - 29_000);
    expect(l.check('10.0.2.1').allowed).toBe(true);
    expect(l.stats()).toMatchObject({ wrong: 30, refused: 1, venueLockMs: null });
  });

  it('trust ends after a day; forgotten clients start over; memory is bounded', () => {
    let now = 0;
    const l = new GuessLimiter({ now: () => now, maxClients: 3, globalMax: 1000 });
    l.success('t');
    now += 24 * 3600_000;
    for (let i = 0; i < 5; i++) l.failure('a');
    expect(l.check('a').allowed).toBe(false);
    for (const c of ['b', 'c', 'd']) l.failure(c);
    // 'a' was the least recent of four: forgotten.
    expect(l.check('a').allowed).toBe(true);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1'].map(isLoopback)).toEqual([false, false, false]);
  });
});
