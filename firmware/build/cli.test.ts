/**
 * npm run firmware:build: writes one bundle, prints its size and the upload command; bad input
 * exits non-zero with a message a person can act on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './build';

const dir = mkdtempSync(path.join(tmpdir(), 'autoref-fwcli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): { status: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'firmware/build/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('firmware:build CLI', { timeout: 180_000 }, () => {
  it('builds one bundle for a profile and a board', () => {
    const out = path.join(dir, 'pool.js');
    const r = cli(['--profile', 'pool', '--board', 'espruino-pico', '--device', 'p1-a', '--table', 'p1', '--out', out]);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/pool\.js: \d+ bytes, 9 sensors, link serial on USB, buffer 128 events; compatibility gate passed/);
    expect(r.out).toContain(`npx espruino --board PICO_R1_3 -p /dev/ttyACM0`);
    const code = readFileSync(out, 'utf8');
    expect(code).toContain('d:"p1-a"');
    expect(code.length).toBeLessThan(16 * 1024);
  });

  it('builds a serial link on a UART; refuses a UART the profile already uses', () => {
    const out = path.join(dir, 'gb-uart.js');
    const r = cli(['--profile', 'golf-billiards', '--board', 'espruino-pico', '--uart', 'Serial2', '--baud', '57600', '--out', out]);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/gb-uart\.js: \d+ bytes, 8 sensors, link serial on Serial2 at 57600 baud, buffer 128 events/);
    expect(readFileSync(out, 'utf8')).toContain('lp:2,lb:57600');
    const clash = cli(['--profile', 'golf-billiards', '--board', 'espruino-pico', '--uart', 'Serial1', '--out', out]);
    expect([clash.status, clash.err]).toEqual([1, expect.stringContaining('--uart: Serial1 needs B6, wired to I2C in profile "golf-billiards"')]);
    expect(cli(['--profile', 'pool', '--board', 'espruino-pico', '--uart', 'Serial3']).status).toBe(2);
  });

  it('exits 2 on usage errors and 1 on a profile that is missing or invalid', () => {
    expect(cli(['--profile', 'pool']).status).toBe(2);
    expect(cli(['--profile', 'pool', '--board', 'uno']).err).toContain('unknown board "uno"');
    const missing = cli(['--profile', 'nope', '--board', 'esp32']);
    expect([missing.status, missing.err.trim()]).toEqual([1, 'no profile "nope" under hardware/profiles']);
  });

  it('--help prints the options; an unknown option is a usage error, not a stack trace', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.out).toContain('--device <id>');
    const bad = cli(['--profile', 'pool', '--board', 'esp32', '--bogus']);
    expect(bad.status).toBe(2);
    expect(bad.err).toContain("Unknown option '--bogus'");
    expect(bad.err).not.toContain('    at ');
  });
});
