/**
 * Journey: the venue restarts its hub (or the machine reboots), and the QR codes printed on the
 * tables keep working. Before: every start without `--token` made a new PIN and so new table
 * tokens, and every printed code stopped working.
 *
 * As the venue does it: the hub started as the README says (`node bin/autoref.js start --venue …
 * --no-sim`, no --token: it makes a PIN and prints it once); the referee signs in on the referee
 * panel with that PIN and shows the table's QR code; the code is read as a phone's camera would
 * (decoded from the image on the page, test/helpers/qr-decode.ts) and its link opened on a phone,
 * which starts a match. The hub is stopped and started again; a phone that never saw the table
 * (a fresh browser) opens the same printed link and ends the match, then starts the next one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { VenueConfig } from '../../shared/venue';
import { launchBrowser } from '../helpers/browser';
import { freePort, startHubProcess, type HubProcess } from '../helpers/cli-hub';
import { decodeQrSvg } from '../helpers/qr-decode';
import { visit } from '../helpers/journey';

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-journey-restart-'));
const venue: VenueConfig = {
  id: 'corner-bar',
  name: 'Corner bar',
  language: 'en',
  tables: [{ id: 'gb1', name: 'Bumper pool', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt', profile: 'golf-billiards' }] }],
};
const venueFile = path.join(dir, 'corner-bar.json');
writeFileSync(venueFile, JSON.stringify(venue, null, 2));
let browser: Browser;
const hubs: HubProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const h of hubs) await h.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** `npx autoref start --venue corner-bar.json --no-sim` with a store in the venue's folder, on fixed ports (a venue's are). */
async function startHub(ports: { http: number; broker: number }): Promise<HubProcess> {
  const h = await startHubProcess([
    '--venue',
    venueFile,
    '--no-sim',
    '--store',
    path.join(dir, 'autoref.db'),
    '--port',
    String(ports.http),
    '--broker-port',
    String(ports.broker),
    '--host',
    '127.0.0.1',
  ]);
  hubs.push(h);
  expect(h.alive(), h.err.join('\n')).toBe(true);
  return h;
}

/** The referee panel: sign in with the PIN, show the table's QR code, and read it off the page. */
async function printedLink(url: string, pin: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await visit(page, `${url}/#/ref/gb1`);
    await page.locator('#pin').fill(pin);
    await page.locator('#pin-form button[type="submit"]').click();
    await page.locator('#show-qr').click();
    const img = page.locator('#qr img');
    await img.waitFor();
    const svg = await page.evaluate(async (src) => (await fetch(src)).text(), (await img.getAttribute('src'))!);
    return decodeQrSvg(svg);
  } finally {
    await page.close();
  }
}

/** A phone that has never been at the table: its own browser context, nothing stored. */
async function phone(link: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await visit(page, link);
  return { page, close: () => context.close() };
}

async function startFromPhone(page: Page): Promise<void> {
  await page.locator('#start-form input[name="player-1"]').fill('Ann');
  await page.locator('#start-form input[name="player-2"]').fill('Bob');
  await page.locator('#start-form button[type="submit"]').click();
  // The message of an earlier action (ending the last match) may still say ok: the match has begun
  // when the phone shows it instead of the start form.
  await page.locator('#start-form').waitFor({ state: 'detached' });
  await page.locator('#phone-message[data-ok="true"]').waitFor();
}

const live = async (url: string): Promise<{ match: string | null }> => (await (await fetch(`${url}/api/tables/gb1/live`)).json()) as { match: string | null };

describe('journey: the venue restarts its hub', () => {
  it('reads the QR decoder’s own round trip (the camera of this journey)', async () => {
    const text = 'http://127.0.0.1:8080/#/phone/gb1?t=tt_0123456789abcdefABCDEF-_';
    expect(decodeQrSvg(await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))).toBe(text);
  });

  it('the printed table QR code and its phone link still work after the hub is stopped and started again', { timeout: 180_000 }, async () => {
    const ports = { http: await freePort(), broker: await freePort() };
    const first = await startHub(ports);
    const pinLine = first.out.find((l) => l.startsWith('referee PIN for changes: '));
    expect(pinLine, first.out.join('\n')).toBeDefined();
    const pin = /referee PIN for changes: (\d{6})/.exec(pinLine!)![1]!;

    const link = await printedLink(first.url, pin);
    expect(link).toMatch(new RegExp(`^${first.url}/#/phone/gb1\\?t=.`));
    const before = await phone(link);
    await startFromPhone(before.page);
    await before.close();
    const match = (await live(first.url)).match;
    expect(match).not.toBeNull();

    await first.stop();
    expect(await first.exited).toBe(0);
    const second = await startHub(ports);
    expect((await live(second.url)).match).toBe(match);

    // The same printed code, on a phone that never saw it: a write goes through (end the match, start the next).
    const after = await phone(link);
    await after.page.locator('#end-match').click();
    const said = after.page.locator('#phone-message');
    await expect.poll(() => said.textContent()).not.toBe('');
    expect({ ok: await said.getAttribute('data-ok'), text: await said.textContent() }).toEqual({ ok: 'true', text: expect.any(String) });
    expect((await live(second.url)).match).toBeNull();
    await after.page.locator('#start-form').waitFor();
    await startFromPhone(after.page);
    expect((await live(second.url)).match).not.toBeNull();
    await after.close();

    // The PIN is not made (nor printed) again: the one on the referee's note still holds, and shows the very same code.
    expect(second.out.some((l) => l.startsWith('referee PIN for changes'))).toBe(false);
    expect(second.out).toContain('referee PIN: the one kept in the store (printed when it was made; set a new one with --token or AUTOREF_TOKEN)');
    expect(await printedLink(second.url, pin)).toBe(link);
    await second.stop();
  });
});
