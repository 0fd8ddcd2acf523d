/**
 * Continuing a match from a score sheet (issue #22, docs/score-sheet.md) as the referee does it in
 * Chromium: the referee panel's start form, "Continue from a score sheet", the sheet's fields for
 * the players just named; a sheet the rules refuse says why in the page's language; a minigolf card
 * typed wrong names the player; the finished match is marked in the history.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { en } from '../../dashboard/i18n/en';
import { tr } from '../../dashboard/i18n/tr';
import { he } from '../../dashboard/i18n/he';
import { viewKit } from './setup';

const PIN = '8080';
const session = browserSession();
const { hub, open } = viewKit(session, PIN);

const inLanguage = (lang: string) => async (page: Page) => {
  await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
};

async function unlock(page: Page): Promise<void> {
  await page.locator('#pin').fill(PIN);
  await page.locator('#pin-form button[type="submit"]').click();
}

async function names(page: Page, list: string[]): Promise<void> {
  for (const [i, name] of list.entries()) {
    if (i >= 2) await page.locator('#start-form button.secondary').click();
    await page.locator(`#start-form input[name="player-${i + 1}"]`).fill(name);
  }
}

describe('continue a match from a score sheet in the referee panel', () => {
  it('C3-SERIES-1, C3-END-1: a Turkish referee continues a three-cushion match from the sheet; the score, the player at the table and the history follow it', async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const page = await open(h, '#/ref/c1', inLanguage('tr'));
    await unlock(page);
    await names(page, ['Kemal', 'Yael']);
    await page.locator('#start-distance').fill('40');
    await page.locator('#sheet summary').click();
    expect(await page.locator('#sheet summary').textContent()).toBe(tr['sheet.continue']);
    // The sheet's lines carry the names typed above.
    await expect.poll(() => page.locator('#sheet tbody th').allTextContents()).toEqual(['Kemal', 'Yael']);
    for (const [field, value] of [
      ['p1-points', '12'],
      ['p1-innings', '10'],
      ['p1-highRun', '4'],
      ['p2-points', '9'],
      ['p2-innings', '10'],
      ['p2-highRun', '3'],
      ['run', '2'],
    ] as const)
      await page.locator(`#sheet-${field}`).fill(value);
    await page.locator('#sheet-atTable').selectOption('p2');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(tr['phone.started']);
    const s = h.matches.summaryOf('c1')!;
    expect(s.fromSheet).toBe(true);
    expect(s.turn).toBe('p2');
    expect(s.players.map((p) => [p.name, p.score])).toEqual([
      ['Kemal', 12],
      ['Yael', 11],
    ]);
    const start = (await h.store.gameEvents(h.matches.current('c1')!.id))[0]!;
    expect(start).toMatchObject({ type: 'start', by: 'referee', sheet: { family: 'carom', atTable: 'p2', run: 2 } });

    await h.matches.end('c1', 'finished');
    const history = await open(h, '#/history', inLanguage('tr'));
    await expect.poll(() => history.locator('#history-list').textContent()).toContain(tr['sheet.from']);
  });

  it('C3-END-1: a sheet the rules refuse starts nothing (a player already at the distance): the Hebrew page says so and names the line to correct', async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const page = await open(h, '#/ref/c1', inLanguage('he'));
    await unlock(page);
    await names(page, ['Kemal', 'Yael']);
    await page.locator('#start-distance').fill('20');
    await page.locator('#sheet summary').click();
    // Yael has already reached the distance: the match would be over.
    await page.locator('#sheet-p2-points').fill('25');
    await page.locator('#sheet-p2-innings').fill('10');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').getAttribute('data-ok')).toBe('false');
    const said = (await page.locator('#ref-message').textContent())!;
    expect(said).toContain(he['rule.bad_sheet']);
    expect(said).toContain('bad_sheet');
    expect(h.matches.current('c1')).toBeUndefined();
  });

  it('MG-SCORE-1: a minigolf card that cannot be read names its player; read right, the round continues from it', async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const page = await open(h, '#/ref/mg1');
    await unlock(page);
    await names(page, ['Elif', 'Avi']);
    await page.locator('#start-lanes').fill('3');
    await page.locator('#start-rounds').fill('2');
    await page.locator('#sheet summary').click();
    await page.locator('#sheet-p1-card').fill('2 x 3');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(en['sheet.badCard'].replace('{name}', 'Elif'));
    expect(h.matches.current('mg1')).toBeUndefined();
    await page.locator('#sheet-p1-card').fill('2 3 1 / 2');
    await page.locator('#sheet-p2-card').fill('3 3 2 / 4');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(en['phone.started']);
    const s = h.matches.summaryOf('mg1')!;
    expect(s.fromSheet).toBe(true);
    expect(s.players.map((p) => [p.name, p.score])).toEqual([
      ['Elif', 8],
      ['Avi', 12],
    ]);
  });
  it('PB-TURN-1: eight-ball continues from the sheet: racks, groups, the balls still on the table, who shoots', async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const page = await open(h, '#/ref/p1');
    await unlock(page);
    await names(page, ['Deniz', 'Tamar']);
    await page.locator('#sheet summary').click();
    await page.locator('#sheet-p1-racks').fill('2');
    await page.locator('#sheet-p2-racks').fill('1');
    await page.locator('#sheet-p1-group').selectOption('solids');
    await page.locator('#sheet-p2-group').selectOption('stripes');
    // Down in the rack in progress: the 1, 2 and 12.
    for (const b of ['1', '2', '12']) await page.locator(`#sheet-ball-${b}`).uncheck();
    await page.locator('#sheet-turn').selectOption('p2');
    await page.locator('#sheet-breaker').selectOption('p1');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(en['phone.started']);
    const s = h.matches.summaryOf('p1')!;
    expect([s.fromSheet, s.turn, s.players.map((p) => p.score)]).toEqual([true, 'p2', [2, 1]]);
    const report = h.matches.current('p1')!.engine.report(h.matches.current('p1')!.state) as { sheet: { onTable: string[] } };
    expect(report.sheet.onTable).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11', '13', '14', '15']);
  });

  it('GB-DBL-5: a bumper pool doubles match continues mid-set: sets, balls left and who plays next on each side', async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const page = await open(h, '#/ref/gb1');
    await unlock(page);
    await names(page, ['Ann', 'Bob', 'Cem', 'Dan']);
    await page.locator('#sheet summary').click();
    // Side A is Ann and Cem, side B Bob and Dan (players 1, 3 against 2, 4).
    await page.locator('#sheet-A-sets').fill('1');
    await page.locator('#sheet-A-balls').fill('2');
    await page.locator('#sheet-B-balls').fill('4');
    await page.locator('#sheet-B-next').selectOption('p4');
    await page.locator('#sheet-A-next').selectOption('p3');
    await page.locator('#sheet-turn').selectOption('p3');
    await page.locator('#start-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#ref-message').textContent()).toBe(en['phone.started']);
    const s = h.matches.summaryOf('gb1')!;
    expect([s.fromSheet, s.turn]).toEqual([true, 'p3']);
  });
});
