/**
 * Sensor components on the simulated board (the real bundle): goal with colour identity,
 * pocket capture vs rattle, piezo dead time, magnitude and faults, stuck beams, tag reader.
 */
import type { BeamCfg } from '../core/config';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../shared/profile';
import { runFirmware, type SimRun } from '../sim/run';
import { BENCH_PROFILE, ball, benchPins, hit, rdm6300Frame } from '../sim/fixtures';
import { SimTcs34725 } from '../sim/tcs34725';

const P = benchPins('espruino-pico');

function boot(opts: { colour?: SimTcs34725 | null; profile?: TableProfile; before?: SimRun['board'] extends infer B ? (b: B) => void : never } = {}): SimRun {
  const colour = opts.colour === undefined ? new SimTcs34725() : opts.colour;
  const run = runFirmware({
    profile: opts.profile ?? BENCH_PROFILE,
    board: 'espruino-pico',
    device: 'dev-1',
    before: (b) => {
      if (colour) b.i2c[0x29] = colour;
      opts.before?.(b);
    },
  });
  run.sent();
  return run;
}

const seen = new WeakMap<SimRun, Set<unknown>>();
/** New events since the last call (resends of unacknowledged ones left out). */
const events = (run: SimRun) => {
  const s = seen.get(run) ?? new Set();
  seen.set(run, s);
  return run.sent().filter((l) => l['k'] === 'ev' && !s.has(l['n']) && s.add(l['n']));
};
const statusFaults = (run: SimRun) =>
  run
    .sent()
    .filter((l) => l['k'] === 'st')
    .map((l) => l['f'] ?? []);

describe('goal: break-beam with a colour sensor', () => {
  it('names the ball by its colour', () => {
    const tcs = new SimTcs34725();
    const run = boot({ colour: tcs });
    tcs.setColour(2000, 1500, 450, 400);
    ball(run.board, P.goal!, 12_000);
    tcs.setColour(2400, 950, 930, 900);
    ball(run.board, P.goal!, 12_000);
    tcs.setColour(50, 20, 20, 10); // too dark: nothing in front of the sensor
    ball(run.board, P.goal!, 12_000);
    expect(events(run).map((e) => [e['e'], e['s'], e['p'], e['o']])).toEqual([
      ['goal', 'g1', 'a', 'red'],
      ['goal', 'g1', 'a', 'white'],
      ['goal', 'g1', 'a', undefined],
    ]);
  });

  it('a missing colour sensor is an "absent" fault, and goals still count', () => {
    const run = runFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', device: 'dev-1' });
    const st = run.sent().find((l) => l['k'] === 'st')!;
    expect(st['f']).toEqual([{ s: 'g1', c: 'absent' }]);
    ball(run.board, P.goal!, 12_000);
    expect(events(run).map((e) => [e['e'], e['o']])).toEqual([['goal', undefined]]);
    expect(run.board.errors).toEqual([]);
  });

  it('a part answering with another ID (a TCS34727 where a TCS34725 is declared) is absent too', () => {
    const run = runFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', device: 'dev-1', before: (b) => (b.i2c[0x29] = new SimTcs34725(0x4d)) });
    expect((run.build.cfg.s[0] as BeamCfg).col!.part).toBe('TCS34725');
    expect(run.sent().find((l) => l['k'] === 'st')!['f']).toEqual([{ s: 'g1', c: 'absent' }]);
    expect(run.board.errors).toEqual([]);
  });
});

