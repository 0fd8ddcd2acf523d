/**
 * The dashboard in a real headless Chromium against a real hub: sensor events change the
 * scoreboard; a pending decision answered on the phone view changes the score; the referee
 * panel refuses writes without the PIN and makes them with it; names with markup are shown as
 * text; the page recovers after a hub restart; the Hebrew view is right to left.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { buildHub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';
import { ASKING_VENUE, golfOpening, golfOwnOntoOwn, inProcessDevice } from './setup';
import type { HubCommand } from '../../shared/protocol/schema';

const PIN = '4711';
const ANN_BOB = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];

const session = browserSession();
const { hubs, pages } = session;

async function hubWithToken(extra: Parameters<typeof newHub>[0] = {}): Promise<TestHub> {
  const hub = await newHub({ token: PIN, assembler: { restAfterMs: 300 }, ...extra });
  hubs.push(hub);
  return hub;
}

async function open(hub: TestHub, route: string, init?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 375, height: 812 } });
  pages.push(page);
  await init?.(page);
  await page.goto(`${hub.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const score = (page: Page, player: string) => page.locator(`#view [data-player="${player}"] .points`).first();

/** Golf billiards at gb1, opening answered: Ann (side A) to play. `config` over the table's. */
async function golfMatch(hub: TestHub, config?: Record<string, unknown>): Promise<void> {
  await hub.matches.start('gb1', ANN_BOB, config);
  await golfOpening(hub, 'gb1');
  await hub.matches.input('gb1', { type: 'decide', decision: 'set1-stroke-1:opening', answer: 'A', by: 'referee' });
}

