/**
 * Every engine folder's rule IDs (its rule-ids.ts) are named by a test title in that folder:
 * each rule of the digest (or excluded with a reason), each worked example, and each decided open
 * question with the reading taken. One title scanner and one ID matcher for every engine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface RuleIds {
  RULE_IDS: readonly string[];
  EXCLUDED: Readonly<Record<string, string>>;
  EXAMPLE_IDS: readonly string[];
  QUESTION_IDS: readonly string[];
}

const root = new URL('./', import.meta.url);

/** Rules in each digest: a guard against IDs lost while editing a hand-copied list. */
const DIGEST_SIZE: Record<string, number> = { carom: 85, 'golf-billiards': 60, minigolf: 152, pool: 29 };

/** Engine folders with a rules digest: every folder of hub/rules with a rule-ids.ts (common/ has none: no engine). */
const folders = readdirSync(root)
  .filter((n) => statSync(new URL(n, root)).isDirectory() && existsSync(new URL(`${n}/rule-ids.ts`, root)))
  .sort();

/** The files of the engine folder shape (docs/how-to/engine-folder.md). */
const SHAPE = ['index.ts', 'reducer.ts', 'state.ts', 'report.ts', 'rule-ids.ts', 'testkit.ts', 'properties.test.ts', 'fixtures.test.ts'];

/** Titles of it(), test() and describe() calls (also `.each(...)`, `.skip`, `.only`), in any of the three quotes. */
export function titlesIn(src: string): string[] {
  const out: string[] = [];
  const call = /\b(?:it|test|describe)(?:\.(?:each\([^)]*\)|skip|only|todo|concurrent))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of src.matchAll(call)) out.push(m[2]!.replace(/\\(.)/g, '$1'));
  return out;
}

/** `id` stands in a title as itself: GB-SPOT-1 is not named by GB-SPOT-10 nor by XGB-SPOT-1. */
export function names(title: string, id: string): boolean {
  return new RegExp(`(^|[^A-Z0-9-])${id.replace(/-/g, '\\-')}(?![0-9])`).test(title);
}

function titlesOf(folder: string): string[] {
  const dir = new URL(`${folder}/`, root);
  return readdirSync(dir)
    .filter((n) => n.endsWith('.test.ts'))
    .flatMap((f) => titlesIn(readFileSync(new URL(f, dir), 'utf8')));
}

describe('the title scanner', () => {
  it('reads it, test and describe titles in single, double and back quotes, with escapes', () => {
    const src = [
      "it('GB-SPOT-1: a', () => {});",
      'test("MG-PEN-7 (c) / b", () => {});',
      'describe(`PB-EX-3 c`, () => {});',
      "it.each([1, 2])('C3-FOUL-2 d', () => {});",
      "it('PB-Q1 it\\'s the reading', () => {});",
      "expect('GB-BALL-1').toBe(x); fit('GB-BALL-2');",
    ].join('\n');
    expect(titlesIn(src)).toEqual(['GB-SPOT-1: a', 'MG-PEN-7 (c) / b', 'PB-EX-3 c', 'C3-FOUL-2 d', "PB-Q1 it's the reading"]);
  });

  it('matches a whole ID only: GB-SPOT-1 is not GB-SPOT-10', () => {
    expect(names('GB-SPOT-10: x', 'GB-SPOT-1')).toBe(false);
    expect(names('XGB-SPOT-1: x', 'GB-SPOT-1')).toBe(false);
    expect(names('GB-SPOT-1: x', 'GB-SPOT-1')).toBe(true);
    expect(names('MG-PEN-7 (c) / x', 'MG-PEN-7')).toBe(true);
    expect(names('a, MG-PEN-7', 'MG-PEN-7')).toBe(true);
  });

  it('an ID no title names is missing (the check this file makes fails on it)', () => {
    const titles = titlesIn("it('GB-SPOT-1 and GB-SPOT-3', () => {});");
    expect(['GB-SPOT-1', 'GB-SPOT-2', 'GB-SPOT-3'].filter((id) => !titles.some((t) => names(t, id)))).toEqual(['GB-SPOT-2']);
  });
});

describe('rule coverage of every engine folder', () => {
  it('finds the four family folders, each with a rule-ids.ts', () => {
    expect(folders).toEqual(expect.arrayContaining(Object.keys(DIGEST_SIZE)));
  });

  for (const folder of folders) {
    describe(folder, () => {
      const all = titlesOf(folder);
      const named = (id: string) => all.some((t) => names(t, id));
      const ids = import(`./${folder}/rule-ids.ts`) as Promise<RuleIds>;

      it('has the engine folder shape (docs/how-to/engine-folder.md)', () => {
        expect(SHAPE.filter((f) => !existsSync(new URL(`${folder}/${f}`, root)))).toEqual([]);
      });

      it('the title scan finds the tests (sanity)', () => {
        expect(all.length).toBeGreaterThan(50);
      });

      it('every rule ID of the digest is named by a test title, or excluded with a reason', async () => {
        const { RULE_IDS, EXCLUDED } = await ids;
        if (folder in DIGEST_SIZE) expect(RULE_IDS).toHaveLength(DIGEST_SIZE[folder]!);
        expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
        expect(RULE_IDS.filter((id) => !(id in EXCLUDED) && !named(id))).toEqual([]);
      });

      it('excluded IDs are real rule IDs, have reasons and are not also tested', async () => {
        const { RULE_IDS, EXCLUDED } = await ids;
        for (const [id, why] of Object.entries(EXCLUDED)) {
          expect(RULE_IDS).toContain(id);
          expect(why.length).toBeGreaterThan(10);
          expect(named(id), id).toBe(false);
        }
      });

      it('every worked example is a test', async () => {
        const { EXAMPLE_IDS } = await ids;
        expect(EXAMPLE_IDS.filter((id) => !named(id))).toEqual([]);
      });

      it('every decided open question names its reading in a test title', async () => {
        const { QUESTION_IDS } = await ids;
        expect(QUESTION_IDS.filter((id) => !all.some((t) => names(t, id) && /reading/.test(t)))).toEqual([]);
      });
    });
  }
});