describe('colour sensor part variants and faults (controllers table)', () => {
  const withPart = (part: 'TCS34725' | 'TCS34727'): TableProfile => ({
    ...BENCH_PROFILE,
    sensors: BENCH_PROFILE.sensors.map((s) => (s.kind === 'beam' && s.colour ? { ...s, colour: { ...s.colour, part } } : s)),
  });

  it('a TCS34727 declared and fitted (its own ID) names balls like a TCS34725', () => {
    const tcs = new SimTcs34725(0x4d);
    const run = boot({ colour: tcs, profile: withPart('TCS34727') });
    tcs.setColour(2000, 1500, 450, 400);
    ball(run.board, P.goal!, 12_000);
    expect(events(run).map((e) => [e['s'], e['o']])).toEqual([['g1', 'red']]);
    // The part was started: enable (PON|AEN), 2.4 ms integration, 4x gain.
    expect([tcs.regs[0x00], tcs.regs[0x01], tcs.regs[0x0f]]).toEqual([0x03, 0xff, 0x01]);
  });

  it('a colour sensor that stops answering mid-game is an absent fault; goals still count, unnamed', () => {
    const tcs = new SimTcs34725();
    tcs.setColour(2400, 950, 930, 900);
    const run = boot({ colour: tcs });
    ball(run.board, P.goal!, 12_000);
    delete run.board.i2c[0x29];
    ball(run.board, P.goal!, 12_000);
    ball(run.board, P.goal!, 12_000);
    expect(events(run).map((e) => [e['n'], e['o']])).toEqual([
      [1, 'white'],
      [2, undefined],
      [3, undefined],
    ]);
    run.board.advance(1_100);
    expect(statusFaults(run)).toEqual([[{ s: 'g1', c: 'absent' }]]);
    expect(run.board.errors).toEqual([]);
  });
});

describe('beam part variants', () => {
  it('an active-high beam (activeLow false): the high level is the ball, no pull-up', () => {
    const profile: TableProfile = {
      ...BENCH_PROFILE,
      sensors: [{ id: 'o1', kind: 'beam', event: 'out', place: 'rail', pin: 'cup', activeLow: false }],
    };
    const run = boot({ profile, colour: null });
    expect(run.board.modes[P.cup!]).toBe('input');
    run.board.set(P.cup!, 1);
    run.board.advance(6);
    run.board.set(P.cup!, 0);
    run.board.advance(2);
    expect(events(run).map((e) => [e['e'], e['s'], e['w']])).toEqual([['out', 'o1', 6000]]);
  });
});

describe('beam faults', () => {
  it('a beam blocked longer than stuckMs is a stuck fault, never an event; clearing it clears the fault', () => {
    const run = boot();
    run.board.set(P.cup!, 0);
    run.board.advance(4_900);
    expect(statusFaults(run)).toEqual([]);
    run.board.advance(300);
    expect(statusFaults(run)).toEqual([[{ s: 'h1', c: 'stuck' }]]);
    run.board.set(P.cup!, 1);
    run.board.advance(1_100);
    expect(statusFaults(run)).toEqual([[]]);
    expect(events(run)).toEqual([]);
    ball(run.board, P.cup!, 5_000);
    expect(events(run).map((e) => e['e'])).toEqual(['hole']);
  });

  it('a beam already blocked at power-up becomes stuck', () => {
    const run = boot({ before: (b) => (b.levels[P.cup!] = 0) });
    run.board.advance(6_100);
    expect(statusFaults(run)).toEqual([[{ s: 'h1', c: 'stuck' }]]);
  });
});

describe('pocket: capture vs rattle', () => {
  it('jaw beam then drop beam within captureMs is a capture, timed at the jaw', () => {
    const run = boot();
    run.board.advance(1_000);
    const t = run.board.us;
    ball(run.board, P.jaw!, 9_000);
    run.board.advance(200);
    ball(run.board, P.drop!, 9_000);
    expect(events(run).map((e) => [e['e'], e['s'], e['p'], e['t'], e['w']])).toEqual([['pocket', 'k1', 'tl', t, 9000]]);
  });

  it('a jaw pulse without the drop beam is a rattle (the ball came back out)', () => {
    const run = boot();
    const t = run.board.us;
    ball(run.board, P.jaw!, 6_000);
    run.board.advance(400);
    expect(events(run)).toEqual([]);
    run.board.advance(300);
    expect(events(run).map((e) => [e['e'], e['s'], e['t'], e['w']])).toEqual([['rattle', 'k1', t, 6000]]);
    // A drop after the window is no longer that ball.
    ball(run.board, P.drop!, 6_000);
    expect(events(run)).toEqual([]);
  });
});

