/**
 * Issue #19, printouts a club files, printed to PDF by Chromium from the page a person prints
 * (#/print/<match>, linked from the match page): a WMF-style group scorecard, one A4 sheet per
 * group and round, with the event, venue, date, round, course and group, and a signature line per
 * player and for the marker (MG-CARD-3/4: the marker writes, the player signs); a carom match sheet
 * with the innings one under the other, on one page. Page counts come from the PDF itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { DEMO_VENUE } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import type { MinigolfReport } from '../../shared/reports/minigolf';
import type { CaromReport } from '../../shared/reports/carom';
import { he } from '../../dashboard/i18n/he';
import { caromLog, feedEvents, viewKit } from './setup';

const session = browserSession();
const { hub, open } = viewKit(session, '4711');

/** 8 players in 2 groups of 4, 2 rounds of 18 lanes, 1 to 3 strokes a lane, every lane holed. */
function tournament(): GameEvent[] {
  const players = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}` }));
  const log: Record<string, unknown>[] = [
    { type: 'start', players, config: { rounds: 2, groupSize: 4, tournament: { name: 'Club cup', date: '', place: '' } } },
  ];
  let t = 0;
  const push = (e: Record<string, unknown>): void => void log.push({ ...e, seq: log.length, t: (t += 1000) });
  for (let round = 0; round < 2; round++)
    for (let lane = 1; lane <= 18; lane++)
      for (let g = 0; g < 2; g++)
        for (let j = 0; j < 4; j++) {
          const p = players[g * 4 + ((j + round) % 4)]!.id;
          const strokes = 1 + ((lane + j + round) % 3);
          for (let s = 0; s < strokes; s++) {
            push({ type: 'strike', player: p, lane: String(lane) });
            push(s === strokes - 1 ? { type: 'hole', lane: String(lane), player: p } : { type: 'at_rest' });
          }
        }
  return log as unknown as GameEvent[];
}

/** Pages of a PDF: its page objects (not the page tree's /Pages). */
async function pdfPages(page: Page): Promise<{ pages: number; text: string }> {
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  const raw = pdf.toString('latin1');
  return { pages: (raw.match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length, text: raw };
}

describe('printouts (Chromium, printed to PDF)', () => {
  it(
    'minigolf: one A4 group scorecard per group and round, with event, venue, date, round, course, group and signatures (MG-CARD-3)',
    { timeout: 180_000 },
    async () => {
      const h = await hub();
      await feedEvents(h, 'mg1', tournament());
      const id = h.matches.current('mg1')?.id ?? (await h.store.listMatches({ limit: 1 }))[0]!.id;
      const report = (await h.matches.details(id))!.report as MinigolfReport;
      const page = await open(h, `#/match/${id}`);
      await page.locator('a[data-print]').click();
      await page.locator('.print-sheet').first().waitFor();
      const expected = [1, 2].flatMap((round) =>
        report.groups.filter((g) => g.order.some((p) => report.players.find((x) => x.id === p)?.rounds.some((c) => c.round === round))),
      );
      expect(expected.length).toBe(4);
      expect(await page.locator('.print-sheet[data-sheet="group"]').count()).toBe(expected.length);
      // Each sheet: its round and group, the group's four players with their round's lanes and total, five signature lines.
      const first = page.locator('.print-sheet').first();
      expect(await first.locator('[data-round]').getAttribute('data-round')).toBe('1');
      expect(await first.locator('tbody tr').count()).toBe(4);
      const p1 = report.players.find((p) => p.id === firstPlayer(report))!;
      const row = first.locator(`tbody tr[data-player="${p1.id}"] td`);
      const cells = await row.allTextContents();
      expect(cells.slice(0, 18).map(Number)).toEqual(p1.rounds[0]!.lanes);
      expect(Number(cells.at(-1))).toBe(p1.rounds[0]!.total);
      expect(await first.locator('.signature').count()).toBe(5);
      expect(await first.textContent()).toContain('Club cup');
      expect(await first.textContent()).toContain(DEMO_VENUE.name);
      expect(await page.locator('#view').textContent()).not.toMatch(/licence|· ·/);
      const { pages } = await pdfPages(page);
      expect(pages).toBe(expected.length);
    },
  );

  it('carom: the match sheet, innings by innings with runs and running totals, on one page; in Hebrew', { timeout: 120_000 }, async () => {
    const h = await hub();
    const runs = [3, 1, 0, 4, 2, 0, 5, 1];
    await feedEvents(h, 'c1', caromLog(runs));
    const id = h.matches.current('c1')!.id;
    const report = (await h.matches.details(id))!.report as CaromReport;
    const page = await open(h, `#/print/${id}?lang=he`);
    await page.locator('.print-sheet[data-sheet="carom"]').waitFor();
    expect(await page.locator('.print-sheet h2').textContent()).toBe(he['print.matchSheet']);
    const innings = Math.max(...report.players.map((p) => p.runs.length));
    expect(await page.locator('.innings tbody tr').count()).toBe(innings);
    for (const [k, p] of report.players.entries()) {
      // The last running total of each player is his points.
      const totals = await page
        .locator('.innings tbody tr')
        .evaluateAll((rows, col) => rows.map((r) => r.querySelectorAll('td')[col]?.textContent ?? ''), k * 2 + 1);
      expect(Number(totals.filter((x) => x !== '').at(-1))).toBe(p.points);
    }
    const { pages } = await pdfPages(page);
    expect(pages).toBe(1);
  });
});

/** The first player of the first group in its first round's order. */
function firstPlayer(r: MinigolfReport): string {
  return r.groups[0]!.order[0]!;
}
