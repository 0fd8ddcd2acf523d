/**
 * A socket that dies without a close (a phone that walked out of the venue's Wi-Fi): the hub's
 * stream ticks every few seconds, so a page that hears nothing for three ticks calls itself stale
 * and opens a new socket. Simulated by routing the page's WebSocket and dropping everything the
 * hub sends after the hello on the first connection.
 */
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import { newHub } from '../helpers/hub';

const s = browserSession();

describe('live link that goes silent', () => {
  it('the page turns stale after three missed ticks, opens a new socket and is live again', { timeout: 90_000 }, async () => {
    const hub = await newHub({ token: null });
    s.hubs.push(hub);
    const page = await s.browser.newPage();
    s.pages.push(page);
    let connections = 0;
    await page.routeWebSocket(/\/api\/stream$/, (ws) => {
      const server = ws.connectToServer();
      const mine = ++connections;
      let forwarded = 0;
      server.onMessage((m) => {
        // The first connection passes its hello, then goes silent as a dead link would.
        if (mine === 1 && forwarded >= 1) return;
        forwarded++;
        ws.send(m);
      });
    });
    await page.goto(`${hub.url}/#/`);
    await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached', timeout: 15_000 });
    // Every state the link shows, with when: the stale spell may last only until the new socket opens.
    await page.evaluate(() => {
      const seen: [string, number][] = [];
      (window as unknown as { linkStates: [string, number][] }).linkStates = seen;
      const el = document.getElementById('link-state')!;
      new MutationObserver(() => seen.push([el.dataset['state'] ?? '', Date.now()])).observe(el, { attributes: true, attributeFilter: ['data-state'] });
    });
    const silentSince = Date.now();
    await expect.poll(() => connections, { timeout: 40_000, interval: 500 }).toBe(2);
    await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached', timeout: 15_000 });
    const states = await page.evaluate(() => (window as unknown as { linkStates: [string, number][] }).linkStates);
    // The page may write the same state again (the hello re-renders the chrome): count changes only.
    expect(states.map(([state]) => state).filter((x, i, all) => i === 0 || all[i - 1] !== x)).toEqual(['stale', 'online']);
    // Not before three 5 s ticks were missed.
    expect(states[0]![1] - silentSince).toBeGreaterThanOrEqual(14_000);
  });
});
