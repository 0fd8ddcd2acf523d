/**
 * The firmware on the real Espruino 2v29 interpreter (Linux builds sized like each board, see
 * ../shared/espruino/README.md), reached the way a board is: every shipped profile on every board
 * is built by the project's build, uploaded by the `espruino` command-line tool over a
 * pseudo-terminal (so the bytes are what the tool sends), saved, and driven with the same
 * scenario as the simulated board; the lines must be the same, boot id aside. MQTT boards talk
 * to a real broker (Mosquitto), serial boards over the console line; the scenario reads a tag
 * (RDM6300 frames with their 0x02/0x03 markers). JsVars are recorded after boot and after 1,000
 * edges and printed; the Pico's must stay under 40 % of its 5,100. A power cycle must give a new
 * boot id (on this build Math.random and E.hwRand repeat at every power-up). The gate's measured
 * probes run here too, as written and after esbuild, so its list is measured, not believed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BoardIds, BOARDS, type BoardId, type TableProfile } from '../../shared/profile';
import { buildFirmware, loadProfile, PROFILES_DIR, type BuildResult } from '../../firmware/build/build';
import { checkSource } from '../../firmware/build/gate';
import { PROBES } from '../../firmware/build/gate-probes';
import { lowered, STRICTER_THAN_MEASURED } from '../../firmware/build/gate-lowered';
import { SimBoard } from '../../firmware/sim/board';
import { attachColour, colourChannelsOf, serialHub, SimDriver } from '../../firmware/sim/scenario-sim';
import { bootOf, edgesFor, maskBoot, runScenario, scenarioFor, waitUntil, type HubSide } from '../../firmware/sim/scenario';
import { mqttHub } from '../../firmware/sim/mqtt-hub';
import { EspruinoBoard, findInterpreters, runScript, type Interpreters } from '../../firmware/sim/espruino/interpreter';
import { booted, upload } from '../../firmware/sim/espruino/drive';
import { interpreterSerialHub } from '../../firmware/sim/espruino/control';

const found = findInterpreters();
const skip = 'skip' in found ? found.skip : '';
if (skip) console.log(`firmware interpreter test skipped: ${skip}`);
const interpreters = found as Interpreters;

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const broker = new URL(MOSQUITTO);
const PICO_JSVARS = BOARDS['espruino-pico'].jsvars;
const run = randomBytes(3).toString('hex');
const root = mkdtempSync(path.join(tmpdir(), 'autoref-interp-'));
const PROFILES = readdirSync(PROFILES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

/** At most two interpreters at a time (a loaded 2-core machine). */
let slots = 2;
const queue: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (slots === 0) await new Promise<void>((r) => queue.push(r));
  else slots--;
  try {
    return await fn();
  } finally {
    const next = queue.shift();
    if (next) next();
    else slots++;
  }
}

interface Figures {
  harness: number;
  uploaded: number;
  afterBoot: number;
  after1000: number;
  total: number;
  uploads: number;
}
const figures: Record<string, Figures> = {};

afterAll(() => {
  if (!skip && Object.keys(figures).length) {
    const rows = Object.entries(figures)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, f]) =>
          `${k.padEnd(30)} after boot ${String(f.afterBoot).padStart(5)} (${((100 * f.afterBoot) / f.total).toFixed(1)} % of ${f.total}, ${((100 * f.afterBoot) / PICO_JSVARS).toFixed(1)} % of a Pico)  after 1,000 edges ${String(f.after1000).padStart(5)}  after the upload ${String(f.uploaded).padStart(5)}  harness ${f.harness}${f.uploads > 1 ? `  (${f.uploads} uploads)` : ''}`,
      );
    console.log(`firmware JsVars on the interpreter (firmware only: usage minus the harness's):\n${rows.join('\n')}`);
  }
  rmSync(root, { recursive: true, force: true });
});

/** Serial: USB lines. MQTT: every publish on the device's events and status topics. */
async function hubFor(b: BuildResult, venue: string, device: string, serial: () => HubSide): Promise<HubSide & { close(): Promise<void> }> {
  if (b.cfg.link === 'serial') return Object.assign(serial(), { close: async () => undefined });
  return mqttHub(MOSQUITTO, venue, b.cfg.table, device);
}

function local(venue: string): Record<string, unknown> {
  return { venue, mqHost: broker.hostname, mqPort: Number(broker.port || 1883), ssid: 'bar', pass: 'secret' };
}

