/**
 * Languages and widths in a real headless Chromium against a real hub: no view scrolls sideways
 * on a 375 px phone, in English and in Hebrew; no English is left on a Turkish or Hebrew page.
 * (Apart from views.test.ts so that the two run side by side: each takes a minute or more.)
 */
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import { DEMO_VENUE } from '../../shared/venue';
import { en } from '../../dashboard/i18n/en';
import { tr } from '../../dashboard/i18n/tr';
import { he } from '../../dashboard/i18n/he';
import { caromLog, feedEvents, feedFixture, golfOpening, inProcessDevice, poolLog, viewKit } from './setup';

const PIN = '4711';
const ANN_BOB = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const session = browserSession();
const { pages } = session;
const { hub, open } = viewKit(session, PIN);

describe('languages and phone widths in headless Chromium', () => {
  it('on a phone (375 px) no view scrolls sideways, in English and in Hebrew; wide tables scroll in their own box', { timeout: 240_000 }, async () => {
    const h = await hub();
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
    await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
    await h.matches.start('gb1', ANN_BOB, undefined);
    const device = inProcessDevice(h, 'gb1-a');
    device.hello('golf-billiards');
    for (const lang of ['en', 'he']) {
      for (const route of ['#/', '#/table/c1', '#/table/mg1', `#/phone/gb1?t=${h.tableToken('gb1')}`, '#/ref/gb1', '#/devices', '#/history']) {
        const page = await session.browser.newPage({ viewport: { width: 375, height: 812 } });
        pages.push(page);
        await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
        await page.goto(`${h.url}/${route}`);
        await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
        if (route.startsWith('#/table/') || route === '#/devices') await page.locator('#view table.stats').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${route}`).toBe(375);
      }
    }
  });

  for (const [lang, dict] of [
    ['tr', tr],
    ['he', he],
  ] as const) {
    it(`${lang}: no English is left on the main views`, { timeout: 240_000 }, async () => {
      const h = await hub({ venue: { ...DEMO_VENUE, language: lang } });
      await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
      await feedEvents(h, 'p1', poolLog());
      await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
      await h.matches.start('gb1', ANN_BOB, undefined);
      await golfOpening(h, 'gb1');
      const device = inProcessDevice(h, 'gb1-a');
      device.hello('golf-billiards');
      device.emit({ e: 'cushion', s: 'c1', p: 'long-1' });
      // Every English string that the language says otherwise, as a pattern for a whole text.
      const english = Object.entries(en)
        .filter(([k, s]) => dict[k as keyof typeof en] !== s)
        // A string that is a value with a letter or two around it ("{max}s": "7s") says nothing of its language.
        .filter(([, s]) => s.replace(/\{\w+\}/g, '').replace(/[^\p{L}]/gu, '').length >= 3)
        .map(([, s]) => `^${s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);
      // The minigolf phone and referee panel too: their stroke buttons and stroke clock controls.
      for (const route of [
        '#/',
        '#/table/c1',
        '#/table/gb1',
        '#/table/p1',
        '#/table/mg1',
        `#/phone/gb1?t=${h.tableToken('gb1')}`,
        `#/phone/mg1?t=${h.tableToken('mg1')}`,
        '#/ref/gb1',
        '#/ref/mg1',
        '#/devices',
        '#/history',
        '#/tv?table=p1',
      ]) {
        const page = await open(h, route);
        if (route.startsWith('#/table/')) await page.locator('#view .board').waitFor();
        await page.waitForLoadState('networkidle');
        const texts = await page.evaluate(() => {
          const out: string[] = [];
          const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const text = n.textContent?.trim() ?? '';
            if (text && !n.parentElement?.closest('#lang, script, style')) out.push(text);
          }
          return out;
        });
        const left = texts.filter((s) => english.some((p) => new RegExp(p, 'u').test(s)));
        expect(left, `${lang} ${route}`).toEqual([]);
        expect(texts.length, route).toBeGreaterThan(10);
        // The engines' English one-line results are not shown: the page writes its own.
        for (const line of await page.locator('#view .headline').allTextContents())
          expect(line).not.toMatch(/inning|race to|set \d|round \d|lane \d|to shoot|wins/);
      }
    });
  }
});
