import { describe, expect, it } from 'vitest';
import { SPLIT, digits, micros, split } from './time';

describe('device time as wire digits', () => {
  it('prints whole seconds and zero-padded microseconds without float printing', () => {
    expect(digits(0, 0)).toBe('0');
    expect(digits(0, 42)).toBe('42');
    expect(digits(1, 5)).toBe('1000005');
    expect(digits(12, 345678)).toBe('12345678');
  });

  it('rounds to the microsecond and carries into the seconds', () => {
    split(0.9999996);
    expect([SPLIT[0], SPLIT[1]]).toEqual([1, 0]);
    expect(micros(10.0000004, 10)).toBe('0');
    expect(micros(10.25, 10)).toBe('250000');
  });

  it('stays exact for uptimes of weeks (getTime() since power-up)', () => {
    const week = 7 * 24 * 3600;
    expect(micros(3 * week + 0.123456, 0)).toBe('1814400123456');
    expect(micros(9 * week + 0.000001, 0)).toBe(String(9 * week) + '000001');
    // A board whose clock started at an epoch time keeps µs resolution relative to boot.
    expect(micros(1_764_000_000 + 2 * week + 0.5, 1_764_000_000)).toBe('1209600500000');
  });

  it('never goes negative (a clock read before boot time)', () => {
    expect(micros(5, 6)).toBe('0');
  });
});
