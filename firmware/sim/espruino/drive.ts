/**
 * A firmware bundle on the real Espruino interpreter, the way a board gets it: the harness in
 * Storage as `.boot0`, the bundle uploaded by the `espruino` command-line tool with the local
 * settings and `save()` (the upload line docs/firmware.md gives), then driven through the
 * interpreter with the same scenario steps as the simulated board (control.ts, scenario.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../../build/build';
import type { LocalCfg } from '../../core/config';
import { BOARDS } from '../../../shared/profile';
import { harnessCode } from './harness-build';
import { Control, InterpreterDriver, lastMemory } from './control';
import { EspruinoBoard, runScript, until } from './interpreter';

/** Built-in modules per board, as the tool would read them from the board's JSON online. */
const BUILTIN_MODULES = { serial: ['Storage'], mqtt: ['Storage', 'net', 'Wifi'] };

export interface Uploaded {
  board: EspruinoBoard;
  /** The test's commands to it, connected. */
  control: Control;
  driver: InterpreterDriver;
  /**
   * JsVars the harness alone uses: interpreter, stand-ins and the control connection, measured
   * on the same interpreter before the upload. Subtracted, the rest is the firmware's.
   */
  harnessJsVars: number;
  /**
   * The firmware's JsVars once the tool's upload had run, before save() (what the harness used
   * then taken off). The moment
   * the bundle's line runs is not observable from inside: an upload that does not fit shows as
   * OUT OF MEMORY on the console, which the tests look for.
   */
  uploaded: number;
  /** What the upload tool printed. */
  toolLog: string;
  /** Uploads it took (see upload), and why the failed ones failed. */
  attempts: number;
  failures: string[];
}

/**
 * Attempts at an upload: the Linux build loses console bytes now and then (see upload), more
 * often on a busy machine; an attempt that fails ends in seconds (a crashed interpreter is seen at
 * once), so a few more of them cost little and keep a slow machine from failing the suite.
 */
const UPLOAD_TRIES = 6;

/**
 * Starts a board-sized interpreter in `dir`, stores the harness, uploads the bundle with the
 * `espruino` tool and saves it; resolves with the console connected (echo off) once save() ran.
 */
