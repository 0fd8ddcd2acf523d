/**
 * The firmware's bundle-side sources as the TypeScript compiler sees them: every file reachable
 * from firmware/app.ts (what esbuild puts in a bundle), with a type checker, to ask which
 * globals each file uses and which functions a function calls. Node-side (tests only).
 */
import path from 'node:path';
import ts from './typescript';
import { ROOT } from './build';

export interface BundleSources {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Project files reachable from the entry, paths relative to the repository root. */
  files: Map<string, ts.SourceFile>;
}

/** Declarations of the Espruino globals (ambient, not part of any bundle). */
export const ESPRUINO_DTS = 'firmware/hal/espruino.d.ts';

export function bundleSources(): BundleSources {
  const program = ts.createProgram([path.join(ROOT, 'firmware/app.ts'), path.join(ROOT, ESPRUINO_DTS)], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    // Neither DOM nor Node: a timer or `require` used outside the HAL has no declaration.
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  const files = new Map<string, ts.SourceFile>();
  for (const sf of program.getSourceFiles()) {
    const rel = path.relative(ROOT, sf.fileName);
    if (!rel.startsWith('..') && !rel.startsWith('node_modules') && rel !== ESPRUINO_DTS) files.set(rel, sf);
  }
  return { program, checker: program.getTypeChecker(), files };
}

/** The symbol an identifier stands for, through imports. */
export function resolve(checker: ts.TypeChecker, id: ts.Node): ts.Symbol | undefined {
  let s = checker.getSymbolAtLocation(id);
  if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  return s;
}

/** Is this identifier a use of a name (not a property name, declaration name or type-only)? */
export function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isQualifiedName(p)) return false;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === id) return false;
  if (
    (ts.isFunctionDeclaration(p) || ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isInterfaceDeclaration(p) || ts.isTypeAliasDeclaration(p)) &&
    p.name === id
  )
    return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  for (let n: ts.Node = p; !ts.isSourceFile(n); n = n.parent)
    if (ts.isTypeNode(n) || ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) return false;
  return true;
}

/** Project files (relative paths) a symbol is declared in; empty for globals. */
export function declaredIn(s: ts.Symbol | undefined, files: Map<string, ts.SourceFile>): string[] {
  const out: string[] = [];
  for (const d of s?.declarations ?? []) {
    const rel = path.relative(ROOT, d.getSourceFile().fileName);
    if (files.has(rel)) out.push(rel);
  }
  return out;
}

/** Top-level function declarations of the bundle, by symbol. */
export function functionOf(s: ts.Symbol | undefined, files: Map<string, ts.SourceFile>): { file: string; fn: ts.FunctionDeclaration } | null {
  for (const d of s?.declarations ?? []) {
    const rel = path.relative(ROOT, d.getSourceFile().fileName);
    if (files.has(rel) && ts.isFunctionDeclaration(d) && d.body) return { file: rel, fn: d };
  }
  return null;
}
