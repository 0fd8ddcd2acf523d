/**
 * The hub as the README starts it, in a child process: `node bin/autoref.js start …`. For tests
 * that need what only a real process shows: that it keeps running (or exits, and with which code
 * and line), what it prints and logs, and its state across a stop and a start on the same store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './hub';
import { freePort } from './mosquitto';

/** A TCP port free on 127.0.0.1 right now (for a hub that must come back on the same port). */
export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../..');
export const AUTOREF_BIN = path.join(ROOT, 'bin/autoref.js');

export interface HubProcess {
  proc: ChildProcess;
  /** stdout lines (what a person reads at the terminal). */
  out: string[];
  /** stderr lines (the hub's log: JSON lines, and a refusal's one line). */
  err: string[];
  /** The dashboard URL it printed, once it did. */
  url: string;
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  exited: Promise<number | string>;
  /** Still running? */
  alive(): boolean;
  /** SIGTERM (the hub closes its store), SIGKILL after 10 s; resolves when it is gone. */
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/**
 * Starts `autoref start <args>` and resolves once it printed its dashboard URL, or once it exited
 * (look at `exited` then); `root`: the project to run (a copy of it, test/helpers/project-copy.ts). `env` is added to the test's environment, without AUTOREF_TOKEN unless
 * given.
 */
export async function startHubProcess(args: readonly string[], env: Record<string, string> = {}, readyMs = 60_000, root = ROOT): Promise<HubProcess> {
  const e: NodeJS.ProcessEnv = { ...process.env };
  delete e['AUTOREF_TOKEN'];
  Object.assign(e, env);
  const proc = spawn(process.execPath, [path.join(root, 'bin/autoref.js'), 'start', ...args], { cwd: root, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
  const h: HubProcess = {
    proc,
    out: [],
    err: [],
    url: '',
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1))),
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async stop() {
      if (!h.alive()) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await h.exited;
      clearTimeout(timer);
    },
    async kill() {
      if (!h.alive()) return;
      proc.kill('SIGKILL');
      await h.exited;
    },
  };
  const lines = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer): void => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      for (const l of parts) {
        into.push(l);
        const m = /^dashboard: (\S+)/.exec(l);
        if (m) h.url = m[1]!.replace(/\/$/, '');
      }
    };
  };
  proc.stdout!.on('data', lines(h.out));
  proc.stderr!.on('data', lines(h.err));
  try {
    await waitFor(() => h.url !== '' || !h.alive(), 'the hub to print its dashboard URL (or exit)', readyMs);
  } catch (err) {
    await h.kill();
    throw new Error(`${(err as Error).message}\nstdout:\n${h.out.join('\n')}\nstderr:\n${h.err.join('\n')}`);
  }
  if (!h.alive()) await new Promise((r) => setTimeout(r, 50)); // the last lines of a refusal
  return h;
}

/** The hub's log lines (pino JSON on stderr), parsed; other lines are left out. */
export function logEntries(h: HubProcess): { level: number; msg: string; err?: { stack?: string; message?: string } }[] {
  const out: { level: number; msg: string; err?: { stack?: string; message?: string } }[] = [];
  for (const l of h.err) {
    if (!l.startsWith('{')) continue;
    try {
      out.push(JSON.parse(l) as { level: number; msg: string });
    } catch {
      /* not a log line */
    }
  }
  return out;
}
