/**
 * One home per game: outside the catalogue (shared/game/catalogue.ts) and the rules engines
 * (hub/rules/), no production code decides anything by comparing a game id. It reads the game's
 * catalogue entry instead (docs/how-to/add-a-game.md), so a new game changes no other file.
 *
 * Also exempt: the simulator's players and their ground truth (sim/players/) and the automation
 * yardstick's truth of each family (bench/automation/), a second statement of each game's rules
 * written on purpose apart from the engines (the chain tests and the yardstick compare the two);
 * the simulator's table kinds share two names with game ids (golf-billiards, minigolf).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameIds } from '../../shared/game/catalogue';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXEMPT = [/^hub\/rules\//, /^shared\/game\/catalogue\.ts$/, /^sim\/players\//, /^bench\/automation\//, /\.test\.ts$/];

/** Where a line compares (or keys a table by) one of the ids. */
export function comparisons(text: string, ids: readonly string[]): { line: number; text: string }[] {
  const id = ids.map((x) => x.replace(/[-]/g, '\\-')).join('|');
  const q = `['"\`](?:${id})['"\`]`;
  const patterns = [
    new RegExp(`[=!]==?\\s*${q}`), // x === 'minigolf'
    new RegExp(`${q}\\s*[=!]==?`), // 'minigolf' === x
    new RegExp(`\\bcase\\s+${q}\\s*:`), // case 'eight-ball':
    new RegExp(`\\.(?:has|includes)\\(\\s*${q}`), // set.has('four-ball')
    new RegExp(`new Set\\(\\[[^\\]]*${q}`), // new Set(['three-cushion', …])
    new RegExp(`^\\s*(?:${q}|(?:${ids.filter((x) => /^\w+$/.test(x)).join('|') || '(?!)'}))\\s*:\\s*[[{]`), // a table keyed by id: 'nine-ball': [...]
  ];
  const hits: { line: number; text: string }[] = [];
  text.split('\n').forEach((l, i) => {
    if (/^\s*(\/\/|\*)/.test(l)) return; // comments may name games
    if (patterns.some((p) => p.test(l))) hits.push({ line: i + 1, text: l.trim() });
  });
  return hits;
}

describe('one home per game: no game-id comparisons outside the catalogue and the engines', () => {
  it('the matcher sees each kind of comparison, and not a mere mention', () => {
    const ids = ['minigolf', 'nine-ball'];
    const seen = (s: string): number => comparisons(s, ids).length;
    expect(seen("if (game === 'minigolf') x();")).toBe(1);
    expect(seen("if ('nine-ball' !== g) x();")).toBe(1);
    expect(seen("  case 'nine-ball':")).toBe(1);
    expect(seen("const POOL = new Set(['eight-ball', 'nine-ball']);")).toBe(1);
    expect(seen("  'nine-ball': ['call', 'safety'],")).toBe(1);
    expect(seen('  minigolf: { players: [] },')).toBe(1);
    expect(seen("const t = { game: 'minigolf' };")).toBe(0);
    expect(seen("// if (game === 'minigolf')")).toBe(0);
  });

  it('finds none in hub/, shared/, dashboard/, sim/, firmware/, bin/ and bench/', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', 'hub', 'shared', 'dashboard', 'sim', 'firmware', 'bin', 'bench'],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter((f) => /\.(ts|js)$/.test(f) && !EXEMPT.some((x) => x.test(f)));
    const found: string[] = [];
    for (const f of files) {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, f), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      for (const hit of comparisons(text, GameIds)) found.push(`${f}:${hit.line}: ${hit.text}`);
    }
    expect(found).toEqual([]);
  });
});
