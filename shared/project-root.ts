/**
 * The project's root directory (the one holding autoref's package.json), found by walking up from
 * this module. Code that reads the project's own files (the dashboard's sources, the device
 * profiles, the firmware sources) starts from here, so it works the same from the TypeScript
 * sources and from the compiled command line in dist/ (issue #24), whose modules sit elsewhere.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

export function projectRoot(): string {
  if (root) return root;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'autoref') return (root = dir);
    if (path.dirname(dir) === dir) throw new Error(`autoref: no package.json of autoref above ${fileURLToPath(import.meta.url)}`);
  }
}

/**
 * One hash of the content of every .ts and .json file under these directories of the project
 * (`skip`: subdirectories left out, such as build output), in a fixed order: the key of a build
 * cached on disk (the firmware bundles, the dashboard), which changes with any source.
 */
export function hashSources(dirs: readonly string[], skip: readonly string[] = []): string {
  const hash = createHash('sha256');
  const base = projectRoot();
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(base, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!skip.includes(rel)) walk(rel);
      } else if (e.name.endsWith('.ts') || e.name.endsWith('.json') || e.name.endsWith('.css') || e.name.endsWith('.html'))
        hash
          .update(rel)
          .update('\0')
          .update(readFileSync(path.join(base, rel)))
          .update('\0');
    }
  };
  for (const d of dirs) walk(d);
  return hash.digest('hex');
}
