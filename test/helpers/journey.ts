/**
 * What a user's journey needs, done the way the README tells the user to do it:
 *
 * - `startCliHub`: the venue file written to disk and the hub started with the real command line
 *   (`node bin/autoref.js start --venue <file> --no-sim …`), on a temporary SQLite store and free
 *   ports; the dashboard URL, the embedded broker's URL and the referee PIN are read from what the
 *   command prints, as a person reads them off the terminal.
 * - `serialBoard` / `mqttBoard`: the firmware bundle as `npm run firmware:build -- --profile …
 *   --board … --device … --table …` builds it (the same build function, same arguments), running on
 *   the Node simulated board, linked to the hub over a socat pseudo-terminal (USB) or through the
 *   hub's broker (its Storage set as the README's `writeJSON` line sets a board's).
 * - `beam` / `knock`: a ball through a beam, a knock on a piezo: edges on the board's pins.
 *
 * Each journey has one hub and one browser; everything started here is stopped by its `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { bridgeSerial, type SerialBridge } from '../../firmware/sim/serial-bridge';
import { SimTcs34725 } from '../../firmware/sim/tcs34725';
import { MuxedParts, SimTca9548a } from '../../firmware/sim/tca9548a';
import type { SimBoard } from '../../firmware/sim/board';
import type { BoardId, TableProfile } from '../../shared/profile';
import { loadProfile } from '../../firmware/build/build';
import type { VenueConfig } from '../../shared/venue';
import { openPtyPair, type PtyPair } from './pty';
import { waitFor } from './hub';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliHub {
  /** The dashboard as the command printed it (`dashboard: http://…/`). */
  url: string;
  /** The referee PIN the command printed. */
  pin: string;
  /** The embedded MQTT broker's URL, as printed. */
  brokerUrl: string;
  /** The temporary directory with the venue file and the store. */
  dir: string;
  venueFile: string;
  /** Everything the hub printed so far (stdout and stderr). */
  output: string[];
  stop(): Promise<void>;
}

/** A temporary directory for one journey (venue file, store, pty links). */
export function journeyDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `autoref-journey-${name}-`));
}

/**
 * `node bin/autoref.js start --venue <dir>/venue.json --no-sim --store <dir>/autoref.db --port 0
 * --broker-port 0 --host 127.0.0.1 …extra`: resolves once it printed its dashboard URL and PIN.
 */
