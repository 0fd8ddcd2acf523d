/**
 * CSV exports opened in a spreadsheet: a cell that starts with = + - @ can run a formula there,
 * and so can one that starts with a TAB or a carriage return (spreadsheets skip them and read on).
 * Before: = + - @ were neutralised, a leading TAB or CR was not (scorecards.csv, results.csv,
 * matches.csv). Now one function (csvField) neutralises all six for every CSV the hub writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';

/** Names a player could type on the phone: each starts with something a spreadsheet acts on. */
const HOSTILE = ['\t=HYPERLINK("http://evil","x")', '\r=1+2', '\t@SUM(1)', '\r-2+3', '=cmd|"/c calc"', '+1+1', '@A1', '-1+1'];

/** Fields of a CSV text (RFC 4180: quotes doubled inside quoted fields, which may hold CR and LF). */
function fields(csv: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && (c === ',' || c === '\n')) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  if (cur !== '') out.push(cur);
  return out;
}

let hub: Hub;
let minigolf = '';
beforeAll(async () => {
  hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: 'csv-pin', decisionDefaultMs: null, gameClocks: false });
  const rec = await hub.matches.start(
    'mg1',
    HOSTILE.map((name, i) => ({ id: `p${i + 1}`, name })),
    undefined,
  );
  minigolf = rec.id;
  await hub.matches.start(
    'gb1',
    [
      { id: 'x', name: HOSTILE[0]!, side: 'A' },
      { id: 'y', name: HOSTILE[1]!, side: 'B' },
    ],
    undefined,
  );
});
afterAll(() => hub.close());

describe('CSV exports', () => {
  it.each(['/api/exports/matches.csv', 'scorecards.csv', 'results.csv'])('%s: no field starts with = + - @, TAB or CR', async (which) => {
    const url = which.startsWith('/') ? which : `/api/matches/${minigolf}/${which}`;
    const r = await hub.app.inject({ url });
    expect(r.statusCode).toBe(200);
    const all = fields(r.body);
    // The names are in there (neutralised, not dropped)...
    const named = all.filter((f) => HOSTILE.some((h) => f.includes(h.trim().slice(1, 6))));
    expect(named.length).toBeGreaterThan(0);
    // ...and no field a spreadsheet would take for a formula.
    const dangerous = all.filter((f) => /^[=+\-@\t\r]/.test(f) && !/^-?\d+(\.\d+)?$/.test(f));
    expect(dangerous.map((f) => JSON.stringify(f))).toEqual([]);
  });
});
