/**
 * The TV wall (issue #19) in a real headless Chromium against a real hub whose matches are fed from
 * fixture logs and the engines' testkits: every game's tile at 1, 2, 4, 6 and 8 tiles, at 1920×1080
 * and 1280×720, with nothing to scroll and nothing outside its tile, names and scores at least 4 %
 * of the screen's height and every other text at least 2 %; each game's figures against the
 * engine's report of the same match; the shot clock bar's colour at 12, 8 and 3 s left; a finished
 * match's result on its tile until the next match; the venue's `tvTiles`; paging.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../helpers/browser';
import { newHub, type TestHub } from '../helpers/hub';
import { feedEvents, feedFixture, poolLog, readFixture, golfOpening } from './setup';
import { Log } from '../../hub/rules/carom/testkit';
import { hubNow } from '../../hub/time/hub-clock';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import type { CaromReport } from '../../shared/reports/carom';
import type { PoolReport } from '../../shared/reports/pool';
import type { GolfBilliardsReport } from '../../shared/reports/golf-billiards';
import type { MinigolfReport } from '../../shared/reports/minigolf';
import type { GameSummary } from '../../shared/game/engine';
import { en } from '../../dashboard/i18n/en';
import { tr } from '../../dashboard/i18n/tr';
import { he } from '../../dashboard/i18n/he';

const session = browserSession();
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

/** One table of each game and board, and a three-cushion table whose match is over. */
const WALL: VenueConfig = {
  ...DEMO_VENUE,
  tables: [
    { id: 'c1', name: 'Carom 1', game: 'three-cushion', devices: [] },
    { id: 'c2', name: 'Carom 2', game: 'three-ball', devices: [] },
    { id: 'c3', name: 'Carom 3', game: 'four-ball', devices: [] },
    { id: 'p1', name: 'Pool 1', game: 'eight-ball', devices: [] },
    { id: 'p2', name: 'Pool 2', game: 'nine-ball', devices: [] },
    { id: 'gb1', name: 'Bumper 1', game: 'golf-billiards', devices: [] },
    { id: 'mg1', name: 'Course A', game: 'minigolf', devices: [] },
    { id: 'c4', name: 'Carom 4', game: 'three-cushion', devices: [] },
  ],
};
const TABLES = WALL.tables.map((t) => t.id);

/**
 * A three-cushion game on the carom profile's rails: Ayşe (white) and Noam (yellow) to 30, a 40 s
 * shot clock, timeouts; Ayşe's last shot went n1, e, s2, then the red and the yellow.
 */
function caromOnRails(runs: number[]): GameEvent[] {
  const log = new Log(['A', 'B'], { lag: false, distance: 30, shotClockSeconds: 40, timeouts: true, timeoutsPerPlayer: 2 });
  const point = (cue: string, other: string): void =>
    void log.strike(cue).cushion(cue, 'n1').cushion(cue, 'e').cushion(cue, 's2').contact(cue, 'R').contact(cue, other).rest();
  runs.forEach((run, i) => {
    const [cue, other] = i % 2 === 0 ? ['W', 'Y'] : ['Y', 'W'];
    for (let k = 0; k < run; k++) point(cue!, other!);
    if (i < runs.length - 1) log.strike(cue).contact(cue, 'R').cushion(cue, 'w').rest();
  });
  const [start, ...rest] = log.events;
  if (start?.type === 'start')
    start.players = [
      { id: 'A', name: 'Ayşe' },
      { id: 'B', name: 'Noam' },
    ];
  return [start!, ...rest];
}

/** Starts a match from a log and feeds it until `until` holds of the engine's report (or the log ends). */
async function feedUntil(hub: TestHub, table: string, log: GameEvent[], until: (report: unknown) => boolean): Promise<void> {
  for (let n = 1; n <= log.length; n++) {
    if (hub.matches.current(table)) await hub.matches.end(table, 'abandoned');
    await feedEvents(hub, table, log.slice(0, n));
    const m = hub.matches.current(table);
    if (m && until(m.engine.report(m.state))) return;
  }
  throw new Error(`${table}: the log never reached the state asked for`);
}

async function wallHub(venue: VenueConfig = WALL): Promise<TestHub> {
  // No game clocks: the turn and shot clocks run on the page from the report, and nothing expires under the test.
  const hub = await newHub({ venue, gameClocks: false, decisionDefaultMs: null });
  session.hubs.push(hub);
  return hub;
}

