/**
 * What the compatibility gate knows about names: the built-ins Espruino 2v29 lacks (measured,
 * gate-probes.ts) and a small scope resolver, so a built-in is recognised however it is reached:
 * directly (`Array.from`), through the global object (`globalThis.Map`, `window.Map`,
 * `global.Map`), or through a variable holding it (`const AP = Array.prototype; AP.slice`,
 * `const Base = Error`). It also follows error values into variables and parameters.
 */
import ts from './typescript';

export const MISSING_GLOBALS = ['Map', 'Set', 'WeakMap', 'WeakSet', 'Symbol', 'BigInt', 'Proxy', 'Reflect', 'WeakRef'];
const TYPED_ARRAYS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array'];
export const MISSING_STATIC = new Map<string, string[]>(
  Object.entries({
    Array: ['from', 'of'],
    Object: ['freeze', 'getOwnPropertySymbols', 'is', 'seal', 'isFrozen', 'isSealed', 'preventExtensions', 'isExtensible'],
    Number: ['isInteger', 'isFinite', 'EPSILON', 'isSafeInteger', 'parseInt', 'parseFloat', 'isNaN', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER'],
    Math: ['trunc', 'hypot', 'log2', 'log10', 'cbrt', 'imul', 'fround', 'clz32', 'expm1', 'log1p', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh'],
    Promise: ['race', 'allSettled', 'any'],
    Date: ['UTC'],
    String: ['fromCodePoint', 'raw'],
    ArrayBuffer: ['isView'],
    ...Object.fromEntries(TYPED_ARRAYS.map((t) => [t, ['from', 'of']])),
  }),
);
/** Methods missing on every object that has them in standard JavaScript (refused when called). */
export const MISSING_METHODS = [
  'flat',
  'flatMap',
  'at',
  'findLast',
  'findLastIndex',
  'lastIndexOf',
  'reduceRight',
  'trimStart',
  'trimEnd',
  'trimLeft',
  'trimRight',
  'finally',
  'codePointAt',
  'copyWithin',
  'normalize',
  'localeCompare',
  'search',
  'toPrecision',
  'toExponential',
  'matchAll',
];
/** Array iterator methods; allowed on `Object` (Object.keys/values/entries). */
export const ITERATOR_METHODS = ['keys', 'entries', 'values'];
export const ERROR_TYPES = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'InternalError'];
/** Names of the global object. */
const GLOBAL_OBJECTS = ['globalThis', 'window', 'global', 'self'];
/** Calls through a prototype that run (measured); every other `<Built-in>.prototype.<member>` is missing. */
export const PROTOTYPE_MEMBERS_THAT_RUN = ['Object.prototype.hasOwnProperty'];

export function isFunctionLike(n: ts.Node): n is ts.FunctionLikeDeclaration {
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

function namedIdentifier(n: ts.Node | undefined, name: string): boolean {
  return !!n && ts.isIdentifier(n) && n.text === name;
}

const hoisted = new WeakMap<ts.Node, Map<string, ts.VariableDeclaration>>();

/** The `var` declarations anywhere in `body`, outside nested functions (var hoisting), by name. */
function hoistedVar(body: ts.Node, name: string): ts.VariableDeclaration | undefined {
  let vars = hoisted.get(body);
  if (!vars) {
    const found = new Map<string, ts.VariableDeclaration>();
    const walk = (x: ts.Node): void => {
      if (isFunctionLike(x) || ts.isClassLike(x)) return;
      if (ts.isVariableDeclarationList(x) && !(x.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const))) {
        for (const d of x.declarations) if (ts.isIdentifier(d.name) && !found.has(d.name.text)) found.set(d.name.text, d);
      }
      ts.forEachChild(x, walk);
    };
    ts.forEachChild(body, walk);
    vars = found;
    hoisted.set(body, vars);
  }
  return vars.get(name);
}

/** The declaration of `name` that scope node `s` itself makes, if any. */
function declaredIn(s: ts.Node, name: string): ts.Node | undefined {
  if (isFunctionLike(s)) {
    for (const p of s.parameters) if (namedIdentifier(p.name, name)) return p;
    if (ts.isFunctionExpression(s) && namedIdentifier(s.name, name)) return s;
    return s.body ? hoistedVar(s.body, name) : undefined;
  }
  if (ts.isCatchClause(s)) return s.variableDeclaration && namedIdentifier(s.variableDeclaration.name, name) ? s.variableDeclaration : undefined;
  if ((ts.isForStatement(s) || ts.isForOfStatement(s) || ts.isForInStatement(s)) && s.initializer && ts.isVariableDeclarationList(s.initializer)) {
    return s.initializer.declarations.find((d) => namedIdentifier(d.name, name));
  }
  if (ts.isClassExpression(s) && namedIdentifier(s.name, name)) return s;
  if (ts.isSourceFile(s) || ts.isBlock(s) || ts.isModuleBlock(s) || ts.isCaseClause(s) || ts.isDefaultClause(s)) {
    for (const st of s.statements) {
      if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && namedIdentifier(st.name, name)) return st;
      if (ts.isVariableStatement(st)) {
        const d = st.declarationList.declarations.find((x) => namedIdentifier(x.name, name));
        if (d) return d;
      }
    }
    if (ts.isSourceFile(s)) return hoistedVar(s, name);
  }
  return undefined;
}

