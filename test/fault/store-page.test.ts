/**
 * What the staff see of a failing store: the devices page says the event store works, then, after a
 * game event could not be stored, that it is failing, with the last error and the table whose match
 * stopped (headless Chromium, the page as a person opens it). Before: nothing on any page (and the
 * hub was gone anyway: store-errors.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { browserSession } from '../helpers/browser';
import { newHub, waitFor } from '../helpers/hub';
import { SqliteStore } from '../../hub/store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';

const PIN = 'store-page-pin';
const session = browserSession();
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-store-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the devices page and a failing store', () => {
  it('shows the store working, then failing with its last error and the stopped match', { timeout: 60_000 }, async () => {
    const hub = await newHub({
      token: PIN,
      storePath: path.join(dir, 'hub.db'),
      decisionDefaultMs: null,
      gameClocks: false,
      assembler: { reorderMs: 0, restAfterMs: 200 },
    });
    session.hubs.push(hub);
    const started = await hub.app.inject({
      method: 'POST',
      url: '/api/tables/gb1/matches',
      payload: {
        players: [
          { id: 'ann', name: 'Ann', side: 'A' },
          { id: 'bob', name: 'Bob', side: 'B' },
        ],
      },
      headers: { authorization: `Bearer ${PIN}` },
    });
    expect(started.statusCode).toBe(201);
    const page = await session.browser.newPage();
    session.pages.push(page);
    await page.goto(`${hub.url}/#/devices`);
    await page.locator('#store-state[data-state="ok"]').waitFor();

    const full = vi.spyOn(SqliteStore.prototype, 'appendGameEvent').mockRejectedValue(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));
    try {
      hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'boot1', n: 1, t: 1_000_000, e: 'cushion', s: 'r1', p: 'N' }), {
        link: 'test',
        send: () => undefined,
      });
      await waitFor(() => hub.matches.haltedOn('gb1') !== undefined, 'the match stopped');
    } finally {
      full.mockRestore();
    }
    // The page looks again by itself (a failing store sends nothing on the stream).
    const state = page.locator('#store-state[data-state="failing"]');
    await state.waitFor({ timeout: 20_000 });
    const text = (await state.textContent()) ?? '';
    expect(text).toContain('FAILING');
    expect(text).toContain('database or disk is full (SQLITE_FULL)');
    expect(await page.locator(`#store-state .store-halted[data-table="gb1"]`).textContent()).toContain(
      `The match on ${DEMO_VENUE.tables.find((t) => t.id === 'gb1')!.name} stopped taking input`,
    );
    expect(await state.getAttribute('role')).toBe('alert');
  });
});
