/**
 * The hub against the raw MQTT transport underneath it, measured the same way in the same run,
 * for Mosquitto (127.0.0.1:1883, or AUTOREF_MOSQUITTO_URL) and the embedded aedes:
 *
 *  1. Latency, device publish -> dashboard WebSocket frame (`device-events` on /api/stream), one
 *     event at a time, QoS 1 as the protocol says, against a plain subscriber's publish ->
 *     message on the same broker. Blocks of hub and raw samples alternate so that load on the
 *     machine hits both alike, and the same through a do-nothing relay process (the floor of any
 *     process between a broker and a page). Target (issue #24): hub p50 <= relay p50 + 0.1 ms and
 *     hub p99 <= 1.2 x relay p99. Fan-out: the same with 1, 50 and 500 pages open on both.
 *  2. Throughput with 1 and 50 tables publishing at once, QoS 0 and 1, with sequence-gap
 *     counting at the sink (WebSocket frames for the hub, the subscriber for the raw broker).
 *     Each device keeps a bounded window of events in flight (as a board's ring buffer does;
 *     a burst of 20,000 would overrun Mosquitto's per-client queue of 1,000 and measure drops,
 *     not a rate). Each row is the median of several pairs of runs, hub and raw in alternating
 *     order. Target: hub >= 70 % of the raw rate, nothing lost.
 *
 * A third run, latency only, uses a Mosquitto of our own with `set_tcp_nodelay true`, to show how
 * much of the hub's tail is Nagle's algorithm on the broker's sockets (Mosquitto's default).
 *
 * What each path does per event, so the comparison is read for what it is. The raw subscriber
 * (one MQTT client here, Nagle off, subscribed at the run's QoS) parses the payload with
 * `JSON.parse` and counts its sequence number: no validation, no store, no ack to the device, no
 * second hop. The hub path does all of that: the broker delivers to the hub's own subscription
 * (QoS 1), the hub validates (Ajv), commits to SQLite, sends the device an `ack` (QoS 0, back
 * through the broker) and writes a `device-events` message (the events of one group commit) to
 * the WebSocket, where the sink here parses it with `JSON.parse` and counts each event exactly as
 * the raw subscriber does.
 * Devices, sinks and the measuring loop are the same code for both paths; blocks alternate.
 * Neither sink answers `rs` (resend) requests: an event the broker drops is lost on both paths.
 *
 * The hub runs as `autoref start --no-sim` in its own process on a SQLite file store (WAL), as
 * in a venue; with aedes the hub runs it embedded (its default), and the raw aedes runs alone in
 * its own process. Devices and measuring clients run here.
 * Run: node --import tsx bench/mqtt.ts [--quick] [--cpu-prof dir [--cpu-prof-interval µs]] [--only aedes|mosquitto|mosquitto-nodelay]
 *      [--latency-only | --throughput-only] [--row tables:qos]
 * Writes bench/results/mqtt.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { topicFor } from '../shared/protocol/wire';
import {
  benchVenue,
  percentiles,
  pinMeasurer,
  placement,
  sleep,
  spawnServer,
  startAedesProcess,
  stopProcess,
  startHubProcess,
  startRelayProcess,
  writeResult,
  type HubProcess,
  type Percentiles,
} from './lib';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const profIdx = args.indexOf('--cpu-prof');
const CPU_PROF = profIdx >= 0 ? path.resolve(args[profIdx + 1] ?? 'bench/results/prof') : undefined;
const intervalIdx = args.indexOf('--cpu-prof-interval');
const CPU_PROF_INTERVAL = intervalIdx >= 0 ? Number(args[intervalIdx + 1]) : undefined;
const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const LAT_BLOCKS = QUICK ? 2 : 8;
const LAT_BLOCK = QUICK ? 250 : 500;
/** Fan-out (issue #24): pages open, measured on one broker; events spaced wider than the stream's pacing (50 ms at most). */
const FANOUT_CLIENTS = [1, 50, 500];
const FANOUT_BROKER: Kind = 'mosquitto';
const FANOUT_BLOCKS = QUICK ? 1 : 2;
const FANOUT_BLOCK = QUICK ? 60 : 100;
const FANOUT_GAP_MS = 60;
const TP_EVENTS = QUICK ? 5_000 : 20_000;
/** Events in flight over all devices of a throughput run (Mosquitto queues 1,000 per client + 20 in flight). */
const TP_WINDOW = 500;
/**
 * Pairs of runs (raw and hub, the order alternating) per throughput row: one pair is a third of
 * a second of each, and two pairs minutes apart differed by up to 1.5x. The row gives medians.
 */
