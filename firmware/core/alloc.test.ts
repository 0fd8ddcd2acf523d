/**
 * Edge handling is constant work with no allocation beyond the outgoing line. The edge path is
 * not a hand-kept list: it is every function reachable (through the type checker's call
 * resolution, across files) from what the setWatch callbacks call, the link's send functions
 * (reached through linkUse, an indirection no static call graph follows) and the per-sensor
 * tick checks that finish an edge (a rattle, a stuck beam). Each such function may build
 * strings (the line) but creates no object, array, closure, regular expression or typed array,
 * and loops only where the bound is fixed. bench/firmware.ts measures the same at run time.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bundleSources, functionOf, resolve } from '../build/source-graph';

/** The only loops on the edge path, each with a fixed bound. */
const BOUNDED_LOOPS: Record<string, string> = {
  'firmware/core/device.ts emit': 'tag bytes, at most OB (8)',
  'firmware/core/device.ts evLine': 'tag bytes, at most OB (8)',
  'firmware/core/device.ts pump': 'BURST lines',
  'firmware/link/mqtt.ts pkt': 'remaining-length bytes, at most 4',
  'firmware/sensors/colour.ts colourRead': 'ball labels, at most 8 (profile schema)',
  'firmware/sensors/pocket-colour.ts pocketColourStart': 'feature sums, FN (6)',
  'firmware/sensors/pocket-colour.ts pocketColourAmbient': 'colour channels, 4',
  'firmware/sensors/pocket-colour.ts pocketColourStep': 'sensors, at most 32 (profile schema)',
  'firmware/sensors/ballid.ts distances': 'balls of the set, at most 24 (profile schema)',
  'firmware/sensors/ballid.ts weigh': 'balls of the set, at most 24 (profile schema)',
};

/** Per-sensor checks run on the tick that complete an edge's handling (and the pocket colour sampler's timer: it sends the capture). */
const TICK_ROOTS = ['beamTick', 'piezoTick', 'pocketColourStep'];

const src = bundleSources();
type Fn = { file: string; fn: ts.FunctionDeclaration };
const key = (f: Fn): string => `${f.file} ${f.fn.name!.text}`;

/** Functions called (by name, resolved) anywhere inside `n`. */
function callees(n: ts.Node): Fn[] {
  const out: Fn[] = [];
  const walk = (x: ts.Node): void => {
    if (ts.isCallExpression(x) && ts.isIdentifier(x.expression)) {
      const f = functionOf(resolve(src.checker, x.expression), src.files);
      if (f) out.push(f);
    }
    ts.forEachChild(x, walk);
  };
  walk(n);
  return out;
}

/** The first argument of calls to `name` (resolved) in every bundle file: callbacks, functions. */
function argumentsOf(name: string, index: number): ts.Expression[] {
  const out: ts.Expression[] = [];
  for (const sf of src.files.values()) {
    const walk = (x: ts.Node): void => {
      if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && x.expression.text === name && x.arguments[index]) out.push(x.arguments[index]);
      ts.forEachChild(x, walk);
    };
    walk(sf);
  }
  return out;
}

function topLevel(name: string): Fn[] {
  const out: Fn[] = [];
  for (const [file, sf] of src.files) {
    sf.forEachChild((n) => {
      if (ts.isFunctionDeclaration(n) && n.name?.text === name && n.body) out.push({ file, fn: n });
    });
  }
  return out;
}

/** A callback given as `handler.bind(null, …)` (a watch bound to its sensor): the handler. */
function boundHandler(cb: ts.Expression): Fn | null {
  if (!ts.isCallExpression(cb) || !ts.isPropertyAccessExpression(cb.expression) || cb.expression.name.text !== 'bind') return null;
  const target = cb.expression.expression;
  return ts.isIdentifier(target) ? functionOf(resolve(src.checker, target), src.files) : null;
}

function edgePath(): Map<string, Fn> {
  const roots: Fn[] = [];
  // setWatch callbacks (HAL watch(pin, edge, debounce, cb)): the bound handler, or what an inline callback calls.
  for (const cb of argumentsOf('watch', 3)) {
    const bound = boundHandler(cb);
    if (bound) roots.push(bound);
    else roots.push(...callees(cb));
  }
  // Link send functions handed to the device core.
  for (const a of argumentsOf('linkUse', 0)) {
    const f = ts.isIdentifier(a) ? functionOf(resolve(src.checker, a), src.files) : null;
    if (f) roots.push(f);
  }
  for (const name of TICK_ROOTS) roots.push(...topLevel(name));
  const seen = new Map<string, Fn>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(key(f))) continue;
    seen.set(key(f), f);
    stack.push(...callees(f.fn.body!));
  }
  return seen;
}

function loops(fn: ts.FunctionDeclaration): number {
  let n = 0;
  const walk = (x: ts.Node): void => {
    if (ts.isForStatement(x) || ts.isForOfStatement(x) || ts.isForInStatement(x) || ts.isWhileStatement(x) || ts.isDoStatement(x)) n++;
    ts.forEachChild(x, walk);
  };
  walk(fn.body!);
  return n;
}

function allocations(fn: ts.FunctionDeclaration): string[] {
  const found: string[] = [];
  const walk = (n: ts.Node): void => {
    if (
      ts.isObjectLiteralExpression(n) ||
      ts.isArrayLiteralExpression(n) ||
      ts.isNewExpression(n) ||
      ts.isFunctionExpression(n) ||
      ts.isArrowFunction(n) ||
      ts.isRegularExpressionLiteral(n) ||
      ts.isClassExpression(n) ||
      ts.isSpreadElement(n)
    ) {
      found.push(n.getText().slice(0, 40));
    }
    ts.forEachChild(n, walk);
  };
  walk(fn.body!);
  return found;
}

describe('edge path: constant work, no allocation but the outgoing line', () => {
  const path = edgePath();

  it('is found from the watch callbacks, the links and the tick checks', () => {
    const names = [...path.keys()];
    for (const k of [
      'firmware/sensors/beam.ts beamEdge',
      'firmware/sensors/beam.ts dropEdge',
      'firmware/sensors/piezo.ts piezoHit',
      'firmware/sensors/colour.ts colourRead',
      'firmware/core/device.ts emit',
      'firmware/core/ring.ts ringPush',
      'firmware/core/device.ts evLine',
      'firmware/core/time.ts digits',
      'firmware/link/serial.ts sendLine',
      'firmware/link/mqtt.ts sendLine',
      'firmware/link/mqtt.ts pkt',
      'firmware/hal/hal.ts i2cRead',
    ]) {
      expect(names, k).toContain(k);
    }
  });

  it('creates no object, array, closure or typed array in any of its functions', () => {
    const found: Record<string, string[]> = {};
    for (const [k, f] of path) {
      const a = allocations(f.fn);
      if (a.length) found[k] = a;
    }
    expect(found).toEqual({});
  });

  it('loops only with a fixed bound', () => {
    const found: Record<string, number> = {};
    for (const [k, f] of path) {
      const n = loops(f.fn);
      if (n !== (BOUNDED_LOOPS[k] ? 1 : 0)) found[k] = n;
    }
    expect(found).toEqual({});
  });
});
