import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_IDS, EXCLUDED, RULE_IDS } from './rule-ids';

const here = dirname(fileURLToPath(import.meta.url));

/** Titles of it()/describe() calls in this folder's test files. */
function titles(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(here).filter((n) => n.endsWith('.test.ts') && n !== 'coverage.test.ts')) {
    const src = readFileSync(join(here, f), 'utf8');
    for (const m of src.matchAll(/\b(?:it|test|describe)(?:\.each\([^)]*\))?\(\s*(['`"])(.*?)\1/g)) out.push(m[2]!);
  }
  return out;
}

function named(id: string, all: string[]): boolean {
  const re = new RegExp(`(^|[^A-Z0-9-])${id}(?![0-9])`);
  return all.some((t) => re.test(t));
}

describe('rule coverage', () => {
  const all = titles();
  it('every rule ID of the digest is named by a test title, or excluded with a reason', () => {
    const missing = RULE_IDS.filter((id) => !(id in EXCLUDED) && !named(id, all));
    expect(missing).toEqual([]);
  });
  it('every worked example is a test', () => {
    expect(EXAMPLE_IDS.filter((id) => !named(id, all))).toEqual([]);
  });
  it('excluded IDs are real rule IDs and have reasons', () => {
    for (const [id, why] of Object.entries(EXCLUDED)) {
      expect(RULE_IDS).toContain(id);
      expect(why.length).toBeGreaterThan(10);
    }
    expect(RULE_IDS.length).toBe(85);
  });
});

describe('documentation (docs/games/carom.md)', () => {
  const doc = readFileSync(join(here, '../../../docs/games/carom.md'), 'utf8');
  it('documents every ref call, foul code, pending decision kind and config option', async () => {
    const { CALLS } = await import('./calls');
    const { FOULS } = await import('./general');
    const { defaultConfig } = await import('./config');
    const kinds = ['c3.point', 'c3b.point', 'c4.point', 'carom.wrong_ball', 'carom.balls_in_motion', 'c3.lag', 'c3.lag_collision'];
    const names = [...CALLS, ...Object.keys(FOULS), ...kinds, ...Object.keys(defaultConfig('three-cushion'))];
    expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
