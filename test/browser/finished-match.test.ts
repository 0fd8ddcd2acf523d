/**
 * A finished match's page (issue #22): the result is final, so it does not say "provisional", and
 * a question left open when the match ended is listed for the record with nothing to answer and no
 * countdown, in the page's language.
 */
import { describe, expect, it } from 'vitest';
import { browserSession } from '../helpers/browser';
import type { GameEvent } from '../../shared/game/events';
import { en } from '../../dashboard/i18n/en';
import { he } from '../../dashboard/i18n/he';
import { viewKit } from './setup';

const PIN = '4711';
const session = browserSession();
const { hub, open } = viewKit(session, PIN);

describe('the page of a match that ended with a question open', () => {
  it("PB-BREAK-2: the break's unnamed ball is still asked when the match is ended: the page shows the result as final, the question without buttons (en, he)", async () => {
    const h = await hub({ decisionDefaultMs: null, gameClocks: false });
    const rec = await h.matches.start(
      'p1',
      [
        { id: 'deniz', name: 'Deniz', side: 'A' },
        { id: 'tamar', name: 'Tamar', side: 'B' },
      ],
      undefined,
    );
    let t = 2_000;
    for (const e of [
      { type: 'strike', by: 'hub' },
      { type: 'pocket', by: 'sensor', pocket: 'bl', captured: true },
      { type: 'at_rest', by: 'hub' },
    ] as const)
      await h.matches.sensor('p1', { ...e, t: (t += 500) } as GameEvent);
    expect(h.matches.summaryOf('p1')!.pending.map((d) => [d.kind, d.default])).toEqual([['pocket.ball-identity', null]]);
    await h.matches.end('p1', 'finished', 'Staff', 'closing time');

    for (const [lang, dict] of [
      ['en', en],
      ['he', he],
    ] as const) {
      const page = await open(h, `#/match/${rec.id}`, async (p) => {
        await p.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
      });
      const box = page.locator('#match-detail section.decisions');
      await box.waitFor({ timeout: 10_000 });
      expect(await box.getAttribute('data-ended')).toBe('true');
      expect(await box.locator('h3').textContent()).toBe(dict['decision.leftOpen']);
      expect(await box.locator('button').count()).toBe(0);
      expect(await box.locator('[data-countdown]').count()).toBe(0);
      expect(await page.locator('#match-detail .badge[data-badge="provisional"]').count()).toBe(0);
      expect(await page.locator('#match-detail .badge[data-badge="ended-open"]').textContent()).toBe(dict['score.endedOpen']);
    }
  });
});
