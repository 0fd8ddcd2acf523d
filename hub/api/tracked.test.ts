/**
 * A tracked carom shot through the hub (issue #26): the table's device has the acoustic profile,
 * the shot's placed knocks and clicks and the tracker's `track` event go into the match, the hub
 * decides the point alone at the venue's certainty (its probability logged), and the shot picture
 * reaches the dashboard through the live API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEFAULT_ASK_BELOW, type VenueConfig } from '../../shared/venue';
import { getEngine } from '../rules/registry';
import { replay } from '../rules/common/replay';
import type { GameEvent } from '../../shared/game/events';
import type { CaromReport } from '../../shared/reports/carom';

const PIN = '424242';
const auth = { authorization: `Bearer ${PIN}` };
const VENUE: VenueConfig = {
  id: 'club',
  name: 'Carom club',
  language: 'en',
  tables: [{ id: 'c1', name: 'Carom 1', game: 'three-cushion', devices: [{ id: 'c1-a', link: 'serial', profile: 'carom-acoustic' }] }],
};
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

const said = (
  s: string,
):
  | { type: 'cushion'; t: number; ball: string; cushion: string; x: number; y: number }
  | { type: 'contact'; t: number; a: string; b: string; x: number; y: number } =>
  s.includes('×') ? { type: 'contact', t: 3000, a: s[0]!, b: s[2]!, x: 2.1, y: 0.7 } : { type: 'cushion', t: 3000, ball: s[0]!, cushion: s[2]!, x: 1, y: 0 };

describe('a tracked shot in the hub (issue #26)', () => {
  it('C3-POINT-1: a tracked point counts at once; the hub decides it alone when the base rates make it sure enough, else asks; the live report carries the shot picture', async () => {
    hub = await buildHub({ venue: VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: 60_000, gameClocks: false });
    const r = await hub.app.inject({
      method: 'POST',
      url: '/api/tables/c1/matches',
      headers: auth,
      payload: {
        players: [
          { id: 'a', name: 'Ayşe' },
          { id: 'b', name: 'Baruch' },
        ],
        config: { lag: false, breakRedFirst: false },
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const reading = ['W→s', 'W→e', 'W→n', 'W×R', 'W×Y'].map(said);
    let t = 2_000;
    const events = [
      { type: 'strike', by: 'hub' },
      ...reading.map((e) =>
        e.type === 'cushion'
          ? { type: 'cushion', by: 'sensor', cushion: e.cushion, x: e.x, y: e.y, sd: 0.05 }
          : { type: 'contact', by: 'sensor', x: e.x, y: e.y, sd: 0.1 },
      ),
      {
        type: 'track',
        by: 'hub',
        cue: 'W',
        readings: [
          { probability: 0.995, events: reading },
          { probability: 0.005, events: reading.slice(0, 4) },
        ],
        paths: {
          W: [
            [0.71, 0.53],
            [1, 0.03],
            [2.8, 0.6],
            [2.1, 1.39],
            [2.12, 0.7],
          ],
        },
        rest: { W: { x: 2.2, y: 0.72, sd: 0.1 }, Y: { x: 0.71, y: 0.71, sd: 0.2 }, R: { x: 2.0, y: 0.69, sd: 0.2 } },
        evidence: { knocks: 3, clicks: 2, unexplained: 0, hypotheses: 120, ms: 3.2 },
      },
      { type: 'at_rest', by: 'hub' },
    ];
    for (const e of events) await hub.matches.sensor('c1', { ...e, t: (t += 300) } as GameEvent);
    // The hub's answer to a question it is sure of is set for at once (hub/games/defaults.ts): let its timer run.
    for (let i = 0; i < 20 && (hub.matches.summaryOf('c1')?.pending.length ?? 0) > 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      await hub.matches.idle();
    }
    const live = await hub.app.inject({ method: 'GET', url: '/api/tables/c1/live' });
    const body = live.json() as { match: string; report: CaromReport; summary: { pending: { id: string; basis?: string; probability?: number }[] } };
    expect(body.report.players.find((p) => p.id === 'a')?.points).toBe(1);
    expect(body.report.lastShot?.picture?.events).toHaveLength(5);
    expect(body.report.lastShot?.picture?.paths['W']?.[0]).toEqual([0.71, 0.53]);
    const log = (await hub.app.inject({ method: 'GET', url: `/api/matches/${body.match}/events` })).json() as { events: GameEvent[] } | GameEvent[];
    const list = Array.isArray(log) ? log : log.events;
    const decide = list.find((e) => e.type === 'decide');
    const engine = getEngine('three-cushion')!;
    const probability = engine
      .summary(
        replay(
          engine,
          list.filter((e) => e.type !== 'decide'),
        ).game,
      )
      .pending.find((d) => d.id === 'shot-1:point')!.probability!;
    if (probability >= DEFAULT_ASK_BELOW) {
      // Decided by the hub, unasked, with the learned probability in the log.
      expect(body.summary.pending).toEqual([]);
      expect(decide).toMatchObject({ by: 'hub', decision: 'shot-1:point', answer: 'point', probability });
    } else {
      // Asked, with its countdown; the point stands meanwhile as the default.
      expect(body.summary.pending.map((d) => [d.id, d.basis])).toEqual([['shot-1:point', 'tracked|p>=0.99|point']]);
      expect(decide).toBeUndefined();
    }
  });
});
