/**
 * Load the hub is sized for, and floods, through its embedded broker (aedes, the hub attached in
 * its process as `autoref start` runs it). Issue #21: 200 pages with 50 devices at 10 events/s
 * ended in `RangeError: Maximum call stack size exceeded` inside aedes' queue draining, and so
 * did one device sending 50,000 events with a new boot id each.
 *
 * The cause (node_modules/mqemitter, which aedes publishes through): once `concurrency` (aedes'
 * default 100) messages are being delivered, mqemitter queues the next ones, and each delivery
 * that completes starts the next queued message from inside its own completion. A delivery that
 * completes at once (the hub's own subscription, which hands the message to the ingest and is
 * done; a message nobody subscribes to) then drains the queue recursively, one stack frame set
 * per queued message. Deliveries to TCP clients take at least a turn of the event loop, so a hub
 * that falls behind (acks and clock-sync requests to 50 devices, behind writes to 200 pages)
 * builds the queue that then overflows the stack.
 *
 * Bounded by work, not time: each case sends a fixed number of events and waits (with a
 * generous limit that only catches a hub that never finishes) for every one to be accounted for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { waitFor } from '../helpers/hub';
import { embeddedHub, type EmbeddedHub } from './kit';

const FLOOD = 30_000;
const PAGES = 100;
const DEVICES = 20;
const PER_DEVICE = 150;

const venueOf = (id: string, tables: number): VenueConfig => ({
  id,
  name: 'Flood',
  language: 'en',
  tables: Array.from({ length: tables }, (_, i) => ({
    id: `t${i + 1}`,
    name: `T${i + 1}`,
    game: 'golf-billiards' as const,
    devices: [{ id: `d${i + 1}`, link: 'mqtt' as const }],
  })),
});

let e: EmbeddedHub | undefined;
const clients: MqttClient[] = [];
const pages: WebSocket[] = [];
afterEach(async () => {
  for (const p of pages.splice(0)) p.terminate();
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await e?.close();
  e = undefined;
});

describe('the embedded broker under floods', () => {
  it(
    `one device, ${FLOOD.toLocaleString('en-US')} events each with a new boot id, as fast as it can: the hub stays up and accounts for every event`,
    { timeout: 120_000 },
    async () => {
      const venue = venueOf(`fl-${newBootId()}`, 1);
      e = await embeddedHub(venue);
      const dev = await mqtt.connectAsync(e.broker.url, { clientId: `flood-${process.pid}`, reconnectPeriod: 0 });
      clients.push(dev);
      // The device listens to its commands, as a board does: every boot gets its own ack.
      let acks = 0;
      dev.on('message', () => acks++);
      await dev.subscribeAsync(`autoref/${venue.id}/t1/d1/cmd`, { qos: 1 });
      const topic = `autoref/${venue.id}/t1/d1/events`;
      for (let i = 0; i < FLOOD; i++) {
        dev.publish(topic, JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: `f${i.toString(36)}`, n: 1, t: 1000 + i, e: 'cushion', s: 'r1' }), { qos: 0 });
        if (i % 2000 === 1999) await new Promise((r) => setImmediate(r));
      }
      const hub = e.hub;
      // Every event ends stored, or refused with a reason the hub counts (load it sheds: the device keeps it).
      const accounted = async (): Promise<number> => (await hub.store.countDeviceEvents()) + hub.ingest.counters.totalRejected() + hub.ingest.shed;
      await waitFor(async () => (await accounted()) >= FLOOD, 'every event stored or counted', 90_000);
      expect(await accounted()).toBe(FLOOD);
      // The device goes away with acks still in flight to it: nothing may fall over then either.
      await dev.endAsync(true);
      clients.length = 0;
      const next = await mqtt.connectAsync(e.broker.url, { clientId: `flood-next-${process.pid}`, reconnectPeriod: 0 });
      clients.push(next);
      const boot = newBootId();
      await next.publishAsync(topic, JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), { qos: 1 });
      await waitFor(async () => (await hub.store.contiguousSeq('d1', boot)) === 1, 'a good event afterwards', 30_000);
      expect(acks).toBeGreaterThan(0);
    },
  );

  it(
    `${PAGES} pages on /api/stream and ${DEVICES} devices sending ${PER_DEVICE} events each at QoS 1: every acknowledged event is stored and reaches every page that reads`,
    { timeout: 120_000 },
    async () => {
      const venue = venueOf(`fp-${newBootId()}`, DEVICES);
      e = await embeddedHub(venue);
      const url = e.url;
      const received: number[] = new Array<number>(PAGES).fill(0);
      const closedByHub: boolean[] = new Array<boolean>(PAGES).fill(false);
      let ending = false;
      for (let i = 0; i < PAGES; i++) {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/api/stream`);
        pages.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.once('message', () => resolve());
        });
        ws.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as { type: string; events?: unknown[] };
          if (m.type === 'device-events') received[i]! += m.events!.length;
        });
        ws.on('close', () => (closedByHub[i] = !ending));
      }
      const boots: string[] = [];
      const acked: number[] = new Array<number>(DEVICES).fill(0);
      const devices = await Promise.all(
        Array.from({ length: DEVICES }, async (_, i) => {
          const c = await mqtt.connectAsync(e!.broker.url, { clientId: `fp-d${i + 1}-${process.pid}`, reconnectPeriod: 0 });
          clients.push(c);
          const boot = newBootId();
          boots[i] = boot;
          const unacked = new Map<number, string>();
          const topic = `autoref/${venue.id}/t${i + 1}/d${i + 1}/events`;
          c.on('message', (_t, p) => {
            const cmd = JSON.parse(p.toString()) as { k: string; b: string; n: number };
            if (cmd.b !== boot) return;
            if (cmd.k === 'ack') {
              acked[i] = Math.max(acked[i]!, cmd.n);
              for (const n of unacked.keys()) if (n <= cmd.n) unacked.delete(n);
            } else if (cmd.k === 'rs') {
              for (const [n, payload] of unacked) if (n >= cmd.n) c.publish(topic, payload, { qos: 1 });
            }
          });
          await c.subscribeAsync(`autoref/${venue.id}/t${i + 1}/d${i + 1}/cmd`, { qos: 1 });
          return { c, topic, unacked, boot };
        }),
      );
      // Every device sends its events as fast as the broker takes them.
      await Promise.all(
        devices.map(async (d, i) => {
          for (let n = 1; n <= PER_DEVICE; n++) {
            const payload = JSON.stringify({ v: 1, k: 'ev', d: `d${i + 1}`, b: d.boot, n, t: n * 1000, e: 'cushion', s: 'r1', p: '1' });
            d.unacked.set(n, payload);
            await d.c.publishAsync(d.topic, payload, { qos: 1 });
          }
        }),
      );
      const total = DEVICES * PER_DEVICE;
      // A device that heard no ack for 2 s sends its unacknowledged events again (as the firmware does).
      let resentAt = Date.now();
      await waitFor(
        () => {
          if (acked.every((a) => a === PER_DEVICE)) return true;
          if (Date.now() - resentAt < 2000) return false;
          resentAt = Date.now();
          for (const d of devices) for (const payload of d.unacked.values()) d.c.publish(d.topic, payload, { qos: 1 });
          return false;
        },
        'every event acknowledged',
        90_000,
      );
      for (let i = 0; i < DEVICES; i++) expect(await e.hub.store.contiguousSeq(`d${i + 1}`, boots[i]!)).toBe(PER_DEVICE);
      expect(await e.hub.store.countDeviceEvents()).toBe(total);
      // Pages that read get every event; a page the hub dropped (too slow) is counted, and none is here.
      await waitFor(() => received.every((n, i) => n >= total || closedByHub[i]), 'every page has every event', 60_000);
      expect(closedByHub.filter(Boolean)).toHaveLength(0);
      expect(received.every((n) => n === total)).toBe(true);
      ending = true;
    },
  );
});
