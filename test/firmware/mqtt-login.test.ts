/**
 * The firmware logs in to a broker that requires device logins (docs/mqtt-security.md): the real
 * ESP32 bundle on the simulated board, against the embedded broker with the venue's secrets.
 * The right secret gets its events to the hub; a wrong one is refused and the device stays unheard.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { newHub, waitFor } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { startEmbeddedBroker } from '../../hub/broker';
import { runFirmware } from '../../firmware/sim/run';
import { ball } from '../../firmware/sim/fixtures';

const SECRET = 'gb1-a-secret-123';
const HUB = { username: 'autoref-hub', password: 'hub-password-456' };
const venue: VenueConfig = {
  ...DEMO_VENUE,
  id: 'fwlogin',
  tables: [{ id: 'gb1', name: 'Bumper pool 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt', secret: SECRET }] }],
};

describe('firmware MQTT login', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup.length = 0;
  });

  async function setup(key: string) {
    const broker = await startEmbeddedBroker({ port: 0, venue, hub: HUB });
    cleanup.push(() => broker.close());
    const url = new URL(broker.url);
    const hub = await newHub({ venue, mqtt: { url: broker.url, ...HUB } });
    cleanup.push(() => hub.close());
    const run = runFirmware({
      profile: 'golf-billiards',
      board: 'esp32',
      device: 'gb1-a',
      table: 'gb1',
      local: { venue: venue.id, mqHost: url.hostname, mqPort: Number(url.port), key },
    });
    cleanup.push(() => run.board.stop());
    run.board.runRealtime();
    return { broker, hub, run };
  }

  it('with its secret: online at the hub, and its events are stored', async () => {
    const { hub, run } = await setup(SECRET);
    await waitFor(() => hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state === 'online', 'the device online');
    ball(run.board, 'D5', 15_000); // a ball through goal g1's beam on the ESP32 wiring
    await waitFor(async () => (await hub.store.countDeviceEvents()) >= 1, 'the goal event stored');
  });

  it('with a wrong secret: refused by the broker, never heard by the hub', async () => {
    const { broker, hub } = await setup('not-the-secret');
    await waitFor(() => broker.refusals().connect >= 1, 'the login refused');
    expect(hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')?.state).toBe('unknown');
  });
});
