import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_IDS, EXCLUDED, QUESTION_IDS, RULE_IDS } from './rule-ids';

const dir = new URL('./', import.meta.url);

/** Titles of every `it(...)` in this folder's test files. */
function titles(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.test.ts'))) {
    const src = readFileSync(new URL(f, dir), 'utf8');
    for (const m of src.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) out.push(m[2]!.replace(/\\'/g, "'"));
  }
  return out;
}

function named(id: string, all: readonly string[]): boolean {
  const re = new RegExp(`${id.replace(/-/g, '\\-')}(?!\\d)`);
  return all.some((t) => re.test(t));
}

describe('golf billiards: every rule of the digest is named by a test', () => {
  const all = titles();

  it('the title scan finds the tests (sanity)', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(named('GB-SPOT-1', ['GB-SPOT-10: x'])).toBe(false);
    expect(named('GB-SPOT-1', ['GB-SPOT-1: x'])).toBe(true);
  });

  it('every GB rule ID (except explicit exclusions) is named by a test title', () => {
    expect(RULE_IDS).toHaveLength(60);
    const missing = RULE_IDS.filter((id) => !(id in EXCLUDED) && !named(id, all));
    expect(missing).toEqual([]);
  });

  it('every worked example GB-EX-1..12 is a test', () => {
    expect(EXAMPLE_IDS.filter((id) => !named(id, all))).toEqual([]);
  });

  it('every decided open question names its reading in a test title', () => {
    const missing = QUESTION_IDS.filter((id) => !all.some((t) => new RegExp(`${id}(?!\\d)[^]*reading`).test(t)));
    expect(missing).toEqual([]);
  });
});
