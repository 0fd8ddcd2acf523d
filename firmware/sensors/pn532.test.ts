/**
 * The PN532 NFC reader (tag part `PN532`) on the simulated board, against the PN532 emulator
 * (firmware/sim/pn532.ts): wake-up, configuration and polling as the chip wants them, the UID
 * of a card as the ball identity of the cup beam or as the reader's own event (same fields as
 * the RDM6300), answers with a broken checksum ignored, and a reader that never answers
 * reported `absent` until it does.
 */
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import { loadProfile } from '../build/build';
import { runFirmware, type SimRun } from '../sim/run';
import { ball, BENCH_PROFILE, hit, withTagPart } from '../sim/fixtures';
import { latin1, pn532Frame, SimPn532, targetAnswer } from '../sim/pn532';

const MINIGOLF = withTagPart(loadProfile('minigolf-lane') as TableProfile, 'PN532');
const UID7 = [0x04, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6];
const UID4 = [0xde, 0xad, 0xbe, 0xef];
/** Minigolf lane on the Pico: tee B3, cup B4, out B5; reader RX A3 (Serial2). */
const TEE = 'B3';
const CUP = 'B4';
const OUT = 'B5';

interface Bench {
  run: SimRun;
  pn: SimPn532;
  /** All lines sent so far (kept, since reading the link consumes them). */
  lines: string[];
  take(): string[];
  ev(rest: string): string;
}

function boot(profile: TableProfile = MINIGOLF, plugged = true): Bench {
  let pn!: SimPn532;
  const run = runFirmware({
    profile,
    board: 'espruino-pico',
    device: 'dev-1',
    before: (b) => {
      pn = new SimPn532(b, b.serial2);
      if (!plugged) pn.unplug();
    },
  });
  const lines: string[] = [];
  const take = (): string[] => {
    lines.push(...run.sentRaw());
    return lines;
  };
  const b = (JSON.parse(take()[0]!) as { b: string }).b;
  return { run, pn, lines, take, ev: (rest) => `{"v":1,"k":"ev","d":"dev-1","b":"${b}",${rest}}` };
}

/** Every event line so far, once (an event not acknowledged by a hub is sent again later). */
const events = (x: Bench): string[] => {
  const seen = new Set<number>();
  return x.take().filter((l) => l.includes('"k":"ev"') && !seen.has((JSON.parse(l) as { n: number }).n) && !!seen.add((JSON.parse(l) as { n: number }).n));
};
const names = (x: Bench): (string | undefined)[] => events(x).map((l) => (JSON.parse(l) as { o?: string }).o);
/** The `f` of every status line so far. */
const faults = (x: Bench): unknown[] =>
  x
    .take()
    .filter((l) => l.includes('"k":"st"'))
    .map((l) => (JSON.parse(l) as { f?: unknown }).f ?? []);

describe('PN532 NFC reader: start-up and polling', () => {
  it('sets up its UART (115200 baud, RX and TX), wakes the chip, configures it, then polls every 100 ms', () => {
    const x = boot();
    const s2 = x.run.board.serial2;
    expect([s2.baud, s2.rx, s2.tx]).toEqual([115200, 'A3', 'A2']);
    x.run.board.advance(1_000);
    expect(x.pn.wakes).toBe(1);
    // The first poll follows the configuration at once, then one per 100 ms tick.
    expect(x.pn.commands).toEqual([0x14, 0x32, ...Array<number>(11).fill(0x4a)]);
    x.run.board.advance(1_000);
    expect(x.pn.commands.filter((c) => c === 0x4a)).toHaveLength(21);
    expect(x.pn.problems).toEqual([]);
    expect(faults(x).every((f) => Array.isArray(f) && f.length === 0)).toBe(true);
    expect(x.run.board.errors).toEqual([]);
  });

  it('the other parts stay on their own UART set-up: the RDM6300 gets no transmit pin', () => {
    const run = runFirmware({ profile: withTagPart(MINIGOLF, 'RDM6300'), board: 'espruino-pico', device: 'dev-1' });
    expect([run.board.serial2.baud, run.board.serial2.rx, run.board.serial2.tx, run.board.serial2.out]).toEqual([9600, 'A3', null, '']);
  });

  it('on the Espruino WiFi (Serial1) the console is kept on USB and the reader talks on B6/B7', () => {
    let pn!: SimPn532;
    const run = runFirmware({ profile: MINIGOLF, board: 'espruino-wifi', device: 'dev-1', before: (b) => (pn = new SimPn532(b, b.serial1)) });
    run.board.advance(500);
    expect([run.board.serial1.baud, run.board.serial1.rx, run.board.serial1.tx, run.board.usb.console]).toEqual([115200, 'B7', 'B6', true]);
    expect(pn.commands.slice(0, 3)).toEqual([0x14, 0x32, 0x4a]);
    expect(pn.problems).toEqual([]);
  });
});

