import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';
import { caromLog, feedEvents, feedFixture } from '../../test/browser/setup';

const PIN = '9876';
let hub: Hub;
let minigolfId = '';
beforeAll(async () => {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: PIN });
  // Ayşe reaches the distance of 5 first (runs 3, 0, 2 against Noam's 1, 2): the engine ends it.
  await feedEvents(hub, 'c1', caromLog([3, 1, 0, 2, 2], { distance: 5 }));
  expect(hub.matches.current('c1')).toBeUndefined();
  // A second game, ended by hand: Ayşe 1 (runs 1, 0), Noam 3 (runs 2, 1).
  await feedEvents(hub, 'c1', caromLog([1, 2, 0, 1]));
  await hub.matches.end('c1', 'finished');
  await feedFixture(hub, 'mg1', 'minigolf/normal-round-ben-wins.jsonl');
  if (hub.matches.current('mg1')) await hub.matches.end('mg1', 'finished');
  minigolfId = (await hub.store.listMatches({ table: 'mg1', limit: 1 }))[0]!.id;
  await hub.matches.start(
    'gb1',
    [
      { id: 'x', name: '=HYPERLINK("http://evil")', side: 'A' },
      { id: 'y', name: 'Bob, "the rock"', side: 'B' },
    ],
    undefined,
  );
  await hub.matches.end('gb1', 'finished');
});
afterAll(() => hub.close());

describe('exports, player statistics and QR codes', () => {
  it('matches as CSV: one line per match, fields quoted, formulas neutralised', async () => {
    const r = await hub.app.inject({ url: '/api/exports/matches.csv' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const lines = r.body.trim().split('\n');
    expect(lines[0]).toBe('id,table,game,status,started,ended,winner,players,headline,from_sheet');
    expect(lines).toHaveLength(5);
    const gb = lines.find((l) => l.includes(',gb1,'))!;
    expect(gb).toContain(`"'=HYPERLINK(""http://evil"") 0; Bob, ""the rock"" 0"`);
  });

  it('matches as JSON, filtered like the list', async () => {
    const r = await hub.app.inject({ url: '/api/exports/matches.json?table=c1' });
    const body = r.json<{ matches: { table: string; game: string }[] }>();
    expect(body.matches.map((m) => m.game)).toEqual(['three-cushion', 'three-cushion']);
  });

  it('player statistics: every game, the carom club ranking and minigolf lane statistics', async () => {
    const s = (await hub.app.inject({ url: '/api/players' })).json<{
      players: { name: string; games: number }[];
      carom: { name: string; games: number; points: number; innings: number; highRun: number }[];
      lanes: { lane: number; plays: number; average: number }[];
    }>();
    expect(s.carom.find((p) => p.name === 'Ayşe')).toMatchObject({ games: 2, wins: 1, points: 3 + 0 + 2 + 1 + 0, highRun: 3 });
    expect(s.carom.find((p) => p.name === 'Noam')).toMatchObject({ games: 2, wins: 0, points: 1 + 2 + 2 + 1, highRun: 2 });
    expect(s.players.find((p) => p.name === 'Ayşe')!.games).toBe(2);
    expect(s.lanes.map((l) => l.lane)).toEqual([1, 2, 3]);
    expect(s.lanes.every((l) => l.plays === 2 && l.average >= 1)).toBe(true);
    const csv = (await hub.app.inject({ url: '/api/exports/players.csv' })).body;
    expect(csv).toContain('carom,Ayşe,2,');
    expect(csv).toContain('minigolf-lane,1,2,');
  });

  it('minigolf scorecards: printable page and CSV; refused for another game', async () => {
    const html = await hub.app.inject({ url: `/api/matches/${minigolfId}/scorecards.html` });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('<table>');
    expect(html.body).toContain('Ben');
    expect(html.body).not.toMatch(/<(link|script)\b/);
    const cards = await hub.app.inject({ url: `/api/matches/${minigolfId}/scorecards.csv` });
    expect(cards.body.split('\n')[0]).toMatch(/^round,course,player,name/);
    const results = await hub.app.inject({ url: `/api/matches/${minigolfId}/results.csv` });
    expect(results.body).toContain('Ben');
    const teams = await hub.app.inject({ url: `/api/matches/${minigolfId}/team-results.csv` });
    expect(teams.body.split('\n')[0]).toBe('team,place,total,penalty_points,substitution_penalty_points,members,substitutes,complete,invalid');
    const carom = (await hub.store.listMatches({ table: 'c1', limit: 1 }))[0]!.id;
    const refused = await hub.app.inject({ url: `/api/matches/${carom}/scorecards.html` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'AR_BAD_REQUEST' } });
  });

  it('the table QR code needs the venue PIN and opens the phone view with the table token', async () => {
    const without = await hub.app.inject({ url: '/api/tables/gb1/qr.svg' });
    expect(without.statusCode).toBe(401);
    const r = await hub.app.inject({ url: '/api/tables/gb1/qr.svg?base=http://10.0.0.5:8080', headers: { authorization: `Bearer ${PIN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(r.headers['x-autoref-url']).toBe(`http://10.0.0.5:8080/#/phone/gb1?t=${hub.tableToken('gb1')}`);
    const bad = await hub.app.inject({ url: '/api/tables/gb1/qr.svg?base=javascript:alert(1)', headers: { authorization: `Bearer ${PIN}` } });
    expect(bad.statusCode).toBe(400);
  });
});
