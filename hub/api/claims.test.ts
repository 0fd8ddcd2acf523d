/**
 * Claims through the hub (docs/claims.md): on the demo's pool table (no contact sensor, nobody
 * refereeing) a shot heard as a cushion only is taken as legal at once, and the opponent's one-tap
 * claim with the table token applies the foul; late, own and second claims are refused with the
 * rule's code; a dispute goes to the referee, who rules with the venue token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';

const PIN = '424242';
const venueAuth = { authorization: `Bearer ${PIN}` };
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

const players = [
  { id: 'deniz', name: 'Deniz', side: 'A' },
  { id: 'tamar', name: 'Tamar', side: 'B' },
];

/** A match on p1 (eight-ball), the break pockets the 3, then Deniz's shot is heard as a cushion only. */
async function shotHeardAsCushion(venue: VenueConfig = DEMO_VENUE): Promise<Hub> {
  hub = await buildHub({ venue, storePath: ':memory:', token: PIN, decisionDefaultMs: null, gameClocks: false });
  const r = await hub.app.inject({ method: 'POST', url: '/api/tables/p1/matches', headers: venueAuth, payload: { players } });
  expect(r.statusCode, r.body).toBe(201);
  let t = 2_000;
  for (const e of [
    { type: 'strike', by: 'hub' },
    { type: 'pocket', by: 'sensor', pocket: 'bl', captured: true, ball: '3' },
    { type: 'at_rest', by: 'hub' },
    { type: 'strike', by: 'hub' },
    { type: 'cushion', by: 'sensor', cushion: 'foot' },
    { type: 'at_rest', by: 'hub' },
  ] as const)
    await hub.matches.sensor('p1', { ...e, t: (t += 500) } as GameEvent);
  // The hub's answers to the claimable questions queue behind the sensor's events.
  for (let i = 0; i < 4; i++) await hub.matches.idle();
  return hub;
}

const post = (h: Hub, payload: object, auth: Record<string, string>) => h.app.inject({ method: 'POST', url: '/api/tables/p1/input', headers: auth, payload });
const tableAuth = (h: Hub) => ({ authorization: `Bearer ${h.tableToken('p1')!}` });
const fouls = (h: Hub) =>
  (h.matches.current('p1')!.engine.report(h.matches.current('p1')!.state) as { shots: { fouls: { code: string }[] }[] }).shots.at(-1)!.fouls;

