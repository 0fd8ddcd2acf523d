/**
 * The demo venue (`npm start`, `autoref simulate`): simulated games drive the real firmware on
 * simulated ESP32 boards, which publish through the real Mosquitto to the hub.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { newHub, waitFor } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { topicFor } from '../../shared/protocol/wire';
import { startSimVenue } from '../../sim/venue';
import { CHAIN_LIMIT_MS, CHAIN_WAIT_MS } from './sizes';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';

describe('simulated venue', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it(
    'every table of the demo venue plays: its firmware events reach the hub, valid and in sequence',
    async () => {
      const venue: VenueConfig = { ...DEMO_VENUE, id: `simv-${randomBytes(4).toString('hex')}` };
      const hub = await newHub({ venue, mqtt: { url: MOSQUITTO } });
      cleanup.push(() => hub.close());
      const lines: string[] = [];
      const sim = await startSimVenue({ brokerUrl: MOSQUITTO, venue, shotEverySeconds: 0.3, seed: 3, log: (l) => lines.push(l) });
      cleanup.push(async () => {
        await sim.stop();
        const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${venue.id}` });
        for (const t of venue.tables) await c.publishAsync(topicFor(venue.id, t.id, t.devices[0]!.id, 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      expect(sim.devices.map((d) => [d.id, d.game.kind])).toEqual([
        ['gb1-a', 'golf-billiards'],
        ['c1-a', 'carom'],
        ['p1-a', 'pool'],
        ['mg1-a', 'minigolf'],
      ]);
      expect(lines.join('\n')).toMatch(/simulating 4 table\(s\) with the real firmware/);
      await waitFor(
        () => {
          const c = hub.ingest.counters.snapshot();
          return venue.tables.every((t) => (c[t.devices[0]!.id]?.accepted ?? 0) >= 2);
        },
        'events from every table',
        CHAIN_WAIT_MS,
      );
      const c = hub.ingest.counters.snapshot();
      for (const t of venue.tables) expect(c[t.devices[0]!.id]).toMatchObject({ rejected: {}, lost: 0 });
      // The firmware's hello: its real build and profile, not a stand-in.
      // Online: under a loaded CI machine (other chain tests in parallel) a board may miss a heartbeat
      // and be back a moment later, so wait for all four rather than read one instant.
      const online = (): string[] =>
        hub.ingest
          .deviceInfo()
          .filter((d) => d.state === 'online')
          .map((d) => d.id)
          .sort();
      await waitFor(() => online().length === 4, 'every board online', CHAIN_WAIT_MS);
      const info = hub.ingest.deviceInfo();
      expect(online()).toEqual(['c1-a', 'gb1-a', 'mg1-a', 'p1-a']);
      expect(Object.fromEntries(info.map((d) => [d.id, d.profile]))).toEqual({
        'gb1-a': 'golf-billiards',
        'c1-a': 'carom',
        'p1-a': 'pool',
        'mg1-a': 'minigolf-lane',
      });
      expect(info.every((d) => d.firmware !== null && d.firmware !== 'sim-1')).toBe(true);
      expect(sim.devices.flatMap((d) => d.board.errors)).toEqual([]);
      await expect(startSimVenue({ brokerUrl: MOSQUITTO, venue, skill: 2 })).rejects.toThrow(TypeError);
    },
    CHAIN_LIMIT_MS,
  );

  it(
    'each carom table plays its own game: 4-ball with four balls (C4-SETUP-1), 3-ball and three-cushion with three',
    async () => {
      const id = `simc-${randomBytes(4).toString('hex')}`;
      const games = ['three-cushion', 'three-ball', 'four-ball'] as const;
      const venue: VenueConfig = {
        ...DEMO_VENUE,
        id,
        tables: games.map((game, i) => ({ id: `c${i + 1}`, name: game, game, devices: [{ id: `c${i + 1}-a`, link: 'mqtt' as const, profile: 'carom' }] })),
      };
      // No shot within the test: only the set-up is looked at.
      const sim = await startSimVenue({ brokerUrl: MOSQUITTO, venue, shotEverySeconds: 600, seed: 3 });
      cleanup.push(async () => {
        await sim.stop();
        const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${id}` });
        for (const t of venue.tables) await c.publishAsync(topicFor(id, t.id, t.devices[0]!.id, 'status'), '', { retain: true, qos: 1 });
        await c.endAsync();
      });
      expect(
        sim.devices.map((d) => [
          d.game.kind,
          d.game.rules,
          d.game.balls
            .map((b) => b.id)
            .sort()
            .join(' '),
        ]),
      ).toEqual([
        ['carom', 'three-cushion', 'R W Y'],
        ['carom', 'three-ball', 'R W Y'],
        ['carom', 'four-ball', 'M R W Y'],
      ]);
    },
    CHAIN_LIMIT_MS,
  );
});
