/**
 * Firmware bundles built once and kept: in memory for the process, and on disk
 * (firmware/dist/cache/) across starts, so that a hub whose simulated tables run the real
 * firmware does not compile it again at every start (issue #24). An entry's key is the build's
 * options (the profile's content, not only its id) and the content of every source the bundle or
 * its compiler may read (firmware/ and shared/): a changed source is a new key, never a stale
 * bundle. A build that fails is not cached. Builds with a swapped entry module (`app`, tests) stay
 * in memory only: their sources may be anywhere.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashSources } from '../../shared/project-root';
import { buildFirmware, DIST_DIR, loadProfile, type BuildOptions, type BuildResult } from './build';

export const CACHE_DIR = path.join(DIST_DIR, 'cache');
const memory = new Map<string, BuildResult>();
let sources: string | undefined;

/** Every source under firmware/ (but its output) and shared/, hashed once per process. */
function sourceStamp(): string {
  return (sources ??= hashSources(['firmware', 'shared'], [path.join('firmware', 'dist')]));
}

/** The cache key of a build: its options (the profile's content) and every source. */
export function keyOf(opts: BuildOptions): string {
  const profile = typeof opts.profile === 'string' ? loadProfile(opts.profile) : opts.profile;
  return createHash('sha256')
    .update(JSON.stringify({ ...opts, profile }))
    .update(sourceStamp())
    .digest('hex')
    .slice(0, 32);
}

function readDisk(key: string): BuildResult | undefined {
  try {
    return JSON.parse(readFileSync(path.join(CACHE_DIR, `${key}.json`), 'utf8')) as BuildResult;
  } catch {
    return undefined;
  }
}

function writeDisk(key: string, build: BuildResult): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside, then renamed: a reader (another test worker, another hub) never sees half a file.
    const tmp = path.join(CACHE_DIR, `${key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(build));
    renameSync(tmp, path.join(CACHE_DIR, `${key}.json`));
  } catch {
    // A read-only checkout still builds; it only builds again next time.
  }
}

/** The bundle for these options: from memory, from disk, or built now (and kept). */
export function cachedBuild(opts: BuildOptions): BuildResult {
  if (opts.app !== undefined) {
    const key = JSON.stringify(opts);
    let b = memory.get(key);
    if (!b) memory.set(key, (b = buildFirmware(opts)));
    return b;
  }
  const key = keyOf(opts);
  let b = memory.get(key) ?? readDisk(key);
  if (!b) {
    b = buildFirmware(opts);
    writeDisk(key, b);
  }
  memory.set(key, b);
  return b;
}
