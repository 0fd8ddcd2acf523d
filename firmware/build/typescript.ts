/**
 * TypeScript's compiler API (the compatibility gate's and the upload escaper's parser), loaded the
 * first time it is used rather than when the build modules are imported: the package is 9 MB of
 * CommonJS, and Node reads all of it (and scans it for its exports) before a module importing it
 * can run. A hub whose firmware bundles are already built (firmware/build/cache.ts) never needs
 * it, and starts that much sooner (issue #24). Use it as the `ts` namespace as usual.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

let loaded: typeof TS | undefined;
const load = (): typeof TS => (loaded ??= createRequire(import.meta.url)('typescript') as typeof TS);

const ts = new Proxy({} as typeof TS, { get: (_target, key) => load()[key as keyof typeof TS] });

// The types the build modules name as `ts.X` (a namespace merged with the value above).
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace ts {
  export type CallExpression = TS.CallExpression;
  export type ElementAccessExpression = TS.ElementAccessExpression;
  export type Expression = TS.Expression;
  export type FunctionDeclaration = TS.FunctionDeclaration;
  export type FunctionLikeDeclaration = TS.FunctionLikeDeclaration;
  export type Identifier = TS.Identifier;
  export type IterationStatement = TS.IterationStatement;
  export type Node = TS.Node;
  export type NodeArray<T extends TS.Node> = TS.NodeArray<T>;
  export type ParameterDeclaration = TS.ParameterDeclaration;
  export type Program = TS.Program;
  export type PropertyAccessExpression = TS.PropertyAccessExpression;
  export type SourceFile = TS.SourceFile;
  export type Statement = TS.Statement;
  export type Symbol = TS.Symbol;
  export type TypeChecker = TS.TypeChecker;
  export type VariableDeclaration = TS.VariableDeclaration;
  export type SyntaxKind = TS.SyntaxKind;
  export type NodeFlags = TS.NodeFlags;
  export type SymbolFlags = TS.SymbolFlags;
  export type ScriptTarget = TS.ScriptTarget;
  export type ScriptKind = TS.ScriptKind;
  export type ModuleKind = TS.ModuleKind;
  export type ModuleResolutionKind = TS.ModuleResolutionKind;
}

export default ts;
