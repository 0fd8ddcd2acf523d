/**
 * The calibration assistant end to end, twice.
 *
 * 1. A real hub on Mosquitto and a simulated golf-billiards device (sim/device.ts) whose events
 *    carry scripted device times (ringing, bounce, noise), driven through the assistant's
 *    command-line module by a scripted user: what reaches the device (raw mode, then the
 *    suggested values as cfg commands), what is stored, cancelling, the venue token.
 * 2. The whole chain as a bar owner runs it: `autoref start --venue` (start()), the real firmware
 *    bundle on the simulated Espruino Pico at the other end of a serial line (a pty), and the
 *    `autoref calibrate` command in its own process, answered on its stdin while the test makes
 *    the hits on the board's pins. The values it works out from the firmware's own timestamps are
 *    stored beside the venue file, and the firmware then behaves by them (it drops what the
 *    profile's values would have let through), also after a power cycle.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { SimDevice, mqttTransport, newBootId, type SimEventFields, type Transport } from '../../sim/device';
import type { VenueConfig } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import { calibrate } from '../../hub/cli/calibrate';
import { planFor, profileOptions, rawOptions } from '../../hub/calibration/plan';
import { calibrationPathFor, readCalibration } from '../../hub/calibration/file';
import type { CalibrationRecord, SessionView } from '../../hub/calibration/session';
import { start, type Running } from '../../hub/cli/start';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { bridgeUsb, type SerialBridge } from '../../firmware/sim/serial-bridge';
import { ball, hit } from '../../firmware/sim/fixtures';
import { attachColour } from '../../firmware/sim/scenario-sim';
import type { SimBoard } from '../../firmware/sim/board';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TOKEN = 'calib-pin-4711';
const profile = JSON.parse(readFileSync(new URL('../../hardware/profiles/golf-billiards.json', import.meta.url), 'utf8')) as TableProfile;

/** A simulated device whose clock the test sets: events carry exactly the scripted times. */
class ScriptedDevice extends SimDevice {
  ms = 1000;
  override micros(): number {
    return Math.round(this.ms * 1000);
  }
  at(ms: number, f: SimEventFields): void {
    this.ms = ms;
    this.emit(f);
  }
}

