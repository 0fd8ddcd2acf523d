import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_IDS, EXCLUDED, RULE_IDS } from './ruleIds';

const here = dirname(fileURLToPath(import.meta.url));

/** Titles of it(...) and test(...) in this folder's test files. */
function titles(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(here).filter((n) => n.endsWith('.test.ts'))) {
    const src = readFileSync(join(here, f), 'utf8');
    for (const m of src.matchAll(/\b(?:it|test)\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) out.push(m[2]!);
  }
  return out;
}

function named(id: string, all: readonly string[]): boolean {
  const re = new RegExp(`(^|[^A-Z0-9-])${id.replace(/-/g, '\\-')}(?![0-9])`);
  return all.some((t) => re.test(t));
}

describe('rule coverage', () => {
  const all = titles();
  it('every rule ID of the digest is named by a test title, or excluded with a reason', () => {
    const missing = RULE_IDS.filter((id) => EXCLUDED[id] === undefined && !named(id, all));
    expect(missing).toEqual([]);
  });
  it('every worked example is a test', () => {
    expect(EXAMPLE_IDS.filter((id) => !named(id, all))).toEqual([]);
  });
  it('excluded IDs are real IDs, have reasons and are not also tested', () => {
    for (const [id, why] of Object.entries(EXCLUDED)) {
      expect((RULE_IDS as readonly string[]).includes(id)).toBe(true);
      expect(why.length).toBeGreaterThan(10);
      expect(named(id, all)).toBe(false);
    }
    expect(RULE_IDS.length).toBe(152);
    expect(new Set(RULE_IDS).size).toBe(152);
  });
  it('the title scanner finds IDs and does not confuse MG-PEN-1 with MG-PEN-10', () => {
    expect(named('MG-PEN-1', ['MG-PEN-10: x'])).toBe(false);
    expect(named('MG-PEN-1', ['MG-PEN-1: x'])).toBe(true);
    expect(named('MG-PEN-7', ['MG-PEN-7 (c) / x'])).toBe(true);
  });
});