describe('PN532 NFC reader: the tagged ball', () => {
  it('minigolf-lane with a PN532: exact event lines, the hole named by a 7-byte and then a 4-byte UID', () => {
    const x = boot();
    const b = x.run.board;
    b.advance(100);
    hit(b, TEE);
    b.advance(1_799.9);
    x.pn.present(UID7);
    b.advance(100);
    ball(b, CUP, 5_000);
    x.pn.remove();
    b.advance(993);
    ball(b, OUT, 3_000);
    b.advance(895);
    x.pn.present(UID4);
    b.advance(100);
    ball(b, CUP, 6_000);
    expect(events(x)).toEqual([
      x.ev('"n":1,"t":100000,"e":"stroke","s":"t1","p":"tee"'),
      x.ev('"n":2,"t":2000000,"e":"hole","s":"h1","p":"cup","w":5000,"o":"04a1b2c3d4e5f6"'),
      x.ev('"n":3,"t":3000000,"e":"out","s":"o1","p":"lane","w":3000'),
      x.ev('"n":4,"t":4000000,"e":"hole","s":"h1","p":"cup","w":6000,"o":"deadbeef"'),
    ]);
    expect(x.pn.problems).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('without a card in the field the hole has no identity', () => {
    const x = boot();
    x.run.board.advance(500);
    ball(x.run.board, CUP, 5_000);
    expect(names(x)).toEqual([undefined]);
  });

  it('a reader with its own event reports each card once per hold time, like the RDM6300', () => {
    const profile: TableProfile = {
      ...MINIGOLF,
      sensors: [
        { id: 't1', kind: 'tag', part: 'PN532', event: 'stroke', place: 'tee', pin: 'tag_rx', holdMs: 1000 },
        { id: 'h1', kind: 'beam', event: 'hole', place: 'cup', pin: 'cup' },
      ],
    };
    const x = boot(profile);
    const b = x.run.board;
    b.advance(300);
    x.pn.present(UID4);
    b.advance(2_000); // read on every poll, one event
    x.pn.remove();
    b.advance(1_500);
    x.pn.present(UID4);
    b.advance(300);
    x.pn.present(UID7);
    b.advance(300);
    expect(
      events(x)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .map((e) => [e['e'], e['s'], e['p'], e['o'], e['w']]),
    ).toEqual([
      ['stroke', 't1', 'tee', 'deadbeef', undefined],
      ['stroke', 't1', 'tee', 'deadbeef', undefined],
      ['stroke', 't1', 'tee', '04a1b2c3d4e5f6', undefined],
    ]);
  });
});

describe('PN532 NFC reader: frames that fail a check', () => {
  for (const broken of ['dcs', 'lcs'] as const) {
    it(`an answer with a bad ${broken.toUpperCase()} is ignored: no identity, no fault; the next good answer names the ball`, () => {
      const x = boot();
      const b = x.run.board;
      b.advance(300);
      x.pn.corrupt = broken;
      x.pn.present(UID7);
      b.advance(1_000);
      ball(b, CUP, 5_000);
      expect(names(x)).toEqual([undefined]);
      x.pn.corrupt = null;
      b.advance(400);
      ball(b, CUP, 5_000);
      expect(names(x)).toEqual([undefined, '04a1b2c3d4e5f6']);
      b.advance(1_100);
      expect(faults(x).every((f) => Array.isArray(f) && f.length === 0)).toBe(true);
      expect(x.pn.problems).toEqual([]);
    });
  }

  it('frames injected on the line: a bad DCS, a wrong TFI and noise are dropped; the same answer intact is read', () => {
    const x = boot(MINIGOLF, false);
    const b = x.run.board;
    // No chip answering: the firmware waits for its SAMConfiguration answer; feed the line by hand.
    const answer = (bytes: number[]): void => b.serial2.inject(latin1(bytes));
    answer([0x00, 0x00, 0xff, 0x00, 0xff, 0x00]);
    answer(pn532Frame(0xd5, [0x15]));
    b.advance(5);
    answer(pn532Frame(0xd5, [0x33]));
    b.advance(5);
    answer(pn532Frame(0xd5, targetAnswer(UID4), 'dcs'));
    answer(pn532Frame(0xd4, targetAnswer(UID4)));
    answer([0x00, 0xff, 0x05, 0x00, 0x00, 0xff, 0xff, 0x00, 0x13, 0x37]);
    ball(b, CUP, 5_000);
    expect(names(x)).toEqual([undefined]);
    answer(pn532Frame(0xd5, targetAnswer(UID4)));
    ball(b, CUP, 5_000);
    expect(names(x)).toEqual([undefined, 'deadbeef']);
    expect(b.errors).toEqual([]);
  });

  it('a long burst of noise leaves the reader working (the receive buffer has a fixed size)', () => {
    const x = boot();
    const b = x.run.board;
    b.advance(300);
    let seed = 7;
    const noise: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise.push(i % 97 === 0 ? 0x00 : i % 97 === 1 ? 0xff : seed & 0xff);
    }
    b.serial2.inject(latin1(noise));
    x.pn.present(UID4);
    b.advance(1_000);
    ball(b, CUP, 5_000);
    expect(names(x)).toEqual(['deadbeef']);
    expect(b.errors).toEqual([]);
  });
});

describe('PN532 NFC reader: absent', () => {
  it('a reader that never answers (not even the ACK) is an absent fault; holes still count; plugging it in clears it', () => {
    const x = boot(MINIGOLF, false);
    const b = x.run.board;
    b.advance(1_100);
    expect(faults(x).at(-1)).toEqual([{ s: 'r1', c: 'absent' }]);
    ball(b, CUP, 5_000);
    expect(names(x)).toEqual([undefined]);
    // It keeps trying, a wake-up and SAMConfiguration at most every 300 ms, nothing more.
    const out = b.serial2.out;
    b.serial2.out = '';
    b.advance(3_000);
    const wakes = b.serial2.out.split('\x55\x55').length - 1;
    expect(wakes).toBeGreaterThanOrEqual(9);
    expect(wakes).toBeLessThanOrEqual(10);
    expect(out.length).toBeGreaterThan(0);
    x.pn.plug();
    x.pn.present(UID7);
    b.advance(1_100);
    expect(faults(x).at(-1)).toEqual([]);
    ball(b, CUP, 5_000);
    expect(names(x)).toEqual([undefined, '04a1b2c3d4e5f6']);
    expect(x.pn.problems).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('a reader unplugged during play becomes absent, and is woken and configured again when it is back', () => {
    const x = boot();
    const b = x.run.board;
    b.advance(500);
    x.pn.unplug();
    b.advance(1_200);
    expect(faults(x).at(-1)).toEqual([{ s: 'r1', c: 'absent' }]);
    const before = x.pn.commands.length;
    x.pn.plug();
    b.advance(1_100);
    expect(faults(x).at(-1)).toEqual([]);
    expect(x.pn.wakes).toBe(2);
    expect(x.pn.commands.slice(before, before + 3)).toEqual([0x14, 0x32, 0x4a]);
    expect(x.pn.problems).toEqual([]);
  });

  it('the bench profile with a PN532 keeps its other sensors working while the reader is absent', () => {
    const x = boot(withTagPart(BENCH_PROFILE, 'PN532'), false);
    x.run.board.advance(1_100);
    expect(faults(x).at(-1)).toEqual(expect.arrayContaining([{ s: 'r1', c: 'absent' }]));
    ball(x.run.board, 'B4', 5_000);
    expect(events(x).map((l) => (JSON.parse(l) as { e: string }).e)).toEqual(['hole']);
  });
});
