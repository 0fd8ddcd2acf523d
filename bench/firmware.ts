/**
 * Firmware budgets, measured:
 *  1. bundle size per profile and board (budget: the largest < 16 KB minified);
 *  2. edge handling cost on the simulated board running the real bundle: time per edge at
 *     growing counts (constant work) and heap bytes allocated per edge with the link down (no
 *     outgoing line) and up (the line only), with the ring buffer full and wrapping; and the
 *     bytes V8's sampling heap profiler attributes to the firmware's own functions (not the
 *     simulator's), per function, so the outgoing line can be told from anything else;
 *  3. edges per second without loss, per board, end to end in real time: 500 edges/s for 5 s
 *     into the real hub (Pico: over a pty; Espruino WiFi and ESP32: over Mosquitto, or the
 *     embedded broker when Mosquitto is not reachable), then every event checked stored.
 *  4. the firmware's cost per edge on the real Espruino interpreter (the board-sized Linux builds
 *     of ../shared/espruino, or ESPRUINO_DIR / ESPRUINO_BIN; one line saying why when absent):
 *     µs per edge at 500 and 2,000 edges/s, the events delivered, and the edge rate at which the
 *     interpreter on this machine would have no time left (firmware/sim/espruino/bench.ts).
 * Run: node --import tsx bench/firmware.ts   (re-runs itself with --expose-gc)
 * Writes bench/results/firmware.json and prints a table.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { randomBytes } from 'node:crypto';
import { BoardIds, type BoardId, type TableProfile } from '../shared/profile';
import { DEMO_VENUE, type VenueConfig } from '../shared/venue';
import { buildFirmware } from '../firmware/build/build';
import { runFirmware, type SimRun } from '../firmware/sim/run';
import { SimBoard } from '../firmware/sim/board';
import { bridgeUsb } from '../firmware/sim/serial-bridge';
import { newHub, waitFor } from '../test/helpers/hub';
import { openPtyPair } from '../test/helpers/pty';
import { startEmbeddedBroker } from '../hub/broker';
import mqtt from 'mqtt';
import { topicFor } from '../shared/protocol/wire';
import { interpreterEdgeCost } from '../firmware/sim/espruino/bench';

const here = fileURLToPath(import.meta.url);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', here, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const collect = gc;

const BUDGET_BYTES = 16 * 1024;
const PROFILES = ['golf-billiards', 'carom', 'carom-acoustic', 'pool', 'minigolf-lane'];

/** Two beams and a cushion; wired for each board. */
const RATE_PROFILE: TableProfile = {
  id: 'bench-rate',
  title: 'Benchmark: two beams',
  sensors: [
    { id: 'g1', kind: 'beam', event: 'goal', place: 'a', pin: 'a', minWidthUs: 1000 },
    { id: 'g2', kind: 'beam', event: 'goal', place: 'b', pin: 'b', minWidthUs: 1000 },
  ],
  boards: {
    'espruino-pico': { pins: { a: 'B3', b: 'B4' } },
    'espruino-wifi': { pins: { a: 'B3', b: 'B4' } },
    esp32: { pins: { a: 'D4', b: 'D5' } },
  },
};

function sizes(): { profile: string; board: BoardId; bytes: number }[] {
  const out: { profile: string; board: BoardId; bytes: number }[] = [];
  for (const profile of PROFILES) for (const board of BoardIds) out.push({ profile, board, bytes: buildFirmware({ profile, board }).bytes });
  return out;
}

/** One ball through beam `pin` (2 edges), 1.5 ms wide, then 1.5 ms of clear beam (debounce 1 ms). */
function ballEdges(run: SimRun, pin: string): void {
  run.board.set(pin, 0);
  run.board.advance(1.5);
  run.board.set(pin, 1);
  run.board.advance(1.5);
}

let gcDuring = 0;
new PerformanceObserver((l) => (gcDuring += l.getEntries().length)).observe({ entryTypes: ['gc'] });

/** Median heap bytes per edge of `batch` (balls of 2 edges), from batches during which no GC ran. */
function heapPerEdge(balls: number, batch: () => void): number {
  const samples: number[] = [];
  for (let tries = 0; samples.length < 7 && tries < 100; tries++) {
    collect();
    gcDuring = 0;
    const before = process.memoryUsage().heapUsed;
    batch();
    const after = process.memoryUsage().heapUsed;
    if (gcDuring === 0) samples.push((after - before) / (balls * 2));
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)] ?? NaN);
}

