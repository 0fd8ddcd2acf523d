/**
 * One scenario per table profile, in board-independent steps: what happens at the table (a ball
 * through each beam, a hit on each piezo, a capture and a rattle in a pocket, a tag read, a beam
 * stuck and freed) and what the hub says (sync, ack, resend, cfg), on a virtual clock. The same
 * steps drive the firmware on the simulated board (here) and on the real Espruino interpreter
 * (espruino/drive.ts), so their lines can be compared one for one.
 */
import { BOARDS, type BoardId, type TableProfile } from '../../shared/profile';
import { rdm6300Frame } from './fixtures';

export type Step =
  /** Virtual time passes. */
  | { t: 'adv'; ms: number }
  /** A pin's level changes (an edge). */
  | { t: 'set'; pin: string; level: number }
  | { t: 'analog'; pin: string; v: number }
  /** What a colour sensor (TCS34725 at 0x29; on multiplexer channel `ch`, if given) sees: raw clear, red, green, blue. */
  | { t: 'colour'; crgb: [number, number, number, number]; ch?: number }
  /** A ball rolling past the colour sensor on multiplexer channel `ch`: one reading per data read (c, r, g, b each), then `idle`. */
  | { t: 'series'; ch: number; samples: number[]; idle: [number, number, number, number] }
  /** Bytes from the tag reader, on its UART. */
  | { t: 'uart'; port: string; data: string }
  /** A hub command (`$BOOT` stands for the device's boot id), then a sync barrier: `q` answered. */
  | { t: 'hub'; cmd: Record<string, unknown>; q: number }
  /**
   * The link is up (hello and status sent) and the hub's first sync (q 0) is answered: on MQTT
   * that sync waits retained on the command topic, so it arrives right after the subscription.
   */
  | { t: 'link' };

export const FIRST_SYNC = { v: 1, k: 'sy', q: 0 };

/** What the colour sensor sees for a white ball (golf-billiards' reference for "white"). */
const WHITE: [number, number, number, number] = [2400, 950, 930, 900];

/** The empty chute under a pocket's colour sensor, and a red stripe rolling past it (raw c, r, g, b per sample). */
const EMPTY_CHUTE: [number, number, number, number] = [30, 14, 10, 6];
const STRIPE_PASS: number[] = [
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap(() => [820, 320, 300, 262]),
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap(() => [260, 270, 40, 32]),
  ...[0, 1, 2, 3, 4, 5].flatMap(() => [800, 312, 296, 258]),
];

/** Steps for a ball blocking an active-low beam for `us` µs (then 2 ms to settle). */
function ball(pin: string, us: number): Step[] {
  return [
    { t: 'set', pin, level: 0 },
    { t: 'adv', ms: us / 1000 },
    { t: 'set', pin, level: 1 },
    { t: 'adv', ms: 2 },
  ];
}

/** Steps for a comparator pulse (active high) of 100 µs. */
function hit(pin: string): Step[] {
  return [
    { t: 'set', pin, level: 1 },
    { t: 'adv', ms: 0.1 },
    { t: 'set', pin, level: 0 },
  ];
}

/**
 * The scenario of a profile on a board: every sensor in turn, then faults and hub commands.
 * `extraEdges` adds that many piezo edges at the end (memory after many edges).
 */
export function scenarioFor(p: TableProfile, board: BoardId): Step[] {
  const pins = p.boards[board]!.pins;
  const pin = (ref: string): string => pins[ref]!;
  const steps: Step[] = [{ t: 'adv', ms: 100 }, { t: 'link' }];
  const beamOut = p.sensors.find((s) => s.kind === 'beam' && s.event === 'out');
  for (const s of p.sensors) {
    steps.push({ t: 'adv', ms: 97 });
    if (s.kind === 'beam') {
      if (s.colour) steps.push({ t: 'colour', crgb: WHITE, ...(s.colour.channel !== undefined ? { ch: s.colour.channel } : {}) });
      if (s.tag) steps.push({ t: 'uart', port: BOARDS[board].tagUart, data: rdm6300Frame('0a1b2c3d4e') });
      steps.push(...ball(pin(s.pin), 12_000));
    } else if (s.kind === 'pocket') {
      // A capture (jaw, then the drop beam within the capture window), then a rattle (jaw alone).
      steps.push(...ball(pin(s.pin), 9_000), { t: 'adv', ms: 50 });
      // A red stripe rolling past the drop path's colour sensor: red and white samples, then the empty chute.
      if (s.colour && p.boards[board]!.i2c) steps.push({ t: 'series', ch: s.colour.channel ?? 0, samples: STRIPE_PASS, idle: EMPTY_CHUTE });
      if (s.drop) steps.push(...ball(pin(s.drop), 9_000), { t: 'adv', ms: 100 }, ...ball(pin(s.pin), 7_000), { t: 'adv', ms: 900 });
    } else if (s.kind === 'piezo') {
      if (s.analog) steps.push({ t: 'analog', pin: pin(s.analog), v: 0.25 });
      // Two hits: the second within the dead time is the same hit.
      steps.push(...hit(pin(s.pin)), { t: 'adv', ms: 5 }, ...hit(pin(s.pin)));
    }
  }
  steps.push({ t: 'hub', cmd: { v: 1, k: 'ack', b: '$BOOT', n: 2 }, q: 1 });
  // Unacknowledged events are sent again after 2 s of quiet; then a resend request from 3.
  steps.push({ t: 'adv', ms: 2_500 }, { t: 'hub', cmd: { v: 1, k: 'rs', b: '$BOOT', n: 3 }, q: 2 });
  if (beamOut?.kind === 'beam') {
    // Stuck (blocked longer than stuckMs): a fault in status, cleared when the beam clears.
    steps.push(
      { t: 'set', pin: pin(beamOut.pin), level: 0 },
      { t: 'adv', ms: (beamOut.stuckMs ?? 5000) + 300 },
      { t: 'set', pin: pin(beamOut.pin), level: 1 },
      { t: 'adv', ms: 1_100 },
    );
  }
  steps.push({ t: 'hub', cmd: { v: 1, k: 'cfg', set: { hb: 2 } }, q: 3 }, { t: 'adv', ms: 2_050 });
  steps.push({ t: 'hub', cmd: { v: 1, k: 'ack', b: '$BOOT', n: 1000 }, q: 4 }, { t: 'adv', ms: 500 });
  // Identify (LED blink), and a last sync: every line before it has arrived.
  steps.push({ t: 'hub', cmd: { v: 1, k: 'id', ms: 300 }, q: 5 });
  return steps;
}

