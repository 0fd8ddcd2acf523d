/**
 * The live stream (/api/stream) as a page sees it: device events go as `device-events` messages,
 * one per group commit in store order; a lone event the hub knows to be new goes before its
 * commit, without a row id (docs/hub.md, "Live before stored").
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildHub, type Hub } from '../../hub/app';
import { DEMO_VENUE } from '../../shared/venue';
import type { Origin } from '../../hub/ingest/pipeline';

interface Message {
  type: string;
  events?: { id?: number; event: { d: string; n: number; e: string } }[];
}

const origin: Origin = { link: 'test', send: () => undefined };
const line = (n: number) => JSON.stringify({ v: 1, k: 'ev', d: 'gb1-a', b: 'b1', n, t: n * 1000, e: 'goal', s: 'g1', p: 'A' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live stream of device events', () => {
  let hub: Hub | undefined;
  let ws: WebSocket | undefined;
  afterEach(async () => {
    ws?.terminate();
    await hub?.close();
  });

  async function connect(): Promise<{ messages: Message[]; next: (count: number) => Promise<Message[]> }> {
    hub = await buildHub({ venue: DEMO_VENUE, storePath: ':memory:' });
    const url = await hub.app.listen({ port: 0, host: '127.0.0.1' });
    ws = new WebSocket(`${url.replace('http', 'ws')}/api/stream`);
    const messages: Message[] = [];
    let waiter: (() => void) | null = null;
    ws.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString()) as Message);
      waiter?.();
    });
    const next = async (count: number): Promise<Message[]> => {
      const deadline = Date.now() + 5000;
      while (messages.filter((m) => m.type === 'device-events').length < count && Date.now() < deadline)
        await new Promise<void>((r) => ((waiter = r), setTimeout(r, 50)));
      return messages.filter((m) => m.type === 'device-events');
    };
    while (!messages.some((m) => m.type === 'hello')) await pause(5);
    return { messages, next };
  }

  it('sends a lone event known to be new before its commit, without a row id; others once stored, with it', async () => {
    const { next } = await connect();
    hub!.ingest.accept(line(1), origin);
    await pause(5);
    let countAtSeen = -1;
    hub!.ingest.once('device-event-seen', () => void hub!.store.countDeviceEvents().then((c) => (countAtSeen = c)));
    hub!.ingest.accept(line(2), origin);
    const got = await next(2);
    // The first event of a boot the hub has not stored before goes once stored; the next one before.
    expect(got.map((m) => m.events!.map((e) => [e.event.n, e.id ?? null]))).toEqual([[[1, 1]], [[2, null]]]);
    expect(countAtSeen).toBe(1); // read in the same turn, before the commit of event 2
    expect(await hub!.store.countDeviceEvents()).toBe(2);
  });

  it('sends the events of one group commit as one message, in order, each as the device wrote it', async () => {
    const { next } = await connect();
    hub!.ingest.accept(line(1), origin); // the first event after a start is always a lone one
    // From here none is, however slowly a loaded machine hands them over: all wait for the group.
    hub!.ingest.loneAfterMs = Infinity;
    const burst = [2, 3, 4, 5, 6, 7, 8];
    for (const n of burst) hub!.ingest.accept(line(n).replace('{', '{ ').replace('"e":', ' "e" : '), origin);
    const got = await next(2);
    expect(got).toHaveLength(2);
    expect(got[1]!.events!.map((e) => e.event.n)).toEqual(burst);
    expect(got[1]!.events!.map((e) => e.id)).toEqual(burst);
    expect(got[1]!.events![0]!.event).toEqual(JSON.parse(line(2)));
  });
});
