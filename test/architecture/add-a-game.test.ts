/**
 * docs/how-to/add-a-game.md, followed to the letter in a copy of the project: a made-up game
 * ("rail count": one point per cushion knock) gets its engine folder, its catalogue entry (the
 * catalogue's data and the registry's row) and its strings, and nothing else. The copy then
 * typechecks, and `autoref start` (the demo, as a new user runs it) puts the game on a simulated
 * table driven by the real firmware, scores it with the new engine, and shows it on the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { copyProject } from '../helpers/project-copy';
import { startHubProcess, type HubProcess } from '../helpers/cli-hub';
import { launchBrowser } from '../helpers/browser';
import { waitFor } from '../helpers/hub';
import { visit } from '../helpers/journey';
import type { GameEvent } from '../../shared/game/events';

const ENGINE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/made-up-game/rail-count.ts.txt'), 'utf8');

/** The page's steps, as docs/how-to/add-a-game.md gives them. */
const CATALOGUE_ENTRY = `  {
    id: 'rail-count',
    family: 'carom',
    titleKey: 'game.rail-count',
    players: { counts: [2], sides: 'none' },
    referee: { calls: [{ call: 'end_game', args: {} }], balls: 'carom' },
    startOptions: [{ key: 'target', label: 'start.distance', min: 1, max: 500 }],
    assembly: { restAfterMs: 3000, impliedStrike: true, shotEndsOn: [] },
    lanes: false,
    board: 'summary',
    simulator: { kind: 'carom', rules: 'three-ball' },
    profile: 'carom',
    demo: {
      table: { id: 'rc1', name: 'Rail count 1' },
      players: [
        { id: 'ann', name: 'Ann' },
        { id: 'bob', name: 'Bob' },
      ],
      config: { target: 500 },
    },
  },`;
const IMPORT_LINE = "import { railCount } from './rail-count/index';";
const ROW_LINE = "  'rail-count': railCount as RulesEngine<never>,";
const STRINGS: Record<string, string> = { en: 'Rail count', tr: 'Bant sayma', he: 'ספירת דפנות' };
const stringLine = (name: string): string => `  'game.rail-count': '${name}',`;

/** The score of each player from the match's log alone: one point per knock, at most 10 a shot, turns alternating. */
function scoresFromLog(events: readonly GameEvent[], players: readonly string[]): Record<string, number> {
  const score: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
  let turn = 0;
  let knocks: number | null = null;
  for (const e of events) {
    if (e.type === 'strike' || e.type === 'contact' || e.type === 'off_table') knocks ??= 0;
    else if (e.type === 'cushion') knocks = (knocks ?? 0) + 1;
    else if (e.type === 'at_rest' && knocks !== null) {
      score[players[turn]!]! += Math.min(knocks, 10);
      turn = (turn + 1) % players.length;
      knocks = null;
    }
  }
  return score;
}

describe('adding a game: docs/how-to/add-a-game.md, followed in a copy of the project', () => {
  const copy = copyProject();
  let hub: HubProcess | undefined;
  let browser: Browser | undefined;
  // The page's three steps, made in the copy.
  beforeAll(() => {
    copy.write('hub/rules/rail-count/index.ts', ENGINE);
    copy.insertAfter('shared/game/catalogue.ts', '// catalogue entries (', CATALOGUE_ENTRY);
    copy.insertAfter('hub/rules/registry.ts', '// engine imports', IMPORT_LINE);
    copy.insertAfter('hub/rules/registry.ts', '// engine rows', ROW_LINE);
    for (const [lang, name] of Object.entries(STRINGS)) copy.insertAfter(`dashboard/i18n/${lang}.ts`, "'game.minigolf':", stringLine(name));
  });
  afterAll(async () => {
    await browser?.close();
    await hub?.stop();
    copy.cleanup();
  });

  it('uses the very snippets the page gives', () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/how-to/add-a-game.md'), 'utf8');
    for (const snippet of [
      CATALOGUE_ENTRY,
      IMPORT_LINE,
      ROW_LINE,
      stringLine('Rail count'),
      'hub/rules/rail-count/index.ts',
      '// catalogue entries (',
      '// engine imports',
      '// engine rows',
      "'game.minigolf':",
    ]) {
      expect(page, snippet).toContain(snippet);
    }
  });

  it('touches only the game folder, its catalogue entry (catalogue and registry) and its strings', () => {
    expect(copy.changedFiles()).toEqual([
      'dashboard/i18n/en.ts',
      'dashboard/i18n/he.ts',
      'dashboard/i18n/tr.ts',
      'hub/rules/rail-count/index.ts',
      'hub/rules/registry.ts',
      'shared/game/catalogue.ts',
    ]);
  });

  it('typechecks with nothing else changed', async () => {
    const r = await copy.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 300_000);

  it('runs in the demo: a simulated table with the real firmware, scored by its engine, shown on the page', async () => {
    hub = await startHubProcess(
      ['--store', path.join(copy.dir, 'autoref.db'), '--port', '0', '--broker-port', '0', '--host', '127.0.0.1'],
      { AUTOREF_TOKEN: '97531' },
      120_000,
      copy.dir,
    );
    expect(hub.alive(), hub.err.join('\n')).toBe(true);
    type Live = { match: string | null; game?: string; seq?: number; summary?: { players: { id: string; score: number }[] }; report?: { shots: number } };
    let live: Live = { match: null };
    await waitFor(
      async () => {
        live = (await (await fetch(`${hub!.url}/api/tables/rc1/live`)).json()) as Live;
        return (live.report?.shots ?? 0) >= 2;
      },
      'two shots of rail count scored on the simulated table',
      150_000,
    );
    expect(live.game).toBe('rail-count');
    // The engine's score is the log's: what the table's sensors reported, counted by the rules.
    const { events } = (await (await fetch(`${hub.url}/api/matches/${live.match}/events`)).json()) as { events: GameEvent[] };
    const upTo = events.filter((e) => (e.seq ?? 0) <= live.seq!);
    expect(upTo.some((e) => e.type === 'cushion')).toBe(true);
    const expected = scoresFromLog(upTo, ['ann', 'bob']);
    expect(Object.fromEntries(live.summary!.players.map((p) => [p.id, p.score]))).toEqual(expected);

    browser = await launchBrowser();
    const page = await browser.newPage();
    await visit(page, `${hub.url}/#/table/rc1`);
    await page.waitForSelector('.board-summary');
    expect(await page.textContent('.game-name')).toBe('Rail count');
    const rows = await page.$$eval('.board-summary tbody th', (ths) => ths.map((x) => x.textContent));
    expect(rows).toEqual(['Ann', 'Bob']);
    // In Turkish, as a phone that picked it (the language picker keeps the choice in localStorage).
    await page.evaluate(() => localStorage.setItem('autoref.lang', 'tr'));
    await page.reload();
    await page.locator('html[lang="tr"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForSelector('.board-summary');
    expect(await page.textContent('.game-name')).toBe('Bant sayma');
  }, 300_000);
});
