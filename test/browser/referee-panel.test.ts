/**
 * The referee panel of buttons (issue #19), in a real headless Chromium against a real hub fed
 * from recorded logs, driven as a referee drives it: taps on the calls the game declares, on the
 * players and the balls in their colours, on "change" beside an answer, on undo and redo; then the
 * hub's log and report are read to see that each tap meant what it says. On a 1280×800 tablet what
 * play needs is on the screen without scrolling, for each family of games; a refusal is said in
 * the page's language.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { annAndBobOpen, caromLog, feedEvents, feedFixture, poolLog } from './setup';
import { DEMO_VENUE } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import type { CaromReport } from '../../shared/reports/carom';
import type { MinigolfReport } from '../../shared/reports/minigolf';
import { en } from '../../dashboard/i18n/en';
import { tr } from '../../dashboard/i18n/tr';

const PIN = '4711';
const session = browserSession();

async function hub(): Promise<TestHub> {
  const h = await newHub({ token: PIN });
  session.hubs.push(h);
  return h;
}

/** The panel of `table` on a 1280×800 tablet, with the PIN kept and the referee's name typed. */
async function panel(h: TestHub, table: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  session.pages.push(page);
  await page.addInitScript((pin) => {
    sessionStorage.setItem('autoref.pin', pin);
    localStorage.setItem('autoref.ref-who', 'Ayla');
  }, PIN);
  await page.goto(`${h.url}/#/ref/${table}`);
  await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
  // The last shots came (or "no shot yet"), and the players to pick.
  await page.locator('#recent-list li').first().waitFor();
  await page.locator('#pick-player button').first().waitFor();
  return page;
}

const log = async (h: TestHub, table: string): Promise<GameEvent[]> => h.store.gameEvents(h.matches.current(table)!.id);
const score = (h: TestHub, table: string, id: string): number | undefined => h.matches.summaryOf(table)!.players.find((p) => p.id === id)?.score;

/** The elements matching `selector` that are not wholly inside the viewport (none found is a failure too). */
async function offScreen(page: Page, selector: string): Promise<string[]> {
  const out = await page.locator(selector).evaluateAll((els) =>
    els
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width === 0 || r.height === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
      .map(({ e, r }) => `${e.outerHTML.slice(0, 70)} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`),
  );
  return (await page.locator(selector).count()) === 0 ? [`${selector}: none`] : out;
}

