/**
 * Screenshots of every main view, for docs/screenshots/ and the README:
 *   npx tsx test/browser/screenshots.ts [name ...]
 * (names, e.g. `calibration`: only those; none: all).
 * A real hub (temp SQLite file) with one match per game from the recorded fixtures, a real
 * headless Chromium. Phone at 375 px, TV at 1920×1080, the rest at 1280×800.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../helpers/browser';
import { newHub, waitFor } from '../helpers/hub';
import { calibrationHits, caromLog, feedEvents, feedFixture, annAndBobOpen, inProcessDevice, poolLog, scriptedDevice } from './setup';

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const only = process.argv.slice(2);
const dir = mkdtempSync(path.join(tmpdir(), 'autoref-shots-'));
const hub = await newHub({ token: '2468', storePath: path.join(dir, 'hub.db') });
const browser = await launchBrowser();
try {
  // Device activity for the feed and the devices view (a real sensor path, no cable),
  // before any match, so that they score nothing.
  for (const [id, profile] of [
    ['gb1-a', 'golf-billiards'],
    ['p1-a', 'pool'],
  ] as const) {
    const device = inProcessDevice(hub, id);
    device.hello(profile);
    if (id === 'gb1-a') for (const s of ['cushion', 'contact', 'cushion']) device.emit({ e: s, s: `${s[0]}1` });
    else device.emit({ e: 'rattle', s: 'pk3', p: 'corner-3' });
    // A status as the firmware sends it: events waiting for their ack, and (pool) a noisy beam.
    device.line({
      v: 1,
      k: 'st',
      d: id,
      b: device.boot,
      t: device.micros(),
      state: 'online',
      up: 60,
      q: id === 'gb1-a' ? 2 : 0,
      cap: 256,
      lost: 0,
      f: id === 'p1-a' ? [{ s: 'o1', c: 'noisy' }] : [],
    });
  }
  await new Promise((r) => setTimeout(r, 3000)); // the shot assemblers' rest time
  // Finished matches for the history (carom chart, minigolf scorecards and lane statistics).
  await feedEvents(hub, 'c1', caromLog([2, 0, 5, 1, 0, 3, 1, 7, 0, 2, 4, 0, 1, 1, 3, 0, 6, 2, 0, 1]));
  await hub.matches.end('c1', 'finished');
  for (const [table, file] of [
    ['c1', 'carom/three-cushion-ceb-lag-ayse-wins-to-3.jsonl'],
    ['mg1', 'minigolf/normal-round-ben-wins.jsonl'],
  ] as const) {
    await feedFixture(hub, table, file);
    if (hub.matches.current(table)) await hub.matches.end(table, 'finished');
  }
  // Matches in play.
  await feedEvents(hub, 'c1', caromLog([3, 1, 0, 4, 2, 2, 1, 0, 5]));
  await feedEvents(hub, 'p1', poolLog());
  await feedFixture(hub, 'mg1', 'minigolf/two-course-shotgun-ana-wins-playoff-on-a.jsonl', 16);
  await annAndBobOpen(hub);
  const finished = (await hub.store.listMatches({ status: 'finished', limit: 10 }))
    .filter((m) => m.game === 'three-cushion')
    .sort((a, b) => a.startedAt - b.startedAt)[0];

  const shots: [string, string, { width: number; height: number }, string?][] = [
    ['venue', '#/', { width: 1280, height: 900 }],
    ['scoreboard-carom', '#/table/c1', { width: 1280, height: 800 }],
    ['scoreboard-golf-billiards', '#/table/gb1', { width: 1280, height: 800 }],
    ['scoreboard-pool', '#/table/p1', { width: 1280, height: 800 }],
    ['scoreboard-minigolf', '#/table/mg1', { width: 1280, height: 1000 }],
    ['tv', '#/tv?table=c1', { width: 1920, height: 1080 }],
    ['tv-wall-4', '#/tv?tiles=4&tables=c1,p1,gb1,mg1', { width: 1920, height: 1080 }],
    ['tv-wall-8', '#/tv?tiles=8', { width: 1920, height: 1080 }],
    ['phone', `#/phone/gb1?t=${hub.tableToken('gb1')}`, { width: 375, height: 667 }],
    ['referee', '#/ref/gb1', { width: 1280, height: 800 }, '2468'],
    ['referee-carom', '#/ref/c1', { width: 1280, height: 800 }, '2468'],
    ['referee-minigolf', '#/ref/mg1', { width: 1280, height: 800 }, '2468'],
    ['phone-minigolf', `#/phone/mg1?t=${hub.tableToken('mg1')}`, { width: 375, height: 812 }],
    ['devices', '#/devices', { width: 1280, height: 700 }],
    ['history', '#/history', { width: 1280, height: 1000 }],
    ['match-carom-runs', `#/match/${finished?.id ?? ''}`, { width: 1280, height: 900 }],
    ['overlay', '#/overlay/c1', { width: 1920, height: 1080 }],
    ['print-carom', `#/print/${finished?.id ?? ''}`, { width: 1280, height: 1000 }],
    ['print-minigolf', `#/print/${hub.matches.current('mg1')?.id ?? ''}`, { width: 1280, height: 1000 }],
    ['venue-hebrew-rtl', '#/', { width: 1280, height: 900 }],
  ];
  for (const [name, route, viewport, pin] of shots) {
    if (only.length && !only.includes(name)) continue;
    const page = await browser.newPage({ viewport });
    if (pin) await page.addInitScript((p) => sessionStorage.setItem('autoref.pin', p), pin);
    // The referee's name, as typed once on this device (sent as `who` with every write).
    if (name.startsWith('referee')) await page.addInitScript(() => localStorage.setItem('autoref.ref-who', 'Ayla Demir'));
    if (name.includes('hebrew')) await page.addInitScript(() => localStorage.setItem('autoref.lang', 'he'));
    await page.goto(`${hub.url}/${route}`);
    await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(600);
    // The overlay over a checkerboard, as streaming software shows a transparent source over video.
    if (name === 'overlay')
      await page.addStyleTag({ content: 'html { background: repeating-conic-gradient(#9a9a9a 0 25%, #d6d6d6 0 50%) 0 0 / 48px 48px !important; }' });
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: name.startsWith('referee') });
    await page.close();
    console.log(`docs/screenshots/${name}.png`);
  }

  // The calibration assistant at gb1, last: its hits would reach the golf match shown above.
  // Four steps done (suggestions so far, with a crosstalk warning), the fifth under way.
  if (!only.length || only.includes('calibration')) {
    const device = scriptedDevice(hub, 'gb1-a', 'golf-billiards');
    const auth = { authorization: 'Bearer 2468' };
    type Reply = { session: { id: string; current: number; steps: { seen: Record<string, number> }[] } };
    const started = (await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', headers: auth, payload: { table: 'gb1' } })).json() as Reply;
    const url = `/api/calibration/sessions/${started.session.id}`;
    const recorded = async (): Promise<number> => {
      const s = ((await hub.app.inject({ url })).json() as Reply).session;
      return Object.values(s.steps[s.current]!.seen).reduce((a, b) => a + b, 0);
    };
    let t0 = 10_000;
    for (const step of ['quiet', 'g1', 'g2', 'c1']) {
      const n = Object.values(calibrationHits(device, step, t0)).reduce((a, b) => a + b, 0);
      t0 += 10_000;
      await waitFor(async () => (await recorded()) === n, `calibration step ${step}`);
      await hub.app.inject({ method: 'POST', url: `${url}/next`, headers: auth });
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => sessionStorage.setItem('autoref.pin', '2468'));
    await page.goto(`${hub.url}/#/calibrate/gb1-a`);
    await page.locator('#cal-step[data-step="c2"]').waitFor();
    for (const [i, d] of [
      [0, 0],
      [0, 3],
      [0, 6],
      [1, 0],
      [1, 3],
    ] as const)
      device.at(t0 + i * 1000 + d, { e: 'cushion', s: 'c2' });
    await page.locator('#cal-live li').nth(4).waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, 'calibration.png'), fullPage: true });
    await page.close();
    console.log('docs/screenshots/calibration.png');
  }
} finally {
  await browser.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
}
