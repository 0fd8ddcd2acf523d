/**
 * Ask only when unsure, and say how sure (issue #25 §2), as a person sees it: the phone shows
 * beside an open question how probable its default is, and counts down on the hub's time to the
 * moment the hub takes it; a reading the engine is sure of never reaches the phone as a question.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { annAndBobOpen } from './setup';
import { DEMO_VENUE } from '../../shared/venue';

const session = browserSession();
const { hubs, pages } = session;

async function phone(hub: TestHub, table: string, lang: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport: { width: 375, height: 812 } });
  pages.push(page);
  await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
  await page.goto(`${hub.url}/#/phone/${table}?t=${hub.tableToken(table)}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  return page;
}

const seconds = (text: string | null): number => Number(/(\d+)/.exec(text ?? '')?.[1] ?? NaN);

describe('how sure: probability and countdown on the phone', () => {
  it('GB-DBL-4 / GB-Q7: the opening question shows how likely its default is and counts down to it (en, he)', async () => {
    const hub = await newHub({ assembler: { restAfterMs: 300 }, decisionDefaultMs: 40_000 });
    hubs.push(hub);
    await annAndBobOpen(hub);
    const q = hub.matches.summaryOf('gb1')!.pending.find((d) => d.kind === 'golf-billiards.opening')!;
    expect(q.probability).toBeDefined();
    expect(q.defaultAt).toBeGreaterThan(0);

    const page = await phone(hub, 'gb1', 'en');
    const box = page.locator(`#view .decision[data-decision="${q.id}"]`);
    await box.waitFor();
    const pct = `${Math.round(q.probability! * 100)} %`;
    expect(await box.locator('.likely').textContent()).toContain(pct);
    const countdown = box.locator('.default-countdown');
    const first = seconds(await countdown.textContent());
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(40);
    // The label of the default answer, as the buttons show it.
    const defaultLabel = (await page.locator(`button[data-decision="${q.id}"][data-value="${q.default}"]`).textContent())!.split(' · ')[0]!;
    expect(await countdown.textContent()).toContain(defaultLabel);
    // It counts down (the hub's time moves; the page redraws only the countdown).
    await expect.poll(async () => seconds(await countdown.textContent()), { timeout: 10_000 }).toBeLessThan(first);

    const he = await phone(hub, 'gb1', 'he');
    const heBox = he.locator(`#view .decision[data-decision="${q.id}"]`);
    await heBox.waitFor();
    expect(await heBox.locator('.likely').textContent()).toContain('ודאית');
    expect(await heBox.locator('.default-countdown').textContent()).toContain('בעוד');
  });

  it('MG-STROKE-13: a hole in one whose stroke the sensor missed, sure enough, is decided without asking the phone', async () => {
    const hub = await newHub({ venue: { ...DEMO_VENUE, askBelow: 0.5 } });
    hubs.push(hub);
    await hub.matches.start('mg1', [{ id: 'ana', name: 'Ana' }], undefined);
    const page = await phone(hub, 'mg1', 'en');
    await hub.matches.sensor('mg1', { type: 'hole', lane: '1', t: Date.now(), by: 'sensor' });
    await expect.poll(() => hub.matches.summaryOf('mg1')!.pending.length).toBe(0);
    const log = await hub.store.gameEvents(hub.matches.current('mg1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'decide', by: 'hub', answer: 'stroke' });
    expect((log.at(-1) as { probability?: number }).probability).toBeGreaterThanOrEqual(0.5);
    await expect.poll(() => page.locator('#view .decision').count()).toBe(0);
  });
});
