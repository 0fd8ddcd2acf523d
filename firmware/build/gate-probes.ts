/**
 * Tiny programs, one construct each, that the gate's rules rest on. Each is a JavaScript
 * expression that is true on a conforming engine (Node checks that in gate-probes.test.ts).
 * `works` is what Espruino 2v29 does with it on the board-sized 32-bit build: false when it throws
 * (syntax error, missing function) or gives another value. The gate must refuse every probe that
 * does not work, under `rule`, and let every probe that works through; the real-interpreter test
 * (test/firmware/interpreter.test.ts) runs all of them on the interpreter and fails when a
 * measurement no longer holds, so the gate's list is measured rather than believed.
 */

export interface Probe {
  id: string;
  /** The gate rule that refuses it (for a probe that works: the rule it must not trip). */
  rule: string;
  js: string;
  works: boolean;
}

type Row = [id: string, js: string];

function group(rule: string, works: boolean, rows: Row[]): Probe[] {
  return rows.map(([id, js]) => ({ id, rule, js, works }));
}

export const PROBES: Probe[] = [
  ...group('default-param', false, [['default parameter', '(function (a, b = 1) { return a + b; })(1) === 2']]),
  ...group('rest-param', false, [['rest parameter', '(function (...a) { return a.length; })(1, 2) === 2']]),
  ...group('spread', false, [
    ['array spread', '[...[1, 2]].length === 2'],
    ['call spread', 'Math.max(...[1, 3]) === 3'],
    ['object spread', '({ ...{ a: 1 } }).a === 1'],
  ]),
  ...group('destructuring', false, [
    ['object destructuring', '(function () { var { a } = { a: 1 }; return a === 1; })()'],
    ['array destructuring', '(function () { var [a] = [1]; return a === 1; })()'],
  ]),
  ...group('async', false, [['async function', '(async function () { return 1; })() instanceof Promise']]),
  ...group('generator', false, [['generator', '(function* () { yield 1; })().next().value === 1']]),
  ...group('optional-chaining', false, [['optional chaining', '({ a: { b: 1 } }).a?.b === 1']]),
  ...group('logical-assignment', false, [
    ['??=', '(function () { var a; a ??= 1; return a === 1; })()'],
    ['||=', '(function () { var a = 0; a ||= 1; return a === 1; })()'],
  ]),
  ...group('exponent', false, [['** operator', '2 ** 10 === 1024']]),
  ...group('bigint', false, [['BigInt literal', '(function (x) { return x * 2n === 20n; })(10n)']]),
  ...group('missing-global', false, [
    ['Map', "typeof Map === 'function'"],
    ['Set', "typeof Set === 'function'"],
    ['WeakMap', "typeof WeakMap === 'function'"],
    ['Symbol', "typeof Symbol === 'function'"],
    ['Proxy', "typeof Proxy === 'function'"],
    ['Reflect', "typeof Reflect === 'object'"],
    ['globalThis.Map', "typeof globalThis.Map === 'function'"],
    ['global.Map', "typeof global.Map === 'function'"],
    ['an alias of globalThis', "(function () { var g = globalThis; return typeof g['Set'] === 'function'; })()"],
  ]),
  ...group('label', false, [['labeled statement', '(function () { outer: for (var i = 0; i < 3; i++) { for (;;) break outer; } return i === 0; })()']]),
  ...group('computed-key', false, [
    ['computed key, object literal', "({ ['a']: 1 }).a === 1"],
    ['computed key, class member', "(function () { var k = 'm'; class C { [k]() { return 1; } } return new C().m() === 1; })()"],
  ]),
  ...group('tagged-template', false, [['tagged template', "(function () { function t(s) { return s[0]; } return t`x` === 'x'; })()"]]),
  ...group('new-target', false, [['new.target', '(function () { function F() { return new.target === F; } return !!new F(); })()']]),
  ...group('private-field', false, [['#private field', '(function () { class C { #x = 1; g() { return this.#x; } } return new C().g() === 1; })()']]),
  ...group('extends-error', false, [
    ['class extends Error', "(function () { class E2 extends Error { constructor(m) { super(m); } } return new E2('x').message === 'x'; })()"],
    [
      'extends Error through an alias',
      "(function () { var Base = Error; class E2 extends Base { constructor(m) { super(m); } } return new E2('x').message === 'x'; })()",
    ],
  ]),
  ...group('error-name', false, [
    ['.name of a caught error', "(function () { try { null.x; } catch (e) { return e.name === 'TypeError'; } })()"],
    ['.name of an error in a variable', "(function () { var e = new Error('x'); return e.name === 'Error'; })()"],
    ['.name of an error in a parameter', "(function () { function f(e) { return e.name; } return f(new Error('x')) === 'Error'; })()"],
  ]),
  ...group('math-pow', false, [['Math.pow of a large power', 'Math.pow(3, 33) === 5559060566555523']]),
  ...group('missing-builtin', false, [
    ['Array.from', 'Array.from([1]).length === 1'],
    ['Array.of', 'Array.of(1).length === 1'],
    ['.flat', '[[1], [2]].flat().length === 2'],
    ['.at', '[1, 2].at(-1) === 2'],
    ['.lastIndexOf', '[1, 1].lastIndexOf(1) === 1'],
    ['.findLast', '[1, 2].findLast(function (x) { return x < 2; }) === 1'],
    ['array .keys()', '[1].keys().next().value === 0'],
    ['array .values()', '[1].values().next().value === 1'],
    ['Object.freeze', 'Object.isFrozen(Object.freeze({}))'],
    ['Object.is', 'Object.is(1, 1)'],
    ['Object.seal', "typeof Object.seal({}) === 'object'"],
    ['Number.isInteger', 'Number.isInteger(1)'],
    ['Number.isFinite', 'Number.isFinite(1)'],
    ['Number.EPSILON', 'Number.EPSILON > 0'],
    ['Number.parseInt', "Number.parseInt('12', 10) === 12"],
    ['Number.parseFloat', "Number.parseFloat('1.5') === 1.5"],
    ['Number.isNaN', 'Number.isNaN(NaN)'],
    ['Number.MAX_SAFE_INTEGER', 'Number.MAX_SAFE_INTEGER === 9007199254740991'],
    ['Number.MIN_SAFE_INTEGER', 'Number.MIN_SAFE_INTEGER === -9007199254740991'],
    ['Math.trunc', 'Math.trunc(1.5) === 1'],
    ['Math.hypot', 'Math.hypot(3, 4) === 5'],
    ['Math.log2', 'Math.log2(8) === 3'],
    ['Math.log10', 'Math.log10(1000) === 3'],
    ['Math.cbrt', 'Math.cbrt(27) === 3'],
    ['Math.imul', 'Math.imul(3, 4) === 12'],
    ['Math.fround', 'Math.fround(1) === 1'],
    ['Math.clz32', 'Math.clz32(1) === 31'],
    ['Math.expm1', 'Math.expm1(0) === 0'],
    ['Math.log1p', 'Math.log1p(0) === 0'],
    ['Math.sinh', 'Math.sinh(0) === 0'],
    ['Math.tanh', 'Math.tanh(0) === 0'],
    ['Date.UTC', 'Date.UTC(2020, 0, 1) === 1577836800000'],
    ['.codePointAt', "'a'.codePointAt(0) === 97"],
    ['String.fromCodePoint', "String.fromCodePoint(97) === 'a'"],
    ['String.raw', "String.raw({ raw: ['a'] }) === 'a'"],
    ['.normalize', "'a'.normalize() === 'a'"],
    ['.localeCompare', "'a'.localeCompare('b') < 0"],
    ['string .search', "'ab'.search('b') === 1"],
    ['.trimStart', "' a'.trimStart() === 'a'"],
    ['.trimLeft', "' a'.trimLeft() === 'a'"],
    ['.toPrecision', "(1.234).toPrecision(2) === '1.2'"],
    ['.copyWithin', '[1, 2, 3].copyWithin(0, 1)[0] === 2'],
    ['typed array .copyWithin', 'new Uint8Array([1, 2, 3]).copyWithin(0, 1)[0] === 2'],
    ['Uint8Array.from', 'Uint8Array.from([1, 2])[1] === 2'],
    ['Int32Array.of', 'Int32Array.of(1, 2)[1] === 2'],
    ['ArrayBuffer.isView', 'ArrayBuffer.isView(new Uint8Array(1))'],
    ['Promise .finally', 'Promise.resolve(1).finally(function () {}) instanceof Promise'],
    ['Uint8Array.from through an alias', '(function () { var U = Uint8Array; return U.from([1])[0] === 1; })()'],
  ]),
  ...group('json-second-argument', false, [
    ['JSON.stringify with a replacer list', "JSON.stringify({ a: 1, b: 2 }, ['a']) === '{\"a\":1}'"],
    ['JSON.stringify with a replacer function', "JSON.stringify({ a: 1 }, function (k, v) { return k === 'a' ? 2 : v; }) === '{\"a\":2}'"],
    ['JSON.stringify with an indent', 'JSON.stringify({ a: 1 }, null, 1) === \'{\\n "a": 1\\n}\''],
    ['JSON.parse with a reviver', "JSON.parse('{\"a\":1}', function (k, v) { return k === 'a' ? 2 : v; }).a === 2"],
  ]),
  ...group('regex', false, [
    ['? quantifier', "/colou?r/.test('color')"],
    ['? quantifier in a split', "'a\\r\\nb'.split(/\\r?\\n/).length === 2"],
    ['? quantifier through new RegExp', "new RegExp('colou?r').test('color')"],
    ['lazy quantifier', "/a+?/.exec('aaa')[0] === 'a'"],
    ['non-capturing group', "/(?:ab)+/.exec('abab')[0] === 'abab'"],
    ['lookahead', "/a(?=b)/.test('ab')"],
    ['negative lookahead', "/a(?!b)/.test('ac')"],
    ['lookbehind', "/(?<=a)b/.test('ab')"],
    ['named group', "/(?<x>a)/.exec('a').groups.x === 'a'"],
    ['{n,m} quantifier', "/a{2,3}/.test('aa')"],
    ['quantified group', "/(ab)+/.exec('abab')[0] === 'abab'"],
    ['a group nested in a group', "/((a)b)/.exec('ab')[2] === 'a'"],
    ['backreference', "/(a)\\1/.test('aa')"],
    ['word boundary', "/\\bb/.test('a b')"],
    ['\\u escape in a regex', "/\\u0041/.test('A')"],
    ['m flag', "/^b/m.test('a\\nb')"],
  ]),
  ...group('builtin-prototype', false, [
    ['Array.prototype.slice.call', 'Array.prototype.slice.call([1, 2], 1)[0] === 2'],
    ['a prototype through an alias', '(function () { var AP = Array.prototype; return AP.slice.call([1, 2], 1)[0] === 2; })()'],
    ['Uint8Array.prototype.subarray.call', 'Uint8Array.prototype.subarray.call(new Uint8Array([1, 2]), 1)[0] === 2'],
    ['Object.prototype.toString.call', "Object.prototype.toString.call([]) === '[object Array]'"],
    ['String.prototype.slice.call', "String.prototype.slice.call('abc', 1) === 'bc'"],
  ]),
  ...group('hoisting', false, [['a function called above its declaration', '(function () { var x = f(); function f() { return 1; } return x === 1; })()']]),
  ...group('loop-closure', false, [
    [
      'a closure over a let of the loop header',
      '(function () { var f = []; for (let i = 0; i < 3; i++) f.push(function () { return i; }); return f[0]() === 0; })()',
    ],
    [
      'a closure over a const of a for...of header',
      '(function () { var f = []; for (const x of [0, 1, 2]) f.push(function () { return x; }); return f[0]() === 0; })()',
    ],
  ]),
  ...group('non-ascii-escape', false, [['a \\u escape above 0xFF', "'\\u2713'.charCodeAt(0) === 0x2713"]]),
  // What runs, although a gate could easily think it does not (a rule must not trip on these).
  ...group('builtin-prototype', true, [
    ['Object.prototype.hasOwnProperty.call', "Object.prototype.hasOwnProperty.call({ a: 1 }, 'a')"],
    ['a method through an array literal', '[].slice.call([1, 2], 1)[0] === 2'],
    [
      'Function .call/.apply/.bind',
      '(function () { function f(x) { return this.a + x; } return f.call({ a: 1 }, 1) + f.apply({ a: 1 }, [1]) + f.bind({ a: 1 })(1) === 6; })()',
    ],
  ]),
  ...group('loop-closure', true, [
    [
      'a closure over a const of the loop body',
      '(function () { var f = []; for (var i = 0; i < 3; i++) { const v = i; f.push(function () { return v; }); } return f[0]() === 0 && f[2]() === 2; })()',
    ],
    [
      'a closure over a let of a while body',
      '(function () { var f = [], i = 0; while (i < 3) { let v = i; f.push(function () { return v; }); i++; } return f[0]() === 0 && f[2]() === 2; })()',
    ],
  ]),
  ...group('error-name', true, [['.message of an error in a variable', "(function () { var e = new Error('x'); return e.message === 'x'; })()"]]),
  ...group('non-ascii-escape', true, [
    ['a \\x escape of a byte', "'\\xe9'.charCodeAt(0) === 0xe9 && '\\xff'.length === 1"],
    ['a \\u escape up to 0xFF', "'\\u00e9'.charCodeAt(0) === 0xe9"],
  ]),
  ...group('regex', true, [
    ['*, +, classes, alternation, anchors', "/^a[b-d]+c*|x$/.test('abbd') && /\\d+/.exec('ab12')[0] === '12'"],
    ['a capturing group', "/(a|b)c/.exec('bc')[1] === 'b'"],
    ['g, i and y flags', "'AaA'.replace(/a/gi, 'x') === 'xxx' && /a/y.test('a')"],
    ['an escaped ? and ? in a class', "/a\\?/.test('a?') && /a[?]/.test('a?')"],
    ['a literal {', "/a{b/.test('a{b')"],
  ]),
  ...group('missing-builtin', true, [
    [
      'Object.keys/values/entries/assign',
      'Object.keys({ a: 1 }).length + Object.values({ a: 1 })[0] + Object.entries({ a: 1 }).length + Object.assign({}, { a: 1 }).a === 4',
    ],
    ['Object.fromEntries', "Object.fromEntries([['a', 1]]).a === 1"],
    ['Math.sign/min/max/atan2', 'Math.sign(-3) === -1 && Math.min(1, 2) === 1 && Math.atan2(0, 1) === 0'],
    [
      '.find/.findIndex/.includes/.fill',
      '[1, 2].find(function (x) { return x > 1; }) === 2 && [1, 2].findIndex(function (x) { return x > 1; }) === 1 && [1].includes(1) && [0].fill(1)[0] === 1',
    ],
    ['.padStart/.startsWith/.endsWith/.repeat', "'1'.padStart(3, '0') === '001' && 'ab'.startsWith('a') && 'ab'.endsWith('b') && 'a'.repeat(2) === 'aa'"],
    ['typed array methods', 'new Uint8Array([1, 2]).subarray(1)[0] === 2 && new Uint8Array([1, 2]).slice(1)[0] === 2 && new Int32Array(2).fill(-1)[1] === -1'],
    ['JSON.stringify/parse with one argument', 'JSON.stringify(JSON.parse(\'{"a":[1]}\')) === \'{"a":[1]}\''],
  ]),
  ...group('hoisting', true, [['a function called below its declaration', '(function () { function f() { return 1; } var x = f(); return x === 1; })()']]),
  ...group('spread', true, [
    [
      'classes, arrows, templates, shorthand, getters',
      "(function () { class A { constructor(x) { this.x = x; } get y() { return this.x + 1; } } var x = 1; var o = { x, m() { return 2; } }; return new A(1).y === 2 && o.m() === 2 && `a${1 + 1}` === 'a2' && (() => 3)() === 3; })()",
    ],
  ]),
];
