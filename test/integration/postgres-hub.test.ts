/**
 * A hub on PostgreSQL (`--store postgres://…`): a match played through the API and sensor path
 * is stored there, and a second hub on the same database resumes it exactly.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub } from '../../hub/app';
import { PostgresStore } from '../../hub/store/postgres';
import { DEMO_VENUE } from '../../shared/venue';

const PG = process.env['AUTOREF_PG_URL'] ?? 'postgres://root@127.0.0.1:5432/test';
const schema = `autoref_hub_${randomBytes(4).toString('hex')}`;
const url = `${PG}?schema=${schema}`;

describe('hub on PostgreSQL', () => {
  afterAll(async () => {
    const s = await PostgresStore.open(PG, schema);
    await s.dropSchema();
    await s.close();
  });

  it('plays a match, and a restarted hub resumes it where it was', async () => {
    const hub = await buildHub({ venue: DEMO_VENUE, storePath: url });
    const players = [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ];
    const r = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: { players, config: { colours: { A: 'white', B: 'red' } } } });
    expect(r.statusCode).toBe(201);
    await hub.matches.sensor('gb1', { type: 'strike', t: 1, by: 'hub' });
    await hub.matches.sensor('gb1', { type: 'goal', t: 2, goal: 'goal-B', ball: 'white', by: 'sensor' });
    await hub.matches.sensor('gb1', { type: 'at_rest', t: 3, by: 'hub' });
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
