/**
 * A refusal by the rules reaches the person in words: the page's sentence for AR_RULES_REFUSED,
 * then the engine's own code said in the page's language (`rule.*`), or the engine's English
 * reason for a code without words yet. Every `rule.*` string names a code an engine really uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { errorText } from './api';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every rejection code in the engines' code: the string right after the state in a reject(...) call (its reason a text or a variable). */
function engineCodes(): Set<string> {
  const out = new Set<string>();
  for (const dir of ['carom', 'golf-billiards', 'pool', 'minigolf']) {
    for (const f of readdirSync(path.join(ROOT, 'hub/rules', dir)).filter((x) => x.endsWith('.ts') && !x.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(ROOT, 'hub/rules', dir, f), 'utf8');
      for (const m of text.matchAll(/reject[A-Za-z]*\([^;]*?'([a-z][a-z_-]*)',\s*[`'"A-Za-z]/g)) out.add(m[1]!);
    }
  }
  // Claims are refused by the replay layer, the same for every game (hub/rules/common/claims.ts).
  const claims = readFileSync(path.join(ROOT, 'hub/rules/common/claims.ts'), 'utf8');
  for (const m of claims.matchAll(/no\('([a-z][a-z_]*)'/g)) out.add(m[1]!);
  // A minigolf placement is refused with the code placementProblem returns (hub/rules/minigolf/lane.ts).
  const lane = readFileSync(path.join(ROOT, 'hub/rules/minigolf/lane.ts'), 'utf8');
  const placement = lane.slice(lane.indexOf('export function placementProblem'));
  for (const m of placement.slice(0, placement.indexOf('\n}\n')).matchAll(/return '([a-z][a-z_]*)'/g)) out.add(m[1]!);
  return out;
}

describe('refusals by the rules on the page', () => {
  it('every rule.* string names a code the engines use', () => {
    const codes = engineCodes();
    expect(codes.size).toBeGreaterThan(100);
    const keys = Object.keys(en)
      .filter((k) => k.startsWith('rule.'))
      .map((k) => k.slice('rule.'.length));
    expect(keys.length).toBeGreaterThanOrEqual(30);
    expect(keys.filter((k) => !codes.has(k))).toEqual([]);
    // The marker's refused score (minigolf) and a goal the table does not have are among them.
    expect(keys).toEqual(expect.arrayContaining(['bad_score', 'self_scoring', 'not_in_play', 'unknown-goal', 'unknown_decision']));
  });

  it('MG-CARD-1: the refusal of a score is said in words, with the codes for the staff', () => {
    expect(errorText('AR_RULES_REFUSED', 'bad_score: a lane score is 1..7', 'bad_score')).toBe(
      `${en['err.AR_RULES_REFUSED']}: ${en['rule.bad_score']} (AR_RULES_REFUSED: bad_score)`,
    );
    // A code without words yet: the engine's own reason, never nothing.
    expect(errorText('AR_RULES_REFUSED', 'bad_lot: place = category, data.order = players', 'bad_lot')).toBe(
      `${en['err.AR_RULES_REFUSED']}: place = category, data.order = players (AR_RULES_REFUSED: bad_lot)`,
    );
    expect(errorText('AR_NO_MATCH', 'no match is running on this table: table c1')).toBe(
      `${en['err.AR_NO_MATCH']} (AR_NO_MATCH: no match is running on this table: table c1)`,
    );
  });
});
