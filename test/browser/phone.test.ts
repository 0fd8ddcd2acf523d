/**
 * The phone at the table (issue #19), in a real headless Chromium on a 375×667 screen against a
 * real hub: an open question, its countdown to the default and every answer above the fold, the
 * countdown going down; a claim likewise; "End the match" away from the answers and confirmed; no
 * control the phone's token does not allow (no token: nothing to tap; the table's QR code: the
 * players' answers, claims, strokes, start and end); on a minigolf course the scorecard of the
 * phone's player.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { annAndBobOpen, feedFixture } from './setup';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import type { MinigolfReport } from '../../shared/reports/minigolf';
import { en } from '../../dashboard/i18n/en';

const PIN = '4711';
const session = browserSession();
/** A long claim window: a loaded machine's slow page must not close it before the test looks. */
const ROOMY: VenueConfig = { ...DEMO_VENUE, claimWindowS: 120 };

async function hub(opts: Parameters<typeof newHub>[0] = {}): Promise<TestHub> {
  const h = await newHub({ token: PIN, ...opts });
  session.hubs.push(h);
  return h;
}

/** A phone at `table`, with the table's token from its QR code or with none. */
async function phone(h: TestHub, table: string, withToken: boolean): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 375, height: 667 } });
  session.pages.push(page);
  await page.goto(`${h.url}/#/phone/${table}${withToken ? `?t=${h.tableToken(table)}` : ''}`);
  await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
  return page;
}

/** The elements matching `selector` not wholly inside the viewport (none found is a failure too). */
async function offScreen(page: Page, selector: string): Promise<string[]> {
  const out = await page.locator(selector).evaluateAll((els) =>
    els
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
      .map(({ e, r }) => `${e.outerHTML.slice(0, 70)} at ${Math.round(r.top)}–${Math.round(r.bottom)}`),
  );
  return (await page.locator(selector).count()) === 0 ? [`${selector}: none`] : out;
}

const seconds = (text: string | null): number => Number(/(\d+)/.exec(text ?? '')?.[1] ?? NaN);

/** Eight-ball at p1: the break pockets the 3, then Deniz's shot is heard as a cushion only: "wrong ball first" is open to a claim. */
async function claimOpen(h: TestHub): Promise<void> {
  await h.matches.start(
    'p1',
    [
      { id: 'deniz', name: 'Deniz', side: 'A' },
      { id: 'tamar', name: 'Tamar', side: 'B' },
    ],
    undefined,
  );
  let t = Date.now();
  for (const e of [
    { type: 'strike', by: 'hub' },
    { type: 'pocket', by: 'sensor', pocket: 'bl', captured: true, ball: '3' },
    { type: 'at_rest', by: 'hub' },
    { type: 'strike', by: 'hub' },
    { type: 'cushion', by: 'sensor', cushion: 'foot' },
    { type: 'at_rest', by: 'hub' },
  ] as const)
    await h.matches.sensor('p1', { ...e, t: (t += 50) } as GameEvent);
  for (let i = 0; i < 4; i++) await h.matches.idle();
}

