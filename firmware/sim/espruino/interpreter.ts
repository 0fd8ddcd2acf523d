/**
 * The real Espruino interpreter (2v29 built for Linux, see ../shared/espruino/README.md) as a
 * board on a serial line: a pseudo-terminal pair made by socat, the interpreter on one end (its
 * console), the `espruino` upload tool and then the test on the other. Storage is the
 * interpreter's espruino.flash in the board's own directory, so it survives a power cycle (the
 * process killed and started again there).
 *
 * Where the interpreters come from: ESPRUINO_BIN (one binary, used for every board) or
 * ESPRUINO_DIR (a directory with the builds named as in ../shared/espruino), else
 * ../shared/espruino beside the repository. Node-side code (never in a bundle).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import tty from 'node:tty';
import type { BoardId } from '../../../shared/profile';
import { ROOT } from '../../build/build';

/** The 32-bit build sized like each board (its JsVar count, no Unicode), by file name. */
export const BOARD_BUILDS: Record<BoardId, string> = {
  'espruino-pico': 'espruino_linux32_pico',
  'espruino-wifi': 'espruino_linux32_wifi',
  esp32: 'espruino_linux32_esp32',
};
export const LINUX64_BUILD = 'espruino-linux64';

export interface Interpreters {
  /**
   * The command that runs a board-sized build (or the one ESPRUINO_BIN names): the binary, or
   * `qemu-i386` and the binary where this kernel cannot run 32-bit programs itself.
   */
  board(b: BoardId): string[];
  /** Where they were found, for messages. */
  from: string;
  /** Builds sized like the boards (their JsVar counts), not one binary for all (ESPRUINO_BIN). */
  boardSized: boolean;
}

function runnable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An ELF file built for a 32-bit machine (its class byte). */
function is32bit(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString('latin1', 1, 4) === 'ELF' && head[4] === 1;
  } finally {
    closeSync(fd);
  }
}

/** Whether `cmd` starts the interpreter: it evaluates an expression and prints the result. */
function answers(cmd: string[]): boolean {
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), '-e', 'print("@"+"OK")'], { input: '', timeout: 10_000, encoding: 'latin1' });
  return r.stdout?.includes('@OK') ?? false;
}

/**
 * How to start a build: as it is where the machine runs it, else through `qemu-i386` (user-mode
 * emulation, Debian's qemu-user) for a 32-bit build on a kernel without 32-bit support, as on
 * this project's CI machines. Null when neither works.
 */
function launcher(file: string): string[] | null {
  if (answers([file])) return [file];
  if (is32bit(file) && answers(['qemu-i386', file])) return ['qemu-i386', file];
  return null;
}

/** The interpreters, or why there are none (a test skips with that one line). */
export function findInterpreters(env: NodeJS.ProcessEnv = process.env): Interpreters | { skip: string } {
  const bin = env['ESPRUINO_BIN'];
  if (bin) {
    if (!runnable(bin)) return { skip: `ESPRUINO_BIN=${bin} is not an executable file` };
    const cmd = launcher(bin);
    return cmd ? { board: () => cmd, from: bin, boardSized: false } : { skip: `ESPRUINO_BIN=${bin} does not run on this machine` };
  }
  const dir = env['ESPRUINO_DIR'] ?? path.resolve(ROOT, '../shared/espruino');
  const missing = Object.values(BOARD_BUILDS).filter((f) => !runnable(path.join(dir, f)));
  if (missing.length) return { skip: `no Espruino interpreters in ${dir} (${missing.join(', ')} missing; set ESPRUINO_DIR or ESPRUINO_BIN)` };
  // The board-sized builds are 32-bit programs.
  if (!existsSync('/lib/ld-linux.so.2')) return { skip: 'the 32-bit Espruino builds need the 32-bit C library (apt-get install libc6-i386)' };
  if (spawnSync('setarch', ['--version']).status !== 0) return { skip: 'setarch (util-linux) is needed to run the interpreters at fixed addresses' };
  const cmds = new Map<BoardId, string[]>();
  for (const [b, f] of Object.entries(BOARD_BUILDS) as [BoardId, string][]) {
    const cmd = launcher(path.join(dir, f));
    if (!cmd) return { skip: `${f} does not run here: this kernel runs no 32-bit programs and qemu-i386 is missing (apt-get install qemu-user)` };
    cmds.set(b, cmd);
  }
  return { board: (b) => cmds.get(b)!, from: dir, boardSized: true };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves once `cond()` holds; rejects with `what` after `ms` (a run that never ends). */
export async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * Runs `code` (a file) on an interpreter with its console on a pipe, until it prints `marker`;
 * returns everything it printed. stdin stays open (at end of input the builds spin), and the
 * process is killed (they ignore SIGTERM).
 */
export async function runScript(cmd: string[], dir: string, code: string, marker: string, ms = 20_000): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'script.js');
  writeFileSync(file, code);
  const p = spawn(cmd[0]!, [...cmd.slice(1), file], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  p.stdout!.on('data', (b: Buffer) => (out += b.toString('latin1')));
  try {
    await until(() => out.includes(marker) || p.exitCode !== null, `${marker} from ${path.basename(cmd[cmd.length - 1]!)}`, ms);
    return out;
  } finally {
    await kill(p);
  }
}

