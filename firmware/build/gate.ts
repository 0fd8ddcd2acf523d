/**
 * The compatibility gate: parses the OUTPUT bundle (JavaScript, with the TypeScript compiler's
 * parser) and reports everything Espruino 2v29 does not run (docs/firmware.md, "Compatibility
 * rules"). The build fails on any problem. Each rule has a failing and a passing sample in
 * gate.test.ts.
 */
import ts from 'typescript';

export interface Problem {
  rule: string;
  message: string;
  line: number;
  col: number;
  /** Source file of the bundle region (from esbuild's "// path" comments), if known. */
  source?: string;
}

/** Rule id -> what it catches (for docs and messages). */
export const RULES: Record<string, string> = {
  'default-param': 'default parameter values',
  'rest-param': 'rest parameters',
  spread: 'spread in arrays, calls or object literals',
  destructuring: 'destructuring of any kind',
  async: 'async functions and await',
  generator: 'generators and yield',
  'optional-chaining': 'optional chaining ?. (must be lowered)',
  'logical-assignment': '??=, ||=, &&= (must be lowered)',
  exponent: '** and **= (must be lowered)',
  bigint: 'BigInt literals',
  'missing-global': 'Map, Set, WeakMap, WeakSet, Symbol, BigInt, Proxy, Reflect, WeakRef',
  label: 'labeled statements',
  'computed-key': 'computed member names in classes and object literals',
  'tagged-template': 'tagged templates',
  'new-target': 'new.target and import.meta',
  'extends-error': 'class extends Error (or another Error type)',
  'error-name': 'the .name of an error (Espruino errors have none)',
  'math-pow': 'Math.pow, inexact for large values (also what esbuild lowers ** to)',
  'private-field': '#private members',
  'missing-builtin': 'built-ins Espruino lacks (Array.from, .flat, .at, Object.freeze, Math.trunc, Promise.race, …)',
  'builtin-prototype': 'calls through a built-in prototype (Array.prototype.slice.call)',
  hoisting: 'a function used before its declaration runs (no hoisting)',
  'loop-closure': 'a closure in a loop capturing a let/const of the loop (one shared binding)',
};

const MISSING_GLOBALS = ['Map', 'Set', 'WeakMap', 'WeakSet', 'Symbol', 'BigInt', 'Proxy', 'Reflect', 'WeakRef'];
const MISSING_STATIC: Record<string, string[]> = {
  Array: ['from', 'of'],
  Object: ['freeze', 'getOwnPropertySymbols'],
  Number: ['isInteger', 'isFinite', 'EPSILON', 'isSafeInteger'],
  Math: ['trunc', 'hypot', 'log2'],
  Promise: ['race', 'allSettled', 'any'],
};
const MISSING_METHODS = ['flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'lastIndexOf', 'reduceRight', 'trimStart', 'trimEnd', 'finally'];
/** Array iterator methods; allowed on `Object` (Object.keys/entries). */
const ITERATOR_METHODS = ['keys', 'entries'];
const BUILTIN_CTORS = ['Array', 'String', 'Object', 'Function', 'Number', 'Boolean', 'Date', 'RegExp'];
const ERROR_TYPES = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError'];

function isFunctionLike(n: ts.Node): n is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(n) ||
    ts.isFunctionExpression(n) ||
    ts.isArrowFunction(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isConstructorDeclaration(n) ||
    ts.isGetAccessor(n) ||
    ts.isSetAccessor(n)
  );
}

function isLoop(n: ts.Node): n is ts.IterationStatement {
  return ts.isForStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isWhileStatement(n) || ts.isDoStatement(n);
}

/**
 * Is `e` an error value: a `new Error(…)` (or another Error type), the variable of an enclosing
 * `catch (e)`, or the first parameter of a function handed to `.catch(…)`? Shadowing is
 * ignored: a same-named variable inside such a scope is treated as the error (stricter, never
 * looser).
 */
function isError(e: ts.Expression): boolean {
  if (ts.isNewExpression(e)) return ts.isIdentifier(e.expression) && ERROR_TYPES.includes(e.expression.text);
  if (!ts.isIdentifier(e)) return false;
  for (let p: ts.Node | undefined = e.parent; p; p = p.parent) {
    if (ts.isCatchClause(p) && p.variableDeclaration && ts.isIdentifier(p.variableDeclaration.name) && p.variableDeclaration.name.text === e.text) return true;
    if ((ts.isFunctionExpression(p) || ts.isArrowFunction(p)) && ts.isCallExpression(p.parent) && p.parent.arguments.includes(p)) {
      const callee = p.parent.expression;
      const first = p.parameters[0];
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'catch' && first && ts.isIdentifier(first.name) && first.name.text === e.text) return true;
    }
  }
  return false;
}

