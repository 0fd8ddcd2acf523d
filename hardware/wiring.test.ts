/**
 * The wiring diagrams and the pin tables of the table pages match the profiles exactly: every
 * wired pin of each profile (sensor pins, pocket drop beams, piezo level pins, I2C) appears in
 * the SVG's pin table, and in the page's pin table, with the same board pin, and nothing else
 * does; each drawn wire leaves the board at the pin the profile gives it and ends at the box of
 * its sensor. Every SVG is well-formed XML. The placement drawings show every sensor. A page's
 * pin table is that of its profile's plan (hardware/plans.ts: a page, or a section of one); where
 * it gives the STM32 interrupt line, the line is the pin's number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProfile, type BoardId, type TableProfile } from '../shared/profile';
import { planOf, planText } from './plans';
import { xmlProblems } from './xml-check';

const dir = new URL('./', import.meta.url);
const read = (f: string): string => readFileSync(new URL(f, dir), 'utf8');
const TABLES = readdirSync(new URL('profiles/', dir))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const FAMILIES: Record<string, BoardId[]> = { espruino: ['espruino-pico', 'espruino-wifi'], esp32: ['esp32'] };
const ALL: BoardId[] = ['espruino-pico', 'espruino-wifi', 'esp32'];

/** [logical pin, sensor id] for every wired pin of the profile, I2C as i2c.scl / i2c.sda. */
function wired(p: TableProfile): [string, string][] {
  const out: [string, string][] = [];
  for (const s of p.sensors) {
    out.push([s.pin, s.id]);
    if (s.kind === 'pocket' && s.drop) out.push([s.drop, s.id]);
    if (s.kind === 'piezo' && s.analog) out.push([s.analog, s.id]);
  }
  const colour = p.sensors.find((s) => (s.kind === 'beam' || s.kind === 'pocket') && s.colour);
  if (colour) out.push(['i2c.scl', colour.id], ['i2c.sda', colour.id]);
  return out;
}

/** The board pin of a logical pin; `—` for the I2C bus on a board wired without it (pool on the Pico: no room for the colour code). */
function phys(p: TableProfile, b: BoardId, logical: string): string {
  const w = p.boards[b]!;
  if (logical === 'i2c.scl') return w.i2c?.scl ?? '—';
  if (logical === 'i2c.sda') return w.i2c?.sda ?? '—';
  return w.pins[logical]!;
}

