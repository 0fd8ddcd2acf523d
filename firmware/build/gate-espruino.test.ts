/**
 * The compatibility gate against the Espruino 2v29 measurements, one item at a time: every
 * construct measured as failing on the interpreter (syntax error, ReferenceError or a missing
 * built-in), plus the two silent differences that break code (no function hoisting, one binding
 * for let/const closures in a loop) and calls through built-in prototypes. Each sample is
 * TypeScript as a firmware author would write it; it is checked as plain JavaScript and again
 * after esbuild with the build's own settings (es2015, iife), since the gate reads the bundle.
 * A build whose bundle has such a construct fails, naming the rule and the source file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSource } from './gate';
import { buildFirmware, FirmwareBuildError } from './build';
import { PROBES } from './gate-probes';
import { lowered, LOWERED_PROBES } from './gate-lowered';
import { BENCH_PROFILE } from '../sim/fixtures';

interface Item {
  /** The measured behaviour, in short. */
  item: string;
  src: string;
  /** Rule the gate reports on the source as written. */
  rule: string;
  /**
   * Rule reported after esbuild (es2015): the same or what esbuild turned it into (10n becomes
   * BigInt("10")); 'lowered' when esbuild rewrites it into code that runs.
   */
  bundled?: string;
}

const ITEMS: Item[] = [
  { item: 'default parameter', src: 'export function f(a: number, b = 1) { return a + b; }', rule: 'default-param' },
  { item: 'rest parameter', src: 'export function f(...xs: number[]) { return xs.length; }', rule: 'rest-param' },
  { item: 'array spread', src: 'export const f = (a: number[]) => [0, ...a];', rule: 'spread' },
  { item: 'call spread', src: 'export const f = (a: number[]) => Math.max(...a);', rule: 'spread' },
  { item: 'object spread', src: 'export const f = (o: object) => ({ x: 1, ...o });', rule: 'spread', bundled: 'builtin-prototype' },
  { item: 'object destructuring', src: 'export function f(o: { a: number }) { const { a } = o; return a; }', rule: 'destructuring' },
  { item: 'array destructuring', src: 'export function f(l: number[]) { const [a, b] = l; return a + b; }', rule: 'destructuring' },
  { item: 'parameter destructuring', src: 'export function f({ a }: { a: number }) { return a; }', rule: 'destructuring' },
  {
    item: 'destructuring in for…of',
    src: 'export function f(l: [string, number][]) { for (const [k, v] of l) g(k, v); }\ndeclare function g(k: string, v: number): void;',
    rule: 'destructuring',
  },
  { item: 'async/await (lowered to a generator)', src: 'export async function f(p: Promise<number>) { return await p; }', rule: 'async', bundled: 'generator' },
  { item: 'generator', src: 'export function* f() { yield 1; }', rule: 'generator' },
  {
    item: 'optional chaining (lowered at es2015)',
    src: 'export const f = (o: { a?: { b: number } }) => o.a?.b;',
    rule: 'optional-chaining',
    bundled: 'lowered',
  },
  { item: '??= (lowered at es2015)', src: 'export function f(o: { a?: number }) { o.a ??= 1; return o; }', rule: 'logical-assignment', bundled: 'lowered' },
  { item: '||= (lowered at es2015)', src: 'export function f(o: { a?: number }) { o.a ||= 1; return o; }', rule: 'logical-assignment', bundled: 'lowered' },
  { item: '** (lowered to the inexact Math.pow)', src: 'export const f = (x: number) => x ** 40;', rule: 'exponent', bundled: 'math-pow' },
  { item: 'Map', src: 'export const m = new Map<string, number>();', rule: 'missing-global' },
  { item: 'Set', src: 'export const s = new Set<number>();', rule: 'missing-global' },
  { item: 'WeakMap', src: 'export const w = new WeakMap<object, number>();', rule: 'missing-global' },
  { item: 'WeakSet', src: 'export const w = new WeakSet<object>();', rule: 'missing-global' },
  { item: 'Symbol', src: 'export const k = Symbol("k");', rule: 'missing-global' },
  { item: 'BigInt()', src: 'export const b = BigInt(1);', rule: 'missing-global' },
  { item: 'BigInt literal', src: 'export const b = 10n;', rule: 'bigint', bundled: 'missing-global' },
  {
    item: '#private field (lowered to a WeakMap)',
    src: 'export class C { #x = 1; get() { return this.#x; } }',
    rule: 'private-field',
    bundled: 'missing-global',
  },
  { item: 'labeled statement', src: 'export function f() { outer: for (let i = 0; i < 3; i++) { for (;;) break outer; } }', rule: 'label' },
  { item: 'computed key, object literal', src: 'export const f = (k: string) => ({ [k]: 1 });', rule: 'computed-key' },
  { item: 'computed key, class member', src: 'const k = "m";\nexport class C { [k]() { return 1; } }', rule: 'computed-key' },
  { item: 'tagged template', src: 'declare function tag(s: TemplateStringsArray): string;\nexport const s = tag`x`;', rule: 'tagged-template' },
  { item: 'new.target', src: 'export function F() { if (!new.target) throw new Error("new"); }', rule: 'new-target' },
  { item: 'class extends Error with super(message)', src: 'export class E extends Error { constructor(m: string) { super(m); } }', rule: 'extends-error' },
  { item: 'error .name', src: 'export function f(g: () => void) { try { g(); } catch (e) { return (e as Error).name; } return ""; }', rule: 'error-name' },
  { item: 'Array.from', src: 'export const f = (s: string) => Array.from(s);', rule: 'missing-builtin' },
  { item: 'Array.of', src: 'export const f = () => Array.of(1, 2);', rule: 'missing-builtin' },
  { item: '.flat', src: 'export const f = (l: number[][]) => l.flat();', rule: 'missing-builtin' },
  { item: '.flatMap', src: 'export const f = (l: number[]) => l.flatMap((x) => [x, x]);', rule: 'missing-builtin' },
  { item: '.at', src: 'export const f = (l: number[]) => l.at(-1);', rule: 'missing-builtin' },
  { item: '.findLast', src: 'export const f = (l: number[]) => l.findLast((x) => x > 1);', rule: 'missing-builtin' },
  { item: '.lastIndexOf', src: 'export const f = (l: number[]) => l.lastIndexOf(1);', rule: 'missing-builtin' },
  { item: '.reduceRight', src: 'export const f = (l: number[]) => l.reduceRight((a, x) => a + x, 0);', rule: 'missing-builtin' },
  {
    item: 'array .keys()',
    src: 'export function f(l: number[]) { for (const i of l.keys()) g(i); }\ndeclare function g(i: number): void;',
    rule: 'missing-builtin',
  },
  { item: 'array .entries()', src: 'export const f = (l: number[]) => l.entries();', rule: 'missing-builtin' },
  { item: 'Object.freeze', src: 'export const o = Object.freeze({ a: 1 });', rule: 'missing-builtin' },
  { item: 'Number.isInteger', src: 'export const f = (x: number) => Number.isInteger(x);', rule: 'missing-builtin' },
  { item: 'Number.isFinite', src: 'export const f = (x: number) => Number.isFinite(x);', rule: 'missing-builtin' },
  { item: 'Number.EPSILON', src: 'export const e = Number.EPSILON;', rule: 'missing-builtin' },
  { item: 'Math.trunc', src: 'export const f = (x: number) => Math.trunc(x);', rule: 'missing-builtin' },
  { item: 'Math.hypot', src: 'export const f = (x: number, y: number) => Math.hypot(x, y);', rule: 'missing-builtin' },
  { item: 'Math.log2', src: 'export const f = (x: number) => Math.log2(x);', rule: 'missing-builtin' },
  { item: '.trimStart', src: 'export const f = (s: string) => s.trimStart();', rule: 'missing-builtin' },
  { item: 'Promise.race', src: 'export const f = (p: Promise<number>[]) => Promise.race(p);', rule: 'missing-builtin' },
  { item: 'Promise.allSettled', src: 'export const f = (p: Promise<number>[]) => Promise.allSettled(p);', rule: 'missing-builtin' },
  { item: 'Promise.any', src: 'export const f = (p: Promise<number>[]) => Promise.any(p);', rule: 'missing-builtin' },
  { item: 'Promise .finally', src: 'export const f = (p: Promise<number>) => p.finally(() => 1);', rule: 'missing-builtin' },
  { item: 'no hoisting: a call above the declaration', src: 'export const x = start();\nfunction start() { return 1; }', rule: 'hoisting' },
  {
    item: 'let closure captured in a loop',
    src: 'export const fns: (() => number)[] = [];\nfor (let i = 0; i < 3; i++) fns.push(() => i);',
    rule: 'loop-closure',
  },
  {
    item: 'const closure captured in a for…of',
    src: 'declare function later(f: () => void): void;\nexport function f(l: string[]) { for (const p of l) later(() => g(p)); }\ndeclare function g(p: string): void;',
    rule: 'loop-closure',
  },
  { item: 'built-in method through its prototype', src: 'export function f() { return Array.prototype.slice.call(arguments); }', rule: 'builtin-prototype' },
];

