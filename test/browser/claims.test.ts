/**
 * Claims as the bar uses them (issue #25 §3, docs/claims.md), in headless Chromium against a real
 * hub: on the eight-ball table, which has no contact sensor and no referee, a shot heard as a
 * cushion only is taken as legal at once; the opponent claims "hit the wrong ball first" with one
 * tap on her phone (Turkish) and the foul applies; the shooter disputes on the table's screen
 * (Hebrew), and the referee panel rules. A late claim is refused, and the refusal is said on the page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import { tr } from '../../dashboard/i18n/tr';
import { he } from '../../dashboard/i18n/he';
import { en } from '../../dashboard/i18n/en';

const PIN = '4711';
const session = browserSession();
const { hubs, pages } = session;
/** A long window: a loaded machine's slow page must not close it before the test taps (the window's end is tested apart). */
const ROOMY: VenueConfig = { ...DEMO_VENUE, claimWindowS: 120 };
const PLAYERS = [
  { id: 'deniz', name: 'Deniz', side: 'A' },
  { id: 'tamar', name: 'Tamar', side: 'B' },
];

/** Eight-ball at p1, Deniz against Tamar. */
async function match(venue: VenueConfig = DEMO_VENUE): Promise<TestHub> {
  const hub = await newHub({ token: PIN, venue, decisionDefaultMs: null, gameClocks: false });
  hubs.push(hub);
  await hub.matches.start('p1', PLAYERS, undefined);
  return hub;
}

/** The break pockets the 3, then Deniz's shot is heard as a cushion only. */
async function shotHeardAsCushion(venue: VenueConfig = DEMO_VENUE, existing?: TestHub): Promise<TestHub> {
  const hub = existing ?? (await match(venue));
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
  for (let i = 0; i < 4; i++) await hub.matches.idle();
  return hub;
}

async function open(hub: TestHub, route: string, o: { lang?: string; pin?: boolean; width?: number } = {}): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: o.width ?? 375, height: o.width ? 1080 : 812 } });
  pages.push(page);
  if (o.lang) await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), o.lang);
  if (o.pin) await page.addInitScript((p) => sessionStorage.setItem('autoref.pin', p), PIN);
  await page.goto(`${hub.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const fouls = (hub: TestHub): string[] =>
  (hub.matches.current('p1')!.engine.report(hub.matches.current('p1')!.state) as { shots: { fouls: { code: string }[] }[] }).shots
    .at(-1)!
    .fouls.map((f) => f.code);

describe('claims on the phone and the TV', () => {
  it("PB-FOUL-1: one tap on the opponent's phone (tr) claims the wrong first ball; the shooter disputes on the TV (he); the referee rules", async () => {
    const hub = await shotHeardAsCushion(ROOMY);
    const w = hub.matches.summaryOf('p1')!.claims!.find((c) => c.kind === 'pocket.first-contact')!;

    // Tamar's phone, in Turkish: the foul named, the window counting down, her button (not Deniz's).
    const phone = await open(hub, `#/phone/p1?t=${hub.tableToken('p1')}`, { lang: 'tr' });
    const box = phone.locator(`article.claim[data-claim="${w.decision}"]`);
    await box.waitFor();
    expect(await box.locator('.claim-foul').textContent()).toBe(tr['claim.kind.pocket.first-contact']);
    expect(await box.locator('.claim-countdown').textContent()).toMatch(/\d/);
    expect(await box.locator('button.claim-button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-player')))).toEqual(['tamar']);
    // No question is put to anyone: the shot stands as legal.
    expect(await phone.locator('article.decision').count()).toBe(0);
    await box.locator('button.claim-button').click();
    await expect.poll(() => phone.locator('#phone-message').textContent()).toBe(tr['claim.sent']);
    expect(fouls(hub)).toEqual(['wrong-first-ball']);
    await phone.locator(`article.claim[data-claim="${w.decision}"][data-state="claimed"]`).waitFor();

    // The table's screen, in Hebrew, with the table's token: Deniz disputes.
    const tv = await open(hub, `#/tv?table=p1&t=${hub.tableToken('p1')}`, { lang: 'he', width: 1920 });
    const tvBox = tv.locator(`#scoreboard article.claim[data-claim="${w.decision}"]`);
    await tvBox.waitFor({ timeout: 10_000 });
    expect(await tvBox.locator('.claim-state').textContent()).toBe(he['claim.claimed'].replace('{name}', 'Tamar'));
    await tvBox.locator('button[data-dispute]').click();
    await expect.poll(() => tv.locator('#claim-message').textContent()).toBe(he['claim.disputeSent']);
    await tv.locator(`#scoreboard article.claim[data-state="disputed"]`).waitFor();

    // The referee panel (English, with the PIN) has the dispute as a question with buttons; "no foul" restores the legal shot.
    const ref = await open(hub, '#/ref/p1', { pin: true, width: 1280 });
    const q = ref.locator(`article.decision[data-kind="claim.dispute"]`);
    await q.waitFor({ timeout: 10_000 });
    expect(await q.locator('.question').textContent()).toContain(en['claim.kind.pocket.first-contact']);
    expect(await q.locator('.question').textContent()).toContain('Tamar');
    await q.locator('button[data-value="reject"]').click();
    await expect.poll(() => fouls(hub)).toEqual([]);
    await tv.locator(`#scoreboard article.claim[data-state="rejected"]`).waitFor({ timeout: 10_000 });
    expect(await tv.locator('#scoreboard article.claim[data-state="rejected"] .claim-state').textContent()).toBe(he['claim.rejected']);
  });

  it('a claim that reaches the hub after the window is refused, and the phone says why in its language (tr)', async () => {
    // The phone is open before the shot, so its button shows as soon as the window opens.
    const hub = await match({ ...DEMO_VENUE, claimWindowS: 6 });
    const phone = await open(hub, `#/phone/p1?t=${hub.tableToken('p1')}`, { lang: 'tr' });
    await shotHeardAsCushion(undefined, hub);
    const w = hub.matches.summaryOf('p1')!.claims!.find((c) => c.kind === 'pocket.first-contact')!;
    const button = phone.locator(`article.claim[data-claim="${w.decision}"] button.claim-button`);
    await button.waitFor();
    // A slow network: the tap is in time, the claim reaches the hub after the window (hub time is this process's clock).
    await phone.route('**/api/tables/p1/input', async (route) => {
      await new Promise((r) => setTimeout(r, Math.max(0, w.until + 300 - Date.now())));
      await route.continue();
    });
    await button.click();
    await expect.poll(() => phone.locator('#phone-message').getAttribute('data-ok'), { timeout: 10_000 }).toBe('false');
    expect(await phone.locator('#phone-message').textContent()).toContain(tr['rule.claim_window_closed']);
    expect(fouls(hub)).toEqual([]);
    // The window has run out on the page too: its button is gone.
    await expect.poll(() => button.count(), { timeout: 5_000 }).toBe(0);
  });

  it('without a token the TV shows the window and where to claim, with no buttons', async () => {
    const hub = await shotHeardAsCushion(ROOMY);
    const tv = await open(hub, '#/tv?table=p1', { width: 1920 });
    const box = tv.locator('#scoreboard article.claim[data-kind="pocket.first-contact"]');
    await box.waitFor({ timeout: 10_000 });
    expect(await box.locator('button').count()).toBe(0);
    expect(await box.textContent()).toContain(en['claim.onPhone']);
  });
});
