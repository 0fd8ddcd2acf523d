/**
 * Journey: a bar with a self-scoring bumper-pool table (issue 18, section 2).
 *
 * As the README says: the firmware built for the table (`--profile golf-billiards --board
 * espruino-pico --device gb1-a --table gb1`), the README's venue file with the board's serial port,
 * `autoref start --venue … --no-sim`. The staff print the table's QR code from the referee panel;
 * the players open it on a phone and start their match with their names; goals are balls through
 * the goal beams on the board (the colour sensor in goal `a` names the red ball; goal `b` has
 * none, so the players are asked whose ball it was). The TV across the bar shows the score.
 *
 * Then a goal the match cannot place: a second board on the table, built from an edited copy of the
 * profile whose goal beam has another place; the devices page and the referee panel say so.
 *
 * Before the fix: the score stayed 0–0 (the engine's default goal ids `goal-A`/`goal-B` against
 * the firmware's `a`/`b`; every goal refused as `unknown-goal` and shown nowhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import {
  JOURNEY_LIMIT,
  beam,
  enterPin,
  journeyDir,
  knock,
  mqttBoard,
  openSerialLine,
  plugSerialBoard,
  removeDir,
  startCliHub,
  type CliHub,
  type JourneyBoard,
  visit,
} from '../helpers/journey';
import type { PtyPair } from '../helpers/pty';
import type { VenueConfig } from '../../shared/venue';
import type { TableProfile } from '../../shared/profile';
import { loadProfile } from '../../firmware/build/build';

const RED: [number, number, number] = [1400, 420, 380];

let browser: Browser;
let hub: CliHub;
let line: PtyPair;
let board: JourneyBoard;
let dir: string;
const boards: JourneyBoard[] = [];
const GOLF = loadProfile('golf-billiards') as TableProfile;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = journeyDir('bar');
  line = await openSerialLine(dir);
  // The README's venue file, with this board's serial port; and a second board on the table, over
  // MQTT, for the second test (it has the same profile: the match's goals are the same).
  const venue: VenueConfig = {
    id: 'my-bar',
    name: 'My bar',
    language: 'en',
    tables: [
      {
        id: 'gb1',
        name: 'Bumper pool',
        game: 'golf-billiards',
        devices: [
          { id: 'gb1-a', link: 'serial', path: line.hubEnd, profile: 'golf-billiards' },
          { id: 'gb1-b', link: 'mqtt', profile: 'golf-billiards' },
        ],
      },
    ],
  };
  hub = await startCliHub(venue, dir);
  board = await plugSerialBoard({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb1-a', table: 'gb1' }, line);
  browser = await launchBrowser();
}, JOURNEY_LIMIT);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  for (const b of boards) await b.stop();
  await board?.stop();
  await hub?.stop();
  await line?.close();
  if (dir) removeDir(dir);
}, JOURNEY_LIMIT);

async function device(opts: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const c = await browser.newContext(opts);
  contexts.push(c);
  return c.newPage();
}

/** A stroke: the cue ball knocks two rails, then `then` (a goal or nothing). */
function stroke(then: () => void, on: JourneyBoard = board): void {
  knock(on, 'rail_n');
  knock(on, 'rail_e');
  then();
}

const points = (page: Page, player: string): Promise<string | null> =>
  page.locator(`#scoreboard li.player[data-player="${player}"] .points`).getAttribute('data-score');