describe('claims at a self-refereed pool table (PB-SHOT-1, PB-FOUL-1)', () => {
  it('PB-SHOT-1: the first contact is not asked: taken as legal at once, logged with its window, the next player to shoot', async () => {
    const h = await shotHeardAsCushion();
    const s = h.matches.summaryOf('p1')!;
    expect(s.pending).toEqual([]);
    expect(s.turn).toBe('tamar');
    expect(s.claims!.map((c) => [c.kind, c.against, c.state])).toContainEqual(['pocket.first-contact', 'deniz', 'open']);
    const decide = (await h.store.gameEvents(h.matches.current('p1')!.id)).find((e) => e.type === 'decide')!;
    expect(decide).toMatchObject({ by: 'hub', claim: { against: 'deniz', kind: 'pocket.first-contact' } });
    expect((decide as { claim: { until: number } }).claim.until - decide.t).toBe(15_000);
  });

  it("PB-FOUL-1: the opponent claims with the table token: the foul applies; a second claim and a claim on one's own shot are refused with the rule", async () => {
    const h = await shotHeardAsCushion();
    const first = h.matches.summaryOf('p1')!.claims!.find((c) => c.kind === 'pocket.first-contact')!;
    const own = await post(h, { type: 'claim', decision: first.decision, player: 'deniz' }, tableAuth(h));
    expect([own.statusCode, own.json().error.rule]).toEqual([422, 'own_shot']);
    const ok = await post(h, { type: 'claim', decision: first.decision, player: 'tamar' }, tableAuth(h));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(fouls(h).map((f) => f.code)).toEqual(['wrong-first-ball']);
    expect(h.matches.summaryOf('p1')!.claims!.find((c) => c.decision === first.decision)).toMatchObject({ state: 'claimed', claimedBy: 'tamar' });
    const again = await post(h, { type: 'claim', decision: first.decision, player: 'tamar' }, tableAuth(h));
    expect([again.statusCode, again.json().error.rule]).toEqual([422, 'already_claimed']);
  });

  it("a claim after the venue's window is refused (claim_window_closed), and nothing is written", async () => {
    const h = await shotHeardAsCushion({ ...DEMO_VENUE, claimWindowS: 0.05 });
    const first = h.matches.summaryOf('p1')!.claims!.find((c) => c.kind === 'pocket.first-contact')!;
    await new Promise((r) => setTimeout(r, 120));
    const before = h.matches.current('p1')!.seq;
    const late = await post(h, { type: 'claim', decision: first.decision, player: 'tamar' }, tableAuth(h));
    expect([late.statusCode, late.json().error.rule]).toEqual([422, 'claim_window_closed']);
    expect(h.matches.current('p1')!.seq).toBe(before);
    expect(fouls(h)).toEqual([]);
  });

  it('a dispute goes to the referee panel: the players cannot rule; the referee\'s "reject" restores the legal shot', async () => {
    const h = await shotHeardAsCushion();
    const first = h.matches.summaryOf('p1')!.claims!.find((c) => c.kind === 'pocket.first-contact')!;
    expect((await post(h, { type: 'claim', decision: first.decision, player: 'tamar' }, tableAuth(h))).statusCode).toBe(200);
    expect((await post(h, { type: 'dispute', decision: first.decision, player: 'deniz' }, tableAuth(h))).statusCode).toBe(200);
    const q = h.matches.summaryOf('p1')!.pending.find((p) => p.kind === 'claim.dispute')!;
    expect([q.answeredBy, q.default, h.matches.summaryOf('p1')!.provisional]).toEqual(['referee', null, true]);
    const byPlayer = await post(h, { type: 'decide', decision: q.id, answer: 'reject' }, tableAuth(h));
    expect(byPlayer.statusCode).toBe(401);
    const byReferee = await post(h, { type: 'decide', decision: q.id, answer: 'reject', who: 'Ref' }, venueAuth);
    expect(byReferee.statusCode, byReferee.body).toBe(200);
    expect(fouls(h)).toEqual([]);
    expect(h.matches.summaryOf('p1')!.pending).toEqual([]);
    // The finished record replays to the same claims (the match page reads it from the store).
    const details = await h.matches.details(h.matches.current('p1')!.id);
    expect(details!.summary.claims!.find((c) => c.decision === first.decision)!.state).toBe('rejected');
  });

  it("an answer with a claim window or a probability is the hub's to log: a person's is AR_BAD_REQUEST", async () => {
    const h = await shotHeardAsCushion();
    const r = await post(
      h,
      { type: 'decide', decision: 'x', answer: 'y', claim: { against: 'tamar', foul: '8', until: 1e15, kind: 'pocket.first-contact' } },
      venueAuth,
    );
    expect([r.statusCode, r.json().error.code]).toEqual([400, 'AR_BAD_REQUEST']);
  });

  it('a venue without claims (claimWindowS 0) asks the players, as before', async () => {
    const h = await shotHeardAsCushion({ ...DEMO_VENUE, claimWindowS: 0 });
    const s = h.matches.summaryOf('p1')!;
    expect(s.pending.map((d) => d.kind)).toEqual(['pocket.first-contact']);
    expect(s.claims).toBeUndefined();
  });

  it('a restart resumes the claim windows from the log', async () => {
    const h = await shotHeardAsCushion();
    const open = h.matches.summaryOf('p1')!.claims!;
    const { MatchManager } = await import('../games/matches');
    const again = new MatchManager(h.store, DEMO_VENUE, () => Date.now());
    await again.restore();
    expect(again.summaryOf('p1')!.claims).toEqual(open);
  });
});
