/**
 * Device clocks on one timeline, over the real links: two boards drifting 0.7 % in opposite
 * directions, one on a serial pty and one on Mosquitto. After a few seconds of sync, the hub
 * places their events within 2 ms of when they really happened.
 *
 * The Mosquitto is the test's own, set up as the configuration the hub writes for a venue
 * (hub/cli/mosquitto-config.ts: `set_tcp_nodelay true`). With Nagle's algorithm on (Mosquitto's
 * default, as on the shared 1883), a sync request to the device waited 3 ms at p50 behind the
 * broker's last unacknowledged packet to it, and a one-sided wait skews every mapped time by half
 * of it (docs/hub.md, Time).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { SimDevice, mqttTransport, newBootId, serialTransport } from '../../sim/device';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { hubNow } from '../../hub/time/hub-clock';
import { freePort, killed, mosquittoConf, startMosquitto } from '../helpers/mosquitto';

describe('clock sync over serial and MQTT', () => {
  let pty: PtyPair | undefined;
  let hub: TestHub | undefined;
  const devices: SimDevice[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-clock-'));
  let broker: ChildProcess | undefined;
  afterAll(async () => {
    for (const d of devices) await d.close();
    await hub?.close();
    await pty?.close();
    if (broker) await killed(broker);
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps two boards drifting ±0.7 % to within 2 ms of the true time', async () => {
    pty = await openPtyPair();
    const port = await freePort();
    broker = await startMosquitto(mosquittoConf(dir, port, ['set_tcp_nodelay true']), port);
    const MOSQUITTO = `mqtt://127.0.0.1:${port}`;
    const venue: VenueConfig = {
      ...DEMO_VENUE,
      id: `clock-${newBootId()}`,
      tables: [
        {
          id: 'gb1',
          name: 'GB',
          game: 'golf-billiards',
          devices: [
            { id: 'gb1-a', link: 'serial' },
            { id: 'gb1-b', link: 'mqtt' },
          ],
        },
      ],
    };
    hub = await newHub({ venue, serial: [{ path: pty.hubEnd }], mqtt: { url: MOSQUITTO }, clockSync: { fastMs: 100, slowMs: 100 } });
    const a = new SimDevice('gb1-a', await serialTransport(pty.deviceEnd));
    const bootB = newBootId();
    const b = new SimDevice('gb1-b', await mqttTransport(MOSQUITTO, venue.id, 'gb1', 'gb1-b', bootB), bootB);
    a.drift = 0.007;
    b.drift = -0.007;
    devices.push(a, b);
    a.hello('golf-billiards');
    b.hello('golf-billiards');
    await waitFor(
      () => (hub!.clock.fit('gb1-a', a.boot)?.samples ?? 0) >= 24 && (hub!.clock.fit('gb1-b', b.boot)?.samples ?? 0) >= 24,
      'two dozen sync samples from each board',
      20_000,
    );
    // Let the drift show: 1.5 s more of running clocks before the events.
    await new Promise((r) => setTimeout(r, 1500));

    const truth: Record<string, number> = {};
    for (let i = 0; i < 10; i++) {
      for (const d of [a, b]) {
        const before = hubNow();
        const e = d.emit({ e: 'goal', s: 'g1', p: 'A' });
        truth[`${d.id}/${e.n}`] = (before + hubNow()) / 2;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await waitFor(async () => (await hub!.store.countDeviceEvents()) === 20, 'all 20 events stored');
    const errors = (await hub.store.recentDeviceEvents(20)).map((s) => Math.abs(s.at - truth[`${s.event.d}/${s.event.n}`]!));
    const worst = Math.max(...errors);
    const fa = hub.clock.fit('gb1-a', a.boot)!;
    const fb = hub.clock.fit('gb1-b', b.boot)!;
    console.log(
      `clock sync over real links: worst error ${worst.toFixed(3)} ms; drift seen ${fa.driftPpm.toFixed(0)} ppm (serial), ${fb.driftPpm.toFixed(0)} ppm (mqtt)`,
    );
    expect(worst).toBeLessThan(2);
    expect(fa.driftPpm).toBeGreaterThan(5000);
    expect(fb.driftPpm).toBeLessThan(-5000);
  });
});
