/**
 * Tag reader parts in the build: a profile with `part: 'PN532'` builds for every board, passes
 * the compatibility gate and stays under the 16 KB bundle budget; only the profile's own reader
 * part goes into a bundle; the PN532's transmit pin (the board's tag UART TX) is compiled in and
 * must be left free by the profile.
 */
import type { TagCfg } from '../core/config';
import { describe, expect, it } from 'vitest';
import { BOARDS, BoardIds, type TableProfile } from '../../shared/profile';
import { BENCH_PROFILE, withTagPart } from '../sim/fixtures';
import { buildFirmware, FirmwareBuildError, loadProfile } from './build';
import { checkTagUart } from './compile';
import { checkSource } from './gate';

const BUDGET_BYTES = 16 * 1024;
const MINIGOLF = loadProfile('minigolf-lane') as TableProfile;

describe('tag reader parts in the build', () => {
  it('minigolf-lane with a PN532 builds for every board, passes the gate and stays under 16 KB', { timeout: 120_000 }, () => {
    for (const board of BoardIds) {
      const r = buildFirmware({ profile: withTagPart(MINIGOLF, 'PN532'), board });
      expect(checkSource(r.code), board).toEqual([]);
      expect(r.bytes, board).toBeLessThan(BUDGET_BYTES);
      // The UART's transmit pin is passed to the firmware: the board's default TX of its tag UART.
      expect(r.pins[r.cfg.utx!], board).toBe(BOARDS[board].tagUartTx);
      expect((r.cfg.s.find((s) => s.id === 'r1') as TagCfg).baud).toBe(115200);
    }
  });

  it('the bench profile (every sensor kind) with a PN532 builds, passes the gate and stays under 16 KB', { timeout: 60_000 }, () => {
    for (const board of ['espruino-pico', 'esp32'] as const) {
      const r = buildFirmware({ profile: withTagPart(BENCH_PROFILE, 'PN532'), board });
      expect(checkSource(r.code), board).toEqual([]);
      expect(r.bytes, board).toBeLessThan(BUDGET_BYTES);
    }
  });

  it("only the profile's reader part is in the bundle; none without a reader", { timeout: 60_000 }, () => {
    const has = (profile: TableProfile | string): [boolean, boolean] => {
      const code = buildFirmware({ profile, board: 'espruino-pico', minify: false }).code;
      return [/function pnData\(/.test(code), /function rdmData\(/.test(code)];
    };
    expect(has(withTagPart(MINIGOLF, 'PN532'))).toEqual([true, false]);
    expect(has(MINIGOLF)).toEqual([false, true]);
    expect(has('golf-billiards')).toEqual([false, false]);
    // The shipped lane keeps the RDM6300, and its reader only listens.
    const shipped = buildFirmware({ profile: 'minigolf-lane', board: 'espruino-pico' });
    expect([(shipped.cfg.s.find((s) => s.id === 'r1') as TagCfg).baud, shipped.cfg.utx]).toEqual([9600, -1]);
  });

  it("a PN532 needs the tag UART's TX pin free: wired to a sensor or to I2C, the build fails naming it", () => {
    const onTx: TableProfile = {
      ...withTagPart(MINIGOLF, 'PN532'),
      boards: { 'espruino-pico': { pins: { ...MINIGOLF.boards['espruino-pico']!.pins, out: 'A2' } } },
    };
    expect(checkTagUart(onTx, 'espruino-pico')).toEqual([
      'sensor r1: the PN532 takes commands on Serial2 TX A2, wired to pin "out" in profile "minigolf-lane"',
    ]);
    expect(() => buildFirmware({ profile: onTx, board: 'espruino-pico' })).toThrow(FirmwareBuildError);
    // The RDM6300 never transmits: the same wiring is fine for it.
    expect(checkTagUart(withTagPart(onTx, 'RDM6300'), 'espruino-pico')).toEqual([]);
    expect(buildFirmware({ profile: withTagPart(onTx, 'RDM6300'), board: 'espruino-pico' }).bytes).toBeGreaterThan(0);
    const i2cOnTx: TableProfile = {
      ...withTagPart(MINIGOLF, 'PN532'),
      boards: { 'espruino-wifi': { pins: MINIGOLF.boards['espruino-wifi']!.pins, i2c: { scl: 'B6', sda: 'B9' } } },
    };
    expect(checkTagUart(i2cOnTx, 'espruino-wifi')).toEqual(['sensor r1: the PN532 takes commands on Serial1 TX B6, used by I2C in profile "minigolf-lane"']);
  });
});
