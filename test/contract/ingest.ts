/**
 * The ingest contract: one abstract suite that every way into the hub passes (MQTT.js's
 * `abstract_*` pattern: a function taking a factory). A link under test is wrapped in an
 * `IngestCase` that can make its device report events, send bad input, and go away.
 *
 * What each link can do differs, and the case says so instead of the suite pretending:
 *
 * | case                                   | serial | MQTT | Firmata |
 * |----------------------------------------|--------|------|---------|
 * | events stored in order with fields     | yes    | yes  | yes (fields made by the link from pin edges) |
 * | a duplicate is dropped                 | yes    | yes  | no: once an event is acknowledged the link holds it no more; it sends one twice only on an rs before the ack (hub/ingest/firmata.test.ts) |
 * | acknowledgement back to the device     | yes    | yes  | yes (the link is the device) |
 * | bad input rejected and counted         | lines: not JSON, schema, unknown device, too long | payloads: not JSON, schema, another device's topic, too long | what a board can produce: a pulse shorter than `minWidthUs`, contact bounce (counted by the link's filters, not by the decoder: nothing malformed ever reaches it) |
 * | the link goes offline with the device  | yes: the link itself | the device goes offline (last will); the link to the broker stays online | yes: the link itself |
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { waitFor, type TestHub } from '../helpers/hub';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { ErrorCode } from '../../shared/errors';
import type { LinkState } from '../../hub/ingest/serial';

export interface BadInput {
  what: string;
  send(): Promise<void>;
  /** How many refusals (rejections or filtered edges) it adds. */
  refusals: number;
  /** The catalogue code the hub counts it under, where the decoder sees it. */
  code?: ErrorCode;
}

export interface IngestCase {
  hub: TestHub;
  device: string;
  /** The link name stored with each event. */
  link: string;
  /** Makes the device report `count` sensor events; resolves with what must be stored (fields). */
  emit(count: number): Promise<Partial<DeviceEvent>[]>;
  /** Sends an event again, unchanged (only links whose device can). */
  duplicate?: (e: Partial<DeviceEvent>) => Promise<void>;
  /** Highest sequence the device has had acknowledged (current boot). */
  acked(): number;
  badInputs: BadInput[];
  /** Refusals so far: rejections the hub counted plus edges the link filtered. */
  refused(): number;
  /** The device (or its cable) goes away without saying goodbye. */
  goAway(): Promise<void>;
  linkState(): LinkState;
  /** True when the link itself is the device's (serial, Firmata); false when it is shared (MQTT). */
  linkFollowsDevice: boolean;
  close(): Promise<void>;
}

function deviceState(h: IngestCase): string | undefined {
  return h.hub.ingest.deviceInfo().find((d) => d.id === h.device)?.state;
}

async function storedOf(h: IngestCase): Promise<DeviceEvent[]> {
  return (await h.hub.store.recentDeviceEvents(10_000)).filter((s) => s.event.d === h.device).map((s) => s.event);
}

export function abstractIngest(name: string, make: () => Promise<IngestCase>): void {
  // Waits here are bounds for hangs (up to 30 s for a link noticing a vanished pty or coming back
  // on a loaded machine), so each test may take longer than the suite's default.
  describe(`ingest contract: ${name}`, { timeout: 100_000 }, () => {
    let h: IngestCase;
    beforeAll(async () => {
      h = await make();
    });
    afterAll(async () => {
      await h?.close();
    });

    it('reports the link and the device online', async () => {
      await waitFor(() => h.linkState() === 'online', 'link online');
      await waitFor(() => deviceState(h) === 'online', 'device online');
    });

    it("stores the device's events validated, in order, with their fields and link", async () => {
      const before = (await storedOf(h)).length;
      const sent = await h.emit(6);
      await waitFor(async () => (await storedOf(h)).length === before + sent.length, `${sent.length} events stored`);
      const stored = (await h.hub.store.recentDeviceEvents(10_000)).filter((s) => s.event.d === h.device).slice(before);
      expect(stored.map((s) => s.event)).toMatchObject(sent);
      expect(stored.every((s) => s.link === h.link)).toBe(true);
      const ns = stored.map((s) => s.event.n);
      expect(ns).toEqual(ns.map((_, i) => ns[0]! + i));
      const ts = stored.map((s) => s.event.t);
      expect(ts).toEqual([...ts].sort((a, b) => a - b));
    });

    it('acknowledges stored events back to the device', async () => {
      const [last] = (await h.emit(1)).slice(-1);
      await waitFor(() => h.acked() === last!.n, `ack of ${last!.n} back at the device`);
    });

    it('drops a duplicate (where the device can send one)', async (ctx) => {
      if (!h.duplicate) return ctx.skip('this link cannot send a stored and acknowledged event again (see the table above)');
      const [e] = await h.emit(1);
      await waitFor(async () => (await storedOf(h)).some((s) => s.n === e!.n && s.b === e!.b), 'the original stored');
      const count = await h.hub.store.countDeviceEvents();
      const dups = h.hub.ingest.counters.snapshot()[h.device]?.duplicates ?? 0;
      await h.duplicate(e!);
      await waitFor(() => (h.hub.ingest.counters.snapshot()[h.device]?.duplicates ?? 0) === dups + 1, 'the duplicate counted');
      expect(await h.hub.store.countDeviceEvents()).toBe(count);
    });

    it('rejects and counts each bad input and still takes the next good event', async () => {
      expect(h.badInputs.length).toBeGreaterThan(0);
      for (const bad of h.badInputs) {
        const refused = h.refused();
        const codes = { ...h.hub.ingest.counters.snapshot() };
        const codeCount = (): number => Object.values(h.hub.ingest.counters.snapshot()).reduce((n, c) => n + (bad.code ? (c.rejected[bad.code] ?? 0) : 0), 0);
        const before = Object.values(codes).reduce((n, c) => n + (bad.code ? (c.rejected[bad.code] ?? 0) : 0), 0);
        await bad.send();
        const [good] = await h.emit(1);
        await waitFor(async () => (await storedOf(h)).some((s) => s.n === good!.n && s.b === good!.b), `the good event after ${bad.what}`);
        await waitFor(() => h.refused() === refused + bad.refusals, `${bad.what} refused and counted`);
        if (bad.code) expect(codeCount(), `${bad.what} counted as ${bad.code}`).toBe(before + 1);
      }
    });

    it("marks the device offline when it goes away, and the link too where it is the device's own", async () => {
      await h.goAway();
      // A bound for a hang, not a speed: a pty whose other end vanished is noticed at its next read,
      // which a loaded 2-core CI machine can delay past 10 s.
      await waitFor(() => deviceState(h) === 'offline', 'device offline', 30_000);
      if (h.linkFollowsDevice) await waitFor(() => h.linkState() !== 'online', 'link no longer online', 30_000);
      else expect(h.linkState()).toBe('online');
    });
  });
}