const declarations = new WeakMap<ts.Identifier, ts.Node | null>();

/** Where the identifier is declared in the file, or undefined for a global. */
export function declarationOf(id: ts.Identifier): ts.Node | undefined {
  const known = declarations.get(id);
  if (known !== undefined) return known ?? undefined;
  let found: ts.Node | null = null;
  for (let p: ts.Node | undefined = id.parent; p && !found; p = p.parent) found = declaredIn(p, id.text) ?? null;
  declarations.set(id, found);
  return found ?? undefined;
}

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
}

/** The member name of `a.b` or `a["b"]`, if it is static. */
export function memberName(n: ts.Node): string | undefined {
  if (ts.isPropertyAccessExpression(n)) return n.name.text;
  if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression)) return n.argumentExpression.text;
  return undefined;
}

/**
 * The built-in an expression names, as a dotted path ('Array', 'Array.prototype',
 * 'JSON.stringify'); 'global' for the global object; undefined for anything else. A variable
 * stands for its initial value (reassignment is ignored: stricter, never looser).
 */
export function builtinPath(expr: ts.Expression, depth = 0): string | undefined {
  const e = unwrap(expr);
  if (depth > 8) return undefined;
  if (ts.isIdentifier(e)) {
    const d = declarationOf(e);
    if (!d) return GLOBAL_OBJECTS.includes(e.text) ? 'global' : e.text;
    if (ts.isVariableDeclaration(d) && d.initializer && !ts.isCatchClause(d.parent)) return builtinPath(d.initializer, depth + 1);
    return undefined;
  }
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const name = memberName(e);
    if (name === undefined) return undefined;
    const base = builtinPath(e.expression, depth + 1);
    if (base === 'global') return GLOBAL_OBJECTS.includes(name) ? 'global' : name;
    return base === undefined ? undefined : `${base}.${name}`;
  }
  return undefined;
}

/** The function a call's callee resolves to in the file (a declaration or a function-valued variable). */
function calledFunction(callee: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  const c = unwrap(callee);
  if (ts.isFunctionExpression(c) || ts.isArrowFunction(c)) return c;
  if (!ts.isIdentifier(c)) return undefined;
  const d = declarationOf(c);
  if (d && ts.isFunctionDeclaration(d)) return d;
  if (d && ts.isVariableDeclaration(d) && d.initializer) {
    const i = unwrap(d.initializer);
    if (ts.isFunctionExpression(i) || ts.isArrowFunction(i)) return i;
  }
  return undefined;
}

/**
 * Error values of one file: `new Error(…)` (or another Error type, also through an alias), a
 * `catch` variable, the first parameter of a `.catch(…)` callback or of the second callback of
 * `.then(…)`, a variable initialised with an error, and a parameter some call passes an error to.
 */
export class ErrorValues {
  private readonly params = new Set<ts.ParameterDeclaration>();

  constructor(sf: ts.SourceFile) {
    const calls: ts.CallExpression[] = [];
    const walk = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) calls.push(n);
      ts.forEachChild(n, walk);
    };
    walk(sf);
    // Errors passed on through several calls: until nothing changes (bounded).
    for (let round = 0, grew = true; grew && round < 8; round++) {
      grew = false;
      for (const c of calls) {
        const f = calledFunction(c.expression);
        if (!f) continue;
        c.arguments.forEach((a, i) => {
          const p = f.parameters[i];
          if (p && !this.params.has(p) && this.is(a)) {
            this.params.add(p);
            grew = true;
          }
        });
      }
    }
  }

  is(expr: ts.Expression, depth = 0): boolean {
    const e = unwrap(expr);
    if (depth > 8) return false;
    if (ts.isNewExpression(e) || ts.isCallExpression(e)) return ERROR_TYPES.includes(builtinPath(e.expression) ?? '');
    if (!ts.isIdentifier(e)) return false;
    const d = declarationOf(e);
    if (!d) return false;
    if (ts.isVariableDeclaration(d)) {
      if (ts.isCatchClause(d.parent)) return true;
      return !!d.initializer && this.is(d.initializer, depth + 1);
    }
    if (ts.isParameter(d)) {
      if (this.params.has(d)) return true;
      const fn = d.parent;
      if (fn.parameters[0] !== d || !ts.isCallExpression(fn.parent) || !ts.isPropertyAccessExpression(fn.parent.expression)) return false;
      const method = fn.parent.expression.name.text;
      const at = fn.parent.arguments.indexOf(fn as ts.Expression);
      return (method === 'catch' && at === 0) || (method === 'then' && at === 1);
    }
    return false;
  }
}