const TP_PAIRS = QUICK ? 1 : 5;
const TP_STALL_MS = 4000;
const TABLES = 50;
const onlyIdx = args.indexOf('--only');
const ONLY = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;
const NO_THROUGHPUT = args.includes('--latency-only');
const NO_LATENCY = args.includes('--throughput-only');
/** `--row 1:1`: only the throughput row of 1 table at QoS 1 (for profiling one case). */
const rowIdx = args.indexOf('--row');
const ROW = rowIdx >= 0 ? args[rowIdx + 1] : undefined;

type Qos = 0 | 1;

/** Where events come out: the hub's WebSocket, or a plain subscriber of the raw broker. */
interface Sink {
  /** Called with (device, n) for every event that comes out. */
  onEvent(cb: (device: string, n: number) => void): void;
  close(): Promise<void>;
}

async function wsSink(hubUrl: string): Promise<Sink> {
  const ws = new WebSocket(`${hubUrl.replace('http', 'ws')}/api/stream`);
  let cb: (device: string, n: number) => void = () => {};
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; events?: { event: { d: string; n: number } }[] };
      if (m.type === 'hello') resolve();
      else if (m.type === 'device-events' && m.events) for (const { event } of m.events) cb(event.d, event.n);
    });
  });
  return {
    onEvent: (f) => (cb = f),
    close: () =>
      new Promise<void>((r) => {
        ws.once('close', () => r());
        ws.close();
      }),
  };
}

/** The hub's latency target, against the relay in the same run (issue #24). */
function meetsRelayTarget(hub: Percentiles, relay: Percentiles): boolean {
  return hub.p50 <= relay.p50 + 0.1 && hub.p99 <= 1.2 * relay.p99;
}

