/**
 * Venue load: the hub (`autoref start --no-sim`, embedded aedes, SQLite file store, in its own
 * process, placed as bench/mqtt.ts places servers) with N WebSocket clients on /api/stream (the
 * TVs and phones of a venue: every page opens it) and M MQTT devices each publishing R events/s
 * for a bounded time. Reported per row:
 *
 *  - stream latency, device publish -> the event's `device-events` frame at a page, p50/p99/max
 *    (measured at `MEASURING` of the N clients; the others read and count their frames only, so
 *    the measuring process is not the bottleneck it would be parsing every frame of every page);
 *  - ack delay, publish -> the first ack that covers the event, back at the device;
 *  - the hub's RSS (VmRSS), at the start of the run, its highest and at the end;
 *  - pages the hub dropped (it cuts a page whose backlog it cannot hand to the kernel, see
 *    hub/api/stream.ts), as the pages saw it (closed without being asked) and as the hub counts;
 *  - whether the hub survived, and acknowledged events lost: after the run the hub is stopped and
 *    its database read; every event a device saw acknowledged must be stored, exactly once.
 *
 * Target (reported, not asserted): no crash, no acknowledged event lost, stream p99 <= 250 ms,
 * RSS bounded (the highest under 1.5 x the start plus 100 MB).
 * Devices behave as the firmware does: every event kept until acknowledged, sent again on `rs`.
 * Run: node --import tsx bench/venue-load.ts [--quick] [--row clients:devices:rate] [--seconds s] [--cpu-prof dir]
 * Writes bench/results/venue-load.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { topicFor } from '../shared/protocol/wire';
import { benchVenue, percentiles, pinMeasurer, placement, sleep, startHubProcess, writeResult, type HubProcess, type Percentiles } from './lib';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const secondsIdx = args.indexOf('--seconds');
const RUN_S = secondsIdx >= 0 ? Number(args[secondsIdx + 1]) : QUICK ? 8 : 20;
const rowIdx = args.indexOf('--row');
/** The rows the issue names (#21): TVs and phones x devices x events/s per device. */
const ROWS: { clients: number; devices: number; rate: number }[] =
  rowIdx >= 0
    ? [args[rowIdx + 1]!.split(':').map(Number)].map(([clients, devices, rate]) => ({ clients: clients!, devices: devices!, rate: rate! }))
    : [
        { clients: 200, devices: 50, rate: 10 },
        { clients: 500, devices: 100, rate: 5 },
      ];
/** Pages that parse every frame and time each event; the others only count their frames. */
const MEASURING = 20;
/** Warm-up before measuring: every page connected and each device's first events through. */
const WARMUP_S = 2;
const P99_TARGET_MS = 250;
const profIdx = args.indexOf('--cpu-prof');
const CPU_PROF = profIdx >= 0 ? path.resolve(args[profIdx + 1] ?? 'bench/results/prof') : undefined;

interface Device {
  id: string;
  client: MqttClient;
  topic: string;
  boot: string;
  n: number;
  /** Events not acknowledged yet: payload and publish time (ns), by sequence. */
  unacked: Map<number, { payload: string; t0: bigint }>;
  /** Highest sequence acknowledged. */
  acked: number;
  resent: number;
}

interface Page {
  ws: WebSocket;
  measuring: boolean;
  frames: number;
  /** Closed by the hub (we close ours only after the run). */
  dropped: boolean;
}

/** Publish time (ns) of each event, by "device/n", for the measuring pages. */
const sentAt = new Map<string, bigint>();

