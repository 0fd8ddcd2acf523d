/**
 * The table pages: each says where its sensors go and why, the rules its sensors serve (rule ID,
 * observability class, sensor), what the sensors cannot observe, and how to install them, with a
 * firmware build command for its own profile and a board that exists (and the same for a second
 * plan written as a section of the page: the acoustic carom in carom.md, hardware/plans.ts).
 * Every rule ID the hardware pages cite (also `GB-TRI-*` and `PB-FOUL-4/5` forms) is a rule the
 * engines know, so a renamed or mistyped ID is caught here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BoardIds } from '../shared/profile';
import { PLAN_SECTIONS, planText } from './plans';
import { RULE_IDS as CAROM } from '../hub/rules/carom/rule-ids';
import { RULE_IDS as GOLF } from '../hub/rules/golf-billiards/rule-ids';
import { RULE_IDS as POCKET } from '../hub/rules/pool/rule-ids';
import { RULE_IDS as MINIGOLF } from '../hub/rules/minigolf/rule-ids';

const KNOWN = new Set<string>([...CAROM, ...GOLF, ...POCKET, ...MINIGOLF]);
const read = (f: string): string => readFileSync(new URL(f, import.meta.url), 'utf8');
const PAGES = readdirSync(new URL('./', import.meta.url)).filter((f) => f.endsWith('.md') && f !== 'bom.md');

/** Rule references in a text: plain IDs, `X-Y-*` families and `X-Y-4/5/10` lists, as written. */
function ruleRefs(text: string): { ids: string[]; families: string[] } {
  const ids = new Set<string>();
  const families = new Set<string>();
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9]{1,3}-[A-Z]+)-(\d+(?:\/\d+)*)\b/g)) for (const n of m[2]!.split('/')) ids.add(`${m[1]}-${n}`);
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9]{1,3}-[A-Z]+)-\*/g)) families.add(m[1]!);
  return { ids: [...ids].sort(), families: [...families].sort() };
}

/** The class cells of the page's "Rules these sensors serve" table. */
function classCells(md: string): string[] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| rule | class |'));
  const cells: string[] = [];
  for (const l of lines.slice(start + 2)) {
    if (!l.startsWith('|')) break;
    cells.push(l.split('|')[2]!.trim());
  }
  return cells;
}

describe('the table pages and the rules', () => {
  it('reads the reference forms', () => {
    expect(ruleRefs('`PB-FOUL-4/5/10` and `GB-TRI-*`, `C3B-SCORE-1`')).toEqual({
      ids: ['C3B-SCORE-1', 'PB-FOUL-10', 'PB-FOUL-4', 'PB-FOUL-5'],
      families: ['GB-TRI'],
    });
  });

  it('covers the four table types', () => expect(PAGES.sort()).toEqual(['README.md', 'carom.md', 'golf-billiards.md', 'minigolf-lane.md', 'pool.md']));

  for (const page of PAGES) {
    it(`${page}: every rule it cites is a rule of the engines`, () => {
      const { ids, families } = ruleRefs(read(page));
      expect(ids.length).toBeGreaterThan(0);
      expect(
        ids.filter((id) => !KNOWN.has(id)),
        'unknown rule IDs',
      ).toEqual([]);
      for (const f of families)
        expect(
          [...KNOWN].some((id) => id.startsWith(`${f}-`)),
          `${f}-*`,
        ).toBe(true);
    });
  }

  for (const page of PAGES.filter((p) => p !== 'README.md')) {
    it(`${page}: says which rules its sensors serve, with their class, and what they cannot observe`, () => {
      const md = read(page);
      expect(md).toContain('## Sensors: where and why');
      expect(md).toContain('## What these sensors cannot observe');
      expect(md).toContain('## Installation');
      // Each plan on the page (the page's own profile, and any written as a section of it, hardware/plans.ts) has
      // its build command, with the device and table ids, in its own text; no other profile is built here.
      const plans = [page.replace(/\.md$/, ''), ...Object.keys(PLAN_SECTIONS).filter((id) => PLAN_SECTIONS[id]!.page === page)];
      const builds = [...md.matchAll(/npm run firmware:build -- --profile (\S+) --board (\S+) --device \S+ --table ([^\s`)]+)/g)];
      expect(builds.length, 'a build command with the device and table ids').toBeGreaterThan(0);
      for (const [, prof, board] of builds) {
        expect(plans).toContain(prof);
        expect(BoardIds as readonly string[]).toContain(board);
      }
      for (const id of plans) {
        const text = planText(id, read);
        expect(text, `${id}: its build command`).toContain(`npm run firmware:build -- --profile ${id} --board`);
        if (id === page.replace(/\.md$/, '')) continue;
        // A plan written as a section has the same parts, as sub-sections.
        for (const part of ['Rules these sensors serve', 'What these sensors cannot observe', 'Installation'])
          expect(text, `${id}: ${part}`).toContain(`### ${part}`);
        expect(text, `${id}: a calibrate command`).toMatch(/npx autoref calibrate --table \S+ --token <PIN>/);
      }
      expect(md, 'a calibrate command with the venue PIN').toMatch(/npx autoref calibrate --table \S+ --token <PIN>/);
      const cells = classCells(md);
      expect(cells.length).toBeGreaterThan(4);
      for (const c of cells) expect(c, c).toMatch(/^(S|P|R)\b/);
      // Each page names at least one sensor-decidable rule and one the referee has to decide.
      expect(cells.some((c) => c.startsWith('S'))).toBe(true);
      expect(cells.some((c) => c.startsWith('P') || c.startsWith('R'))).toBe(true);
    });
  }
});
