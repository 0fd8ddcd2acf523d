/** Every rule ID, worked example and decided open question is named by a test title in this folder. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DECIDED_QUESTIONS, EXAMPLE_IDS, EXCLUDED, RULE_IDS } from './rule-ids';

const here = dirname(fileURLToPath(import.meta.url));

function titles(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(here).filter((n) => n.endsWith('.test.ts') && n !== 'coverage.test.ts')) {
    const src = readFileSync(join(here, f), 'utf8');
    for (const m of src.matchAll(/\bit\(\s*'((?:[^'\\]|\\.)*)'/g)) out.push(m[1]!);
  }
  return out;
}

function named(id: string, all: string[]): boolean {
  const re = new RegExp(`${id.replace(/-/g, '\\-')}(?![0-9])`);
  return all.some((t) => re.test(t));
}

describe('rule coverage', () => {
  const all = titles();
  it('finds test titles', () => {
    expect(all.length).toBeGreaterThan(50);
  });
  it('every PB rule ID is named by a test title (or excluded with a reason)', () => {
    const missing = RULE_IDS.filter((id) => !(id in EXCLUDED) && !named(id, all));
    expect(missing).toEqual([]);
    expect(RULE_IDS).toHaveLength(29);
  });
  it('every worked example is a test', () => {
    expect(EXAMPLE_IDS.filter((id) => !named(id, all))).toEqual([]);
  });
  it('every decided open question is named with its reading', () => {
    const re = new RegExp('reading');
    expect(DECIDED_QUESTIONS.filter((id) => !all.some((t) => named(id, [t]) && re.test(t)))).toEqual([]);
  });
});
