/**
 * The compatibility gate: parses the OUTPUT bundle (JavaScript, with the TypeScript compiler's
 * parser) and reports everything Espruino 2v29 does not run, or runs differently (docs/firmware.md,
 * "Compatibility rules"), and every byte the upload tool would rewrite. The build fails on any
 * problem. Each rule has failing and passing samples in gate.test.ts; the measured constructs
 * behind the rules are in gate-probes.ts (gate-espruino.test.ts, and the real interpreter).
 */
import ts from './typescript';
import { isShippableChar, literalsOf, wideEscape } from './ascii';
import {
  ERROR_TYPES,
  ErrorValues,
  ITERATOR_METHODS,
  MISSING_GLOBALS,
  MISSING_METHODS,
  MISSING_STATIC,
  PROTOTYPE_MEMBERS_THAT_RUN,
  builtinPath,
  declarationOf,
  isFunctionLike,
  memberName,
} from './gate-names';
import { regexProblem, splitRegexLiteral } from './gate-regex';

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
  ascii: 'a character other than printable ASCII or newline (the upload tool turns it into ?, a tab into spaces)',
  'non-ascii-escape': 'a \\u escape above 0xFF (only its low byte reaches a board) or an escaped identifier',
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
  'missing-global': 'Map, Set, WeakMap, WeakSet, Symbol, BigInt, Proxy, Reflect, WeakRef (also through globalThis, window, global or a variable)',
  label: 'labeled statements',
  'computed-key': 'computed member names in classes and object literals',
  'tagged-template': 'tagged templates',
  'new-target': 'new.target and import.meta',
  'extends-error': 'class extends Error (or another Error type, also through a variable)',
  'error-name': 'the .name of an error (Espruino errors have none)',
  'math-pow': 'Math.pow, inexact for large values (also what esbuild lowers ** to)',
  'private-field': '#private members',
  'missing-builtin': 'built-ins Espruino lacks (Array.from, Date.UTC, Number.parseInt, Math.log10, Object.is, .codePointAt, .copyWithin, Uint8Array.from, …)',
  'json-second-argument': 'a second argument to JSON.stringify or JSON.parse (replacer, indent, reviver: ignored)',
  regex: "regex features Espruino lacks: '?' in any role, {n,m}, quantified or nested groups, backreferences, \\b, \\u, flags other than g, i, y, u",
  'builtin-prototype': 'calls through a built-in prototype (Array.prototype.slice.call; Object.prototype.hasOwnProperty runs)',
  hoisting: 'a function used before its declaration runs (no hoisting)',
  'loop-closure': 'a closure in a loop capturing a let/const of the loop header (one shared binding)',
};

function isLoop(n: ts.Node): n is ts.IterationStatement {
  return ts.isForStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isWhileStatement(n) || ts.isDoStatement(n);
}

/** Is this identifier a reference (not a property name, declaration name or label)? */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id)
    return false;
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

/**
 * let/const names of a loop's header (`for (let i…)`, `for (const x of …)`): Espruino shares one
 * binding for them across iterations. A let/const of the loop body is a new binding each time
 * (measured), so it is not listed.
 */