async function openPage(url: string, measuring: boolean, latencies: number[]): Promise<Page> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/stream`);
  const page: Page = { ws, measuring, frames: 0, dropped: false };
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', () => resolve()); // the hello
  });
  ws.on('error', () => undefined);
  ws.on('close', () => (page.dropped = !closing));
  ws.on('message', (data: Buffer) => {
    page.frames++;
    if (!measuring) return;
    const now = process.hrtime.bigint();
    const m = JSON.parse(data.toString()) as { type: string; events?: { event: { d: string; n: number } }[] };
    if (m.type !== 'device-events' || !m.events) return;
    for (const { event } of m.events) {
      const t0 = sentAt.get(`${event.d}/${event.n}`);
      if (t0 !== undefined && measuringOn) latencies.push(Number(now - t0) / 1e6);
    }
  });
  return page;
}

let closing = false;
let measuringOn = false;
const lag = monitorEventLoopDelay({ resolution: 5 });

async function openDevice(url: string, venue: string, i: number, ackDelays: number[]): Promise<Device> {
  const id = `d${i + 1}`;
  const client = await mqtt.connectAsync(url, { clientId: `venue-${id}-${randomBytes(3).toString('hex')}`, clean: true, reconnectPeriod: 0, log: () => {} });
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  const dev: Device = {
    id,
    client,
    topic: topicFor(venue, `t${i + 1}`, id, 'events'),
    boot: randomBytes(4).toString('hex'),
    n: 0,
    unacked: new Map(),
    acked: 0,
    resent: 0,
  };
  client.on('error', () => undefined);
  client.on('message', (_t, payload) => {
    const c = JSON.parse(payload.toString()) as { k: string; b: string; n: number };
    if (c.b !== dev.boot) return;
    if (c.k === 'ack') {
      const now = process.hrtime.bigint();
      for (const [n, x] of dev.unacked) {
        if (n > c.n) break;
        if (measuringOn) ackDelays.push(Number(now - x.t0) / 1e6);
        dev.unacked.delete(n);
      }
      dev.acked = Math.max(dev.acked, c.n);
    } else if (c.k === 'rs') {
      for (const [n, x] of dev.unacked) {
        if (n < c.n) continue;
        dev.resent++;
        client.publish(dev.topic, x.payload, { qos: 1 });
      }
    }
  });
  await client.subscribeAsync(topicFor(venue, `t${i + 1}`, id, 'cmd'), { qos: 1 });
  return dev;
}

function publish(d: Device): void {
  const n = ++d.n;
  const payload = JSON.stringify({ v: 1, k: 'ev', d: d.id, b: d.boot, n, t: n * 1000 + 81234567, e: 'cushion', s: 'r1', p: String(1 + (n % 4)), m: 412 });
  const t0 = process.hrtime.bigint();
  d.unacked.set(n, { payload, t0 });
  sentAt.set(`${d.id}/${n}`, t0);
  d.client.publish(d.topic, payload, { qos: 1 });
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

interface RowResult {
  clients: number;
  devices: number;
  rate: number;
  seconds: number;
  sent: number;
  acked: number;
  /** Acknowledged events missing from the store afterwards (or stored twice). */
  ackedLost: number;
  ackedDoubled: number;
  resent: number;
  streamMs: Percentiles;
  ackMs: Percentiles;
  rssMb: { start: number | null; max: number | null; end: number | null };
  droppedPages: number;
  droppedByHub: number | null;
  crashed: string | null;
  loadAverage: number[];
  /** This (measuring) process's event-loop delay, ms p99 / max: high, and the latencies above include its own wait. */
  measurerLagMs: { p99: number; max: number };
  met: boolean;
}

async function runRow(row: { clients: number; devices: number; rate: number }, dir: string): Promise<RowResult> {
  const venueId = `venue-${randomBytes(3).toString('hex')}`;
  const venueFile = path.join(dir, `${venueId}.json`);
  writeFileSync(venueFile, JSON.stringify(benchVenue(venueId, row.devices)));
  const dbFile = path.join(dir, `${venueId}.db`);
  const hub: HubProcess = await startHubProcess({ venueFile, store: dbFile, embeddedBrokerPort: 0, ...(CPU_PROF ? { cpuProfDir: CPU_PROF } : {}) });
  let crashed: string | null = null;
  let stderr = '';
  hub.proc.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  hub.proc.once('exit', (code, signal) => {
    if (!closing) crashed = `exit ${code ?? signal}: ${/(RangeError|TypeError|Error)[^\n]*/.exec(stderr)?.[0] ?? stderr.slice(-300)}`;
  });
  const latencies: number[] = [];
  const ackDelays: number[] = [];
  closing = false;
  measuringOn = false;
  sentAt.clear();
  const pages: Page[] = [];
  const devices: Device[] = [];
  const rss: number[] = [];
  let droppedByHub: number | null = null;
  try {
    const every = Math.max(1, Math.floor(row.clients / MEASURING));
    for (let i = 0; i < row.clients; i += 25) {
      pages.push(...(await Promise.all(Array.from({ length: Math.min(25, row.clients - i) }, (_, k) => openPage(hub.url, (i + k) % every === 0, latencies)))));
    }
    for (let i = 0; i < row.devices; i += 25) {
      devices.push(
        ...(await Promise.all(Array.from({ length: Math.min(25, row.devices - i) }, (_, k) => openDevice(hub.brokerUrl!, venueId, i + k, ackDelays)))),
      );
    }
    // Each device publishes at its rate, the devices spread over the period.
    const periodMs = 1000 / row.rate;
    const startedAt = Date.now();
    const timers = devices.map((d, i) =>
      setTimeout(
        () => {
          publish(d);
          timers[i] = setInterval(() => crashed === null && d.client.connected && publish(d), periodMs);
        },
        (i * periodMs) / devices.length,
      ),
    );
    const sampler = setInterval(() => {
      const r = rssMb(hub.proc.pid!);
      if (r !== null) rss.push(r);
    }, 500);
    await sleep(WARMUP_S * 1000);
    measuringOn = true;
    lag.reset();
    lag.enable();
    const rssStart = rssMb(hub.proc.pid!);
    while (Date.now() - startedAt < (WARMUP_S + RUN_S) * 1000 && crashed === null) await sleep(200);
    measuringOn = false;
    lag.disable();
    for (const t of timers) clearInterval(t);
    clearInterval(sampler);
    // What is in flight settles: acks of the last events, resends.
    for (let w = 0; w < 50 && crashed === null && devices.some((d) => d.unacked.size > 0); w++) await sleep(100);
    const rssEnd = rssMb(hub.proc.pid!);
    if (crashed === null) {
      const r = await fetch(`${hub.url}/api/devices`).then(
        (x) => x.json() as Promise<{ stream?: { dropped?: number } }>,
        () => null,
      );
      droppedByHub = r?.stream?.dropped ?? null;
    }
    closing = true;
    for (const p of pages) p.ws.terminate();
    await Promise.all(devices.map((d) => d.client.endAsync(true).catch(() => undefined)));
    await hub.stop();
    // Every acknowledged event stored once: the hub's database, read after it stopped.
    const db = new Database(dbFile, { readonly: true });
    const stmt = db.prepare('SELECT count(*) AS n, count(DISTINCT seq) AS d FROM device_events WHERE device = ? AND boot = ? AND seq <= ?');
    let ackedLost = 0;
    let ackedDoubled = 0;
    for (const d of devices) {
      const { n, d: distinct } = stmt.get(d.id, d.boot, d.acked) as { n: number; d: number };
      ackedLost += d.acked - distinct;
      ackedDoubled += n - distinct;
    }
    db.close();
    const streamMs = percentiles(latencies);
    const rssMax = rss.length > 0 ? Math.max(...rss) : null;
    const rssBounded = rssStart !== null && rssMax !== null && rssMax <= rssStart * 1.5 + 100;
    return {
      ...row,
      seconds: RUN_S,
      sent: devices.reduce((a, d) => a + d.n, 0),
      acked: devices.reduce((a, d) => a + d.acked, 0),
      ackedLost,
      ackedDoubled,
      resent: devices.reduce((a, d) => a + d.resent, 0),
      streamMs,
      ackMs: percentiles(ackDelays),
      rssMb: { start: rssStart, max: rssMax, end: rssEnd },
      droppedPages: pages.filter((p) => p.dropped).length,
      droppedByHub,
      crashed,
      loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
      measurerLagMs: { p99: Math.round(lag.percentile(99) / 1e4) / 100, max: Math.round(lag.max / 1e4) / 100 },
      met: crashed === null && ackedLost === 0 && ackedDoubled === 0 && streamMs.p99 <= P99_TARGET_MS && rssBounded,
    };
  } finally {
    closing = true;
    for (const p of pages) p.ws.terminate();
    await Promise.all(devices.map((d) => d.client.endAsync(true).catch(() => undefined)));
    await hub.stop();
  }
}

async function main(): Promise<void> {
  pinMeasurer();
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-bench-venue-'));
  const rows: RowResult[] = [];
  try {
    for (const row of ROWS) {
      console.error(`venue load: ${row.clients} pages, ${row.devices} devices x ${row.rate} events/s, ${RUN_S} s (load average ${loadavg()[0]!.toFixed(2)})`);
      const r = await runRow(row, dir);
      rows.push(r);
      console.error(
        `  stream p50/p99 ${r.streamMs.p50}/${r.streamMs.p99} ms, ack p50/p99 ${r.ackMs.p50}/${r.ackMs.p99} ms, RSS ${r.rssMb.start}->${r.rssMb.max} MB, dropped ${r.droppedPages}, acked lost ${r.ackedLost}, measurer lag p99 ${r.measurerLagMs.p99} ms${r.crashed ? `, CRASHED ${r.crashed}` : ''}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const file = writeResult('venue-load.json', {
    at: new Date().toISOString(),
    node: process.version,
    cpus: placement ?? 'not pinned',
    quick: QUICK,
    seconds: RUN_S,
    measuringPages: MEASURING,
    p99TargetMs: P99_TARGET_MS,
    rows,
  });
  console.table(
    rows.map((r) => ({
      pages: r.clients,
      devices: r.devices,
      'ev/s each': r.rate,
      'stream p50': r.streamMs.p50,
      'stream p99': r.streamMs.p99,
      'ack p50': r.ackMs.p50,
      'ack p99': r.ackMs.p99,
      'RSS start/max MB': `${r.rssMb.start}/${r.rssMb.max}`,
      dropped: r.droppedPages,
      'acked lost': r.ackedLost,
      crashed: r.crashed ?? 'no',
      met: r.met,
    })),
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

await main();
process.exit(0);