/** Every table of WALL with a match in it: the state each tile's figures are checked against. */
async function fullWall(venue: VenueConfig = WALL): Promise<TestHub> {
  const hub = await wallHub(venue);
  await feedEvents(hub, 'c1', caromOnRails([3, 1, 0, 2, 4]));
  await feedFixture(hub, 'c2', 'carom/three-ball-salon-series-of-3-then-out.jsonl');
  await feedFixture(hub, 'c3', 'carom/four-ball-no-contact-erases-55.jsonl');
  await feedEvents(hub, 'p1', poolLog());
  // Nine-ball up to the shot that leaves the player at the table on two fouls in a row.
  await feedUntil(hub, 'p2', readFixture('pool/nine-ball-b-wins-on-three-fouls.jsonl'), (r) => {
    const p = r as PoolReport & { rack: { consecutiveFouls: Record<string, number> } };
    return p.rack.turn !== null && p.rack.consecutiveFouls[p.rack.turn] === 2;
  });
  // Bumper pool: Ann opens; "TIME" falls 1.5 s after the balls stop, then ten minutes to play.
  await hub.matches.start(
    'gb1',
    [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ],
    { turnMs: 1500, graceMs: 600_000 },
  );
  await golfOpening(hub, 'gb1');
  await hub.matches.input('gb1', { type: 'decide', decision: 'set1-stroke-1:opening', answer: 'A', by: 'referee' });
  await feedFixture(hub, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
  // Ayşe reached 3 against Noam's 1: the engine finished the match.
  await feedFixture(hub, 'c4', 'carom/three-cushion-ceb-lag-ayse-wins-to-3.jsonl');
  expect(hub.matches.current('c4')).toBeUndefined();
  return hub;
}

async function openTv(hub: TestHub, route: string, viewport: { width: number; height: number }, lang?: string): Promise<Page> {
  const page = await session.browser.newPage({ viewport });
  session.pages.push(page);
  if (lang) await page.addInitScript((l) => localStorage.setItem('autoref.lang', l), lang);
  await page.goto(`${hub.url}/${route}`);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
  await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
  return page;
}

/** Shows `query` on the page's wall and waits until its tiles show those tables with their reports. */
async function show(page: Page, query: string, tables: string[]): Promise<void> {
  await page.evaluate((q) => void (location.hash = `#/tv?${q}`), query);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.tv-wall .tile')].map(
            (t) => `${t.dataset['table']}:${t.dataset['report'] === 'true' || t.dataset['state'] === 'idle'}`,
          ),
        ),
      { timeout: 15_000, message: query },
    )
    .toEqual(tables.map((t) => `${t}:true`));
}

interface Measured {
  scroll: { height: number; inner: number; width: number; innerWidth: number };
  header: boolean;
  tiles: { table: string; size: string; overY: number; overX: number; outside: string[]; big: number; text: number; svgText: number }[];
}