const unescape = (t: string): string =>
  t
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The SVG's pin table: one array of cell texts per row. */
function svgRows(svg: string): string[][] {
  const table = svg.slice(svg.indexOf('<g class="pin-table"'));
  return [...table.matchAll(/<g class="row">(.*?)<\/g>/g)].map((m) => [...m[1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((c) => unescape(c[1]!)));
}

/** The board pin label drawn for a logical pin: one name, or each board's when they differ. */
function boardLabel(p: TableProfile, boards: BoardId[], logical: string): string {
  const names = boards.map((b) => phys(p, b, logical));
  if (names.every((n) => n === names[0])) return names[0]!;
  const short: Record<string, string> = { 'espruino-pico': 'Pico', 'espruino-wifi': 'WiFi', esp32: 'ESP32' };
  // A board without the pin (`—`) is left out of the label.
  return boards.flatMap((b, i) => (names[i] === '—' ? [] : [`${names[i]} (${short[b]})`])).join(' / ');
}

/**
 * The drawn wires: [board pin label at the wire's height, logical pin on the wire, sensor id in
 * the box it ends at]. A wire is a line leaving the board, its logical-pin label, then the
 * sensor's box; the board's pin labels sit 5 units below the wire's line.
 */
function svgWires(svg: string): string[][] {
  const boardPart = svg.slice(svg.indexOf('<g class="board">'), svg.indexOf('<g class="wires">'));
  const wirePart = svg.slice(svg.indexOf('<g class="wires">'), svg.indexOf('<g class="pin-table"'));
  const labels = new Map<number, string>();
  for (const m of boardPart.matchAll(/<text x="\d+" y="(\d+)"[^>]*>([^<]*)<\/text>/g)) labels.set(Number(m[1]), unescape(m[2]!));
  const wire = /<line x1="\d+" y1="(\d+)"[^>]*\/>\s*<text[^>]*>([^<]*)<\/text>\s*<rect[^>]*\/>\s*<text[^>]*><tspan[^>]*>([^<]*)<\/tspan>/g;
  return [...wirePart.matchAll(wire)].map((m) => [labels.get(Number(m[1]) + 5) ?? '(no board pin)', unescape(m[2]!), m[3]!]);
}

/**
 * The plan's pin table (the one whose header starts with "logical pin"), one record per row by
 * column heading (`logical pin`, `sensor`, `what`, the boards' names, and any other column).
 */
function mdRows(md: string): Record<string, string>[] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| logical pin |'));
  if (start < 0) return [];
  const cells = (l: string): string[] =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim().replace(/`/g, ''));
  const head = cells(lines[start]!);
  const rows: Record<string, string>[] = [];
  for (const l of lines.slice(start + 2)) {
    if (!l.startsWith('|')) break;
    const row = cells(l);
    rows.push(Object.fromEntries(head.map((h, i) => [h, row[i] ?? ''])));
  }
  return rows;
}

/** The column heading of each board in the pin tables. */
const COLUMN: Record<BoardId, string> = { 'espruino-pico': 'Espruino Pico', 'espruino-wifi': 'Espruino WiFi', esp32: 'ESP32' };

describe('wiring diagrams and pin tables', () => {
  it('covers the four table types and the acoustic carom plan', () =>
    expect(TABLES).toEqual(['carom', 'carom-acoustic', 'golf-billiards', 'minigolf-lane', 'pool']));

  it('every SVG under hardware/ is well-formed XML', () => {
    const files = ['wiring', 'placement'].flatMap((d) =>
      readdirSync(new URL(`${d}/`, dir))
        .filter((f) => f.endsWith('.svg'))
        .map((f) => `${d}/${f}`),
    );
    expect(files).toHaveLength(TABLES.length * 3);
    for (const f of files) expect(xmlProblems(read(f)), f).toEqual([]);
  });

  for (const id of TABLES) {
    const p = JSON.parse(read(`profiles/${id}.json`)) as TableProfile;

    for (const [family, boards] of Object.entries(FAMILIES)) {
      it(`${id}: hardware/wiring/${id}-${family}.svg has every pin of the profile, and no other`, () => {
        for (const b of boards) expect(checkProfile(p, b), `${id} on ${b}`).toEqual([]);
        const svg = read(`wiring/${id}-${family}.svg`);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        const got = svgRows(svg).map((r) => [r[0], r[1], ...r.slice(3)].join(' '));
        const want = wired(p).map(([lg, s]) => [lg, s, ...boards.map((b) => phys(p, b, lg))].join(' '));
        expect(got).toEqual(want);
        // The board drawing shows each board pin too.
        // Each wire leaves the board at the profile's pin and ends at its sensor's box.
        expect(svgWires(svg)).toEqual(wired(p).map(([lg, s]) => [boardLabel(p, boards, lg), lg, s]));
      });
    }

    it(`${id}: hardware/placement/${id}.svg places every sensor of the profile`, () => {
      const svg = read(`placement/${id}.svg`);
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).join(' ');
      for (const s of p.sensors) expect(texts, s.id).toMatch(new RegExp(`\\b${s.id}\\b`));
    });

    const plan = planOf(id);
    const where = `hardware/${plan.page}${plan.heading ? ` (${plan.heading.replace(/^#+ /, '')})` : ''}`;
    it(`${id}: ${where} has the same pin table for every board`, () => {
      const rows = mdRows(planText(id, read));
      const got = rows.map((r) => [r['logical pin'], r['sensor'], ...ALL.map((b) => r[COLUMN[b]])].join(' '));
      const want = wired(p).map(([lg, s]) => [lg, s, ...ALL.map((b) => phys(p, b, lg))].join(' '));
      expect(got).toEqual(want);
      // An acoustic plan gives each sensor's STM32 interrupt line (its arrivals are stamped by their own interrupt).
      if (p.acoustic) expect(rows.every((r) => 'EXTI line' in r)).toBe(true);
      // Where the table gives the STM32 interrupt line, it is the pin's number on both Espruino boards.
      for (const r of rows.filter((x) => 'EXTI line' in x)) {
        const lines = FAMILIES['espruino']!.map((b) => r[COLUMN[b]]!.slice(1));
        expect([r['EXTI line'], r['EXTI line']], r['logical pin']).toEqual(lines);
      }
    });
  }
});
