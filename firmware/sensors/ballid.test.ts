/**
 * The pocket colour classifier's feature sums and verdicts (firmware/sensors/ballid.ts), on
 * readings written by hand against the shipped pool profile's ball set.
 */
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../build/build';
import type { TableProfile } from '../../shared/profile';
import { compileBallColours, unpackBallTables } from '../../shared/sensors/ball-colours';
import { unpackNumbers } from '../../shared/sensors/ball-set';
import { packNumbers } from '../../shared/sensors/ball-colours';
import { ballAdd, ballClassify, ballSums, FN, MIN_VALID, nameBall, whiteBin } from './ballid';

const set = (loadProfile('pool') as TableProfile).ballColours!;
const bc = compileBallColours(set);
const T = unpackBallTables(bc);
const [wc, wr, wg, wb] = set.white as [number, number, number, number];
const AMB = [30, 14, 10, 6];
/** A reading of `refl` (c, r, g, b as a share of the white reference) with the ambient on top. */
const seen = (c: number, r: number, g: number, b: number): number[] => [
  Math.round(c * wc) + AMB[0]!,
  Math.round(r * wr) + AMB[1]!,
  Math.round(g * wg) + AMB[2]!,
  Math.round(b * wb) + AMB[3]!,
];
const times = (n: number, s: number[]): number[] => Array.from({ length: n }, () => s).flat();

describe('pocket colour: feature sums', () => {
  it('takes the ambient off, skips what is not in view, counts white, pale as half, and weighs the coloured by how coloured', () => {
    const acc = new Float64Array(FN);
    const amb = new Uint16Array(AMB);
    const add = (s: number[]): void => ballAdd(bc, T, s[0]!, s[1]!, s[2]!, s[3]!, amb, 0, acc, 0);
    add(AMB); // the empty chute: nothing once the ambient is off
    add(seen(0.01, 0.01, 0.01, 0.01)); // too dark to be a ball
    expect(Array.from(acc)).toEqual([0, 0, 0, 0, 0, 0]);
    add(seen(0.9, 0.9, 0.9, 0.9)); // white
    expect([acc[0], acc[1], acc[5]]).toEqual([1, 1, 0]);
    add(seen(0.7, 0.8, 0.65, 0.6)); // pale: a band's edge
    expect([acc[0], acc[1]]).toEqual([2, 1.5]);
    expect(acc[5]).toBeGreaterThan(0);
    const paleWeight = acc[5]!;
    add(seen(0.3, 0.8, 0.05, 0.05)); // a saturated red weighs far more than the pale sample
    expect(acc[0]).toBe(3);
    expect(acc[5]! - paleWeight).toBeGreaterThan(5 * paleWeight);
    // Its colour dominates the mean: red well above a third.
    expect(acc[2]! / acc[5]!).toBeGreaterThan(600);
  });

  it('buckets the white share: none white apart, then ninths, nearly all white last', () => {
    const sums = (valid: number, white: number): Float64Array => Float64Array.from([valid, white, 0, 0, 0, 0]);
    expect([sums(20, 0), sums(20, 0.5), sums(18, 2), sums(18, 9), sums(18, 17), sums(18, 18)].map((a) => whiteBin(a, 0))).toEqual([0, 1, 2, 5, 9, 9]);
  });
});

describe('pocket colour: verdicts against the learned set', () => {
  it('a pass with no coloured sample is the cue ball, as sure as the learned passes without colour say', () => {
    expect(nameBall(bc, T, times(20, seen(0.95, 0.95, 0.95, 0.95)), AMB)).toEqual({ ball: 'cue', confidence: set.cueClear, next: null, nextConfidence: 0 });
  });

  it('too few samples in view is no reading (the capture goes out unnamed)', () => {
    const v = new Int16Array(2);
    ballClassify(bc, T, ballSums(bc, T, times(MIN_VALID - 1, seen(0.3, 0.8, 0.05, 0.05)), AMB), 0, new Float64Array(bc.cu + 1), v);
    expect(Array.from(v)).toEqual([-1, 0]);
  });

  it("a solid's signature with no white names the solid, sure; the 8 by its darkness", () => {
    // Each solid's learned signature, rebuilt as a reading: red and green per mille of the white-balanced sum, lightness per mille.
    for (const ball of ['1', '2', '3', '6', '8']) {
      const sig = set.balls.find((b) => b.id === ball)!.chroma as [number, number, number];
      const [rn, gn, l] = sig.map((x) => x / 1000) as [number, number, number];
      const bn = 1 - rn - gn;
      // Shares of the white reference per channel, scaled so the clear count gives the lightness.
      const k = (3 * l) / (rn + gn + bn);
      const v = nameBall(bc, T, times(24, seen(l, rn * k, gn * k, bn * k)), AMB);
      expect(v.ball, ball).toBe(ball);
      expect(v.confidence, ball).toBeGreaterThanOrEqual(900);
    }
  });

  it("a solid's pass names the solid with its stripe next; a stripe's (its paler band and white caps) the stripe, less sure", () => {
    /** Samples of a ball's learned colour. */
    const colour = (id: string): number[] => {
      const [rn, gn, l] = set.balls.find((b) => b.id === id)!.chroma.map((x) => x / 1000) as [number, number, number];
      return seen(l, rn * 3 * l, gn * 3 * l, (1 - rn - gn) * 3 * l);
    };
    const solid = nameBall(bc, T, times(24, colour('3')), AMB);
    expect([solid.ball, solid.next]).toEqual(['3', '11']);
    expect(solid.confidence + solid.nextConfidence).toBeLessThanOrEqual(1000);
    const stripe = nameBall(bc, T, [...times(10, colour('11')), ...times(10, seen(0.9, 0.9, 0.9, 0.9))], AMB);
    expect(stripe.ball).toBe('11');
    expect(stripe.next).not.toBeNull();
    expect(stripe.nextConfidence).toBeLessThan(stripe.confidence);
    expect(stripe.confidence).toBeLessThan(solid.confidence);
  });

  it('the packed numbers unpack to the profile: signatures, spreads, stripes, white, both tables', () => {
    expect(Array.from(T.slice(0, 3))).toEqual(set.balls[0]!.chroma);
    expect(T[T.length - 1]).toBe(set.cueClear);
    const back = new Int32Array(4);
    unpackNumbers(packNumbers([0, 1, 4095, 262143]), back);
    expect(Array.from(back)).toEqual([0, 1, 4095, 262143]);
    expect(() => packNumbers([-1])).toThrow(TypeError);
  });
});
