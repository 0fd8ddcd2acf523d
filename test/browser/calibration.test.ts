/**
 * The calibration assistant's dashboard page in headless Chromium against a real hub with a
 * simulated golf-billiards device (its events carry scripted device times: ringing, bounce,
 * noise, as in test/integration/calibration.test.ts). The page starts a session with the venue
 * PIN, walks every step while the test makes the device's hits, redoes one step and goes back to
 * another, shows the suggestions with how they were found and their warnings (also in Hebrew,
 * after a reload that picks the open session up again), and applies: the device gets a `cfg`
 * with the suggested values and the hub stores them. Cancelling gives the device its profile's
 * values back. A table name with markup is shown as text.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { calibrationHits as act, scriptedDevice } from './setup';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import { planFor, profileOptions, rawOptions } from '../../hub/calibration/plan';
import { readCalibration } from '../../hub/calibration/file';

const PIN = '4711';
const profile = JSON.parse(readFileSync(new URL('../../hardware/profiles/golf-billiards.json', import.meta.url), 'utf8')) as TableProfile;
const STEPS = planFor(profile).map((s) => s.id);

const session = browserSession();
const { hubs, pages } = session;
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calpage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


async function open(hub: TestHub, route: string, lang?: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  pages.push(page);
  if (lang) await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
  await page.goto(`${hub.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const cfgs = (seen: HubCommand[]): Record<string, unknown>[] => seen.flatMap((c) => (c.k === 'cfg' ? [c.set] : []));
const merged = (sets: Record<string, unknown>[]): Record<string, unknown> => Object.assign({}, ...sets) as Record<string, unknown>;
const stepId = (page: Page) => page.locator('#cal-step').getAttribute('data-step');

describe('calibration assistant page in headless Chromium', () => {
  it('walks every step while the device is hit, shows the suggestions, and apply sends them to the device', async () => {
    const file = path.join(dir, 'venue.calibration.json');
    const hub = await newHub({ token: PIN, calibrationFile: file });
    hubs.push(hub);
    const seen: HubCommand[] = [];
    const device = scriptedDevice(hub, 'gb1-a', 'golf-billiards', seen);
    const page = await open(hub, '#/calibrate/gb1-a');
    expect(await page.locator('#cal-table').inputValue()).toBe('gb1');
    expect(await page.locator('#cal-device').inputValue()).toBe('gb1-a');
    await expect.poll(() => page.locator('#cal-stored').textContent()).toContain('Not calibrated yet');

    // Without the PIN the hub refuses to start.
    await page.locator('#cal-start').click();
    await expect.poll(() => page.locator('#cal-message').textContent()).toContain('AR_UNAUTHORIZED');
    expect(cfgs(seen)).toEqual([]);
    await page.locator('#cal-pin').fill(PIN);
    await page.locator('#cal-pin-form button[type="submit"]').click();
    await page.locator('#cal-start').click();
    await expect.poll(() => page.locator('#cal-step-no').textContent()).toBe(`Step 1 of ${STEPS.length}`);
    await expect.poll(() => merged(cfgs(seen))).toEqual(rawOptions(profile)); // raw mode first
    const rawCount = cfgs(seen).length;
    expect(await page.locator('#cal-instruction').textContent()).toContain('Leave the table alone for ten seconds');

    let t0 = 10_000;
    /** Does the step shown on the page, waits until the page counts every event, then "next". */
    const doStep = async (expected: string): Promise<void> => {
      expect(await stepId(page)).toBe(expected);
      const sent = act(device, expected, t0);
      t0 += 10_000;
      for (const [sensor, n] of Object.entries(sent)) {
        await expect.poll(() => page.locator(`#cal-seen li[data-sensor="${sensor}"]`).getAttribute('data-events'), { timeout: 10_000 }).toBe(String(n));
      }
      await page.locator('#cal-next').click();
    };

    await doStep('quiet');
    await expect.poll(() => stepId(page)).toBe('g1');
    expect(await page.locator('#cal-instruction').textContent()).toBe('Drop a ball into goal a 5 times, one at a time: slow ones and one fast one.');
    await doStep('g1');
    await expect.poll(() => stepId(page)).toBe('g2');
    // The live list shows the device's events as they arrive.
    device.at(t0, { e: 'goal', s: 'g2', w: 90 }); // the user knocks goal b's frame by mistake
    await expect.poll(() => page.locator('#cal-live li').first().textContent()).toBe('g2 goal 90 µs');
    await expect.poll(() => page.locator('#cal-seen li[data-sensor="g2"]').textContent()).toBe('g2: 1 of 5 counted, 1 event(s)');
    await page.locator('#cal-redo').click();
    await expect.poll(() => page.locator('#cal-seen li[data-sensor="g2"]').textContent()).toBe('g2: 0 of 5 counted, 0 event(s)');
    expect(await page.locator('#cal-live li').count()).toBe(0);
    // Back to goal a (already done): it is recorded again.
    await page.locator('.cal-goto[data-step="1"]').click();
    await expect.poll(() => stepId(page)).toBe('g1');
    expect(await page.locator('#cal-step-no').textContent()).toBe(`Step 2 of ${STEPS.length}`);
    for (const id of STEPS.slice(1)) {
      await doStep(id);
      if (id !== STEPS.at(-1)) await expect.poll(() => stepId(page)).toBe(STEPS[STEPS.indexOf(id) + 1]);
    }
    await expect.poll(() => page.locator('#cal-step-no').textContent()).toBe('Every step is done: check the suggestions, then apply them or cancel.');

    // The suggestions, with how each was found and the warnings.
    const g1 = page.locator('.suggestion[data-sensor="g1"]');
    expect(await g1.locator('li[data-key="g1.minWidthUs"]').textContent()).toBe('g1.minWidthUs = 3000');
    expect(await g1.locator('li[data-key="g1.debounceMs"]').textContent()).toBe('g1.debounceMs = 3');
    expect(await g1.locator('.method').textContent()).toContain('minWidthUs: a quarter of the shortest ball pulse 12000 µs');
    expect(await g1.locator('.badge').textContent()).toBe('5 of 5 counted');
    const c1 = page.locator('.suggestion[data-sensor="c1"]');
    expect(await c1.locator('li[data-key="c1.deadMs"]').textContent()).toBe('c1.deadMs = 10');
    expect(await c1.locator('.method').textContent()).toContain('deadMs: longest ringing 6 ms × 1.25 + 2 ms');
    expect(await c1.locator('.warnings').textContent()).toContain('c2 fired 1 time(s) during this step (crosstalk)');
    // The mistaken knock was forgotten by the redo.
    const g2 = (await page.locator('.suggestion[data-sensor="g2"] .cal-values').textContent())!;
    expect(g2).toContain('g2.minWidthUs = 3000');

    // In Hebrew after a reload: the open session is picked up again, right to left, translated.
    const he = await open(hub, '#/calibrate/gb1-a', 'he');
    await expect.poll(() => he.locator('.suggestion[data-sensor="c1"] .method').textContent()).toContain('הרטט הארוך ביותר \u20666 ms × 1.25 + 2 ms\u2069'); // the formula isolated left to right
    expect(await he.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await he.locator('.suggestion[data-sensor="c1"] .warnings').textContent()).toContain('c2 נדלק 1 פעמים בשלב הזה (הצלבה)');
    expect(await he.locator('#cal-apply').textContent()).toBe('החלה: שמירה ושליחה למכשיר');
    await he.close();

    // Apply: the device gets a cfg with the suggested values, and the hub stores them.
    await page.locator('#cal-apply').click();
    // The finish step already left an ok message ("Step 8 of 8"), so wait for the apply's own words.
    await expect.poll(() => page.locator('#cal-message').textContent()).toBe('Stored and sent to gb1-a.');
    expect(await page.locator('#cal-message').getAttribute('data-ok')).toBe('true');
    const record = readCalibration(file).devices['gb1-a']!;
    expect(record.set).toMatchObject({ 'g1.minWidthUs': 3000, 'g1.debounceMs': 3, 'g2.minWidthUs': 3000, 'o1.minWidthUs': 3000, 'c1.deadMs': 10, 'c4.deadMs': 10 });
    await expect.poll(() => merged(cfgs(seen).slice(rawCount))).toEqual(record.set);
    expect(Object.keys(record.set).sort()).toEqual(Object.keys(profileOptions(profile)).sort());
    expect(await page.locator('#cal-result li[data-key="c1.deadMs"]').textContent()).toBe('c1.deadMs = 10');
    await expect.poll(() => page.locator('#cal-stored').textContent()).toContain('Last calibrated');
    expect(await page.locator('#cal-session').isHidden()).toBe(true);
    expect(await page.locator('#cal-start').isVisible()).toBe(true);
  });

  it('cancel gives the device its profile values back; names with markup are shown as text', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const venue: VenueConfig = { ...DEMO_VENUE, tables: DEMO_VENUE.tables.map((x) => (x.id === 'gb1' ? { ...x, name: evil } : x)) };
    const hub = await newHub({ token: PIN, venue });
    hubs.push(hub);
    const seen: HubCommand[] = [];
    scriptedDevice(hub, 'gb1-a', 'golf-billiards', seen);
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    pages.push(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript((p) => sessionStorage.setItem('autoref.pin', p), PIN);
    // From the table picker: another table, then back to gb1.
    await page.goto(`${hub.url}/#/calibrate/?table=c1`);
    await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#cal-device').inputValue()).toBe('c1-a');
    await page.locator('#cal-table').selectOption('gb1');
    await expect.poll(() => page.locator('#cal-device').inputValue()).toBe('gb1-a');
    expect(await page.locator('#cal-table option[value="gb1"]').textContent()).toContain(evil);
    expect(await page.locator('#view img').count()).toBe(0);

    await page.locator('#cal-start').click();
    await expect.poll(() => page.locator('#cal-step-no').textContent()).toBe(`Step 1 of ${STEPS.length}`);
    await expect.poll(() => cfgs(seen).length).toBeGreaterThanOrEqual(2);
    const before = cfgs(seen).length;
    await page.locator('#cal-cancel').click();
    await expect.poll(() => page.locator('#cal-message').textContent()).toBe('Cancelled: the device has its profile values back.');
    await expect.poll(() => merged(cfgs(seen).slice(before))).toEqual(profileOptions(profile));
    expect(await page.locator('#cal-session').isHidden()).toBe(true);
    const info = (await hub.app.inject({ url: '/api/calibration/tables/gb1' })).json() as { sessions: unknown[]; devices: { calibration: unknown }[] };
    expect(info.sessions).toEqual([]);
    expect(info.devices[0]!.calibration).toBeNull();
    expect(dialogs).toEqual([]);
  });
});
