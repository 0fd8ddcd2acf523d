/**
 * Edge handling is constant work with no allocation beyond the outgoing line: the functions on
 * the path from a setWatch callback to the ring buffer and the link create no object, array,
 * closure or typed array, and loop only over a fixed bound (the line's tag bytes, the burst).
 * Checked on the TypeScript source; bench/firmware.ts measures it on the simulated board.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** File -> functions on the edge path. */
const EDGE_PATH: Record<string, string[]> = {
  'core/time.ts': ['split', 'digits', 'micros'],
  'core/ring.ts': ['ringPush', 'ringAck', 'ringPending'],
  'core/device.ts': ['emit', 'pump', 'evLine', 'setFault'],
  'sensors/beam.ts': ['ballEvent', 'beamEdge', 'dropEdge', 'beamTick'],
  'sensors/piezo.ts': ['piezoHit', 'piezoTick'],
  'link/serial.ts': ['sendLine'],
  'link/mqtt.ts': ['sendLine', 'str', 'pkt', 'tx'],
};

/** The only loops on the edge path, each with a fixed bound. */
const BOUNDED_LOOPS: Record<string, string> = {
  emit: 'tag bytes, at most 8',
  evLine: 'tag bytes, at most 8',
  pump: 'BURST lines',
  pkt: 'remaining-length bytes, at most 4',
};

function loops(fn: ts.FunctionDeclaration): number {
  let n = 0;
  const walk = (x: ts.Node): void => {
    if (ts.isForStatement(x) || ts.isForOfStatement(x) || ts.isForInStatement(x) || ts.isWhileStatement(x) || ts.isDoStatement(x)) n++;
    ts.forEachChild(x, walk);
  };
  if (fn.body) walk(fn.body);
  return n;
}

function allocations(fn: ts.FunctionDeclaration, sf: ts.SourceFile): string[] {
  const found: string[] = [];
  const walk = (n: ts.Node): void => {
    if (
      ts.isObjectLiteralExpression(n) ||
      ts.isArrayLiteralExpression(n) ||
      ts.isNewExpression(n) ||
      ts.isFunctionExpression(n) ||
      ts.isArrowFunction(n) ||
      ts.isRegularExpressionLiteral(n)
    ) {
      found.push(n.getText(sf).slice(0, 40));
    }
    ts.forEachChild(n, walk);
  };
  if (fn.body) walk(fn.body);
  return found;
}

describe('edge path: constant work, no allocation but the outgoing line', () => {
  for (const [file, names] of Object.entries(EDGE_PATH)) {
    it(`${file}: ${names.join(', ')}`, () => {
      const src = readFileSync(path.join(ROOT, file), 'utf8');
      const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
      const fns = new Map<string, ts.FunctionDeclaration>();
      sf.forEachChild((n) => {
        if (ts.isFunctionDeclaration(n) && n.name) fns.set(n.name.text, n);
      });
      for (const name of names) {
        const fn = fns.get(name);
        expect(fn, `${name} in ${file}`).toBeDefined();
        expect(allocations(fn!, sf), `${file} ${name}`).toEqual([]);
        expect(loops(fn!), `loops in ${file} ${name}`).toBe(BOUNDED_LOOPS[name] ? 1 : 0);
      }
    });
  }
});