/** Plain JavaScript of a sample (types stripped, nothing lowered). */
const asWritten = (src: string): string => esbuild.transformSync(src, { loader: 'ts', target: 'esnext' }).code;
/** What the build's esbuild settings make of it. */
const asBundled = (src: string): string => esbuild.transformSync(src, { loader: 'ts', target: 'es2015', format: 'iife' }).code;
const rules = (code: string): string[] => checkSource(code).map((p) => p.rule);

describe('compatibility gate: every construct Espruino 2v29 fails on', () => {
  for (const t of ITEMS) {
    it(`${t.item}: ${t.rule}${t.bundled ? `, bundled: ${t.bundled}` : ''}`, () => {
      expect(rules(asWritten(t.src)), t.src).toContain(t.rule);
      const out = asBundled(t.src);
      if (t.bundled === 'lowered') return expect(rules(out), out).toEqual([]);
      expect(rules(out), out).toContain(t.bundled ?? t.rule);
    });
  }
});

describe('compatibility gate: every measured probe (gate-probes.ts), as written and after esbuild', () => {
  for (const p of PROBES) {
    it(`${p.id}: ${p.works ? 'runs on Espruino, passes the gate' : `fails on Espruino, ${p.rule}`}`, () => {
      const written = rules(`var r = ${p.js};`);
      if (p.works) expect(written, p.js).toEqual([]);
      else expect(written, p.js).toContain(p.rule);
      // What the build's esbuild settings make of it: still refused, or rewritten into code that
      // runs (the real-interpreter test runs those and checks they do).
      const out = lowered(p.js);
      if (p.works || LOWERED_PROBES.includes(p.id)) expect(rules(out), out).toEqual([]);
      else expect(rules(out), out).not.toEqual([]);
    });
  }

  it('the probes are honest: each is true on a conforming engine (Node)', () => {
    for (const p of PROBES) {
      expect((0, eval)(p.js), p.id).toBe(true);
      let r: unknown;
      new Function('probeResult', lowered(p.js))((v: unknown) => (r = v));
      expect(r, `${p.id} after esbuild`).toBe(true);
    }
  });
});

