/**
 * The bill of materials: bom.csv is well formed and covers every shipped profile (the four table
 * types and the acoustic carom plan), bom.md shows the same lines and totals (each section's and
 * the overview's), and the quantities of sensor parts are what each table's profile wires (a
 * sensor added to a profile without its parts, or the other way round, fails here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../shared/profile';

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
const rows = lines
  .slice(1)
  .map(parseLine)
  .map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) as Record<string, string>);

const TABLES = ['golf-billiards', 'carom', 'carom-acoustic', 'pool', 'minigolf-lane'];
const profile = (t: string): TableProfile => JSON.parse(read(`profiles/${t}.json`)) as TableProfile;
const totalOf = (t: string): number => rows.filter((r) => r['table'] === t).reduce((a, r) => a + Number(r['qty']) * Number(r['unit_eur']), 0);

/** How many of each sensor part a profile needs, by the BOM's item name. */
function partsFor(p: TableProfile): Record<string, number> {
  const count = (f: (s: TableProfile['sensors'][number]) => number): number => p.sensors.reduce((a, s) => a + f(s), 0);
  const piezos = (event: string): number => count((s) => (s.kind === 'piezo' && s.event === event ? 1 : 0));
  const beams = (event: string): number => count((s) => (s.kind === 'beam' && s.event === event ? 1 : 0));
  const bumperBuses = count((s) => (s.kind === 'piezo' && s.event === 'cushion' && s.place === 'bumper' ? 1 : 0));
  const parts: Record<string, number> = {
    board: 1,
    'goal beams': beams('goal'),
    'colour sensor': count((s) => ((s.kind === 'beam' || s.kind === 'pocket') && s.colour ? 1 : 0)),
    // Colour sensors on multiplexer channels (several on one bus) need the multiplexer.
    'I2C multiplexer': p.sensors.some((s) => (s.kind === 'beam' || s.kind === 'pocket') && s.colour?.channel !== undefined) ? 1 : 0,
    'pocket beams': count((s) => (s.kind === 'pocket' ? (s.drop ? 2 : 1) : 0)),
    'cup beam': beams('hole'),
    'tag reader': count((s) => (s.kind === 'tag' ? 1 : 0)),
    'rail piezos': piezos('cushion') - bumperBuses,
    'rail comparators': piezos('cushion') - bumperBuses,
    // A bumper bus: a piezo under each of the table's twelve bumper posts, one comparator for all.
    'bumper piezos': bumperBuses * 12,
    'bumper comparator': bumperBuses,
    'bed piezos': piezos('contact'),
    'bed comparators': piezos('contact'),
    'peak-hold parts': count((s) => (s.kind === 'piezo' && s.analog ? 1 : 0)),
    'tee piezo': piezos('stroke'),
    'tee comparator': piezos('stroke'),
  };
  return Object.fromEntries(Object.entries(parts).filter(([, n]) => n > 0));
}

describe('bill of materials', () => {
  it('bom.csv: the header, the four table types and the acoustic carom plan, whole quantities and positive prices', () => {
    expect(header).toEqual(['table', 'item', 'part', 'alternative', 'qty', 'unit_eur', 'notes']);
    expect([...new Set(rows.map((r) => r['table']))].sort()).toEqual([...TABLES].sort());
    // Every shipped profile has its parts list.
    const shipped = readdirSync(new URL('profiles/', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(shipped.map((f) => f.slice(0, -5)).sort()).toEqual([...TABLES].sort());
    for (const r of rows) {
      expect(Number.isInteger(Number(r['qty'])) && Number(r['qty']) > 0, `${r['table']} ${r['item']} qty`).toBe(true);
      expect(Number(r['unit_eur']), `${r['table']} ${r['item']} price`).toBeGreaterThan(0);
      expect(r['part']!.length).toBeGreaterThan(0);
    }
    for (const t of TABLES)
      expect(
        rows.some((r) => r['table'] === t && r['item'] === 'board'),
        `${t} board`,
      ).toBe(true);
  });

  it('bom.md says the prices are approximate, with the currency and year, and matches the CSV', () => {
    const md = read('bom.md');
    expect(md).toContain('approximate, in euros (EUR), at late-2026');
    for (const t of TABLES) {
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

  it('bom.md: the overview at the top gives the section total of each table type', () => {
    const md = read('bom.md');
    const overview = md.slice(0, md.indexOf('## Golf billiards'));
    const titles: Record<string, string> = {
      'golf-billiards': 'Golf billiards',
      carom: 'Carom',
      'carom-acoustic': 'Carom, acoustic',
      pool: 'Pool',
      'minigolf-lane': 'Minigolf lane',
    };
    for (const t of TABLES) expect(overview, t).toContain(`| [${titles[t]}](#${t}) | ${Math.round(totalOf(t))} EUR |`);
  });

  it('the sensor parts of each table match what its profile wires, and every part has an alternative', () => {
    for (const t of TABLES) {
      const want = partsFor(profile(t));
      const got: Record<string, number> = {};
      for (const r of rows) if (r['table'] === t && r['item']! in want) got[r['item']!] = Number(r['qty']);
      expect(got, t).toEqual(want);
      // Parts that sense have an alternative; passives (and cable, box, supplies) need none.
      for (const r of rows.filter((x) => x['table'] === t && x['item']! in want && x['item'] !== 'peak-hold parts'))
        expect(r['alternative']!.length, `${t} ${r['item']} alternative`).toBeGreaterThan(0);
    }
  });

  it('an out-of-table line is bought where the profile has one, with its 12 V supply', () => {
    for (const t of TABLES) {
      const outs = profile(t).sensors.filter((s) => s.kind === 'beam' && s.event === 'out').length;
      const mine = rows.filter((r) => r['table'] === t);
      const beams = mine.filter((r) => /^out.*(line|lane) beams?$/.test(r['item']!));
      expect(beams.length > 0, `${t} out beams`).toBe(outs > 0);
      expect(
        mine.some((r) => /12 V/.test(r['part']!)),
        `${t} 12 V supply`,
      ).toBe(outs > 0);
    }
  });
});
