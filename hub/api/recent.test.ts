/**
 * GET /api/tables/:table/recent (hub/api/recent.ts), the referee panel's list of the last shots and
 * answered questions: read from the log by the replay, so an override, an undo and a redo show in
 * it as they count; the question as asked carries the answers "change" offers; the table's pockets
 * come from its profile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import type { InputEvent } from '../games/matches';
import type { RecentView } from './recent';

const PIN = '424242';
const auth = { authorization: `Bearer ${PIN}` };
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

/** Shot 1 leaves "point?" open (a cushion without its ball), shot 2 scores, then the referee answers shot 1: point. */
const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/carom/three-cushion-unknown-cushion-late-point-answer.jsonl');

async function caromMatch(): Promise<Hub> {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
  const [start, ...rest] = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GameEvent);
  if (start?.type !== 'start') throw new Error('the fixture starts with its start');
  await hub.matches.start('c1', start.players, start.config);
  for (const e of rest) {
    const { seq: _seq, ...input } = e;
    await hub.matches.input('c1', input as InputEvent);
  }
  return hub;
}

const recent = async (h: Hub, table = 'c1'): Promise<RecentView> => {
  const r = await h.app.inject({ url: `/api/tables/${table}/recent` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as RecentView;
};
const input = (h: Hub, payload: object) => h.app.inject({ method: 'POST', url: '/api/tables/c1/input', headers: auth, payload });
const points = (v: RecentView, id: string) => v.shots[0]!.scores.find((s) => s.id === id)!.score;

describe('the referee panel’s last shots and answers (GET /api/tables/:table/recent)', () => {
  it('C3-NC-1: the shots newest first with the shooter and the score each left; the point question answered, with the answers it was asked with', async () => {
    const h = await caromMatch();
    const v = await recent(h);
    expect(v.match).toBe(h.matches.current('c1')!.id);
    // Shots 1 and 2, then the referee's late answer: what undo would take back first.
    // Shot 1's question was open when shot 2 began, and when the answer came: whose turn it was is not said.
    expect(v.shots.map((s) => [s.n, s.from, s.to, s.player, s.open])).toEqual([
      [3, 15, 15, null, true],
      [2, 8, 14, null, false],
      [1, 1, 7, 'A', false],
    ]);
    // Until the answer shot 1 was read as a miss (Noam's point with shot 2); "point" gives Ayşe both.
    expect(v.shots[0]!.scores).toEqual([
      { id: 'A', score: 2, change: 2 },
      { id: 'B', score: 0, change: -1 },
    ]);
    expect(v.decided).toHaveLength(1);
    const d = v.decided[0]!;
    expect([d.decision.id, d.decision.kind, d.answer, d.by, d.who, d.seq]).toEqual(['shot-1:point', 'c3.point', 'point', 'referee', 'Ref', 15]);
    expect(d.decision.options.map((o) => o.value).sort()).toEqual(['miss', 'point']);
    expect(d.decision.defaultAt).toBeUndefined();
    expect([v.undo, v.redo]).toEqual([true, 0]);
  });

  it('an override changes the answer listed and the score; undo takes back the last shot, redo puts it back: the same score as before', async () => {
    const h = await caromMatch();
    const o = await input(h, { type: 'override', decision: 'shot-1:point', answer: 'miss', why: 'the red was not hit', who: 'Ayla' });
    expect(o.statusCode, o.body).toBe(200);
    let v = await recent(h);
    expect([v.decided[0]!.answer, v.decided[0]!.by, v.decided[0]!.who]).toEqual(['miss', 'referee', 'Ayla']);
    // No point for Ayşe's shot 1: her inning ended, and Noam struck her ball with shot 2 (his point, a wrong-ball question).
    expect([points(v, 'A'), points(v, 'B')]).toEqual([0, 1]);
    expect(h.matches.summaryOf('c1')!.pending.map((d) => d.id)).toEqual(['shot-2:wrong_ball']);
    const scores = v.shots[0]!.scores;

    expect((await input(h, { type: 'undo', why: 'wrong shot' })).statusCode).toBe(200);
    v = await recent(h);
    expect([v.undo, v.redo]).toEqual([true, 1]);
    expect(v.shots[0]!.n).toBe(2);
    expect(v.decided.map((d) => d.answer)).toEqual([]);

    expect((await input(h, { type: 'redo', why: 'it was right' })).statusCode).toBe(200);
    v = await recent(h);
    expect([v.redo, v.shots[0]!.n]).toEqual([0, 3]);
    expect(v.shots[0]!.scores).toEqual(scores);
    expect(v.decided.map((d) => [d.decision.id, d.answer])).toEqual([['shot-1:point', 'miss']]);
  });

  it('the pool table’s pockets, from its profile; no match: nothing listed; an unknown table is AR_NOT_FOUND', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    expect(await recent(hub, 'p1')).toEqual({ match: null });
    await hub.matches.start(
      'p1',
      [
        { id: 'A', name: 'Ayşe' },
        { id: 'B', name: 'Noam' },
      ],
      undefined,
    );
    const v = await recent(hub, 'p1');
    expect(v.places['pocket']).toEqual(['tl', 'tm', 'tr', 'bl', 'bm', 'br']);
    expect([v.shots, v.decided, v.undo, v.redo]).toEqual([[], [], false, 0]);
    const r = await hub.app.inject({ url: '/api/tables/nowhere/recent' });
    expect([r.statusCode, r.json().error.code]).toEqual([404, 'AR_NOT_FOUND']);
  });
});