function kill(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });
}

/**
 * One interpreter as a board on a pseudo-terminal. `port` is the end a host uses (the upload
 * tool, then the test's console); the interpreter's stdio is the other end.
 */
export class EspruinoBoard {
  readonly port: string;
  private readonly deviceEnd: string;
  private socat: ChildProcess | null = null;
  private proc: ChildProcess | null = null;
  /** The console: a tty stream on the port (serialport's open would discard what waits unread). */
  private console: { fd: number; stream: tty.ReadStream } | null = null;
  /**
   * Both ends held open for the board's lifetime: socat ends the pair when a side has no opener
   * left, which happens between the upload tool and the console, and during a power cycle.
   */
  private keepers: number[] = [];
  /** Everything the console printed since connect(). */
  out = '';
  /** How the interpreter ended when it ended by itself (a crash), else null. */
  exited: string | null = null;
  powerUps = 0;

  constructor(
    readonly cmd: string[],
    readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
    // A name the serial port lister knows (tty…): the upload tool only opens ports it can list.
    this.port = path.join(dir, 'ttyACM0');
    this.deviceEnd = path.join(dir, 'board');
  }

  async start(): Promise<void> {
    this.socat = spawn('socat', [`pty,raw,echo=0,link=${this.port}`, `pty,raw,echo=0,link=${this.deviceEnd}`], { stdio: 'ignore' });
    await until(() => (existsSync(this.port) && existsSync(this.deviceEnd)) || this.socat!.exitCode !== null, 'socat to make the pty pair', 5000);
    if (this.socat.exitCode !== null) throw new Error('socat did not create the pty pair (is socat installed?)');
    this.keepers = [openSync(this.port, constants.O_RDWR | constants.O_NOCTTY), openSync(this.deviceEnd, constants.O_RDWR | constants.O_NOCTTY)];
    try {
      this.powerUp();
      await this.settled();
    } catch (e) {
      // Nothing left running when the board never came up (socat would outlive the test).
      await this.close();
      throw e;
    }
  }

  /**
   * Waits until the interpreter has booted and answers at its prompt (a tool connecting while it
   * still starts up can have its first lines eaten), then frees the port again.
   */
  async settled(): Promise<void> {
    await this.connect();
    for (let i = 0; !this.out.includes('@UP'); i++) {
      this.write(`print("@" + "UP")`);
      await until(() => this.out.includes('@UP'), 'the interpreter at its prompt', i < 50 ? 100 : 0).catch(() => undefined);
      if (i >= 50) throw new Error(`the interpreter does not answer: ${JSON.stringify(this.out.slice(-300))}`);
    }
    await this.disconnect();
    this.out = '';
  }