export async function upload(cmd: string[], dir: string, build: BuildResult, local: LocalCfg): Promise<Uploaded> {
  const harness = harnessCode(build.pins, { colour: build.features.colour || build.features.ballid });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'bundle.js'), build.code);
  writeFileSync(
    path.join(dir, 'board.json'),
    JSON.stringify({ BOARD: BOARDS[build.board].espruinoBoard, info: { builtin_modules: BUILTIN_MODULES[build.cfg.link as 'serial' | 'mqtt'] } }),
  );
  /** A board with empty flash but for the harness and the local settings. */
  const prepare = async (): Promise<void> => {
    rmSync(path.join(dir, 'espruino.flash'), { force: true });
    // The harness goes into Storage directly (it stands for the board, it is not what is tested).
    await runScript(cmd, dir, `require("Storage").write(".boot0",${JSON.stringify(harness)});print("@STORED")`, '@STORED');
    // The board's local settings, written once as docs/firmware.md says.
    await runScript(cmd, dir, `require("Storage").writeJSON("autoref",${JSON.stringify(local)});print("@DONE")`, '@DONE');
  };
  // The Linux build reads its console without flow control: on a machine short of CPU an upload
  // can arrive with bytes lost (seen: syntax errors, OUT OF MEMORY in a string that never ends,
  // an internal ASSERT). Then the interpreter is started again and the upload repeated, at most
  // UPLOAD_TRIES times in all; how many it took is part of the result.
  const failures: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const board = new EspruinoBoard(cmd, dir);
    const control = await Control.open();
    const driver = new InterpreterDriver(board, control);
    let toolLog = '';
    try {
      await prepare();
      await board.start();
      // The harness alone: as it is during the upload (no control connection: the tool's reset
      // ends it), and as it is with the firmware (connected).
      await board.connect();
      board.write('echo(0)');
      board.write('hMem();print("@H")');
      await until(() => board.out.includes('@H\r'), 'the harness to answer');
      const bare = lastMemory(board.out)!;
      await control.attach(board);
      const alone = await driver.memory();
      // Echo back on: with it off the tool sees no prompt and its upload goes nowhere.
      board.write('echo(1)');
      await board.disconnect();
      // The upload line of docs/firmware.md; hUp keeps the JsVars in use in Storage on the way
      // (what is printed while the tool leaves can be lost). Kept short: with the local settings
      // written on the same line, the Linux build sometimes stopped after the upload with
      // ASSERT(len <= 64) in jsdevices.c (1 run in 6); written apart, in none of 10.
      toolLog = await board.tool(['--board', 'board.json', 'bundle.js', '-e', 'hUp();save()']);
      if (board.exited !== null) throw new Error(`the interpreter ended during the upload (${board.exited})`);
      await board.connect();
      // save() goes on after the tool has left: compacting and writing the flash. What the console
      // is sent meanwhile can lose bytes (seen: our own probe arriving as ")", a SyntaxError that
      // failed the upload), so the probes wait for the write to end.
      await until(() => /Compressed \d+ bytes/.test(board.out) || board.exited !== null, 'save() to write the flash', 15_000).catch(() => undefined);
      if (board.exited !== null) throw new Error(`the interpreter ended after the upload (${board.exited})`);
      const broken = /Uncaught|ASSERT|OUT OF MEMORY/.exec(toolLog + board.out);
      if (broken) throw new Error(`the upload did not arrive whole (${broken[0]})`);
      const probing = board.out.length;
      await booted(board);
      // A probe line that lost bytes is only a probe to send again (booted does); the firmware's
      // own failures still count.
      const late = /ASSERT|OUT OF MEMORY/.exec(board.out.slice(probing));
      if (late) throw new Error(`the firmware failed after the upload (${late[0]})`);
      board.write('print("@UP "+require("Storage").readJSON("h.up",1))');
      await until(() => /@UP \d+/.test(board.out), 'the JsVars after the upload');
      const uploaded = Number(/@UP (\d+)/.exec(board.out)![1]);
      await control.attach(board);
      return { board, control, driver, harnessJsVars: alone.usage, uploaded: uploaded - bare.usage, toolLog, attempts: attempt, failures };
    } catch (e) {
      failures.push(`attempt ${attempt}: ${e instanceof Error ? e.message : String(e)}; ${board.state()}; the tool printed: ${toolLog.slice(-600)}`);
      await board.close();
      await control.close();
      if (attempt >= UPLOAD_TRIES) throw new Error(`upload failed ${attempt} times:\n${failures.join('\n')}`);
    }
  }
}

/**
 * Waits until the saved firmware has booted (its sensors are armed: watches exist). save() and
 * the boot after it finish after the tool has gone, and the REPL may answer before the boot.
 */
export async function booted(board: EspruinoBoard): Promise<void> {
  board.write('echo(0)');
  // A probe the console garbled (a byte lost while the flash is written) never answers: another
  // is sent after PROBE_MS; the whole wait is bounded by BOOT_MS, a bound for a hang.
  const PROBE_MS = 3_000;
  const BOOT_MS = 60_000;
  const end = Date.now() + BOOT_MS;
  for (let i = 0; ; i++) {
    const mark = `@W${i} `;
    board.write(`print("@W${i} "+H.watches.length)`);
    const answered = await until(() => board.out.includes(mark), 'the interpreter to answer', PROBE_MS).then(
      () => true,
      () => false,
    );
    if (!answered) {
      if (Date.now() > end) throw new Error(`timed out waiting for the interpreter to answer; ${board.state()}`);
      continue;
    }
    const n = Number(new RegExp(`${mark}(\\d+)`).exec(board.out)?.[1] ?? 0);
    if (n > 0) return;
    if (i > 400 || Date.now() > end) throw new Error('the firmware did not boot (no watch set)');
    await new Promise((r) => setTimeout(r, 25));
  }
}
