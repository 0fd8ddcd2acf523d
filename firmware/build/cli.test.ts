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

describe('firmware:build CLI', { timeout: 90_000 }, () => {
  it('builds one bundle for a profile and a board', () => {
    const out = path.join(dir, 'pool.js');
    const r = cli(['--profile', 'pool', '--board', 'espruino-pico', '--device', 'p1-a', '--table', 'p1', '--out', out]);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/pool\.js: \d+ bytes, 9 sensors, link serial, buffer 128 events; compatibility gate passed/);
    expect(r.out).toContain(`npx espruino --board PICO_R1_3 -p /dev/ttyACM0`);
    const code = readFileSync(out, 'utf8');
    expect(code).toContain('d:"p1-a"');
    expect(code.length).toBeLessThan(16 * 1024);
  });

  it('exits 2 on usage errors and 1 on a profile that is missing or invalid', () => {
    expect(cli(['--profile', 'pool']).status).toBe(2);
    expect(cli(['--profile', 'pool', '--board', 'uno']).err).toContain('unknown board "uno"');
    const missing = cli(['--profile', 'nope', '--board', 'esp32']);
    expect([missing.status, missing.err.trim()]).toEqual([1, 'no profile "nope" under hardware/profiles']);
  });
});
