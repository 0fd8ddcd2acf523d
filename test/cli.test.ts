/**
 * The `autoref` command line, run as a user runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineIds } from '../hub/rules/registry';

const BIN = path.resolve(__dirname, '../bin/autoref.js');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function file(name: string, text: string): string {
  const f = path.join(mkdtempSync(path.join(tmpdir(), 'autoref-cli-')), name);
  writeFileSync(f, text);
  return f;
}

describe('autoref CLI', { timeout: 60_000 }, () => {
  it('--help lists the subcommands', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    for (const c of ['start', 'replay', 'simulate', 'devices']) expect(r.stdout).toContain(c);
  });

  it('replay refuses an unknown game with AR_UNKNOWN_GAME and the list of known ones', async () => {
    const log = file('log.jsonl', '{"type":"start","t":0,"players":[{"id":"a","name":"A"}]}\n');
    const r = await run('replay', log, '--game', 'tiddlywinks');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AR_UNKNOWN_GAME');
    for (const id of engineIds()) expect(r.stderr).toContain(id);
  });

  it('replay refuses a bad log with AR_BAD_LOG and the line number', async () => {
    const log = file('bad.jsonl', '{"type":"start","t":0,"players":[{"id":"a","name":"A"}]}\n{"type":"cushion"}\n');
    const r = await run('replay', log, '--game', 'three-cushion');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/AR_BAD_LOG.*line 2/);
  });

  it.each([
    ['three-cushion', 'carom/three-cushion-ceb-lag-ayse-wins-to-3.jsonl'],
    ['golf-billiards', 'golf-billiards/ann-wins-match-2-0.jsonl'],
    ['eight-ball', 'pool/eight-ball-a-wins-called-eight.jsonl'],
    ['nine-ball', 'pool/nine-ball-a-wins-race-to-2.jsonl'],
    ['minigolf', 'minigolf/golden-stroke-p-wins.jsonl'],
  ])('replay --game %s prints the final state of a recorded match as JSON', async (game, fixture) => {
    const r = await run('replay', path.resolve(__dirname, 'fixtures', fixture), '--game', game);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      game: string;
      summary: { status: string; winner: string | null };
      report: unknown;
      corrections: unknown[];
      rejected: unknown[];
    };
    expect(out.game).toBe(game);
    expect(out.summary.status).toBe('finished');
    expect(out.summary.winner).not.toBeNull();
    expect(out.report).toBeDefined();
    expect(Array.isArray(out.corrections) && Array.isArray(out.rejected)).toBe(true);
  });

  it.each([
    ['three-ball', 'carom/three-ball-salon-series-of-3-then-out.jsonl'],
    ['four-ball', 'carom/four-ball-no-contact-erases-55.jsonl'],
  ])('replay --game %s prints the state of a match still being played', async (game, fixture) => {
    const r = await run('replay', path.resolve(__dirname, 'fixtures', fixture), '--game', game);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { game: string; summary: { status: string; winner: string | null }; report: unknown };
    expect(out.game).toBe(game);
    expect(out.summary).toMatchObject({ status: 'playing', winner: null });
    expect(out.report).toBeDefined();
  });

  it('devices lists serial ports and says when no hub answers', async () => {
    const r = await run('devices', '--hub', 'http://127.0.0.1:9');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/serial ports \(\d+\):/);
    expect(r.stdout).toContain('no hub answering at http://127.0.0.1:9');
  });
});
