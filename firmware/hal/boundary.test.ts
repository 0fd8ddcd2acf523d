/**
 * The HAL is the only code that touches Espruino: of the files a bundle is made of, only
 * firmware/hal/hal.ts uses a global that is not plain JavaScript (getTime, setWatch, pins, I2C1,
 * USB, Serial1/2, E, timers, require …). The bundle holds the firmware's own files and the
 * protocol constants, never the Node-side build or simulator.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bundleSources, declaredIn, isValueReference, resolve } from '../build/source-graph';

/** Plain JavaScript that Espruino has too (ESPRUINO.md "Works"), usable anywhere. */
const LANGUAGE = new Set([
  'Math',
  'JSON',
  'String',
  'Number',
  'Object',
  'Array',
  'Uint8Array',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'parseInt',
  'undefined',
  'NaN',
  'Infinity',
  'isNaN',
]);

const src = bundleSources();

/** Globals a file uses beyond plain JavaScript, by name. */
function platformGlobals(sf: ts.SourceFile): string[] {
  const out = new Set<string>();
  const walk = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && isValueReference(n) && !LANGUAGE.has(n.text)) {
      const s = resolve(src.checker, n);
      if (declaredIn(s, src.files).length === 0) out.add(n.text);
    }
    ts.forEachChild(n, walk);
  };
  walk(sf);
  return [...out].sort();
}

describe('hardware abstraction boundary', () => {
  it('the bundle is made of firmware app, hal, core, sensors and link files, the protocol constants and the meaning of an edge only', () => {
    const files = [...src.files.keys()].sort();
    expect(files).toContain('firmware/hal/hal.ts');
    for (const f of files)
      expect(f, f).toMatch(
        /^(firmware\/(app|hal\/hal|core\/\w+|sensors\/[\w-]+|link\/\w+)\.ts|shared\/protocol\/wire\.ts|shared\/sensors\/(edge|ball-set)\.ts)$/,
      );
    expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });

  it('hal.ts is where the Espruino globals are used (the check sees them)', () => {
    const used = platformGlobals(src.files.get('firmware/hal/hal.ts')!);
    for (const g of [
      'getTime',
      'setWatch',
      'clearWatch',
      'pinMode',
      'digitalRead',
      'analogRead',
      'I2C1',
      'USB',
      'LoopbackA',
      'Serial1',
      'Serial2',
      'E',
      'ESPRUINO_REQUIRE',
      'setTimeout',
      'setInterval',
    ]) {
      expect(used, g).toContain(g);
    }
  });

  it('no other bundle file uses an Espruino global, a timer or require', () => {
    const offenders: Record<string, string[]> = {};
    for (const [file, sf] of src.files) {
      if (file === 'firmware/hal/hal.ts') continue;
      const used = platformGlobals(sf);
      if (used.length) offenders[file] = used;
    }
    expect(offenders).toEqual({});
  });
});
