/**
 * A Mosquitto of a test's own, on a free port (the shared one on 1883 stays as it is), for tests
 * that kill it, or that need it configured as a venue's would be (hub/cli/mosquitto-config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { waitFor } from './hub';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Something accepts TCP connections on 127.0.0.1:`port`. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Writes a configuration for an anonymous listener on `port` in `dir`, plus `extra` lines; returns its path. */
export function mosquittoConf(dir: string, port: number, extra: readonly string[] = []): string {
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', `user ${userInfo().username}`, ...extra, ''].join('\n'));
  return conf;
}

/** Mosquitto with `conf` listening on `port`; resolves once it accepts connections. */
export async function startMosquitto(conf: string, port: number): Promise<ChildProcess> {
  const proc = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  await waitFor(async () => proc.exitCode !== null || (await portAnswers(port)), `mosquitto on port ${port}`, 10_000);
  if (proc.exitCode !== null) throw new Error(`mosquitto exited: ${stderr}`);
  return proc;
}

/** SIGKILL, and resolves once it has exited. */
export function killed(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });
}