/** `n` piezo edges (n / 2 hits, 40 ms apart) on the profile's first piezo: a long run. */
export function edgesFor(p: TableProfile, board: BoardId, n: number): Step[] {
  const piezo = p.sensors.find((s) => s.kind === 'piezo');
  if (!piezo) throw new Error(`profile ${p.id} has no piezo`);
  const pin = p.boards[board]!.pins[piezo.pin]!;
  const steps: Step[] = [];
  for (let i = 0; i < n / 2; i++) steps.push(...hit(pin), { t: 'adv', ms: 40 });
  return steps;
}

/** The hub command line of a step, with the device's boot id filled in. */
export function commandLine(cmd: Record<string, unknown>, boot: string): string {
  return JSON.stringify(cmd).replace('"$BOOT"', JSON.stringify(boot));
}

/** A line with its boot id masked (boot ids differ between any two runs). */
export function maskBoot(line: string): string {
  return line.replace(/"b":"[0-9a-z]{6}"/, '"b":"*"');
}

/** The hub's side of a scenario: the device's lines so far, and a way to send it a command. */
export interface HubSide {
  /** Every line the device sent, in order, each as `<channel> <payload>` (channel: line, events, status). */
  lines(): string[];
  /** A command line to the device (a serial line, or a publish on its cmd topic). */
  command(line: string): void;
  /** Called once the first sync is answered (MQTT: the retained sync is cleared). */
  linked?(): void;
}

/** What a scenario needs to know about the device it drives. */
export interface Driver {
  /** Runs the steps up to the next barrier (no waiting in between). */
  apply(steps: Step[]): Promise<void>;
}

/** Resolves once `cond()` holds; rejects after `ms` (a run that never ends). */
export async function waitUntil(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const answered = (hub: HubSide, q: number): boolean => hub.lines().some((l) => l.includes('"k":"sy"') && l.includes(`"q":${q},`));

/** The boot id of the device's hello, once it has said it. */
export function bootOf(hub: HubSide): string {
  const hi = hub.lines().find((l) => l.includes('"k":"hi"'));
  return hi ? (/"b":"([0-9a-z]{6})"/.exec(hi)?.[1] ?? '') : '';
}

/**
 * Runs a scenario: `driver` applies the table's steps, the hub side sends the commands; at each
 * barrier it waits (on the wall clock, the virtual one standing still) for the device's answer.
 * `serial`: the first sync is sent at the link barrier (on MQTT it waits retained on the broker).
 */
export async function runScenario(steps: Step[], driver: Driver, hub: HubSide, serial: boolean): Promise<void> {
  let batch: Step[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length) await driver.apply(batch);
    batch = [];
  };
  for (const s of steps) {
    if (s.t === 'link') {
      await flush();
      await waitUntil(() => bootOf(hub) !== '' && hub.lines().some((l) => l.includes('"k":"st"')), 'the link up (hello, status)');
      if (serial) hub.command(JSON.stringify(FIRST_SYNC));
      await waitUntil(() => answered(hub, 0), 'the first sync answered');
      hub.linked?.();
    } else if (s.t === 'hub') {
      await flush();
      hub.command(commandLine(s.cmd, bootOf(hub)));
      hub.command(JSON.stringify({ v: 1, k: 'sy', q: s.q }));
      await waitUntil(() => answered(hub, s.q), `sync ${s.q} answered`);
    } else batch.push(s);
  }
  await flush();
}