function edgeCost(): Record<string, number> {
  const BALLS = 500;
  // The simulated board alone: the same edges into a watch that does nothing (what Espruino
  // itself allocates per edge is not ours; the sim's timers and event objects are not either).
  const bare = new SimBoard({ pins: ['B3'] });
  const g = bare.globals() as { setWatch: (cb: () => void, p: unknown, o: object) => void; pinMode: (p: unknown, m: string) => void };
  g.pinMode(bare.pin('B3'), 'input_pullup');
  g.setWatch(() => undefined, bare.pin('B3'), { repeat: true, edge: 'both', debounce: 1 });
  const bareRun = { board: bare } as SimRun;
  const sim = heapPerEdge(BALLS, () => {
    for (let i = 0; i < BALLS; i++) ballEdges(bareRun, 'B3');
  });

  // Link down: the MQTT build whose broker is unreachable; events only go to the ring buffer,
  // which is full and wrapping (oldest dropped).
  const down = runFirmware({ profile: RATE_PROFILE, board: 'esp32', device: 'bench-1', local: { mqHost: '127.0.0.1', mqPort: 9 } });
  down.board.refuseConnections = true;
  for (let i = 0; i < 2000; i++) ballEdges(down, 'D4');
  const linkDown = heapPerEdge(BALLS, () => {
    for (let i = 0; i < BALLS; i++) ballEdges(down, 'D4');
  });
  // Retained: after 20,000 more edges and a full GC the heap has not grown (bounded buffer).
  collect();
  const r0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < 10000; i++) ballEdges(down, 'D4');
  collect();
  const retained = Math.round((process.memoryUsage().heapUsed - r0) / 20000);

  // Link up (USB serial, nobody acks: every event is sent once as it happens).
  const up = runFirmware({ profile: RATE_PROFILE, board: 'espruino-pico', device: 'bench-1' });
  for (let i = 0; i < 2000; i++) ballEdges(up, 'B3');
  up.board.usb.out = '';
  ballEdges(up, 'B3');
  const line = up.board.usb.out.split('\n')[0] ?? '';
  let eventsUp = 0;
  const linkUp = heapPerEdge(BALLS, () => {
    up.board.usb.out = '';
    for (let i = 0; i < BALLS; i++) ballEdges(up, 'B3');
    eventsUp = up.board.usb.out.split('"k":"ev"').length - 1;
  });

  // Time per edge after growing histories (constant work: no growth with the number of edges
  // handled before, the ring buffer empty, full or wrapping). Best of 5 batches of 10,000 edges.
  const perEdgeNs: Record<string, number> = {};
  for (const prior of [0, 10000, 100000]) {
    const t = runFirmware({ profile: RATE_PROFILE, board: 'espruino-pico', device: 'bench-1' });
    for (let i = 0; i < prior / 2; i++) {
      ballEdges(t, 'B3');
      if (i % 256 === 0) t.board.usb.out = '';
    }
    let best = Infinity;
    for (let k = 0; k < 5; k++) {
      t.board.usb.out = '';
      collect();
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < 5000; i++) ballEdges(t, 'B3');
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / 10000);
    }
    perEdgeNs[`ns_per_edge_after_${prior}_edges`] = Math.round(best);
  }
  return {
    sim_only_heap_bytes_per_edge: sim,
    firmware_heap_bytes_per_edge_link_down: linkDown - sim,
    firmware_heap_bytes_per_edge_link_up: linkUp - sim,
    event_line_bytes: Buffer.byteLength(line),
    events_per_batch_link_up: eventsUp,
    retained_bytes_per_edge_after_gc: retained,
    ...perEdgeNs,
  };
}

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampleNode[];
}

/**
 * Bytes allocated per edge inside the firmware bundle (the vm script "firmware.js"), by
 * function, from V8's sampling heap profiler (every 32 bytes on average, garbage included).
 * The readable bundle keeps the source function names.
 */
