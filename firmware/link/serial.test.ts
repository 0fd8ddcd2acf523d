/**
 * The serial link on the simulated board, running the real bundle: over USB (the REPL moved out
 * of the way unless the button is held at power-up) and over a UART (the REPL forced onto USB),
 * with the same lines, acks and commands; and the build refusing a UART the profile already uses.
 */
import { describe, expect, it } from 'vitest';
import { runFirmware } from '../sim/run';
import { BENCH_PROFILE, ball } from '../sim/fixtures';
import { buildFirmware, FirmwareBuildError } from '../build/build';
import { attachColour } from '../sim/scenario-sim';

const problemsOf = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e instanceof FirmwareBuildError ? e.problems : e;
  }
  return [];
};

describe('serial link over USB', () => {
  it('moves the REPL to LoopbackA so the hub reaches the firmware; a command may come in pieces', () => {
    const run = runFirmware({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb1-a' });
    expect([run.board.loopback.console, run.link === run.board.usb]).toEqual([true, true]);
    const b = (JSON.parse(run.sentRaw()[0]!) as { b: string }).b;
    run.board.advance(250);
    run.board.usb.inject('{"v":1,"k":"s');
    run.board.usb.inject('y","q":3}\n{"v":1,"k":"sy","q":4}\n');
    expect(run.sentRaw()).toEqual([`{"v":1,"k":"sy","d":"gb1-a","b":"${b}","q":3,"t":250000}`, `{"v":1,"k":"sy","d":"gb1-a","b":"${b}","q":4,"t":250000}`]);
  });

  it('leaves the REPL on USB when the button is held at power-up (for a new upload)', () => {
    const run = runFirmware({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb1-a', before: (bd) => (bd.levels['BTN1'] = 1) });
    expect(run.board.loopback.console).toBe(false);
  });
});

describe('serial link over a UART', () => {
  it('sends and receives protocol lines on the UART, at its baud rate and pins, nothing on USB', () => {
    const run = runFirmware({
      profile: 'golf-billiards',
      board: 'espruino-pico',
      device: 'gb1-a',
      uart: 'Serial2',
      baud: 57600,
      // Both goals' colour sensors, behind the multiplexer as the profile wires them.
      before: (bd) => attachColour(bd, [0, 1]),
    });
    const u = run.board.serial2;
    expect(run.link).toBe(u);
    expect([u.baud, u.tx, u.rx]).toEqual([57600, 'A2', 'A3']);
    // The REPL stays on USB, forced: the hub's lines on the UART reach the firmware.
    expect([run.board.usb.console, run.board.loopback.console]).toEqual([true, false]);
    const hello = run.sentRaw();
    const b = (JSON.parse(hello[0]!) as { b: string }).b;
    expect(hello).toEqual([
      `{"v":1,"k":"hi","d":"gb1-a","b":"${b}","t":0,"fw":"autoref-fw-1.0","board":"espruino-pico","prof":"golf-billiards","cap":128}`,
      `{"v":1,"k":"st","d":"gb1-a","b":"${b}","t":0,"state":"online","up":0,"q":0,"cap":128,"lost":0}`,
    ]);
    run.board.advance(100);
    ball(run.board, 'B4', 8_000);
    expect(run.sentRaw()).toEqual([`{"v":1,"k":"ev","d":"gb1-a","b":"${b}","n":1,"t":100000,"e":"goal","s":"g2","p":"b","w":8000}`]);
    run.hub({ v: 1, k: 'ack', b, n: 1 });
    run.board.advance(10_000);
    expect(run.sentRaw()).toEqual([`{"v":1,"k":"hb","d":"gb1-a","b":"${b}","t":10000000,"up":10,"q":0,"n":1}`]);
    expect(run.board.usb.out).toBe('');
    expect(run.board.errors).toEqual([]);
  });

  it('defaults to 115200 baud', () => {
    const run = runFirmware({ profile: 'minigolf-lane', board: 'espruino-pico', device: 'm1-a', uart: 'Serial1' });
    expect([run.board.serial1.baud, run.board.serial1.tx, run.board.serial1.rx]).toEqual([115200, 'B6', 'B7']);
    // The tag reader keeps Serial2.
    expect(run.board.serial2.baud).toBe(9600);
    expect(run.sentRaw().map((l) => (JSON.parse(l) as { k: string }).k)).toEqual(['hi', 'st']);
  });

  it('is refused where the profile already uses the UART or its pins, or the board has no serial link', () => {
    expect(problemsOf(() => buildFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', uart: 'Serial1' }))).toEqual([
      '--uart: Serial1 needs B6, wired to I2C in profile "test-bench"',
      '--uart: Serial1 needs B7, wired to I2C in profile "test-bench"',
    ]);
    expect(problemsOf(() => buildFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', uart: 'Serial2' }))).toEqual([
      "--uart: Serial2 is the tag reader's UART on espruino-pico",
      '--uart: Serial2 needs A3, wired to pin "tag_rx" in profile "test-bench"',
    ]);
    expect(problemsOf(() => buildFirmware({ profile: 'pool', board: 'espruino-pico', uart: 'Serial2' }))).toEqual([
      '--uart: Serial2 needs A2, wired to pin "jaw2" in profile "pool"',
      '--uart: Serial2 needs A3, wired to pin "drop2" in profile "pool"',
    ]);
    expect(problemsOf(() => buildFirmware({ profile: 'pool', board: 'esp32', uart: 'Serial2' }))).toEqual([
      '--uart: esp32 reaches the hub over MQTT, not a serial line',
    ]);
    expect(problemsOf(() => buildFirmware({ profile: 'pool', board: 'espruino-pico', baud: 9600 }))).toEqual(['--baud applies to a UART link (--uart)']);
    expect(problemsOf(() => buildFirmware({ profile: 'golf-billiards', board: 'espruino-pico', uart: 'Serial2', baud: 300 }))).toEqual([
      '--baud 300: an integer from 1200 to 1000000',
    ]);
  });
});
