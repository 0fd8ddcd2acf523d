/**
 * The MQTT link's reconnect on the virtual clock: WiFi joined at boot (retried with backoff while
 * it fails), the broker refusing: attempts back off 1, 2, 4, 8 s …, WiFi is joined again after
 * every 5 failed connects, and events wait in the buffer meanwhile without a crash.
 */
import { describe, expect, it } from 'vitest';
import { runFirmware } from '../sim/run';
import { BENCH_PROFILE, ball, benchPins } from '../sim/fixtures';

const settle = () => new Promise((r) => setImmediate(r));

describe('MQTT link reconnect with backoff', () => {
  it('backs off between attempts and rejoins WiFi every 5 failures', async () => {
    const run = runFirmware({
      profile: BENCH_PROFILE,
      board: 'esp32',
      device: 'dev-1',
      local: { ssid: 'bar', pass: 'pw', mqHost: '127.0.0.1', mqPort: 1883 },
      before: (b) => {
        b.wifiDown = true;
        b.refuseConnections = true;
      },
    });
    const b = run.board;
    // WiFi down: joins at 0, 1.05, 3.1 s (backoff 1, 2 s).
    const joins: number[] = [];
    let j = 0;
    const sockets: number[] = [];
    let s = 0;
    for (let step = 0; step < 1400; step++) {
      if (step === 40) b.wifiDown = false;
      b.advance(50);
      await settle();
      await settle();
      if (b.wifiJoins > j) {
        joins.push(b.us / 1e6);
        j = b.wifiJoins;
      }
      if (b.sockets.length > s) {
        sockets.push(b.us / 1e6);
        s = b.sockets.length;
      }
    }
    // Joins at boot, then after 1 and 2 s of backoff; the third succeeds (WiFi is back).
    expect(joins.slice(0, 3).map((t) => Math.round(t))).toEqual([0, 1, 3]);
    // The broker refuses: 1, 2, 4, 8 s between attempts; after 5 failures WiFi is joined again
    // (16 s later), and the backoff starts over.
    const gaps = sockets.slice(1, 8).map((t, i) => Math.round(t - sockets[i]!));
    expect(gaps).toEqual([1, 2, 4, 8, 16, 1, 2]);
    expect(joins.length).toBeGreaterThanOrEqual(4);
    expect(joins[3]! - sockets[4]!).toBeCloseTo(16, 0);
    ball(b, benchPins('esp32').cup!, 5_000);
    expect(b.errors).toEqual([]);
    b.stop();
  });
});
