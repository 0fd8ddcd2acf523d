/**
 * A table's QR code must not give the venue PIN away. The old table token was
 * HMAC-SHA256(PIN, "table:<id>") cut to 16 hex digits, over a six-digit PIN: anyone with one
 * printed code tried the million PINs offline and had the PIN in about a second. Here the search
 * is run on a token made the old way (it finds the PIN: the search is sound) and on the one in the
 * hub's QR code (before: found; now: a random secret of the table's, nothing to find).
 *
 * The secrets are the hub's own, kept in its store: they outlive a restart (a printed code keeps
 * working), one table's can be replaced (its old codes stop working), and the PIN is kept only as a
 * salted scrypt hash.
 */
import { createHmac, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The old scheme, as it was in hub/api/auth.ts. */
const oldTableToken = (pin: string, table: string): string => createHmac('sha256', pin).update(`table:${table}`).digest('hex').slice(0, 16);

/** Every six-digit PIN against a token, as an attacker with one QR code would. */
function searchPin(token: string, table: string): string | null {
  for (let p = 100_000; p < 1_000_000; p++) if (oldTableToken(String(p), table) === token) return String(p);
  return null;
}

async function qrLink(hub: Hub, pin: string, table: string): Promise<URL> {
  const r = await hub.app.inject({ url: `/api/tables/${table}/qr.svg?base=http://10.0.0.5:8080`, headers: { authorization: `Bearer ${pin}` } });
  expect(r.statusCode).toBe(200);
  return new URL(String(r.headers['x-autoref-url']).replace('/#/', '/'));
}

const players = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const startWith = (hub: Hub, token: string) =>
  hub.app.inject({ method: 'POST', url: '/api/tables/gb1/matches', payload: { players }, headers: { authorization: `Bearer ${token}` } });

describe('table tokens and the venue PIN', () => {
  it('a printed QR code does not give the PIN back (the old scheme did, offline)', { timeout: 60_000 }, async () => {
    const pin = String(randomInt(100_000, 1_000_000));
    const t0 = performance.now();
    expect(searchPin(oldTableToken(pin, 'gb1'), 'gb1')).toBe(pin);
    const oldMs = performance.now() - t0;

    const hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: pin });
    try {
      const token = (await qrLink(hub, pin, 'gb1')).searchParams.get('t')!;
      expect(token).toBeTruthy();
      expect(searchPin(token, 'gb1')).toBeNull();
      // Still a working token for its table, and only for it.
      expect((await startWith(hub, token)).statusCode).toBe(201);
      const other = await hub.app.inject({
        method: 'POST',
        url: '/api/tables/c1/matches',
        payload: { players },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(other.statusCode).toBe(401);
      console.log(`old table token: the PIN found offline in ${Math.round(oldMs)} ms; the hub's token: not in the PIN space (searched all 900,000)`);
    } finally {
      await hub.close();
    }
  });

  it('keeps each table token across restarts, replaces one on request, and stores the PIN only as a salted hash', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-pin-tokens-'));
    dirs.push(dir);
    const file = path.join(dir, 'hub.db');
    const pin = String(randomInt(100_000, 1_000_000));

    let hub = await buildHub({ venue: DEMO_VENUE, storePath: file, storedPin: { given: pin } });
    const printed = (await qrLink(hub, pin, 'gb1')).searchParams.get('t')!;
    await hub.close();

    // Restarted without the PIN on the command line: the same code works, and so does the PIN (from its hash).
    hub = await buildHub({ venue: DEMO_VENUE, storePath: file, storedPin: {} });
    expect(hub.madePin).toBeNull();
    expect((await qrLink(hub, pin, 'gb1')).searchParams.get('t')).toBe(printed);
    expect((await startWith(hub, printed)).statusCode).toBe(201);

    // A lost code: the venue replaces the table's token; the old one is refused with what to do.
    const replaced = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/token', headers: { authorization: `Bearer ${pin}` } });
    expect(replaced.statusCode).toBe(200);
    const fresh = (replaced.json() as { token: string }).token;
    expect(fresh).not.toBe(printed);
    const old = await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/end', payload: {}, headers: { authorization: `Bearer ${printed}` } });
    expect([old.statusCode, old.json().error.code]).toEqual([401, 'AR_UNAUTHORIZED']);
    expect(old.json().error.message).toContain('scan the QR code');
    await hub.close();

    hub = await buildHub({ venue: DEMO_VENUE, storePath: file, storedPin: {} });
    try {
      expect(hub.tableToken('gb1')).toBe(fresh);
      expect(
        (await hub.app.inject({ method: 'POST', url: '/api/tables/gb1/end', payload: {}, headers: { authorization: `Bearer ${fresh}` } })).statusCode,
      ).toBe(200);
    } finally {
      await hub.close();
    }
    const db = new Database(file, { readonly: true });
    const settings = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    db.close();
    const stored = settings.find((s) => s.key === 'auth.pin')!.value;
    expect(stored).toMatch(/^scrypt:/);
    expect(settings.filter((s) => s.key.startsWith('auth.')).some((s) => s.value.includes(pin))).toBe(false);
  });
});
