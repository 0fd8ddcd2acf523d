/**
 * The compiled command line (issue #24, bin/build-cli.js): `autoref` runs JavaScript from dist/,
 * built by `npm ci` and again whenever a source is newer than the build; AUTOREF_TSX=1 runs the
 * TypeScript sources instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript (it runs before anything is compiled), no declarations
import { cliMain, fresh } from '../bin/build-cli.js';

const ROOT = path.resolve(import.meta.dirname, '..');
type Pointer = { dir: string; builtAt: number; inputs: string[] };
const freshness = fresh as (p: Pointer | null) => boolean;

describe('the compiled command line', () => {
  it('is built into dist/ and named by dist/cli.json with the sources it was made from', async () => {
    const main = (await (cliMain as () => Promise<string>)()) as string;
    expect(existsSync(main)).toBe(true);
    const p = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli.json'), 'utf8')) as Pointer;
    expect(main).toBe(path.join(ROOT, 'dist', p.dir, 'main.js'));
    expect(p.inputs).toContain('hub/cli/main.ts');
    expect(p.inputs).toContain('hub/rules/registry.ts');
    expect(p.inputs.some((f) => f.startsWith('node_modules/'))).toBe(false);
  });

  it('is stale when a source is newer than the build, missing, or the build is gone', async () => {
    await (cliMain as () => Promise<string>)();
    const p = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli.json'), 'utf8')) as Pointer;
    expect(freshness({ ...p, builtAt: Date.now() + 60_000 })).toBe(true);
    expect(freshness({ ...p, builtAt: 0 })).toBe(false);
    expect(freshness({ ...p, builtAt: Date.now() + 60_000, inputs: [...p.inputs, 'hub/cli/gone.ts'] })).toBe(false);
    expect(freshness({ ...p, builtAt: Date.now() + 60_000, dir: 'cli-none' })).toBe(false);
    expect(freshness(null)).toBe(false);
  });

  it('runs compiled by default and from the TypeScript sources with AUTOREF_TSX=1: the same help', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['bin/autoref.js', '--help'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
    const compiled = run({});
    const sources = run({ AUTOREF_TSX: '1' });
    expect(compiled.status).toBe(0);
    expect(sources.status).toBe(0);
    expect(compiled.stdout).toContain('Usage: autoref');
    expect(compiled.stdout).toBe(sources.stdout);
  });
});