/** What the test measures on the screen, in CSS pixels. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const se = document.scrollingElement!;
    const tiles = [...document.querySelectorAll<HTMLElement>('.tv-wall .tile')].map((tile) => {
      const box = tile.getBoundingClientRect();
      const shown = (e: Element): boolean => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      const outside = [...tile.querySelectorAll('*')]
        .filter((e) => {
          if (!shown(e)) return false;
          const r = e.getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
        })
        .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`);
      const px = (e: Element): number => parseFloat(getComputedStyle(e).fontSize);
      // Names and scores: the players' lines, the main figure of a tile (bumper pool's sets), a result's winner and score.
      const bigs = [...tile.querySelectorAll('.player .name, .player .points, [data-main-score], .result-who, .result-score')].filter(shown);
      let text = Infinity;
      let svgText = Infinity;
      const walk = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const parent = n.parentElement;
        if (!parent || !(n.textContent ?? '').trim() || !shown(parent)) continue;
        if (parent instanceof SVGElement) {
          if (parent.closest('title')) continue;
          svgText = Math.min(svgText, parent.getBoundingClientRect().height);
        } else text = Math.min(text, px(parent));
      }
      return {
        table: tile.dataset['table'] ?? '',
        size: tile.dataset['size'] ?? '',
        overY: tile.scrollHeight - tile.clientHeight,
        overX: tile.scrollWidth - tile.clientWidth,
        outside,
        big: Math.min(...bigs.map(px)),
        text,
        svgText,
      };
    });
    return {
      scroll: { height: se.scrollHeight, inner: innerHeight, width: se.scrollWidth, innerWidth: innerWidth },
      header: (document.querySelector('header#top') as HTMLElement).getBoundingClientRect().height > 0,
      tiles,
    };
  });
}

function checkFits(m: Measured, vh: number, where: string): void {
  expect(m.header, `${where}: no page header`).toBe(false);
  expect(m.scroll.height, `${where}: no vertical scroll`).toBeLessThanOrEqual(m.scroll.inner);
  expect(m.scroll.width, `${where}: no sideways scroll`).toBeLessThanOrEqual(m.scroll.innerWidth);
  for (const t of m.tiles) {
    const at = `${where} ${t.table} (${t.size})`;
    expect(t.overY, `${at}: nothing below the tile`).toBeLessThanOrEqual(1);
    expect(t.overX, `${at}: nothing beside the tile`).toBeLessThanOrEqual(1);
    expect(t.outside, `${at}: every element inside the tile`).toEqual([]);
    // 4 % and 2 % of the screen's height (a hundredth of a pixel for rounding).
    expect(t.big, `${at}: names and scores ≥ 4 % of the height`).toBeGreaterThanOrEqual(0.04 * vh - 0.01);
    expect(t.text, `${at}: every other text ≥ 2 % of the height`).toBeGreaterThanOrEqual(0.02 * vh - 0.01);
    if (t.svgText !== Infinity) expect(t.svgText, `${at}: the shot picture's numbers ≥ 2 %`).toBeGreaterThanOrEqual(0.02 * vh);
  }
}

/** The live report and summary of a table, as the engine gives them (the hub's live answer). */
async function live<R>(hub: TestHub, table: string): Promise<{ report: R; summary: GameSummary }> {
  return (await (await fetch(`${hub.url}/api/tables/${table}/live`)).json()) as { report: R; summary: GameSummary };
}

const text = (page: Page, sel: string): Promise<string[]> => page.locator(sel).allTextContents();
const num = (x: number, digits = 0): string => x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('TV wall: every layout at two screen sizes', () => {
  it(
    '1, 2, 4, 6 and 8 tiles at 1920×1080 and 1280×720: every game’s tile fits, no scroll, names and scores ≥ 4 %, all text ≥ 2 % of the height',
    { timeout: 240_000 },
    async () => {
      const hub = await fullWall();
      // Each layout shows every table once: one screen per group of tables (the screen's own `tables`).
      const groups = (n: number): string[][] => Array.from({ length: Math.ceil(TABLES.length / n) }, (_, i) => TABLES.slice(i * n, i * n + n));
      for (const viewport of VIEWPORTS) {
        const page = await openTv(hub, '#/tv', viewport);
        for (const tiles of [1, 2, 4, 6, 8]) {
          for (const tables of groups(tiles)) {
            // A last group short of tables gets the layout that holds them (6 tiles: 6, then 2).
            await show(page, `tiles=${tiles}&tables=${tables.join(',')}&every=600`, tables);
            checkFits(await measure(page), viewport.height, `${viewport.width}×${viewport.height} tiles=${tiles}`);
          }
        }
      }
    },
  );
});

