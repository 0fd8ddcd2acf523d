/**
 * Match set-ups for the browser tests and the screenshots: recorded fixture logs fed into a
 * real hub's match manager, and a golf-billiards stroke that leaves a question for the players.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hub } from '../../hub/app';
import type { GameEvent } from '../../shared/game/events';
import { Log } from '../../hub/rules/carom/testkit';
import type { Origin } from '../../hub/ingest/pipeline';
import type { HubCommand } from '../../shared/protocol/schema';
import { SimDevice, type SimEventFields, type Transport } from '../../sim/device';
import type { Browser, Page } from 'playwright-core';
import { newHub, type TestHub } from '../helpers/hub';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** A recorded fixture log (test/fixtures/<file>). */
/** The demo venue with claims off (claimWindowS 0): a foul no sensor sees is asked, as any question. */
export const ASKING_VENUE: VenueConfig = { ...DEMO_VENUE, claimWindowS: 0 };

export function readFixture(file: string): GameEvent[] {
  return readFileSync(path.join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GameEvent);
}

/** Starts a match at `table` from a fixture log and feeds its first `count` events after the start. */
export async function feedFixture(hub: Hub, table: string, file: string, count = Infinity): Promise<void> {
  await feedEvents(hub, table, readFixture(file), count);
}

/**
 * The recorded start config, with the goals the log's goal events name when it gives none: a log
 * written against the engine's own goal ids (`goal-<side>`) keeps them on a table whose profile
 * would give the match its beams' places instead (hub/games/table-config.ts).
 */
function recordedConfig(players: { side?: string }[], config: Record<string, unknown> | undefined, events: GameEvent[]): Record<string, unknown> | undefined {
  const named = new Set(events.flatMap((e) => (e.type === 'goal' ? [e.goal] : [])));
  const sides = [...new Set(players.flatMap((p) => (p.side ? [p.side] : [])))];
  if (named.size === 0 || config?.['goals'] !== undefined || sides.length !== 2 || !sides.some((x) => named.has(`goal-${x}`))) return config;
  return { ...config, goals: Object.fromEntries(sides.map((x) => [x, `goal-${x}`])) };
}

/** Starts a match at `table` from a log (first event: start) and feeds `count` events after it. */
export async function feedEvents(hub: Hub, table: string, events: GameEvent[], count = Infinity): Promise<void> {
  const [start, ...rest] = events;
  if (!start || start.type !== 'start') throw new Error('no start event');
  const t0 = Date.now() - (rest.at(-1)?.t ?? 0);
  await hub.matches.start(table, start.players, recordedConfig(start.players, start.config, rest));
  for (const e of rest.slice(0, count)) {
    if (!hub.matches.current(table)) break; // the engine ended the match (distance reached)
    const { seq: _seq, ...input } = e;
    await hub.matches.input(table, { ...input, t: t0 + e.t } as Parameters<Hub['matches']['input']>[1]);
  }
}

/** Sensor events of golf billiards, as the shot assembler hands them to the match. */
export async function sensor(hub: Hub, table: string, e: Record<string, unknown>): Promise<void> {
  await hub.matches.sensor(table, { by: 'sensor', t: Date.now(), ...e } as GameEvent);
}

/** Opening stroke: leaves the players' question "whose opening ball stopped closest?". */
export async function golfOpening(hub: Hub, table: string): Promise<void> {
  await sensor(hub, table, { type: 'strike' });
  await sensor(hub, table, { type: 'at_rest' });
}

/** Ann (side A) and Bob (side B) start a golf-billiards match at `table` and play its opening stroke. */
export async function annAndBobOpen(hub: Hub, table = 'gb1'): Promise<void> {
  await hub.matches.start(
    table,
    [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ],
    undefined,
  );
  await golfOpening(hub, table);
}

/**
 * Side A's A1 goes straight onto A2 then into goal B: a goal (1–0) the players may annul. Goal
 * B is the table's beam at place "b" (its profile's goals are the match's, hub/games/table-config.ts).
 */
export async function golfOwnOntoOwn(hub: Hub, table: string): Promise<void> {
  await sensor(hub, table, { type: 'strike', ball: 'A1' });
  await sensor(hub, table, { type: 'contact', a: 'A1', b: 'A2' });
  await sensor(hub, table, { type: 'goal', goal: 'b', ball: 'A1' });
  await sensor(hub, table, { type: 'at_rest' });
}

/** A three-cushion log: `runs[i]` points in inning i, Ayşe (white) and Noam (yellow) in turn. */
export function caromLog(runs: number[], config: Record<string, unknown> = {}): GameEvent[] {
  const log = new Log(['A', 'B'], { lag: false, ...config });
  runs.forEach((run, i) => {
    const ball = i % 2 === 0 ? 'W' : 'Y';
    for (let k = 0; k < run; k++) log.point3c(ball);
    log.miss(ball);
  });
  const [start, ...rest] = log.events as GameEvent[];
  if (start?.type === 'start')
    start.players = [
      { id: 'A', name: 'Ayşe' },
      { id: 'B', name: 'Noam' },
    ];
  return [start!, ...rest];
}

/**
 * A simulated device whose lines go straight into the hub's ingest (the same `accept` every
 * link uses), and whose acknowledgements come straight back: the sensor path without a cable.
 */
export type InProcessDevice = SimDevice & { line(msg: object): void };

