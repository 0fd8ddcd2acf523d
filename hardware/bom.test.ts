/**
 * The bill of materials: bom.csv is well formed and covers the four table types, and bom.md
 * shows the same lines and totals.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (f: string): string => readFileSync(new URL(f, import.meta.url), 'utf8');

/** RFC 4180 enough for this file: commas, double-quoted fields, no newlines in fields. */
function parseLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const lines = read('bom.csv').trim().split('\n');
const header = parseLine(lines[0]!);
const rows = lines.slice(1).map(parseLine).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) as Record<string, string>);

describe('bill of materials', () => {
  it('bom.csv: the header, the four table types, whole quantities and positive prices', () => {
    expect(header).toEqual(['table', 'item', 'part', 'alternative', 'qty', 'unit_eur', 'notes']);
    expect([...new Set(rows.map((r) => r['table']))].sort()).toEqual(['carom', 'golf-billiards', 'minigolf-lane', 'pool']);
    for (const r of rows) {
      expect(Number.isInteger(Number(r['qty'])) && Number(r['qty']) > 0, `${r['table']} ${r['item']} qty`).toBe(true);
      expect(Number(r['unit_eur']), `${r['table']} ${r['item']} price`).toBeGreaterThan(0);
      expect(r['part']!.length).toBeGreaterThan(0);
    }
    for (const t of ['carom', 'golf-billiards', 'minigolf-lane', 'pool']) expect(rows.some((r) => r['table'] === t && r['item'] === 'board'), `${t} board`).toBe(true);
  });

  it('bom.md says the prices are approximate, with the currency and year, and matches the CSV', () => {
    const md = read('bom.md');
    expect(md).toContain('approximate, in euros (EUR), at late-2026');
    for (const t of ['golf-billiards', 'carom', 'pool', 'minigolf-lane']) {
      const mine = rows.filter((r) => r['table'] === t);
      const total = mine.reduce((a, r) => a + Number(r['qty']) * Number(r['unit_eur']), 0);
      const section = md.slice(md.indexOf(`<a id="${t}"></a>`));
      const stated = /\*\*Total: about (\d+) EUR\*\* \(([\d.]+) EUR summed\)/.exec(section);
      expect(stated, t).not.toBeNull();
      expect(Number(stated![2])).toBeCloseTo(total, 2);
      expect(Number(stated![1])).toBe(Math.round(total));
      for (const r of mine) expect(section, `${t} ${r['item']}`).toContain(`| ${r['item']} | ${r['part']} |`);
    }
  });
});