describe('TV wall: each game’s figures, from the engine’s report of the same match', () => {
  it(
    'C3-END-1, C3-TO-1, C3-LAG-3: carom: ball and name, score, points to go, innings, average, high run, run, timeouts left, the last innings, distance and inning; the shot picture with the cushions met in order',
    { timeout: 60_000 },
    async () => {
      const hub = await fullWall();
      const page = await openTv(hub, '#/tv', VIEWPORTS[0]);
      for (const [tiles, size, series] of [
        [8, 's', 6],
        [4, 'm', 8],
        [1, 'xl', 14],
      ] as const) {
        const tables = tiles === 1 ? ['c1'] : tiles === 4 ? ['c1', 'c2', 'c3', 'c4'] : TABLES;
        await show(page, `tiles=${tiles}&tables=${tables.join(',')}&every=600`, tables);
        for (const table of ['c1', 'c2', 'c3'].filter((t) => tables.includes(t))) {
          const { report: r } = await live<CaromReport>(hub, table);
          const tile = `.tile[data-table="${table}"]`;
          expect(await page.locator(`${tile}[data-size="${size}"]`).count()).toBe(1);
          expect(await text(page, `${tile} [data-fact="distance"] .val`)).toEqual([r.config.distance === null ? en['carom.open'] : num(r.config.distance)]);
          expect(await text(page, `${tile} [data-fact="inning"] .val`)).toEqual([num(r.inning)]);
          const roleOf = (ball: string): string => Object.entries(r.config.balls).find(([, id]) => id === ball)![0];
          const dots: string[] = [];
          for (const p of r.players) {
            const line = `${tile} li.player[data-player="${p.id}"]`;
            expect(await text(page, `${line} .name`)).toEqual([p.name]);
            expect(await text(page, `${line} .points`)).toEqual([num(p.points)]);
            const fig = async (key: string): Promise<string[]> => text(page, `${line} [data-fig="${key}"] .val`);
            expect(await fig('to-go')).toEqual(r.config.distance === null ? [] : [num(r.config.distance - p.points)]);
            expect(await fig('innings')).toEqual([num(p.innings)]);
            expect(await fig('average')).toEqual([num(p.average, 3)]);
            expect(await fig('high-run')).toEqual([num(p.highRun)]);
            expect(await fig('run')).toEqual([p.currentRun === null ? '–' : num(p.currentRun)]);
            expect(await fig('timeouts')).toEqual(r.config.timeouts ? [num(r.config.timeoutsPerPlayer - p.timeoutsUsed)] : []);
            const runs = await text(page, `${line} [data-series="${p.id}"] .run`);
            expect(runs, `${table} ${p.id} series`).toEqual(p.runs.slice(-series).map((x) => num(x)));
            if (runs.length > 0) expect(await page.locator(`${line} [data-series] .run`).last().getAttribute('data-open')).toBe(String(p.currentRun !== null));
            const dot = await page.locator(`${line} .cball`).getAttribute('data-role');
            if (r.turn?.player === p.id) expect(dot).toBe(roleOf(r.turn.cueBall!));
            dots.push(dot ?? '');
          }
          // Two players play the two cue balls, one each.
          expect(dots.sort()).toEqual(['white', 'yellow']);
        }
        // The shot picture on a tile with room for it: the last shot, its steps in order, a mark per rail met.
        if (size !== 's') {
          const { report: r } = await live<CaromReport>(hub, 'c1');
          const fig = page.locator('.tile[data-table="c1"] .shot-picture');
          expect(await fig.getAttribute('data-shot')).toBe(String(r.lastShot!.no));
          const steps = r.lastShot!.sequence!;
          expect(steps.map((s) => s.type)).toEqual(['cushion', 'cushion', 'cushion', 'contact', 'contact']);
          expect(await fig.locator('.shot-steps li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-kind')))).toEqual(steps.map((s) => s.type));
          expect(await text(page, '.tile[data-table="c1"] .shot-steps .step-rail')).toEqual(['N1', 'E', 'S2']);
          expect(await fig.locator('.shot-mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-step')))).toEqual(['1', '2', '3']);
        } else expect(await page.locator('.tile[data-table="c1"] .shot-picture').count()).toBe(0);
      }
    },
  );

  it(
    'pool: racks won and the race, the rack, the balls each side needs drawn in their colours and numbered, ball in hand, the nine-ball three-foul warning',
    { timeout: 60_000 },
    async () => {
      const hub = await fullWall();
      const page = await openTv(hub, '#/tv', VIEWPORTS[1]);
      await show(page, `tiles=8&every=600`, TABLES);
      const onTable = (r: PoolReport): string[] =>
        Object.entries(r.rack.balls)
          .filter(([b, st]) => st === 'table' && b !== 'cue')
          .map(([b]) => b)
          .sort((a, b) => Number(a) - Number(b));
      // Eight-ball: each player's group on the table, then the 8.
      const { report: eight } = await live<PoolReport>(hub, 'p1');
      expect(await text(page, '.tile[data-table="p1"] [data-fact="rack"]')).toEqual([num(eight.rack.no)]);
      expect((await text(page, '.tile[data-table="p1"] [data-fact="race"]'))[0]).toBe(
        `${eight.players.map((p) => num(p.racksWon)).join(' – ')} (${en['pool.raceTo'].replace('{n}', String(eight.raceTo))})`,
      );
      for (const p of eight.players) {
        const line = `.tile[data-table="p1"] li.player[data-player="${p.id}"]`;
        expect(await text(page, `${line} .points`)).toEqual([num(p.racksWon)]);
        const group = eight.rack.groups[p.id]!;
        const mine = onTable(eight).filter((b) => (group === 'solids' ? Number(b) < 8 : Number(b) > 8));
        const drawn = page.locator(`${line} [data-needs="${p.id}"] .pball`);
        expect(await drawn.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-ball')))).toEqual([...mine, '8']);
        expect(await drawn.locator('.pnum').allTextContents()).toEqual([...mine, '8']);
        // Stripes are drawn striped, solids not; each in its colour.
        expect(await drawn.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-stripe')))).toEqual([...mine, '8'].map((b) => String(Number(b) > 8)));
        const hand = await page.locator(`${line} [data-fact="ball-in-hand"]`).count();
        expect(hand, `${p.id} ball in hand`).toBe(eight.rack.ballInHand !== null && eight.rack.turn === p.id ? 1 : 0);
      }
      const colours = await page
        .locator('.tile[data-table="p1"] .pball')
        .evaluateAll((bs) => new Set(bs.map((b) => getComputedStyle(b).getPropertyValue('--ball'))).size);
      expect(colours).toBeGreaterThan(5);
      // Nine-ball: the balls on the table, the lowest first; the player on two fouls warned.
      const { report: nine } = await live<PoolReport & { rack: { consecutiveFouls: Record<string, number> } }>(hub, 'p2');
      expect(await page.locator('.tile[data-table="p2"] [data-on-table] .pball').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-ball')))).toEqual(
        onTable(nine),
      );
      expect(await page.locator('.tile[data-table="p2"] [data-on-table] .pball[data-next]').getAttribute('data-ball')).toBe(onTable(nine)[0]);
      const turn = nine.rack.turn!;
      expect(nine.rack.consecutiveFouls[turn]).toBe(2);
      expect(await text(page, `.tile[data-table="p2"] [data-warning="${turn}"]`)).toEqual([en['tv.twoFouls']]);
      expect(await page.locator('.tile[data-table="p2"] [data-warning]').count()).toBe(1);
      for (const p of nine.players)
        expect(await text(page, `.tile[data-table="p2"] [data-fouls="${p.id}"] .val`)).toEqual([num(nine.rack.consecutiveFouls[p.id] ?? 0)]);
    },
  );

  it(
    'GB-TIME-1: bumper pool: sets as the main score, the balls left per side in its colour, the set and the race, and TIME in large letters once it is called',
    { timeout: 60_000 },
    async () => {
      const hub = await fullWall();
      for (const viewport of VIEWPORTS) {
        const page = await openTv(hub, '#/tv', viewport);
        await show(page, `tiles=8&every=600`, TABLES);
        const { report: r, summary } = await live<GolfBilliardsReport>(hub, 'gb1');
        const tile = '.tile[data-table="gb1"]';
        expect(await text(page, `${tile} [data-fact="set"]`)).toEqual([num(r.set!.number)]);
        expect(await text(page, `${tile} [data-fact="race"]`)).toEqual([en['tv.setsRace'].replace('{n}', String(r.config!.setsToWin))]);
        expect(await text(page, `${tile} [data-fact="turn"]`)).toEqual([summary.players.find((p) => p.id === r.set!.player)!.name]);
        const colours: string[] = [];
        for (const side of r.sides!) {
          expect(await text(page, `${tile} [data-sets="${side.side}"]`)).toEqual([num(side.setsWon)]);
          expect(await text(page, `${tile} [data-left="${side.side}"]`)).toEqual([num(side.left)]);
          const balls = page.locator(`${tile} .ball-row[data-side="${side.side}"] .gball`);
          expect(await balls.count()).toBe(side.left);
          colours.push(await balls.first().evaluate((b) => getComputedStyle(b).backgroundColor));
          for (const id of side.players)
            expect(await text(page, `${tile} li.player[data-player="${id}"] .points`)).toEqual([num(summary.players.find((p) => p.id === id)!.score)]);
        }
        expect(new Set(colours).size).toBe(2);
        // 1.5 s after the balls stopped: TIME, as large as a score.
        const clock = page.locator(`${tile} [data-fact="clock"]`);
        await expect.poll(() => clock.getAttribute('data-phase'), { timeout: 10_000 }).toBe('time');
        expect(await clock.textContent()).toMatch(new RegExp(`^${en['golf.time']} · \\d+ s$`));
        const size = await clock.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
        expect(size).toBeGreaterThanOrEqual(0.04 * viewport.height);
        checkFits(await measure(page), viewport.height, `gb1 TIME at ${viewport.width}`);
      }
    },
  );

  it(
    'MG-SCORE-1: minigolf: the leaderboard by total with lanes played, 1s and 7s, each group’s lane; the group’s scorecard on a big tile only',
    { timeout: 60_000 },
    async () => {
      const hub = await fullWall();
      const page = await openTv(hub, '#/tv', VIEWPORTS[0]);
      const { report: r } = await live<MinigolfReport>(hub, 'mg1');
      for (const [query, tables, cards] of [
        ['tiles=8&every=600', TABLES, false],
        ['table=mg1', ['mg1'], true],
      ] as const) {
        await show(page, query, [...tables]);
        const tile = '.tile[data-table="mg1"]';
        const rows = await page.locator(`${tile} li.player`).evaluateAll((ls) => ls.map((l) => l.getAttribute('data-player')!));
        expect(rows.length).toBe(r.players.length);
        const totals = rows.map((id) => r.players.find((p) => p.id === id)!.total);
        expect(totals).toEqual([...totals].sort((a, b) => a - b));
        for (const p of r.players) {
          const line = `${tile} li.player[data-player="${p.id}"]`;
          const scores = p.rounds.flatMap((c) => c.lanes.filter((v): v is number => v !== null));
          expect(await text(page, `${line} .name`)).toEqual([p.name]);
          expect(await text(page, `${line} .points`)).toEqual([num(p.total)]);
          const fig = (key: string): Promise<string | null> =>
            page.locator(`${line} [data-fig="${key}"]`).evaluate((e) => (e.querySelector('.val') ?? e).textContent);
          expect(await fig('played')).toBe(num(scores.length));
          expect(await fig('aces')).toBe(num(scores.filter((v) => v === 1).length));
          expect(await fig('maxes')).toBe(num(scores.filter((v) => v === r.config.max).length));
        }
        for (const g of r.groups.filter((x) => !x.done && x.lane !== null))
          expect(await text(page, `${tile} [data-group-lane="${g.id}"] .mg-where`)).toEqual([
            en['tv.groupLane'].replace('{group}', g.id).replace('{lane}', String(g.lane)),
          ]);
        expect(await page.locator(`${tile} [data-group-card]`).count()).toBe(cards ? r.groups.length : 0);
      }
    },
  );
});

