/**
 * MQTT client ids and device names bound to the device that logged in (embedded broker with
 * device secrets, the hub attached as `autoref start` runs it). Issue #21: a device holding
 * another device's client id locked the real one out, and the log blamed the victim; a device
 * naming another device in its payload had the rejection counted against the victim.
 */
import { afterEach, describe, expect, it } from 'vitest';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { VenueConfig } from '../../shared/venue';
import { newBootId } from '../../sim/device';
import { waitFor } from '../helpers/hub';
import { embeddedHub, type EmbeddedHub } from './kit';

const venueOf = (id: string): VenueConfig => ({
  id,
  name: 'Identity',
  language: 'en',
  tables: [
    { id: 't1', name: 'T1', game: 'golf-billiards', devices: [{ id: 'd1', link: 'mqtt', secret: 'd1-secret-one' }] },
    { id: 't2', name: 'T2', game: 'golf-billiards', devices: [{ id: 'd2', link: 'mqtt', secret: 'd2-secret-two' }] },
  ],
});

let e: EmbeddedHub | undefined;
const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await e?.close();
  e = undefined;
});

async function connect(url: string, user: string, secret: string, opts: IClientOptions): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { username: user, password: secret, reconnectPeriod: 0, ...opts });
  clients.push(c);
  return c;
}

describe('MQTT client ids are bound to the device that logged in', () => {
  it("a device that takes the real device's client id first does not lock it out; the log names the taker, never the victim", async () => {
    const venue = venueOf(`id-${newBootId()}`);
    const lines: string[] = [];
    e = await embeddedHub(venue, { log: (l) => lines.push(l) });
    // d2 logs in first under d1's firmware client id (`autoref-<device>`): d2's own business.
    const squatter = await connect(e.broker.url, 'd2', 'd2-secret-two', { clientId: 'autoref-d1' }).catch((err: Error) => err);
    // The real d1 then logs in under its id, and is heard.
    const d1 = await connect(e.broker.url, 'd1', 'd1-secret-one', { clientId: 'autoref-d1' });
    expect(d1.connected).toBe(true);
    const boot = newBootId();
    await d1.publishAsync(`autoref/${venue.id}/t1/d1/events`, JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: boot, n: 1, t: 1, e: 'goal', s: 'g1' }), { qos: 1 });
    await waitFor(async () => (await e!.hub.store.contiguousSeq('d1', boot)) === 1, "d1's event");
    // Whatever became of the squatter, it is counted against d2, and nothing against d1.
    const refused = e.broker.refusals();
    expect(refused.byUser['d1']).toBeUndefined();
    expect(squatter instanceof Error ? refused.byUser['d2']?.connect : 0).toBe(squatter instanceof Error ? 1 : 0);
    expect(lines.filter((l) => /refused/.test(l) && /\bd1\b/.test(l.replace(/"autoref-d1"/g, '')))).toEqual([]);
  });

  it("two devices using the same non-firmware client id both stay connected: each id lives in its own device's space", async () => {
    const venue = venueOf(`id-${newBootId()}`);
    e = await embeddedHub(venue);
    const a = await connect(e.broker.url, 'd1', 'd1-secret-one', { clientId: 'table-box' });
    const b = await connect(e.broker.url, 'd2', 'd2-secret-two', { clientId: 'table-box' });
    const bootA = newBootId();
    const bootB = newBootId();
    await a.publishAsync(`autoref/${venue.id}/t1/d1/events`, JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: bootA, n: 1, t: 1, e: 'goal', s: 'g1' }), { qos: 1 });
    await b.publishAsync(`autoref/${venue.id}/t2/d2/events`, JSON.stringify({ v: 1, k: 'ev', d: 'd2', b: bootB, n: 1, t: 1, e: 'goal', s: 'g1' }), { qos: 1 });
    await waitFor(async () => (await e!.hub.store.contiguousSeq('d1', bootA)) === 1 && (await e!.hub.store.contiguousSeq('d2', bootB)) === 1, 'both events');
    expect(a.connected && b.connected).toBe(true);
    expect(e.broker.refusals().connect).toBe(0);
    // The same device logging in again under its id still takes its own session over.
    const closed = new Promise<void>((r) => a.once('close', () => r()));
    await connect(e.broker.url, 'd1', 'd1-secret-one', { clientId: 'table-box' });
    await closed;
    expect(b.connected).toBe(true);
  });

  it('a device naming another device in its payload has the refusal counted against itself, not the device it named', async () => {
    const venue = venueOf(`id-${newBootId()}`);
    e = await embeddedHub(venue);
    const d2 = await connect(e.broker.url, 'd2', 'd2-secret-two', { clientId: 'autoref-d2' });
    // On its own topic (the broker's ACL lets it publish only there), claiming to be d1.
    await d2.publishAsync(`autoref/${venue.id}/t2/d2/events`, JSON.stringify({ v: 1, k: 'ev', d: 'd1', b: newBootId(), n: 1, t: 1, e: 'goal', s: 'g1' }), {
      qos: 1,
    });
    await waitFor(() => e!.hub.ingest.counters.totalRejected() === 1, 'the refusal');
    const counters = e.hub.ingest.counters.snapshot();
    expect(counters['d2']?.rejected).toEqual({ AR_TOPIC_MISMATCH: 1 });
    expect(counters['d1']?.rejected ?? {}).toEqual({});
    const api = (await fetch(`${e.url}/api/devices`).then((r) => r.json())) as {
      devices: { id: string; counters: { rejected: Record<string, number> } | null }[];
    };
    expect(api.devices.find((d) => d.id === 'd2')?.counters?.rejected).toEqual({ AR_TOPIC_MISMATCH: 1 });
    expect(api.devices.find((d) => d.id === 'd1')?.counters?.rejected ?? {}).toEqual({});
  });
});