/** Is this identifier a reference (not a property name, declaration name or label)? */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id) return false;
  if ((ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassDeclaration(p) || ts.isClassExpression(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) && p.name === id) return false;
  if ((ts.isLabeledStatement(p) || ts.isBreakStatement(p) || ts.isContinueStatement(p)) && p.label === id) return false;
  return true;
}

/** Names referenced anywhere inside `n`. */
function references(n: ts.Node, out: Set<string>): Set<string> {
  const walk = (x: ts.Node): void => {
    if (ts.isIdentifier(x) && isReference(x)) out.add(x.text);
    ts.forEachChild(x, walk);
  };
  walk(n);
  return out;
}

/** let/const names declared by a loop (its head, or its body outside nested functions). */
function loopBindings(loop: ts.IterationStatement): Set<string> {
  const names = new Set<string>();
  const addList = (l: ts.VariableDeclarationList): void => {
    if (!(l.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const))) return;
    for (const d of l.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
  };
  if ((ts.isForStatement(loop) || ts.isForOfStatement(loop) || ts.isForInStatement(loop)) && loop.initializer && ts.isVariableDeclarationList(loop.initializer)) {
    addList(loop.initializer);
  }
  const walk = (x: ts.Node): void => {
    if (isFunctionLike(x) || ts.isClassLike(x)) return;
    if (ts.isVariableDeclarationList(x)) addList(x);
    ts.forEachChild(x, walk);
  };
  walk(loop.statement);
  return names;
}

