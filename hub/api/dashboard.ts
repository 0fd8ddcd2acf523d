/**
 * Serves the dashboard. Its TypeScript is bundled by esbuild when the hub starts (in memory,
 * ~20 ms), so there is no build step to forget and no stale bundle; every asset is local.
 * One page for every view (hash routes: #/table/<id>, #/tv, #/phone/<id>, #/ref, #/devices,
 * #/history, #/overlay/<id>; see docs/dashboard.md).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dashboard');

export interface DashboardBundle {
  html: string;
  js: string;
  css: string;
}

export async function bundleDashboard(): Promise<DashboardBundle> {
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
  const js = result.outputFiles[0]?.text ?? '';
  const [html, css] = await Promise.all([readFile(path.join(root, 'index.html'), 'utf8'), readFile(path.join(root, 'src/style.css'), 'utf8')]);
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