function loopBindings(loop: ts.IterationStatement): Set<string> {
  const names = new Set<string>();
  if (
    (ts.isForStatement(loop) || ts.isForOfStatement(loop) || ts.isForInStatement(loop)) &&
    loop.initializer &&
    ts.isVariableDeclarationList(loop.initializer)
  ) {
    const l = loop.initializer;
    if (l.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) for (const d of l.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
  }
  return names;
}

/** The pattern and flags of `RegExp("…", "…")` / `new RegExp(…)` with string literals. */
function regexpCall(n: ts.Node): { pattern: string; flags: string } | null {
  if (!(ts.isNewExpression(n) || ts.isCallExpression(n)) || builtinPath(n.expression) !== 'RegExp') return null;
  const [p, f] = n.arguments ?? [];
  if (!p || !ts.isStringLiteralLike(p)) return null;
  return { pattern: p.text, flags: f && ts.isStringLiteralLike(f) ? f.text : '' };
}

export function checkSource(code: string, fileName = 'bundle.js'): Problem[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const problems: Problem[] = [];
  const sources: { pos: number; path: string }[] = [];
  for (const m of code.matchAll(/^\s*\/\/ ((?:[\w.-]+\/)*[\w.-]+\.[jt]s)$/gm)) sources.push({ pos: m.index ?? 0, path: m[1]! });
  const errors = new ErrorValues(sf);
  const addAt = (rule: string, pos: number, text: string, detail?: string): void => {
    const lc = sf.getLineAndCharacterOfPosition(pos);
    let source: string | undefined;
    for (const s of sources) if (s.pos <= pos) source = s.path;
    problems.push({
      rule,
      message: `${RULES[rule]}${detail ? ` (${detail})` : ''}: ${text.replace(/\s+/g, ' ').slice(0, 60)}`,
      line: lc.line + 1,
      col: lc.character + 1,
      source,
    });
  };
  const add = (rule: string, n: ts.Node, detail?: string): void => addAt(rule, n.getStart(sf), n.getText(sf), detail);

  // Bytes the upload tool would rewrite: one problem per line is enough to find them.
  let lastLine = -1;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (isShippableChar(c)) continue;
    const line = sf.getLineAndCharacterOfPosition(i).line;
    if (line === lastLine) continue;
    lastLine = line;
    addAt('ascii', i, JSON.stringify(code.slice(Math.max(0, i - 20), i + 20)), `code ${c}`);
  }
  for (const l of literalsOf(sf)) {
    const wide = wideEscape(code.slice(l.start, l.end));
    if (wide) addAt('non-ascii-escape', l.start, code.slice(l.start, l.end), wide);
  }

  const visit = (n: ts.Node): void => {
    if (ts.isParameter(n)) {
      if (n.initializer) add('default-param', n);
      if (n.dotDotDotToken) add('rest-param', n);
    }
    if (ts.isSpreadElement(n) || ts.isSpreadAssignment(n)) add('spread', n);
    if (ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n)) add('destructuring', n);
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isObjectLiteralExpression(n.left) || ts.isArrayLiteralExpression(n.left))
    ) {
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
      if (k === ts.SyntaxKind.QuestionQuestionEqualsToken || k === ts.SyntaxKind.BarBarEqualsToken || k === ts.SyntaxKind.AmpersandAmpersandEqualsToken)
        add('logical-assignment', n);
      if (k === ts.SyntaxKind.AsteriskAsteriskToken || k === ts.SyntaxKind.AsteriskAsteriskEqualsToken) add('exponent', n);
    }
    if (ts.isBigIntLiteral(n)) add('bigint', n);
    if (ts.isIdentifier(n)) {
      if (MISSING_GLOBALS.includes(n.text) && isReference(n) && !declarationOf(n)) add('missing-global', n);
      // Espruino's lexer knows no escapes in names.
      if (n.getText(sf).includes('\\')) add('non-ascii-escape', n);
    }
    if (ts.isLabeledStatement(n)) add('label', n);
    if (ts.isComputedPropertyName(n)) add('computed-key', n);
    if (ts.isTaggedTemplateExpression(n)) add('tagged-template', n);
    if (ts.isMetaProperty(n)) add('new-target', n);
    if (ts.isClassLike(n)) {
      for (const h of n.heritageClauses ?? []) {
        for (const t of h.types) {
          const base = builtinPath(t.expression);
          if (base && ERROR_TYPES.includes(base)) add('extends-error', n, base);
        }
      }
    }
    if (ts.isPrivateIdentifier(n)) add('private-field', n);
    if (ts.isRegularExpressionLiteral(n)) {
      const r = splitRegexLiteral(n.text);
      const why = regexProblem(r.pattern, r.flags);
      if (why) add('regex', n, why);
    }
    const rc = regexpCall(n);
    if (rc) {
      const why = regexProblem(rc.pattern, rc.flags);
      if (why) add('regex', n, why);
    }
    if (ts.isCallExpression(n) && n.arguments.length >= 2) {
      const callee = builtinPath(n.expression);
      if (callee === 'JSON.stringify' || callee === 'JSON.parse') add('json-second-argument', n);
    }
    // Members by name, also through a string key (Array['from'](…), list['flat']()) and through
    // the global object or a variable holding a built-in.
    const name = memberName(n);
    if (name !== undefined) {
      const access = n as ts.PropertyAccessExpression | ts.ElementAccessExpression;
      const obj = builtinPath(access.expression);
      const called = ts.isCallExpression(n.parent) && n.parent.expression === n;
      if (obj === 'global' && MISSING_GLOBALS.includes(name)) add('missing-global', n);
      if (obj !== undefined && MISSING_STATIC.get(obj)?.includes(name)) add('missing-builtin', n);
      if (called && MISSING_METHODS.includes(name)) add('missing-builtin', n);
      if (called && ITERATOR_METHODS.includes(name) && obj !== 'Object') add('missing-builtin', n);
      if (obj === 'Math' && name === 'pow') add('math-pow', n);
      if (name === 'name' && errors.is(access.expression)) add('error-name', n);
      if (obj?.endsWith('.prototype') && !PROTOTYPE_MEMBERS_THAT_RUN.includes(`${obj}.${name}`)) add('builtin-prototype', n);
    }
    if (isLoop(n)) checkLoopClosures(n);
    if (ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)) checkHoisting(n.statements);
    ts.forEachChild(n, visit);
  };

  const checkLoopClosures = (loop: ts.IterationStatement): void => {
    const names = loopBindings(loop);
    if (names.size === 0) return;
    const walk = (x: ts.Node): void => {
      if (isFunctionLike(x)) {
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