/** `n` more dashboard pages on a stream: WebSocket clients that read every frame and drop it. Resolves to their closing. */
async function idlePages(url: string, n: number): Promise<() => Promise<void>> {
  const pages = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace('http', 'ws')}/api/stream`);
          ws.on('message', () => undefined);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  return async () => {
    await Promise.all(pages.map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : (ws.once('close', () => r()), ws.close())))));
  };
}

async function subscriberSink(url: string, venue: string, qos: Qos): Promise<Sink> {
  const c = await mqtt.connectAsync(url, { clientId: `bench-sub-${randomBytes(4).toString('hex')}`, clean: true });
  noDelay(c);
  let cb: (device: string, n: number) => void = () => {};
  c.on('message', (_t, payload) => {
    const m = JSON.parse(payload.toString()) as { d: string; n: number };
    cb(m.d, m.n);
  });
  await c.subscribeAsync(`autoref/${venue}/+/+/events`, { qos });
  return { onEvent: (f) => (cb = f), close: () => c.endAsync(true).then(() => undefined) };
}

/**
 * Nagle off on the measuring clients and devices, raw and hub paths alike: with it on, a small
 * publish queued behind an unacknowledged PUBACK waits for the peer's delayed ACK (up to 40 ms),
 * which measures the TCP stack, not the hub or the broker.
 */
function noDelay(c: MqttClient): void {
  (c.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
}

interface BenchDevice {
  id: string;
  client: MqttClient;
  topic: string;
  boot: string;
  n: number;
  /** What it sent and the hub has not acknowledged yet, by sequence (a board's ring buffer). */
  unacked: Map<number, string>;
  /** QoS of the current run, for resends. */
  qos: Qos;
  /** Events sent again because the hub asked (`rs`): it saw a gap, an event the broker dropped. */
  resent: number;
  /** Called with each ack's sequence (latency runs). */
  onAck?: (n: number) => void;
}

/**
 * Devices that keep every event until the hub acknowledges it and send again what the hub asks
 * for, as the firmware does: without that, an event the broker drops is lost on the hub path
 * although the protocol would have recovered it. The raw path has no such thing to lean on.
 */
async function devices(url: string, venue: string, count: number): Promise<BenchDevice[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = `d${i + 1}`;
      const client = await mqtt.connectAsync(url, { clientId: `bench-${id}-${randomBytes(3).toString('hex')}`, clean: true });
      noDelay(client);
      const dev: BenchDevice = {
        id,
        client,
        topic: topicFor(venue, `t${i + 1}`, id, 'events'),
        boot: randomBytes(4).toString('hex'),
        n: 0,
        unacked: new Map(),
        qos: 1,
        resent: 0,
      };
      client.on('message', (_t, payload) => {
        const c = JSON.parse(payload.toString()) as { k: string; b: string; n: number };
        if (c.b !== dev.boot) return;
        if (c.k === 'ack') {
          dev.onAck?.(c.n);
          for (const n of dev.unacked.keys()) {
            if (n > c.n) break;
            dev.unacked.delete(n);
          }
        } else if (c.k === 'rs') {
          for (const [n, p] of dev.unacked) {
            if (n < c.n) continue;
            dev.resent++;
            client.publish(dev.topic, p, { qos: dev.qos });
          }
        }
      });
      // A device listens to its commands (the hub's acks arrive there, as on a real board).
      await client.subscribeAsync(topicFor(venue, `t${i + 1}`, id, 'cmd'), { qos: 1 });
      return dev;
    }),
  );
}

function eventPayload(d: BenchDevice): string {
  const p = JSON.stringify({ v: 1, k: 'ev', d: d.id, b: d.boot, n: ++d.n, t: d.n * 1000 + 81234567, e: 'cushion', s: 'r1', p: String(1 + (d.n % 4)), m: 412 });
  d.unacked.set(d.n, p);
  return p;
}

/**
 * One event at a time from d1: ms from publish to its arrival at the sink. `acks`, when given,
 * gets ms from publish to the hub's ack of it at the device: the event is stored by then.
 */
async function latencyBlock(dev: BenchDevice, sink: Sink, samples: number, acks?: number[], gapMs = 1): Promise<number[]> {
  const out: number[] = [];
  let waiting: { n: number; t0: bigint; done: () => void } | null = null;
  // Acks are recorded as they come, never waited for: the paths must keep the same pace (a device
  // idle for longer between events wakes a colder hub: ms, not µs, on the machines we measured).
  const ackFor = new Map<number, bigint>();
  dev.onAck = (n) => {
    const now = process.hrtime.bigint();
    for (const [k, t0] of ackFor) {
      if (k > n) break;
      acks?.push(Number(now - t0) / 1e6);
      ackFor.delete(k);
    }
  };
  sink.onEvent((d, n) => {
    if (waiting && d === dev.id && n === waiting.n) {
      out.push(Number(process.hrtime.bigint() - waiting.t0) / 1e6);
      const w = waiting;
      waiting = null;
      w.done();
    }
  });
  for (let i = 0; i < samples; i++) {
    const payload = eventPayload(dev);
    const t0 = process.hrtime.bigint();
    const got = new Promise<void>((resolve) => {
      waiting = { n: dev.n, t0, done: resolve };
    });
    if (acks) ackFor.set(dev.n, t0);
    dev.client.publish(dev.topic, payload, { qos: 1 });
    const lost = await Promise.race([got.then(() => false), sleep(2000).then(() => true)]);
    if (lost) waiting = null;
    // Let the acks and PUBACKs of this event settle before the next one (the fan-out spaces events
    // wider than the stream's pacing, so each is one flush, as on a venue's screens).
    await sleep(gapMs);
  }
  for (let w = 0; ackFor.size > 0 && w < 100; w++) await sleep(1);
  dev.onAck = undefined;
  return out;
}

interface ThroughputRun {
  tables: number;
  qos: Qos;
  sent: number;
  received: number;
  /** Events never seen at the sink (per-device sequence gaps), and seen twice. */
  lost: number;
  duplicates: number;
  /** Events the devices sent again because the hub asked (the broker had dropped them). */
  resent: number;
  seconds: number;
  eventsPerS: number;
}

async function throughput(devs: BenchDevice[], sink: Sink, qos: Qos, total: number): Promise<ThroughputRun> {
  const perDevice = Math.floor(total / devs.length);
  const window = Math.max(1, Math.floor(TP_WINDOW / devs.length));
  const start: Record<string, number> = {};
  const seen: Record<string, Set<number>> = {};
  let duplicates = 0;
  let received = 0;
  let lastProgress = Date.now();
  const resentBefore = devs.reduce((a, d) => a + d.resent, 0);
  for (const d of devs) {
    start[d.id] = d.n;
    seen[d.id] = new Set();
    d.qos = qos;
    d.unacked.clear(); // the raw broker acknowledges nothing: only this run's events are kept
  }
  let wake: (() => void) | null = null;
  sink.onEvent((id, n) => {
    const s = seen[id];
    if (!s || n <= start[id]!) return;
    if (s.has(n)) duplicates++;
    else {
      s.add(n);
      received++;
    }
    lastProgress = Date.now();
    wake?.();
  });
  const t0 = process.hrtime.bigint();
  // Each device keeps at most `window` events beyond what came out at the sink.
  const pump = (): void => {
    for (const d of devs) {
      while (d.n - start[d.id]! < perDevice && d.n - start[d.id]! - seen[d.id]!.size < window) d.client.publish(d.topic, eventPayload(d), { qos });
    }
  };
  const expected = perDevice * devs.length;
  while (received < expected && Date.now() - lastProgress < TP_STALL_MS) {
    pump();
    await new Promise<void>((r) => {
      wake = r;
      setTimeout(r, 50);
    });
    wake = null;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9 - (received < expected ? TP_STALL_MS / 1000 : 0);
  return {
    tables: devs.length,
    qos,
    sent: expected,
    received,
    lost: expected - received,
    duplicates,
    resent: devs.reduce((a, d) => a + d.resent, 0) - resentBefore,
    seconds: Math.round(seconds * 1000) / 1000,
    eventsPerS: Math.round(received / seconds),
  };
}

/** The runs of one path for one row: the median rate, and every event lost or doubled in any run. */
interface ThroughputRuns {
  eventsPerS: number;
  lost: number;
  duplicates: number;
  resent: number;
  runs: ThroughputRun[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function summarize(runs: ThroughputRun[]): ThroughputRuns {
  return {
    eventsPerS: Math.round(median(runs.map((r) => r.eventsPerS))),
    lost: runs.reduce((a, r) => a + r.lost, 0),
    duplicates: runs.reduce((a, r) => a + r.duplicates, 0),
    resent: runs.reduce((a, r) => a + r.resent, 0),
    runs,
  };
}

interface BrokerResult {
  broker: string;
  /**
   * relay: the same publish through a do-nothing relay process (bench/lib.ts startRelayProcess)
   * to a WebSocket: the floor of any hub in a process of its own. hubOverRelayP50Ms: what the
   * hub's own work adds at p50. hubAck: publish -> the hub's ack at the device (stored by then).
   */
  latency: {
    hub: Percentiles;
    raw: Percentiles;
    relay: Percentiles;
    hubAck: Percentiles;
    p99Ratio: number;
    p50AddedMs: number;
    relayP50AddedMs: number;
    hubOverRelayP50Ms: number;
    ok: boolean;
  };
  /** The hub and the relay with `clients` pages open (one measuring, the rest reading and dropping every frame). */
  fanout: { clients: number; hub: Percentiles; relay: Percentiles; ok: boolean }[];
  /** ratio: the median of the pairs' hub/raw ratios. */
  throughput: { tables: number; qos: Qos; hub: ThroughputRuns; raw: ThroughputRuns; ratio: number; ok: boolean }[];
}

type Kind = 'mosquitto' | 'aedes' | 'mosquitto-nodelay';

/** A Mosquitto of our own with TCP_NODELAY on (`set_tcp_nodelay true`; its default is false). */
async function startNoDelayMosquitto(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const srv = net.createServer();
  const port = await new Promise<number>((r) => srv.listen(0, '127.0.0.1', () => r((srv.address() as net.AddressInfo).port)));
  await new Promise((r) => srv.close(r));
  const conf = path.join(dir, 'mosquitto-nodelay.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nset_tcp_nodelay true\nuser ${userInfo().username}\n`);
  const proc = spawnServer('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 500 }).then(
      (c) => c.endAsync(true).then(() => true),
      () => false,
    );
    if (up) break;
    await sleep(25);
  }
  return { url, stop: () => stopProcess(proc) };
}