describe('calibration assistant against a real hub (Mosquitto, simulated device)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calib-'));
  const venueFile = path.join(dir, 'my-bar.json');
  const hubFile = path.join(dir, 'hub-side.calibration.json');
  const venue: VenueConfig = {
    id: `calib-${newBootId()}`,
    name: 'Calibration test',
    language: 'en',
    tables: [{ id: 'gb1', name: 'Bumper pool', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt', profile: 'golf-billiards' }] }],
  };
  let hub: TestHub;
  let device: ScriptedDevice;
  let transport: Transport;
  const cfgs: Record<string, number | string | boolean>[] = [];

  beforeAll(async () => {
    writeFileSync(venueFile, JSON.stringify(venue));
    hub = await newHub({ venue, mqtt: { url: MOSQUITTO }, token: TOKEN, calibrationFile: hubFile });
    transport = await mqttTransport(MOSQUITTO, venue.id, 'gb1', 'gb1-a', newBootId());
    device = new ScriptedDevice('gb1-a', transport);
    transport.onCommand((c: HubCommand) => {
      if (c.k === 'cfg') cfgs.push(c.set);
    });
    device.hello('golf-billiards');
    await waitFor(() => hub.ingest.deviceInfo().some((d) => d.id === 'gb1-a' && d.state === 'online'), 'the device to come online');
  });
  afterAll(async () => {
    await device?.close();
    await hub?.close();
  });

  async function session(): Promise<SessionView> {
    const r = await hub.app.inject({ url: '/api/calibration/tables/gb1' });
    return (r.json() as { sessions: SessionView[] }).sessions[0]!;
  }

  /** What the user does at each step, in device time; returns how many events were sent. */
  function act(step: string, t0: number): number {
    let sent = 0;
    const e = (ms: number, f: SimEventFields): void => {
      device.at(t0 + ms, f);
      sent++;
    };
    if (step === 'quiet') {
      e(100, { e: 'goal', s: 'g1', p: 'a', w: 150 }); // a flicker on goal a's beam
      e(900, { e: 'out', s: 'o1', w: 400 });
    } else if (step === 'g1' || step === 'g2' || step === 'o1') {
      const ev = step === 'o1' ? 'out' : 'goal';
      [40_000, 25_000, 60_000, 12_000, 30_000].forEach((w, i) => {
        const t = i * 1000;
        e(t, { e: ev, s: step, w });
        e(t + w / 1000 + 2, { e: ev, s: step, w: 300 }); // bounce 2 ms after the ball clears
      });
    } else {
      // A rail (or the bumper bus): five hits, each ringing 3 and 6 ms later; the first hit also reaches the next rail.
      for (let i = 0; i < 5; i++) {
        const t = i * 1000;
        e(t, { e: 'cushion', s: step });
        e(t + 3, { e: 'cushion', s: step });
        e(t + 6, { e: 'cushion', s: step });
      }
      if (step === 'c1') e(20, { e: 'cushion', s: 'c2' });
    }
    return sent;
  }

  it('walks every step from the command line, suggests from the events, sends and stores the values', async () => {
    const steps = planFor(profile).map((s) => s.id);
    const out: string[] = [];
    let t0 = 10_000;
    let redone = false;
    const rec = await calibrate(
      { hub: hub.url, table: 'gb1', token: TOKEN, venue: venueFile },
      {
        out: (l) => out.push(l),
        ask: async (q) => {
          if (q.startsWith('Apply')) return 'y';
          const s = await session();
          const id = steps[s.current]!;
          if (id === 'g2' && !redone) {
            // The user knocks goal b's frame by mistake, then redoes the step.
            device.at(t0, { e: 'goal', s: 'g2', w: 90 });
            await waitFor(async () => (await session()).steps[s.current]!.seen['g2'] === 1, 'the mistaken event to be recorded');
            redone = true;
            t0 += 10_000;
            return 'r';
          }
          const n = act(id, t0);
          t0 += 10_000;
          await waitFor(async () => Object.values((await session()).steps[s.current]!.seen).reduce((a, b) => a + b, 0) === n, `step ${id} to be recorded`);
          return '';
        },
      },
    );
    expect(rec).not.toBeNull();
    expect(out.filter((l) => l.startsWith('Step ')).length).toBe(steps.length + 1); // g2 shown twice
    expect(out.join('\n')).toContain('c2 fired 1 time(s) during this step (crosstalk)');
    expect(out).toContain('    · g1 goal 40000 µs'); // the live view from /api/stream

    // The suggestions, by the documented methods.
    expect(rec!.set).toMatchObject({
      'g1.minWidthUs': 3000, // a quarter of the shortest ball (12 ms)
      'g1.debounceMs': 3, // bounce gap 2 ms × 1.5
      'g2.minWidthUs': 3000,
      'o1.minWidthUs': 3000,
      'c1.deadMs': 10, // ringing 6 ms × 1.25 + 2, rounded up
      'c4.deadMs': 10,
    });
    expect(rec!.suggestions.find((s) => s.sensor === 'g2')!.evidence.noise).not.toContain(90);

    // The device got the raw mode first, then the applied values.
    await waitFor(() => Object.keys(Object.assign({}, ...cfgs) as object).length > 0 && cfgs.length >= 4, 'the cfg commands to reach the device');
    expect(Object.assign({}, ...cfgs.slice(0, 2))).toEqual(rawOptions(profile));
    expect(Object.assign({}, ...cfgs.slice(2))).toEqual(rec!.set);
    expect(Object.keys(rec!.set).sort()).toEqual(Object.keys(profileOptions(profile)).sort());

    // Stored by the hub and by the command line beside the venue config.
    expect(readCalibration(hubFile).devices['gb1-a']!.set).toEqual(rec!.set);
    expect(readCalibration(calibrationPathFor(venueFile)).devices['gb1-a']!.set).toEqual(rec!.set);
    const stored = (await hub.app.inject({ url: '/api/calibration/tables/gb1' })).json() as {
      devices: { calibration: { set: object } }[];
      sessions: unknown[];
    };
    expect(stored.devices[0]!.calibration.set).toEqual(rec!.set);
    expect(stored.sessions).toEqual([]);

    // A reboot loses cfg values: the device's next hello gets the stored calibration again.
    const before = cfgs.length;
    device.hello('golf-billiards');
    await waitFor(() => cfgs.length >= before + 2, 'the stored calibration to be sent again');
    expect(Object.assign({}, ...cfgs.slice(before))).toEqual(rec!.set);
  });

  it('q on the command line cancels: the device gets back its stored calibration (profile values for the rest), nothing new is stored', async () => {
    const before = cfgs.length;
    const storedBefore = readFileSync(hubFile, 'utf8');
    const out: string[] = [];
    const rec = await calibrate({ hub: hub.url, table: 'gb1', device: 'gb1-a', token: TOKEN }, { out: (l) => out.push(l), ask: async () => 'q' });
    expect(rec).toBeNull();
    expect(out.at(-1)).toBe('Cancelled: the device is back on the values it had before.');
    await waitFor(() => cfgs.length >= before + 4, 'raw mode and the restore to reach the device');
    expect(Object.assign({}, ...cfgs.slice(before, before + 2))).toEqual(rawOptions(profile));
    // The first test applied a calibration: that is what the device ran before, so it gets it back.
    const applied = readCalibration(hubFile).devices['gb1-a']!.set;
    expect(Object.assign({}, ...cfgs.slice(before + 2))).toEqual({ ...profileOptions(profile), ...applied });
    expect(Object.assign({}, ...cfgs.slice(before + 2))).not.toEqual(profileOptions(profile));
    expect(readFileSync(hubFile, 'utf8')).toBe(storedBefore);
    expect((await session()) ?? null).toBeNull();
  });

  it('needs the venue token, and a cancelled session gives the device back what it ran before', async () => {
    const no = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', payload: { table: 'gb1' } });
    expect(no.statusCode).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const missing = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', headers: auth, payload: { table: 'nope' } });
    expect(missing.json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
    const started = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', headers: auth, payload: { table: 'gb1' } });
    expect(started.statusCode).toBe(201);
    const id = (started.json() as { session: SessionView; sent: boolean }).session.id;
    expect((started.json() as { sent: boolean }).sent).toBe(true);
    const before = cfgs.length;
    const del = await hub.app.inject({ method: 'DELETE', url: `/api/calibration/sessions/${id}`, headers: auth });
    expect(del.json()).toEqual({ sent: true });
    await waitFor(() => cfgs.length >= before + 4, 'raw mode and the restore to reach the device');
    expect(Object.assign({}, ...cfgs.slice(before + 2))).toEqual({ ...profileOptions(profile), ...readCalibration(hubFile).devices['gb1-a']!.set });
    expect((await hub.app.inject({ url: `/api/calibration/sessions/${id}` })).statusCode).toBe(404);
  });
});

describe('calibration of the real firmware: autoref start --venue, a board on a serial line, the autoref calibrate command', () => {
  const BIN = path.resolve(import.meta.dirname, '../../bin/autoref.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calib-fw-'));
  const venueFile = path.join(dir, 'bar.json');
  const pins = profile.boards['espruino-pico']!.pins;
  /** The Pico pin of a sensor of the golf-billiards profile. */
  const pinOf = (sensor: string): string => pins[profile.sensors.find((s) => s.id === sensor)!.pin]!;
  let pty: PtyPair;
  let running: Running;

  /** A powered board: the firmware bundle, its USB bridged to the pty, the lines it got and wrote. */
  type Board = { run: SimRun; bridge: SerialBridge; got: string[]; wrote: string[] };
  const boards: Board[] = [];

  async function powerUp(): Promise<Board> {
    const run = runFirmware({
      profile: 'golf-billiards',
      board: 'espruino-pico',
      device: 'gb1-a',
      table: 'gb1',
      noBoot: true,
      // The profile's two goal colour sensors, behind the multiplexer.
      before: (b) => attachColour(b, [0, 1]),
    });
    const bridge = await bridgeUsb(run.board, pty.deviceEnd);
    const b: Board = { run, bridge, got: [], wrote: [] };
    const inject = run.board.usb.inject.bind(run.board.usb);
    run.board.usb.inject = (s: string) => {
      b.got.push(s);
      inject(s);
    };
    const write = run.board.usb.onWrite!;
    run.board.usb.onWrite = (s: string) => {
      b.wrote.push(s);
      write(s);
    };
    run.board.boot();
    run.board.runRealtime();
    boards.push(b);
    return b;
  }

  async function powerOff(b: Board): Promise<void> {
    b.run.board.stop();
    await b.bridge.close();
  }

  const lines = (chunks: string[]): string[] =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l.trim());
  /** The `cfg` sets the firmware was sent, in order. */
  const cfgSets = (b: Board): Record<string, number>[] =>
    lines(b.got)
      .filter((l) => l.includes('"k":"cfg"'))
      .map((l) => (JSON.parse(l) as { set: Record<string, number> }).set);
  const bootOf = (b: Board): string => (JSON.parse(lines(b.wrote).find((l) => l.includes('"k":"hi"'))!) as { b: string }).b;

  beforeAll(async () => {
    pty = await openPtyPair();
    const venue: VenueConfig = {
      id: 'calib-fw',
      name: 'Calibration with the firmware',
      language: 'en',
      tables: [{ id: 'gb1', name: 'Bumper pool', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial', profile: 'golf-billiards' }] }],
    };
    writeFileSync(venueFile, JSON.stringify(venue));
    running = await start({
      port: 0,
      host: '127.0.0.1',
      brokerPort: 0,
      serial: [pty.hubEnd],
      store: ':memory:',
      venue: venueFile,
      sim: false,
      token: TOKEN,
      log: () => {},
    });
  });
  afterAll(async () => {
    for (const b of boards) await powerOff(b);
    await running?.stop();
    await pty?.close();
  });

  /**
   * What the user does in a step, on the board's pins, 250 ms apart (more than the assistant's
   * 150 ms between hits); returns the events the firmware sends in raw mode, per sensor.
   */
  function act(board: SimBoard, step: string): Record<string, number> {
    const t0 = board.us;
    if (step === 'quiet') {
      ball(board, pinOf('o1'), 1000); // a 1 ms flicker on the out line
      return { o1: 1 };
    }
    // A rail or the bumper bus (k1): piezos both.
    if (step.startsWith('c') || step === 'k1') {
      for (let i = 0; i < 5; i++) railHit(board, pinOf(step), t0 + i * 250_000);
      return { [step]: 20 };
    }
    const widths = step === 'o1' ? [40, 50, 60, 45, 55] : [40, 25, 60, 12, 30];
    widths.forEach((ms, i) => {
      board.advance((t0 + i * 250_000 - board.us) / 1000);
      ball(board, pinOf(step), ms * 1000); // ends 2 ms after the beam clears
      if (step !== 'o1') board.pulse(pinOf(step), 300, 0); // a goal's bounce
    });
    return { [step]: step === 'o1' ? 5 : 10 };
  }

  /** A rail hit at `at` (board µs): the comparator's edge and the disc ringing 10, 25 and 40 ms later. */
  function railHit(board: SimBoard, pin: string, at: number): void {
    for (const ms of [0, 10, 25, 40]) {
      board.advance((at + ms * 1000 - board.us) / 1000);
      hit(board, pin);
    }
  }

  /** The events of one boot the hub stored, in order: [type, sensor, w]. */
  async function storedOf(boot: string): Promise<[string, string, number | undefined][]> {
    const all = (await running.hub.store.recentDeviceEvents(1000)).map((x) => x.event).filter((e) => e.b === boot);
    return all.sort((a, b) => a.n - b.n).map((e) => [e.e, e.s, e.w]);
  }

  /**
   * After calibration: a rail hit ringing for 40 ms is one cushion (the profile's 30 ms dead time
   * would make it two), a 5 ms flicker on the out line is dropped (the profile's 2 ms shortest
   * pulse would let it through), a 20 ms ball counts. A goal at the end marks where to look.
   */
  async function behavesCalibrated(b: Board): Promise<void> {
    const boot = bootOf(b);
    const before = (await storedOf(boot)).length;
    const board = b.run.board;
    railHit(board, pinOf('c1'), board.us + 1000);
    board.advance(300);
    ball(board, pinOf('o1'), 5000);
    board.advance(300);
    ball(board, pinOf('o1'), 20_000);
    board.advance(300);
    ball(board, pinOf('g2'), 30_000);
    await waitFor(async () => (await storedOf(boot)).slice(before).some(([e, s]) => e === 'goal' && s === 'g2'), 'the marker goal to be stored', 15_000);
    expect((await storedOf(boot)).slice(before)).toEqual([
      ['cushion', 'c1', undefined],
      ['out', 'o1', 20_000],
      ['goal', 'g2', 30_000],
    ]);
  }

  it(
    "works the values out from the firmware's timestamps, stores them beside the venue file, and the firmware runs by them",
    { timeout: 240_000 },
    async () => {
      const first = await powerUp();
      await waitFor(() => running.hub.ingest.deviceInfo().some((d) => d.id === 'gb1-a' && d.state === 'online'), 'the board to come online', 20_000);
      const steps = planFor(profile);
      const seen = async (i: number): Promise<Record<string, number>> => {
        const r = await running.hub.app.inject({ url: '/api/calibration/tables/gb1' });
        return (r.json() as { sessions: SessionView[] }).sessions[0]?.steps[i]?.seen ?? {};
      };

      const cli = spawn(process.execPath, [BIN, 'calibrate', '--table', 'gb1', '--hub', running.url, '--token', TOKEN], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
      cli.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
      const prompts = (): number => out.split('Enter when done, r to redo, q to cancel:').length - 1;
      try {
        for (let i = 0; i < steps.length; i++) {
          await waitFor(() => prompts() === i + 1 || cli.exitCode !== null, `step ${i + 1}'s prompt`, 60_000);
          expect(cli.exitCode, err).toBeNull();
          expect(out).toContain(`Step ${i + 1}/${steps.length}: ${steps[i]!.instruction}`);
          // The firmware got the raw mode before the user starts (a 1 ms flicker would not pass the profile's filter).
          if (i === 0)
            await waitFor(
              () => JSON.stringify(Object.assign({}, ...cfgSets(first))) === JSON.stringify(rawOptions(profile)),
              'the raw mode to reach the firmware',
            );
          const want = act(first.run.board, steps[i]!.id);
          await waitFor(async () => JSON.stringify(await seen(i)) === JSON.stringify(want), `step ${steps[i]!.id}: ${JSON.stringify(want)} recorded`, 15_000);
          cli.stdin.write('\n');
        }
        await waitFor(() => out.includes('Apply them to gb1-a and store them? [Y/n]'), 'the apply question', 30_000);
        cli.stdin.write('y\n');
        expect(await exited, `${out}\n${err}`).toBe(0);
      } finally {
        if (cli.exitCode === null) cli.kill();
      }

      // The live view showed the firmware's events; the suggestions are the documented methods applied to its timestamps.
      expect(out).toContain('    · c1 cushion');
      expect(out).toContain('    · g1 goal 12000 µs');
      expect(out).toContain('    c1.deadMs = 52'); // ringing 40 ms × 1.25 + 2
      expect(out).toContain(`Stored by the hub in ${path.join(dir, 'bar.calibration.json')}.`);
      const record: CalibrationRecord = readCalibration(calibrationPathFor(venueFile)).devices['gb1-a']!;
      expect(record.set).toEqual({
        ...profileOptions(profile),
        'g1.minWidthUs': 3000, // a quarter of the shortest ball, 12 ms
        'g1.debounceMs': 3, // the bounce starts 2 ms after the ball: × 1.5
        'g2.minWidthUs': 3000,
        'g2.debounceMs': 3,
        'c1.deadMs': 52,
        'c2.deadMs': 52,
        'c3.deadMs': 52,
        'c4.deadMs': 52,
        'k1.deadMs': 52,
        'o1.minWidthUs': 10_000, // a quarter of 40 ms, above twice the 1 ms flicker
        'o1.debounceMs': 1, // no bounce seen: the profile's value
      });

      // The firmware got exactly the stored set after the raw mode, and runs by it.
      const raw = cfgSets(first).length;
      expect(raw).toBeGreaterThanOrEqual(2);
      await waitFor(
        () => JSON.stringify(Object.assign({}, ...cfgSets(first).slice(2))) === JSON.stringify(record.set),
        'the applied values to reach the firmware',
      );
      await behavesCalibrated(first);

      // A power cycle loses cfg values: the hub sends the stored calibration with the new boot's hello.
      await powerOff(first);
      const second = await powerUp();
      await waitFor(
        () => JSON.stringify(Object.assign({}, ...cfgSets(second))) === JSON.stringify(record.set),
        'the stored calibration to reach the rebooted firmware',
        20_000,
      );
      expect(bootOf(second)).not.toBe(bootOf(first));
      await behavesCalibrated(second);
      expect(first.run.board.errors).toEqual([]);
      expect(second.run.board.errors).toEqual([]);
    },
  );
});
