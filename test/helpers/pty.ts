/**
 * A real serial line for tests: a pseudo-terminal pair made by socat. One end is opened by the
 * hub with serialport, the other by the simulated device.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PtyPair {
  hubEnd: string;
  deviceEnd: string;
  close(): Promise<void>;
}

/** `dir`: reuse the link paths of an earlier pair (a cable plugged back in). */
export async function openPtyPair(dir: string = mkdtempSync(path.join(tmpdir(), 'autoref-pty-'))): Promise<PtyPair & { dir: string }> {
  const hubEnd = path.join(dir, 'hub');
  const deviceEnd = path.join(dir, 'device');
  const proc: ChildProcess = spawn('socat', [`pty,raw,echo=0,link=${hubEnd}`, `pty,raw,echo=0,link=${deviceEnd}`], { stdio: 'ignore' });
  const deadline = Date.now() + 5000;
  while (!(existsSync(hubEnd) && existsSync(deviceEnd))) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error('socat did not create the pty pair (is socat installed?)');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    dir,
    hubEnd,
    deviceEnd,
    close: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
