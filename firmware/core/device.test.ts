/**
 * The device core on the simulated board, running the real bundle: exact lines, acks and
 * resends, replay after a silent hub, overflow reporting, clock sync, cfg, identify.
 */
import { describe, expect, it } from 'vitest';
import { runFirmware, type SimRun } from '../sim/run';
import { BENCH_PROFILE, ball, benchPins, hit } from '../sim/fixtures';
import { SimTcs34725 } from '../sim/tcs34725';

const P = benchPins('espruino-pico');

function boot(startTime = 0): { run: SimRun; b: string; hello: string[] } {
  const run = runFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', device: 'dev-1', startTime, before: (bd) => (bd.i2c[0x29] = new SimTcs34725()) });
  const hello = run.sentRaw();
  const b = (JSON.parse(hello[0]!) as { b: string }).b;
  return { run, b, hello };
}

describe('device core over USB serial', () => {
  it('says hello and status at boot, with a fresh boot id each boot', () => {
    const { b, hello } = boot();
    expect(b).toMatch(/^[0-9a-z]{6}$/);
    expect(hello).toEqual([
      `{"v":1,"k":"hi","d":"dev-1","b":"${b}","t":0,"fw":"autoref-fw-1.0","board":"espruino-pico","prof":"test-bench","cap":8}`,
      `{"v":1,"k":"st","d":"dev-1","b":"${b}","t":0,"state":"online","up":0,"q":0,"cap":8,"lost":0}`,
    ]);
    const other = new Set(Array.from({ length: 5 }, () => boot().b));
    expect(other.size).toBe(5);
  });

  it('sends an event stamped with the interrupt time, sequence 1, 2, … and the pulse width', () => {
    const { run, b } = boot();
    run.board.advance(100);
    ball(run.board, P.cup!, 20_000);
    run.board.advance(398);
    ball(run.board, P.cup!, 3_500);
    expect(run.sentRaw()).toEqual([
      `{"v":1,"k":"ev","d":"dev-1","b":"${b}","n":1,"t":100000,"e":"hole","s":"h1","p":"cup","w":20000}`,
      `{"v":1,"k":"ev","d":"dev-1","b":"${b}","n":2,"t":520000,"e":"hole","s":"h1","p":"cup","w":3500}`,
    ]);
  });

  it('stamps µs exactly on a board that has been up for weeks', () => {
    const { run, b } = boot(12.5);
    run.board.skip(3 * 7 * 24 * 3600);
    run.board.advance(0.25);
    ball(run.board, P.cup!, 10_000);
    const ev = run.sentRaw().find((l) => l.includes('"k":"ev"'))!;
    expect(ev).toBe(`{"v":1,"k":"ev","d":"dev-1","b":"${b}","n":1,"t":1814400000250,"e":"hole","s":"h1","p":"cup","w":10000}`);
  });

  it('ignores pulses shorter than the debounce and than the minimum width', () => {
    const { run } = boot();
    // Contact bounce: 0.3 ms spikes inside the 1 ms debounce never reach the firmware.
    for (let i = 0; i < 5; i++) {
      run.board.set(P.cup!, 0);
      run.board.advance(0.3);
      run.board.set(P.cup!, 1);
      run.board.advance(0.3);
    }
    run.board.advance(5);
    // A clean pulse of 1.5 ms passes the debounce but is below minWidthUs (2000): noise.
    ball(run.board, P.cup!, 1_500);
    expect(run.sentRaw()).toEqual([]);
    // A bouncing edge followed by a real ball is one event, timed at the settled edge.
    run.board.set(P.cup!, 0);
    run.board.advance(0.2);
    run.board.set(P.cup!, 1);
    run.board.advance(0.2);
    const t = run.board.time;
    ball(run.board, P.cup!, 8_000);
    const lines = run.sent();
    expect(lines).toHaveLength(1);
    expect(lines[0]!['t']).toBe(Math.round(t * 1e6));
  });

  it('acknowledged events are not sent again; unacknowledged ones are, with backoff', () => {
    const { run, b } = boot();
    ball(run.board, P.cup!, 5_000);
    ball(run.board, P.cup!, 5_000);
    expect(run.sent().map((l) => l['n'])).toEqual([1, 2]);
    run.hub({ v: 1, k: 'ack', b, n: 1 });
    run.board.advance(2_100);
    expect(run.sent().map((l) => l['n'])).toEqual([2]);
    run.board.advance(2_000);
    expect(run.sent()).toEqual([]);
    run.board.advance(2_200);
    expect(run.sent().map((l) => l['n'])).toEqual([2]);
    run.hub({ v: 1, k: 'ack', b, n: 2 });
    run.board.advance(60_000);
    expect(run.sent().filter((l) => l['k'] === 'ev')).toEqual([]);
  });

  it('an ack for another boot is ignored', () => {
    const { run } = boot();
    ball(run.board, P.cup!, 5_000);
    run.sent();
    run.hub({ v: 1, k: 'ack', b: 'zzzzzz', n: 1 });
    run.board.advance(2_100);
    expect(run.sent().map((l) => l['n'])).toEqual([1]);
  });

  it('sends again from the sequence the hub asks for (rs)', () => {
    const { run, b } = boot();
    for (let i = 0; i < 4; i++) ball(run.board, P.cup!, 5_000);
    run.sent();
    run.hub({ v: 1, k: 'ack', b, n: 1 });
    run.hub({ v: 1, k: 'rs', b, n: 3 });
    expect(run.sent().map((l) => l['n'])).toEqual([3, 4]);
    // A second request within 0.5 s is not served (no replay storm); later it is.
    run.hub({ v: 1, k: 'rs', b, n: 2 });
    expect(run.sent()).toEqual([]);
    run.board.advance(500);
    run.sent();
    run.hub({ v: 1, k: 'rs', b, n: 2 });
    expect(run.sent().map((l) => l['n'])).toEqual([2, 3, 4]);
  });

  it('a resend request beyond the last sequence does not hold back later events', () => {
    const { run, b } = boot();
    ball(run.board, P.cup!, 5_000);
    run.hub({ v: 1, k: 'ack', b, n: 1 });
    run.hub({ v: 1, k: 'rs', b, n: 50 });
    run.sent();
    ball(run.board, P.cup!, 5_000);
    expect(run.sent().map((l) => l['n'])).toEqual([2]);
  });

  it('replays everything unacknowledged after the hub was away, in order', () => {
    const { run, b } = boot();
    ball(run.board, P.cup!, 5_000);
    run.hub({ v: 1, k: 'ack', b, n: 1 });
    run.sent();
    // The hub goes away: its acks stop. Events keep coming.
    for (let i = 0; i < 3; i++) ball(run.board, P.cup!, 5_000);
    expect(run.sent().map((l) => l['n'])).toEqual([2, 3, 4]);
    run.board.advance(2_100);
    expect(run.sent().map((l) => l['n'])).toEqual([2, 3, 4]);
    // It comes back and stores them: the buffer empties.
    run.hub({ v: 1, k: 'ack', b, n: 4 });
    run.board.advance(10_000);
    const hb = run.sent().find((l) => l['k'] === 'hb')!;
    expect(hb['q']).toBe(0);
    expect(hb['n']).toBe(4);
  });

  it('when the buffer overflows the oldest are dropped and the loss is counted in status', () => {
    const { run, b } = boot();
    for (let i = 0; i < 11; i++) ball(run.board, P.cup!, 5_000);
    run.sent();
    run.board.advance(1_100);
    const st = run.sent().find((l) => l['k'] === 'st')!;
    expect(st).toMatchObject({ k: 'st', state: 'online', q: 8, cap: 8, lost: 3 });
    run.hub({ v: 1, k: 'rs', b, n: 1 });
    expect(run.sent().map((l) => l['n'])).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('answers a clock-sync request with its time at arrival', () => {
    const { run, b } = boot();
    run.board.advance(1234.567);
    run.hub({ v: 1, k: 'sy', q: 7 });
    expect(run.sentRaw()).toEqual([`{"v":1,"k":"sy","d":"dev-1","b":"${b}","q":7,"t":1234567}`]);
  });

  it('sends a heartbeat every 10 s', () => {
    const { run, b } = boot();
    run.board.advance(10_000);
    expect(run.sentRaw()).toEqual([`{"v":1,"k":"hb","d":"dev-1","b":"${b}","t":10000000,"up":10,"q":0,"n":0}`]);
  });

  it('applies cfg: heartbeat period and a sensor debounce (the watch is re-armed)', () => {
    const { run } = boot();
    run.hub({ v: 1, k: 'cfg', set: { hb: 2, 'h1.debounceMs': 20 } });
    run.board.advance(2_000);
    expect(run.sent().map((l) => l['k'])).toEqual(['hb']);
    // A 10 ms pulse is now shorter than the debounce: ignored.
    ball(run.board, P.cup!, 10_000);
    run.board.advance(30);
    expect(run.sent()).toEqual([]);
    run.board.set(P.cup!, 0);
    run.board.advance(50);
    run.board.set(P.cup!, 1);
    run.board.advance(50);
    expect(run.sent().map((l) => l['w'])).toEqual([50_000]);
  });

  it('blinks the LED on identify and leaves it off', () => {
    const { run } = boot();
    run.hub({ v: 1, k: 'id', ms: 1000 });
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) {
      run.board.advance(100);
      seen.add(run.board.levels['LED1'] ?? 0);
    }
    expect([...seen].sort()).toEqual([0, 1]);
    run.board.advance(500);
    expect(run.board.levels['LED1']).toBe(0);
  });

  it('ignores garbage and unknown commands without crashing', () => {
    const { run } = boot();
    run.board.usb.inject('not json\n{"v":2,"k":"ack"}\n{"v":1,"k":"zz"}\n' + 'x'.repeat(600));
    run.board.usb.inject('\n');
    hit(run.board, P.rail_s!);
    expect(run.sent().map((l) => l['e'])).toEqual(['cushion']);
    expect(run.board.errors).toEqual([]);
  });
});