export function checkSource(code: string, fileName = 'bundle.js'): Problem[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const problems: Problem[] = [];
  const sources: { pos: number; path: string }[] = [];
  for (const m of code.matchAll(/^\s*\/\/ ((?:[\w.-]+\/)*[\w.-]+\.[jt]s)$/gm)) sources.push({ pos: m.index ?? 0, path: m[1]! });
  const add = (rule: string, n: ts.Node, detail?: string): void => {
    const pos = n.getStart(sf);
    const lc = sf.getLineAndCharacterOfPosition(pos);
    let source: string | undefined;
    for (const s of sources) if (s.pos <= pos) source = s.path;
    const text = n.getText(sf).replace(/\s+/g, ' ').slice(0, 60);
    problems.push({ rule, message: `${RULES[rule]}${detail ? ` (${detail})` : ''}: ${text}`, line: lc.line + 1, col: lc.character + 1, source });
  };

  const visit = (n: ts.Node): void => {
    if (ts.isParameter(n)) {
      if (n.initializer) add('default-param', n);
      if (n.dotDotDotToken) add('rest-param', n);
    }
    if (ts.isSpreadElement(n) || ts.isSpreadAssignment(n)) add('spread', n);
    if (ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n)) add('destructuring', n);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && (ts.isObjectLiteralExpression(n.left) || ts.isArrayLiteralExpression(n.left))) {
      add('destructuring', n);
    }
    if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && (ts.isObjectLiteralExpression(n.initializer) || ts.isArrayLiteralExpression(n.initializer))) {
      add('destructuring', n.initializer);
    }
    if (ts.canHaveModifiers(n) && ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) add('async', n);
    if (ts.isAwaitExpression(n)) add('async', n);
    if (ts.isForOfStatement(n) && n.awaitModifier) add('async', n);
    if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n)) && n.asteriskToken) add('generator', n);
    if (ts.isYieldExpression(n)) add('generator', n);
    if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n) || ts.isCallExpression(n)) && n.questionDotToken) add('optional-chaining', n);
    if (ts.isBinaryExpression(n)) {
      const k = n.operatorToken.kind;
      if (k === ts.SyntaxKind.QuestionQuestionEqualsToken || k === ts.SyntaxKind.BarBarEqualsToken || k === ts.SyntaxKind.AmpersandAmpersandEqualsToken) add('logical-assignment', n);
      if (k === ts.SyntaxKind.AsteriskAsteriskToken || k === ts.SyntaxKind.AsteriskAsteriskEqualsToken) add('exponent', n);
    }
    if (ts.isBigIntLiteral(n)) add('bigint', n);
    if (ts.isIdentifier(n) && MISSING_GLOBALS.includes(n.text) && isReference(n)) add('missing-global', n);
    if (ts.isLabeledStatement(n)) add('label', n);
    if (ts.isComputedPropertyName(n)) add('computed-key', n);
    if (ts.isTaggedTemplateExpression(n)) add('tagged-template', n);
    if (ts.isMetaProperty(n)) add('new-target', n);
    if (ts.isClassLike(n)) {
      for (const h of n.heritageClauses ?? []) {
        for (const t of h.types) if (ts.isIdentifier(t.expression) && ERROR_TYPES.includes(t.expression.text)) add('extends-error', n, t.expression.text);
      }
    }
    if (ts.isPrivateIdentifier(n)) add('private-field', n);
    // Members by name, also through a string key: Array['from'](…), list['flat']().
    const name = ts.isPropertyAccessExpression(n) ? n.name.text : ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) ? n.argumentExpression.text : undefined;
    if (name !== undefined) {
      const obj = (n as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression;
      if (ts.isIdentifier(obj) && MISSING_STATIC[obj.text]?.includes(name)) add('missing-builtin', n);
      const called = ts.isCallExpression(n.parent) && n.parent.expression === n;
      if (called && MISSING_METHODS.includes(name)) add('missing-builtin', n);
      if (called && ITERATOR_METHODS.includes(name) && !(ts.isIdentifier(obj) && obj.text === 'Object')) add('missing-builtin', n);
      if (ts.isIdentifier(obj) && obj.text === 'Math' && name === 'pow') add('math-pow', n);
      if (name === 'name' && isError(obj)) add('error-name', n);
      if (ts.isPropertyAccessExpression(obj) && obj.name.text === 'prototype' && ts.isIdentifier(obj.expression) && BUILTIN_CTORS.includes(obj.expression.text)) {
        add('builtin-prototype', n);
      }
    }
    if (isLoop(n)) checkLoopClosures(n);
    if (ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)) checkHoisting(n.statements);
    ts.forEachChild(n, visit);
  };

  const checkLoopClosures = (loop: ts.IterationStatement): void => {
    const names = loopBindings(loop);
    if (names.size === 0) return;
    const walk = (x: ts.Node): void => {
      if (isFunctionLike(x) && !ts.isFunctionDeclaration(x)) {
        const refs = references(x, new Set());
        const hit = [...names].filter((nm) => refs.has(nm));
        if (hit.length) add('loop-closure', x, hit.join(', '));
        return;
      }
      if (ts.isFunctionDeclaration(x)) {
        const refs = references(x, new Set());
        const hit = [...names].filter((nm) => refs.has(nm));
        if (hit.length) add('loop-closure', x, hit.join(', '));
        return;
      }
      ts.forEachChild(x, walk);
    };
    walk(loop.statement);
    if (ts.isForStatement(loop)) {
      if (loop.condition) walk(loop.condition);
      if (loop.incrementor) walk(loop.incrementor);
    }
  };

  /**
   * Espruino defines a function when its declaration statement runs. A statement may use (or
   * call, directly or through functions it uses) only functions declared above it.
   */
  const checkHoisting = (stmts: ts.NodeArray<ts.Statement>): void => {
    const declared = new Map<string, { index: number; node: ts.FunctionDeclaration }>();
    stmts.forEach((s, i) => {
      if (ts.isFunctionDeclaration(s) && s.name) declared.set(s.name.text, { index: i, node: s });
    });
    if (declared.size === 0) return;
    const uses = new Map<string, Set<string>>();
    const usesOf = (name: string): Set<string> => {
      let u = uses.get(name);
      if (!u) {
        u = new Set([...references(declared.get(name)!.node.body ?? declared.get(name)!.node, new Set())].filter((x) => declared.has(x) && x !== name));
        uses.set(name, u);
      }
      return u;
    };
    stmts.forEach((s, i) => {
      if (ts.isFunctionDeclaration(s)) return;
      const direct = [...references(s, new Set())].filter((x) => declared.has(x));
      const seen = new Set<string>();
      const stack = [...direct];
      while (stack.length) {
        const name = stack.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        const d = declared.get(name)!;
        if (d.index > i) {
          add('hoisting', s, `${name} is declared further down`);
          return;
        }
        for (const u of usesOf(name)) stack.push(u);
      }
    });
  };

  visit(sf);
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  return problems;
}

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `  ${p.source ?? 'bundle'}: line ${p.line}:${p.col} [${p.rule}] ${p.message}`).join('\n');
}
