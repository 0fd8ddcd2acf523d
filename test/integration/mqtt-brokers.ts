/**
 * What the MQTT security tests share (mqtt-security.test.ts, mqtt-tls.test.ts): a venue whose
 * devices have secrets, the hub's login, Mosquittos of the tests' own on free ports, temp folders,
 * and MQTT clients that are closed after each test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { BrokerRefusals, MqttCredentials } from '../../hub/broker';
import { topicFor } from '../../shared/protocol/wire';
import type { VenueConfig } from '../../shared/venue';
import { portAnswers } from '../helpers/mosquitto';

export const VENUE: VenueConfig = {
  id: 'sec',
  name: 'Security venue',
  language: 'en',
  tables: [
    { id: 't1', name: 'Table 1', game: 'golf-billiards', devices: [{ id: 'd1', link: 'mqtt', secret: 'd1-secret-1' }] },
    { id: 't2', name: 'Table 2', game: 'golf-billiards', devices: [{ id: 'd2', link: 'mqtt', secret: 'd2-secret-2' }] },
  ],
};
export const HUB: MqttCredentials = { username: 'autoref-hub', password: randomBytes(18).toString('base64url') };
export const topic = (table: string, device: string, channel: string): string => topicFor(VENUE.id, table, device, channel);

const tempDirs: string[] = [];
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
/** Removes every folder tempDir made (call from afterAll). */
export function removeTempDirs(): void {
  tempDirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
}

export interface TestBroker {
  url: string;
  /** Mosquitto drops a refused publish and keeps the client; aedes closes the client. */
  refusedPublishCloses: boolean;
  /** aedes answers a refused subscription with SUBACK 0x80; Mosquitto 2.0 grants it and filters at delivery. */
  refusesSubscribe: boolean;
  refusals?: () => BrokerRefusals;
  close(): Promise<void>;
}

/** A Mosquitto of our own on a free port; `configure` writes its files into `dir` and returns the conf path. */
export async function startMosquitto(configure: (dir: string, port: number) => string): Promise<TestBroker> {
  const dir = tempDir('autoref-mosquitto-');
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = 18830 + randomInt(0, 2000);
    if (await portAnswers(port)) continue;
    const proc: ChildProcess = spawn('mosquitto', ['-c', configure(dir, port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    while (proc.exitCode === null && !(await portAnswers(port))) {
      if (Date.now() > deadline) throw new Error(`mosquitto did not open port ${port}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (proc.exitCode !== null) {
      if (/Address already in use/i.test(stderr)) continue;
      throw new Error(`mosquitto exited: ${stderr}`);
    }
    return {
      url: `mqtt://127.0.0.1:${port}`,
      refusedPublishCloses: false,
      refusesSubscribe: false,
      async close() {
        if (proc.exitCode === null) proc.kill('SIGTERM');
        await exited;
      },
    };
  }
  throw new Error('no free port for mosquitto after 5 attempts');
}

// Run as root (CI containers), Mosquitto would drop to user `mosquitto`, who cannot read our temp dir.
export const RUN_AS = userInfo().username;

export const opened: MqttClient[] = [];
export async function login(url: string, username: string | undefined, password: string | undefined, extra: IClientOptions = {}): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, {
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(username !== undefined ? { username } : {}),
    ...(password !== undefined ? { password } : {}),
    ...extra,
  });
  opened.push(c);
  return c;
}
