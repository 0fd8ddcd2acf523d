import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../firmware/build/build';
import type { TableProfile } from '../../shared/profile';
import type { TruthEvent } from '../physics/world';
import { CAROM, GOLF_BILLIARDS, POOL } from '../physics/tables';
import { NO_NOISE, signalsFor } from './signals';

const carom = loadProfile('carom') as TableProfile;
const golf = loadProfile('golf-billiards') as TableProfile;
const pool = loadProfile('pool') as TableProfile;

const cushion = (t: number, place: string): TruthEvent => ({ type: 'cushion', t, ball: 'W', place, speed: 1, sensed: true });

describe('sensor signals from the ground truth', () => {
  it("a cushion hit is a 100 µs active-high pulse on that rail's piezo pin; a contact knocks the bed zone it is in", () => {
    const { edges } = signalsFor(CAROM, carom, [cushion(0.5, 'n2'), { type: 'contact', t: 1, a: 'W', b: 'R', speed: 1, x: 2.5, y: 0.7 }]);
    expect(edges).toEqual([
      { pin: 'rail_n2', us: 500_000, level: 1 },
      { pin: 'rail_n2', us: 500_100, level: 0 },
      { pin: 'bed_foot', us: 1_000_000, level: 1 },
      { pin: 'bed_foot', us: 1_000_100, level: 0 },
    ]);
  });

  it('a goal blocks its beam (active low) while the ball passes, with the colour the sensor sees', () => {
    const { edges } = signalsFor(GOLF_BILLIARDS, golf, [{ type: 'capture', t: 0.2, ball: 'B3', place: 'a', kind: 'goal', speed: 0.5 }], {
      colourOf: () => 'red',
    });
    expect(edges[0]).toEqual({ pin: 'goal_a', us: 200_000, level: 0, colour: 'red' });
    expect(edges[1]!.level).toBe(1);
    expect(edges[1]!.us - edges[0]!.us).toBeGreaterThan(3000); // the profile's minWidthUs
  });

  it('a pocketed ball crosses the jaw beam, then the drop beam below it', () => {
    const { edges } = signalsFor(POOL, pool, [{ type: 'capture', t: 0, ball: '9', place: 'tr', kind: 'pocket', speed: 1 }]);
    expect(edges.map((e) => [e.pin, e.level])).toEqual([
      ['jaw3', 0],
      ['jaw3', 1],
      ['drop3', 0],
      ['drop3', 1],
    ]);
  });

  it('noise: missed knocks vanish, doubled ones ring again within 1-8 ms, drift stretches the clock', () => {
    const ev = [cushion(1, 'e')];
    expect(signalsFor(CAROM, carom, ev, { noise: { ...NO_NOISE, missed: 1 } }).edges).toEqual([]);
    const doubled = signalsFor(CAROM, carom, ev, { noise: { ...NO_NOISE, doubled: 1 } }).edges;
    expect(doubled.filter((e) => e.level === 1)).toHaveLength(2);
    expect(doubled[2]!.us - doubled[0]!.us).toBeGreaterThanOrEqual(1000);
    expect(doubled[2]!.us - doubled[0]!.us).toBeLessThanOrEqual(8000);
    expect(signalsFor(CAROM, carom, ev, { noise: { ...NO_NOISE, drift: 0.001 } }).edges[0]!.us).toBe(1_001_000);
    const spurious = signalsFor(CAROM, carom, [cushion(10, 'e')], { noise: { ...NO_NOISE, spuriousPerS: 1 } }).edges;
    expect(spurious.filter((e) => e.level === 1).length).toBeGreaterThan(10);
  });

  it("routes by the descriptors: every sensor that sends the truth's event hears it, with the signal its kind gives", () => {
    const odd = {
      ...carom,
      sensors: [
        { id: 't1', kind: 'piezo', event: 'stroke', place: 'tee', pin: 'tee_a' },
        { id: 't2', kind: 'piezo', event: 'stroke', place: 'mat', pin: 'tee_b', activeLow: true },
        { id: 'r1', kind: 'tag', part: 'RDM6300', event: 'stroke', pin: 'rx' },
        { id: 'k1', kind: 'pocket', place: 'tl', pin: 'jaw' },
        { id: 'b1', kind: 'piezo', event: 'contact', pin: 'bed1' },
        { id: 'b2', kind: 'piezo', event: 'contact', pin: 'bed2' },
        { id: 'b3', kind: 'piezo', event: 'contact', pin: 'bed3' },
      ],
    } as TableProfile;
    const { edges } = signalsFor(CAROM, odd, [
      { type: 'strike', t: 0.1, ball: 'W', speed: 1 },
      { type: 'capture', t: 0.5, ball: 'R', place: 'tl', kind: 'pocket', speed: 1 },
      { type: 'contact', t: 1, a: 'W', b: 'R', speed: 1, x: 2, y: 0.7 },
    ]);
    // Both tees knock (each at its own polarity), the tag reader has no signal; a pocket without a
    // drop pin gives its jaw pulse only; three contact sensors split the bed in thirds (x = 2 m: the last).
    expect(edges.map((e) => `${e.pin} ${e.level}`)).toEqual(['tee_a 1', 'tee_b 0', 'tee_a 0', 'tee_b 1', 'jaw 0', 'jaw 1', 'bed3 1', 'bed3 0']);
  });

  it("timeScale plays the shot faster without shortening pulses; each pin's levels alternate", () => {
    const { edges } = signalsFor(GOLF_BILLIARDS, golf, [{ type: 'capture', t: 2, ball: 'A1', place: 'b', kind: 'goal', speed: 0.5 }], { timeScale: 4 });
    expect(edges[0]!.us).toBe(500_000);
    expect(edges[1]!.us - edges[0]!.us).toBeGreaterThan(3000);
    expect(() => signalsFor(CAROM, carom, [], { timeScale: 0.5 })).toThrow(TypeError);
    const jittery = signalsFor(
      CAROM,
      carom,
      Array.from({ length: 50 }, (_, i) => cushion(1 + i * 0.0001, 'w')),
      { noise: { ...NO_NOISE, jitterUs: 300 } },
    ).edges;
    jittery.forEach((e, i) => {
      if (i > 0) expect(e.level).not.toBe(jittery[i - 1]!.level);
    });
  });
});
