/**
 * Pool's pocket colour sensors in the real bundle on the simulated board (the pool profile, its
 * I2C wired as on the Espruino WiFi: sim/signals/firmware.ts simWiring): a capture sampled and
 * named with a confidence, the ambient taken off, a second ball spoiling a pass, a part missing.
 */
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import { loadProfile } from '../build/build';
import { runFirmware, type SimRun } from '../sim/run';
import { ball } from '../sim/fixtures';
import { MuxedParts, SimTca9548a } from '../sim/tca9548a';
import { SimTcs34725 } from '../sim/tcs34725';
import { simWiring } from '../../sim/signals/firmware';
import { ballPass, idleReading } from '../../sim/signals/balls';
import { compileBallColours, unpackBallTables } from '../../shared/sensors/ball-colours';
import { nameBall } from './ballid';

const PROFILE = simWiring(loadProfile('pool') as TableProfile);
const PINS = PROFILE.boards['espruino-pico']!.pins;
const bc = compileBallColours(PROFILE.ballColours!);
const T = unpackBallTables(bc);

/** The board with a TCS34725 on each of the six pockets' channels (none where `missing`). */
function boot(missing: number[] = []): { run: SimRun; parts: SimTcs34725[]; first: Record<string, unknown>[] } {
  const parts = [0, 1, 2, 3, 4, 5].map(() => new SimTcs34725());
  const run = runFirmware({
    profile: PROFILE,
    board: 'espruino-pico',
    device: 'p1-a',
    before: (b) => {
      const mux = new SimTca9548a();
      b.i2c[0x70] = mux;
      b.i2c[0x29] = new MuxedParts(mux, new Map(parts.flatMap((p, ch) => (missing.includes(ch) ? [] : [[ch, p] as [number, SimTcs34725]]))));
    },
  });
  for (const p of parts) p.queue([], idleReading());
  run.board.advance(1500); // the ambient read of every pocket (once a second)
  return { run, parts, first: run.sent() };
}

/**
 * A capture in pocket k1 (jaw, then drop), the sensor seeing `pass` from the drop edge on: by the
 * clock (a reading every 3 ms, as the simulator gives it) or, `exact`, one sample per read.
 */
function capture(run: SimRun, part: SimTcs34725, pass: { samples: number[]; idle: number[] }, exact = false): void {
  ball(run.board, PINS['jaw1']!, 20_000);
  run.board.advance(40);
  part.queue(pass.samples, pass.idle, exact ? undefined : { now: () => run.board.us, periodUs: 3000 });
  ball(run.board, PINS['drop1']!, 15_000);
  run.board.advance(200);
}

const pockets = (run: SimRun) => run.sent().filter((l) => l['k'] === 'ev' && l['e'] === 'pocket');

describe('pocket colour sensor in the drop path', () => {
  it('names the ball it saw roll past, with its confidence, as Node names the same pass', () => {
    const { run, parts } = boot();
    for (const [ball, seed] of [
      ['3', 11],
      ['cue', 12],
      ['8', 13],
    ] as const) {
      const pass = ballPass(ball, seed);
      capture(run, parts[0]!, pass, true);
      const [e] = pockets(run);
      const node = nameBall(bc, T, pass.samples, pass.idle);
      expect(e, ball).toMatchObject({ s: 'k1', p: 'tl', o: node.ball!, c: node.confidence });
      expect(e!['o'], ball).toBe(ball);
    }
    expect(run.board.errors).toEqual([]);
  });

  it('takes the chute ambient off: a brighter chute (a lamp over the pocket) still reads the same ball', () => {
    const { run, parts } = boot();
    const bright = [120, 54, 42, 24];
    parts[0]!.queue([], bright);
    run.board.advance(5000); // the running mean of the ambient follows it
    run.sent();
    const pass = ballPass('3', 11);
    const lit = { samples: pass.samples.map((v, i) => v + bright[i % 4]! - pass.idle[i % 4]!), idle: bright };
    capture(run, parts[0]!, lit);
    expect(pockets(run)[0]).toMatchObject({ o: '3' });
  });

  it('a second ball over the drop beam during a pass: the capture goes out unnamed (neither reading is one ball)', () => {
    const { run, parts } = boot();
    ball(run.board, PINS['jaw1']!, 20_000);
    run.board.advance(40);
    parts[0]!.queue(ballPass('3', 11).samples, idleReading(), { now: () => run.board.us, periodUs: 3000 });
    ball(run.board, PINS['drop1']!, 15_000);
    run.board.advance(20);
    ball(run.board, PINS['drop1']!, 15_000); // the jaw beam saw one ball: two balls close together
    run.board.advance(200);
    const e = pockets(run);
    expect(e).toHaveLength(1);
    expect([e[0]!['o'], e[0]!['c']]).toEqual([undefined, undefined]);
  });

  it('a pocket whose sensor does not answer is an "absent" fault; its captures still count, unnamed, the others are named', () => {
    const { run, parts, first } = boot([0]);
    const faults = first.filter((l) => l['k'] === 'st').flatMap((l) => (l['f'] as { s: string; c: string }[] | undefined) ?? []);
    expect(faults).toContainEqual({ s: 'k1', c: 'absent' });
    expect(faults.filter((f) => f.s !== 'k1')).toEqual([]);
    ball(run.board, PINS['jaw1']!, 20_000);
    run.board.advance(40);
    ball(run.board, PINS['drop1']!, 15_000);
    run.board.advance(200);
    expect(pockets(run).map((e) => [e['s'], e['o']])).toEqual([['k1', undefined]]);
    capture2(run, parts[1]!);
    expect(pockets(run).map((e) => [e['s'], e['o']])).toEqual([['k2', '3']]);
  });
});

/** A capture of the 3 in pocket k2. */
function capture2(run: SimRun, part: SimTcs34725): void {
  ball(run.board, PINS['jaw2']!, 20_000);
  run.board.advance(40);
  const pass = ballPass('3', 11);
  part.queue(pass.samples, pass.idle, { now: () => run.board.us, periodUs: 3000 });
  ball(run.board, PINS['drop2']!, 15_000);
  run.board.advance(200);
}
