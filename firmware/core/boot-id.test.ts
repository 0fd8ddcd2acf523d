/**
 * Boot ids are unique per power-up on every board (issue #18). Espruino 2v29 seeds Math.random
 * at boot only on STM32 and nRF; on the ESP32 the sequence is the same at every power-up, and on
 * the Linux build E.hwRand repeats too. The firmware moves the id on with a boot counter in
 * Storage (flash) and mixes in E.hwRand where the port has one, so a rebooted board never says
 * the boot id of an earlier power-up (the hub would take its new events for duplicates).
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RANDOM_MODELS, type RandomModel } from '../sim/board';
import { runFirmware, type SimRun } from '../sim/run';
import { BOOT_FILE } from './device';

const BOOT_ID = /^[0-9a-z]{6}$/;

/** Boot id of the `hi` line the (serial) firmware sent at this power-up. */
function serialBoot(run: SimRun): string {
  const hi = run.sent().find((l) => l['k'] === 'hi');
  return hi!['b'] as string;
}

/**
 * A broker that accepts any CONNECT and keeps every PUBLISH payload: enough to read what an
 * MQTT board says at boot without a real broker.
 */
async function fakeBroker(): Promise<{ port: number; payloads: string[]; close(): Promise<void> }> {
  const payloads: string[] = [];
  const socks: net.Socket[] = [];
  const server = net.createServer((s) => {
    socks.push(s);
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        let len = 0;
        let mul = 1;
        let i = 1;
        for (; i < buf.length; i++) {
          len += (buf[i]! & 127) * mul;
          mul *= 128;
          if (!(buf[i]! & 128)) break;
        }
        if (i >= buf.length || buf.length < i + 1 + len) return;
        const type = buf[0]! >> 4;
        const body = buf.subarray(i + 1, i + 1 + len);
        buf = buf.subarray(i + 1 + len);
        if (type === 1) s.write(Buffer.from([0x20, 2, 0, 0]));
        if (type === 3) payloads.push(body.subarray(2 + body.readUInt16BE(0)).toString('latin1'));
      }
    });
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    payloads,
    close: () => {
      for (const s of socks) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

async function mqttBoot(run: SimRun, payloads: string[]): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const hi = payloads.find((p) => p.includes('"k":"hi"'));
    if (hi) return (JSON.parse(hi) as { b: string }).b;
    if (Date.now() > end) throw new Error('no hello from the board');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('boot ids are unique per power-up on every board', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('two power-ups of an ESP32 give different boot ids while Math.random repeats', async () => {
    const broker = await fakeBroker();
    cleanup.push(() => broker.close());
    const run = runFirmware({ profile: 'minigolf-lane', board: 'esp32', device: 'ml-a', local: { mqHost: '127.0.0.1', mqPort: broker.port } });
    cleanup.push(() => run.board.stop());
    expect(RANDOM_MODELS.esp32.randomRepeats).toBe(true);
    const first = await mqttBoot(run, broker.payloads);
    const r1 = run.board.repl('Math.random()');
    broker.payloads.length = 0;
    run.board.powerCycle();
    const second = await mqttBoot(run, broker.payloads);
    expect(run.board.repl('Math.random()')).toBe(r1);
    expect(first).toMatch(BOOT_ID);
    expect(second).toMatch(BOOT_ID);
    expect(second).not.toBe(first);
    expect(run.board.storage[BOOT_FILE]).toBe(2);
  });

  it('where Math.random and E.hwRand both repeat (the Linux build), the boot counter in flash keeps 50 power-ups apart', () => {
    const run = runFirmware({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb-a', random: RANDOM_MODELS.linux });
    const ids = [serialBoot(run)];
    const randoms = [run.board.repl('Math.random()'), run.board.repl('E.hwRand()')];
    for (let i = 1; i < 50; i++) {
      run.board.powerCycle();
      ids.push(serialBoot(run));
      expect([run.board.repl('Math.random()'), run.board.repl('E.hwRand()')]).toEqual(randoms);
    }
    expect(new Set(ids).size).toBe(50);
    expect(run.board.storage[BOOT_FILE]).toBe(50);
  });

  it('without the counter (flash wiped) a repeating board would say the same boot id again: the counter is what keeps them apart', () => {
    const model: RandomModel = { randomRepeats: true, hwRand: 'absent' };
    const run = runFirmware({ profile: 'carom', board: 'espruino-pico', device: 'cr-a', random: model });
    const first = serialBoot(run);
    delete run.board.storage[BOOT_FILE];
    run.board.powerCycle();
    expect(serialBoot(run)).toBe(first);
    run.board.powerCycle();
    expect(serialBoot(run)).not.toBe(first);
  });

  it('on a board that seeds Math.random (STM32) the ids are random as well as counted', () => {
    const a = runFirmware({ profile: 'pool', board: 'espruino-pico', device: 'p-a' });
    const b = runFirmware({ profile: 'pool', board: 'espruino-pico', device: 'p-b' });
    expect(a.board.storage[BOOT_FILE]).toBe(1);
    expect(serialBoot(a)).not.toBe(serialBoot(b));
  });
});
