/**
 * Issue #19, language and focus, in a real headless Chromium against a real hub: `?lang=` in the
 * address sets the page's language (before or after the hash) over the venue's; the live feed
 * names places and balls in that language; a live event does not take the keyboard's focus away
 * from the element a person is on (the venue view redraws its table cards on every event).
 */
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import { DEMO_VENUE } from '../../shared/venue';
import { he } from '../../dashboard/i18n/he';
import { tr } from '../../dashboard/i18n/tr';
import { inProcessDevice, viewKit } from './setup';

const session = browserSession();
const { hub, open } = viewKit(session, '4711');

describe('language from the address, place names, focus on live updates (Chromium)', () => {
  it(
    '?lang=he after the hash and ?lang=tr before it set the page language over the venue language; picking one on the page wins after that',
    { timeout: 120_000 },
    async () => {
      const h = await hub({ venue: { ...DEMO_VENUE, language: 'en' } });
      const page = await open(h, '#/?lang=he');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['he', 'rtl']);
      await page.locator('#nav a', { hasText: he['nav.venue'] }).waitFor();

      const turkish = await open(h, '?lang=tr#/history');
      expect(await turkish.evaluate(() => document.documentElement.lang)).toBe('tr');
      await turkish.locator('#nav a', { hasText: tr['nav.history'] }).waitFor();
      // The person picks English: the address no longer says Turkish, and a reload keeps English.
      await turkish.selectOption('#lang', 'en');
      expect(await turkish.evaluate(() => location.search)).toBe('');
      await turkish.reload();
      await turkish.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
      expect(await turkish.evaluate(() => document.documentElement.lang)).toBe('en');
    },
  );

  it('the live feed names the place and the ball in the page language (Hebrew, Turkish)', { timeout: 120_000 }, async () => {
    const h = await hub();
    const device = inProcessDevice(h, 'gb1-a');
    device.hello('golf-billiards');
    const hebrew = await open(h, '#/?lang=he');
    const turkish = await open(h, '#/?lang=tr');
    device.emit({ e: 'cushion', s: 'c1', p: 'n' });
    device.emit({ e: 'goal', s: 'g1', p: 'a', o: 'red' });
    await hebrew.locator('#feed li', { hasText: he['place.n'] }).waitFor();
    await hebrew
      .locator('#feed li', { hasText: `${he['place.a']}` })
      .filter({ hasText: he['ball.red'] })
      .waitFor();
    await turkish.locator('#feed li', { hasText: tr['place.n'] }).waitFor();
    await turkish.locator('#feed li', { hasText: tr['place.a'] }).filter({ hasText: tr['ball.red'] }).waitFor();
  });

  it('on the venue view, focus stays on the table link a person tabbed to while live events redraw the cards', { timeout: 120_000 }, async () => {
    const h = await hub();
    const device = inProcessDevice(h, 'gb1-a');
    device.hello('golf-billiards');
    const page = await open(h, '#/');
    const target = page.locator('#tables a[href="#/table/c1"]');
    await target.focus();
    const focused = (): Promise<string | null> => page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href') ?? null);
    expect(await focused()).toBe('#/table/c1');
    for (let i = 0; i < 3; i++) {
      const before = await page.locator('#feed li').count();
      device.emit({ e: 'cushion', s: 'c1', p: 'n' });
      await page.waitForFunction((n) => document.querySelectorAll('#feed li').length > n, before);
      // The card holding the link was drawn again: the link now focused is the new one.
      expect(await focused()).toBe('#/table/c1');
      expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
    }
  });
});
