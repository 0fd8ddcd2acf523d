/**
 * The calibration assistant's dashboard page in headless Chromium against a real hub with a
 * simulated golf-billiards device (its events carry scripted device times: ringing, bounce,
 * noise, as in test/integration/calibration.test.ts). The page starts a session with the venue
 * PIN, walks every step while the test makes the device's hits, redoes one step and goes back to
 * another, shows the suggestions with how they were found and their warnings (also in Hebrew,
 * after a reload that picks the open session up again), and applies: the device gets a `cfg`
 * with the suggested values and the hub stores them. Cancelling gives the device its profile's
 * values back. A table name with markup is shown as text. On a carom table, whose bed piezos
 * report their level, the page shows the levels as they arrive and the comparator thresholds it
 * works out, and lists them to set by hand after applying.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { calibrationHits as act, scriptedDevice, type ScriptedDevice } from './setup';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import { planFor, profileOptions, rawOptions } from '../../hub/calibration/plan';
import { readCalibration } from '../../hub/calibration/file';

const PIN = '4711';
const loadProfile = (id: string): TableProfile =>
  JSON.parse(readFileSync(new URL(`../../hardware/profiles/${id}.json`, import.meta.url), 'utf8')) as TableProfile;
const profile = loadProfile('golf-billiards');
const STEPS = planFor(profile).map((s) => s.id);

/**
 * What a user does at a carom calibration step, in device time from `t0`: two faint clicks on
 * the bed while the table is quiet, five rail hits ringing 3 and 6 ms later, five ball clicks
 * on a bed zone (soft to firm, each reaching the other zone faintly), five balls through the out
 * line. Returns the events sent per sensor.
 */
function caromHits(device: ScriptedDevice, step: string, t0: number): Record<string, number> {
  const sent: Record<string, number> = {};
  const e = (ms: number, f: Parameters<ScriptedDevice['at']>[1]): void => {
    device.at(t0 + ms, f);
    sent[f.s] = (sent[f.s] ?? 0) + 1;
  };
  const levels: Record<string, number[]> = { b1: [300, 420, 510, 650, 800], b2: [260, 300, 350, 400, 450] };
  if (step === 'quiet') {
    e(100, { e: 'contact', s: 'b1', p: 'head', m: 40 });
    e(600, { e: 'contact', s: 'b2', p: 'foot', m: 30 });
  } else if (step === 'b1' || step === 'b2') {
    const other = step === 'b1' ? 'b2' : 'b1';
    levels[step]!.forEach((m, i) => {
      e(i * 1000, { e: 'contact', s: step, m });
      e(i * 1000 + 1, { e: 'contact', s: other, m: step === 'b1' ? 60 : 120 }); // crosstalk
      e(i * 1000 + 4, { e: 'contact', s: step, m: Math.round(m / 2) }); // ringing, quieter
    });
  } else if (step === 'o1') {
    [40_000, 50_000, 60_000, 45_000, 55_000].forEach((w, i) => e(i * 1000, { e: 'out', s: 'o1', w }));
  } else {
    for (let i = 0; i < 5; i++) for (const d of [0, 3, 6]) e(i * 1000 + d, { e: 'cushion', s: step });
  }
  return sent;
}

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

/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const cfgs = (seen: HubCommand[]): Record<string, unknown>[] => seen.flatMap((c) => (c.k === 'cfg' ? [c.set] : []));
const merged = (sets: Record<string, unknown>[]): Record<string, unknown> => Object.assign({}, ...sets) as Record<string, unknown>;
const stepId = (page: Page) => page.locator('#cal-step').getAttribute('data-step');

