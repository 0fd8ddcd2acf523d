/**
 * Link test: the real firmware bundle on the simulated board, its USB bridged to one end of a
 * socat pseudo-terminal pair, the real hub (newHub) on the other end. Real time; generous waits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newHub, waitFor, type TestHub } from '../helpers/hub';
import { openPtyPair, type PtyPair } from '../helpers/pty';
import { DEMO_VENUE, type VenueConfig } from '../../shared/venue';
import { decodeDeviceMessage } from '../../shared/protocol/decode';
import { runFirmware, type SimRun } from '../../firmware/sim/run';
import { bridgeSerial, type SerialBridge } from '../../firmware/sim/serial-bridge';
import type { LinkUart } from '../../firmware/build/compile';
import { ball } from '../../firmware/sim/fixtures';

const venue = (id: string): VenueConfig => ({
  ...DEMO_VENUE,
  id,
  tables: [{ id: 'gb1', name: 'Bumper pool 1', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
});

describe('firmware <-> hub over a real serial line (pty)', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup.length = 0;
  });

  async function setup(storePath = ':memory:', uart?: LinkUart): Promise<{ pty: PtyPair; hub: TestHub; run: SimRun; bridge: SerialBridge; written: string[] }> {
    const pty = await openPtyPair();
    cleanup.push(() => pty.close());
    const hub = await newHub({ venue: venue(`fw-serial-${process.pid}`), serial: [{ path: pty.hubEnd }], storePath });
    cleanup.push(() => hub.close());
    await waitFor(() => hub.links[0]!.state() === 'online', 'the hub to open its end');
    const run = runFirmware({ profile: 'golf-billiards', board: 'espruino-pico', device: 'gb1-a', table: 'gb1', noBoot: true, uart });
    cleanup.push(() => run.board.stop());
    const written: string[] = [];
    const bridge = await bridgeSerial(run.link, pty.deviceEnd);
    cleanup.push(() => bridge.close());
    const tap = run.link.onWrite!;
    run.link.onWrite = (s) => {
      written.push(s);
      tap(s);
    };
    run.board.boot();
    run.board.runRealtime();
    return { pty, hub, run, bridge, written };
  }

  it('events reach the hub store with their device fields; the hub acks; every line is valid v1', async () => {
    const { hub, run, written } = await setup();
    run.board.usb.inject(JSON.stringify({ v: 1, k: 'cfg', set: { hb: 1 } }) + '\n');
    ball(run.board, 'B4', 15_000);
    ball(run.board, 'B13', 4_000);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 2, 'two events stored');
    const stored = (await hub.store.recentDeviceEvents(10)).map((s) => s.event).sort((a, b) => a.n - b.n);
    expect(stored.map((e) => [e.d, e.n, e.e, e.s, e.p, e.w])).toEqual([
      ['gb1-a', 1, 'goal', 'g2', 'b', 15000],
      ['gb1-a', 2, 'out', 'o1', undefined, 4000],
    ]);
    // Acknowledged: the next heartbeat says nothing is waiting.
    await waitFor(() => written.join('').includes('"k":"hb"') && /"k":"hb"[^\n]*"q":0,"n":2/.test(written.join('')), 'a heartbeat with q=0');
    const lines = written
      .join('')
      .split('\n')
      .filter((l) => l.length > 0);
    expect(lines.slice(0, 2).map((l) => (JSON.parse(l) as { k: string }).k)).toEqual(['hi', 'st']);
    for (const l of lines) expect(decodeDeviceMessage(l), l).toMatchObject({ ok: true });
    expect(hub.ingest.deviceInfo().find((d) => d.id === 'gb1-a')).toMatchObject({ state: 'online', link: expect.stringContaining('serial:') });
    expect(run.board.errors).toEqual([]);
  });

  it('over a UART link (Serial2) instead of USB: the same lines, stored and acknowledged', async () => {
    const { hub, run, written } = await setup(':memory:', 'Serial2');
    expect(run.link).toBe(run.board.serial2);
    run.link.inject(JSON.stringify({ v: 1, k: 'cfg', set: { hb: 1 } }) + '\n');
    ball(run.board, 'B4', 15_000);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'the event stored');
    const stored = (await hub.store.recentDeviceEvents(10)).map((s) => s.event);
    expect(stored.map((e) => [e.d, e.n, e.e, e.s, e.w])).toEqual([['gb1-a', 1, 'goal', 'g2', 15000]]);
    await waitFor(() => /"k":"hb"[^\n]*"q":0,"n":1/.test(written.join('')), 'a heartbeat with q=0');
    expect(run.board.usb.out).toBe('');
    expect(run.board.errors).toEqual([]);
  });

  it('events during a hub outage are replayed when it is back, none lost, none stored twice', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'autoref-fw-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const storePath = path.join(dir, 'hub.db');
    const { hub, run, pty } = await setup(storePath);
    ball(run.board, 'B4', 15_000);
    await waitFor(async () => (await hub.store.countDeviceEvents()) === 1, 'the first event stored');
    await new Promise((r) => setTimeout(r, 200));
    await hub.close();
    for (let i = 0; i < 3; i++) {
      ball(run.board, 'B3', 9_000);
      run.board.advance(50);
    }
    const hub2 = await newHub({ venue: venue(`fw-serial-${process.pid}`), serial: [{ path: pty.hubEnd }], storePath });
    cleanup.push(() => hub2.close());
    await waitFor(async () => (await hub2.store.countDeviceEvents()) === 4, 'all four events stored after the replay', 30_000);
    const ns = (await hub2.store.recentDeviceEvents(10)).map((s) => s.event.n).sort();
    expect(ns).toEqual([1, 2, 3, 4]);
    expect(run.board.errors).toEqual([]);
  });
});
