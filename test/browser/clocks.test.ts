/**
 * The game clocks in a real headless Chromium against a real hub that runs them (hub/games/clocks.ts):
 * bumper pool "TIME" called by the hub and shown with the seconds left; countdowns right on a page
 * whose own clock is far off (the hub's `now` in the live answer); the minigolf stroke clock per
 * group, started from the referee panel or by a ball at rest, and a stroke tapped on the phone;
 * `play` offered only where the match has a shot clock; the referee's name on every write.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { hubNow } from '../../hub/time/hub-clock';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { feedEvents, golfOpening, readFixture, sensor } from './setup';

const PIN = '4711';
const ANN_BOB = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const session = browserSession();
const { hubs, pages } = session;

async function hub(venue: VenueConfig = DEMO_VENUE): Promise<TestHub> {
  const h = await newHub({ token: PIN, venue });
  hubs.push(h);
  return h;
}

interface Opts {
  /** How far the page's own clock is off, in ms (a phone or TV set wrong). */
  skewMs?: number;
  lang?: string;
  pin?: boolean;
}

async function open(h: TestHub, route: string, o: Opts = {}): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  pages.push(page);
  if (o.skewMs) {
    await page.addInitScript((skew) => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + skew;
    }, o.skewMs);
  }
  if (o.lang) await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), o.lang);
  if (o.pin) await page.addInitScript((p) => sessionStorage.setItem('autoref.pin', p), PIN);
  await page.goto(`${h.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
  return page;
}

const clock = (page: Page) => page.locator('#view [data-fact="clock"]').first();
const secondsIn = (text: string | null, re: RegExp): number => Number(re.exec(text ?? '')?.[1] ?? NaN);
const events = async (h: TestHub, table: string) => h.store.gameEvents(h.matches.current(table)!.id);

describe('game clocks in headless Chromium', () => {
  it("the live answer carries the hub's time", async () => {
    const h = await hub();
    await h.matches.start('gb1', ANN_BOB, undefined);
    const before = hubNow();
    const live = (await (await fetch(`${h.url}/api/tables/gb1/live`)).json()) as { now: number };
    expect(live.now).toBeGreaterThanOrEqual(before);
    expect(live.now).toBeLessThanOrEqual(hubNow());
  });

  it('bumper pool: the hub calls TIME by itself; the board shows TIME and the seconds left to play, in English and Turkish', async () => {
    const h = await hub();
    // TIME after 1 s, then 2 minutes to play the stroke.
    await h.matches.start('gb1', ANN_BOB, { turnMs: 1000, graceMs: 120_000 });
    await golfOpening(h, 'gb1');
    await h.matches.input('gb1', { type: 'decide', decision: 'set1-stroke-1:opening', answer: 'A', by: 'referee' });
    const page = await open(h, '#/table/gb1');
    await expect.poll(() => clock(page).getAttribute('data-phase')).toBe('time');
    const left = secondsIn(await clock(page).textContent(), /^TIME · (\d+) s$/);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(120);
    const calls = (await events(h, 'gb1')).filter((e) => e.type === 'clock');
    expect(calls.map((e) => e.type === 'clock' && [e.clock, e.phase, e.by])).toEqual([['turn', 'warn', 'hub']]);
    const turkish = await open(h, '#/table/gb1', { lang: 'tr' });
    await expect.poll(() => clock(turkish).textContent()).toMatch(/^SÜRE · \d+ sn$/);
  });

  it('the page of a match no longer played shows no running clock', async () => {
    const h = await hub();
    await h.matches.start('gb1', ANN_BOB, { turnMs: 1000, graceMs: 120_000 });
    await golfOpening(h, 'gb1');
    const id = h.matches.current('gb1')!.id;
    await h.matches.end('gb1', 'abandoned', 'Ayla', 'power cut');
    const page = await open(h, `#/match/${id}`);
    await page.locator('#match-detail .board.golf').waitFor();
    expect(await page.locator('#match-detail [data-fact="clock"]').textContent()).toBe('–');
  });

  it("a page whose own clock is 90 s ahead counts on the hub's time: bumper pool still before TIME, carom shot clock not run out", async () => {
    const h = await hub();
    await h.matches.start('gb1', ANN_BOB, undefined);
    await golfOpening(h, 'gb1');
    const golf = await open(h, '#/table/gb1', { skewMs: 90_000 });
    // By its own clock the 50 s would be over (TIME); by the hub's they have just begun.
    await expect.poll(() => clock(golf).getAttribute('data-phase')).toBe('turn');
    const toTime = secondsIn(await clock(golf).textContent(), /^(\d+) s$/);
    expect(toTime).toBeGreaterThan(0);
    expect(toTime).toBeLessThanOrEqual(50);

    const log = readFixture('carom/three-cushion-equalizing-inning-draw.jsonl');
    const start = log[0]!;
    if (start.type === 'start') start.config = { ...start.config, shotClockSeconds: 40 };
    await feedEvents(h, 'c1', log, 14);
    const carom = await open(h, '#/table/c1', { skewMs: 90_000 });
    await expect.poll(() => clock(carom).textContent()).toMatch(/^\d+ s$/);
    const shot = secondsIn(await clock(carom).textContent(), /^(\d+) s$/);
    expect(shot).toBeGreaterThan(0); // its own clock would say 0 s
    expect(shot).toBeLessThanOrEqual(40);
  });

  it(
    "minigolf: each group's stroke clock waits for its start, the referee starts it, a stroke tapped on the phone stops it, a ball at rest starts the next",
    { timeout: 40_000 },
    async () => {
      const h = await hub();
      await h.matches.start(
        'mg1',
        [
          { id: 'ana', name: 'Ana' },
          { id: 'ben', name: 'Ben' },
          { id: 'cem', name: 'Cem' },
        ],
        { lanes: 3 },
      );
      // The scoreboard on a TV whose clock is 20 s behind.
      const board = await open(h, '#/table/mg1', { skewMs: -20_000 });
      const cell = board.locator('#view [data-mg-clock="g1"]');
      await expect.poll(() => cell.textContent()).toBe('waiting for start: when the group reaches the lane');
      expect(await board.locator('#view [data-mg-clock-player="g1"]').textContent()).toBe('Ana');
      expect(await board.locator('#view [data-mg-clock-limit="g1"]').textContent()).toBe('70 s');

      const ref = await open(h, '#/ref/mg1', { pin: true });
      await ref.locator('#ref-who').fill('Ayla');
      await expect.poll(() => ref.locator('#mg-player option').allTextContents()).toEqual(['Ana · group g1 · lane 1']);
      await ref.locator('#start-clock').click();
      await expect.poll(() => cell.getAttribute('data-running')).toBe('true');
      const left = secondsIn(await cell.textContent(), /^(\d+) s$/);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(70); // its own clock would give 90 s
      const started = (await events(h, 'mg1')).filter((e) => e.type === 'clock');
      expect(started.map((e) => e.type === 'clock' && [e.clock, e.phase, e.player, e.by, e.who])).toEqual([['stroke', 'start', 'ana', 'referee', 'Ayla']]);

      // Ana plays; her marker taps the stroke on the phone (table token).
      const phone = await open(h, `#/phone/mg1?t=${h.tableToken('mg1')}`);
      await phone.locator('button[data-stroke="ana"]').click();
      await expect.poll(() => phone.locator('#phone-message').textContent()).toBe('Stroke entered.');
      const tapped = (await events(h, 'mg1')).filter((e) => e.type === 'ref');
      expect(tapped.map((e) => e.type === 'ref' && [e.call, e.player, e.by])).toEqual([['stroke', 'ana', 'player']]);
      // Her ball rolls: her next clock (60 s) waits for it to stop, then starts by itself.
      await expect.poll(() => cell.textContent()).toBe('waiting for start: when the ball comes to rest');
      expect(await board.locator('#view [data-mg-clock-limit="g1"]').textContent()).toBe('60 s');
      await sensor(h, 'mg1', { type: 'at_rest' });
      await expect.poll(() => cell.getAttribute('data-running')).toBe('true');
      expect(secondsIn(await cell.textContent(), /^(\d+) s$/)).toBeLessThanOrEqual(60);

      // The referee taps a stroke too (no sensor saw it): by the referee, with his name.
      await ref.locator('#tap-stroke').click();
      await expect.poll(async () => (await events(h, 'mg1')).filter((e) => e.type === 'ref').length).toBe(2);
      const last = (await events(h, 'mg1')).filter((e) => e.type === 'ref').at(-1)!;
      expect(last.type === 'ref' && [last.call, last.player, last.by, last.who]).toEqual(['stroke', 'ana', 'referee', 'Ayla']);
    },
  );

  it('referee panel: play (start the shot clock) is offered only when the match has a shot clock', async () => {
    const venue: VenueConfig = {
      ...DEMO_VENUE,
      tables: [
        ...DEMO_VENUE.tables,
        { id: 'k3', name: 'Carom 3', game: 'three-ball', devices: [] },
        { id: 'k4', name: 'Carom 4', game: 'three-ball', devices: [] },
      ],
    };
    const h = await hub(venue);
    const players = [
      { id: 'A', name: 'Ayşe' },
      { id: 'B', name: 'Noam' },
    ];
    await h.matches.start('k3', players, undefined);
    await h.matches.start('k4', players, { shotClockSeconds: 40 });
    const calls = async (table: string): Promise<string[]> => {
      const page = await open(h, `#/ref/${table}`, { pin: true });
      // The calls are buttons (issue #19); "foul" is among them once the match's report is read.
      await page.locator('#call-buttons [data-call="foul"]').waitFor();
      await page.waitForLoadState('networkidle');
      return page.locator('#call-buttons [data-call]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-call')!));
    };
    const without = await calls('k3');
    expect(without).toContain('foul');
    expect(without).not.toContain('play');
    expect(await calls('k4')).toContain('play');
  });

  it('referee panel: the name typed in is remembered and goes with every correction, answer and call', async () => {
    const h = await hub();
    await h.matches.start('gb1', ANN_BOB, undefined);
    await golfOpening(h, 'gb1');
    const page = await open(h, '#/ref/gb1', { pin: true });
    await page.locator('#ref-who').fill('Ayla Demir');
    await page.locator('button[data-decision="set1-stroke-1:opening"][data-value="A"]').click();
    await expect.poll(async () => (await events(h, 'gb1')).filter((e) => e.type === 'decide').length).toBe(1);
    await page.locator('#reason').fill('wrong side entered');
    await page.locator('#undo').click();
    await expect.poll(async () => (await events(h, 'gb1')).filter((e) => e.type === 'undo').length).toBe(1);
    // The page opened again on this device: the name is still there.
    await page.reload();
    await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
    const again = page;
    expect(await again.locator('#ref-who').inputValue()).toBe('Ayla Demir');
    await again.locator('#call-buttons [data-call="foot"]').click();
    // Without a player the rules refuse it (the opening stroke is both sides'): the panel says so, nothing is written.
    await again.locator('#send-call').click();
    await again.locator('#ref-message[data-ok="false"]', { hasText: 'bad-args' }).waitFor();
    expect((await events(h, 'gb1')).filter((e) => e.type === 'ref')).toEqual([]);
    await again.locator('#pick-player [data-pick-player="ann"]').click();
    await again.locator('#send-call').click();
    await expect.poll(async () => (await events(h, 'gb1')).filter((e) => e.type === 'ref').length).toBe(1);
    const written = (await events(h, 'gb1')).filter((e) => e.type === 'decide' || e.type === 'undo' || e.type === 'ref');
    expect(written.map((e) => [e.type, e.who, e.by])).toEqual([
      ['decide', 'Ayla Demir', 'referee'],
      ['undo', 'Ayla Demir', 'referee'],
      ['ref', 'Ayla Demir', 'referee'],
    ]);
    expect(written.find((e) => e.type === 'undo')!.why).toBe('wrong side entered');
  });
});
