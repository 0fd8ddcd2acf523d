/**
 * The escape after esbuild (ascii.ts): what leaves the build is printable ASCII and newlines
 * only, and every string, template and regex keeps its value. esbuild's minified output writes
 * control characters raw (and folds String.fromCharCode(2) into one): the escape puts them back
 * as \x escapes, which the upload tool passes through untouched.
 */
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeForUpload, escapeLiteral, wideEscape } from './ascii';
import { checkSource } from './gate';

const shippable = (s: string): boolean => /^[\x20-\x7e\n]*$/.test(s);
const minified = (src: string): string => esbuild.transformSync(src, { loader: 'js', target: 'es2015', minify: true }).code;
/** Evaluates an expression in Node. */
const value = (expr: string): unknown => (0, eval)(`(${expr})`);

describe('escape for the upload path', () => {
  it('esbuild writes control characters raw; after the escape the bundle is printable ASCII with the same values', () => {
    const src =
      'probe(["\\x02", String.fromCharCode(3), "MQTT" + String.fromCharCode(4), "\\t|\\x7f|\\x1b|\\0", `a\\x01${x}\\n`, /\\x02[\\x03-\\x05]/.source]);';
    const raw = minified(src);
    expect(shippable(raw)).toBe(false);
    const out = escapeForUpload(raw);
    expect(shippable(out), out).toBe(true);
    const run = (code: string): unknown => {
      let got: unknown;
      new Function('probe', 'x', code)((v: unknown) => (got = v), 7);
      return got;
    };
    expect(run(out)).toEqual(run(raw));
    expect(run(out)).toEqual(['\x02', '\x03', 'MQTT\x04', '\t|\x7f|\x1b|\0', 'a\x017\n', '\\x02[\\x03-\\x05]']);
    expect(out).toContain('"\\x02"');
    expect(out).toContain('"MQTT\\x04"');
  });

  it('bytes up to 0xFF become \\x escapes; wider characters \\u escapes, which the gate refuses', () => {
    expect(escapeLiteral('"\u00ff\u00d4"', 'string')).toBe('"\\xff\\xd4"');
    expect(escapeLiteral('"\u2713"', 'string')).toBe('"\\u2713"');
    expect(wideEscape('"\\xff\\u00e9"')).toBeNull();
    expect(wideEscape('"\\u2713"')).toBe('\\u2713');
    expect(wideEscape('"\\\\u2713"')).toBeNull();
    expect(checkSource(escapeForUpload('var s = "\u2713";')).map((p) => p.rule)).toEqual(['non-ascii-escape']);
    expect(checkSource(escapeForUpload('var s = "\u00e9\x02";'))).toEqual([]);
  });

  it('templates: a raw line break (CR, CRLF or LF) becomes \\n; a line continuation is dropped; placeholders stay code', () => {
    const src = 'var t = `a\r\nb\rc\nd\\\ne${1 + 1}\x02`;';
    const out = escapeForUpload(src);
    expect(shippable(out)).toBe(true);
    expect(value(out.slice('var t = '.length, -1))).toBe(value(src.slice('var t = '.length, -1)));
    expect(out).toContain('${1 + 1}');
  });

  it('an identity escape of a raw character is replaced along with its backslash', () => {
    const src = '"a\\\x02b"';
    expect(escapeForUpload(src)).toBe('"a\\x02b"');
    expect(value(escapeForUpload(src))).toBe('a\x02b');
  });

  it('regex literals keep their meaning: a raw control character becomes \\xNN, in a class too', () => {
    const src = 'var r = /a\x02[\x03-\x05]\t/g;';
    const out = escapeForUpload(src);
    expect(shippable(out)).toBe(true);
    const re = value(out.slice('var r = '.length, -1)) as RegExp;
    expect(re.test('a\x02\x04\t')).toBe(true);
    expect(re.flags).toBe('g');
  });

  it('between tokens a tab is a space; in a comment a non-ASCII character is ?; a non-ASCII name is left for the gate', () => {
    expect(escapeForUpload('var\ta = 1; // 5\u00a0\u00b5s\n/* \u2713 */ var b = 2;')).toBe('var a = 1; // 5??s\n/* ? */ var b = 2;');
    const named = escapeForUpload('var caf\u00e9 = 1;');
    expect(checkSource(named).map((p) => p.rule)).toEqual(['ascii']);
  });

  it('any string through esbuild and the escape keeps its value (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x2fff }).map((n) => String.fromCharCode(n)), maxLength: 40 }), (s) => {
        const src = `probe(${JSON.stringify(s)}, \`<${'${x}'}>${s.replace(/[`\\$]/g, '\\$&')}\`);`;
        const out = escapeForUpload(minified(src));
        if (!shippable(out)) return false;
        const got: unknown[] = [];
        new Function('probe', 'x', out)((...v: unknown[]) => got.push(...v), 1);
        return got[0] === s && got[1] === `<1>${s.replace(/\r\n?/g, '\n')}`;
      }),
      { numRuns: 300 },
    );
  });
});