describe('journey: bar, bumper pool, self-scoring', () => {
  it(
    'the players start the match from the QR code on their phone, play goals on the sensors, and the TV shows them',
    async () => {
      // The staff: the referee panel with the PIN the hub printed, the table's QR code (and its link).
      const staff = await device();
      await visit(staff, `${hub.url}#/ref/gb1`);
      await enterPin(staff, hub.pin);
      await staff.click('#show-qr');
      const link = (await staff.locator('#qr-link').getAttribute('href', { timeout: 10_000 }))!;
      expect(link).toMatch(/#\/phone\/gb1\?t=/);

      // The TV across the bar.
      const tv = await device({ viewport: { width: 1280, height: 720 } });
      await visit(tv, `${hub.url}#/tv?table=gb1`);

      // A player scans the code and starts the match with the two names.
      const phone = await device({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await visit(phone, link);
      await phone.fill('input[name="player-1"]', 'Ayşe');
      await phone.fill('input[name="player-2"]', 'Noam');
      await phone.click('#start-form button[type="submit"]');
      await phone.locator('#phone-message[data-ok="true"]').waitFor();
      await tv.locator('#scoreboard li.player[data-player="p2"] .name', { hasText: 'Noam' }).waitFor({ timeout: 10_000 });

      // The opening stroke: Noam's red ball drops through goal a (the colour sensor names it): his goal.
      stroke(() => beam(board, 'goal_a', 15_000, RED));
      await tv.locator('#scoreboard li.player[data-player="p2"] .points[data-score="1"]').waitFor({ timeout: 15_000 });
      expect(await points(tv, 'p1')).toBe('0');
      // The stroke is over when its balls are at rest: Noam's turn, his clock runs.
      await tv.locator('#scoreboard [data-fact="turn"]', { hasText: 'Noam' }).waitFor({ timeout: 15_000 });
      await tv.locator('#scoreboard [data-fact="clock"][data-phase="turn"]').waitFor({ timeout: 15_000 });

      // Noam again: red into goal a.
      stroke(() => beam(board, 'goal_a', 12_000, RED));
      await tv.locator('#scoreboard li.player[data-player="p2"] .points[data-score="2"]').waitFor({ timeout: 15_000 });

      // A ball through goal b, which has no colour sensor: the phone asks whose ball it was.
      await tv.locator('#scoreboard [data-fact="clock"][data-phase="turn"]').waitFor({ timeout: 15_000 });
      stroke(() => beam(board, 'goal_b', 14_000));
      const whose = phone.locator('article.decision[data-kind="golf-billiards.goal_ball"]');
      await whose.waitFor({ timeout: 15_000 });
      expect(await whose.locator('.question').textContent()).toMatch(/Noam|Ayşe/);
      // It was Ayşe's white ball: an opponent's ball in Noam's goal counts for Ayşe.
      await whose.locator('button[data-value="A"]').click();
      await phone.locator('#phone-message[data-ok="true"]', { hasText: 'Answer saved.' }).waitFor();

      // What the bar sees on the TV: Ayşe 1, Noam 2.
      await tv.locator('#scoreboard li.player[data-player="p1"] .points[data-score="1"]').waitFor({ timeout: 15_000 });
      expect(await points(tv, 'p2')).toBe('2');
      expect(await tv.locator('#scoreboard li.player .name').allTextContents()).toEqual(['Ayşe', 'Noam']);
      expect(await phone.locator('ol.score li.player .points').allTextContents()).toEqual(['1', '2']);
    },
    JOURNEY_LIMIT,
  );

  it(
    'a goal at a place the running match does not know is refused with its reason, on the devices page and the referee panel',
    async () => {
      // A second board on the table, built from a copy of the profile whose second goal beam was
      // renamed "c" (the venue file still says golf-billiards): its goals cannot be placed.
      const renamed = structuredClone(GOLF);
      renamed.sensors = renamed.sensors.map((x) => (x.id === 'g2' ? { ...x, place: 'c' } : x));
      const second = mqttBoard({ profile: renamed, board: 'esp32', device: 'gb1-b', table: 'gb1' }, 'my-bar', hub.brokerUrl);
      boards.push(second);
      const staff = await device();
      await visit(staff, `${hub.url}#/devices`);
      await staff.locator('[data-device="gb1-b"][data-state="online"]').waitFor({ timeout: 20_000 });
      stroke(() => beam(second, 'goal_b', 14_000), second);
      const refused = staff.locator('[data-refused="gb1-b"]');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.textContent()).toMatch(/AR_NOT_IN_GAME/);
      expect(await refused.textContent()).toMatch(/goal c/);
      // The referee panel of the table lists it too, with the device.
      await visit(staff, `${hub.url}#/ref/gb1`);
      const item = staff.locator('#ref-refused li').first();
      await item.waitFor({ timeout: 15_000 });
      expect(await item.textContent()).toMatch(/gb1-b/);
      expect(await item.textContent()).toMatch(/goal c/);
      // The score did not move.
      expect(await staff.locator('ol.score li.player .points').allTextContents()).toEqual(['1', '2']);
    },
    JOURNEY_LIMIT,
  );
});
