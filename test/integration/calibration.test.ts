/**
 * The calibration assistant end to end: a real hub on Mosquitto, a simulated golf-billiards
 * device (sim/device.ts) whose events carry scripted device times (ringing, bounce, noise), and
 * the command-line assistant driven by a scripted user. Checks what reaches the device (raw
 * mode, then the suggested values as cfg commands) and what is stored beside the venue config.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { SimDevice, mqttTransport, newBootId, type SimEventFields, type Transport } from '../../sim/device';
import type { VenueConfig } from '../../shared/venue';
import type { HubCommand } from '../../shared/protocol/schema';
import type { TableProfile } from '../../shared/profile';
import { calibrate } from '../../hub/cli/calibrate';
import { planFor, profileOptions, rawOptions } from '../../hub/calibration/plan';
import { calibrationPathFor, readCalibration } from '../../hub/calibration/file';
import type { SessionView } from '../../hub/calibration/session';

const MOSQUITTO = process.env['AUTOREF_MOSQUITTO_URL'] ?? 'mqtt://127.0.0.1:1883';
const TOKEN = 'calib-pin-4711';
const profile = JSON.parse(readFileSync(new URL('../../hardware/profiles/golf-billiards.json', import.meta.url), 'utf8')) as TableProfile;

/** A simulated device whose clock the test sets: events carry exactly the scripted times. */
class ScriptedDevice extends SimDevice {
  ms = 1000;
  override micros(): number {
    return Math.round(this.ms * 1000);
  }
  at(ms: number, f: SimEventFields): void {
    this.ms = ms;
    this.emit(f);
  }
}