async function firmwareAllocations(): Promise<Record<string, number | string>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  const BALLS = 5000;
  const measure = async (run: SimRun, pin: string): Promise<{ perEdge: number; top: string }> => {
    for (let i = 0; i < 2000; i++) ballEdges(run, pin);
    run.board.usb.out = '';
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 32,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as never);
    for (let i = 0; i < BALLS; i++) {
      ballEdges(run, pin);
      if (i % 100 === 0) run.board.usb.out = '';
    }
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampleNode } };
    const byFn: Record<string, number> = {};
    const walk = (n: SampleNode): void => {
      if (n.selfSize && n.callFrame.url.endsWith('firmware.js')) {
        const name = `${n.callFrame.functionName || '(callback)'}:${n.callFrame.lineNumber + 1}`;
        byFn[name] = (byFn[name] ?? 0) + n.selfSize;
      }
      n.children.forEach(walk);
    };
    walk(profile.head);
    const edges = BALLS * 2;
    const total = Object.values(byFn).reduce((a, b) => a + b, 0);
    const top = Object.entries(byFn)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${(v / edges).toFixed(1)}`)
      .join(', ');
    run.board.stop();
    return { perEdge: Math.round((total / edges) * 10) / 10, top };
  };
  const down = runFirmware({ profile: RATE_PROFILE, board: 'esp32', device: 'bench-1', local: { mqHost: '127.0.0.1', mqPort: 9 }, minify: false });
  down.board.refuseConnections = true;
  const d = await measure(down, 'D4');
  const u = await measure(runFirmware({ profile: RATE_PROFILE, board: 'espruino-pico', device: 'bench-1', minify: false }), 'B3');
  session.disconnect();
  return {
    firmware_alloc_bytes_per_edge_link_down: d.perEdge,
    firmware_alloc_top_link_down: d.top,
    firmware_alloc_bytes_per_edge_link_up: u.perEdge,
    firmware_alloc_top_link_up: u.top,
  };
}

interface RateResult {
  board: BoardId;
  link: string;
  edges_per_s: number;
  seconds: number;
  edges: number;
  events: number;
  stored: number;
  lost: number;
  ok: boolean;
}

/** Drives `rate` edges/s of balls on two beams for `seconds`, the virtual clock following the wall clock. */
async function drive(run: SimRun, pins: [string, string], rate: number, seconds: number): Promise<number> {
  const start = Date.now();
  const startUs = run.board.us;
  const gapUs = 1e6 / rate;
  let edges = 0;
  let next = startUs;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const target = startUs + (Date.now() - start) * 1000;
      const stop = startUs + seconds * 1e6;
      while (next <= Math.min(target, stop)) {
        run.board.advance((next - run.board.us) / 1000);
        const pin = pins[Math.floor(edges / 2) % 2]!;
        run.board.set(pin, edges % 2 === 0 ? 0 : 1);
        edges++;
        next += gapUs;
      }
      run.board.advance((Math.min(target, stop) - run.board.us) / 1000);
      if (target >= stop) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return edges;
}

async function rate(board: BoardId, edgesPerS: number, seconds: number, mqttUrl: string | null): Promise<RateResult> {
  const v: VenueConfig = {
    ...DEMO_VENUE,
    id: `bench-${randomBytes(3).toString('hex')}`,
    tables: [{ id: 't1', name: 'Bench', game: 'golf-billiards', devices: [{ id: 'bench-1', link: mqttUrl ? 'mqtt' : 'serial' }] }],
  };
  const pins: [string, string] = board === 'esp32' ? ['D4', 'D5'] : ['B3', 'B4'];
  const closers: (() => Promise<unknown> | void)[] = [];
  try {
    let run: SimRun;
    if (mqttUrl) {
      const hub = await newHub({ venue: v, mqtt: { url: mqttUrl } });
      closers.push(() => hub.close());
      const u = new URL(mqttUrl);
      run = runFirmware({ profile: RATE_PROFILE, board, device: 'bench-1', table: 't1', local: { venue: v.id, mqHost: u.hostname, mqPort: Number(u.port) } });
      // Leave no retained status behind on the broker (after the will fired).
      closers.push(async () => {
        await new Promise((r) => setTimeout(r, 300));
        const c = await mqtt.connectAsync(mqttUrl, { clientId: `clean-${v.id}` });
        await c.publishAsync(topicFor(v.id, 't1', 'bench-1', 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      closers.push(() => run.board.stop());
      run.board.runRealtime();
      await waitFor(() => hub.ingest.deviceInfo()[0]?.state === 'online', 'device online');
      run.board.pauseRealtime();
      const edges = await drive(run, pins, edgesPerS, seconds);
      run.board.runRealtime();
      await waitFor(async () => (await hub.store.countDeviceEvents()) >= Math.floor(edges / 2), 'all events stored', 30_000).catch(() => undefined);
      return result(
        board,
        'mqtt',
        edgesPerS,
        seconds,
        edges,
        (await hub.store.recentDeviceEvents(100000)).map((s) => s.event.n),
      );
    }
    const pty = await openPtyPair();
    closers.push(() => pty.close());
    const hub = await newHub({ venue: v, serial: [{ path: pty.hubEnd }] });
    closers.push(() => hub.close());
    await waitFor(() => hub.links[0]!.state() === 'online', 'serial open');
    run = runFirmware({ profile: RATE_PROFILE, board, device: 'bench-1', table: 't1', noBoot: true });
    const bridge = await bridgeUsb(run.board, pty.deviceEnd);
    closers.push(() => bridge.close());
    closers.push(() => run.board.stop());
    run.board.boot();
    const edges = await drive(run, pins, edgesPerS, seconds);
    run.board.runRealtime();
    await waitFor(async () => (await hub.store.countDeviceEvents()) >= Math.floor(edges / 2), 'all events stored', 30_000).catch(() => undefined);
    return result(
      board,
      'serial (pty)',
      edgesPerS,
      seconds,
      edges,
      (await hub.store.recentDeviceEvents(100000)).map((s) => s.event.n),
    );
  } finally {
    for (const c of closers.reverse()) await c();
  }
}

function result(board: BoardId, link: string, edgesPerS: number, seconds: number, edges: number, seqs: number[]): RateResult {
  const events = Math.floor(edges / 2);
  const unique = new Set(seqs);
  const max = seqs.length ? Math.max(...seqs) : 0;
  const lost = events - unique.size;
  return { board, link, edges_per_s: edgesPerS, seconds, edges, events, stored: unique.size, lost, ok: lost === 0 && max === events };
}

/** Mosquitto when it answers at AUTOREF_MOSQUITTO_URL (default 127.0.0.1:1883), else an embedded broker. */
async function brokerUrl(): Promise<{ url: string; kind: string; close: () => Promise<void> }> {
  const mosquitto = new URL(process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883');
  const b = await startEmbeddedBroker({ port: Number(mosquitto.port || 1883), host: mosquitto.hostname, log: () => undefined }).catch(() => null);
  if (b) return { url: b.url, kind: b.embedded ? 'embedded aedes' : 'mosquitto', close: () => b.close() };
  const e = await startEmbeddedBroker({ port: 0 });
  return { url: e.url, kind: 'embedded aedes', close: () => e.close() };
}

async function main(): Promise<void> {
  const size = sizes();
  const largest = size.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const cost = { ...edgeCost(), ...(await firmwareAllocations()) };
  const broker = await brokerUrl();
  const rates: RateResult[] = [];
  for (const board of BoardIds) rates.push(await rate(board, 500, 5, board === 'espruino-pico' ? null : broker.url));
  const interpreter = await interpreterEdgeCost(broker.url);
  await broker.close();
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    bundle: { budget_bytes: BUDGET_BYTES, largest, within_budget: largest.bytes < BUDGET_BYTES, sizes: size },
    edge: cost,
    rate: rates,
    interpreter,
    broker: broker.kind,
  };
  const dir = path.join(path.dirname(here), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'firmware.json'), JSON.stringify(results, null, 2) + '\n');

  console.log('\nFirmware bundle sizes (minified bytes; budget: largest < 16384)');
  console.table(
    Object.fromEntries(PROFILES.map((p) => [p, Object.fromEntries(BoardIds.map((b) => [b, size.find((s) => s.profile === p && s.board === b)!.bytes]))])),
  );
  console.log(`largest: ${largest.profile} on ${largest.board}, ${largest.bytes} bytes: ${results.bundle.within_budget ? 'within' : 'OVER'} budget`);
  console.log("\nEdge handling on the simulated board (real bundle, Node; includes the sim's own per-edge watch object)");
  console.table(cost);
  console.log(`\nEdges per second without loss (real time, into the real hub; MQTT via ${broker.kind})`);
  console.table(rates);
  if ('skipped' in interpreter) console.log(`\nOn the real Espruino interpreter: skipped (${interpreter.skipped})`);
  else {
    console.log("\nOn the real Espruino interpreter (board-sized Linux builds on this machine's CPU, not a board's): cost per edge");
    console.table(interpreter);
  }
  console.log('written: bench/results/firmware.json');
  const interpreterLost = !('skipped' in interpreter) && interpreter.some((r) => r.lost !== 0);
  if (!results.bundle.within_budget || rates.some((r) => !r.ok) || interpreterLost) process.exitCode = 1;
}

await main();
