/**
 * Every game's scoreboard in a real headless Chromium against a real hub, field by field as the
 * issue lists them: carom (score, distance, innings, current run, high run, general average, shot
 * clock, equalizing inning); golf billiards (balls left per side, sets, turn, the 50-second clock,
 * the re-spot point choice); pool (rack, balls pocketed per side, ball in hand, race score);
 * minigolf (live leaderboard, lane status, group scorecards). And the streaming overlay.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { caromLog, feedEvents, feedFixture, poolLog, readFixture } from './setup';

const session = browserSession();
const { hubs, pages } = session;

async function hub(): Promise<TestHub> {
  const h = await newHub({ token: '4711' });
  hubs.push(h);
  return h;
}

async function open(h: TestHub, route: string, width = 1280): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width, height: 900 } });
  pages.push(page);
  await page.goto(`${h.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const fact = (page: Page, name: string) => page.locator(`#view [data-fact="${name}"]`).first();
/** The rows of the board's statistics table: [name, cell, cell, ...]. */
const rows = (page: Page, board: string) =>
  page
    .locator(`#view .board.${board} table.stats tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
const seconds = (text: string | null): number => Number(/^(\d+) s$/.exec(text ?? '')?.[1] ?? NaN);

describe('scoreboards of every game in headless Chromium', () => {
  it('carom: distance, inning, shot clock, equalizing inning; points, innings, run, high run and general average per player', async () => {
    const h = await hub();
    // Ayşe reached the distance of 2 in her first inning; Noam has his equalizing inning. A 40 s shot clock.
    const log = readFixture('carom/three-cushion-equalizing-inning-draw.jsonl');
    const start = log[0]!;
    if (start.type === 'start') start.config = { ...start.config, shotClockSeconds: 40 };
    await feedEvents(h, 'c1', log, 14);
    const page = await open(h, '#/table/c1');
    await expect.poll(() => fact(page, 'distance').textContent()).toBe('2');
    expect(await fact(page, 'inning').textContent()).toBe('1');
    expect(await fact(page, 'equalizing').textContent()).toBe('Equalizing inning');
    const clock = seconds(await fact(page, 'clock').textContent());
    expect(clock).toBeGreaterThan(0);
    expect(clock).toBeLessThanOrEqual(40);
    const head = await page.locator('#view .board.carom table.stats thead th').allTextContents();
    expect(head).toEqual(['Player', 'Points', 'Innings', 'Run', 'High run', 'General average']);
    expect(await rows(page, 'carom')).toEqual([
      ['Ayşe', '2', '1', '–', '2', '2.000'],
      ['Noam', '0', '1', '0', '0', '0.000'],
    ]);
    expect(await page.locator('#view .score [data-player="A"] .points').textContent()).toBe('2');
    expect(await page.locator('#view .score [data-turn="true"] .name').textContent()).toBe('Noam');
  });

  it('golf billiards: balls left per side, sets, whose turn, the 50-second clock and the re-spot point choice', async () => {
    const h = await hub();
    // Ann's A1 went into her own goal: Bob chooses where it is re-spotted.
    await feedFixture(h, 'gb1', 'golf-billiards/own-goal-respotted-turn-to-bob.jsonl', 7);
    const summary = h.matches.summaryOf('gb1')!;
    const respot = summary.pending.find((d) => d.kind === 'golf-billiards.respot')!;
    expect(respot).toBeDefined();
    const page = await open(h, '#/table/gb1');
    await expect.poll(() => fact(page, 'set').textContent()).toBe('1');
    const turn = summary.players.find((p) => p.id === summary.turn)!.name;
    expect(await fact(page, 'turn').textContent()).toBe(turn);
    const clock = seconds(await fact(page, 'clock').textContent());
    expect(clock).toBeGreaterThan(0);
    expect(clock).toBeLessThanOrEqual(50);
    expect(await page.locator('[data-left="A"]').textContent()).toBe('5');
    expect(await page.locator('[data-left="B"]').textContent()).toBe('5');
    expect((await rows(page, 'golf')).map((r) => r.at(-1))).toEqual(['0', '0']); // sets won
    const choice = await fact(page, 'respot').textContent();
    expect(choice).toContain('Choose the re-spot point for A1.');
    expect(choice).toContain('Point 1 · Point 2 · Point 3');
  });

  it('pool: rack, race score, ball in hand, and the balls each player pocketed', async () => {
    const h = await hub();
    await feedEvents(h, 'p1', poolLog());
    const page = await open(h, '#/table/p1');
    await expect.poll(() => fact(page, 'rack').textContent()).toBe('1');
    expect(await fact(page, 'race').textContent()).toBe('0 – 0 (race to 3)');
    expect(await fact(page, 'ball-in-hand').textContent()).toBe('anywhere on the table');
    expect(await page.locator('#view [data-pocketed="A"] .ball').allTextContents()).toEqual(['1']);
    expect(await page.locator('#view [data-pocketed="B"] .ball').allTextContents()).toEqual(['10']);
    expect(await rows(page, 'pool')).toEqual([
      ['Ayşe', 'solids', '1', '0'],
      ['Noam', 'stripes', '10', '0'],
    ]);
  });

  it('minigolf: the live leaderboard, the status of every lane and the scorecard of each group', async () => {
    const h = await hub();
    await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
    const live = (await (await fetch(`${h.url}/api/tables/mg1/live`)).json()) as {
      report: { players: { id: string; name: string; total: number }[]; groups: { id: string; lane: number | null; order: string[]; done: boolean }[] };
    };
    const page = await open(h, '#/table/mg1');
    await page.locator('#view .leaderboard').waitFor();
    for (const p of live.report.players) {
      expect(await page.locator(`#view [data-live="${p.id}"]`).textContent(), p.name).toBe(String(p.total));
    }
    expect(live.report.players.some((p) => p.total > 0)).toBe(true);
    const playing = live.report.groups.filter((g) => !g.done && g.lane !== null);
    expect(playing.length).toBeGreaterThan(0);
    for (const g of playing) {
      expect(await page.locator(`#view [data-lane="${g.lane}"]`).textContent()).toContain(g.id);
      const names = live.report.players
        .filter((p) => g.order.includes(p.id))
        .map((p) => p.name)
        .sort();
      const card = page.locator(`#view [data-group-card="${g.id}"] tbody th`);
      expect((await card.allTextContents()).sort()).toEqual(names);
    }
  });

  it('the overlay is a transparent page with the table tile as a lower third, in the corner asked for', { timeout: 120_000 }, async () => {
    const h = await hub();
    await feedEvents(h, 'p1', poolLog());
    const page = await open(h, '#/overlay/p1', 640);
    await page.setViewportSize({ width: 1920, height: 1080 });
    // The same facts as the TV tile: the names and the scores, and pool's racks and race.
    await expect.poll(() => page.locator('#view .tile.overlay .score .name').allTextContents()).toEqual(['Ayşe', 'Noam']);
    await page.locator('#view .tile.overlay[data-report="true"]').waitFor();
    const report = (await h.matches.details(h.matches.current('p1')!.id))!.report as { raceTo: number; rack: { no: number } };
    expect(await page.locator('#view .tile.overlay [data-fact="rack"]').textContent()).toBe(String(report.rack.no));
    expect(await page.locator('#view .tile.overlay [data-fact="race"]').textContent()).toContain(String(report.raceTo));
    const backgrounds = await page.evaluate(() => [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor));
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await page.locator('header#top').isVisible()).toBe(false);
    // Bottom left by default, in the lower third of the screen, and nothing outside the tile.
    const box = (await page.locator('#view .tile.overlay').boundingBox())!;
    expect(box.x).toBeLessThan(1920 / 4);
    expect(box.y).toBeGreaterThanOrEqual(1080 * (2 / 3) - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(1080);
    expect(await page.locator('#view .tile.overlay').evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    // Top right when asked.
    const tr = await open(h, '#/overlay/p1?corner=tr', 640);
    await tr.setViewportSize({ width: 1920, height: 1080 });
    await tr.locator('#view .tile.overlay .score .name').first().waitFor();
    const top = (await tr.locator('#view .tile.overlay').boundingBox())!;
    expect(top.x + top.width).toBeGreaterThan(1920 * 0.75);
    expect(top.y + top.height).toBeLessThanOrEqual(1080 / 3 + 1);
    // Carom, bumper pool and minigolf tiles fit the third as well (what does not fit is dropped, as on a small TV tile).
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
    await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
    await feedFixture(h, 'gb1', 'golf-billiards/own-goal-respotted-turn-to-bob.jsonl', 7);
    for (const table of ['c1', 'gb1', 'mg1']) {
      const other = await open(h, `#/overlay/${table}`, 640);
      await other.setViewportSize({ width: 1920, height: 1080 });
      await other.locator('#view .tile.overlay[data-report="true"]').waitFor();
      const fits = await other.locator('#view .tile.overlay').evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1);
      expect(fits, table).toBe(true);
    }
  });
});
