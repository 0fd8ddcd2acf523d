/**
 * What `npm start` runs, end to end in one process: embedded broker, store, simulated tables,
 * dashboard. The simulated tables' events reach the store over MQTT.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { start, loadVenue, type Running } from '../../hub/cli/start';
import { startEmbeddedBroker } from '../../hub/broker';
import { waitFor } from '../helpers/hub';
import { AutorefError } from '../../shared/errors';
import { MockBinding } from '@serialport/binding-mock';
import { openPtyPair } from '../helpers/pty';
import { SimDevice, serialTransport } from '../../sim/device';
import type { VenueConfig } from '../../shared/venue';

describe('autoref start', () => {
  let running: Running | undefined;
  afterAll(() => running?.stop());

  it('runs the demo: simulated tables stream events into the store, the dashboard answers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-start-'));
    const lines: string[] = [];
    running = await start({ port: 0, host: '127.0.0.1', brokerPort: 0, serial: [], store: path.join(dir, 'a.db'), sim: true, log: (l) => lines.push(l) });
    expect(running.broker?.embedded).toBe(true);
    expect(lines.some((l) => l.startsWith('dashboard: http://127.0.0.1:'))).toBe(true);
    await waitFor(async () => (await running!.hub.store.countDeviceEvents()) >= 4, 'simulated events in the store', 20_000);
    // Each simulated board comes online when its firmware has booted and connected; on a busy machine not all at once.
    await waitFor(() => running!.hub.ingest.deviceInfo().every((d) => d.state === 'online'), 'every simulated device online', 20_000);
    expect(running.hub.ingest.counters.totalRejected()).toBe(0);
    // A new user sees live games at once: every demo table has a match.
    expect(running.hub.venue.tables.every((t) => running!.hub.matches.current(t.id) !== undefined)).toBe(true);
    expect(lines).toContain(`demo matches running on ${running.hub.venue.tables.length} table(s); unanswered questions take their default after 3 s`);
    const page = await fetch(running.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/app.js">');
  });

  it('uses the broker already on the port, and says so in one line', async () => {
    const lines: string[] = [];
    const b = await startEmbeddedBroker({ port: 1883, log: (l) => lines.push(l) });
    expect(b.embedded).toBe(false);
    expect(b.url).toBe('mqtt://127.0.0.1:1883');
    expect(lines).toEqual(['port 1883 already has an MQTT broker: using mqtt://127.0.0.1:1883 instead of the embedded one']);
  });

  it('refuses a --answer-after that is not a number of seconds, before it opens anything', async () => {
    await expect(
      start({ port: 0, host: '127.0.0.1', brokerPort: 0, serial: [], store: ':memory:', sim: false, answerAfterS: Number.NaN, log: () => {} }),
    ).rejects.toThrow(/AR_CONFIG|--answer-after/);
    await expect(
      start({ port: 0, host: '127.0.0.1', brokerPort: 0, serial: [], store: ':memory:', sim: false, answerAfterS: -1, log: () => {} }),
    ).rejects.toThrow(AutorefError);
  });

  it('refuses an invalid venue file with AR_CONFIG and the reason', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-venue-'));
    const file = path.join(dir, 'venue.json');
    writeFileSync(file, JSON.stringify({ id: 'Bad Id', name: 'x', language: 'en', tables: [] }));
    expect(() => loadVenue(file)).toThrow(AutorefError);
    expect(() => loadVenue(file)).toThrow(/AR_CONFIG|invalid configuration.*\/id/);
  });

  it('opens the serial port a venue device names (once, even when --serial names it too) and takes its events', async () => {
    const pty = await openPtyPair();
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-venue-serial-'));
    const venue: VenueConfig = {
      id: 'bar',
      name: 'Bar',
      language: 'en',
      tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial', path: pty.hubEnd }] }],
    };
    writeFileSync(path.join(dir, 'venue.json'), JSON.stringify(venue));
    const r = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: [pty.hubEnd],
      store: ':memory:',
      venue: path.join(dir, 'venue.json'),
      sim: false,
      log: () => {},
    });
    const device = new SimDevice('gb1-a', await serialTransport(pty.deviceEnd));
    try {
      expect(r.hub.links.filter((l) => l.name.startsWith('serial:')).map((l) => l.name)).toEqual([`serial:${pty.hubEnd}`]);
      await waitFor(() => r.hub.links.every((l) => l.state() === 'online'), 'the serial link open');
      device.emit({ e: 'goal', s: 'g1', p: 'A' });
      await waitFor(() => device.acked === 1, "the event stored and acknowledged over the venue's port");
    } finally {
      await device.close();
      await r.stop();
      await pty.close();
    }
  });

  it('finds a --serial usb:<vendor>:<product> port by its USB ids', async () => {
    MockBinding.createPort('/dev/ttyUSB4', { vendorId: '1a86', productId: '7523' });
    MockBinding.createPort('/dev/ttyACM9', { vendorId: '0483', productId: '5740' });
    const r = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: ['usb:0483:5740'],
      serialBinding: MockBinding,
      store: ':memory:',
      sim: false,
      log: () => {},
    });
    try {
      const link = r.hub.links.find((l) => l.name === 'serial:usb:0483:5740');
      expect(link).toBeDefined();
      await waitFor(() => link!.state() === 'online', 'the USB port found and opened');
    } finally {
      await r.stop();
      MockBinding.reset();
    }
  });

  it('refuses a malformed --serial USB match with AR_CONFIG before it opens anything', async () => {
    await expect(start({ port: 0, host: '127.0.0.1', brokerPort: 1883, serial: ['usb:48'], store: ':memory:', sim: false, log: () => {} })).rejects.toThrow(
      /expected usb:/,
    );
  });
});