describe('referee panel of buttons (issue #19)', () => {
  it(
    'at 1280×800, for each family of games: the calls, the players, the balls, the open question, the last shots, undo and redo, without scrolling',
    { timeout: 60_000 },
    async () => {
      const h = await hub();
      await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
      await feedEvents(h, 'p1', poolLog());
      await annAndBobOpen(h); // the opening question is open
      await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
      const measured: string[] = [];
      for (const table of ['c1', 'p1', 'gb1', 'mg1']) {
        const page = await panel(h, table);
        const lanes = table === 'mg1';
        if (!lanes) await page.locator('#pick-ball button').first().waitFor();
        const wanted = [
          '#call-buttons button[data-call]',
          '#pick-player button',
          ...(lanes ? ['#start-clock', '#tap-stroke'] : ['#pick-ball button']),
          '#send-call',
          '#reason',
          '#undo',
          '#redo',
          '#recent-list',
          '#recent-list li.shot:nth-child(-n+3)',
          ...(table === 'gb1' ? ['.ref-questions button[data-decision]'] : []),
        ];
        for (const selector of wanted) expect(await offScreen(page, selector), `${table} ${selector}`).toEqual([]);
        expect(await page.evaluate(() => scrollY), table).toBe(0);
        const bottom = await page.locator('#ref-recent').evaluate((e) => Math.round(e.getBoundingClientRect().bottom));
        measured.push(`${table}: ${await page.locator('#call-buttons button').count()} calls, last shots end at ${bottom} px`);
      }
      console.log(`referee panel at 1280×800: ${measured.join('; ')}`);
    },
  );

  it('C3-FOUL-2: a foul tapped in for the player picked is his: recorded against Noam, the turn passes to Ayşe', async () => {
    const h = await hub();
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
    expect(h.matches.summaryOf('c1')!.turn).toBe('B');
    const page = await panel(h, 'c1');
    await page.locator('[data-call="foul"]').click();
    await page.locator('[data-pick-value="touch"]').click();
    await page.locator('#pick-player [data-pick-player="B"]').click();
    expect(await page.locator('#send-call').textContent()).toBe(`Send: ${en['ref.call.carom.foul']}`);
    await page.locator('#send-call').click();
    await expect.poll(() => h.matches.summaryOf('c1')!.turn).toBe('A');
    const calls = (await log(h, 'c1')).filter((e) => e.type === 'ref');
    expect(calls.map((e) => e.type === 'ref' && [e.call, e.value, e.player, e.by, e.who])).toEqual([['foul', 'touch', 'B', 'referee', 'Ayla']]);
    const m = h.matches.current('c1')!;
    expect((m.engine.report(m.state) as CaromReport).fouls.map((f) => [f.player, f.code])).toEqual([['B', 'touch']]);
    // Taken: the picks are cleared for the next call.
    await expect.poll(() => page.locator('#ref-calls [aria-pressed="true"]').count()).toBe(0);
  });

  it('C3-NC-1: "change" beside an answer offers its other answers; with a reason, one tap overrides it and the score follows', async () => {
    const h = await hub();
    // Shot 1 was asked "point?" and the referee answered "point": Ayşe 2.
    await feedFixture(h, 'c1', 'carom/three-cushion-unknown-cushion-late-point-answer.jsonl');
    expect(score(h, 'c1', 'A')).toBe(2);
    const page = await panel(h, 'c1');
    const row = page.locator('li.decided[data-decided="shot-1:point"]');
    expect(await row.getAttribute('data-answer')).toBe('point');
    await row.locator('button[data-change]').click();
    const miss = row.locator('button[data-override="shot-1:point"][data-value="miss"]');
    expect(await row.locator('button[data-override]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-value')))).toEqual(['miss']);
    // No reason typed: the panel asks for one, nothing is sent.
    await miss.click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(en['ref.needReason']);
    expect((await log(h, 'c1')).filter((e) => e.type === 'override')).toEqual([]);
    await page.locator('#reason').fill('the red was never hit');
    await miss.click();
    await expect.poll(() => score(h, 'c1', 'A')).toBe(0);
    const override = (await log(h, 'c1')).filter((e) => e.type === 'override');
    expect(override.map((e) => e.type === 'override' && [e.decision, e.answer, e.why, e.who, e.by])).toEqual([
      ['shot-1:point', 'miss', 'the red was never hit', 'Ayla', 'referee'],
    ]);
    await page.locator('li.decided[data-decided="shot-1:point"][data-answer="miss"]').waitFor();
  });

  it('undo twice takes back a miss and a point; redo twice puts them back: the same score and the same player to play', async () => {
    const h = await hub();
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
    const before = { A: score(h, 'c1', 'A'), B: score(h, 'c1', 'B'), turn: h.matches.summaryOf('c1')!.turn };
    expect(before).toEqual({ A: 5, B: 5, turn: 'B' });
    const page = await panel(h, 'c1');
    expect(await page.locator('#redo').isDisabled()).toBe(true);
    await page.locator('#reason').fill('the marker pressed twice');
    await page.locator('#undo').click();
    // Ayşe's last miss is taken back: she is at the table again, the score as it was.
    await expect.poll(() => h.matches.summaryOf('c1')!.turn).toBe('A');
    await page.locator('#undo').click();
    await expect.poll(() => score(h, 'c1', 'A')).toBe(4);
    await expect.poll(() => page.locator('#redo').textContent()).toBe(`${en['ref.redo']} (2)`);
    await page.locator('#redo').click();
    await expect.poll(() => score(h, 'c1', 'A')).toBe(5);
    await page.locator('#redo:not([disabled])').click();
    await expect.poll(() => h.matches.summaryOf('c1')!.turn).toBe('B');
    expect({ A: score(h, 'c1', 'A'), B: score(h, 'c1', 'B'), turn: h.matches.summaryOf('c1')!.turn }).toEqual(before);
    const corrections = (await log(h, 'c1')).filter((e) => e.type === 'undo' || e.type === 'redo');
    expect(corrections.map((e) => [e.type, e.why, e.who])).toEqual([
      ['undo', 'the marker pressed twice', 'Ayla'],
      ['undo', 'the marker pressed twice', 'Ayla'],
      ['redo', 'the marker pressed twice', 'Ayla'],
      ['redo', 'the marker pressed twice', 'Ayla'],
    ]);
    await expect.poll(() => page.locator('#redo').isDisabled()).toBe(true);
  });

  it('C3-NC-1: in Turkish (the language picker), a call missing its kind and a stroke foul entered after rest are refused in Turkish; nothing is written', async () => {
    const h = await hub();
    await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
    const page = await panel(h, 'c1');
    await page.locator('#lang').selectOption('tr');
    await page.locator('[data-call="foul"]', { hasText: tr['ref.call.carom.foul'] }).click();
    await page.locator('#send-call').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(tr['ref.need.choice']);
    await page.locator('[data-pick-value="foot"]', { hasText: tr['ref.opt.carom.foul.foot'] }).click();
    await page.locator('#send-call').click();
    await expect.poll(() => page.locator('#ref-message').getAttribute('data-ok')).toBe('false');
    const said = (await page.locator('#ref-message').textContent())!;
    expect(said).toContain(`${tr['err.AR_RULES_REFUSED']}: ${tr['rule.late_foul']}`);
    expect(said).not.toContain('entered after the balls came to rest');
    expect((await log(h, 'c1')).filter((e) => e.type === 'ref')).toEqual([]);
  });

  it(
    'a pool called shot names its ball (a button in its colour) and its pocket; MG-CARD-1: a minigolf lane score its player and strokes',
    { timeout: 40_000 },
    async () => {
      const h = await hub();
      await feedEvents(h, 'p1', poolLog());
      const pool = await panel(h, 'p1');
      await pool.locator('[data-call="call"]').click();
      const three = pool.locator('#pick-ball [data-pick-ball="3"]');
      expect(await three.getAttribute('data-colour')).toBe('red');
      await three.click();
      await pool.locator('[data-pick-pocket="tl"]', { hasText: 'Top left pocket' }).click();
      await pool.locator('#send-call').click();
      await expect.poll(async () => (await log(h, 'p1')).filter((e) => e.type === 'ref').length).toBe(1);
      const called = (await log(h, 'p1')).find((e) => e.type === 'ref')!;
      expect(called.type === 'ref' && [called.call, called.ball, called.place]).toEqual(['call', '3', 'tl']);

      await h.matches.start(
        'mg1',
        [
          { id: 'ana', name: 'Ana' },
          { id: 'ben', name: 'Ben' },
        ],
        { lanes: 3 },
      );
      const course = await panel(h, 'mg1');
      await course.locator('[data-call="score"]').click();
      await course.locator('#send-call').click();
      await expect.poll(() => course.locator('#ref-message').textContent()).toBe(en['ref.need.player']);
      await course.locator('#pick-player [data-pick-player="ana"]').click();
      await course.locator('#pick-numbers input[data-num="strokes"]').fill('3');
      await course.locator('#send-call').click();
      await expect
        .poll(() => {
          const m = h.matches.current('mg1')!;
          return (m.engine.report(m.state) as MinigolfReport).players.find((p) => p.id === 'ana')!.rounds[0]!.lanes[0];
        })
        .toBe(3);
    },
  );
});
