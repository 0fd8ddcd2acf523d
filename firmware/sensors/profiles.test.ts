/**
 * Every shipped table profile, built for the Espruino Pico and run on the simulated board: a
 * ball, hit or tag on its sensors gives exactly these event lines (goal with its colour, cushion
 * per rail segment, bed contact with its level, pocket capture vs rattle, out of table, minigolf
 * stroke by vibration, hole named by its tag, and the acoustic carom's arrivals: one event per
 * sensor per knock, each stamped to the microsecond). The acoustic carom's silent fault counts
 * arrivals, two per knock on a rail: its `silentAfter` is twice the knocks it allows elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import { loadProfile } from '../build/build';
import { runFirmware, type SimRun } from '../sim/run';
import { ball, hit, rdm6300Frame } from '../sim/fixtures';
import { SimTcs34725 } from '../sim/tcs34725';
import { MuxedParts, SimTca9548a } from '../sim/tca9548a';

function boot(profile: string, before?: Parameters<typeof runFirmware>[0]['before']): { run: SimRun; ev: (rest: string) => string } {
  const run = runFirmware({ profile, board: 'espruino-pico', device: 'dev-1', before });
  const b = (JSON.parse(run.sentRaw()[0]!) as { b: string }).b;
  return { run, ev: (rest) => `{"v":1,"k":"ev","d":"dev-1","b":"${b}",${rest}}` };
}

const events = (run: SimRun): string[] => run.sentRaw().filter((l) => l.includes('"k":"ev"'));

describe('shipped profiles: exact event lines', () => {
  it('golf-billiards: both goals name their ball by colour (each TCS34725 on its multiplexer channel), a dark reading names none, a cushion, out of table', () => {
    const goalA = new SimTcs34725();
    const goalB = new SimTcs34725();
    const mux = new SimTca9548a();
    const { run, ev } = boot('golf-billiards', (b) => {
      b.i2c[0x70] = mux;
      b.i2c[0x29] = new MuxedParts(
        mux,
        new Map([
          [0, goalA],
          [1, goalB],
        ]),
      );
    });
    goalA.setColour(2400, 950, 930, 900);
    goalB.setColour(2200, 1400, 420, 380);
    run.board.advance(100);
    ball(run.board, 'B3', 12_000);
    run.board.advance(86);
    ball(run.board, 'B4', 9_000);
    expect(mux.mask).toBe(1 << 1); // goal B's part was read last
    goalB.setColour(20, 5, 5, 5); // nothing in front of it: too dark to name
    run.board.advance(89);
    ball(run.board, 'B4', 9_000);
    run.board.advance(91);
    hit(run.board, 'A5');
    run.board.advance(100);
    ball(run.board, 'B13', 4_000);
    expect(events(run)).toEqual([
      ev('"n":1,"t":100000,"e":"goal","s":"g1","p":"a","w":12000,"o":"white"'),
      ev('"n":2,"t":200000,"e":"goal","s":"g2","p":"b","w":9000,"o":"red"'),
      ev('"n":3,"t":300000,"e":"goal","s":"g2","p":"b","w":9000'),
      ev('"n":4,"t":402000,"e":"cushion","s":"c3","p":"s"'),
      ev('"n":5,"t":502100,"e":"out","s":"o1","w":4000'),
    ]);
  });

  it('carom: a cushion per rail segment, a bed contact with its peak level', () => {
    const { run, ev } = boot('carom');
    run.board.analog['A0'] = 0.25;
    run.board.advance(100);
    hit(run.board, 'B3');
    run.board.advance(99.9);
    hit(run.board, 'B4');
    run.board.advance(99.9);
    hit(run.board, 'B15');
    expect(events(run)).toEqual([
      ev('"n":1,"t":100000,"e":"cushion","s":"c1","p":"n1"'),
      ev('"n":2,"t":200000,"e":"cushion","s":"c2","p":"n2"'),
      ev('"n":3,"t":300000,"e":"contact","s":"b1","p":"head","m":250'),
    ]);
  });

  it('carom-acoustic: a knock on a rail is two arrivals, a click on the slate four, each with its own microsecond', () => {
    const { run, ev } = boot('carom-acoustic');
    const b = run.board;
    /** Moves the clock to `us` after boot and sets the pins' levels there. */
    let now = 0;
    const at = (us: number, pins: string[], level: number): void => {
      b.advance((us - now) / 1000);
      now = us;
      for (const pin of pins) b.set(pin, level);
    };
    // A knock on rail n at x = 1.00 m, 100 ms after boot: 0.98 m to nw and 1.82 m to ne at 2000 m/s.
    at(100_490, ['B3'], 1);
    at(100_910, ['B4'], 1);
    at(102_000, ['B3', 'B4'], 0);
    // A click at (1.00, 0.60), 200 ms after boot: 0.72, 0.83, 1.52 and 1.58 m to b1, b4, b2 and b3
    // at 3000 m/s. The comparators' outputs overlap: each sensor's first rising edge is its arrival.
    at(200_239, ['A0'], 1);
    at(200_278, ['B13'], 1);
    at(200_507, ['A1'], 1);
    at(200_526, ['B15'], 1);
    at(203_000, ['A0', 'B13', 'A1', 'B15'], 0);
    at(300_000, [], 0);
    ball(b, 'B14', 4_000);
    expect(events(run)).toEqual([
      ev('"n":1,"t":100490,"e":"cushion","s":"nw","p":"n"'),
      ev('"n":2,"t":100910,"e":"cushion","s":"ne","p":"n"'),
      ev('"n":3,"t":200239,"e":"contact","s":"b1","p":"slate"'),
      ev('"n":4,"t":200278,"e":"contact","s":"b4","p":"slate"'),
      ev('"n":5,"t":200507,"e":"contact","s":"b2","p":"slate"'),
      ev('"n":6,"t":200526,"e":"contact","s":"b3","p":"slate"'),
      ev('"n":7,"t":300000,"e":"out","s":"o1","w":4000'),
    ]);
    expect(b.errors).toEqual([]);
  });

  it('pool: a capture (jaw then drop), a rattle (jaw alone), a cushion', () => {
    const { run, ev } = boot('pool');
    run.board.advance(100);
    ball(run.board, 'A0', 9_000);
    run.board.advance(100);
    ball(run.board, 'A1', 9_000);
    run.board.advance(78);
    ball(run.board, 'A2', 7_000);
    run.board.advance(900);
    hit(run.board, 'B13');
    expect(events(run)).toEqual([
      ev('"n":1,"t":100000,"e":"pocket","s":"k1","p":"tl","w":9000'),
      ev('"n":2,"t":300000,"e":"rattle","s":"k2","p":"tm","w":7000'),
      ev('"n":3,"t":1209000,"e":"cushion","s":"c1","p":"head"'),
    ]);
  });

  it('minigolf-lane: one stroke per tee vibration, the hole named by its tag, out of the lane', () => {
    const { run, ev } = boot('minigolf-lane');
    run.board.advance(100);
    hit(run.board, 'B3');
    run.board.advance(100);
    hit(run.board, 'B3'); // the tee still ringing (deadMs 250): the same stroke
    run.board.advance(1_799.8);
    run.board.serial2.inject(rdm6300Frame('0a1b2c3d4e'));
    ball(run.board, 'B4', 5_000);
    run.board.advance(993);
    ball(run.board, 'B5', 3_000);
    expect(events(run)).toEqual([
      ev('"n":1,"t":100000,"e":"stroke","s":"t1","p":"tee"'),
      ev('"n":2,"t":2000000,"e":"hole","s":"h1","p":"cup","w":5000,"o":"0a1b2c3d4e"'),
      ev('"n":3,"t":3000000,"e":"out","s":"o1","p":"lane","w":3000'),
    ]);
    expect(run.board.errors).toEqual([]);
  });
});

