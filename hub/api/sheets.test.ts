/**
 * Continuing a match from a score sheet through the hub (docs/score-sheet.md): only the referee
 * (venue PIN) may, a sheet the rules refuse starts nothing and says why, a value of the wrong type
 * is refused as sent (never coerced), and a continued match is marked as such in the list, the
 * export and after a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';

const PIN = '515151';
const venueAuth = { authorization: `Bearer ${PIN}` };
let hub: Hub | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const players = [
  { id: 'kemal', name: 'Kemal' },
  { id: 'yael', name: 'Yael' },
];
// Three-cushion to 40: Kemal 12 in 10 innings (high run 4), Yael 9 in 10 (high run 3); Kemal at the table, 2 in his run.
const sheet = {
  family: 'carom',
  players: [
    { player: 'kemal', points: 12, innings: 10, highRun: 4 },
    { player: 'yael', points: 9, innings: 10, highRun: 3 },
  ],
  atTable: 'kemal',
  run: 2,
};
const start = (h: Hub, payload: object, headers: Record<string, string> = venueAuth) =>
  h.app.inject({ method: 'POST', url: '/api/tables/c1/matches', headers, payload });

describe('continue from a score sheet (#22) through the hub', () => {
  it('the referee continues a three-cushion match: the score is the sheet’s, marked in the list and the export', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    const r = await start(hub, { players, config: { distance: 40 }, sheet });
    expect(r.statusCode, r.body).toBe(201);
    const s = hub.matches.summaryOf('c1')!;
    expect(s.fromSheet).toBe(true);
    expect(s.turn).toBe('kemal');
    expect(s.players.map((p) => p.score)).toEqual([14, 9]);
    const log = await hub.store.gameEvents(hub.matches.current('c1')!.id);
    expect(log[0]).toMatchObject({ type: 'start', sheet });
    await hub.matches.end('c1', 'finished');
    const csv = (await hub.app.inject({ url: '/api/exports/matches.csv' })).body.trim().split('\n');
    expect(csv[0]!.endsWith(',from_sheet')).toBe(true);
    expect(csv[1]!.endsWith(',true')).toBe(true);
  });

  it('players at the table cannot hand themselves a score: the table token may not start from a sheet', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    const r = await start(hub, { players, sheet }, { authorization: `Bearer ${hub.tableToken('c1')!}` });
    expect(r.statusCode).toBe(401);
    expect(r.json<{ error: { message: string } }>().error.message).toContain('venue PIN');
    expect(hub.matches.current('c1')).toBeUndefined();
    // Without a sheet the same token starts a match as before.
    expect((await start(hub, { players }, { authorization: `Bearer ${hub.tableToken('c1')!}` })).statusCode).toBe(201);
  });

  it('a sheet the rules refuse starts nothing, and the reason names the line to correct', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    const wrong = { ...sheet, players: [sheet.players[0], { ...sheet.players[1], player: 'noam' }] };
    const r = await start(hub, { players, sheet: wrong });
    expect(r.statusCode).toBe(422);
    const e = r.json<{ error: { code: string; rule: string; message: string } }>().error;
    expect(e).toMatchObject({ code: 'AR_RULES_REFUSED', rule: 'bad_sheet' });
    expect(e.message).toContain('noam');
    expect(hub.matches.current('c1')).toBeUndefined();
    expect(await hub.store.listMatches({ table: 'c1' })).toEqual([]);
  });

  it('a number sent as a string is refused as sent, not coerced', async () => {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
    const typed = { ...sheet, players: [{ ...sheet.players[0], points: '12' }, sheet.players[1]] };
    const r = await start(hub, { players, sheet: typed });
    expect(r.statusCode).toBe(400);
    expect(hub.matches.current('c1')).toBeUndefined();
  });

  it('a restart resumes the continued match from its log: same score, still marked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'autoref-sheet-'));
    dirs.push(dir);
    const storePath = join(dir, 'events.db');
    hub = await buildHub({ venue: DEMO_VENUE, storePath, token: PIN, decisionDefaultMs: null, gameClocks: false });
    expect((await start(hub, { players, config: { distance: 40 }, sheet })).statusCode).toBe(201);
    const before = hub.matches.summaryOf('c1')!;
    await hub.close();
    hub = await buildHub({ venue: DEMO_VENUE, storePath, token: PIN, decisionDefaultMs: null, gameClocks: false });
    const after = hub.matches.summaryOf('c1')!;
    expect(after.fromSheet).toBe(true);
    expect(after.players).toEqual(before.players);
    expect(after.turn).toBe(before.turn);
  });
});
