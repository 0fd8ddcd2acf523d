/**
 * A hub on PostgreSQL (`--store postgres://…`): a match played through the API and sensor path
 * is stored there, and a second hub on the same database resumes it exactly.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub } from '../../hub/app';
import { PostgresStore } from '../../hub/store/postgres';
import { DEMO_VENUE } from '../../shared/venue';
import { start } from '../../hub/cli/start';
import { waitFor } from '../helpers/hub';
import { hubNow } from '../../hub/time/hub-clock';

const PG = process.env['AUTOREF_PG_URL'] ?? 'postgres://root@127.0.0.1:5432/test';
const schema = `autoref_hub_${randomBytes(4).toString('hex')}`;
const url = `${PG}?schema=${schema}`;
const startSchema = `autoref_start_${randomBytes(4).toString('hex')}`;

describe('hub on PostgreSQL', () => {
  afterAll(async () => {
    for (const name of [schema, startSchema]) {
      const s = await PostgresStore.open(PG, name);
      await s.dropSchema();
      await s.close();
    }
  });

  it('`autoref start --store postgres://…` keeps its events and matches in PostgreSQL', async () => {
    const running = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: [],
      store: `${PG}?schema=${startSchema}`,
      sim: false,
      token: 'pg-pin',
      log: () => {},
    });
    try {
      expect(running.hub.store).toBeInstanceOf(PostgresStore);
      const started = await fetch(new URL('/api/tables/gb1/matches', running.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer pg-pin' },
        body: JSON.stringify({
          players: [
            { id: 'ann', name: 'Ann', side: 'A' },
            { id: 'bob', name: 'Bob', side: 'B' },
          ],
        }),
      });
      expect(started.status).toBe(201);
      running.hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'pg1', n: 1, t: 1000, e: 'cushion', s: 'r1', p: 'N' }), {
        link: 'test',
        send: () => {},
      });
      await waitFor(async () => (await running.hub.store.countDeviceEvents()) === 1, 'the event in PostgreSQL');
    } finally {
      await running.stop();
    }
    const s = await PostgresStore.open(PG, startSchema);
    try {
      expect((await s.recentDeviceEvents(5)).map((e) => [e.event.d, e.event.n])).toEqual([['gb1-a', 1]]);
      expect((await s.listMatches({ status: 'playing' })).map((m) => m.table)).toEqual(['gb1']);
    } finally {
      await s.close();
    }
  });

  it('plays a match, and a restarted hub resumes it where it was', async () => {
    const hub = await buildHub({ venue: DEMO_VENUE, storePath: url });
    const players = [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ];
    const r = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: { players, config: { colours: { A: 'white', B: 'red' } } } });
    expect(r.statusCode).toBe(201);
    // Times on the hub's timeline, as the shot assembler gives them: the turn clock (50 s) that the
    // rest starts must not be long past due, or the restarted hub would start it again.
    const t0 = hubNow();
    await hub.matches.sensor('gb1', { type: 'strike', t: t0, by: 'hub' });
    await hub.matches.sensor('gb1', { type: 'goal', t: t0 + 1, goal: 'b', ball: 'white', by: 'sensor' });
    await hub.matches.sensor('gb1', { type: 'at_rest', t: t0 + 2, by: 'hub' });
    const before = hub.matches.current('gb1')!;
    expect(hub.matches.summaryOf('gb1')!.players[0]!.score).toBe(1);
    await hub.close();

    const again = await buildHub({ venue: DEMO_VENUE, storePath: url });
    try {
      const after = again.matches.current('gb1')!;
      expect(after.id).toBe(before.id);
      expect(after.seq).toBe(before.seq);
      expect(after.state).toEqual(before.state);
      const d = await again.app.inject({ url: `/api/matches/${before.id}` });
      expect(d.json().summary.players[0].score).toBe(1);
    } finally {
      await again.close();
    }
  });
});
