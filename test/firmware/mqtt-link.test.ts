/**
 * Link test: the real firmware bundle (ESP32 build) on the simulated board, its `net` sockets
 * bridged to the real Mosquitto at 127.0.0.1:1883, and the real hub subscribed to the venue.
 * The firmware's own MQTT client: CONNECT with a last will, retained status, events, cmd
 * subscription, acks, and replay after a lost connection. A venue id per run keeps topics apart.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import { topicFor } from '../../shared/protocol/wire';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { ball } from '../../firmware/sim/fixtures';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const url = new URL(MOSQUITTO);

function venue(): VenueConfig {
  return {
    ...DEMO_VENUE,
    id: `fw-${randomBytes(4).toString('hex')}`,
    tables: [{ id: 'gb1', name: 'Bumper pool 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] }],
  };
}

describe('firmware <-> Mosquitto <-> hub', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup.length = 0;
  });

  async function setup(): Promise<{ hub: TestHub; run: SimRun; v: VenueConfig }> {
    const v = venue();
    const hub = await newHub({ venue: v, mqtt: { url: MOSQUITTO } });
    cleanup.push(() => hub.close());
    const run = runFirmware({
      profile: 'golf-billiards',
      board: 'esp32',
      device: 'gb1-a',
      table: 'gb1',
      local: { venue: v.id, mqHost: url.hostname, mqPort: Number(url.port || 1883) },
    });
    // Leave no retained status behind on the shared broker (after the will fired).
    cleanup.push(async () => {
      await new Promise((r) => setTimeout(r, 300));
      const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${v.id}` });
      await c.publishAsync(topicFor(v.id, 'gb1', 'gb1-a', 'status'), '', { retain: true, qos: 1 });
      await c.endAsync();
    });
    cleanup.push(() => run.board.stop());
    run.board.runRealtime();
    await waitFor(() => hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state === 'online', 'the device online at the hub');
    return { hub, run, v };
  }

  it('events reach the hub; status is retained; the hub acks over cmd; the will says offline', async () => {
    const { hub, run, v } = await setup();
    ball(run.board, 'D5', 15_000);
    ball(run.board, 'D16', 3_000);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 2, 'two events stored');
    const stored = (await hub.store.recentDeviceEvents(10)).map((s) => s.event).sort((a, b) => a.n - b.n);
    expect(stored.map((e) => [e.n, e.e, e.s, e.p, e.w])).toEqual([
      [1, 'goal', 'g2', 'b', 15000],
      [2, 'out', 'o1', undefined, 3000],
    ]);
    expect((await hub.store.recentDeviceEvents(10)).every((s) => s.link === 'mqtt')).toBe(true);

    // A late subscriber gets the retained status, valid v1, online.
    const probe = await mqtt.connectAsync(MOSQUITTO, { clientId: `probe-${v.id}` });
    cleanup.push(() => probe.endAsync(true));
    const statuses: string[] = [];
    probe.on('message', (_t, p) => statuses.push(p.toString()));
    await probe.subscribeAsync(topicFor(v.id, 'gb1', 'gb1-a', 'status'));
    await waitFor(() => statuses.length > 0, 'the retained status');
    const st = decodeDeviceMessage(statuses[0]!);
    expect(st).toMatchObject({ ok: true, msg: { k: 'st', d: 'gb1-a', state: 'online' } });

    // Acked: nothing is sent again after the retry time (the hub would count duplicates).
    await new Promise((r) => setTimeout(r, 2500));
    expect(hub.ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: 2, duplicates: 0, rejected: {} });

    // The connection dies without a DISCONNECT: the broker publishes the will.
    run.board.refuseConnections = true;
    run.board.dropConnections();
    await waitFor(() => statuses.some((s) => s.includes('"offline"')), 'the will (offline) on the status topic');
    await waitFor(() => hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state === 'offline', 'the hub to see the device offline');
    const will = decodeDeviceMessage(statuses.find((s) => s.includes('"offline"'))!);
    expect(will).toMatchObject({ ok: true, msg: { k: 'st', state: 'offline', t: 0 } });
    expect(run.board.errors).toEqual([]);
  });

  it('events while the broker is unreachable are buffered and replayed after the reconnect', async () => {
    const { hub, run } = await setup();
    ball(run.board, 'D4', 12_000);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'the first event stored');
    run.board.refuseConnections = true;
    run.board.dropConnections();
    for (let i = 0; i < 5; i++) ball(run.board, 'D5', 9_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await hub.store.countDeviceEvents()).toBe(1);
    run.board.refuseConnections = false;
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 6, 'all six events after the reconnect', 30_000);
    const ns = (await hub.store.recentDeviceEvents(10)).map((s) => s.event.n).sort((a, b) => a - b);
    expect(ns).toEqual([1, 2, 3, 4, 5, 6]);
    expect(run.board.errors).toEqual([]);
  });
});