async function benchBroker(kind: Kind, dir: string): Promise<BrokerResult> {
  const venueId = `bench-${randomBytes(3).toString('hex')}`;
  const rawVenue = `${venueId}-raw`;
  const venueFile = path.join(dir, `${kind}-venue.json`);
  writeFileSync(venueFile, JSON.stringify(benchVenue(venueId, TABLES)));
  const aedes = kind === 'aedes' ? await startAedesProcess() : null;
  const own = kind === 'mosquitto-nodelay' ? await startNoDelayMosquitto(dir) : null;
  const external = kind === 'mosquitto' ? MOSQUITTO : own?.url;
  const hub: HubProcess = await startHubProcess({
    venueFile,
    store: path.join(dir, `${kind}.db`),
    ...(external ? { brokerUrl: external } : { embeddedBrokerPort: 0 }),
    ...(CPU_PROF ? { cpuProfDir: CPU_PROF, ...(CPU_PROF_INTERVAL ? { cpuProfIntervalUs: CPU_PROF_INTERVAL } : {}) } : {}),
  });
  const hubBroker = external ?? hub.brokerUrl!;
  const rawBroker = external ?? aedes!.url;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const ws = await wsSink(hub.url);
    closers.push(() => ws.close());
    const hubDevs = await devices(hubBroker, venueId, TABLES);
    const rawDevs = await devices(rawBroker, rawVenue, TABLES);
    closers.push(() => Promise.all([...hubDevs, ...rawDevs].map((d) => d.client.endAsync(true))));

    // Latency: warm up every path, then alternate blocks.
    const rawSub1 = await subscriberSink(rawBroker, rawVenue, 1);
    closers.push(() => rawSub1.close());
    const relay = NO_LATENCY ? null : await startRelayProcess({ venue: `${venueId}-relay`, ...(external ? { brokerUrl: external } : {}) });
    const relaySink = relay ? await wsSink(relay.url) : null;
    const relayDev = relay ? (await devices(relay.brokerUrl, `${venueId}-relay`, 1))[0]! : null;
    closers.push(async () => {
      await relaySink?.close();
      await relayDev?.client.endAsync(true);
      await relay?.stop();
    });
    await latencyBlock(hubDevs[0]!, ws, 200);
    await latencyBlock(rawDevs[0]!, rawSub1, 200);
    if (relayDev && relaySink) await latencyBlock(relayDev, relaySink, 200);
    const hubLat: number[] = [];
    const hubAck: number[] = [];
    const rawLat: number[] = [];
    const relayLat: number[] = [];
    for (let b = 0; b < (NO_LATENCY ? 0 : LAT_BLOCKS); b++) {
      rawLat.push(...(await latencyBlock(rawDevs[0]!, rawSub1, LAT_BLOCK)));
      relayLat.push(...(await latencyBlock(relayDev!, relaySink!, LAT_BLOCK)));
      hubLat.push(...(await latencyBlock(hubDevs[0]!, ws, LAT_BLOCK, hubAck)));
    }
    await rawSub1.close();
    const hubP = percentiles(hubLat);
    const rawP = percentiles(rawLat);
    const relayP = percentiles(relayLat);
    const round3 = (x: number): number => Math.round(x * 1000) / 1000;
    const p99Ratio = Math.round((hubP.p99 / rawP.p99) * 100) / 100;
    const p50AddedMs = round3(hubP.p50 - rawP.p50);
    const latency = {
      hub: hubP,
      raw: rawP,
      relay: relayP,
      hubAck: percentiles(hubAck),
      p99Ratio,
      p50AddedMs,
      relayP50AddedMs: round3(relayP.p50 - rawP.p50),
      hubOverRelayP50Ms: round3(hubP.p50 - relayP.p50),
      // The floor of any process between a broker and a page is the relay (issue #24): the hub's
      // own work may add 0.1 ms at p50 and 20 % at p99 over it. Against the raw broker: reported.
      ok: meetsRelayTarget(hubP, relayP) && hubP.n === LAT_BLOCKS * LAT_BLOCK,
    };

    // Fan-out: the same latency with more pages open on the hub and on the relay alike.
    const fanout: BrokerResult['fanout'] = [];
    for (const clients of NO_LATENCY || kind !== FANOUT_BROKER ? [] : FANOUT_CLIENTS) {
      const hubPages = await idlePages(hub.url, clients - 1);
      const relayPages = await idlePages(relay!.url, clients - 1);
      const h: number[] = [];
      const r: number[] = [];
      await latencyBlock(hubDevs[0]!, ws, 20, undefined, FANOUT_GAP_MS);
      await latencyBlock(relayDev!, relaySink!, 20, undefined, FANOUT_GAP_MS);
      for (let b = 0; b < FANOUT_BLOCKS; b++) {
        r.push(...(await latencyBlock(relayDev!, relaySink!, FANOUT_BLOCK, undefined, FANOUT_GAP_MS)));
        h.push(...(await latencyBlock(hubDevs[0]!, ws, FANOUT_BLOCK, undefined, FANOUT_GAP_MS)));
      }
      await hubPages();
      await relayPages();
      const hp = percentiles(h);
      const rp = percentiles(r);
      fanout.push({ clients, hub: hp, relay: rp, ok: meetsRelayTarget(hp, rp) && hp.n === FANOUT_BLOCKS * FANOUT_BLOCK });
    }

    const tp: BrokerResult['throughput'] = [];
    // The no-delay Mosquitto is there to show where the latency goes; its throughput is not needed.
    for (const tables of NO_THROUGHPUT || kind === 'mosquitto-nodelay' ? [] : [1, TABLES]) {
      for (const qos of [0, 1] as const) {
        if (ROW && ROW !== `${tables}:${qos}`) continue;
        const hubRuns: ThroughputRun[] = [];
        const rawRuns: ThroughputRun[] = [];
        const rawRun = async (): Promise<void> => {
          const sub = await subscriberSink(rawBroker, rawVenue, qos);
          rawRuns.push(await throughput(rawDevs.slice(0, tables), sub, qos, TP_EVENTS));
          await sub.close();
        };
        const hubRun = async (): Promise<void> => {
          hubRuns.push(await throughput(hubDevs.slice(0, tables), ws, qos, TP_EVENTS));
        };
        for (let pair = 0; pair < TP_PAIRS; pair++) {
          if (pair % 2 === 0) {
            await rawRun();
            await hubRun();
          } else {
            await hubRun();
            await rawRun();
          }
        }
        const h = summarize(hubRuns);
        const raw = summarize(rawRuns);
        const ratio = Math.round(median(hubRuns.map((x, i) => x.eventsPerS / rawRuns[i]!.eventsPerS)) * 100) / 100;
        tp.push({ tables, qos, hub: h, raw, ratio, ok: ratio >= 0.7 && h.lost === 0 });
        console.error(
          `  ${kind} ${tables} table(s) QoS ${qos}: hub ${h.eventsPerS} ev/s (lost ${h.lost}, resent ${h.resent}), raw ${raw.eventsPerS} ev/s (lost ${raw.lost}), ratio ${ratio} [${hubRuns.map((x, i) => (x.eventsPerS / rawRuns[i]!.eventsPerS).toFixed(2)).join(' ')}]`,
        );
      }
    }
    const name = {
      mosquitto: `mosquitto ${MOSQUITTO}`,
      aedes: 'aedes (embedded in the hub; raw: alone in its own process)',
      'mosquitto-nodelay': 'mosquitto-nodelay (own instance, set_tcp_nodelay true)',
    }[kind];
    return { broker: name, latency, fanout, throughput: tp };
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await hub.stop();
    await aedes?.stop();
    await own?.stop();
  }
}