describe('calibration assistant against a real hub (Mosquitto, simulated device)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoref-calib-'));
  const venueFile = path.join(dir, 'my-bar.json');
  const hubFile = path.join(dir, 'hub-side.calibration.json');
  const venue: VenueConfig = {
    id: `calib-${newBootId()}`,
    name: 'Calibration test',
    language: 'en',
    tables: [{ id: 'gb1', name: 'Bumper pool', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'mqtt', profile: 'golf-billiards' }] }],
  };
  let hub: TestHub;
  let device: ScriptedDevice;
  let transport: Transport;
  const cfgs: Record<string, number | string | boolean>[] = [];

  beforeAll(async () => {
    writeFileSync(venueFile, JSON.stringify(venue));
    hub = await newHub({ venue, mqtt: { url: MOSQUITTO }, token: TOKEN, calibrationFile: hubFile });
    transport = await mqttTransport(MOSQUITTO, venue.id, 'gb1', 'gb1-a', newBootId());
    device = new ScriptedDevice('gb1-a', transport);
    transport.onCommand((c: HubCommand) => {
      if (c.k === 'cfg') cfgs.push(c.set);
    });
    device.hello('golf-billiards');
    await waitFor(() => hub.ingest.deviceInfo().some((d) => d.id === 'gb1-a' && d.state === 'online'), 'the device to come online');
  });
  afterAll(async () => {
    await device?.close();
    await hub?.close();
  });

  async function session(): Promise<SessionView> {
    const r = await hub.app.inject({ url: '/api/calibration/tables/gb1' });
    return (r.json() as { sessions: SessionView[] }).sessions[0]!;
  }

  /** What the user does at each step, in device time; returns how many events were sent. */
  function act(step: string, t0: number): number {
    let sent = 0;
    const e = (ms: number, f: SimEventFields): void => {
      device.at(t0 + ms, f);
      sent++;
    };
    if (step === 'quiet') {
      e(100, { e: 'goal', s: 'g1', p: 'a', w: 150 }); // a flicker on goal a's beam
      e(900, { e: 'out', s: 'o1', w: 400 });
    } else if (step === 'g1' || step === 'g2' || step === 'o1') {
      const ev = step === 'o1' ? 'out' : 'goal';
      [40_000, 25_000, 60_000, 12_000, 30_000].forEach((w, i) => {
        const t = i * 1000;
        e(t, { e: ev, s: step, w });
        e(t + w / 1000 + 2, { e: ev, s: step, w: 300 }); // bounce 2 ms after the ball clears
      });
    } else {
      // A rail: five hits, each ringing 3 and 6 ms later; the first hit also reaches the next rail.
      for (let i = 0; i < 5; i++) {
        const t = i * 1000;
        e(t, { e: 'cushion', s: step });
        e(t + 3, { e: 'cushion', s: step });
        e(t + 6, { e: 'cushion', s: step });
      }
      if (step === 'c1') e(20, { e: 'cushion', s: 'c2' });
    }
    return sent;
  }

  it('walks every step from the command line, suggests from the events, sends and stores the values', async () => {
    const steps = planFor(profile).map((s) => s.id);
    const out: string[] = [];
    let t0 = 10_000;
    let redone = false;
    const rec = await calibrate(
      { hub: hub.url, table: 'gb1', token: TOKEN, venue: venueFile },
      {
        out: (l) => out.push(l),
        ask: async (q) => {
          if (q.startsWith('Apply')) return 'y';
          const s = await session();
          const id = steps[s.current]!;
          if (id === 'g2' && !redone) {
            // The user knocks goal b's frame by mistake, then redoes the step.
            device.at(t0, { e: 'goal', s: 'g2', w: 90 });
            await waitFor(async () => (await session()).steps[s.current]!.seen['g2'] === 1, 'the mistaken event to be recorded');
            redone = true;
            t0 += 10_000;
            return 'r';
          }
          const n = act(id, t0);
          t0 += 10_000;
          await waitFor(async () => Object.values((await session()).steps[s.current]!.seen).reduce((a, b) => a + b, 0) === n, `step ${id} to be recorded`);
          return '';
        },
      },
    );
    expect(rec).not.toBeNull();
    expect(out.filter((l) => l.startsWith('Step ')).length).toBe(steps.length + 1); // g2 shown twice
    expect(out.join('\n')).toContain('c2 fired 1 time(s) during this step (crosstalk)');
    expect(out).toContain('    · g1 goal 40000 µs'); // the live view from /api/stream

    // The suggestions, by the documented methods.
    expect(rec!.set).toMatchObject({
      'g1.minWidthUs': 3000, // a quarter of the shortest ball (12 ms)
      'g1.debounceMs': 3, // bounce gap 2 ms × 1.5
      'g2.minWidthUs': 3000,
      'o1.minWidthUs': 3000,
      'c1.deadMs': 10, // ringing 6 ms × 1.25 + 2, rounded up
      'c4.deadMs': 10,
    });
    expect(rec!.suggestions.find((s) => s.sensor === 'g2')!.evidence.noise).not.toContain(90);

    // The device got the raw mode first, then the applied values.
    await waitFor(() => Object.keys(Object.assign({}, ...cfgs) as object).length > 0 && cfgs.length >= 4, 'the cfg commands to reach the device');
    expect(Object.assign({}, ...cfgs.slice(0, 2))).toEqual(rawOptions(profile));
    expect(Object.assign({}, ...cfgs.slice(2))).toEqual(rec!.set);
    expect(Object.keys(rec!.set).sort()).toEqual(Object.keys(profileOptions(profile)).sort());

    // Stored by the hub and by the command line beside the venue config.
    expect(readCalibration(hubFile).devices['gb1-a']!.set).toEqual(rec!.set);
    expect(readCalibration(calibrationPathFor(venueFile)).devices['gb1-a']!.set).toEqual(rec!.set);
    const stored = (await hub.app.inject({ url: '/api/calibration/tables/gb1' })).json() as { devices: { calibration: { set: object } }[]; sessions: unknown[] };
    expect(stored.devices[0]!.calibration.set).toEqual(rec!.set);
    expect(stored.sessions).toEqual([]);

    // A reboot loses cfg values: the device's next hello gets the stored calibration again.
    const before = cfgs.length;
    device.hello('golf-billiards');
    await waitFor(() => cfgs.length >= before + 2, 'the stored calibration to be sent again');
    expect(Object.assign({}, ...cfgs.slice(before))).toEqual(rec!.set);
  });

  it('q on the command line cancels: the device gets its profile values back, nothing is stored', async () => {
    const before = cfgs.length;
    const storedBefore = readFileSync(hubFile, 'utf8');
    const out: string[] = [];
    const rec = await calibrate({ hub: hub.url, table: 'gb1', device: 'gb1-a', token: TOKEN }, { out: (l) => out.push(l), ask: async () => 'q' });
    expect(rec).toBeNull();
    expect(out.at(-1)).toBe('Cancelled: the device has its profile values back.');
    await waitFor(() => cfgs.length >= before + 4, 'raw mode and the restore to reach the device');
    expect(Object.assign({}, ...cfgs.slice(before, before + 2))).toEqual(rawOptions(profile));
    expect(Object.assign({}, ...cfgs.slice(before + 2))).toEqual(profileOptions(profile));
    expect(readFileSync(hubFile, 'utf8')).toBe(storedBefore);
    expect((await session()) ?? null).toBeNull();
  });

  it('needs the venue token, and a cancelled session gives the device its profile values back', async () => {
    const no = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', payload: { table: 'gb1' } });
    expect(no.statusCode).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const missing = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', headers: auth, payload: { table: 'nope' } });
    expect(missing.json()).toMatchObject({ error: { code: 'AR_NOT_FOUND' } });
    const started = await hub.app.inject({ method: 'POST', url: '/api/calibration/sessions', headers: auth, payload: { table: 'gb1' } });
    expect(started.statusCode).toBe(201);
    const id = (started.json() as { session: SessionView; sent: boolean }).session.id;
    expect((started.json() as { sent: boolean }).sent).toBe(true);
    const before = cfgs.length;
    const del = await hub.app.inject({ method: 'DELETE', url: `/api/calibration/sessions/${id}`, headers: auth });
    expect(del.json()).toEqual({ sent: true });
    await waitFor(() => cfgs.length >= before + 4, 'raw mode and the restore to reach the device');
    expect(Object.assign({}, ...cfgs.slice(before + 2))).toEqual(profileOptions(profile));
    expect((await hub.app.inject({ url: `/api/calibration/sessions/${id}` })).statusCode).toBe(404);
  });
});
