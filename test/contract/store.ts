/**
 * The event store contract: one suite, run against every store (SQLite and PostgreSQL).
 * `make(location)` opens a store at a location; opening the same location again must see
 * everything the first one wrote.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, MatchRecord } from '../../hub/store/types';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';

export interface StoreFactory {
  open(): Promise<EventStore>;
  /** Removes what the suite made (a temp file, a schema). */
  cleanup(): Promise<void>;
}

const ev = (n: number, d = 'gb1-a', b = 'b1'): DeviceEvent => ({ v: 1, k: 'ev', d, b, n, t: 1_814_400_123_457 + n, e: 'goal', s: 'g1', p: 'A', o: 'white' });
const times = (n: number) => ({ hubT: 1_790_000_000_000.25 + n, at: 1_790_000_000_000.5 + n });

export function abstractStore(name: string, factory: () => StoreFactory): void {
  describe(`store contract: ${name}`, () => {
    const f = factory();
    const opened: EventStore[] = [];
    const open = async () => {
      const s = await f.open();
      opened.push(s);
      return s;
    };
    afterAll(async () => {
      for (const s of opened) await s.close().catch(() => {});
      await f.cleanup();
    });

    it('appends device events, drops duplicates, and keeps every field exactly', async () => {
      const s = await open();
      const a = await s.appendDeviceEvent(ev(1), times(1), 'serial:/dev/x');
      expect(a).toMatchObject({ inserted: true, contiguous: 1 });
      expect(await s.appendDeviceEvent(ev(1), times(9), 'mqtt')).toEqual({ inserted: false, id: 0, contiguous: 1 });
      const [stored] = await s.recentDeviceEvents(1);
      expect(stored).toEqual({ id: a.id, hubT: times(1).hubT, at: times(1).at, link: 'serial:/dev/x', event: ev(1) });
      expect(await s.countDeviceEvents()).toBe(1);
    });

    it('tracks the contiguous sequence per boot across gaps and late fills', async () => {
      const s = await open();
      const r3 = await s.appendDeviceEvent(ev(3, 'c1-a'), times(3), 'l');
      expect(r3.contiguous).toBe(0);
      expect((await s.appendDeviceEvent(ev(1, 'c1-a'), times(1), 'l')).contiguous).toBe(1);
      expect((await s.appendDeviceEvent(ev(2, 'c1-a'), times(2), 'l')).contiguous).toBe(3);
      expect(await s.contiguousSeq('c1-a', 'b1')).toBe(3);
      expect(await s.contiguousSeq('c1-a', 'other-boot')).toBe(0);
      // A new boot starts again from 1 without touching the old one.
      expect((await s.appendDeviceEvent(ev(1, 'c1-a', 'b2'), times(4), 'l')).contiguous).toBe(1);
      expect(await s.contiguousSeq('c1-a', 'b1')).toBe(3);
    });

    it('skips a gap the device can no longer fill, to the end of the next stored run', async () => {
      const s = await open();
      for (const n of [1, 2, 6, 7, 9]) await s.appendDeviceEvent(ev(n, 'gap-a'), times(n), 'l');
      expect(await s.contiguousSeq('gap-a', 'b1')).toBe(2);
      expect(await s.skipGap('gap-a', 'b1')).toEqual({ contiguous: 7, skipped: 3 });
      expect(await s.skipGap('gap-a', 'b1')).toEqual({ contiguous: 9, skipped: 1 });
      expect(await s.skipGap('gap-a', 'b1')).toEqual({ contiguous: 9, skipped: 0 });
      expect((await s.appendDeviceEvent(ev(10, 'gap-a'), times(10), 'l')).contiguous).toBe(10);
    });

    it('appends a batch in one call with the results of appending one after another', async () => {
      const s = await open();
      const at = (n: number, d = 'bt-a') => ({ event: ev(n, d), times: times(n), link: 'mqtt' });
      expect(await s.appendDeviceEvents([])).toEqual([]);
      // In order: a gap, its late fill, a duplicate inside the batch, another device, one more.
      const r = await s.appendDeviceEvents([at(1), at(3), at(2), at(3), at(1, 'bt-b'), at(4)]);
      expect(r.map((x) => [x.inserted, x.contiguous])).toEqual([
        [true, 1],
        [true, 1],
        [true, 3],
        [false, 3],
        [true, 1],
        [true, 4],
      ]);
      expect(r[3]!.id).toBe(0);
      const ids = r.filter((x) => x.inserted).map((x) => x.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      // Duplicates of what an earlier call stored are dropped too, and fields are kept exactly.
      const again = await s.appendDeviceEvents([at(4), at(5)]);
      expect(again.map((x) => [x.inserted, x.contiguous])).toEqual([
        [false, 4],
        [true, 5],
      ]);
      expect(await s.contiguousSeq('bt-a', 'b1')).toBe(5);
      expect(await s.contiguousSeq('bt-b', 'b1')).toBe(1);
      const [last] = await s.recentDeviceEvents(1);
      expect(last).toEqual({ id: again[1]!.id, hubT: times(5).hubT, at: times(5).at, link: 'mqtt', event: ev(5, 'bt-a') });
    });

    it('gives the results of one-by-one appends for any split into batches (gaps, early events, late fills, duplicates)', { timeout: 60_000 }, async () => {
      const s = await open();
      let seed = 7;
      const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor((seed / 2147483648) * k));
      for (let round = 0; round < 5; round++) {
        // Two device boots; sequences shuffled locally, some repeated, some left out.
        const plan: { dev: number; n: number }[] = [];
        for (let n = 1; n <= 10; n++) for (let dev = 0; dev < 2; dev++) if (rnd(10) > 0) plan.push({ dev, n });
        for (let i = 0; i < plan.length; i++) {
          const j = Math.min(plan.length - 1, i + rnd(4));
          [plan[i], plan[j]] = [plan[j]!, plan[i]!];
        }
        for (let i = plan.length - 1; i > 0; i--) if (rnd(8) === 0) plan.splice(i + 1, 0, plan[i - rnd(Math.min(i, 5))]!);
        const at = (prefix: string, x: { dev: number; n: number }) => ({ event: ev(x.n, `${prefix}${round}-${x.dev}`), times: times(x.n), link: 'mqtt' });
        const oneByOne: [boolean, number][] = [];
        for (const x of plan) {
          const one = at('seq', x);
          const r = await s.appendDeviceEvent(one.event, one.times, one.link);
          oneByOne.push([r.inserted, r.contiguous]);
        }
        const batched: [boolean, number][] = [];
        for (let i = 0; i < plan.length;) {
          const size = 1 + rnd(9);
          const rs = await s.appendDeviceEvents(plan.slice(i, i + size).map((x) => at('bat', x)));
          batched.push(...rs.map((r): [boolean, number] => [r.inserted, r.contiguous]));
          i += size;
        }
        expect(batched).toEqual(oneByOne);
        for (const dev of [0, 1]) expect(await s.contiguousSeq(`bat${round}-${dev}`, 'b1')).toBe(await s.contiguousSeq(`seq${round}-${dev}`, 'b1'));
      }
    });

    it('returns the most recent device events, oldest first', async () => {
      const s = await open();
      for (let n = 1; n <= 5; n++) await s.appendDeviceEvent(ev(n, 'p1-a'), times(n), 'l');
      const last = (await s.recentDeviceEvents(3)).map((x) => `${x.event.d}#${x.event.n}`);
      expect(last).toEqual(['p1-a#3', 'p1-a#4', 'p1-a#5']);
    });

    it('returns the device events stored since a hub time, oldest first, however many pages back', async () => {
      const s = await open();
      const base = 1_800_000_000_000;
      // More than two of the store's read-back pages, so the walk from the newest row crosses pages.
      const batch = Array.from({ length: 1100 }, (_, i) => ({ event: ev(i + 1, 'since-a'), times: { hubT: base + i, at: base + i - 0.5 }, link: 'l' }));
      await s.appendDeviceEvents(batch);
      const since = await s.deviceEventsStoredSince(base + 100);
      expect(since.map((x) => x.event.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 101));
      expect(since[0]).toMatchObject({ hubT: base + 100, at: base + 99.5, link: 'l', event: ev(101, 'since-a') });
      expect(await s.deviceEventsStoredSince(base + 5000)).toEqual([]);
    });

    it('keeps matches, their logs in order, snapshots, and the latest summary', async () => {
      const s = await open();
      const m: MatchRecord = { id: `m-${name}`, table: 'gb1', game: 'golf-billiards', status: 'playing', startedAt: 10.5, endedAt: null, summary: null };
      await s.createMatch(m);
      const log: GameEvent[] = [
        {
          type: 'start',
          seq: 0,
          t: 1,
          players: [
            { id: 'ayse', name: 'Ayşe Çelik' },
            { id: 'noam', name: 'נועם' },
          ],
        },
        { type: 'strike', seq: 1, t: 2, by: 'hub' },
        { type: 'goal', seq: 2, t: 3.75, goal: 'goal-B', ball: 'white', by: 'sensor' },
      ];
      for (const e of log) await s.appendGameEvent(m.id, e, { headline: `after ${e.seq}` });
      expect(await s.gameEvents(m.id)).toEqual(log);
      expect(await s.gameEvents(m.id, 2)).toEqual([log[2]]);
      expect((await s.getMatch(m.id))?.summary).toEqual({ headline: 'after 2' });
      expect(await s.latestSnapshot(m.id)).toBeNull();
      await s.saveSnapshot(m.id, { seq: 1, state: { score: [1, 0] } });
      await s.saveSnapshot(m.id, { seq: 2, state: { score: [2, 0] } });
      expect(await s.latestSnapshot(m.id)).toEqual({ seq: 2, state: { score: [2, 0] } });
      await s.updateMatch(m.id, { status: 'finished', endedAt: 99.5 });
      expect(await s.getMatch(m.id)).toMatchObject({ status: 'finished', endedAt: 99.5, startedAt: 10.5, table: 'gb1' });
      expect(await s.getMatch('no-such-match')).toBeNull();
    });

    it('lists matches by table and status, newest first', async () => {
      const s = await open();
      for (const [id, table, status, at] of [
        ['l1', 'c1', 'finished', 1],
        ['l2', 'c1', 'playing', 2],
        ['l3', 'p1', 'playing', 3],
      ] as const) {
        await s.createMatch({ id: `${id}-${name}`, table, game: 'x', status, startedAt: 1000 + at, endedAt: null, summary: null });
      }
      const c1 = (await s.listMatches({ table: 'c1' })).map((m) => m.id);
      expect(c1).toEqual([`l2-${name}`, `l1-${name}`]);
      const playing = (await s.listMatches({ status: 'playing', limit: 10 })).map((m) => m.id);
      expect(playing).toContain(`l3-${name}`);
      expect(playing).not.toContain(`l1-${name}`);
    });

    it('sees everything after closing and opening again', async () => {
      const s = await open();
      const before = await s.countDeviceEvents();
      await s.appendDeviceEvent(ev(1, 'mg1-a'), times(1), 'l');
      await s.close();
      opened.splice(opened.indexOf(s), 1);
      const again = await open();
      expect(await again.countDeviceEvents()).toBe(before + 1);
      expect(await again.contiguousSeq('mg1-a', 'b1')).toBe(1);
      expect((await again.listMatches({ table: 'gb1' })).map((m) => m.id)).toContain(`m-${name}`);
    });
  });
}
