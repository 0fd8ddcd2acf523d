/**
 * The first end-to-end path: a simulated device speaking protocol v1 sends a sensor event; the
 * hub validates and stores it and pushes it to the live page, seen in a real headless Chromium.
 * Over a real serial line (pty pair) and over MQTT through the embedded aedes and Mosquitto.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { startEmbeddedBroker, type BrokerHandle } from '../../hub/broker';
import { SimDevice, mqttTransport, serialTransport, newBootId } from '../../sim/device';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';

const serialVenue: VenueConfig = {
  ...DEMO_VENUE,
  id: 'e2e-serial',
  tables: [{ id: 'gb1', name: 'Bumper pool 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the page, sends one goal event from the device, and returns what the page shows. */
async function eventReachesPage(hub: TestHub, device: SimDevice): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(hub.url);
    await page.locator('#link-state[data-state="online"]').waitFor({ timeout: 10_000 });
    const sent = device.emit({ e: 'goal', s: 'g1', p: 'A', o: 'white' });
    const row = page.locator(`#feed li[data-boot="${sent.b}"][data-seq="${sent.n}"]`);
    await row.waitFor({ timeout: 10_000 });
    const stored = (await hub.store.recentDeviceEvents(10)).map((s) => s.event);
    expect(stored).toContainEqual(sent);
    await waitFor(() => device.acked >= sent.n, 'the hub to acknowledge the event');
    return (await row.textContent()) ?? '';
  } finally {
    await page.close();
  }
}

describe('first path: device -> hub -> store -> live page', () => {
  let pty: PtyPair | undefined;
  let hub: TestHub | undefined;
  afterAll(async () => {
    await hub?.close();
    await pty?.close();
  });

  it('over a real serial line (socat pty pair, serialport + parser-readline)', async () => {
    pty = await openPtyPair();
    hub = await newHub({ venue: serialVenue, serial: [{ path: pty.hubEnd }] });
    await waitFor(() => hub!.links[0]!.state() === 'online', 'the serial link to open');
    const device = new SimDevice('gb1-a', await serialTransport(pty.deviceEnd));
    try {
      const text = await eventReachesPage(hub, device);
      expect(text).toContain('gb1-a');
      expect(text).toContain('goal g1 at A ball white');
      expect(text).toContain(`serial:${pty.hubEnd}`);
    } finally {
      await device.close();
    }
  });

  for (const which of ['embedded aedes', 'Mosquitto'] as const) {
    it(`over MQTT through ${which}`, async () => {
      let broker: BrokerHandle | null = null;
      let url = MOSQUITTO;
      if (which === 'embedded aedes') {
        broker = await startEmbeddedBroker({ port: 0 });
        expect(broker.embedded).toBe(true);
        url = broker.url;
      }
      // A venue id of its own keeps this test's topics apart from any other user of the broker.
      const venue: VenueConfig = { ...DEMO_VENUE, id: `e2e-${newBootId()}` };
      const mhub = await newHub({ venue, mqtt: { url } });
      const device = new SimDevice('gb1-a', await mqttTransport(url, venue.id, 'gb1', 'gb1-a', newBootId()));
      try {
        const text = await eventReachesPage(mhub, device);
        expect(text).toContain('goal g1 at A ball white');
        expect(text).toContain('(mqtt)');
      } finally {
        await device.close();
        await mhub.close();
        await broker?.close();
      }
    });
  }
});
