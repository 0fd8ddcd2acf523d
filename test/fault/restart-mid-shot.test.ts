/**
 * A hub that stops while its shot assembly still holds acknowledged events (in the reorder
 * window, or in a shot that has not come to rest) scores them after it starts again: the device
 * will not send them again (they were acknowledged), so the store is where they come back from
 * (hub/games/resume.ts). Run on each store: an SQLite file and the real PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { PostgresStore } from '../../hub/store/postgres';
import type { Origin } from '../../hub/ingest/pipeline';
import type { HubCommand } from '../../shared/protocol/schema';
import { DEMO_VENUE } from '../../shared/venue';
import { waitFor } from '../helpers/hub';

const PG = process.env['AUTOREF_PG_URL'] ?? 'postgres://root@127.0.0.1:5432/test';
const START = {
  players: [
    { id: 'ann', name: 'Ann', side: 'A' },
    { id: 'bob', name: 'Bob', side: 'B' },
  ],
  config: { colours: { A: 'white', B: 'red' } },
};

interface StoreUnderTest {
  name: string;
  location(): string;
  cleanup(): Promise<void>;
}

const dirs: string[] = [];
const schemas: string[] = [];
const stores: StoreUnderTest[] = [
  {
    name: 'an SQLite file',
    location: () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'autoref-resume-'));
      dirs.push(dir);
      return path.join(dir, 'hub.db');
    },
    cleanup: async () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })),
  },
  {
    name: 'PostgreSQL',
    location: () => {
      const schema = `autoref_resume_${randomBytes(4).toString('hex')}`;
      schemas.push(schema);
      return `${PG}?schema=${schema}`;
    },
    cleanup: async () => {
      for (const schema of schemas) {
        const s = await PostgresStore.open(PG, schema);
        await s.dropSchema();
        await s.close();
      }
    },
  },
];

/** A device on the hub's ingest directly: its lines, and the acks the hub sends back. */
function device(hub: Hub) {
  const acked: number[] = [];
  const origin: Origin = { link: 'test', send: (_d, cmd: HubCommand) => void (cmd.k === 'ack' && acked.push(cmd.n)) };
  let n = 0;
  return {
    acked,
    emit(fields: Record<string, unknown>): number {
      hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'boot1', n: ++n, t: n * 1000, ...fields }), origin);
      return n;
    },
  };
}

const logOf = async (hub: Hub): Promise<string[]> => (await hub.store.gameEvents(hub.matches.current('gb1')!.id)).map((e) => `${e.type}/${e.by ?? '-'}`);

describe.each(stores)('a hub stopped while its shot assembly held acknowledged events ($name)', (store) => {
  afterAll(() => store.cleanup());

  it('scores the goal that was still in the reorder window when it stopped', async () => {
    const location = store.location();
    // A long reorder window keeps the goal in the assembler until the stop.
    const first = await buildHub({ venue: DEMO_VENUE, storePath: location, assembler: { reorderMs: 60_000, restAfterMs: 200 }, decisionDefaultMs: null });
    expect((await first.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: START })).statusCode).toBe(201);
    const d = device(first);
    const n = d.emit({ e: 'goal', s: 'g-b', p: 'b', o: 'white' });
    await waitFor(() => d.acked.includes(n), 'the goal acknowledged');
    expect(await logOf(first)).toEqual(['start/referee']);
    await first.close();

    const again = await buildHub({ venue: DEMO_VENUE, storePath: location, assembler: { restAfterMs: 200 }, decisionDefaultMs: null });
    try {
      await waitFor(() => again.matches.summaryOf('gb1')?.players[0]?.score === 1, 'the goal scored after the restart');
      await waitFor(async () => (await logOf(again)).length === 4, 'the shot at rest');
      expect(await logOf(again)).toEqual(['start/referee', 'strike/hub', 'goal/sensor', 'at_rest/hub']);
    } finally {
      await again.close();
    }
  });

  it('brings the shot that was rolling to rest, without a second strike for its next event', async () => {
    const location = store.location();
    const first = await buildHub({ venue: DEMO_VENUE, storePath: location, assembler: { reorderMs: 0, restAfterMs: 60_000 }, decisionDefaultMs: null });
    expect((await first.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: START })).statusCode).toBe(201);
    const d = device(first);
    d.emit({ e: 'cushion', s: 'r1', p: 'N' });
    await waitFor(async () => (await logOf(first)).length === 3, 'strike and cushion in the log');
    await first.close();

    const again = await buildHub({ venue: DEMO_VENUE, storePath: location, assembler: { reorderMs: 0, restAfterMs: 2000 }, decisionDefaultMs: null });
    try {
      // The ball is still rolling: its next cushion belongs to the same shot.
      const d2 = device(again);
      d2.emit({ b: 'boot2', n: 1, e: 'cushion', s: 'r1', p: 'S' });
      await waitFor(async () => (await logOf(again)).length === 5, 'the shot at rest');
      expect(await logOf(again)).toEqual(['start/referee', 'strike/hub', 'cushion/sensor', 'cushion/sensor', 'at_rest/hub']);
    } finally {
      await again.close();
    }
  });
});