/** The reference: the same bundle on the simulated board (Node), same steps, same broker. */
async function onSimulatedBoard(b: BuildResult, device: string): Promise<string[]> {
  const venue = `sim-${run}`;
  const board = new SimBoard({ pins: b.pins });
  board.storage['autoref'] = local(venue);
  if (b.features.colour || b.features.ballid) attachColour(board, colourChannelsOf(loadProfile(b.profileId) as TableProfile));
  const link = [board.usb, board.serial1, board.serial2][b.cfg.lp]!;
  const hub = await hubFor(b, venue, device, () => serialHub(link));
  try {
    board.load(b.code);
    board.boot();
    await runScenario(scenarioFor(loadProfile(b.profileId) as TableProfile, b.board), new SimDriver(board), hub, b.cfg.link === 'serial');
    expect(board.errors).toEqual([]);
    return hub.lines().map(maskBoot);
  } finally {
    board.stop();
    await new Promise((r) => setTimeout(r, 200));
    await hub.close();
  }
}

describe.skipIf(!!skip)('firmware on the real Espruino interpreter', () => {
  it(
    'the gate is measured: every probe in gate-probes.ts fails or runs on the interpreter as it says, as written and after esbuild',
    { timeout: 60_000 },
    async () => {
      const cases = PROBES.flatMap((p) => [
        { id: p.id, code: `probeResult(${p.js});`, works: p.works },
        // The gate's verdict on what esbuild makes of it; where it is stricter by design, what the interpreter does.
        { id: `${p.id} (esbuild)`, code: lowered(p.js), works: checkSource(lowered(p.js)).length === 0 || p.id in STRICTER_THAN_MEASURED },
      ]);
      // Each in its own eval: a syntax error or a throw is that probe failing, nothing else.
      const script = `var R;function probeResult(v){R=v}var C=${JSON.stringify(cases.map((c) => c.code))};for(var i=0;i<C.length;i++){R=undefined;try{eval(C[i])}catch(e){R="throws"}print("@P"+i+" "+(R===true?"true":"false"))}print("@DONE")`;
      // The ESP32-sized build: the same interpreter without Unicode as every board's, with room for all probes at once.
      const out = await runScript(interpreters.board('esp32'), path.join(root, 'probes'), script, '@DONE');
      const verdicts = cases.map((_, i) => new RegExp(`@P${i} (true|false)`).exec(out)?.[1]);
      expect(verdicts.filter((v) => v === undefined).length, 'probes without a result').toBe(0);
      const measured = verdicts.map((v) => v === 'true');
      const wrong = cases.flatMap((c, i) =>
        c.works === measured[i] ? [] : [`${c.id}: the gate ${c.works ? 'passes' : 'refuses'} it, the interpreter ${measured[i] ? 'runs' : 'fails'} it`],
      );
      expect(wrong).toEqual([]);
      console.log(`gate probes on the interpreter: ${cases.length} (${PROBES.length} as written, ${PROBES.length} after esbuild), every verdict measured`);
    },
  );

  it('the upload tool rewrites what the build must not emit: a raw control character arrives as ?, a tab as spaces', { timeout: 60_000 }, async () => {
    const dir = path.join(root, 'raw');
    const board = new EspruinoBoard(interpreters.board('espruino-pico'), dir);
    await board.start();
    try {
      // A file as esbuild would write it unescaped, and the same escaped by the build.
      writeFileSync(
        path.join(dir, 'raw.js'),
        'print("@RAW "+JSON.stringify(["\x02MQTT\x04|\x03", `a\tb`]))\nprint("@ESC "+JSON.stringify(["\\x02MQTT\\x04|\\x03", `a\\tb`]))\n',
      );
      writeFileSync(path.join(dir, 'board.json'), JSON.stringify({ info: { builtin_modules: ['Storage'] } }));
      const log = await board.tool(['--board', 'board.json', 'raw.js']);
      expect(log).toMatch(/Unexpected character code 2 .*Replacing with \?/);
      const raw = /@RAW (.*)\r/.exec(log)?.[1];
      const esc = /@ESC (.*)\r/.exec(log)?.[1];
      expect(JSON.parse(raw!)).toEqual(['?MQTT?|?', expect.not.stringContaining('\t')]);
      expect(JSON.parse(esc!)).toEqual(['\x02MQTT\x04|\x03', 'a\tb']);
    } finally {
      await board.close();
    }
  });

  const bundles = PROFILES.flatMap((profile) => BoardIds.map((board) => ({ profile, board })));
  it('every shipped profile on every board: 15 bundles', () => {
    expect(bundles.length).toBe(15);
    for (const { profile, board } of bundles) expect((loadProfile(profile) as TableProfile).boards[board], `${profile} wired for ${board}`).toBeDefined();
  });

  bundles.forEach(({ profile, board }, i) => {
    it.concurrent(
      `${profile} on ${board}: uploaded by the espruino tool, the same lines as the simulated board, a tag read, a new boot id after a power cycle, JsVars`,
      { timeout: 240_000 },
      async () => {
        const device = `fw-${i}`;
        const b = buildFirmware({ profile, board: board as BoardId, device, table: 't1', mqttHost: broker.hostname, mqttPort: Number(broker.port || 1883) });
        const reference = await onSimulatedBoard(b, device);
        await slot(async () => {
          const venue = `int-${run}`;
          const dir = path.join(root, `${profile}-${board}`);
          const up = await upload(interpreters.board(board as BoardId), dir, b, local(venue));
          const { control, driver } = up;
          const hub = await hubFor(b, venue, device, () => interpreterSerialHub(up.board, control));
          try {
            expect(up.toolLog).not.toMatch(/Replacing with \?/);
            const steps = scenarioFor(loadProfile(profile) as TableProfile, board as BoardId);
            const link = steps.findIndex((s) => s.t === 'link') + 1;
            await runScenario(steps.slice(0, link), driver, hub, b.cfg.link === 'serial');
            const boot = await driver.memory();
            await runScenario(steps.slice(link), driver, hub, b.cfg.link === 'serial');
            const lines = hub.lines().map(maskBoot);
            expect(lines).toEqual(reference);
            // The tag read: the hole (or cup) named by the RDM6300's UID.
            if (b.tag) expect(lines.some((l) => l.includes('"o":"0a1b2c3d4e"'))).toBe(true);
            // The pocket colour sensors: the red stripe's pass (scenario.ts STRIPE_PASS) named 11, with a confidence.
            if (b.features.ballid) expect(lines.some((l) => /"e":"pocket".*"o":"11","c":\d+/.test(l))).toBe(true);

            const edges = edgesFor(loadProfile(profile) as TableProfile, board as BoardId, 1000);
            // 100 hits at a time, each time until the link has sent them (a sync answered after the
            // last event): commands arrive faster than a board's sensors could fire, and on the
            // MQTT boards what waits to be sent sits in the socket's buffer in JsVars (about 15 per
            // event; unpaced, the WiFi-sized build ran out of memory).
            for (let k = 0; k < edges.length; k += 200) {
              await driver.apply(edges.slice(k, k + 200));
              await runScenario([{ t: 'hub', cmd: { v: 1, k: 'sy', q: 900 + k }, q: 901 + k }], driver, hub, b.cfg.link === 'serial');
            }
            const after = await driver.memory();
            figures[`${profile} on ${board}`] = {
              harness: up.harnessJsVars,
              uploaded: up.uploaded,
              afterBoot: boot.usage - up.harnessJsVars,
              after1000: after.usage - up.harnessJsVars,
              total: boot.total,
              uploads: up.attempts,
            };
            if (up.failures.length) console.log(`${profile} on ${board}: upload repeated:\n${up.failures.join('\n')}`);
            // Memory is behaviour on a board-sized build: under 40 % of the board's JsVars after boot
            // (the Pico's 5,100 for the Pico), and the upload never ran out (checked below).
            if (interpreters.boardSized) {
              expect(boot.total).toBe(BOARDS[board as BoardId].jsvars);
              expect(boot.usage - up.harnessJsVars).toBeLessThan(0.4 * boot.total);
              if (board === 'espruino-pico') expect(boot.usage - up.harnessJsVars).toBeLessThan(0.4 * PICO_JSVARS);
            }

            // Power off and on: the saved firmware boots again, with a boot id of its own.
            const first = bootOf(hub);
            const before = hub.lines().length;
            await up.board.powerCycle();
            await booted(up.board);
            await control.attach(up.board);
            // Virtual time for the WiFi join (the harness's clock starts again at power-up).
            await driver.apply([{ t: 'adv', ms: 100 }]);
            await waitUntil(
              () =>
                hub
                  .lines()
                  .slice(before)
                  .some((l) => l.includes('"k":"hi"')),
              'the hello after the power cycle',
            );
            const again = hub
              .lines()
              .slice(before)
              .find((l) => l.includes('"k":"hi"'))!;
            const second = /"b":"([0-9a-z]{6})"/.exec(again)![1];
            expect(second).toMatch(/^[0-9a-z]{6}$/);
            expect(second).not.toBe(first);

            expect(up.board.out).not.toMatch(/@ERR|Uncaught|out of memory/i);
            expect(up.toolLog).not.toMatch(/out of memory/i);
          } catch (e) {
            // What the interpreter was doing is most of the story of a failure here.
            throw new Error(`${e instanceof Error ? e.message : String(e)}\n${up.board.state()}`, { cause: e });
          } finally {
            await up.board.close();
            await control.close();
            await new Promise((r) => setTimeout(r, 200));
            await hub.close();
          }
        });
      },
    );
  });
});
