/**
 * From a simulated device, through a real serial line and through Mosquitto, to a decided point:
 * the device's goal sensor sees a white ball in goal B; the hub assembles the shot, ends it when
 * the sensors go quiet, and the golf-billiards engine credits side A.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { SimDevice, mqttTransport, newBootId, serialTransport, type Transport } from '../../sim/device';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { GameSummary } from '../../shared/game/engine';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TOKEN = 'referee-pin-4711';

const start = {
  players: [
    { id: 'ann', name: 'Ann', side: 'A' },
    { id: 'bob', name: 'Bob', side: 'B' },
  ],
  config: { colours: { A: 'white', B: 'red' } },
};

async function playGoal(hub: TestHub, transport: () => Promise<Transport>): Promise<GameSummary> {
  const auth = { authorization: `Bearer ${TOKEN}` };
  const refused = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: start });
  expect(refused.statusCode).toBe(401);
  const r = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: start, headers: auth });
  expect(r.statusCode).toBe(201);
  const device = new SimDevice('gb1-a', await transport());
  try {
    device.emit({ e: 'goal', s: 'g-b', p: 'b', o: 'white' });
    await waitFor(() => hub.matches.summaryOf('gb1')?.players[0]?.score === 1, 'side A credited with the goal', 10_000);
    const m = hub.matches.current('gb1')!;
    const log = (await hub.store.gameEvents(m.id)).map((e) => `${e.type}${e.by ? `/${e.by}` : ''}`);
    expect(log).toEqual(['start/referee', 'strike/hub', 'goal/sensor', 'at_rest/hub']);
    return hub.matches.summaryOf('gb1')!;
  } finally {
    await device.close();
  }
}

describe('sensor to decided point', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('over a real serial line', async () => {
    const pty: PtyPair = await openPtyPair();
    const venue: VenueConfig = {
      ...DEMO_VENUE,
      tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial', profile: 'golf-billiards' }] }],
    };
    const hub = await newHub({ venue, serial: [{ path: pty.hubEnd }], token: TOKEN, assembler: { restAfterMs: 300 } });
    cleanups.push(
      () => pty.close(),
      () => hub.close(),
    );
    await waitFor(() => hub.links[0]!.state() === 'online', 'serial link');
    const s = await playGoal(hub, () => serialTransport(pty.deviceEnd));
    expect(s).toMatchObject({ status: 'playing', turn: 'ann', provisional: false, pending: [] });
  });

  it('over MQTT through Mosquitto', async () => {
    const venue: VenueConfig = { ...DEMO_VENUE, id: `point-${newBootId()}` };
    const hub = await newHub({ venue, mqtt: { url: MOSQUITTO }, token: TOKEN, assembler: { restAfterMs: 300 } });
    cleanups.push(() => hub.close());
    const s = await playGoal(hub, () => mqttTransport(MOSQUITTO, venue.id, 'gb1', 'gb1-a', newBootId()));
    expect(s.players.map((p) => p.score)).toEqual([1, 0]);
  });
});
