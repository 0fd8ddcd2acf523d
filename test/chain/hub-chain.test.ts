/**
 * The whole chain in real time: simulated three-cushion games -> sensor signals -> the real
 * firmware (ESP32 build) on simulated boards -> its own MQTT client -> the real Mosquitto -> the
 * hub (ingest, clock sync, shot assembly, match manager) -> the engine. Several tables play at
 * once; each shot is played a few times faster than life (pulse widths kept), and the hub's rest
 * timeout is shortened. Per shot the engine's decision is compared with the ground truth; where
 * the engine asks (a pending decision), a referee answers with the truth, so play stays in step.
 *
 * Tables x shots: AUTOREF_HUB_CHAIN_TABLES (default 6) x AUTOREF_HUB_CHAIN_SHOTS (default 10).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { topicFor } from '../../shared/protocol/wire';
import { SimGame } from '../../sim/players/games';
import { caromOutcome } from '../../sim/players/truth';
import { LiveFirmwareTable } from '../../sim/signals/live';
import { BAR_NOISE, signalsFor } from '../../sim/signals/signals';
import { allowedWrong } from './agreement';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TABLES = Number(process.env['AUTOREF_HUB_CHAIN_TABLES'] ?? 6);
const SHOTS = Number(process.env['AUTOREF_HUB_CHAIN_SHOTS'] ?? 10);
const SCALE = 4;
const REST_MS = 700;

interface Tally {
  shots: number;
  /** Shots no sensor heard (a soft shot that touched nothing sensed): the hub cannot know them. */
  unseen: number;
  decided: number;
  agreedPoints: number;
  agreedTurn: number;
  pending: number;
  /** Points the players really made. */
  truePoints: number;
}

describe('chain through Mosquitto and the hub: three-cushion', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it(`${TABLES} tables x ${SHOTS} shots: decided outcomes agree with the ground truth`, async () => {
    const venue: VenueConfig = {
      ...DEMO_VENUE,
      id: `chain-${randomBytes(4).toString('hex')}`,
      tables: Array.from({ length: TABLES }, (_, i) => ({ id: `c${i + 1}`, name: `Carom ${i + 1}`, game: 'three-cushion', devices: [{ id: `c${i + 1}-a`, link: 'mqtt' as const, profile: 'carom' }] })),
    };
    const hub: TestHub = await newHub({ venue, mqtt: { url: MOSQUITTO }, assembler: { restAfterMs: REST_MS }, decisionDefaultMs: null });
    cleanup.push(() => hub.close());
    const boards = venue.tables.map(
      (t, i) => new LiveFirmwareTable({ profile: 'carom', device: t.devices[0]!.id, table: t.id, venue: venue.id, brokerUrl: MOSQUITTO, drift: (i % 3 - 1) * 0.001 }),
    );
    cleanup.push(async () => {
      for (const b of boards) b.stop();
      // Leave no retained status behind on the shared broker.
      const c = await mqtt.connectAsync(MOSQUITTO, { clientId: `clean-${venue.id}` });
      for (const t of venue.tables) await c.publishAsync(topicFor(venue.id, t.id, t.devices[0]!.id, 'status'), '', { retain: true, qos: 1 });
      await c.endAsync();
    });
    await waitFor(() => hub.ingest.deviceInfo().filter((d) => d.state === 'online').length === TABLES, 'every board online at the hub', 20_000);

    const restsAt: Record<string, number> = {};
    hub.matches.on('update', (u) => {
      if (u.event.type === 'at_rest') restsAt[u.table] = (restsAt[u.table] ?? 0) + 1;
    });
    const disagreements: string[] = [];
    const tally: Tally = { shots: 0, unseen: 0, decided: 0, agreedPoints: 0, agreedTurn: 0, pending: 0, truePoints: 0 };
    const players = [
      { id: 'A', name: 'A' },
      { id: 'B', name: 'B' },
    ];
    const config = { lag: false, referee: false, distance: null, shotClockSeconds: null, timeouts: false };

    const playTable = async (table: string, board: LiveFirmwareTable, seed: number): Promise<void> => {
      await hub.matches.start(table, players, config);
      const game = new SimGame('carom', { skill: 0.6, seed });
      for (let i = 0; i < SHOTS; i++) {
        const before = hub.matches.summaryOf(table)!;
        const player = before.turn!;
        game.turn = player;
        const shot = game.next();
        const cue = player === 'A' ? 'W' : 'Y';
        const truth = caromOutcome(shot.result.events, cue);
        const sig = signalsFor(game.table, board.profile, shot.result.events, { noise: BAR_NOISE, seed: seed * 1000 + i, timeScale: SCALE });
        const rests = restsAt[table] ?? 0;
        board.play(sig.edges);
        tally.shots++;
      if (truth.point) tally.truePoints++;
        const heard = sig.edges.some((e) => e.level === 1 && e.pin !== 'out');
        if (!heard) {
          tally.unseen++;
          await new Promise((r) => setTimeout(r, sig.durationUs / 1000 + 50));
          continue;
        }
        await waitFor(() => (restsAt[table] ?? 0) > rests, `the end of shot ${i} on ${table}`, sig.durationUs / 1000 + REST_MS + 8000);
        await hub.matches.idle();
        let after = hub.matches.summaryOf(table)!;
        if (after.pending.length > 0) {
          tally.pending++;
          for (const p of after.pending) await hub.matches.input(table, { type: 'decide', by: 'referee', decision: p.id, answer: truth.point ? 'point' : 'miss' });
          after = hub.matches.summaryOf(table)!;
        } else {
          tally.decided++;
          const gained = after.players.find((p) => p.id === player)!.score - before.players.find((p) => p.id === player)!.score;
          if ((gained > 0) === truth.point) tally.agreedPoints++;
          else disagreements.push(`${table} shot ${i}: truth ${JSON.stringify(truth)}, engine ${after.headline}`);
          if ((after.turn === player) === truth.point) tally.agreedTurn++;
        }
      }
    };
    await Promise.all(venue.tables.map((t, i) => playTable(t.id, boards[i]!, 41 + i)));
    console.log('three-cushion through the hub', JSON.stringify(tally), disagreements);
    expect(boards.flatMap((b) => b.errors)).toEqual([]);
    const counters = hub.ingest.counters.snapshot();
    for (const t of venue.tables) expect(counters[t.devices[0]!.id]).toMatchObject({ rejected: {}, lost: 0 });
    expect(tally.shots).toBe(TABLES * SHOTS);
    expect(tally.decided).toBeGreaterThan(0);
    expect(tally.decided - tally.agreedPoints).toBeLessThanOrEqual(allowedWrong(tally.decided));
    expect(tally.decided - tally.agreedTurn).toBeLessThanOrEqual(allowedWrong(tally.decided));
  }, 180_000);
});
