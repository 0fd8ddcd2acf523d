/**
 * A throw-away copy of the project, for the tests that follow a "how to add …" page
 * (docs/how-to/): they make the page's edits in the copy, and only those, then run the copy.
 * What works there with only those edits needs no other file of the project to know about them.
 *
 * The copy holds the files git knows (tracked, and untracked but not ignored, so a working tree
 * in progress is copied as it is) and a link to this project's node_modules.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ProjectCopy {
  dir: string;
  /** Creates or replaces a file (path relative to the project). */
  write(rel: string, text: string): void;
  /** Inserts `text` on the line after the one line that contains `anchor`; throws when there is not exactly one. */
  insertAfter(rel: string, anchor: string, text: string): void;
  /** The files the test wrote, relative, sorted. */
  changedFiles(): string[];
  /** Runs a command in the copy and collects its output (never throws on a non-zero exit). */
  run(command: string, args: string[], opts?: { env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<RunResult>;
  cleanup(): void;
}

export function copyProject(): ProjectCopy {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-copy-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const rel of listed.split('\0')) {
    if (rel === '') continue;
    const from = path.join(ROOT, rel);
    const to = path.join(dir, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      cpSync(from, to);
    } catch (err) {
      // A tracked file deleted in the working tree (a rename in progress) is simply not there.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const written = new Set<string>();

  return {
    dir,
    write(rel, text) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
      written.add(rel);
    },
    insertAfter(rel, anchor, text) {
      const file = path.join(dir, rel);
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.flatMap((line, i) => (line.includes(anchor) ? [i] : []));
      if (at.length !== 1) throw new Error(`${rel}: ${at.length} lines contain ${JSON.stringify(anchor)}, expected one`);
      lines.splice(at[0]! + 1, 0, ...text.replace(/\n$/, '').split('\n'));
      writeFileSync(file, lines.join('\n'));
      written.add(rel);
    },
    changedFiles: () => [...written].sort(),
    run(command, args, opts = {}) {
      return new Promise((resolve) => {
        const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
        child.on('close', (code) => {
          if (timer) clearTimeout(timer);
          resolve({ code, stdout, stderr });
        });
      });
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
