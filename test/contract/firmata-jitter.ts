/**
 * Not a test: measures how much of a pulse width the hub-side timestamps of the Firmata path get
 * wrong, with the emulated StandardFirmata board on a socat pty (serialport, firmata-io,
 * johnny-five, the link). The emulator knows when it wrote each edge (hrtime); the link stamps the
 * edge when its report is parsed. This is the hub's share only (pty, parser, event loop): a real
 * Arduino adds its loop time and the USB-serial bridge (see docs/firmata.md), so read the result as
 * a lower bound.
 *
 *   npx tsx test/contract/firmata-jitter.ts [pulses]
 */
import { FirmataLink } from '../../hub/ingest/firmata';
import { Ingest } from '../../hub/ingest/pipeline';
import { SqliteStore } from '../../hub/store/sqlite';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { VenueConfig } from '../../shared/venue';
import { openPtyPair } from '../helpers/pty';
import { FirmataEmulator } from './firmata-emulator';

const PULSES = Number(process.argv[2] ?? 200);
const OUT = 16; // A2 on an Uno
const venue: VenueConfig = {
  id: 'j',
  name: 'J',
  language: 'en',
  tables: [{ id: 'p1', name: 'P', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'firmata' }] }],
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pty = await openPtyPair();
const emu = await FirmataEmulator.open(pty.deviceEnd);
const store = new SqliteStore(':memory:');
const ingest = new Ingest(store, venue);
const link = new FirmataLink(ingest, {
  path: pty.hubEnd,
  device: 'p1-a',
  profile: { id: 'jitter', sensors: [{ id: 'o1', kind: 'beam', event: 'out', pin: 'out', debounceMs: 0, minWidthUs: 0 }] },
  pins: { out: 'A2' },
});
const events: DeviceEvent[] = [];
ingest.on('device-event', (s) => events.push(s.event));
link.start();
while (!(link.state === 'online' && emu.reports(OUT))) await sleep(10);

const truth: number[] = [];
for (let i = 0; i < PULSES; i++) {
  const width = 5 + (i % 20); // 5..24 ms
  const t0 = process.hrtime.bigint();
  emu.set(OUT, 0);
  await sleep(width);
  const t1 = process.hrtime.bigint();
  emu.set(OUT, 1);
  truth.push(Number((t1 - t0) / 1000n));
  await sleep(10);
}
while (events.length < PULSES) await sleep(10);

const errors = events.map((e, i) => (e.w ?? 0) - truth[i]!);
const abs = errors.map(Math.abs).sort((a, b) => a - b);
const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
const sd = Math.sqrt(errors.reduce((a, b) => a + (b - mean) ** 2, 0) / errors.length);
const q = (p: number) => abs[Math.min(abs.length - 1, Math.floor(p * abs.length))]!;
console.log(
  `${PULSES} pulses over a pty: width error (µs) mean ${mean.toFixed(0)}, sd ${sd.toFixed(0)}, |err| p50 ${q(0.5)}, p95 ${q(0.95)}, p99 ${q(0.99)}, max ${abs.at(-1)}`,
);

await link.close();
await emu.close();
await pty.close();
store.close();
