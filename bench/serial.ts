/**
 * Serial: protocol v1 lines per second through a pseudo-terminal (socat pair, as in the tests)
 * into the hub's serial link, against raw serialport + parser-readline reading the same lines
 * from the same kind of pty. The writer sends every line as fast as the pty takes it; the
 * hub's acks coming back are read and dropped by the writer, as a device would.
 * Target: >= 1,500 lines/s per port, every line stored once, in sequence.
 * Run: node --import tsx bench/serial.ts [--lines N]
 * Writes bench/results/serial.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SerialPort } from 'serialport';
import { ReadlineParser } from '@serialport/parser-readline';
import { newHub, waitFor } from '../test/helpers/hub';
import { openPtyPair } from '../test/helpers/pty';
import { newBootId } from '../sim/device';
import type { VenueConfig } from '../shared/venue';
import { writeResult } from './lib';

const args = process.argv.slice(2);
const linesIdx = args.indexOf('--lines');
const LINES = linesIdx >= 0 ? Number(args[linesIdx + 1]) : 20_000;
const ROUNDS = 2;

const line = (boot: string, n: number): string =>
  JSON.stringify({ v: 1, k: 'ev', d: 's1', b: boot, n, t: 81234567 + n * 1000, e: 'cushion', s: 'r1', p: String(1 + (n % 4)), m: 412 }) + '\n';

async function openPort(p: string): Promise<SerialPort> {
  const port = new SerialPort({ path: p, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
  return port;
}

/** Writes every line, in chunks of 64 lines, waiting for the port to drain. */
async function writeAll(port: SerialPort, boot: string, n: number): Promise<void> {
  for (let i = 1; i <= n; i += 64) {
    let chunk = '';
    for (let k = i; k < Math.min(n + 1, i + 64); k++) chunk += line(boot, k);
    if (!port.write(chunk)) await new Promise<void>((r) => port.once('drain', () => r()));
  }
  await new Promise<void>((r) => port.drain(() => r()));
}

interface Run {
  inOrder?: boolean;
  lines: number;
  received: number;
  seconds: number;
  linesPerS: number;
  lost: number;
}

async function raw(): Promise<Run> {
  const pty = await openPtyPair();
  const reader = await openPort(pty.hubEnd);
  const writer = await openPort(pty.deviceEnd);
  let received = 0;
  let last = 0;
  let inOrder = true;
  reader.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'utf8' })).on('data', (l: string) => {
    const n = (JSON.parse(l) as { n: number }).n; // the same JSON read the hub does, minus validation
    if (n !== last + 1) inOrder = false;
    last = n;
    received++;
  });
  const t0 = process.hrtime.bigint();
  await writeAll(writer, 'raw', LINES);
  await waitFor(() => received >= LINES, 'raw lines', 60_000).catch(() => undefined);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  await new Promise((r) => writer.close(r));
  await new Promise((r) => reader.close(r));
  await pty.close();
  return { lines: LINES, received, seconds: round(seconds), linesPerS: Math.round(received / seconds), lost: LINES - received, inOrder };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

async function hub(dir: string, i: number): Promise<Run> {
  const pty = await openPtyPair();
  const venue: VenueConfig = {
    id: 'bench-serial',
    name: 'Bench',
    language: 'en',
    tables: [{ id: 't1', name: 'T1', game: 'golf-billiards', devices: [{ id: 's1', link: 'serial' }] }],
  };
  const h = await newHub({ venue, storePath: path.join(dir, `serial-${i}.db`), serial: [{ path: pty.hubEnd }] });
  await waitFor(() => h.links[0]!.state() === 'online', 'serial link online');
  const writer = await openPort(pty.deviceEnd);
  writer.on('data', () => {}); // the hub's acks: read and dropped
  let stored = 0;
  h.ingest.on('device-event', () => stored++);
  const boot = newBootId();
  const t0 = process.hrtime.bigint();
  await writeAll(writer, boot, LINES);
  await waitFor(() => stored >= LINES, 'hub lines', 60_000).catch(() => undefined);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const contiguous = await h.store.contiguousSeq('s1', boot);
  const rejected = h.ingest.counters.totalRejected();
  await new Promise((r) => writer.close(r));
  await h.close();
  await pty.close();
  if (rejected > 0) throw new Error(`${rejected} lines rejected`);
  return { lines: LINES, received: contiguous, seconds: round(seconds), linesPerS: Math.round(stored / seconds), lost: LINES - contiguous };
}

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-bench-serial-'));
const raws: Run[] = [];
const hubs: Run[] = [];
try {
  for (let i = 0; i < ROUNDS; i++) {
    raws.push(await raw());
    hubs.push(await hub(dir, i));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const best = (rs: Run[]) => rs.reduce((a, b) => (b.linesPerS > a.linesPerS ? b : a));
const r = best(raws);
const hb = best(hubs);
const ratio = Math.round((hb.linesPerS / r.linesPerS) * 100) / 100;
const out = {
  at: new Date().toISOString(),
  node: process.version,
  lines: LINES,
  rounds: ROUNDS,
  raw: raws,
  hub: hubs,
  best: { raw: r, hub: hb, ratio },
  targetLinesPerS: 1500,
  ok: hb.linesPerS >= 1500 && hubs.every((x) => x.lost === 0),
};
const file = writeResult('serial.json', out);
console.log(`\nSerial over a pty: ${LINES} event lines, best of ${ROUNDS}`);
console.table([
  { path: 'hub (LineGuard, readline, validate, store, ack)', 'lines/s': hb.linesPerS, lost: hubs.map((x) => x.lost).join(', ') },
  { path: 'raw serialport + parser-readline + JSON.parse', 'lines/s': r.linesPerS, lost: raws.map((x) => x.lost).join(', ') },
]);
console.log(`hub / raw: ${ratio}; target >= 1500 lines/s, no loss: ${out.ok ? 'met' : 'MISSED'}`);
console.log(`written ${path.relative(process.cwd(), file)}`);
process.exit(0);
