/**
 * The compiled command line (issue #24): hub/cli/main.ts and everything it imports, bundled by
 * esbuild into one directory of JavaScript under dist/ (packages stay in node_modules), so that
 * `autoref` starts without compiling TypeScript. `npm ci` builds it (the `prepare` script); the
 * command line builds it again whenever one of its sources is newer than the build, so a changed
 * checkout never runs stale code.
 *
 * dist/cli.json names the current build's directory and the sources it was made from; each build
 * goes into its own directory and the pointer is replaced by a rename, so commands started at the
 * same moment (the test suite starts many) never see half a build.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const POINTER = path.join(DIST, 'cli.json');
const ENTRY = 'hub/cli/main.ts';
/** An older build is removed after this long: a hub started from it has loaded its modules by then. */
const STALE_AFTER_MS = 24 * 3600 * 1000;

function readPointer() {
  try {
    return JSON.parse(readFileSync(POINTER, 'utf8'));
  } catch {
    return null;
  }
}

/** True when the build exists and none of its sources changed after it was made. */
export function fresh(p) {
  if (!p || typeof p.dir !== 'string' || !Array.isArray(p.inputs) || typeof p.builtAt !== 'number') return false;
  try {
    statSync(path.join(DIST, p.dir, 'main.js'));
    for (const f of p.inputs) if (statSync(path.join(ROOT, f)).mtimeMs > p.builtAt) return false;
    return true;
  } catch {
    return false; // a source or the build was removed
  }
}

/** Builds the command line now; returns the path of its main module. */
export async function buildCli() {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const dir = `cli-${startedAt.toString(36)}-${process.pid}`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: path.join(DIST, dir),
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  mkdirSync(DIST, { recursive: true });
  const tmp = `${POINTER}.${process.pid}.tmp`;
  // builtAt is when the build started: a source saved during the build makes it stale.
  writeFileSync(tmp, JSON.stringify({ dir, builtAt: startedAt, inputs }));
  renameSync(tmp, POINTER);
  // Earlier builds, once no command can still be loading their modules (they load lazily).
  for (const d of readdirSync(DIST).filter((x) => x.startsWith('cli-') && x !== dir))
    if (statSync(path.join(DIST, d)).mtimeMs < startedAt - STALE_AFTER_MS) rmSync(path.join(DIST, d), { recursive: true, force: true });
  return path.join(DIST, dir, 'main.js');
}

/** The main module of an up-to-date build, building one first if needed. */
export async function cliMain() {
  const p = readPointer();
  return fresh(p) ? path.join(DIST, p.dir, 'main.js') : buildCli();
}

// `node bin/build-cli.js` (npm's prepare): build now.
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const main = await buildCli();
  console.log(`autoref: command line built into ${path.relative(ROOT, path.dirname(main))}`);
}
