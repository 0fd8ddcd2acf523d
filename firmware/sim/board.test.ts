/**
 * The simulated board itself: virtual clock and timers, setWatch debounce and edge filters as
 * Espruino does them, I2C devices, Storage, and firmware exceptions kept instead of thrown.
 */
import { describe, expect, it } from 'vitest';
import { SimBoard } from './board';
import { SimTcs34725 } from './tcs34725';

type G = {
  getTime(): number;
  setTimeout(fn: () => void, ms: number): number;
  setInterval(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
  setWatch(cb: (e: { state: boolean; time: number; lastTime: number }) => void, pin: unknown, o: object): number;
  clearWatch(id: number): void;
  pinMode(pin: unknown, mode: string): void;
  digitalRead(pin: unknown): number;
  I2C1: { writeTo(a: number, d: number[]): void; readFrom(a: number, n: number): Uint8Array };
  require(name: string): { readJSON(n: string, x: boolean): unknown };
};

describe('simulated board', () => {
  it('runs timers in order on the virtual clock', () => {
    const b = new SimBoard({ startTime: 100 });
    const g = b.globals() as G;
    const log: string[] = [];
    g.setTimeout(() => log.push(`a@${g.getTime()}`), 30);
    const iv = g.setInterval(() => log.push(`i@${g.getTime()}`), 20);
    g.setTimeout(() => g.clearTimeout(iv), 50);
    b.advance(100);
    expect(log).toEqual(['i@100.02', 'a@100.03', 'i@100.04']);
    expect(g.getTime()).toBe(100.1);
  });

  it('debounces like Espruino: bounces shorter than the debounce never fire, the settled edge does', () => {
    const b = new SimBoard({ pins: ['B3'] });
    const g = b.globals() as G;
    g.pinMode(b.pin('B3'), 'input_pullup');
    const seen: [boolean, number][] = [];
    g.setWatch((e) => seen.push([e.state, Math.round(e.time * 1e6)]), b.pin('B3'), { repeat: true, edge: 'both', debounce: 2 });
    b.set('B3', 0);
    b.advance(0.5);
    b.set('B3', 1);
    b.advance(0.5);
    b.set('B3', 0);
    b.advance(5);
    b.set('B3', 1);
    b.advance(5);
    expect(seen).toEqual([
      [false, 1000],
      [true, 6000],
    ]);
  });

  it('filters rising and falling edges and stops after clearWatch', () => {
    const b = new SimBoard({ pins: ['A0'] });
    const g = b.globals() as G;
    const seen: boolean[] = [];
    const id = g.setWatch((e) => seen.push(e.state), b.pin('A0'), { repeat: true, edge: 'rising' });
    b.set('A0', 1);
    b.set('A0', 0);
    b.set('A0', 1);
    g.clearWatch(id);
    b.set('A0', 0);
    b.set('A0', 1);
    expect(seen).toEqual([true, true]);
  });

  it('provides I2C devices, Storage, and keeps firmware exceptions as errors', () => {
    const b = new SimBoard();
    const tcs = new SimTcs34725();
    b.i2c[0x29] = tcs;
    b.storage['autoref'] = { d: 'x' };
    const g = b.globals() as G;
    g.I2C1.writeTo(0x29, [0x80 | 0x12]);
    expect([...g.I2C1.readFrom(0x29, 1)]).toEqual([0x44]);
    tcs.setColour(0x1234, 1, 2, 3);
    g.I2C1.writeTo(0x29, [0x80 | 0x20 | 0x14]);
    expect([...g.I2C1.readFrom(0x29, 4)]).toEqual([0x34, 0x12, 1, 0]);
    expect(() => g.I2C1.readFrom(0x30, 1)).toThrow(/not responding/);
    expect(g.require('Storage').readJSON('autoref', true)).toEqual({ d: 'x' });
    g.setTimeout(() => {
      throw new Error('boom');
    }, 1);
    b.advance(2);
    expect(b.errors.map((e) => (e as Error).message)).toEqual(['boom']);
  });
});
