/**
 * The dashboard the hub serves is all there is: page, script and style come from the hub, and
 * none of them names anything on the internet (venues often have none). The only absolute URL
 * allowed is the SVG namespace, which is a name, never fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../app';
import { DEMO_VENUE } from '../../shared/venue';
import { bundleDashboard } from './dashboard';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Absolute or protocol-relative URLs in a text (`//host.tld/...`), the SVG namespace left out. */
function externalUrls(text: string): string[] {
  const found = [...text.matchAll(/(?:https?:)?\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s"'`)]*/gi)].map((m) => m[0]);
  return found.filter((u) => u !== SVG_NAMESPACE);
}

let hub: Hub;
beforeAll(async () => {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:' });
});
afterAll(() => hub.close());

describe('the dashboard served by the hub', () => {
  it('names nothing outside the hub: no URL, no external font, no CSS import', async () => {
    const { html, js, css } = await bundleDashboard();
    expect(externalUrls(html)).toEqual([]);
    expect(externalUrls(js)).toEqual([]);
    expect(externalUrls(css)).toEqual([]);
    expect(css).not.toMatch(/@import|@font-face|url\(/);
    // The page loads only the hub's own two files.
    expect([...html.matchAll(/(?:src|href)="([^"#]+)"/g)].map((m) => m[1])).toEqual(['/app.css', '/app.js']);
  });

  it('serves the page, its script and its style from the hub', async () => {
    const { html, js, css } = await bundleDashboard();
    for (const [url, type, body] of [
      ['/', 'text/html', html],
      ['/app.js', 'text/javascript', js],
      ['/app.css', 'text/css', css],
    ] as const) {
      const r = await hub.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toContain(type);
      expect(r.body, url).toBe(body);
    }
    expect((await hub.app.inject({ url: '/favicon.ico' })).statusCode).toBe(204);
  });
});