describe('piezo: cushion and contact', () => {
  it('one event per hit: the ringing within deadMs is ignored; magnitude from the peak-hold pin', () => {
    const run = boot();
    run.board.analog[P.lvl!] = 0.4375;
    hit(run.board, P.rail_n!);
    for (let i = 0; i < 5; i++) {
      run.board.advance(4);
      hit(run.board, P.rail_n!);
    }
    run.board.advance(40);
    hit(run.board, P.rail_n!);
    expect(events(run).map((e) => [e['e'], e['s'], e['p'], e['m']])).toEqual([
      ['cushion', 'c1', 'n', 438],
      ['cushion', 'c1', 'n', 438],
    ]);
  });

  it('a silent piezo (its kind fires elsewhere, never here) becomes a fault, cleared by a hit', () => {
    const run = boot();
    for (let i = 0; i < 3; i++) {
      hit(run.board, P.rail_s!);
      run.board.advance(50);
    }
    run.board.advance(1_100);
    expect(statusFaults(run)).toEqual([[{ s: 'c1', c: 'silent' }]]);
    hit(run.board, P.rail_n!);
    run.board.advance(1_100);
    expect(statusFaults(run)).toEqual([[]]);
  });

  it('a noisy piezo (above noisyPerS) is a fault while it lasts', () => {
    const run = boot();
    for (let i = 0; i < 20; i++) {
      hit(run.board, P.rail_n!);
      run.board.advance(40);
    }
    run.board.advance(1_100);
    expect(statusFaults(run).at(-1)).toEqual([{ s: 'c1', c: 'noisy' }]);
    run.board.advance(2_000);
    expect(statusFaults(run).at(-1)).toEqual([]);
  });
});

describe('hole with a tag reader (RDM6300)', () => {
  it('the tag read as the ball drops names it; repeats and bad frames are ignored', () => {
    const run = boot();
    run.board.serial2.inject(rdm6300Frame('0a1b2c3d4e').slice(0, 6));
    run.board.serial2.inject(rdm6300Frame('0a1b2c3d4e').slice(6));
    ball(run.board, P.cup!, 8_000);
    expect(events(run).map((e) => [e['e'], e['s'], e['o']])).toEqual([['hole', 'h1', '0a1b2c3d4e']]);
    // A corrupted frame (checksum) changes nothing; out of the window there is no identity.
    run.board.serial2.inject('\x020A1B2C3D4EFF\x03');
    run.board.advance(5_000);
    ball(run.board, P.cup!, 8_000);
    expect(events(run).map((e) => e['o'])).toEqual([undefined]);
    expect(run.board.serial2.baud).toBe(9600);
  });

  it('a tag reader with its own event reports each tag once per hold time', () => {
    const profile: TableProfile = {
      ...BENCH_PROFILE,
      sensors: [
        { id: 't1', kind: 'tag', part: 'RDM6300', event: 'stroke', place: 'tee', pin: 'tag_rx', holdMs: 1000 },
        { id: 'h1', kind: 'beam', event: 'hole', place: 'cup', pin: 'cup' },
      ],
    };
    const run = boot({ profile, colour: null });
    const f = rdm6300Frame('00ffee0102');
    run.board.serial2.inject(f);
    run.board.advance(300);
    run.board.serial2.inject(f);
    run.board.advance(1_500);
    run.board.serial2.inject(f);
    run.board.serial2.inject(rdm6300Frame('1122334455'));
    expect(events(run).map((e) => [e['e'], e['s'], e['o']])).toEqual([
      ['stroke', 't1', '00ffee0102'],
      ['stroke', 't1', '00ffee0102'],
      ['stroke', 't1', '1122334455'],
    ]);
  });
});

describe('lifecycle', () => {
  it('arms one watch per watched pin, pull-ups on active-low beams', () => {
    const run = boot();
    expect(run.board.watchCount).toBe(6);
    expect(run.board.modes[P.cup!]).toBe('input_pullup');
    expect(run.board.modes[P.rail_n!]).toBe('input');
    expect(run.board.usb.console || run.board.loopback.console).toBe(true);
  });
});
