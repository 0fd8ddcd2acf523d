/**
 * Helpers shared by the transport benchmarks: a hub in its own process (the real CLI, so the hub
 * has its own event loop as in a venue), a bare aedes broker in its own process, percentiles,
 * result files.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VenueConfig } from '../shared/venue';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const BIN = path.resolve(BENCH_DIR, '../bin/autoref.js');

export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

export interface Percentiles {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * Where the transport benchmarks run: the measuring process (devices and sinks) on CPU 0, every
 * server it measures (hub, raw aedes, relay, our own Mosquitto) on the others. Unpinned, the
 * kernel woke the sink on the CPU of the process that had just written to it, so a page's frame
 * waited for whatever the hub did after sending it (its commit and acks): 0.12-0.15 ms at p50 on
 * our 2-CPU machines, an effect of running page and hub on one small box that a venue's TV or
 * phone does not share. Off with AUTOREF_BENCH_NO_PIN=1, or where `taskset` or a second CPU is
 * missing. A broker already running (the system's Mosquitto) stays where it is.
 */
export const placement: { measurer: string; servers: string } | null = (() => {
  const n = cpus().length;
  if (process.env['AUTOREF_BENCH_NO_PIN'] || n < 2) return null;
  if (spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  return { measurer: '0', servers: n === 2 ? '1' : `1-${n - 1}` };
})();

/**
 * Only the main threads are placed: a process's helper threads (garbage collection, the hub's WAL
 * checkpointer) run on any CPU, as they would on a venue's machine. Pinned with the main thread,
 * they took its only CPU from it now and then: a longer tail.
 */
const ALL_CPUS = `0-${cpus().length - 1}`;

/** Puts this process's main thread on the measurer's CPU. */
export function pinMeasurer(): void {
  if (placement) spawnSync('taskset', ['-p', '-c', placement.measurer, String(process.pid)], { stdio: 'ignore' });
}

/**
 * Spawns a server the benchmark measures with every thread on the servers' CPUs; call
 * `serverStarted` once it is up, which lets its helper threads go anywhere.
 */
export function spawnServer(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  return placement ? spawn('taskset', ['-c', placement.servers, command, ...args], options) : spawn(command, args, options);
}

/** A started server: every thread on any CPU, then its main thread back on the servers' CPUs. */
export function serverStarted(proc: ChildProcess): void {
  if (!placement || proc.pid === undefined) return;
  spawnSync('taskset', ['-a', '-p', '-c', ALL_CPUS, String(proc.pid)], { stdio: 'ignore' });
  spawnSync('taskset', ['-p', '-c', placement.servers, String(proc.pid)], { stdio: 'ignore' });
}

/** SIGTERM, and resolves once the process has exited (at once if it already has). */
export function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

/** Milliseconds, 3 decimals. */
export function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { n: s.length, p50: r(at(0.5)), p90: r(at(0.9)), p99: r(at(0.99)), max: r(s[s.length - 1] ?? NaN) };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Reads lines of a child's stdout until one matches, or rejects after `ms`. */
function lineMatching(proc: ChildProcess, re: RegExp, ms: number, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr: ${err.slice(-400)}`)), ms);
    proc.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    proc.stdout!.on('data', (b: Buffer) => {
      buf += b.toString();
      const m = buf.match(re);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what}: process exited (${code}); stderr: ${err.slice(-400)}`));
    });
  });
}

export interface HubProcess {
  url: string;
  /** The embedded broker's URL when the hub runs its own. */
  brokerUrl: string | null;
  proc: ChildProcess;
  /** SIGTERM, waits for exit (a --cpu-prof profile is written then). */
  stop(): Promise<void>;
}

/**
 * `autoref start --no-sim` in a child process, on a SQLite file store (the production default),
 * against `brokerUrl`, or with its embedded aedes on `embeddedBrokerPort`.
 */
export async function startHubProcess(opts: {
  venueFile: string;
  store: string;
  brokerUrl?: string;
  embeddedBrokerPort?: number;
  cpuProfDir?: string;
  /** Sampling interval of the profile, µs (Node's default 1000 is too coarse for one event's path). */
  cpuProfIntervalUs?: number;
}): Promise<HubProcess> {
  const nodeArgs = [
    '--max-old-space-size=1024',
    ...(opts.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProfDir] : []),
    ...(opts.cpuProfDir && opts.cpuProfIntervalUs ? ['--cpu-prof-interval', String(opts.cpuProfIntervalUs)] : []),
  ];
  const broker = opts.brokerUrl ? ['--broker-url', opts.brokerUrl] : ['--broker-port', String(opts.embeddedBrokerPort ?? 0)];
  const proc = spawnServer(
    process.execPath,
    [...nodeArgs, BIN, 'start', '--no-sim', '--port', '0', '--host', '127.0.0.1', '--store', opts.store, '--venue', opts.venueFile, ...broker],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AUTOREF_TOKEN: 'bench' },
    },
  );
  const brokerLine = opts.brokerUrl ? null : lineMatching(proc, /embedded MQTT broker on (mqtt:\/\/[\d.]+:\d+)/, 20_000, 'the embedded broker');
  const m = await lineMatching(proc, /dashboard: (http:\/\/[\d.]+:\d+)\//, 20_000, 'the hub to start');
  const brokerUrl = brokerLine ? (await brokerLine)[1]! : null;
  serverStarted(proc);
  return {
    url: m[1]!,
    brokerUrl,
    proc,
    stop: () => stopProcess(proc),
  };
}

