/**
 * Where a person waits on the command line (issue #24), each against `node -e ''` in the same run
 * as the floor no Node program can go below:
 *  - `autoref --help`, run as `node bin/autoref.js` and as `npx autoref` (npm's own start-up
 *    counted, its floor `npx node -e ''`);
 *  - `autoref replay` of a 1,000-event three-cushion log (bench/logs.ts);
 *  - `npm start` until the dashboard answers: cold (the firmware bundles and the dashboard bundle
 *    not yet cached, as on the first start after `npm ci`) and warm (the next start).
 * The compiled command line is built first if needed (bin/build-cli.js), as `npm ci` does.
 * Medians of several runs. Run: node --import tsx bench/cli.ts [--runs n]
 * Writes bench/results/cli.json and prints a table.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from 'node:net';
import { projectRoot } from '../shared/project-root';
import { logFor } from './logs';
import { writeResult } from './lib';

const ROOT = projectRoot();
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] ?? 0) || 7;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Seconds for a command to run to its end, median of `runs`. */
function timed(cmd: string, argv: string[], runs = RUNS): number {
  const s: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(cmd, argv, { cwd: ROOT, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}`);
    s.push((performance.now() - t0) / 1000);
  }
  return round3(median(s));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Seconds from `npm start` to the dashboard's page answering, then the hub is stopped. */
async function startToDashboard(): Promise<number> {
  const [port, brokerPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-bench-cli-'));
  const t0 = performance.now();
  const proc = spawn('npm', ['start', '--silent', '--', '--port', String(port), '--broker-port', String(brokerPort), '--store', path.join(dir, 'a.db')], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return round3((performance.now() - t0) / 1000);
      if (proc.exitCode !== null) throw new Error(`npm start exited ${proc.exitCode}`);
      if (performance.now() - t0 > 60_000) throw new Error('npm start: no dashboard within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-proc.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-bench-replay-'));
const logFile = path.join(dir, 'three-cushion-1000.jsonl');
writeFileSync(
  logFile,
  logFor('three-cushion', 1000)
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n',
);

// The command line as `npm ci` leaves it: built once before anything is timed.
spawnSync(process.execPath, ['bin/build-cli.js'], { cwd: ROOT, stdio: 'ignore' });
const floor = timed(process.execPath, ['-e', '']);
const help = timed(process.execPath, ['bin/autoref.js', '--help']);
// What a person types: npx finds the command through npm, which has a start-up of its own.
const npxHelp = timed('npx', ['autoref', '--help'], 3);
const npxFloor = timed('npx', ['node', '-e', ''], 3);
const replay = timed(process.execPath, ['bin/autoref.js', 'replay', logFile, '--game', 'three-cushion']);
rmSync(dir, { recursive: true, force: true });

// Cold: what the first start after `npm ci` builds (the firmware bundles, the dashboard bundle).
rmSync(path.join(ROOT, 'firmware/dist/cache'), { recursive: true, force: true });
rmSync(path.join(ROOT, 'dist/dashboard'), { recursive: true, force: true });
const cold = await startToDashboard();
const warmRuns: number[] = [];
for (let i = 0; i < Math.max(3, Math.floor(RUNS / 2)); i++) warmRuns.push(await startToDashboard());
const warm = round3(median(warmRuns));

const rows = [
  { command: 'autoref --help (node bin/autoref.js)', seconds: help, floor, target: 0.3 },
  { command: "npx autoref --help (floor: npx node -e '')", seconds: npxHelp, floor: npxFloor, target: 0.3 },
  { command: 'autoref replay, 1,000 events', seconds: replay, floor, target: 0.5 },
  { command: 'npm start -> dashboard, cold', seconds: cold, floor, target: null },
  { command: 'npm start -> dashboard', seconds: warm, floor, target: 2 },
].map((r) => ({ ...r, met: r.target === null ? null : r.seconds < r.target }));
console.table(rows);
const file = writeResult('cli.json', { node: process.version, runs: RUNS, rows, warmRuns });
console.log(`written ${path.relative(process.cwd(), file)}`);