describe('dashboard in headless Chromium', () => {
  it('a sensor event from a device changes the scoreboard', async () => {
    const hub = await hubWithToken();
    await golfMatch(hub);
    const page = await open(hub, '#/table/gb1');
    await expect.poll(() => score(page, 'ann').textContent()).toBe('0');
    const device = inProcessDevice(hub, 'gb1-a');
    device.emit({ e: 'stroke', s: 'cue', o: 'A1' });
    device.emit({ e: 'goal', s: 'g2', p: 'b', o: 'A1' });
    await expect.poll(() => score(page, 'ann').textContent(), { timeout: 10_000 }).toBe('1');
    expect(hub.matches.summaryOf('gb1')?.players.find((p) => p.id === 'ann')?.score).toBe(1);
    // The golf board shows the balls left for side A.
    await expect.poll(() => page.locator('[data-left="A"]').textContent()).toBe('4');
  });

  it('a pending decision answered with one tap on the phone view changes the score', async () => {
    // At a venue that asks rather than takes claims (claims: test/browser/claims.test.ts).
    const hub = await hubWithToken({ venue: ASKING_VENUE });
    // A table without the bumper bus: whether the ball went straight onto its own is asked.
    await golfMatch(hub, { bumperSensor: false });
    await golfOwnOntoOwn(hub, 'gb1');
    const pending = hub.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.own_onto_own')!;
    expect(pending.answeredBy).toBe('players');
    const page = await open(hub, `#/phone/gb1?t=${hub.tableToken('gb1')}`);
    await expect.poll(() => score(page, 'ann').textContent()).toBe('1');
    await page.locator(`button[data-decision="${pending.id}"][data-value="yes"]`).click();
    await expect.poll(() => score(page, 'ann').textContent()).toBe('0');
    await expect.poll(() => page.locator('#phone-message').getAttribute('data-ok')).toBe('true');
    expect(hub.matches.summaryOf('gb1')!.players.find((p) => p.id === 'ann')!.score).toBe(0);
  });

  it('the phone view starts a match with the names typed in', async () => {
    const hub = await hubWithToken();
    const page = await open(hub, `#/phone/p1?t=${hub.tableToken('p1')}`);
    await page.locator('input[name="player-1"]').fill('Selin');
    await page.locator('input[name="player-2"]').fill('Noa');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => hub.matches.summaryOf('p1')?.players.map((p) => p.name)).toEqual(['Selin', 'Noa']);
    await expect.poll(() => page.locator('#view .player .name').allTextContents()).toEqual(['Selin', 'Noa']);
  });

  it('the referee panel refuses a write without the PIN, and makes it with the PIN', async () => {
    const hub = await hubWithToken();
    await hub.matches.start('gb1', ANN_BOB, undefined);
    await golfOpening(hub, 'gb1');
    const page = await open(hub, '#/ref/gb1');
    const option = page.locator('button[data-decision="set1-stroke-1:opening"][data-value="B"]');
    await option.click();
    await expect.poll(() => page.locator('#ref-message').getAttribute('data-ok')).toBe('false');
    expect(await page.locator('#ref-message').textContent()).toContain('AR_UNAUTHORIZED');
    expect(hub.matches.summaryOf('gb1')!.pending.map((d) => d.id)).toContain('set1-stroke-1:opening');
    // Undo without the PIN: refused too (with a reason given).
    await page.locator('#reason').fill('wrong ball');
    await page.locator('#undo').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toContain('AR_UNAUTHORIZED');

    await page.locator('#pin').fill(PIN);
    await page.locator('#pin-form button[type="submit"]').click();
    await option.click();
    await expect.poll(() => hub.matches.summaryOf('gb1')!.pending.some((d) => d.id === 'set1-stroke-1:opening')).toBe(false);
    await expect.poll(() => page.locator('#ref-message').getAttribute('data-ok')).toBe('true');
    expect(hub.matches.summaryOf('gb1')!.turn).toBe('bob');
    // A correction with the PIN and its reason goes into the log.
    await page.locator('#undo').click();
    const id = hub.matches.current('gb1')!.id;
    await expect
      .poll(async () => (await hub.store.gameEvents(id)).filter((e) => e.type === 'undo').map((e) => [e.by, e.why]))
      .toEqual([['referee', 'wrong ball']]);
    // The table's QR code, made on the hub, only with the PIN.
    await page.locator('#show-qr').click();
    await page.locator('#qr img').waitFor();
  });

  it('the calibration page’s advanced section sends raw sensor options to the board only with the PIN', async () => {
    const hub = await hubWithToken();
    const seen: HubCommand[] = [];
    const device = inProcessDevice(hub, 'gb1-a', seen);
    device.hello('golf-billiards');
    const page = await open(hub, '#/calibrate/gb1-a');
    await page.locator('#cal-advanced summary').click(); // the raw-values form is the "advanced" section
    await page.locator('.cal-key').first().fill('g1.debounceMs');
    await page.locator('.cal-value').first().fill('5');
    await page.locator('#cal-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#cal-message').textContent()).toContain('AR_UNAUTHORIZED');
    expect(seen.filter((c) => c.k === 'cfg')).toEqual([]);
    await page.evaluate((pin) => sessionStorage.setItem('autoref.pin', pin), PIN);
    await page.locator('#cal-form button[type="submit"]').click();
    await expect.poll(() => seen.filter((c) => c.k === 'cfg')).toEqual([{ v: 1, k: 'cfg', set: { 'g1.debounceMs': 5 } }]);
  });

  it('TV mode cycles through the tables that have a match, in large type', async () => {
    const hub = await hubWithToken();
    await hub.matches.start('gb1', ANN_BOB, undefined);
    await hub.matches.start(
      'mg1',
      [
        { id: 'ana', name: 'Ana' },
        { id: 'ben', name: 'Ben' },
      ],
      { lanes: 3 },
    );
    const page = await session.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    pages.push(page);
    await page.goto(`${hub.url}/#/tv?every=3`);
    const shown = new Set<string>();
    await expect
      .poll(
        async () => {
          // Before the first table is drawn there is no scoreboard yet: only tables count.
          const table = await page
            .locator('#scoreboard')
            .getAttribute('data-table')
            .catch(() => null);
          if (table) shown.add(table);
          return [...shown].sort();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toEqual(['gb1', 'mg1']);
    // The TV redraws at each change of table: an element read just as it is replaced has no style
    // (NaN), so the size is read again until a drawn one answers.
    await expect
      .poll(
        () =>
          page
            .locator('#scoreboard .score .points')
            .first()
            .evaluate((e) => (e.isConnected ? parseFloat(getComputedStyle(e).fontSize) : 0))
            .catch(() => 0),
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(60);
  });

  it('minigolf: a holed ball is shown as it happens, and the scorecard fills in', async () => {
    const hub = await hubWithToken();
    await hub.matches.start(
      'mg1',
      [
        { id: 'ana', name: 'Ana' },
        { id: 'ben', name: 'Ben' },
      ],
      { lanes: 3 },
    );
    const page = await open(hub, '#/table/mg1');
    await page.locator('#view .leaderboard').waitFor();
    await hub.matches.sensor('mg1', { type: 'strike', by: 'sensor', player: 'ana', t: Date.now() });
    await hub.matches.sensor('mg1', { type: 'hole', by: 'sensor', lane: '1', player: 'ana', t: Date.now() });
    await expect.poll(() => page.locator('#view .flash').textContent()).toBe('Holed on lane 1!');
    await expect.poll(() => score(page, 'ana').textContent()).toBe('1');
    const anaCard = page.locator('#view .scorecards tbody tr', { hasText: 'Ana' }).first();
    await expect.poll(() => anaCard.locator('td').first().textContent()).toBe('1');
  });

  it('a player name with markup is shown as text on every view', { timeout: 180_000 }, async () => {
    const hub = await hubWithToken();
    const evil = '<img src=x onerror=alert(1)>';
    await hub.matches.start(
      'gb1',
      [
        { id: 'ann', name: evil, side: 'A' },
        { id: 'bob', name: 'Bob<script>alert(2)</script>', side: 'B' },
      ],
      undefined,
    );
    for (const route of ['#/', '#/table/gb1', '#/phone/gb1', '#/ref/gb1', '#/overlay/gb1', '#/tv?table=gb1']) {
      const page = await open(hub, route);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.locator('#view .name', { hasText: 'onerror' }).first().waitFor();
      expect(await page.locator('#view .name', { hasText: 'onerror' }).first().textContent()).toBe(evil);
      expect(await page.locator('#view img, #view script').count()).toBe(0);
      expect(dialogs).toEqual([]);
    }
    // Finished: the history's list and statistics and the match page show the names as text too.
    await hub.matches.end('gb1', 'finished');
    const id = (await hub.store.listMatches({ table: 'gb1', limit: 1 }))[0]!.id;
    for (const [route, where] of [
      ['#/history', '#/history'],
      [`#/match/${id}`, 'match'],
    ] as const) {
      const page = await open(hub, route);
      await expect.poll(() => page.locator('#view').textContent(), { message: where }).toContain(evil);
      expect(await page.locator('#view img, #view script').count()).toBe(0);
    }
  });

  it('the page shows it is stale while the hub is down and recovers after the hub restarts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-restart-'));
    const storePath = path.join(dir, 'hub.db');
    try {
      const first = await newHub({ token: PIN, storePath, assembler: { restAfterMs: 300 } });
      await golfMatch(first);
      const port = Number(new URL(first.url).port);
      const page = await open(first, '#/table/gb1');
      await expect.poll(() => score(page, 'ann').textContent()).toBe('0');
      await first.close();
      await page.locator('#link-state[data-state="stale"]').waitFor({ state: 'attached' });
      expect(await page.locator('body').getAttribute('data-stale')).toBe('true');

      const second = await buildHub({ venue: DEMO_VENUE, storePath, token: PIN, assembler: { restAfterMs: 300 } });
      await second.app.listen({ port, host: '127.0.0.1' });
      await second.startLinks();
      hubs.push({ ...second, url: first.url });
      await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached', timeout: 15_000 });
      // The restored match is live again on the same page: a new sensor event reaches it.
      const device = inProcessDevice(second, 'gb1-a');
      device.emit({ e: 'stroke', s: 'cue', o: 'A1' });
      device.emit({ e: 'goal', s: 'g2', p: 'b', o: 'A1' });
      await expect.poll(() => score(page, 'ann').textContent(), { timeout: 10_000 }).toBe('1');
      await waitFor(() => device.acked >= 2, 'the new hub to acknowledge');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the Hebrew view is right to left; a phone can pick its own language', async () => {
    const hub = await hubWithToken({ venue: { ...DEMO_VENUE, language: 'he' } });
    const page = await open(hub, '#/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('he');
    expect(await page.locator('#tables-title').textContent()).toBe('שולחנות');
    // Mirrored: the venue name sits at the right edge of the header.
    const box = await page.locator('#venue-name').boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(375 - 40);

    await page.locator('#lang').selectOption('tr');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.locator('#tables-title').textContent()).toBe('Masalar');
    await page.reload();
    await expect.poll(() => page.locator('#tables-title').textContent()).toBe('Masalar');
  });
});