export async function startCliHub(venue: VenueConfig, dir: string, extra: readonly string[] = []): Promise<CliHub> {
  const venueFile = path.join(dir, 'venue.json');
  writeFileSync(venueFile, JSON.stringify(venue, null, 2));
  const args = [
    'bin/autoref.js',
    'start',
    '--venue',
    venueFile,
    '--no-sim',
    '--store',
    path.join(dir, 'autoref.db'),
    '--port',
    '0',
    '--broker-port',
    '0',
    '--host',
    '127.0.0.1',
    ...extra,
  ];
  // The PIN must be the one the hub makes and prints, not one from the environment of the test run.
  const env = { ...process.env };
  delete env['AUTOREF_TOKEN'];
  const proc: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  let url = '';
  let pin = '';
  let brokerUrl = '';
  const read = (chunk: Buffer): void => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      url ||= /^dashboard: (\S+)/.exec(line)?.[1] ?? '';
      pin ||= /referee PIN for changes: (\d+)/.exec(line)?.[1] ?? '';
      brokerUrl ||= /embedded MQTT broker on (\S+)/.exec(line)?.[1] ?? '';
    }
  };
  proc.stdout!.on('data', read);
  proc.stderr!.on('data', read);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      // A hub that does not stop within 10 s is killed: the journey must not leave it running.
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitFor(() => (url !== '' && pin !== '') || proc.exitCode !== null, 'the hub to print its dashboard URL and PIN', 60_000);
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}\n${output.join('\n')}`);
  }
  if (proc.exitCode !== null) throw new Error(`autoref start exited with ${proc.exitCode}:\n${output.join('\n')}`);
  return { url, pin, brokerUrl, dir, venueFile, output, stop };
}

export interface JourneyBoard {
  run: SimRun;
  /** The colour sensors on the board's I2C bus, by the logical pin of the beam each looks at (the profile's). */
  colour: Map<string, SimTcs34725>;
  stop(): Promise<void>;
}

export interface BoardBuild {
  /** A profile id under hardware/profiles (as `--profile` takes it), or an edited copy of one. */
  profile: string | TableProfile;
  board: BoardId;
  device: string;
  table: string;
}

/**
 * The profile's colour sensors, each showing an empty goal throat (too dark to name a ball), and
 * how they go on the board's bus: one alone at 0x29, several behind the multiplexer.
 */
function colourSensors(build: BoardBuild): { parts: Map<string, SimTcs34725>; attach: (b: SimBoard) => void } {
  const profile = typeof build.profile === 'string' ? (loadProfile(build.profile) as TableProfile) : build.profile;
  const parts = new Map<string, SimTcs34725>();
  const byChannel = new Map<number, SimTcs34725>();
  for (const s of profile.sensors) {
    if (s.kind !== 'beam' || !s.colour) continue;
    const tcs = new SimTcs34725(0x44);
    tcs.setColour(20, 5, 5, 5);
    parts.set(s.pin, tcs);
    if (s.colour.channel !== undefined) byChannel.set(s.colour.channel, tcs);
  }
  const attach = (b: SimBoard): void => {
    if (byChannel.size > 0) {
      const mux = new SimTca9548a();
      b.i2c[0x70] = mux;
      b.i2c[0x29] = new MuxedParts(mux, byChannel);
    } else {
      const only = [...parts.values()][0];
      if (only) b.i2c[0x29] = only;
    }
  };
  return { parts, attach };
}

/**
 * The serial pty pair a venue file names (`path`: its hub end) and the board at its device end,
 * started only after the hub opened its end: `openSerialLine` first, write the venue, start the
 * hub, then `plugSerialBoard`.
 */
export async function openSerialLine(dir: string): Promise<PtyPair> {
  return openPtyPair(mkdtempSync(path.join(dir, 'pty-')));
}

/** `npm run firmware:build -- --profile … --board espruino-pico --device … --table …` on the simulated board, its USB on the pty. */
export async function plugSerialBoard(build: BoardBuild, line: PtyPair): Promise<JourneyBoard> {
  const colour = colourSensors(build);
  const run = runFirmware({ ...build, noBoot: true, before: colour.attach });
  const bridge: SerialBridge = await bridgeSerial(run.link, line.deviceEnd);
  run.board.boot();
  run.board.runRealtime();
  return {
    run,
    colour: colour.parts,
    stop: async () => {
      run.board.stop();
      await bridge.close();
    },
  };
}

/**
 * A WiFi board (ESP32 or Espruino WiFi) on the hub's broker: the bundle built for it, and its
 * Storage as the README's `require("Storage").writeJSON("autoref", {…})` line leaves it.
 */
export function mqttBoard(build: BoardBuild, venue: string, brokerUrl: string): JourneyBoard {
  const url = new URL(brokerUrl);
  const colour = colourSensors(build);
  const run = runFirmware({ ...build, local: { venue, mqHost: url.hostname, mqPort: Number(url.port) }, before: colour.attach });
  run.board.runRealtime();
  return {
    run,
    colour: colour.parts,
    stop: async () => {
      run.board.stop();
    },
  };
}

/** The pin a logical pin of the board's profile wiring is on. */
export function pinOf(b: JourneyBoard, logical: string): string {
  const profile = loadProfile(b.run.build.profileId) as TableProfile;
  const pin = profile.boards[b.run.build.board]?.pins[logical];
  if (pin === undefined) throw new Error(`no pin ${logical} in the ${b.run.build.profileId} profile's ${b.run.build.board} wiring`);
  return pin;
}

/**
 * A ball through an active-low beam: blocked `us` µs, then clear. `rgb`: what the goal's colour
 * sensor sees while the ball is in the beam.
 */
export function beam(b: JourneyBoard, logical: string, us = 15_000, rgb?: readonly [number, number, number]): void {
  const pin = pinOf(b, logical);
  const part = b.colour.get(logical);
  if (rgb && part) part.setColour(rgb[0] + rgb[1] + rgb[2], rgb[0], rgb[1], rgb[2]);
  b.run.board.set(pin, 0);
  b.run.board.advance(us / 1000);
  b.run.board.set(pin, 1);
  part?.setColour(20, 5, 5, 5);
  b.run.board.advance(2);
}

/** A knock on an active-high piezo comparator: a 100 µs pulse. */
export function knock(b: JourneyBoard, logical: string): void {
  const pin = pinOf(b, logical);
  b.run.board.set(pin, 1);
  b.run.board.advance(0.1);
  b.run.board.set(pin, 0);
  b.run.board.advance(40); // past the piezo's dead time
}

/** Types the PIN into the referee panel's PIN form (as a referee does once per browser session). */
/**
 * Opens a page of the dashboard as a person does: goes to the address and waits until the page
 * shows it is live and has the venue (the hub's hello). The page draws its view again when the
 * hello comes, so what a test clicks before that is lost, as it would be for a person.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#link-state[data-state="online"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.locator('body:not([data-venue=""])[data-venue]').waitFor({ state: 'attached', timeout: 15_000 });
}

export async function enterPin(page: Page, pin: string): Promise<void> {
  await page.fill('#pin', pin);
  await page.click('#pin-form button[type="submit"]');
}

/** Removes a journey's directory (store, venue file, pty links). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The limit of one journey test: generous, to catch a journey that never ends, not a slow machine
 * (each waits on what the page shows; a journey takes 10–30 s on a quiet 2-core machine).
 */
export const JOURNEY_LIMIT = 240_000;