// A walk through every step is some 30 page round trips: on a loaded machine more than the
// default 20 s, so those tests get a larger budget (a budget, not a speed requirement).
describe('calibration assistant page in headless Chromium', () => {
  it('walks every step while the device is hit, shows the suggestions, and apply sends them to the device', { timeout: 90_000 }, async () => {
    const file = path.join(dir, 'venue.calibration.json');
    const hub = await newHub({ token: PIN, calibrationFile: file });
    hubs.push(hub);
    const seen: HubCommand[] = [];
    const device = scriptedDevice(hub, 'gb1-a', 'golf-billiards', seen);
    const page = await open(hub, '#/calibrate/gb1-a');
    expect(await page.locator('#cal-table').inputValue()).toBe('gb1');
    expect(await page.locator('#cal-device').inputValue()).toBe('gb1-a');
    await poll(() => page.locator('#cal-stored').textContent()).toContain('Not calibrated yet');

    // Without the PIN the hub refuses to start.
    await page.locator('#cal-start').click();
    await poll(() => page.locator('#cal-message').textContent()).toContain('AR_UNAUTHORIZED');
    expect(cfgs(seen)).toEqual([]);
    await page.locator('#cal-pin').fill(PIN);
    await page.locator('#cal-pin-form button[type="submit"]').click();
    await page.locator('#cal-start').click();
    await poll(() => page.locator('#cal-step-no').textContent()).toBe(`Step 1 of ${STEPS.length}`);
    await poll(() => merged(cfgs(seen))).toEqual(rawOptions(profile)); // raw mode first
    const rawCount = cfgs(seen).length;
    expect(await page.locator('#cal-instruction').textContent()).toContain('Leave the table alone for ten seconds');

    let t0 = 10_000;
    /** Does the step shown on the page, waits until the page counts every event, then "next". */
    const doStep = async (expected: string): Promise<void> => {
      expect(await stepId(page)).toBe(expected);
      const sent = act(device, expected, t0);
      t0 += 10_000;
      for (const [sensor, n] of Object.entries(sent)) {
        await poll(() => page.locator(`#cal-seen li[data-sensor="${sensor}"]`).getAttribute('data-events')).toBe(String(n));
      }
      await page.locator('#cal-next').click();
    };

    await doStep('quiet');
    await poll(() => stepId(page)).toBe('g1');
    expect(await page.locator('#cal-instruction').textContent()).toBe('Drop a ball into goal a 5 times, one at a time: slow ones and one fast one.');
    await doStep('g1');
    await poll(() => stepId(page)).toBe('g2');
    // The live list shows the device's events as they arrive.
    device.at(t0, { e: 'goal', s: 'g2', w: 90 }); // the user knocks goal b's frame by mistake
    await poll(() => page.locator('#cal-live li').first().textContent()).toBe('g2 goal 90 µs');
    await poll(() => page.locator('#cal-seen li[data-sensor="g2"]').textContent()).toBe('g2: 1 of 5 counted, 1 event(s)');
    await page.locator('#cal-redo').click();
    await poll(() => page.locator('#cal-seen li[data-sensor="g2"]').textContent()).toBe('g2: 0 of 5 counted, 0 event(s)');
    expect(await page.locator('#cal-live li').count()).toBe(0);
    // Back to goal a (already done): it is recorded again.
    await page.locator('.cal-goto[data-step="1"]').click();
    await poll(() => stepId(page)).toBe('g1');
    expect(await page.locator('#cal-step-no').textContent()).toBe(`Step 2 of ${STEPS.length}`);
    for (const id of STEPS.slice(1)) {
      await doStep(id);
      if (id !== STEPS.at(-1)) await poll(() => stepId(page)).toBe(STEPS[STEPS.indexOf(id) + 1]);
    }
    await poll(() => page.locator('#cal-step-no').textContent()).toBe('Every step is done: check the suggestions, then apply them or cancel.');

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
    await poll(() => he.locator('.suggestion[data-sensor="c1"] .method').textContent()).toContain('הרטט הארוך ביותר \u20666 ms × 1.25 + 2 ms\u2069'); // the formula isolated left to right
    expect(await he.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await he.locator('.suggestion[data-sensor="c1"] .warnings').textContent()).toContain('c2 נדלק 1 פעמים בשלב הזה (הצלבה)');
    expect(await he.locator('#cal-apply').textContent()).toBe('החלה: שמירה ושליחה למכשיר');
    await he.close();

    // Apply: the device gets a cfg with the suggested values, and the hub stores them.
    await page.locator('#cal-apply').click();
    // The finish step already left an ok message ("Step 8 of 8"), so wait for the apply's own words.
    await poll(() => page.locator('#cal-message').textContent()).toBe('Stored and sent to gb1-a.');
    expect(await page.locator('#cal-message').getAttribute('data-ok')).toBe('true');
    const record = readCalibration(file).devices['gb1-a']!;
    expect(record.set).toMatchObject({
      'g1.minWidthUs': 3000,
      'g1.debounceMs': 3,
      'g2.minWidthUs': 3000,
      'o1.minWidthUs': 3000,
      'c1.deadMs': 10,
      'c4.deadMs': 10,
    });
    await poll(() => merged(cfgs(seen).slice(rawCount))).toEqual(record.set);
    expect(Object.keys(record.set).sort()).toEqual(Object.keys(profileOptions(profile)).sort());
    expect(await page.locator('#cal-result li[data-key="c1.deadMs"]').textContent()).toBe('c1.deadMs = 10');
    await poll(() => page.locator('#cal-stored').textContent()).toContain('Last calibrated');
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
    await poll(() => page.locator('#cal-device').inputValue()).toBe('c1-a');
    await page.locator('#cal-table').selectOption('gb1');
    await poll(() => page.locator('#cal-device').inputValue()).toBe('gb1-a');
    expect(await page.locator('#cal-table option[value="gb1"]').textContent()).toContain(evil);
    expect(await page.locator('#view img').count()).toBe(0);

    await page.locator('#cal-start').click();
    await poll(() => page.locator('#cal-step-no').textContent()).toBe(`Step 1 of ${STEPS.length}`);
    await poll(() => cfgs(seen).length).toBeGreaterThanOrEqual(2);
    const before = cfgs(seen).length;
    await page.locator('#cal-cancel').click();
    await poll(() => page.locator('#cal-message').textContent()).toBe('Cancelled: the device is back on the values it had before.');
    await poll(() => merged(cfgs(seen).slice(before))).toEqual(profileOptions(profile));
    expect(await page.locator('#cal-session').isHidden()).toBe(true);
    const info = (await hub.app.inject({ url: '/api/calibration/tables/gb1' })).json() as { sessions: unknown[]; devices: { calibration: unknown }[] };
    expect(info.sessions).toEqual([]);
    expect(info.devices[0]!.calibration).toBeNull();
    expect(dialogs).toEqual([]);
  });

  it('carom: shows the bed levels as they arrive, the thresholds they give, and lists them to set by hand', { timeout: 90_000 }, async () => {
    const carom = loadProfile('carom');
    const steps = planFor(carom).map((x) => x.id);
    const file = path.join(dir, 'carom.calibration.json');
    const hub = await newHub({ token: PIN, calibrationFile: file });
    hubs.push(hub);
    const seen: HubCommand[] = [];
    const device = scriptedDevice(hub, 'c1-a', 'carom', seen);
    const page = await open(hub, '#/calibrate/c1-a');
    await page.locator('#cal-pin').fill(PIN);
    await page.locator('#cal-pin-form button[type="submit"]').click();
    await page.locator('#cal-start').click();
    await poll(() => page.locator('#cal-step-no').textContent()).toBe(`Step 1 of ${steps.length}`);
    await poll(() => merged(cfgs(seen))).toEqual(rawOptions(carom));
    const rawCount = cfgs(seen).length;

    let t0 = 10_000;
    for (const id of steps) {
      await poll(() => stepId(page)).toBe(id);
      const sent = caromHits(device, id, t0);
      t0 += 10_000;
      for (const [sensor, n] of Object.entries(sent)) {
        await poll(() => page.locator(`#cal-seen li[data-sensor="${sensor}"]`).getAttribute('data-events')).toBe(String(n));
      }
      // Each level shows as it arrives.
      if (id === 'b1') await poll(() => page.locator('#cal-live').textContent()).toContain('b1 contact 300‰');
      await page.locator('#cal-next').click();
    }
    await poll(() => page.locator('#cal-step-no').textContent()).toBe('Every step is done: check the suggestions, then apply them or cancel.');

    // b1: noise floor 120‰ (b2's clicks reaching it), weakest hit 300‰: halfway, 210‰ = 0.69 V.
    const b1 = page.locator('.suggestion[data-sensor="b1"]');
    expect(await b1.locator('.threshold').textContent()).toBe(
      'Comparator threshold: 210‰ of full scale, 0.69 V on its reference pin (set by hand with the potentiometer)',
    );
    expect(await b1.locator('.method').textContent()).toContain('threshold: halfway between the noise floor 120‰ and the weakest hit 300‰');
    expect(await b1.locator('li[data-key="b1.deadMs"]').textContent()).toBe('b1.deadMs = 7'); // ringing 4 ms × 1.25 + 2
    // b2: noise floor 60‰, weakest 260‰: 160‰ = 0.53 V. Rails have no level pin: no threshold.
    expect(await page.locator('.suggestion[data-sensor="b2"] .threshold').textContent()).toContain('160‰ of full scale, 0.53 V');
    expect(await page.locator('.suggestion[data-sensor="c1"] .threshold').count()).toBe(0);
    expect(await page.locator('.suggestion[data-sensor="c1"] .method').textContent()).toContain('no level pin');

    await page.locator('#cal-apply').click();
    await poll(() => page.locator('#cal-message').textContent()).toBe('Stored and sent to c1-a.');
    const record = readCalibration(file).devices['c1-a']!;
    expect(record.thresholds).toEqual({ b1: { permille: 210, volts: 0.69 }, b2: { permille: 160, volts: 0.53 } });
    expect(record.set).toMatchObject({ 'b1.deadMs': 7, 'b2.deadMs': 7, 'c1.deadMs': 10, 'o1.minWidthUs': 10_000 });
    await poll(() => merged(cfgs(seen).slice(rawCount))).toEqual(record.set);
    const hand = await page.locator('#cal-result .thresholds li').allTextContents();
    expect(hand).toEqual([
      'b1: Comparator threshold: 210‰ of full scale, 0.69 V on its reference pin (set by hand with the potentiometer)',
      'b2: Comparator threshold: 160‰ of full scale, 0.53 V on its reference pin (set by hand with the potentiometer)',
    ]);
  });
});
