/**
 * The MQTT broker killed and restarted mid-match. A Mosquitto of this test's own on a free port
 * (the shared one on 1883 stays up); a simulated device streams events while a match runs; the
 * broker is killed (SIGKILL: no clean goodbye to anyone), stays down while the device keeps
 * scoring (its events wait in its buffer), and comes back on the same port. The hub's link goes
 * offline/reconnecting and back online by itself; afterwards every event is stored exactly once
 * and acknowledged, and the match's live state equals a clean replay of its log.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice, mqttTransport, newBootId } from '../../sim/device';
import type { LinkState } from '../../hub/ingest/serial';
import type { VenueConfig } from '../../shared/venue';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { freePort, killed, mosquittoConf, startMosquitto } from '../helpers/mosquitto';

describe('broker restarted mid-match', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-broker-restart-'));
  let broker: ChildProcess | null = null;
  let hub: TestHub | null = null;
  let device: SimDevice | null = null;
  afterAll(async () => {
    await device?.close().catch(() => undefined);
    await hub?.close();
    if (broker) await killed(broker);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reconnects by itself; every event stored once and acknowledged; the match equals its replay', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const conf = mosquittoConf(dir, port);
    broker = await startMosquitto(conf, port);
    const url = `mqtt://127.0.0.1:${port}`;
    const venue: VenueConfig = {
      id: `br-${newBootId()}`,
      name: 'Broker restart',
      language: 'en',
      tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] }],
    };
    hub = await newHub({ venue, mqtt: { url }, decisionDefaultMs: null, assembler: { restAfterMs: 50 } });
    const h = hub;
    const states: LinkState[] = [];
    const poll = setInterval(() => states.at(-1) !== h.links[0]!.state() && states.push(h.links[0]!.state()), 5);
    try {
      const started = await h.app.inject({
        method: 'POST',
        url: '/api/tables/gb1/matches',
        payload: {
          players: [
            { id: 'ann', name: 'Ann', side: 'A' },
            { id: 'bob', name: 'Bob', side: 'B' },
          ],
          config: { colours: { A: 'white', B: 'red' } },
        },
      });
      expect(started.statusCode).toBe(201);
      const matchId = started.json<{ match: { id: string } }>().match.id;
      const boot = newBootId();
      device = new SimDevice('gb1-a', await mqttTransport(url, venue.id, 'gb1', 'gb1-a', boot), boot);
      const d = device;
      const shot = (i: number) =>
        i % 5 === 4 ? d.emit({ e: 'goal', s: 'g1', p: 'goal-A', o: i % 2 ? 'white' : 'red' }) : d.emit({ e: 'cushion', s: 'r1', p: String(1 + (i % 4)) });
      for (let i = 0; i < 20; i++) shot(i);
      await waitFor(() => d.acked >= 20, 'the first 20 events acknowledged');

      // Kill the broker while the device keeps scoring.
      await killed(broker);
      await waitFor(() => h.links[0]!.state() !== 'online', 'the hub to see the broker gone');
      for (let i = 20; i < 40; i++) {
        shot(i);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(d.acked).toBeLessThan(40);
      broker = await startMosquitto(conf, port);
      await waitFor(() => h.links[0]!.state() === 'online', 'the hub link online again', 20_000);
      // One more event after the restart reveals a gap at the tail; the device's resends fill it.
      const last = shot(40);
      await waitFor(() => d.acked >= last.n, 'every event acknowledged', 20_000);

      expect(states).toContain('online');
      expect(states.some((s) => s === 'offline' || s === 'reconnecting')).toBe(true);
      expect(states.at(-1)).toBe('online');
      expect(await h.store.contiguousSeq('gb1-a', boot)).toBe(last.n);
      expect(await h.store.countDeviceEvents()).toBe(last.n);
      expect(h.ingest.counters.snapshot()['gb1-a']).toMatchObject({ accepted: last.n, lost: 0 });
      expect(h.ingest.counters.totalRejected()).toBe(0);
      // Every event reached the match (after shot assembly); live state equals a replay of its log.
      await waitFor(async () => (await h.store.gameEvents(matchId)).filter((e) => e.by === 'sensor').length >= last.n, 'every sensor event in the match log');
      const live = (await h.app.inject({ method: 'GET', url: '/api/tables' })).json<{ tables: { summary: unknown }[] }>();
      const replayed = (await h.app.inject({ method: 'GET', url: `/api/matches/${matchId}` })).json<{ summary: unknown }>();
      // The live summary carries the hub's countdowns to the defaults (`defaultAt`); the replay is the engine's alone.
      const engineOnly = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === 'defaultAt' ? undefined : v)));
      expect(engineOnly(live.tables[0]!.summary)).toEqual(replayed.summary);
    } finally {
      clearInterval(poll);
    }
  });
});
