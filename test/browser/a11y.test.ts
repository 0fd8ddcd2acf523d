/**
 * Issue #19, accessibility: axe-core (the engine behind Lighthouse's and browsers' accessibility
 * checks) run in Chromium on every view of the dashboard, with a match of each game family in
 * play, in English and in Hebrew (right to left): no violation of serious or critical impact.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { DEMO_VENUE } from '../../shared/venue';
import { caromLog, feedEvents, feedFixture, golfOpening, inProcessDevice, poolLog, viewKit } from './setup';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const session = browserSession();
const { hub, open } = viewKit(session, '4711');
const ANN_BOB = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe's serious and critical violations on the page as it is drawn now. */
async function violations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document);
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
}

describe('accessibility of every view (axe-core in Chromium)', () => {
  for (const lang of ['en', 'he'] as const) {
    it(`${lang}: no serious or critical axe violation on any view`, { timeout: 300_000 }, async () => {
      const h = await hub({ venue: { ...DEMO_VENUE, language: lang } });
      await feedEvents(h, 'c1', caromLog([3, 1, 0, 4, 2]));
      await feedEvents(h, 'p1', poolLog());
      await feedFixture(h, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
      await h.matches.start('gb1', ANN_BOB, undefined);
      await golfOpening(h, 'gb1');
      inProcessDevice(h, 'gb1-a').hello('golf-billiards');
      const matchId = h.matches.current('c1')?.id;
      const routes = [
        '#/',
        '#/table/c1',
        '#/table/p1',
        '#/table/gb1',
        '#/table/mg1',
        '#/tv',
        '#/tv?table=c1',
        `#/phone/gb1?t=${h.tableToken('gb1')}`,
        `#/phone/mg1?t=${h.tableToken('mg1')}`,
        '#/phone/c1',
        '#/ref/c1',
        '#/ref/p1',
        '#/ref/gb1',
        '#/ref/mg1',
        '#/devices',
        '#/calibrate/gb1',
        '#/history',
        ...(matchId ? [`#/match/${matchId}`, `#/print/${matchId}`] : []),
        '#/tv?tiles=4',
        '#/tv?tiles=8',
        '#/overlay/c1',
      ];
      const found: Record<string, Violation[]> = {};
      for (const route of routes) {
        const page = await open(h, route).catch((err: Error) => {
          throw new Error(`${route}: ${err.message}`);
        });
        await page.waitForLoadState('networkidle');
        const v = await violations(page);
        if (v.length > 0) found[route] = v;
        await page.close();
      }
      expect(found).toEqual({});
    });
  }
});
