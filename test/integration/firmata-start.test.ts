/**
 * `autoref start --firmata <file>`: a table read by an Arduino running StandardFirmata, from the
 * command line. The board is emulated on the device end of a real pty (test/contract/firmata-emulator.ts),
 * so serialport, firmata-io, johnny-five and the link all run as on hardware; a cushion hit on the
 * pool table's head rail reaches the store as a protocol v1 event of the venue's Firmata device.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { start, type Running } from '../../hub/cli/start';
import { FirmataEmulator } from '../contract/firmata-emulator';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { waitFor } from '../helpers/hub';
import type { VenueConfig } from '../../shared/venue';

const A0 = 14;
const A1 = 15;

describe('autoref start --firmata', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-firmata-start-'));
  let pty: PtyPair | undefined;
  let board: FirmataEmulator | undefined;
  let running: Running | undefined;
  afterAll(async () => {
    await running?.stop();
    await board?.close();
    await pty?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the board the file describes for the venue's Firmata device and stores its events", async () => {
    pty = await openPtyPair();
    board = await FirmataEmulator.open(pty.deviceEnd, { [A0]: 0, [A1]: 0 });
    const venue: VenueConfig = {
      id: 'bar',
      name: 'Bar',
      language: 'en',
      tables: [{ id: 'p1', name: 'Pool', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'firmata', path: pty.hubEnd }] }],
    };
    writeFileSync(path.join(dir, 'venue.json'), JSON.stringify(venue));
    writeFileSync(path.join(dir, 'boards.json'), JSON.stringify([{ device: 'p1-a', profile: 'pool', pins: { rail_head: 'A0', rail_foot: 'A1' } }]));
    running = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: [],
      firmata: path.join(dir, 'boards.json'),
      store: ':memory:',
      venue: path.join(dir, 'venue.json'),
      sim: false,
      log: () => {},
    });
    const link = running.hub.links.find((l) => l.name === `firmata:${pty!.hubEnd}`);
    expect(link).toBeDefined();
    await waitFor(() => link!.state() === 'online' && board!.reports(A0), 'the board ready and its head rail read');
    board.set(A0, 1);
    await new Promise((r) => setTimeout(r, 5));
    board.set(A0, 0);
    await waitFor(async () => (await running!.hub.store.countDeviceEvents()) === 1, 'the cushion event stored');
    const [stored] = await running.hub.store.recentDeviceEvents(1);
    expect(stored).toMatchObject({ link: `firmata:${pty.hubEnd}`, event: { d: 'p1-a', n: 1, e: 'cushion', s: 'c1', p: 'head' } });
    expect(running.hub.ingest.deviceInfo().find((d) => d.id === 'p1-a')).toMatchObject({
      state: 'online',
      firmware: expect.stringMatching(/^StandardFirmata/) as unknown,
    });
  });

  it('refuses a boards file whose device is not a Firmata device of the venue, with AR_CONFIG, before it opens anything', async () => {
    const venue: VenueConfig = {
      id: 'bar2',
      name: 'Bar',
      language: 'en',
      tables: [{ id: 'p1', name: 'Pool', game: 'eight-ball', devices: [{ id: 'p1-a', link: 'mqtt' }] }],
    };
    writeFileSync(path.join(dir, 'venue2.json'), JSON.stringify(venue));
    writeFileSync(path.join(dir, 'boards2.json'), JSON.stringify([{ device: 'p1-a', path: '/dev/null', profile: 'pool', pins: { rail_head: 'A0' } }]));
    await expect(
      start({
        port: 0,
        host: '127.0.0.1',
        brokerPort: 1883,
        serial: [],
        firmata: path.join(dir, 'boards2.json'),
        store: ':memory:',
        venue: path.join(dir, 'venue2.json'),
        sim: false,
        log: () => {},
      }),
    ).rejects.toThrow(/not "firmata"/);
  });
});
