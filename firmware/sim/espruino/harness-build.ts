/**
 * The harness as the interpreter gets it: harness.ts compiled by esbuild (types stripped, names
 * kept: its root-scope `var`s must stay globals), the board's pins declared, escaped for the
 * upload path and passed through the same compatibility gate as a firmware bundle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { escapeForUpload } from '../../build/ascii';
import { checkSource, formatProblems } from '../../build/gate';
import { projectRoot } from '../../../shared/project-root';

const SOURCE = path.join(projectRoot(), 'firmware/sim/espruino/harness.ts');

let compiled: string | null = null;

export interface HarnessOptions {
  /** A TCS34725 colour sensor answers on I2C from power-up (profiles with a colour sensor). */
  colour?: boolean;
}

/** The harness for a bundle wired to `pins` (the board pin names, e.g. B3): one line of JS. */
export function harnessCode(pins: readonly string[], opts: HarnessOptions = {}): string {
  compiled ??= esbuild
    .transformSync(readFileSync(SOURCE, 'utf8'), { loader: 'ts', target: 'es2015', minifyWhitespace: true, legalComments: 'none' })
    .code.replace(/export\s*\{\s*\}\s*;?\s*$/, '')
    .trim();
  // Each pin is its name: what the stand-ins key their levels and watches by.
  const decl = pins.length ? `var ${[...new Set(pins)].map((p) => `${p}=${JSON.stringify(p)}`).join(',')};` : '';
  const code = escapeForUpload(`${compiled}\n${decl}${opts.colour ? 'H.tcs=true;' : ''}\n`);
  const problems = checkSource(code, 'harness.js');
  if (problems.length) throw new Error(`the harness would not run on Espruino:\n${formatProblems(problems)}`);
  return code;
}
