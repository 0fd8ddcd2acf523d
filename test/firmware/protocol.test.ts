/**
 * Every line the firmware sends is valid protocol v1 (the hub's own decoder), and short: every
 * kind of line, every sensor kind, faults and overflow included, on every shipped profile.
 */
import { describe, expect, it } from 'vitest';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import { MAX_LINE_BYTES } from '../../shared/protocol/wire';
import { runFirmware } from '../../firmware/sim/run';
import { BENCH_PROFILE, ball, benchPins, hit, rdm6300Frame } from '../../firmware/sim/fixtures';
import { SimTcs34725 } from '../../firmware/sim/tcs34725';

describe('firmware lines are protocol v1', () => {
  it('for every kind of line and sensor, faults and overflow included', () => {
    const P = benchPins('espruino-pico');
    const tcs = new SimTcs34725();
    tcs.setColour(2000, 1500, 450, 400);
    const run = runFirmware({ profile: BENCH_PROFILE, board: 'espruino-pico', device: 'dev-1', before: (b) => (b.i2c[0x29] = tcs) });
    const b = run.board;
    b.serial2.inject(rdm6300Frame('0a1b2c3d4e'));
    b.analog[P.lvl!] = 0.5;
    ball(b, P.goal!, 12_000);
    ball(b, P.cup!, 12_000);
    ball(b, P.jaw!, 9_000);
    ball(b, P.drop!, 9_000);
    ball(b, P.jaw!, 9_000);
    b.advance(600);
    for (let i = 0; i < 4; i++) {
      hit(b, P.rail_s!);
      b.advance(40);
    }
    hit(b, P.rail_n!);
    b.set(P.goal!, 0);
    b.advance(6_000);
    run.hub({ v: 1, k: 'sy', q: 42 });
    b.advance(10_000);
    const lines = run.sentRaw();
    const kinds = new Set<string>();
    const events = new Set<string>();
    for (const l of lines) {
      const d = decodeDeviceMessage(l);
      expect(d, l).toMatchObject({ ok: true });
      if (!d.ok) continue;
      kinds.add(d.msg.k);
      if (d.msg.k === 'ev') {
        events.add(d.msg.e);
        expect(Buffer.byteLength(l), l).toBeLessThanOrEqual(120);
      }
      expect(Buffer.byteLength(l)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    }
    expect([...kinds].sort()).toEqual(['ev', 'hb', 'hi', 'st', 'sy']);
    expect([...events].sort()).toEqual(['cushion', 'goal', 'hole', 'pocket', 'rattle']);
    expect(lines.some((l) => l.includes('"lost":') && !l.includes('"lost":0'))).toBe(true);
    expect(lines.some((l) => l.includes('"c":"stuck"'))).toBe(true);
  });

  for (const profile of ['golf-billiards', 'carom', 'carom-acoustic', 'pool', 'minigolf-lane']) {
    it(`${profile}: boot lines and one event per watched sensor`, () => {
      const run = runFirmware({ profile, board: 'espruino-pico', device: 'dev-1' });
      const b = run.board;
      for (const s of run.build.cfg.s) {
        const pin = run.build.pins[s.pin]!;
        if (s.k === 2) hit(b, pin);
        else if (s.k !== 3) ball(b, pin, 10_000);
        if (s.k === 1 && s.dr >= 0) ball(b, run.build.pins[s.dr]!, 10_000);
        b.advance(300);
      }
      const lines = run.sentRaw();
      for (const l of lines) expect(decodeDeviceMessage(l), l).toMatchObject({ ok: true });
      const watched = run.build.cfg.s.filter((s) => s.k !== 3).length;
      expect(lines.filter((l) => l.includes('"k":"ev"')).length).toBe(watched);
    });
  }
});
