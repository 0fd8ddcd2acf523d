/**
 * Guessing the venue PIN online. Before: 2,333 guesses a second for 30 s, every one answered 401,
 * nothing logged; the PIN fell after 9.5 s. Now (hub/api/guess-limiter.ts): five wrong PINs in a
 * row lock a device out (30 s, doubling with each further wrong one), 30 wrong ones on the venue
 * network within 10 minutes lock out every device that has not used the PIN in the last day
 * (the referee's own device and the hub itself still get in), every wrong PIN is logged, and a
 * locked-out person is told so and for how long (AR_LOCKED_OUT, Retry-After).
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHub, type Hub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';
import { newHub, type TestHub } from '../helpers/hub';

/** Guesses one attacker makes (work, not time); the right PIN is the GUESSES_BEFORE_PIN+1st. */
const GUESSES = 2000;
const GUESSES_BEFORE_PIN = 1500;
const players = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];
const hubs: Hub[] = [];
afterAll(async () => {
  keepAlive.destroy();
  for (const h of hubs) await h.close();
});

interface LogLine {
  level: number;
  msg: string;
}

function logInto(lines: LogLine[]) {
  return { level: 'warn' as const, stream: { write: (l: string) => void lines.push(JSON.parse(l) as LogLine) } };
}

/** One write over a real socket from `localAddress` (127.0.0.x: another device on the network, as far as the hub can tell). */
function post(
  url: string,
  token: string,
  localAddress?: string,
): Promise<{ status: number; body: { error?: { code: string; message: string } }; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/tables/gb1/matches`,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(localAddress ? { localAddress, agent: false } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text) as { error?: { code: string; message: string } }, retryAfter: res.headers['retry-after'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ players }));
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

describe('online PIN guessing', () => {
  it(
    `one attacker, ${GUESSES} guesses over one connection: locked out after 5, the PIN never found, every wrong one logged; the referee's own device still gets in`,
    { timeout: 120_000 },
    async () => {
      const pin = String(randomInt(100_000, 1_000_000));
      const log: LogLine[] = [];
      const hub: TestHub = await newHub({ token: pin, logger: logInto(log), decisionDefaultMs: null });
      hubs.push(hub);
      const guesses = Array.from({ length: GUESSES }, (_, i) => (i === GUESSES_BEFORE_PIN ? pin : String(((Number(pin) + 1 + i) % 900_000) + 100_000)));
      const statuses = new Map<number, number>();
      let found = -1;
      let lockedOut: { status: number; body: { error?: { code: string; message: string } }; retryAfter: string | undefined } | undefined;
      const t0 = performance.now();
      for (let i = 0; i < guesses.length && found < 0; i++) {
        const r = await post(hub.url, guesses[i]!);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 201) found = i + 1;
        if (r.status === 429) lockedOut ??= r;
      }
      const perSecond = Math.round((GUESSES / (performance.now() - t0)) * 1000);
      expect(found, `the PIN was found at guess ${found}`).toBe(-1);
      expect(Object.fromEntries(statuses)).toEqual({ 401: 4, 429: GUESSES - 4 });
      expect(lockedOut?.body.error?.code).toBe('AR_LOCKED_OUT');
      expect(lockedOut?.body.error?.message).toMatch(/locked out.*try again in 30 s/);
      expect(Number(lockedOut?.retryAfter)).toBe(30);
      // Every wrong PIN that was compared is logged (5), and the lockout with it.
      const wrong = log.filter((l) => l.level === 40 && l.msg.startsWith('auth: wrong PIN from'));
      expect(wrong).toHaveLength(5);
      expect(wrong[4]!.msg).toContain('locked out for 30 s');
      const health = (await hub.app.inject({ url: '/api/health' })).json() as { auth: { limits: { refused: number; lockedClients: number } } };
      expect(health.auth.limits).toMatchObject({ refused: GUESSES - 5, lockedClients: 1 });

      // The referee, from their own device, during the attacker's lockout.
      const referee = await post(hub.url, pin, '127.0.0.2');
      expect(referee.status).toBe(201);
      console.log(
        `PIN guessing: ${GUESSES} guesses at ${perSecond}/s from one client: 5 compared, ${GUESSES - 5} refused while locked out, PIN not found; the referee's device got in`,
      );
    },
  );

  it('many attackers: after 30 wrong PINs on the network, only trusted devices and the hub itself are checked; lockouts double; it all ends when the time is up', async () => {
    const pin = String(randomInt(100_000, 1_000_000));
    let now = 1_000_000;
    const hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:', token: pin, decisionDefaultMs: null, guessLimits: { now: () => now } });
    hubs.push(hub);
    const as = (token: string, remoteAddress: string) =>
      hub.app.inject({ url: '/api/tables/gb1/token', remoteAddress, headers: { authorization: `Bearer ${token}` } });
    const wrongPin = String(((Number(pin) - 100_000 + 1) % 900_000) + 100_000);

    // The referee's phone signed in earlier in the evening.
    expect((await as(pin, '10.0.9.9')).statusCode).toBe(200);
    // 30 devices, one wrong PIN each: below every device's own limit, at the venue's.
    for (let i = 1; i <= 30; i++) expect((await as(wrongPin, `10.0.1.${i}`)).statusCode).toBe(401);
    const fresh = await as(pin, '10.0.2.1');
    expect([fresh.statusCode, fresh.json().error.code]).toEqual([429, 'AR_LOCKED_OUT']);
    expect(fresh.json().error.message).toMatch(/try again in 10 min.*venue network/);
    expect(fresh.headers['retry-after']).toBe('600');
    expect((await as(pin, '10.0.9.9')).statusCode).toBe(200);
    expect((await as(pin, '127.0.0.1')).statusCode).toBe(200);
    now += 10 * 60_000;
    expect((await as(pin, '10.0.2.1')).statusCode).toBe(200);

    // One device: 5 wrong, locked 30 s; the next wrong one after that, 60 s; the right PIN ends it.
    const dev = '10.0.3.1';
    for (let i = 1; i <= 4; i++) expect((await as(wrongPin, dev)).statusCode).toBe(401);
    const fifth = await as(wrongPin, dev);
    expect([fifth.statusCode, fifth.headers['retry-after']]).toEqual([429, '30']);
    expect((await as(pin, dev)).statusCode).toBe(429); // not even compared while locked
    now += 31_000;
    const again = await as(wrongPin, dev);
    expect([again.statusCode, again.headers['retry-after']]).toEqual([429, '60']);
    now += 61_000;
    expect((await as(pin, dev)).statusCode).toBe(200);
    expect((await as(wrongPin, dev)).statusCode).toBe(401);
  });
});
