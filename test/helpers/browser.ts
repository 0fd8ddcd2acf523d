/**
 * Headless Chromium from Debian's package, driven by playwright-core (no downloaded browser).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestHub } from './hub';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One browser per test file, and the hubs and pages a test opens, closed after each test:
 * `const s = browserSession();` at the top of a file, then `s.browser.newPage()`,
 * `s.hubs.push(hub)`, `s.pages.push(page)`.
 */
export function browserSession<H extends { close(): Promise<void> } = TestHub>(): { browser: Browser; hubs: H[]; pages: Page[] } {
  const s = { browser: undefined as unknown as Browser, hubs: [] as H[], pages: [] as Page[] };
  beforeAll(async () => {
    s.browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const p of s.pages.splice(0)) await p.close();
    for (const h of s.hubs.splice(0)) await h.close();
  });
  afterAll(async () => {
    await s.browser?.close();
  });
  return s;
}