  /**
   * Starts the interpreter on the board end of the line: a power-up (Storage is kept). With
   * address randomisation off (setarch -R), as a board's firmware sits at fixed addresses: the
   * image save() writes holds addresses of built-ins, and loaded into a process laid out
   * elsewhere its built-ins are "not found" or it crashes (measured).
   */
  private powerUp(): void {
    const fd = openSync(this.deviceEnd, 'r+');
    const proc = spawn('setarch', [process.arch === 'x64' ? 'x86_64' : 'i386', '-R', ...this.cmd], { cwd: this.dir, stdio: [fd, fd, fd] });
    closeSync(fd);
    proc.once('exit', (code, signal) => {
      if (this.proc === proc) this.exited = signal ?? `exit ${code}`;
    });
    this.proc = proc;
    this.exited = null;
    this.powerUps++;
  }

  /** Power off and on again: the process is killed and started again in the same directory. */
  async powerCycle(): Promise<void> {
    if (this.proc) await kill(this.proc);
    this.out = '';
    this.powerUp();
  }

  /**
   * Runs the `espruino` command-line tool against this board, as a user would (`args` without
   * the port). Returns what it printed. The tool lists serial ports through udev before opening
   * one; a pseudo-terminal is not in udev's list, so a stand-in `udevadm` lists this one.
   */
  async tool(args: string[], ms = 60_000): Promise<string> {
    const bin = path.join(this.dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const udevadm = path.join(bin, 'udevadm');
    writeFileSync(udevadm, `#!/bin/sh\nprintf 'P: /devices/virtual/tty/autoref\\nN: ttyACM0\\nE: DEVNAME=${this.port}\\nE: SUBSYSTEM=tty\\n\\n'\n`, {
      mode: 0o755,
    });
    const cli = path.join(ROOT, 'node_modules/.bin/espruino');
    const p = spawn(cli, ['--no-ble', '-p', this.port, ...args], {
      cwd: this.dir,
      env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout!.on('data', (b: Buffer) => (out += b.toString('latin1')));
    p.stderr!.on('data', (b: Buffer) => (out += b.toString('latin1')));
    try {
      // An interpreter that crashed on what it was sent (a lost byte) will never answer the tool: stop there.
      await until(() => p.exitCode !== null || this.exited !== null, `the espruino tool (${args.join(' ')})`, ms);
    } finally {
      await kill(p);
    }
    if (this.exited !== null) throw new Error(`the interpreter ended during the upload (${this.exited}):\n${out.slice(-600)}`);
    if (p.exitCode !== 0 || !/Upload Complete/.test(out)) throw new Error(`espruino tool failed (exit ${p.exitCode}):\n${out}`);
    return out;
  }

  /**
   * Opens the console (after the tool is done with the port). What the interpreter printed
   * meanwhile (save(), the firmware's first lines) waits in the pty and is read too.
   */
  async connect(): Promise<void> {
    const fd = openSync(this.port, constants.O_RDWR | constants.O_NOCTTY);
    const stream = new tty.ReadStream(fd);
    stream.on('data', (b: Buffer) => (this.out += b.toString('latin1')));
    stream.on('error', () => undefined);
    this.console = { fd, stream };
    await Promise.resolve();
  }

  /** How it is doing, for a failure's message: running or how it ended, and its last output. */
  state(): string {
    // An internal assertion prints its line, then a dump of every variable, then exits.
    const assert = /ASSERT\([^\n]*/.exec(this.out)?.[0];
    const tail = assert ? this.out.slice(Math.max(0, this.out.indexOf(assert) - 600), this.out.indexOf(assert) + 200) : this.out.slice(-800);
    return `interpreter ${this.exited ?? 'running'}${assert ? ` (${assert.trim()})` : ''}; output: ${JSON.stringify(tail)}`;
  }

  /** Types one line at the REPL. */
  write(line: string): void {
    if (!this.console) throw new Error('console not connected');
    writeSync(this.console.fd, line + '\n');
  }

  /** Closes the console (the port is free for the upload tool again). */
  async disconnect(): Promise<void> {
    const c = this.console;
    this.console = null;
    if (c) await new Promise<void>((r) => c.stream.destroy().once('close', () => r()));
  }

  async close(): Promise<void> {
    await this.disconnect();
    if (this.proc) await kill(this.proc);
    for (const fd of this.keepers) closeSync(fd);
    this.keepers = [];
    if (this.socat) await kill(this.socat);
  }
}