describe('TV wall: the shot clock, a finished match, the venue’s layout, paging', () => {
  it('C3-TIME-1: the shot clock bar is green with 12 s left, amber with 8 s, red with 3 s (on the hub’s time)', { timeout: 60_000 }, async () => {
    const venue: VenueConfig = {
      ...DEMO_VENUE,
      tables: ['k1', 'k2', 'k3'].map((id) => ({ id, name: id.toUpperCase(), game: 'three-cushion' as const, devices: [] })),
    };
    const hub = await wallHub(venue);
    for (const table of ['k1', 'k2', 'k3']) await feedEvents(hub, table, caromOnRails([2, 1]));
    for (const viewport of VIEWPORTS) {
      const page = await openTv(hub, '#/tv?tiles=4&every=600', viewport);
      await show(page, 'tiles=4&every=600', ['k1', 'k2', 'k3']);
      // The referee's "play" (re)started each 40 s clock so long ago that 12, 8 and 3 s are left now.
      const left = { k1: 12, k2: 8, k3: 3 } as const;
      const player = hub.matches.summaryOf('k1')!.turn!;
      for (const [table, s] of Object.entries(left))
        await hub.matches.input(table, { type: 'ref', call: 'play', by: 'referee', player, t: hubNow() - (40 - s) * 1000 });
      const read = (): Promise<{ table: string; left: number; level: string; colour: string }[]> =>
        page.locator('.tile .shot-clock').evaluateAll((cs) =>
          cs.map((c) => ({
            table: (c.closest('.tile') as HTMLElement).dataset['table']!,
            left: Number((c as HTMLElement).dataset['left']),
            level: (c as HTMLElement).dataset['level']!,
            colour: getComputedStyle(c.querySelector('.fill')!).backgroundColor,
          })),
        );
      // Once the page has the restarted clocks (a second or two may pass on a busy machine: each level holds two or more).
      await expect.poll(async () => (await read()).every((c) => c.left <= left[c.table as keyof typeof left]), { timeout: 10_000 }).toBe(true);
      const seen = await read();
      for (const c of seen) expect(c.left, c.table).toBeGreaterThanOrEqual(left[c.table as keyof typeof left] - 2);
      expect(seen.map((c) => c.table)).toEqual(['k1', 'k2', 'k3']);
      expect(seen.map((c) => c.level)).toEqual(['ok', 'warn', 'danger']);
      expect(seen.map((c) => c.colour)).toEqual(['rgb(51, 204, 102)', 'rgb(240, 160, 0)', 'rgb(224, 32, 32)']);
    }
  });

  it(
    'a finished match shows its result (winner, score, key statistics) on its tile until the next match starts there; an ended one too, live',
    { timeout: 60_000 },
    async () => {
      const hub = await fullWall();
      const page = await openTv(hub, '#/tv?tiles=8&every=600', VIEWPORTS[1]);
      await show(page, 'tiles=8&every=600', TABLES);
      const record = (await hub.store.listMatches({ table: 'c4', limit: 1 }))[0]!;
      const summary = record.summary as GameSummary;
      const winner = summary.players.find((p) => p.id === summary.winner)!;
      const tile = page.locator('.tile[data-table="c4"]');
      expect(await tile.getAttribute('data-state')).toBe('ended');
      expect(await tile.locator('.tile-result .result-who').textContent()).toBe(en['tv.wins'].replace('{name}', winner.name));
      expect(await tile.locator('.tile-result .result-score').textContent()).toBe(summary.players.map((p) => num(p.score)).join(' – '));
      expect(await tile.locator('li.player[data-winner="true"] .name').allTextContents()).toEqual([winner.name]);
      // The key statistics stay: each player's innings, average and high run from the finished match's report.
      const details = (await (await fetch(`${hub.url}/api/matches/${record.id}`)).json()) as { report: CaromReport };
      for (const p of details.report.players) {
        expect(await tile.locator(`li.player[data-player="${p.id}"] [data-fig="average"] .val`).textContent()).toBe(num(p.average, 3));
        expect(await tile.locator(`li.player[data-player="${p.id}"] [data-fig="high-run"] .val`).textContent()).toBe(num(p.highRun));
      }
      expect(await page.locator('.tile').filter({ hasText: en['table.noMatch'] }).count()).toBe(0);

      // The staff end the pool match: its tile shows the result at once.
      await hub.matches.end('p1', 'finished', 'Staff', 'closing time');
      await page.locator('.tile[data-table="p1"][data-state="ended"] .tile-result').waitFor({ timeout: 10_000 });
      // A new match at c4: the result goes, the new match is shown.
      await hub.matches.start(
        'c4',
        [
          { id: 'kemal', name: 'Kemal' },
          { id: 'yael', name: 'Yael' },
        ],
        { lag: false },
      );
      await page.locator('.tile[data-table="c4"][data-state="playing"] li.player[data-player="kemal"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('.tile[data-table="c4"] .tile-result').count()).toBe(0);
    },
  );

  it(
    'the venue’s tvTiles sets the layout, the URL’s tiles overrides it; more tables than tiles page through them at the set pace',
    { timeout: 60_000 },
    async () => {
      // The venue file asks for a wall of four.
      const hub = await fullWall({ ...WALL, tvTiles: 4 });
      const page = await openTv(hub, '#/tv?every=3', VIEWPORTS[1]);
      const onScreen = (): Promise<string[]> => page.locator('.tv-wall .tile').evaluateAll((ts) => ts.map((t) => (t as HTMLElement).dataset['table']!));
      await expect.poll(onScreen).toHaveLength(4);
      expect(await page.locator('.tv-wall').getAttribute('data-tiles')).toBe('4');
      // Every table with a match or a result comes round, four at a time.
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            for (const t of await onScreen()) seen.add(t);
            return [...seen].sort();
          },
          { timeout: 20_000, interval: 300 },
        )
        .toEqual([...TABLES].sort());
      await page.evaluate(() => void (location.hash = '#/tv?tiles=2&every=600'));
      await expect.poll(onScreen).toHaveLength(2);
    },
  );
});

