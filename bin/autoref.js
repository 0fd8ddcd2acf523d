#!/usr/bin/env node
// The command line, compiled to JavaScript under dist/ (bin/build-cli.js): built by `npm ci`, and
// again here whenever a source is newer than the build. AUTOREF_TSX=1 runs the TypeScript sources
// through tsx instead (development, debugging with source lines).
if (process.env.AUTOREF_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../hub/cli/main.ts');
} else {
  const { cliMain } = await import('./build-cli.js');
  await import(await cliMain());
}
