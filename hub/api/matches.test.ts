/**
 * The match API against the rules: bodies are checked as sent (no coercion behind the engine's
 * back), a person's input the engine refuses is answered AR_RULES_REFUSED with the engine's code
 * and nothing is written, and a sensor event the match cannot place is counted and listed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';
import type { MinigolfReport } from '../rules/minigolf/report';

const PIN = '424242';
const auth = { authorization: `Bearer ${PIN}` };
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

async function withMatch(table: string, players: object[], config?: object): Promise<Hub> {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
  const r = await hub.app.inject({ method: 'POST', url: `/api/tables/${table}/matches`, headers: auth, payload: { players, ...(config ? { config } : {}) } });
  expect(r.statusCode, r.body).toBe(201);
  return hub;
}

const input = (h: Hub, table: string, payload: object) => h.app.inject({ method: 'POST', url: `/api/tables/${table}/input`, headers: auth, payload });
const log = async (h: Hub, table: string) => h.store.gameEvents(h.matches.current(table)!.id);

describe('match API: types as sent, refusals said', () => {
  it('MG-CARD-1: a marker\'s score sent as the number 2 is written as 2 (it was coerced to "2" and refused bad_score)', async () => {
    const h = await withMatch('mg1', [
      { id: 'a', name: 'Ayşe' },
      { id: 'b', name: 'Noam' },
    ]);
    const r = await input(h, 'mg1', { type: 'ref', call: 'score', player: 'a', place: '1', value: 2, who: 'Mehmet' });
    expect(r.statusCode, r.body).toBe(200);
    const stored = (await log(h, 'mg1')).at(-1);
    expect(stored).toMatchObject({ type: 'ref', call: 'score', value: 2 });
    const report = h.matches.current('mg1')!.engine.report(h.matches.current('mg1')!.state) as MinigolfReport;
    expect(report.players.find((p) => p.id === 'a')!.rounds[0]!.lanes[0]).toBe(2);
  });

  it('MG-CARD-1: a score the rules refuse (the string "2", or 9 above the maximum) is AR_RULES_REFUSED with the rule\'s code, and nothing is written', async () => {
    const h = await withMatch('mg1', [
      { id: 'a', name: 'Ayşe' },
      { id: 'b', name: 'Noam' },
    ]);
    const before = (await log(h, 'mg1')).length;
    for (const value of ['2', 9]) {
      const r = await input(h, 'mg1', { type: 'ref', call: 'score', player: 'a', place: '1', value, who: 'Mehmet' });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ error: { code: 'AR_RULES_REFUSED', rule: 'bad_score', message: expect.stringContaining('a lane score is 1..7') } });
    }
    expect((await log(h, 'mg1')).length).toBe(before);
  });

  it('a body value of the wrong type is AR_BAD_REQUEST naming the field, never turned into the right one', async () => {
    const h = await withMatch('p1', [
      { id: 'A', name: 'Ayşe' },
      { id: 'B', name: 'Noam' },
    ]);
    const before = (await log(h, 'p1')).length;
    const r = await input(h, 'p1', { type: 'decide', decision: 'shot-1:rail', answer: 5 });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: { code: 'AR_BAD_REQUEST', message: expect.stringMatching(/answer/) } });
    const start = await h.app.inject({ method: 'POST', url: '/api/tables/c1/matches', headers: auth, payload: { players: [{ id: 1, name: 'x' }] } });
    expect(start.statusCode).toBe(400);
    expect((await log(h, 'p1')).length).toBe(before);
    // Query strings are text: those are still read as numbers.
    expect((await h.app.inject({ url: '/api/matches?limit=5' })).statusCode).toBe(200);
  });

  it('a start the rules refuse (three players for golf billiards) makes no match and says why', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    const r = await hub.app.inject({
      method: 'POST',
      url: '/api/tables/gb1/matches',
      headers: auth,
      payload: {
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
          { id: 'c', name: 'C' },
        ],
      },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: { code: 'AR_RULES_REFUSED' } });
    expect(hub.matches.current('gb1')).toBeUndefined();
    expect(await hub.store.listMatches({ table: 'gb1' })).toEqual([]);
  });

  it('a sensor goal the match cannot place is counted against its device (AR_NOT_IN_GAME) and listed with it on the live answer', async () => {
    const h = await withMatch('gb1', [
      { id: 'A', name: 'Ayşe', side: 'A' },
      { id: 'B', name: 'Noam', side: 'B' },
    ]);
    const seen: unknown[] = [];
    h.ingest.on('rejected', (x) => seen.push(x));
    await h.matches.sensor('gb1', { type: 'strike', t: 1, by: 'hub' });
    await h.matches.sensor('gb1', { type: 'goal', goal: 'x9', t: 2, by: 'sensor' }, { device: 'gb1-a', link: 'test' });
    const devices = (await h.app.inject({ url: '/api/devices' })).json<{
      devices: { id: string; counters: { rejected: Record<string, number>; lastRejection: { code: string; reason: string } } | null }[];
    }>();
    const gb = devices.devices.find((d) => d.id === 'gb1-a')!;
    expect(gb.counters!.rejected).toEqual({ AR_NOT_IN_GAME: 1 });
    expect(gb.counters!.lastRejection).toMatchObject({ code: 'AR_NOT_IN_GAME', reason: 'goal x9 on table gb1: x9 is not a goal of this table (unknown-goal)' });
    expect(seen).toEqual([{ device: 'gb1-a', link: 'test', rejection: { code: 'AR_NOT_IN_GAME', reason: expect.stringContaining('x9') } }]);
    const live = (await h.app.inject({ url: '/api/tables/gb1/live' })).json<{ refused: { device: string | null; code: string; text: string }[] }>();
    expect(live.refused).toEqual([expect.objectContaining({ device: 'gb1-a', code: 'unknown-goal', text: expect.stringContaining('goal x9') })]);
    // The goal stays in the log (the sensor saw it), refused again on every replay.
    expect((await log(h, 'gb1')).at(-1)).toMatchObject({ type: 'goal', goal: 'x9' });
  });
});