describe('carom-acoustic: the silent fault of a rail pair', () => {
  const profile = loadProfile('carom-acoustic') as TableProfile;
  const pico = profile.boards['espruino-pico']!.pins;
  /** Each rail's two sensors' pins, by rail. */
  const pairs: Record<string, string[]> = {};
  for (const s of profile.sensors) if (s.kind === 'piezo' && s.event === 'cushion') (pairs[s.place!] ??= []).push(pico[s.pin]!);
  const silentAfter = profile.sensors.find((s) => s.kind === 'piezo' && s.event === 'cushion' && s.silentAfter)!;
  const sl = silentAfter.kind === 'piezo' ? silentAfter.silentAfter! : 0;

  /** A knock on `rail`: an arrival at each of its sensors (`only`: at these of them), then 40 ms of quiet. */
  function knock(run: SimRun, rail: string, only?: string[]): void {
    for (const pin of pairs[rail]!) {
      if (only && !only.includes(pin)) continue;
      hit(run.board, pin);
      run.board.advance(0.3);
    }
    run.board.advance(40);
  }
  /** The faults of the last status line (status goes out at most once a second). */
  function faults(run: SimRun): unknown {
    run.board.advance(1_100);
    const st = run
      .sentRaw()
      .filter((l) => l.includes('"k":"st"'))
      .map((l) => (JSON.parse(l) as { f?: unknown[] }).f ?? []);
    return st.at(-1);
  }
  const elsewhere = ['e', 's', 'w'];

  it('counts arrivals: every rail has two sensors, so silentAfter allows half as many knocks elsewhere', () => {
    expect(Object.keys(pairs).sort()).toEqual(['e', 'n', 's', 'w']);
    for (const pins of Object.values(pairs)) expect(pins).toHaveLength(2);
    // Every rail sensor has the same threshold: 300 knocks on the other rails (the basic carom's 300 hits elsewhere).
    for (const s of profile.sensors) if (s.kind === 'piezo' && s.event === 'cushion') expect(s.silentAfter, s.id).toBe(sl);
    expect(sl).toBe(600);
  });

  it('a healthy pair is never silent while its rail is knocked now and then; both fall silent after silentAfter / 2 knocks elsewhere', () => {
    const run = runFirmware({ profile: 'carom-acoustic', board: 'espruino-pico', device: 'dev-1' });
    run.sentRaw();
    // Rail n once in every sl / 2 knocks: the partner's arrival of the same knock counts once, and no more.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < sl / 2 - 1; i++) knock(run, elsewhere[i % 3]!);
      knock(run, 'n');
    }
    expect(faults(run)).toEqual([]);
    // Then none for sl / 2 - 1 knocks: still healthy; at the next, both are silent.
    for (let i = 0; i < sl / 2 - 1; i++) knock(run, elsewhere[i % 3]!);
    expect(faults(run)).toEqual([]);
    knock(run, 'e');
    expect(faults(run)).toEqual([
      { s: 'nw', c: 'silent' },
      { s: 'ne', c: 'silent' },
    ]);
    // One knock on rail n clears both.
    knock(run, 'n');
    expect(faults(run)).toEqual([]);
    expect(run.board.errors).toEqual([]);
  });

  it('a disconnected sensor of a pair is flagged, its partner (hearing the same knocks alone) is not', () => {
    const run = runFirmware({ profile: 'carom-acoustic', board: 'espruino-pico', device: 'dev-1' });
    run.sentRaw();
    const ne = pairs['n']![1]!;
    // nw is dead: a knock on rail n reaches ne only. Every other knock is on rail n.
    let knocks = 0;
    for (let i = 0; knocks < sl; i++) {
      knock(run, 'n', [ne]);
      knock(run, elsewhere[i % 3]!);
      knocks += 3;
    }
    expect(faults(run)).toEqual([{ s: 'nw', c: 'silent' }]);
    expect(run.board.errors).toEqual([]);
  });
});
