/**
 * Every shipped table profile, built for the Espruino Pico and run on the simulated board: a
 * ball, hit or tag on its sensors gives exactly these event lines (goal with its colour, cushion
 * per rail segment, bed contact with its level, pocket capture vs rattle, out of table, minigolf
 * stroke by vibration, hole named by its tag).
 */
import { describe, expect, it } from 'vitest';
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
    hit(run.board, 'B12');
    expect(events(run)).toEqual([
      ev('"n":1,"t":100000,"e":"cushion","s":"c1","p":"n1"'),
      ev('"n":2,"t":200000,"e":"cushion","s":"c2","p":"n2"'),
      ev('"n":3,"t":300000,"e":"contact","s":"b1","p":"head","m":250'),
    ]);
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
