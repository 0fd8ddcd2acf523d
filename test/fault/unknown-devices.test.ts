/**
 * Payloads from devices the venue does not have, each under a new id. Issue #21: 300,000 of them
 * raised RSS 286 -> 594 MB (a counter per id, for ever), every `GET /api/devices` then blocked the
 * event loop for 4.5-8 s (it copied them all), and only 2 of the 300,002 rejections were visible
 * in the API. Unknown devices are now counted in a bounded structure (the most recent ids, each
 * with its count, plus totals) that the API and the devices page summarise.
 *
 * Bounded by work: UNKNOWN distinct ids (a tenth of the issue's), the sizes checked afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { newHub } from '../helpers/hub';
import { RECENT_UNKNOWN_DEVICES } from '../../hub/ingest/unknown';
import { figure, rssMb } from './kit';

const UNKNOWN = 30_000;

const venue: VenueConfig = {
  id: 'unk',
  name: 'Unknown devices',
  language: 'en',
  tables: [{ id: 'gb1', name: 'GB', game: 'golf-billiards', devices: [{ id: 'gb1-a', link: 'serial' }] }],
};

interface UnknownSummary {
  rejected: number;
  ids: number;
  recent: { id: string; rejected: number; lastCode: string }[];
}

describe(`${UNKNOWN.toLocaleString('en-US')} payloads, each from a device the venue does not have`, () => {
  it(
    'are each refused and counted; memory for them is bounded; GET /api/devices stays small and shows them all in its summary',
    { timeout: 60_000 },
    async () => {
      const hub = await newHub({ venue, decisionDefaultMs: null });
      try {
        const before = rssMb();
        const serial = { link: 'serial:unk', send: () => undefined };
        for (let i = 0; i < UNKNOWN; i++) {
          const d = `x${i.toString(36)}`;
          // Half over a serial line, half on MQTT topics that name the stranger (a broker without secrets).
          const origin = i % 2 === 0 ? serial : { link: 'mqtt', topic: { table: `t${i.toString(36)}`, device: d }, send: () => undefined };
          hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d, b: 'b1', n: 1, t: 1, e: 'goal', s: 'g1' }), origin);
        }
        // Two that name no device at all.
        hub.ingest.accept('not json', serial);
        hub.ingest.accept('{"v":1}', serial);
        await hub.ingest.idle();
        const grew = rssMb() - before;
        // A counter per venue device, one for input that names nobody, and the recent strangers: not one per stranger.
        const counters = hub.ingest.counters.snapshot();
        figure('counter entries after the strangers', Object.keys(counters).length);
        expect(Object.keys(counters).length).toBeLessThanOrEqual(venue.tables[0]!.devices.length + 1 + RECENT_UNKNOWN_DEVICES);
        expect(hub.ingest.counters.totalRejected()).toBe(UNKNOWN + 2);
        const r = await hub.app.inject({ method: 'GET', url: '/api/devices' });
        expect(r.statusCode).toBe(200);
        figure('GET /api/devices bytes, RSS growth MB', { bytes: r.body.length, grew });
        expect(r.body.length).toBeLessThan(64 * 1024);
        const body = r.json<{ strangers: UnknownSummary; unknown: { rejected: Record<string, number> } }>();
        // Every rejection is visible: the strangers' total, and the two that named nobody.
        expect(body.strangers.rejected).toBe(UNKNOWN);
        expect(body.strangers.ids).toBe(UNKNOWN);
        expect(body.unknown.rejected).toEqual({ AR_NOT_JSON: 1, AR_UNKNOWN_KIND: 1 });
        expect(body.strangers.recent.length).toBeLessThanOrEqual(RECENT_UNKNOWN_DEVICES);
        expect(body.strangers.recent[0]).toMatchObject({ id: `x${(UNKNOWN - 1).toString(36)}`, rejected: 1, lastCode: 'AR_UNKNOWN_DEVICE' });
        // A stranger seen again moves to the front with its count (it had left the recent list: counted as new there).
        hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'x0', b: 'b1', n: 2, t: 1, e: 'goal', s: 'g1' }), serial);
        const again = (await hub.app.inject({ method: 'GET', url: '/api/devices' })).json<{ strangers: UnknownSummary }>();
        expect(again.strangers.recent[0]).toMatchObject({ id: 'x0', rejected: 1 });
        expect(again.strangers).toMatchObject({ rejected: UNKNOWN + 1, ids: UNKNOWN + 1 });
        // The venue's device is untouched and still heard.
        const boot = newBootId();
        hub.ingest.accept(JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), serial);
        await hub.ingest.idle();
        expect(await hub.store.contiguousSeq('gb1-a', boot)).toBe(1);
      } finally {
        await hub.close();
      }
    },
  );
});
