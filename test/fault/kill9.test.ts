/**
 * The hub killed with SIGKILL at random moments while a device streams events and a match runs:
 * after each restart, no acknowledged event is missing or stored twice, and the running match's
 * live state equals a clean replay of its log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SimDevice, mqttTransport, newBootId } from '../../sim/device';
import { waitFor } from '../helpers/hub';
import type { VenueConfig } from '../../shared/venue';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TRIALS = Number(process.env['AUTOREF_KILL_TRIALS'] ?? 4);
const BIN = path.resolve(__dirname, '../../bin/autoref.js');

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('SIGKILL during a match', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-kill-'));
  const store = path.join(dir, 'hub.db');
  const venue: VenueConfig = {
    id: `kill-${newBootId()}`,
    name: 'Kill test',
    language: 'en',
    tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt' }] }],
  };
  const venueFile = path.join(dir, 'venue.json');
  writeFileSync(venueFile, JSON.stringify(venue));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  let hub: ChildProcess | null = null;
  let device: SimDevice | null = null;

  /** What the hub last wrote on stderr, and how it ended: said when it does not come up. */
  let hubErr = '';
  function startHub(): ChildProcess {
    hubErr = '';
    const p = spawn(
      process.execPath,
      [BIN, 'start', '--no-sim', '--port', String(port), '--host', '127.0.0.1', '--broker-url', MOSQUITTO, '--store', store, '--venue', venueFile],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, AUTOREF_TOKEN: 'kill-test' },
      },
    );
    p.stderr!.on('data', (d: Buffer) => (hubErr = (hubErr + d.toString()).slice(-2000)));
    p.once('exit', (code, signal) => (hubErr += `\n[hub exited: ${code ?? signal}]`));
    return p;
  }

  async function hubUp(): Promise<void> {
    await waitFor(
      async () => {
        try {
          const r = await fetch(`${base}/api/devices`);
          const body = (await r.json()) as { links: { state: string }[] };
          return body.links.every((l) => l.state === 'online');
        } catch {
          return false;
        }
      },
      'the hub to answer with its MQTT link online',
      45_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message} (port ${port}; hub stderr: ${hubErr.trim() || 'nothing'})`);
    });
  }

  afterAll(async () => {
    hub?.kill('SIGKILL');
    await device?.close();
  });

  it(`loses no acknowledged event and resumes the match exactly (${TRIALS} kills)`, { timeout: 120_000 }, async () => {
    const r = rng(4242);
    hub = startHub();
    await hubUp();
    const started = await fetch(`${base}/api/tables/gb1/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer kill-test' },
      body: JSON.stringify({
        players: [
          { id: 'ann', name: 'Ann', side: 'A' },
          { id: 'bob', name: 'Bob', side: 'B' },
        ],
        config: { colours: { A: 'white', B: 'red' } },
      }),
    });
    expect(started.status).toBe(201);
    const matchId = ((await started.json()) as { match: { id: string } }).match.id;
    const boot = newBootId();
    device = new SimDevice('gb1-a', await mqttTransport(MOSQUITTO, venue.id, 'gb1', 'gb1-a', boot), boot);
    const stream = setInterval(() => device!.emit({ e: 'cushion', s: 'r1', p: String(1 + Math.floor(r() * 4)) }), 4);

    let ackedBeforeKills = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      await new Promise((res) => setTimeout(res, 200 + r() * 800));
      ackedBeforeKills = Math.max(ackedBeforeKills, device.acked);
      hub.kill('SIGKILL');
      await new Promise((res) => hub!.once('exit', res));
      await new Promise((res) => setTimeout(res, 50 + r() * 200));
      hub = startHub();
      await hubUp();
    }
    clearInterval(stream);
    // One more event after the last restart reveals any gap at the tail; resends fill it.
    const last = device.emit({ e: 'goal', s: 'g1', p: 'goal-B', o: 'white' });
    await waitFor(() => device!.acked >= last.n, 'every event acknowledged', 45_000);
    expect(ackedBeforeKills).toBeGreaterThan(0);

    // Every acknowledged sensor event reached the match exactly once, including those the shot
    // assembly still held (reorder window) when the hub was killed (hub/games/resume.ts).
    const sensorFacts = async (): Promise<number> => {
      const { events } = (await (await fetch(`${base}/api/matches/${matchId}/events`)).json()) as { events: { by?: string }[] };
      return events.filter((e) => e.by === 'sensor').length;
    };
    await waitFor(async () => (await sensorFacts()) >= last.n, 'every sensor event in the match log', 20_000);
    expect(await sensorFacts()).toBe(last.n);

    // The live state after the restarts equals a clean replay of the stored log.
    const tables = (await (await fetch(`${base}/api/tables`)).json()) as { tables: { id: string; summary: unknown }[] };
    const replayed = (await (await fetch(`${base}/api/matches/${matchId}`)).json()) as { summary: unknown };
    // An open question's countdown (`defaultAt`, hub/games/countdowns.ts) is the running hub's, not
    // the engine's: a replay has none. Seen open when the load delayed the last goal's answer.
    const withoutCountdowns = (summary: unknown): unknown => {
      const x = summary as { pending?: Record<string, unknown>[] };
      return { ...x, pending: (x.pending ?? []).map(({ defaultAt: _at, ...d }) => d) };
    };
    expect(withoutCountdowns(tables.tables[0]!.summary)).toEqual(withoutCountdowns(replayed.summary));

    hub.kill('SIGKILL');
    await new Promise((res) => hub!.once('exit', res));
    hub = null;
    const db = new Database(store, { readonly: true });
    const seqs = db.prepare('SELECT seq FROM device_events WHERE device = ? AND boot = ? ORDER BY seq').pluck().all('gb1-a', boot) as number[];
    db.close();
    // Every acknowledged sequence is stored exactly once (UNIQUE keeps duplicates out; check anyway).
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs.length).toBe(last.n);
    expect(seqs[seqs.length - 1]).toBe(last.n);
    console.log(`kill -9: ${TRIALS} kills, ${last.n} events sent, all ${seqs.length} stored once; acked before the kills: ${ackedBeforeKills}`);
  });
});
