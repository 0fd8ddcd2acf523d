/**
 * The compatibility gate catches every rule (one failing sample each) and passes valid code
 * (one passing sample, and every shipped bundle). Samples are plain JavaScript as they would
 * appear in the output bundle; a second set goes through esbuild first, to show what esbuild at
 * es2015 leaves in (or injects) is caught too.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { BoardIds } from '../../shared/profile';
import { checkSource, RULES } from './gate';
import { buildFirmware, FirmwareBuildError, PROFILES_DIR } from './build';

const FAILING: Record<string, string[]> = {
  // Raw bytes the upload tool rewrites: a control character in a string, a tab in a template, a
  // non-ASCII name, a non-ASCII character in a comment.
  ascii: ['var s = "\x02";', 'var t = `a\tb`;', 'var caf\u00e9 = 1;', '// 5 \u00b5s\nvar x = 1;'],
  'non-ascii-escape': ['var s = "\\u2713";', 'var t = `\\u{1F600}`;', 'var r = /\\u2713/;', 'var \\u0061b = 1;'],
  'default-param': ['function f(a, b = 1) { return a + b; }', 'var g = (x = 2) => x;'],
  'rest-param': ['function f(...xs) { return xs; }'],
  spread: ['var a = [...b];', 'f(...args);', 'var o = { ...p };'],
  destructuring: ['var { a, b } = o;', 'const [x, y] = arr;', 'function f({ a }) { return a; }', '[a, b] = [b, a];', 'for (const [k, v] of list) use(k, v);'],
  async: ['async function f() { await g(); }', 'var h = async () => 1;'],
  generator: ['function* gen() { yield 1; }'],
  'optional-chaining': ['var x = a?.b;', 'f?.();'],
  'logical-assignment': ['a ??= 1;', 'b ||= 2;', 'c &&= 3;'],
  exponent: ['var x = 2 ** 10;', 'y **= 2;'],
  bigint: ['var n = 10n;'],
  'missing-global': [
    'var m = new globalThis.Map();',
    'var s = new window.Set();',
    'var g = global; var w = new g["WeakMap"]();',
    'var m = new Map();',
    'var s = new Set([1]);',
    'var w = new WeakMap();',
    'var ws = new WeakSet();',
    'var k = Symbol("k");',
    'var b = BigInt(1);',
    'var p = new Proxy({}, {});',
    'var r = Reflect.ownKeys(o);',
    'var wr = new WeakRef(o);',
    'var it = o[Symbol.iterator];',
  ],
  label: ['outer: for (var i = 0; i < 3; i++) { for (;;) break outer; }'],
  'computed-key': ['var o = { [k]: 1 };', 'class C { [k]() {} }'],
  'tagged-template': ['var s = tag`x${1}`;'],
  'new-target': ['function F() { if (!new.target) throw 1; }'],
  'extends-error': [
    'class MyError extends Error { constructor(m) { super(m); } }',
    'class Bad extends TypeError {}',
    'const Base = Error; class E2 extends Base {}',
  ],
  'error-name': [
    'try { f(); } catch (e) { log(e.name); }',
    'p.catch(function (err) { return err.name === "TypeError"; });',
    'p.catch((err) => err["name"]);',
    'var n = new RangeError("x").name;',
    'var e = new Error("x"); log(e.name);',
    'function kind(err) { return err.name; } try { f(); } catch (e) { kind(e); }',
    'function kind(err) { return err.name; } kind(new TypeError("x"));',
  ],
  'math-pow': ['var big = Math.pow(2, 40);', 'var p2 = Math["pow"](x, 3);'],
  'private-field': ['class C { #x = 1; get() { return this.#x; } }'],
  'missing-builtin': [
    'var a = Array.from(x);',
    'var b = Array.of(1);',
    'var c = list.flat();',
    'var d = list.flatMap(f);',
    'var e = list.at(-1);',
    'var f2 = list.findLast(p);',
    'var g = list.lastIndexOf(1);',
    'var h = list.reduceRight(f, 0);',
    'var i = s.trimStart();',
    'Object.freeze(o);',
    'var j = Number.isInteger(1);',
    'var k = Number.isFinite(1);',
    'var l = Number.EPSILON;',
    'var m = Math.trunc(1.5);',
    'var n = Math.hypot(3, 4);',
    'var q = Math.log2(8);',
    'Promise.race([a]);',
    'Promise.allSettled([a]);',
    'Promise.any([a]);',
    'p.then(f).finally(g);',
    'for (var x of list.keys()) use(x);',
    'var en = list.entries();',
    'var fi = list.findLastIndex(p);',
    'var te = s.trimEnd();',
    'var si = Number.isSafeInteger(1);',
    'var os = Object.getOwnPropertySymbols(o);',
    // The same through a string key.
    'var a2 = Array["from"](x);',
    'var c2 = list["flat"]();',
    'var d = Date.UTC(2020, 0, 1);',
    'var p = Number.parseInt(s, 10);',
    'var nn = Number.isNaN(x);',
    'var mx = Number.MAX_SAFE_INTEGER;',
    'var l10 = Math.log10(x) + Math.cbrt(x) + Math.imul(x, 3) + Math.fround(x);',
    'var cp = s.codePointAt(0);',
    'var fc = String.fromCodePoint(97);',
    'var same = Object.is(a, b);',
    'var cw = buf.copyWithin(0, 1);',
    'var u8 = Uint8Array.from([1, 2]);',
    'var A = Array; var a3 = A.from(x);',
    'var f3 = globalThis.Array.from(x);',
    'var v = list.values();',
  ],
  'json-second-argument': [
    'JSON.stringify(o, null, 2);',
    'JSON.stringify(o, ["a"]);',
    'JSON.parse(s, function (k, v) { return v; });',
    'var p = JSON.parse; p(s, r);',
  ],
  regex: [
    'var r = /colou?r/;',
    'var n = s.split(/\\r?\\n/);',
    'var r = /a(?=b)/;',
    'var r = /(?<y>\\d+)/;',
    'var r = /a{2,3}/;',
    'var r = /(ab)+/;',
    'var r = /((a)b)/;',
    'var r = /(a)\\1/;',
    'var r = /\\bword/;',
    'var r = /^a/m;',
    'var r = new RegExp("colou?r");',
    'var r = RegExp("a", "s");',
  ],
  'builtin-prototype': [
    'var args = Array.prototype.slice.call(arguments);',
    'var AP = Array.prototype; var x = AP.slice.call(l, 1);',
    'var sub = Uint8Array.prototype.subarray.call(b, 1);',
    'var t = Object.prototype.toString.call(o);',
    'var G = globalThis; var m = G.Array.prototype.map.call(l, f);',
  ],
  hoisting: [
    'start();\nfunction start() { return 1; }',
    // Through a function defined in time that calls one defined too late.
    'function a() { return b(); }\nvar x = a();\nfunction b() { return 1; }',
    // esbuild-style helper used before its definition.
    'var y = __helper(1);\nfunction __helper(v) { return v; }',
  ],
  'loop-closure': [
    'for (let i = 0; i < 3; i++) fns.push(function () { return i; });',
    'for (const p of pins) setWatch(() => handle(p), p, {});',
    'for (let i in o) later(() => i);',
  ],
};

const PASSING = `
var KINDS = ['goal', 'pocket'];
function add(a, b) { return a + b; }
function twice(f, x) { return f(f(x)); }
var total = twice(function (v) { return add(v, 1); }, 1);
var o = { a: 1, b: function () { return this.a; }, c() { return 2; } };
var p = Object.assign({}, o, { d: Object.keys(o).length, e: Object.entries(o) });
class Base { constructor(x) { this.x = x; } m() { return this.x; } static make() { return new Base(1); } get y() { return 1; } }
class Sub extends Base { constructor() { super(2); } m() { return super.m() + 1; } }
var n = a != null ? a : 3;
var q = a ?? 3;
var t = \`t\${total}\`;
var arr = new Uint32Array(4).fill(0);
for (let i = 0; i < arr.length; i++) arr[i] = i;
for (const k of KINDS) use(k);
KINDS.forEach(function (k, i) { setWatch(function () { fire(i); }, k, {}); });
var found = KINDS.find(function (k) { return k === 'goal'; }) || KINDS.includes('x');
try { JSON.parse('x'); } catch (e) { n = 0; } finally { n++; }
Promise.all([Promise.resolve(1)]).then(function () { return 1; }).catch(function () { return 0; });
var s = 'abc'.padStart(5, ' ').startsWith(' ');
var words = 'a b'.split(' ').map(function (w) { return w.toUpperCase(); });
var m = Math.floor(Math.random() * 36) + Math.round(1.5);
var key = 'x'; var dyn = {}; dyn[key] = 1;
try { f(); } catch (e) { n = e.message; }
var sensor = { name: 'g1' }; var label = sensor.name;
var sq = m * m;
function later2() { return add(1, 2); }
E.on('init', later2);
var own = Object.prototype.hasOwnProperty.call(o, 'k');
var hop = Object.prototype.hasOwnProperty; var own2 = hop.call(o, 'k');
for (var j = 0; j < 3; j++) { const v = j; later(function () { return v; }); }
while (more()) { let w = next(); later(() => use(w)); }
var err = new Error('x'); var why = err.message;
var json = JSON.stringify({ a: 1 }) + JSON.parse('1');
var re = /^[a-c]+\\d*(x|y)z$/gi; var lit = /a\\?[?{(]/; var brace = /a{b/;
var byte = '\\xff\\xd4' + '\\u00e9' + "\\x02";
var vals = Object.values(o); var ents = Object.entries(o);
class Own { static make() { return new Own(); } }
var Map2 = function () {}; var notMap = { Map: 1 }.Map;
function local() { var Map = Map2; return new Map(); }
`;

describe('compatibility gate', () => {
  for (const rule of Object.keys(RULES)) {
    it(`catches ${rule}: ${RULES[rule]}`, () => {
      const samples = FAILING[rule];
      expect(samples, `a failing sample for ${rule}`).toBeDefined();
      for (const code of samples!) {
        const found = checkSource(code).map((p) => p.rule);
        expect(found, code).toContain(rule);
      }
    });
  }

  it('passes code that runs on Espruino', () => {
    expect(checkSource(PASSING)).toEqual([]);
  });

  it('reports the line and the source file of a problem in a readable bundle', () => {
    const code = '(() => {\n  // firmware/core/x.ts\n  function f(a = 1) {\n    return a;\n  }\n})();\n';
    const [p] = checkSource(code);
    expect(p).toMatchObject({ rule: 'default-param', line: 3, source: 'firmware/core/x.ts' });
  });

  const viaEsbuild = (ts: string): string[] =>
    checkSource(esbuild.transformSync(ts, { loader: 'ts', target: 'es2015', format: 'iife' }).code).map((p) => p.rule);

  it('catches what esbuild at es2015 leaves in or injects', () => {
    expect(viaEsbuild('export function f(a = 1) { return a; }')).toContain('default-param');
    expect(viaEsbuild('export const g = (...xs: number[]) => xs.length;')).toContain('rest-param');
    expect(viaEsbuild('export const h = (a: number[]) => [...a];')).toContain('spread');
    // Object spread is lowered to __spreadValues, which calls through Object.prototype.
    expect(viaEsbuild('export const h = (o: { a: number }) => ({ ...o });')).toEqual(expect.arrayContaining(['builtin-prototype', 'missing-builtin']));
    expect(viaEsbuild('export async function a() { await 1; }')).toEqual(expect.arrayContaining(['generator']));
    expect(viaEsbuild('export class C { #x = 1; get() { return this.#x; } }')).toContain('missing-global');
    expect(viaEsbuild('export const m = new Map<string, number>();')).toContain('missing-global');
    expect(viaEsbuild('export function f(o: { a?: { b: number } }) { return o.a?.b; }')).toEqual([]);
  });

  it('every shipped profile builds for every board it wires and passes the gate', { timeout: 120_000 }, () => {
    const shipped = readdirSync(PROFILES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    expect(shipped.length).toBeGreaterThanOrEqual(4);
    for (const profile of shipped) {
      for (const board of BoardIds) {
        const r = buildFirmware({ profile, board });
        expect(r.code.startsWith('(()=>{')).toBe(true);
        expect(checkSource(r.code)).toEqual([]);
        // What the upload tool sends unchanged: printable ASCII and newlines (RDM6300 markers,
        // the MQTT protocol level and packet headers are \x escapes).
        expect(r.code).toMatch(/^[\x20-\x7e\n]*$/);
        if (r.tag === 'RDM6300') expect(r.code).toContain('"\\x02"');
        if (r.cfg.link === 'mqtt') expect(r.code).toContain('"\\x04"');
        expect(r.code).not.toContain('ESPRUINO_REQUIRE');
        expect(r.code).toContain('require("Storage")');
        // Only the board's link is in the bundle.
        expect(r.code.includes('require("net")')).toBe(r.cfg.link === 'mqtt');
      }
    }
  });

  it('fails the build on an invalid profile, naming the problem', () => {
    expect(() => buildFirmware({ profile: { id: 'x', title: 'x', sensors: [], boards: {} } as never, board: 'esp32' })).toThrow(FirmwareBuildError);
  });
});
