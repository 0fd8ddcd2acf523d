/**
 * Serves the dashboard. Its TypeScript is bundled by esbuild when the hub starts, and the bundle
 * kept on disk (dist/dashboard/, keyed by the content of dashboard/ and shared/), so a later start
 * reads it instead of building again (issue #24), and a changed source builds anew: there is no
 * build step to forget and no stale bundle; every asset is local.
 * One page for every view (hash routes: #/table/<id>, #/tv, #/phone/<id>, #/ref, #/devices,
 * #/history, #/overlay/<id>; see docs/dashboard.md).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { hashSources, projectRoot } from '../../shared/project-root';

const root = path.join(projectRoot(), 'dashboard');

export interface DashboardBundle {
  html: string;
  js: string;
  css: string;
}

/** The bundled script, from the disk cache when its sources have not changed. */
async function dashboardScript(): Promise<string> {
  const file = path.join(projectRoot(), 'dist', 'dashboard', `${hashSources(['dashboard', 'shared']).slice(0, 32)}.js`);
  const kept = await readFile(file, 'utf8').catch(() => null);
  if (kept !== null) return kept;
  const js = await buildScript();
  // Written aside, then renamed: another hub starting at the same time never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(tmp, js))
    .then(() => rename(tmp, file))
    .catch(() => undefined); // a read-only checkout builds at each start, as before
  return js;
}

async function buildScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'src/main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    minify: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

export async function bundleDashboard(): Promise<DashboardBundle> {
  const [js, html, css] = await Promise.all([
    dashboardScript(),
    readFile(path.join(root, 'index.html'), 'utf8'),
    readFile(path.join(root, 'src/style.css'), 'utf8'),
  ]);
  return { html, js, css };
}

export const dashboardPlugin: FastifyPluginAsync = async (app) => {
  const bundle = await bundleDashboard();
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(bundle.html));
  app.get('/app.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(bundle.js));
  app.get('/app.css', async (_req, reply) => reply.type('text/css; charset=utf-8').send(bundle.css));
  // Browsers ask for it on every page; answer without a 404 (no icon: nothing external either).
  app.get('/favicon.ico', async (_req, reply) => reply.status(204).send());
};
