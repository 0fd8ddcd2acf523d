/**
 * Journey: a minigolf course whose marker enters scores by hand (issue 18, section 2).
 *
 * Lane 1 has a lane device (`--profile minigolf-lane --board esp32 --device mg-l1 --table mg`, over
 * the hub's broker, its lane in the venue file); lane 2 has none. The players start their round
 * from the table's QR code and play lane 1 on the sensors (the tee's stroke piezo, the cup beam).
 * Lane 2 is scored by the marker in the referee panel, in Turkish: a score the rules refuse (9,
 * above the lane maximum of 7) says why in Turkish; the right ones are written. The marker ends
 * the round; the journey ends on the printable scorecards.
 *
 * Before the fix: every `score` call answered "Done." while the engine refused it (`bad_score`: the
 * API's coercion had turned the number 3 into the string "3"), so lane 2 stayed empty on the cards,
 * and the refusal of the 9 reached nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { JOURNEY_LIMIT, beam, enterPin, journeyDir, knock, mqttBoard, removeDir, startCliHub, type CliHub, type JourneyBoard, visit } from '../helpers/journey';
import type { VenueConfig } from '../../shared/venue';

const VENUE: VenueConfig = {
  id: 'course',
  name: 'Minigolf course',
  language: 'en',
  tables: [{ id: 'mg', name: 'Course', game: 'minigolf', devices: [{ id: 'mg-l1', link: 'mqtt', profile: 'minigolf-lane', lane: 1 }] }],
};

let browser: Browser;
let hub: CliHub;
let lane1: JourneyBoard;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = journeyDir('minigolf');
  hub = await startCliHub(VENUE, dir);
  lane1 = mqttBoard({ profile: 'minigolf-lane', board: 'esp32', device: 'mg-l1', table: 'mg' }, VENUE.id, hub.brokerUrl);
  browser = await launchBrowser();
}, JOURNEY_LIMIT);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await lane1?.stop();
  await hub?.stop();
  if (dir) removeDir(dir);
}, JOURNEY_LIMIT);

async function device(opts: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const c = await browser.newContext(opts);
  contexts.push(c);
  return c;
}

/** The marker's referee panel: a score call for `player` on `lane`, with its buttons (a refused one stays picked). */
async function score(page: Page, player: string, lane: string, value: string): Promise<string> {
  const press = async (selector: string): Promise<void> => {
    const b = page.locator(selector);
    if ((await b.getAttribute('aria-pressed')) !== 'true') await b.click();
  };
  await press('#call-buttons [data-call="score"]');
  const who = await page.locator('#pick-player button', { hasText: player }).getAttribute('data-pick-player');
  await press(`#pick-player [data-pick-player="${who}"]`);
  await page.fill('#pick-numbers input[data-num="lane"]', lane);
  await page.fill('#pick-numbers input[data-num="strokes"]', value);
  await page.evaluate(() => (document.getElementById('ref-message')!.textContent = ''));
  await page.click('#send-call');
  const msg = page.locator('#ref-message');
  await page.waitForFunction(() => (document.getElementById('ref-message')?.textContent ?? '') !== '');
  return (await msg.textContent()) ?? '';
}

describe('journey: minigolf, the marker enters scores by hand', () => {
  it(
    'lane 1 on the sensors, lane 2 by the marker (a refused score said in Turkish), ending on the printed scorecards',
    async () => {
      const markerContext = await device();
      const marker = await markerContext.newPage();
      await visit(marker, `${hub.url}#/ref/mg`);
      await enterPin(marker, hub.pin);
      await marker.fill('#ref-who', 'Mehmet');
      await marker.click('#show-qr');
      const link = (await marker.locator('#qr-link').getAttribute('href'))!;

      const phone = await (await device({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
      await visit(phone, link);
      await phone.fill('input[name="player-1"]', 'Ayşe');
      await phone.fill('input[name="player-2"]', 'Noam');
      await phone.click('#start-form button[type="submit"]');
      await phone.locator('#phone-message[data-ok="true"]').waitFor();

      const tv = await (await device({ viewport: { width: 1280, height: 720 } })).newPage();
      await visit(tv, `${hub.url}#/tv?table=mg`);
      await tv.locator('#scoreboard li.player[data-player="p2"] .name', { hasText: 'Noam' }).waitFor({ timeout: 10_000 });
      await marker.locator('#link-state[data-state="online"]').waitFor();

      // Lane 1, on the sensors: each plays from the tee and holes out in one (the cup beam).
      for (const player of ['p1', 'p2']) {
        knock(lane1, 'tee');
        lane1.run.board.advance(400);
        beam(lane1, 'cup', 20_000);
        await tv.locator(`#scoreboard li.player[data-player="${player}"] .points[data-score="1"]`).waitFor({ timeout: 15_000 });
      }

      // Lane 2 has no sensors: the marker writes the scores, on a Turkish page.
      await marker.selectOption('#lang', 'tr');
      await marker.locator('#pick-player button', { hasText: 'Noam' }).waitFor();
      const refused = await score(marker, 'Noam', '2', '9');
      expect(refused).toContain('Kurallar buna izin vermiyor');
      expect(refused).toContain('parkur skoru');
      expect(refused).toContain('bad_score');
      expect(await marker.locator('#ref-message').getAttribute('data-ok')).toBe('false');
      expect(await score(marker, 'Noam', '2', '3')).toBe('Tamam.');
      expect(await score(marker, 'Ayşe', '2', '2')).toBe('Tamam.');
      await tv.locator('#scoreboard li.player[data-player="p2"] .points[data-score="4"]').waitFor({ timeout: 10_000 });
      await tv.locator('#scoreboard li.player[data-player="p1"] .points[data-score="3"]').waitFor({ timeout: 10_000 });

      // The round ends for the evening; the cards are printed from the match's page.
      await marker.click('#end-finished');
      await marker.locator('#ref-message[data-ok="true"]').waitFor();
      const staff = await (await device()).newPage();
      await visit(staff, `${hub.url}#/history`);
      await staff.locator('#history-list a').first().click();
      const [printout] = await Promise.all([staff.context().waitForEvent('page'), staff.locator('a[href$="/scorecards.html"]').click()]);
      await printout.waitForLoadState();
      const cards = printout.locator('section.card');
      expect(await cards.count()).toBe(2);
      const row = async (name: string): Promise<string[]> => cards.filter({ hasText: name }).locator('tr').nth(1).locator('td').allTextContents();
      expect((await row('Ayşe')).slice(0, 2)).toEqual(['1', '2']);
      expect((await row('Noam')).slice(0, 2)).toEqual(['1', '3']);
    },
    JOURNEY_LIMIT,
  );
});