describe('the phone at the table (issue #19)', () => {
  it('GB-DBL-4: at 375×667 the opening question, its countdown and every answer are above the fold, and it counts down; "End the match" is far below and asks first', async () => {
    const h = await hub({ assembler: { restAfterMs: 300 }, decisionDefaultMs: 40_000 });
    await annAndBobOpen(h);
    const q = h.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.opening')!;
    const page = await phone(h, 'gb1', true);
    const box = page.locator(`#view .decision[data-decision="${q.id}"]`);
    await box.waitFor();
    for (const selector of [`.decision[data-decision="${q.id}"] .question`, '.decision .default-countdown', `button[data-decision="${q.id}"]`])
      expect(await offScreen(page, selector), selector).toEqual([]);
    expect(await page.locator(`button[data-decision="${q.id}"]`).count()).toBe(q.options.length);
    const countdown = box.locator('.default-countdown');
    const first = seconds(await countdown.textContent());
    expect(first).toBeGreaterThan(20);
    await expect.poll(async () => seconds(await countdown.textContent()), { timeout: 10_000 }).toBeLessThan(first);

    // "End the match": not under the answers, and a tap asks first; "no" ends nothing.
    const answersBottom = await page
      .locator(`button[data-decision="${q.id}"]`)
      .last()
      .evaluate((e) => e.getBoundingClientRect().bottom);
    const endTop = await page.locator('#end-match').evaluate((e) => e.getBoundingClientRect().top);
    expect(endTop - answersBottom).toBeGreaterThan(150);
    const asked: string[] = [];
    page.once('dialog', (d) => void (asked.push(d.message()), d.dismiss()));
    await page.locator('#end-match').click();
    await expect.poll(() => asked).toEqual([en['phone.endConfirm']]);
    expect(h.matches.current('gb1')).toBeDefined();
    page.once('dialog', (d) => void d.accept());
    await page.locator('#end-match').click();
    await expect.poll(() => h.matches.current('gb1')).toBeUndefined();
    await expect.poll(() => page.locator('#phone-message').textContent()).toBe(en['phone.ended']);
  });

  it('PB-FOUL-1: at 375×667 a foul open to a claim, its countdown and the claim button are above the fold, and it counts down', async () => {
    const h = await hub({ venue: ROOMY, decisionDefaultMs: null, gameClocks: false });
    await claimOpen(h);
    const page = await phone(h, 'p1', true);
    const claim = page.locator('article.claim[data-kind="pocket.first-contact"]');
    await claim.waitFor();
    for (const selector of ['article.claim .claim-foul', 'article.claim .claim-countdown', 'article.claim button.claim-button'])
      expect(await offScreen(page, selector), selector).toEqual([]);
    const first = seconds(await claim.locator('.claim-countdown').textContent());
    await expect.poll(async () => seconds(await claim.locator('.claim-countdown').textContent()), { timeout: 10_000 }).toBeLessThan(first);
  });

  it(
    'no control the token does not allow: without one nothing to tap (stroke, claim, answer, start, end); with the table’s QR code they are there',
    { timeout: 60_000 },
    async () => {
      const h = await hub({ venue: ROOMY, decisionDefaultMs: null });
      await h.matches.start(
        'mg1',
        [
          { id: 'ana', name: 'Ana' },
          { id: 'ben', name: 'Ben' },
        ],
        { lanes: 3 },
      );
      await claimOpen(h);
      await annAndBobOpen(h);
      const opening = h.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.opening')!;
      const controls = async (page: Page, table: string): Promise<Record<string, number | boolean>> => {
        // What the phone shows in any case: the board of the match.
        await page.locator('#phone .status-line').waitFor();
        await page.waitForLoadState('networkidle');
        return {
          stroke: await page.locator('button[data-stroke]').count(),
          claim: await page.locator('button.claim-button').count(),
          answer: await page.locator('button[data-decision]').count(),
          end: await page.locator('#end-match').count(),
          // The question (bumper pool) or the fouls open to a claim (pool) are shown, with or without a token.
          ...(table === 'mg1' ? {} : { shown: (await page.locator('.decision .question, article.claim .claim-foul').count()) > 0 }),
        };
      };
      const none = {
        mg1: await controls(await phone(h, 'mg1', false), 'mg1'),
        p1: await controls(await phone(h, 'p1', false), 'p1'),
        gb1: await controls(await phone(h, 'gb1', false), 'gb1'),
      };
      expect(none).toEqual({
        mg1: { stroke: 0, claim: 0, answer: 0, end: 0 },
        p1: { stroke: 0, claim: 0, answer: 0, end: 0, shown: true },
        gb1: { stroke: 0, claim: 0, answer: 0, end: 0, shown: true },
      });
      const mg = await phone(h, 'mg1', true);
      await mg.locator('button[data-stroke="ana"]').waitFor();
      const withToken = {
        mg1: await controls(mg, 'mg1'),
        p1: await controls(await phone(h, 'p1', true), 'p1'),
        gb1: await controls(await phone(h, 'gb1', true), 'gb1'),
      };
      expect(withToken).toEqual({
        mg1: { stroke: 1, claim: 0, answer: 0, end: 1 },
        // Tamar's button for each of the two fouls no sensor saw (the first ball hit, a cushion after it).
        p1: { stroke: 0, claim: 2, answer: 0, end: 1, shown: true },
        gb1: { stroke: 0, claim: 0, answer: opening.options.length, end: 1, shown: true },
      });
      // No match: the start form only with the token.
      await h.matches.end('mg1', 'finished');
      const bare = await phone(h, 'mg1', false);
      await bare.locator('#phone-no-match').waitFor();
      expect(await bare.locator('#start-form').count()).toBe(0);
      expect(await bare.locator('#phone-message').textContent()).toBe(en['phone.noToken']);
      await (await phone(h, 'mg1', true)).locator('#start-form').waitFor();
    },
  );

  it('on a minigolf course the phone shows its player’s card with his group’s, as the report has them; the choice stays on the phone', async () => {
    const h = await hub();
    await feedFixture(h, 'mg1', 'minigolf/normal-round-ben-wins.jsonl', 12);
    const report = (): MinigolfReport => {
      const m = h.matches.current('mg1')!;
      return m.engine.report(m.state) as MinigolfReport;
    };
    const page = await phone(h, 'mg1', true);
    // One group on the course: its card at once.
    const card = page.locator('#phone-card [data-group-card="g1"]');
    await card.waitFor();
    const lanes = (id: string) => card.locator(`[data-card^="${id}:1:"]`).allTextContents();
    const written = (id: string) =>
      report()
        .players.find((p) => p.id === id)!
        .rounds[0]!.lanes.map((v) => (v === null ? '' : String(v)));
    expect(await lanes('ana')).toEqual(written('ana'));
    expect(await lanes('ben')).toEqual(written('ben'));
    expect(written('ana').some((v) => v !== '')).toBe(true);
    await page.locator('#phone-player').selectOption('ben');
    await page.locator('#phone-card [data-mine="true"]', { hasText: 'Ben' }).waitFor();
    await page.reload();
    await page.locator('#phone-card [data-mine="true"]', { hasText: 'Ben' }).waitFor();
    expect(await page.locator('#phone-player').inputValue()).toBe('ben');
  });
});
