/**
 * Every write in the API refuses a missing or wrong token. The write routes are read from the
 * fastify app itself (`printRoutes`), so a new POST/PUT/PATCH/DELETE route is covered the day it
 * is added: it must get a sample body below (one the route's schema accepts), or this test fails
 * and names it.
 *
 * fastify validates the body before the preHandler that checks the token, so each sample is
 * first sent WITH the venue token and must pass validation (not 400, not 401): the 401 without
 * a token is then the token check's, not the schema's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { buildHub, type Hub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const PIN = 'fault-pin-4711';

/** A body each write route's schema accepts; keyed "METHOD /path/:param". */
const SAMPLES: Record<string, unknown> = {
  'POST /api/tables/:table/matches': {
    players: [
      { id: 'ann', name: 'Ann', side: 'A' },
      { id: 'bob', name: 'Bob', side: 'B' },
    ],
  },
  'POST /api/tables/:table/input': { type: 'at_rest' },
  'POST /api/tables/:table/end': {},
  'POST /api/devices/:id/config': { set: { 'g1.debounce': 5 } },
  'POST /api/devices/:id/identify': {},
  'POST /api/calibration/sessions': { table: 'gb1' },
  'POST /api/calibration/sessions/:id/next': {},
  'POST /api/calibration/sessions/:id/redo': {},
  'POST /api/calibration/sessions/:id/goto': { step: 0 },
  'POST /api/calibration/sessions/:id/apply': {},
  'DELETE /api/calibration/sessions/:id': undefined,
  'POST /api/tables/:table/token': undefined,
};

/** Values for URL parameters: things that exist in the demo venue where it matters. */
const PARAMS: Record<string, string> = { table: 'gb1', id: 'gb1-a' };

interface Route {
  method: string;
  path: string;
}

/**
 * The routes of `printRoutes({ commonPrefix: false })`: a tree drawn with 4 characters per level,
 * each node a path segment appended to its parent's, with its methods in parentheses.
 */
function parseRoutes(tree: string): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = Math.floor(m[1]!.length / 4);
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, path: full.replace(/\/{2,}/g, '/') });
  }
  return out;
}

describe('API writes refuse a missing or wrong token', () => {
  let hub: Hub;
  let writes: Route[];
  beforeAll(async () => {
    // Every wrong token here comes from one client: the lockout after 5 (guess-limiter.ts, its own
    // fault test) is lifted, so that what answers is the token check itself.
    hub = await buildHub({
      venue: DEMO_VENUE,
      storePath: ':memory:',
      token: PIN,
      decisionDefaultMs: null,
      guessLimits: { perClient: 10_000, globalMax: 10_000 },
    });
    await hub.app.ready();
    writes = parseRoutes(hub.app.printRoutes({ commonPrefix: false })).filter((r) => WRITE_METHODS.includes(r.method));
  });
  afterAll(() => hub.close());

  it('finds the write routes from the app', () => {
    const keys = writes.map((r) => `${r.method} ${r.path}`);
    // The ones every hub has (a sanity check of the parsing); others are picked up as they come.
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/tables/:table/matches',
        'POST /api/tables/:table/input',
        'POST /api/tables/:table/end',
        'POST /api/devices/:id/config',
        'POST /api/devices/:id/identify',
      ]),
    );
    // Every write route has a sample body, so none slips through untested.
    expect(keys.filter((k) => !(k in SAMPLES))).toEqual([]);
  });

  it('answers 401 AR_UNAUTHORIZED without a token, with a wrong one and with a malformed header, and changes nothing', async () => {
    const matchesBefore = (await hub.store.listMatches({})).length;
    const checked: string[] = [];
    for (const r of writes) {
      const key = `${r.method} ${r.path}`;
      const url = r.path.replace(/:(\w+)/g, (_, p: string) => PARAMS[p] ?? 'x');
      const body = SAMPLES[key];
      const send = (authorization?: string) =>
        hub.app.inject({
          method: r.method as HTTPMethods,
          url,
          ...(body !== undefined ? { payload: body as object } : {}),
          headers: authorization ? { authorization } : {},
        });
      for (const auth of [undefined, 'Bearer wrong-pin', `Bearer ${PIN}x`, PIN, `Basic ${Buffer.from(`x:${PIN}`).toString('base64')}`, 'Bearer ']) {
        const res = await send(auth);
        expect({ key, auth, status: res.statusCode, code: res.json<{ error?: { code?: string } }>().error?.code }).toEqual({
          key,
          auth,
          status: 401,
          code: 'AR_UNAUTHORIZED',
        });
      }
      checked.push(key);
    }
    expect(checked.length).toBe(writes.length);
    expect((await hub.store.listMatches({})).length).toBe(matchesBefore);
    // Last, with the venue token: each sample passes validation and the token check, so the
    // refusals above were the token check's (404/409 are fine: a session or device state).
    for (const r of writes) {
      const key = `${r.method} ${r.path}`;
      const url = r.path.replace(/:(\w+)/g, (_, p: string) => PARAMS[p] ?? 'x');
      const body = SAMPLES[key];
      const res = await hub.app.inject({
        method: r.method as HTTPMethods,
        url,
        ...(body !== undefined ? { payload: body as object } : {}),
        headers: { authorization: `Bearer ${PIN}` },
      });
      expect([400, 401], `${key} with the venue token: ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });
});