describe('the build fails on what the gate catches', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-gate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a firmware entry with destructuring and a Map does not build; the problems name the file and line', () => {
    const app = path.join(dir, 'bad-app.ts');
    writeFileSync(
      app,
      [
        'export function start(c: { d: string }, p: unknown[]): void {',
        '  const { d } = c;',
        '  const seen = new Map<string, unknown[]>();',
        '  seen.set(d, p);',
        '}',
        '',
      ].join('\n'),
    );
    let err: unknown;
    try {
      buildFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', app });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FirmwareBuildError);
    const problems = (err as FirmwareBuildError).problems as { rule: string; source?: string }[];
    expect(problems.map((p) => p.rule).sort()).toEqual(['destructuring', 'missing-global']);
    expect(problems.every((p) => p.source?.endsWith('bad-app.ts'))).toBe(true);
    expect((err as Error).message).toMatch(/compatibility gate: 2 problem\(s\)[\s\S]*bad-app\.ts: line \d+:\d+ \[destructuring\]/);
  });

  it('the same entry written the Espruino way builds', () => {
    const app = path.join(dir, 'good-app.ts');
    writeFileSync(
      app,
      ['const seen: Record<string, unknown[]> = {};', 'export function start(c: { d: string }, p: unknown[]): void {', '  seen[c.d] = p;', '}', ''].join('\n'),
    );
    expect(buildFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', app }).bytes).toBeGreaterThan(0);
  });
});
