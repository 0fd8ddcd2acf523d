/**
 * Journey: a minigolf round begun on paper continues on the course's sensors (issue #22,
 * docs/score-sheet.md).
 *
 * The hub is started as the README says; lane 2 has a lane device (the real firmware as the upload
 * tool builds it, `--profile minigolf-lane --board esp32`, over the hub's broker). Lane 1 was played
 * on paper. The referee, in the referee panel with the PIN, names the players and opens "Continue
 * from a score sheet": the cards' lane 1. Lane 2 is then played on the sensors (the tee's stroke
 * piezo, the cup beam); the TV shows the totals with the carried lane; the round ends, and the
 * history and the printed scorecards say which lanes came from the sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { JOURNEY_LIMIT, beam, enterPin, journeyDir, knock, mqttBoard, removeDir, startCliHub, type CliHub, type JourneyBoard, visit } from '../helpers/journey';
import type { VenueConfig } from '../../shared/venue';

const VENUE: VenueConfig = {
  id: 'course',
  name: 'Minigolf course',
  language: 'en',
  tables: [{ id: 'mg', name: 'Course', game: 'minigolf', devices: [{ id: 'mg-l2', link: 'mqtt', profile: 'minigolf-lane', lane: 2 }] }],
};

let browser: Browser;
let hub: CliHub;
let lane2: JourneyBoard;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = journeyDir('score-sheet');
  hub = await startCliHub(VENUE, dir);
  lane2 = mqttBoard({ profile: 'minigolf-lane', board: 'esp32', device: 'mg-l2', table: 'mg' }, VENUE.id, hub.brokerUrl);
  browser = await launchBrowser();
}, JOURNEY_LIMIT);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await lane2?.stop();
  await hub?.stop();
  if (dir) removeDir(dir);
}, JOURNEY_LIMIT);

async function page(opts: Parameters<Browser['newContext']>[0] = {}) {
  const c = await browser.newContext(opts);
  contexts.push(c);
  return c.newPage();
}

describe('journey: continue a round from the score sheet', () => {
  it(
    'MG-SCORE-1: lane 1 from the paper cards, lane 2 on the sensors, the totals and the printed cards carry both',
    async () => {
      const referee = await page();
      await visit(referee, `${hub.url}#/ref/mg`);
      await enterPin(referee, hub.pin);
      await referee.fill('#ref-who', 'Mehmet');
      await referee.fill('#start-form input[name="player-1"]', 'Ayşe');
      await referee.fill('#start-form input[name="player-2"]', 'Noam');
      await referee.fill('#start-lanes', '2');
      await referee.fill('#start-rounds', '1');
      await referee.click('#sheet summary');
      await referee.fill('#sheet-p1-card', '2 -');
      await referee.fill('#sheet-p2-card', '3 -');
      await referee.click('#start-form button[type="submit"]');
      await referee.locator('#ref-message[data-ok="true"]').waitFor();

      const tv = await page({ viewport: { width: 1280, height: 720 } });
      await visit(tv, `${hub.url}#/tv?table=mg`);
      await tv.locator('#scoreboard li.player[data-player="p1"] .points[data-score="2"]').waitFor({ timeout: 10_000 });
      await tv.locator('#scoreboard li.player[data-player="p2"] .points[data-score="3"]').waitFor({ timeout: 10_000 });

      // Lane 2, on the sensors: each holes out in one from the tee.
      for (const [player, total] of [
        ['p1', 3],
        ['p2', 4],
      ] as const) {
        knock(lane2, 'tee');
        lane2.run.board.advance(400);
        beam(lane2, 'cup', 20_000);
        await tv.locator(`#scoreboard li.player[data-player="${player}"] .points[data-score="${total}"]`).waitFor({ timeout: 15_000 });
      }

      // The round is over; the history says where it began, the printed cards which lanes.
      const staff = await page();
      await visit(staff, `${hub.url}#/history`);
      await staff.locator('#history-list a').first().waitFor({ timeout: 15_000 });
      expect(await staff.locator('#history-list').textContent()).toContain('continued from a score sheet');
      await staff.locator('#history-list a').first().click();
      await staff.locator('#from-sheet').waitFor();
      const [printout] = await Promise.all([staff.context().waitForEvent('page'), staff.locator('a[href$="/scorecards.html"]').click()]);
      await printout.waitForLoadState();
      const cards = printout.locator('section.card');
      expect(await cards.count()).toBe(2);
      const row = async (name: string): Promise<string[]> => cards.filter({ hasText: name }).locator('tr').nth(1).locator('td').allTextContents();
      expect((await row('Ayşe')).slice(0, 2)).toEqual(['2', '1']);
      expect((await row('Noam')).slice(0, 2)).toEqual(['3', '1']);
      expect(await cards.filter({ hasText: 'Ayşe' }).locator('td.sheet').allTextContents()).toEqual(['2']);
      expect(await cards.filter({ hasText: 'Noam' }).locator('p.carried').textContent()).toContain('lanes 1');
    },
    JOURNEY_LIMIT,
  );
});
