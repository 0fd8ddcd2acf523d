/**
 * A pulled cable is a state, not a crash: the serial link goes offline, the device is marked
 * offline, and when the line comes back the hub reopens the port by itself and takes events again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair } from '../helpers/pty';
import { SimDevice, serialTransport } from '../../sim/device';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { LinkState } from '../../hub/ingest/serial';

describe('serial cable pulled and plugged back', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('goes offline, reopens with backoff, and takes the next events', async () => {
    let pty = await openPtyPair();
    const venue: VenueConfig = { ...DEMO_VENUE, tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }] };
    const hub: TestHub = await newHub({ venue, serial: [{ path: pty.hubEnd, backoffMinMs: 50, backoffMaxMs: 200 }] });
    cleanups.push(() => hub.close());
    const states: LinkState[] = [];
    const link = hub.links[0]!;
    await waitFor(() => link.state() === 'online', 'serial link online');
    let device = new SimDevice('gb1-a', await serialTransport(pty.deviceEnd));
    device.emit({ e: 'goal', s: 'g1', p: 'A' });
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'first event');
    await device.close();

    const poll = setInterval(() => states.at(-1) !== link.state() && states.push(link.state()), 5);
    cleanups.push(async () => clearInterval(poll));
    await pty.close(); // the cable is pulled
    await waitFor(() => link.state() === 'offline' || link.state() === 'reconnecting', 'link offline');
    await waitFor(() => hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state === 'offline', 'device offline');

    pty = await openPtyPair(pty.dir); // plugged back in: same device paths
    cleanups.push(() => pty.close());
    await waitFor(() => link.state() === 'online', 'link online again', 10_000);
    device = new SimDevice('gb1-a', await serialTransport(pty.deviceEnd));
    cleanups.push(() => device.close());
    device.emit({ e: 'goal', s: 'g1', p: 'B' });
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 2, 'event after the replug');
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('online');
    expect(hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state).toBe('online');
  });
});
