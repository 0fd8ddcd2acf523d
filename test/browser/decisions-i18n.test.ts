/**
 * The engines raise their questions in English; the phone view shows them in the phone's
 * language: a golf-billiards opening question (answered by the players) and a three-cushion
 * point question (answered by the referee, so the phone has the venue PIN) in Turkish and in
 * Hebrew, with the options, the player names and the translated evidence.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { feedFixture, annAndBobOpen } from './setup';

const PIN = '4711';

const session = browserSession();
const { hubs, pages } = session;

/** A phone at `table` with its own language (and the venue PIN, for referee questions). */
async function phone(hub: TestHub, table: string, lang: string, withPin = false): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 375, height: 812 } });
  pages.push(page);
  await page.addInitScript(
    ([l, pin]) => {
      localStorage.setItem('autoref.lang', l!);
      if (pin) sessionStorage.setItem('autoref.pin', pin);
    },
    [lang, withPin ? PIN : ''],
  );
  await page.goto(`${hub.url}/#/phone/${table}?t=${hub.tableToken(table)}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const decision = (page: Page, kind: string) => page.locator(`#view .decision[data-kind="${kind}"]`);
const labels = (page: Page, id: string) => page.locator(`#view button[data-decision="${id}"]`).allTextContents();

const EXPECTED = {
  tr: {
    dir: 'ltr',
    opening: 'Hangi açılış topu kaleye en yakın durdu? O taraf sırayı korur.',
    openingOptions: ['Sıra Ann tarafında kalır', 'Sıra Bob tarafında kalır', 'Belli değil: açılış tekrarlanır'],
    evidenceTitle: 'Sensörlerin gördüğü',
    noDistance: 'kaleye uzaklık ölçülmüyor',
    point: '1. atış: sayı oldu mu?',
    pointOptions: ['Sayı', 'Sayı yok'],
  },
  he: {
    dir: 'rtl',
    opening: 'כדור הפתיחה של מי נעצר הכי קרוב לגול? הצד הזה ממשיך.',
    openingOptions: ['התור נשאר אצל Ann', 'התור נשאר אצל Bob', 'אי אפשר לדעת: חוזרים על הפתיחה'],
    evidenceTitle: 'מה החיישנים ראו',
    noDistance: 'המרחק לגול לא נמדד',
    point: 'מכה 1: האם זו נקודה?',
    pointOptions: ['נקודה', 'אין נקודה'],
  },
} as const;

describe('pending decisions in the phone’s language', () => {
  for (const lang of ['tr', 'he'] as const) {
    const want = EXPECTED[lang];

    it(`${lang}: the golf-billiards opening question and its options`, async () => {
      const hub = await newHub({ token: PIN, assembler: { restAfterMs: 300 } });
      hubs.push(hub);
      await annAndBobOpen(hub);
      const pending = hub.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.opening')!;
      expect(pending.answeredBy).toBe('players');

      const page = await phone(hub, 'gb1', lang);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(want.dir);
      const q = decision(page, 'golf-billiards.opening');
      await expect.poll(() => q.locator('.question').textContent()).toBe(want.opening);
      // The default ("repeat" on a self-scoring table) is marked after its label.
      const shown = await labels(page, pending.id);
      expect(shown.map((l) => l.split(' · ')[0])).toEqual(want.openingOptions);
      expect(await q.locator('.evidence-title').textContent()).toBe(want.evidenceTitle);
      expect(await q.locator('.evidence li').allTextContents()).toContain(want.noDistance);
      // English stays out of the question.
      expect(await q.textContent()).not.toContain(pending.question);

      // One tap still answers with the machine value.
      await page.locator(`button[data-decision="${pending.id}"][data-value="A"]`).click();
      await expect.poll(() => hub.matches.summaryOf('gb1')!.pending.some((d) => d.id === pending.id)).toBe(false);
      expect(hub.matches.summaryOf('gb1')!.turn).toBe('ann');
    });

    it(`${lang}: the three-cushion point question and its options`, async () => {
      const hub = await newHub({ token: PIN, assembler: { restAfterMs: 300 } });
      hubs.push(hub);
      // Shot 1 has a cushion with no ball identity: point or no point? (the referee answers)
      await feedFixture(hub, 'c1', 'carom/three-cushion-unknown-cushion-late-point-answer.jsonl', 7);
      const pending = hub.matches.summaryOf('c1')!.pending.find((d) => d.kind === 'c3.point')!;
      expect(pending.id).toBe('shot-1:point');

      const page = await phone(hub, 'c1', lang, true);
      const q = decision(page, 'c3.point');
      await expect.poll(() => q.locator('.question').textContent()).toBe(want.point);
      const shown = await labels(page, pending.id);
      expect(shown.map((l) => l.split(' · ')[0]).sort()).toEqual([...want.pointOptions].sort());
      expect(await q.locator('.evidence-title').textContent()).toBe(want.evidenceTitle);
      expect(await q.textContent()).not.toContain(pending.question);
    });
  }
});
