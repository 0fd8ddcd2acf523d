/**
 * Journey: carom league night (issue 18, section 2), a 3-ball match to 2 points with a referee.
 *
 * The table's board (`--profile carom --board esp32 --device c1-a --table c1`, over the hub's
 * broker) hears the rails and the bed, not which ball: the shots are the simulator's (sim/players,
 * its physics) turned into edges on the board's pins (sim/signals, as the demo's tables do). The
 * referee starts the match from the referee panel (names, the evening's distance), answers the
 * point questions the sensors leave, corrects one answer with a reason, and the match ends at the
 * distance; the result is exported from the history page, as a person downloads it.
 *
 * Before the fix the referee panel could not start a match (only the phone's form could, with no
 * options), and a start's options would have been coerced by the API like the scores were.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { JOURNEY_LIMIT, enterPin, journeyDir, removeDir, startCliHub, type CliHub, visit } from '../helpers/journey';
import type { VenueConfig } from '../../shared/venue';
import { LiveFirmwareTable } from '../../sim/signals/live';
import { NO_NOISE, signalsFor } from '../../sim/signals/signals';
import { SimGame } from '../../sim/players/games';
import { caromTruth } from '../../sim/players/truth';

const VENUE: VenueConfig = {
  id: 'league',
  name: 'Carom club',
  language: 'en',
  tables: [{ id: 'c1', name: 'Carom 1', game: 'three-ball', devices: [{ id: 'c1-a', link: 'mqtt', profile: 'carom' }] }],
};
/**
 * The simulator's seed: with it Kemal scores on his first two shots (each leaves the referee a
 * point question: no sensor names the balls), so the match to 2 is two shots long.
 */
const SEED = 5;

let browser: Browser;
let hub: CliHub;
let table: LiveFirmwareTable;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = journeyDir('carom');
  hub = await startCliHub(VENUE, dir);
  table = new LiveFirmwareTable({ profile: 'carom', device: 'c1-a', table: 'c1', venue: VENUE.id, brokerUrl: hub.brokerUrl });
  browser = await launchBrowser();
}, JOURNEY_LIMIT);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  table?.stop();
  await hub?.stop();
  if (dir) removeDir(dir);
}, JOURNEY_LIMIT);

async function page(opts: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const c = await browser.newContext({ acceptDownloads: true, ...opts });
  contexts.push(c);
  return c.newPage();
}

describe('journey: carom league night', () => {
  it(
    'the referee starts the match, the sensors play it, one answer corrected, the result exported',
    async () => {
      const referee = await page();
      await visit(referee, `${hub.url}#/ref/c1`);
      await enterPin(referee, hub.pin);
      await referee.fill('#ref-who', 'Hakem Ali');
      // The start form of the referee panel: the players and tonight's distance.
      await referee.fill('#ref-start input[name="player-1"]', 'Kemal');
      await referee.fill('#ref-start input[name="player-2"]', 'Yael');
      await referee.fill('#start-distance', '2');
      await referee.click('#ref-start button[type="submit"]');
      await referee.locator('#ref-message[data-ok="true"]').waitFor();
      await referee.locator('.ref-live li.player[data-player="p2"] .name', { hasText: 'Yael' }).waitFor();
      const tv = await page({ viewport: { width: 1280, height: 720 } });
      await visit(tv, `${hub.url}#/tv?table=c1`);
      await tv.locator('#scoreboard li.player[data-player="p1"][data-turn="true"]').waitFor({ timeout: 10_000 });

      const game = new SimGame('carom', { skill: 0.7, seed: SEED, carom: 'three-ball', table: { jumpSpeed: 1.2, jumpChance: 0.1 } });
      let shot = 0;
      /** Kemal's next shot on the table; resolves with what truly happened (the referee saw it). */
      const play = (): string => {
        game.turn = 'A';
        const res = game.next().result;
        table.play(signalsFor(game.table, table.profile, res.events, { noise: NO_NOISE, seed: SEED * 100 + shot++ }).edges);
        return caromTruth('three-ball', res.events, 'W').code;
      };
      const question = async (): Promise<{ id: string; options: string[] }> => {
        const q = referee.locator('.ref-questions article.decision[data-kind="c3b.point"]').first();
        await q.waitFor({ timeout: 60_000 });
        return {
          id: (await q.getAttribute('data-decision'))!,
          options: await q.locator('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-value')!)),
        };
      };
      const answer = async (id: string, value: string): Promise<void> => {
        await referee.locator(`.ref-questions article.decision[data-decision="${id}"] button[data-value="${value}"]`).click();
        await referee.locator(`.ref-questions article.decision[data-decision="${id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
      };

      // Kemal's first shot scores; the sensors cannot tell, the referee is asked, and taps the wrong answer.
      const first = play();
      expect(first).toBe('point');
      const q1 = await question();
      expect(q1.options.sort()).toEqual(['miss', 'point']);
      await answer(q1.id, 'miss');
      await tv.locator('#scoreboard li.player[data-player="p2"][data-turn="true"]').waitFor({ timeout: 10_000 });

      // The correction: the answer changed, with the reason, in the referee panel ("change" beside it in the last shots).
      const answered = referee.locator(`li.decided[data-decided="${q1.id}"][data-answer="miss"]`);
      await answered.waitFor({ timeout: 10_000 });
      await referee.fill('#reason', 'misread: the cue ball hit both balls');
      await answered.locator('button[data-change]').click();
      await answered.locator('button[data-override][data-value="point"]').click();
      await referee.locator(`li.decided[data-decided="${q1.id}"][data-answer="point"]`).waitFor({ timeout: 10_000 });
      await referee.locator('#ref-message[data-ok="true"]').waitFor();
      await tv.locator('#scoreboard li.player[data-player="p1"] .points[data-score="1"]').waitFor({ timeout: 10_000 });
      await tv.locator('#scoreboard li.player[data-player="p1"][data-turn="true"]').waitFor({ timeout: 10_000 });

      // His second shot scores too: the point that reaches the distance ends the match.
      expect(play()).toBe('point');
      const q2 = await question();
      await answer(q2.id, 'point');
      await tv.locator('#scoreboard li.player[data-player="p1"][data-winner="true"] .points[data-score="2"]').waitFor({ timeout: 15_000 });

      // The result, exported from the history page as the club's secretary downloads it.
      const secretary = await page();
      await visit(secretary, `${hub.url}#/history`);
      await secretary.locator('#history-list a').first().waitFor();
      const [download] = await Promise.all([secretary.waitForEvent('download'), secretary.click('#exports a[download="matches.csv"]')]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const lines = csv.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('c1');
      expect(lines[1]).toContain('three-ball');
      expect(lines[1]).toContain('finished');
      expect(lines[1]).toMatch(/Kemal/);
      expect(lines[1]).toMatch(/Yael/);
      // The match page shows the correction with the referee's name and reason.
      await secretary.locator('#history-list a').first().click();
      const corr = secretary.locator('ul.corrections li[data-correction="override"]');
      await corr.waitFor();
      expect(await corr.textContent()).toContain('Hakem Ali');
      expect(await corr.textContent()).toContain('misread');
    },
    JOURNEY_LIMIT,
  );
});