export function inProcessDevice(hub: Hub, id: string, seen?: HubCommand[]): InProcessDevice {
  let toDevice: ((cmd: HubCommand) => void) | null = null;
  const origin: Origin = {
    link: 'test:in-process',
    send: (_device, cmd) => {
      seen?.push(cmd);
      toDevice?.(cmd);
    },
  };
  const transport: Transport = {
    send: (msg) => hub.ingest.accept(JSON.stringify(msg), origin),
    onCommand: (cb) => {
      toDevice = cb;
    },
    close: async () => {},
  };
  // `line`: any message on the device's own link (a status with faults, say), as its firmware would send it.
  return Object.assign(new SimDevice(id, transport), { line: (msg: object) => hub.ingest.accept(JSON.stringify(msg), origin) });
}

/** A simulated device in process whose clock (device time) the caller sets: `at(ms, event)`. */
export type ScriptedDevice = InProcessDevice & { at(ms: number, f: SimEventFields): void };

export function scriptedDevice(hub: Hub, id: string, profile: string, seen?: HubCommand[]): ScriptedDevice {
  const device = inProcessDevice(hub, id, seen) as ScriptedDevice;
  let ms = 1000;
  device.micros = () => Math.round(ms * 1000);
  device.at = (t, f) => {
    ms = t;
    device.emit(f);
  };
  device.hello(profile);
  return device;
}

/**
 * What a user does at a golf-billiards calibration step, in device time from `t0` (as in
 * test/integration/calibration.test.ts): a flicker and a noise pulse in the quiet step, five
 * balls with a bounce 2 ms after each through a beam, five rail hits ringing 3 and 6 ms later
 * (the first on c1 also reaching c2). Returns the events sent per sensor.
 */
export function calibrationHits(device: ScriptedDevice, step: string, t0: number): Record<string, number> {
  const sent: Record<string, number> = {};
  const e = (ms: number, f: SimEventFields): void => {
    device.at(t0 + ms, f);
    sent[f.s] = (sent[f.s] ?? 0) + 1;
  };
  if (step === 'quiet') {
    e(100, { e: 'goal', s: 'g1', p: 'a', w: 150 });
    e(900, { e: 'out', s: 'o1', w: 400 });
  } else if (step === 'g1' || step === 'g2' || step === 'o1') {
    const ev = step === 'o1' ? 'out' : 'goal';
    [40_000, 25_000, 60_000, 12_000, 30_000].forEach((w, i) => {
      e(i * 1000, { e: ev, s: step, w });
      e(i * 1000 + w / 1000 + 2, { e: ev, s: step, w: 300 });
    });
  } else {
    for (let i = 0; i < 5; i++) for (const d of [0, 3, 6]) e(i * 1000 + d, { e: 'cushion', s: step });
    if (step === 'c1') e(20, { e: 'cushion', s: 'c2' });
  }
  return sent;
}

/**
 * An 8-ball rack at p1 in four shots: Ayşe breaks and pockets the 1, then misses; Noam pockets
 * the 10 (stripes for him, solids for her), then hits the 3 first: a foul, ball in hand for Ayşe.
 */
export function poolLog(): GameEvent[] {
  const log: Record<string, unknown>[] = [
    {
      type: 'start',
      seq: 0,
      t: 0,
      players: [
        { id: 'A', name: 'Ayşe' },
        { id: 'B', name: 'Noam' },
      ],
      config: { raceTo: 3 },
    },
  ];
  const add = (e: Record<string, unknown>): void => void log.push({ ...e, seq: log.length, t: log.length * 200 });
  const shot = (...events: Record<string, unknown>[]): void => {
    add({ type: 'strike', ball: 'cue' });
    events.forEach(add);
    add({ type: 'at_rest' });
  };
  shot({ type: 'contact', a: 'cue', b: '1' }, ...['3', '4', '5', '6'].map((ball) => ({ type: 'cushion', ball, cushion: 'side' })), {
    type: 'pocket',
    ball: '1',
    pocket: 'c1',
    captured: true,
  });
  shot({ type: 'contact', a: 'cue', b: '2' }, { type: 'cushion', ball: '2', cushion: 'side' });
  shot({ type: 'contact', a: 'cue', b: '10' }, { type: 'pocket', ball: '10', pocket: 'c2', captured: true });
  shot({ type: 'contact', a: 'cue', b: '3' });
  return log as GameEvent[];
}

/**
 * A hub with the venue PIN and a page on a route of it, both closed after each test by the
 * file's browser session: `open` resolves once the page is live and has read the hub's hello (the
 * venue's name is in), so views drawn from then on stay.
 */
export function viewKit(
  session: { browser: Browser; hubs: TestHub[]; pages: Page[] },
  pin: string,
): {
  hub(extra?: Parameters<typeof newHub>[0]): Promise<TestHub>;
  open(h: TestHub, route: string, init?: (page: Page) => Promise<void>): Promise<Page>;
} {
  return {
    async hub(extra = {}) {
      const h = await newHub({ token: pin, ...extra });
      session.hubs.push(h);
      return h;
    },
    async open(h, route, init) {
      const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
      session.pages.push(page);
      await init?.(page);
      await page.goto(`${h.url}/${route}`);
      await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached' });
      await page.locator('#venue-name', { hasText: DEMO_VENUE.name }).waitFor({ state: 'attached' });
      return page;
    },
  };
}