/** A bare aedes broker (no hub) in its own process: the raw transport under the embedded hub. */
export async function startAedesProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `import { Aedes } from 'aedes'; import net from 'node:net';
const a = await Aedes.createBroker(); const s = net.createServer(a.handle);
s.listen(0, '127.0.0.1', () => console.log('aedes on mqtt://127.0.0.1:' + s.address().port));
process.on('SIGTERM', () => a.close(() => s.close(() => process.exit(0))));`;
  const proc = spawnServer(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'], cwd: path.resolve(BENCH_DIR, '..') });
  const m = await lineMatching(proc, /aedes on (mqtt:\/\/[\d.]+:\d+)/, 10_000, 'aedes');
  serverStarted(proc);
  return {
    url: m[1]!,
    stop: () => stopProcess(proc),
  };
}

/**
 * The least any hub could do between a broker and a page, in its own process: subscribe (QoS 1,
 * Nagle off, as the hub) and write each payload to every WebSocket client as a `device-events`
 * message. No validation, no store, no ack. With `brokerUrl` it is a client of that broker; without,
 * it embeds an aedes of its own, as the hub does, and devices connect to it (`brokerUrl` returned).
 * What the hub adds over this is its own work; what this adds over the raw broker is the extra
 * process and hop every hub has.
 */
export async function startRelayProcess(opts: { venue: string; brokerUrl?: string }): Promise<{ url: string; brokerUrl: string; stop(): Promise<void> }> {
  const code = `import { WebSocketServer } from 'ws'; import mqtt from 'mqtt'; import net from 'node:net'; import { Aedes } from 'aedes';
const [venue, brokerUrl] = process.argv.slice(1);
const filter = 'autoref/' + venue + '/+/+/events';
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise((r) => wss.on('listening', r));
wss.on('connection', (c) => c.send('{"type":"hello"}'));
const forward = (payload) => {
  const text = '{"type":"device-events","events":[{"event":' + payload.toString() + '}]}';
  for (const c of wss.clients) c.send(text);
};
let url = brokerUrl, close = async () => {};
if (brokerUrl) {
  const c = mqtt.connect(brokerUrl, { clean: true, log: () => {} });
  await new Promise((r) => c.on('connect', () => { c.stream.setNoDelay(true); c.subscribe(filter, { qos: 1 }, r); }));
  c.on('message', (_t, p) => forward(p));
  close = () => c.endAsync(true);
} else {
  const a = await Aedes.createBroker();
  await new Promise((r) => a.subscribe(filter, (packet, cb) => { forward(packet.payload); cb(); }, r));
  const s = net.createServer(a.handle);
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  url = 'mqtt://127.0.0.1:' + s.address().port;
  close = () => new Promise((r) => a.close(() => s.close(r)));
}
console.log('relay on http://127.0.0.1:' + wss.address().port + ' broker ' + url);
process.on('SIGTERM', () => close().then(() => process.exit(0)));`;
  const proc = spawnServer(process.execPath, ['--input-type=module', '-e', code, opts.venue, opts.brokerUrl ?? ''], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: path.resolve(BENCH_DIR, '..'),
  });
  const m = await lineMatching(proc, /relay on (http:\/\/[\d.]+:\d+) broker (mqtt:\/\/[\d.]+:\d+)/, 10_000, 'the relay');
  serverStarted(proc);
  return {
    url: m[1]!,
    brokerUrl: m[2]!,
    stop: () => stopProcess(proc),
  };
}

/** A venue of `tables` golf-billiards tables t1.. with one MQTT device d1.. each. */
export function benchVenue(id: string, tables: number): VenueConfig {
  return {
    id,
    name: 'Bench venue',
    language: 'en',
    tables: Array.from({ length: tables }, (_, i) => ({
      id: `t${i + 1}`,
      name: `Table ${i + 1}`,
      game: 'golf-billiards' as const,
      devices: [{ id: `d${i + 1}`, link: 'mqtt' as const }],
    })),
  };
}