describe('TV wall: in Turkish and in Hebrew', () => {
  for (const [lang, dict] of [
    ['tr', tr],
    ['he', he],
  ] as const) {
    it(`${lang}: no English left on any tile, the wall of eight and each big tile; Hebrew right to left`, { timeout: 120_000 }, async () => {
      const hub = await fullWall();
      // Every English string the language says otherwise, as a pattern for a whole text.
      const english = Object.entries(en)
        .filter(([k, s]) => dict[k as keyof typeof en] !== s)
        .map(([, s]) => new RegExp(`^${s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 'u'));
      const page = await openTv(hub, '#/tv', VIEWPORTS[1], lang);
      for (const [query, tables] of [['tiles=8&every=600', TABLES], ...TABLES.map((t) => [`table=${t}`, [t]] as const)] as const) {
        await show(page, query, [...tables]);
        const texts = await page.evaluate(() => {
          const out: string[] = [];
          const walk = document.createTreeWalker(document.querySelector('.tv-wall')!, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
          return out;
        });
        expect(
          texts.filter((x) => english.some((p) => p.test(x))),
          `${lang} ${query}`,
        ).toEqual([]);
        checkFits(await measure(page), VIEWPORTS[1].height, `${lang} ${query}`);
      }
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'he' ? 'rtl' : 'ltr');
    });
  }
});

describe('the shot picture on the scoreboards', () => {
  it(
    'C3-POINT-1: with the tracker’s reading, the balls’ paths and its events numbered in order, on the table’s scoreboard and its TV tile; without, on the match page of a finished game, the cushions met in order',
    { timeout: 60_000 },
    async () => {
      const hub = await wallHub();
      await hub.matches.start(
        'c1',
        [
          { id: 'a', name: 'Ayşe' },
          { id: 'b', name: 'Baruch' },
        ],
        { lag: false, breakRedFirst: false },
      );
      // The acoustic table's knocks and clicks, placed but unnamed, and the tracker's reading of them (hub/api/tracked.test.ts).
      const said = ['W→s', 'W→e', 'W→n', 'W×R', 'W×Y'].map((x, i) =>
        x.includes('×')
          ? { type: 'contact' as const, t: 3000 + i, a: x[0]!, b: x[2]!, x: 2.1, y: 0.7 }
          : { type: 'cushion' as const, t: 3000 + i, ball: x[0]!, cushion: x[2]!, x: 1 + i * 0.4, y: i === 2 ? 1.42 : 0 },
      );
      const path: [number, number][] = [
        [0.71, 0.53],
        [1, 0.03],
        [2.8, 0.6],
        [2.1, 1.39],
        [2.12, 0.7],
      ];
      let t = hubNow();
      for (const e of [
        { type: 'strike', by: 'hub' },
        ...said.map((r) =>
          r.type === 'cushion'
            ? { type: 'cushion', by: 'sensor', cushion: r.cushion, x: r.x, y: r.y, sd: 0.05 }
            : { type: 'contact', by: 'sensor', x: r.x, y: r.y, sd: 0.1 },
        ),
        {
          type: 'track',
          by: 'hub',
          cue: 'W',
          readings: [{ probability: 0.995, events: said }],
          paths: { W: path },
          rest: { W: { x: 2.2, y: 0.72, sd: 0.1 } },
          evidence: { knocks: 3, clicks: 2, unexplained: 0, hypotheses: 120, ms: 3.2 },
        },
        { type: 'at_rest', by: 'hub' },
      ])
        await hub.matches.sensor('c1', { ...e, t: (t += 300) } as GameEvent);
      const { report } = await live<CaromReport>(hub, 'c1');
      expect(report.lastShot?.picture?.events).toHaveLength(5);
      for (const route of ['#/table/c1', '#/tv?table=c1']) {
        const page = await openTv(hub, route, VIEWPORTS[0]);
        const svg = page.locator('#view svg.shot-table[data-tracked="true"]');
        await svg.waitFor({ timeout: 10_000 });
        expect(await svg.locator('polyline.shot-path[data-ball="W"]').getAttribute('points')).toBe(
          path.map(([x, y]) => `${Math.round(x * 1000) / 10},${Math.round((1.42 - y) * 1000) / 10}`).join(' '),
        );
        expect(await svg.locator('polyline.shot-path').getAttribute('data-role')).toBe('white');
        expect(await svg.locator('.shot-mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-step')))).toEqual(['1', '2', '3', '4', '5']);
        expect(await page.locator('#view .shot-steps li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-kind')))).toEqual(said.map((e) => e.type));
      }

      // A finished game's page (no tracker): the last shot's cushions on their rails, then its contacts, in order.
      await feedEvents(hub, 'c2', caromOnRails([1, 0, 1]));
      await hub.matches.end('c2', 'finished', 'Staff', 'closing time');
      const id = (await hub.store.listMatches({ table: 'c2', limit: 1 }))[0]!.id;
      const page = await openTv(hub, `#/match/${id}`, VIEWPORTS[0]);
      const fig = page.locator('#view .board.carom .shot-picture');
      await fig.waitFor({ timeout: 10_000 });
      expect(await fig.locator('svg.shot-table').getAttribute('data-tracked')).toBe('false');
      expect(await fig.locator('.shot-steps .step-rail').allTextContents()).toEqual(['N1', 'E', 'S2']);
      expect(await fig.locator('.shot-mark').count()).toBe(3);
      expect(await fig.locator('.shot-steps li[data-kind="contact"]').count()).toBe(2);
    },
  );
});