async function main(): Promise<void> {
  pinMeasurer();
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-bench-mqtt-'));
  const results: BrokerResult[] = [];
  try {
    for (const kind of (['mosquitto', 'aedes', 'mosquitto-nodelay'] as const).filter((k) => !ONLY || k === ONLY)) {
      console.error(`mqtt bench: ${kind}`);
      results.push(await benchBroker(kind, dir));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const out = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: placement ?? 'not pinned',
    quick: QUICK,
    latencySamples: LAT_BLOCKS * LAT_BLOCK,
    throughputEvents: TP_EVENTS,
    throughputPairs: TP_PAIRS,
    window: TP_WINDOW,
    results,
  };
  const file = writeResult('mqtt.json', out);
  console.log('\nLatency, device publish -> dashboard WebSocket frame (hub) vs publish -> subscriber (raw broker), ms, QoS 1');
  console.table(
    results.map((r) => ({
      broker: r.broker.split(' ')[0],
      'hub p50': r.latency.hub.p50,
      'hub p99': r.latency.hub.p99,
      'hub max': r.latency.hub.max,
      'raw p50': r.latency.raw.p50,
      'raw p99': r.latency.raw.p99,
      'raw max': r.latency.raw.max,
      'relay p50': r.latency.relay.p50,
      'relay p99': r.latency.relay.p99,
      'p99 ratio': r.latency.p99Ratio,
      'p50 added': r.latency.p50AddedMs,
      'hub-relay p50 (<=0.1)': r.latency.hubOverRelayP50Ms,
      'hub/relay p99 (<=1.2)': Math.round((r.latency.hub.p99 / r.latency.relay.p99) * 100) / 100,
      'ack p50': r.latency.hubAck.p50,
      'ack p99': r.latency.hubAck.p99,
      ok: r.latency.ok,
    })),
  );
  console.log(`Fan-out: the same latency with pages open on the hub and on the relay (events ${FANOUT_GAP_MS} ms apart), ms`);
  console.table(
    results.flatMap((r) =>
      r.fanout.map((f) => ({
        broker: r.broker.split(' ')[0],
        pages: f.clients,
        'hub p50': f.hub.p50,
        'hub p99': f.hub.p99,
        'relay p50': f.relay.p50,
        'relay p99': f.relay.p99,
        ok: f.ok,
      })),
    ),
  );
  console.log(`Throughput, ${TP_EVENTS} events per run, at most ${TP_WINDOW} in flight, median of ${TP_PAIRS} pair(s) of runs (lost: all runs)`);
  console.table(
    results.flatMap((r) =>
      r.throughput.map((t) => ({
        broker: r.broker.split(' ')[0],
        tables: t.tables,
        qos: t.qos,
        'hub ev/s': t.hub.eventsPerS,
        'hub lost': t.hub.lost,
        'hub dup': t.hub.duplicates,
        'hub resent': t.hub.resent,
        'raw ev/s': t.raw.eventsPerS,
        'raw lost': t.raw.lost,
        'ratio (>=0.7)': t.ratio,
        ok: t.ok,
      })),
    ),
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

await main();
process.exit(0);
