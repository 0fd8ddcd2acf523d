/**
 * The other views in a real headless Chromium against a real hub: the devices page (state, last
 * sensor event, buffer use, clock fit, sensor faults, live); history (finished matches, player
 * statistics, the carom runs chart, minigolf lane statistics, exports, printable scorecards); the
 * referee's call for a foul no sensor sees; the phone starting a doubles match; answering with the
 * keyboard only; nothing fetched from outside the hub. Languages and phone widths: languages.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import { waitFor } from '../helpers/hub';
import { ASKING_VENUE, caromLog, feedEvents, feedFixture, golfOpening, golfOwnOntoOwn, inProcessDevice, poolLog, viewKit, type InProcessDevice } from './setup';

const PIN = '4711';
const ANN_BOB = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const session = browserSession();
const { hub, open } = viewKit(session, PIN);

/** A status line from the device, as its firmware sends it (buffer use, sensor faults). */
function status(device: InProcessDevice, s: { q: number; cap: number; lost: number; f: { s: string; c: string }[] }): void {
  device.line({ v: 1, k: 'st', d: device.id, b: device.boot, t: device.micros(), state: 'online', up: 9, ...s });
}

describe('devices, history, referee calls, phone and keyboard in headless Chromium', () => {
  it('devices: state, last sensor event, buffer use, clock fit and sensor faults, kept up to date (faults on the venue view too)', async () => {
    const h = await hub();
    const device = inProcessDevice(h, 'gb1-a');
    device.hello('golf-billiards');
    device.emit({ e: 'cushion', s: 'c1' });
    await waitFor(() => device.acked >= 1, 'the event to be stored');
    status(device, { q: 3, cap: 64, lost: 2, f: [{ s: 'g1', c: 'stuck' }] });
    const page = await open(h, '#/devices');
    const cell = (what: string) => page.locator(`#devices [data-${what}="gb1-a"]`);
    await expect.poll(() => cell('buffer').textContent()).toBe('3 / 64 (5 %) · 2 lost on the device (buffer full)');
    expect(await cell('faults').textContent()).toBe('g1: stuck');
    expect(await cell('last-event').textContent()).toContain('cushion hit c1');
    expect(await page.locator('#devices .device[data-device="gb1-a"]').getAttribute('data-state')).toBe('online');
    await expect.poll(() => page.locator('#devices tr', { hasText: 'gb1-a' }).textContent(), { timeout: 10_000 }).toContain('ppm');
    // The venue view shows the fault on the table's card.
    const venue = await open(h, '#/');
    expect(await venue.locator('#tables [data-faults="gb1-a"]').textContent()).toBe(' · g1: stuck');
    // A new status while the pages are open: the fault is gone, the buffer empty.
    status(device, { q: 0, cap: 64, lost: 2, f: [] });
    await expect.poll(() => cell('faults').textContent()).toBe('none');
    expect(await cell('buffer').textContent()).toBe('0 / 64 (0 %) · 2 lost on the device (buffer full)');
    await expect.poll(() => venue.locator('#tables [data-faults="gb1-a"]').count()).toBe(0);
  });

  it('history: finished matches, player statistics, the carom runs chart, minigolf lane statistics, exports and printable scorecards', async () => {
    const h = await hub();
    // Ayşe reaches 5 first (runs 3, 0, 2 against Noam's 1, 2): the engine ends the match.
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 2, 2], { distance: 5 }));
    await feedFixture(h, 'mg1', 'minigolf/normal-round-ben-wins.jsonl');
    if (h.matches.current('mg1')) await h.matches.end('mg1', 'finished');
    const page = await open(h, '#/history');
    const finished = page.locator('#history-list tbody tr');
    await expect.poll(() => finished.count()).toBe(2);
    expect(await finished.filter({ hasText: 'Three-cushion' }).textContent()).toContain('Ayşe 5 – 3 Noam');
    const caromRow = page.locator('#player-stats table', { hasText: 'Carom ranking' }).locator('tbody tr', { hasText: 'Ayşe' });
    expect(await caromRow.locator('td').allTextContents()).toEqual(['1', '1', '5', '3', '1.667', '3', '1.667']);
    expect(await page.locator('#player-stats table', { hasText: 'Minigolf lanes' }).locator('tbody tr').count()).toBe(3);
    for (const href of await page.locator('#exports a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      const r = await page.request.get(`${h.url}${href}`);
      expect(r.ok(), href).toBe(true);
      expect(r.headers()['content-type'], href).toMatch(href.endsWith('.csv') ? /text\/csv/ : /application\/json/);
    }
    // The carom match: one bar per inning and player, named in its tooltip.
    await finished.filter({ hasText: 'Three-cushion' }).locator('a').click();
    const bars = page.locator('#match-detail svg.chart rect.bar > title');
    await expect
      .poll(() => bars.allTextContents())
      .toEqual(['Ayşe, Inning 1: 3', 'Ayşe, Inning 2: 0', 'Ayşe, Inning 3: 2', 'Noam, Inning 1: 1', 'Noam, Inning 2: 2']);
    // The minigolf match: its scorecards, and the printable page they link to.
    await page.goto(`${h.url}/#/history`);
    await finished.filter({ hasText: 'Minigolf' }).locator('a').click();
    const print = page.locator('#match-detail a', { hasText: 'Printable scorecards' });
    const html = await page.request.get(`${h.url}${await print.getAttribute('href')}`);
    expect(html.headers()['content-type']).toContain('text/html');
    expect(await html.text()).toContain('Ben');
  });

  it('referee panel: a foul no sensor sees is refused without the PIN, then entered with it for the player chosen by name', async () => {
    const h = await hub();
    await h.matches.start('gb1', ANN_BOB, undefined);
    await golfOpening(h, 'gb1');
    await h.matches.input('gb1', { type: 'decide', decision: 'set1-stroke-1:opening', answer: 'A', by: 'referee' });
    const page = await open(h, '#/ref/gb1');
    // The call and the player are buttons (issue #19): the game's calls, the match's players.
    await expect.poll(() => page.locator('#pick-player button').allTextContents()).toEqual(['Ann', 'Bob']);
    await page.locator('#call-buttons [data-call="foot"]').click();
    await page.locator('#pick-player [data-pick-player="ann"]').click();
    await page.locator('#send-call').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toContain('AR_UNAUTHORIZED');
    expect(h.matches.summaryOf('gb1')!.turn).toBe('ann');
    await page.locator('#pin').fill(PIN);
    await page.locator('#pin-form button[type="submit"]').click();
    // Refused, the call and its player stay picked: one tap sends them again.
    await page.locator('#send-call').click();
    await expect.poll(() => h.matches.summaryOf('gb1')!.turn).toBe('bob'); // loss of turn
    const id = h.matches.current('gb1')!.id;
    const calls = (await h.store.gameEvents(id)).filter((e) => e.type === 'ref');
    expect(calls.map((e) => e.type === 'ref' && [e.call, e.player, e.by])).toEqual([['foot', 'ann', 'referee']]);
    // Taken back with a reason: the match page lists the correction and why.
    await page.locator('#reason').fill('her foot was on the floor');
    await page.locator('#undo').click();
    await expect.poll(async () => (await h.store.gameEvents(id)).filter((e) => e.type === 'undo').length).toBe(1);
    const detail = await open(h, `#/match/${id}`);
    await expect.poll(() => detail.locator('#match-detail [data-correction="undo"]').textContent()).toMatch(/^#\d+ undo · her foot was on the floor$/);
  });

  it('phone: a bumper pool doubles match starts as two sides; pool takes two players only', async () => {
    const h = await hub();
    const page = await open(h, `#/phone/gb1?t=${h.tableToken('gb1')}`);
    const add = page.locator('#start-form button.secondary');
    await add.click();
    await add.click();
    for (const [i, name] of ['Ann', 'Bob', 'Cem', 'Dan'].entries()) await page.locator(`input[name="player-${i + 1}"]`).fill(name);
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => h.matches.summaryOf('gb1')?.players.map((p) => `${p.name}:${p.side}`)).toEqual(['Ann:A', 'Bob:B', 'Cem:A', 'Dan:B']);
    expect(h.matches.summaryOf('gb1')!.status).toBe('playing');

    // Pool: no third name field, and one name is not enough.
    const pool = await open(h, `#/phone/p1?t=${h.tableToken('p1')}`);
    await pool.locator('#start-form button.secondary').click();
    await expect.poll(() => pool.locator('#phone-message').textContent()).toBe('This game is for two players.');
    expect(await pool.locator('#start-form input').count()).toBe(2);
    await pool.locator('input[name="player-1"]').fill('Ayşe');
    await pool.evaluate(() => (document.getElementById('phone-message')!.textContent = ''));
    await pool.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => pool.locator('#phone-message').textContent()).toBe('This game is for two players.');
    expect(h.matches.current('p1')).toBeUndefined();
  });

  it('keyboard only: the skip link comes first, and a question is answered with Tab and Enter', async () => {
    const h = await hub({ venue: ASKING_VENUE });
    // A table without the bumper bus: whether the ball went straight onto its own is asked.
    await h.matches.start('gb1', ANN_BOB, { bumperSensor: false });
    await golfOpening(h, 'gb1');
    await h.matches.input('gb1', { type: 'decide', decision: 'set1-stroke-1:opening', answer: 'A', by: 'referee' });
    await golfOwnOntoOwn(h, 'gb1');
    const pending = h.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.own_onto_own')!;
    const page = await open(h, `#/phone/gb1?t=${h.tableToken('gb1')}`);
    await page.locator(`button[data-decision="${pending.id}"]`).first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    const target = `button[data-decision="${pending.id}"][data-value="yes"]`;
    for (let i = 0; i < 40 && !(await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, target)); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, target)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => h.matches.summaryOf('gb1')!.players.find((p) => p.id === 'ann')!.score).toBe(0);
  });

  it('every view loads only from the hub: no request leaves its address', { timeout: 180_000 }, async () => {
    const h = await hub();
    await feedEvents(h, 'c1', caromLog([2, 1, 0, 3], { distance: 3 }));
    await feedEvents(h, 'p1', poolLog());
    await h.matches.start('gb1', ANN_BOB, undefined);
    const match = (await h.store.listMatches({ table: 'c1', limit: 1 }))[0]!.id;
    const seen: string[] = [];
    const routes = [
      '#/',
      '#/table/p1',
      '#/tv',
      `#/phone/gb1?t=${h.tableToken('gb1')}`,
      '#/ref/gb1',
      '#/devices',
      '#/calibrate/gb1-a',
      '#/history',
      `#/match/${match}`,
      '#/overlay/p1',
    ];
    for (const route of routes) {
      const page = await open(h, route, async (p) => {
        p.on('request', (r) => void seen.push(r.url()));
        await p.addInitScript((pin) => sessionStorage.setItem('autoref.pin', pin), PIN);
      });
      if (route === '#/ref/gb1')
        await page
          .locator('#show-qr')
          .click()
          .then(() => page.locator('#qr img').waitFor());
      await page.waitForLoadState('networkidle');
    }
    expect(seen.length).toBeGreaterThan(routes.length * 2);
    expect(seen.filter((u) => !u.startsWith(`${h.url}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  });
});
