import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fakeTimers } from './testkit';
import { wireAssemblers } from './wiring';
import type { Ingest } from '../ingest/pipeline';
import type { MatchManager, MatchUpdate } from './matches';
import type { StoredDeviceEvent } from '../store/types';
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';
import type { VenueConfig } from '../../shared/venue';

const REST = 1000;

/** A course of two lane devices (the stock profile's places: tee, cup, lane) and a pool table. */
const VENUE: VenueConfig = {
  id: 'v',
  name: 'V',
  language: 'en',
  tables: [
    {
      id: 'mg',
      name: 'Course',
      game: 'minigolf',
      devices: [
        { id: 'mg-l1', link: 'mqtt', profile: 'minigolf-lane', lane: 1 },
        { id: 'mg-l2', link: 'mqtt', profile: 'minigolf-lane', lane: 2 },
        { id: 'mg-x', link: 'mqtt' },
      ],
    },
    {
      id: 'p1',
      name: 'Pool',
      game: 'eight-ball',
      devices: [
        { id: 'p1-a', link: 'mqtt' },
        { id: 'p1-b', link: 'mqtt' },
      ],
    },
  ],
};

function wired(venue: VenueConfig = VENUE) {
  const clock = fakeTimers();
  const ingest = new EventEmitter();
  const matches = new EventEmitter();
  const out: { table: string; event: GameEvent }[] = [];
  const m = Object.assign(matches, {
    sensor: (table: string, event: GameEvent) => (out.push({ table, event }), Promise.resolve(null)),
    tag: () => Promise.resolve(null),
  });
  const { assemblers: list } = wireAssemblers(venue, ingest as unknown as Ingest, m as unknown as MatchManager, { restAfterMs: REST }, clock.api);
  let n = 0;
  const push = (at: number, d: string, f: Pick<DeviceEvent, 'e' | 's'> & Partial<DeviceEvent>): void => {
    clock.until(at);
    const s: StoredDeviceEvent = { id: ++n, hubT: at, at, link: 'test', event: { v: 1, k: 'ev', d, b: 'b', n, t: at * 1000, ...f } };
    ingest.emit('device-event', s);
  };
  const seen = (table = 'mg') =>
    out
      .filter((o) => o.table === table)
      .map((o) => ('lane' in o.event && o.event.lane !== undefined ? `${o.event.type}:${o.event.lane}@${o.event.t}` : `${o.event.type}@${o.event.t}`));
  return { clock, push, seen, list, matches: m };
}

const stroke = { e: 'stroke', s: 't1', p: 'tee' } as const;
const hole = { e: 'hole', s: 'h1', p: 'cup' } as const;
const out = { e: 'out', s: 'o1', p: 'lane' } as const;

describe('wiring: a minigolf course assembles each lane on its own', () => {
  it('strokes and holes carry the lane of their device', () => {
    const w = wired();
    w.push(0, 'mg-l2', stroke);
    w.push(300, 'mg-l2', hole);
    w.clock.until(5000);
    expect(w.seen()).toEqual(['strike:2@0', 'hole:2@300']);
  });

  it('two lanes: a hole on lane 1 does not end the stroke rolling on lane 2, which comes to rest on its own', () => {
    const w = wired();
    w.push(0, 'mg-l1', stroke);
    w.push(10, 'mg-l2', stroke);
    w.push(400, 'mg-l1', hole);
    w.clock.until(REST + 5);
    expect(w.seen()).toEqual(['strike:1@0', 'strike:2@10', 'hole:1@400']);
    w.clock.until(REST + 100);
    expect(w.seen().slice(3)).toEqual(['at_rest:2@1010']); // lane 2's own: lane 1's ball holed
    w.clock.until(20_000);
    expect(w.seen()).toHaveLength(4);
  });

  it('each lane comes to rest on its own window, its at_rest naming the lane; a ball out of lane 2 is named on lane 2', () => {
    const w = wired();
    w.push(0, 'mg-l1', stroke);
    w.push(600, 'mg-l2', stroke);
    w.push(900, 'mg-l2', out);
    w.clock.until(20_000);
    expect(w.seen()).toEqual(['strike:1@0', 'strike:2@600', 'off_table:2@900', 'at_rest:1@1000', 'at_rest:2@1900']);
  });

  it('a declared rest ends the stroke on every lane of the course, without an at_rest of the hub', () => {
    const w = wired();
    w.push(0, 'mg-l1', stroke);
    w.push(10, 'mg-l2', stroke);
    w.clock.until(200);
    const u = { match: 'm', table: 'mg', game: 'minigolf', seq: 3, event: { type: 'at_rest', t: 200, by: 'referee' } } as unknown as MatchUpdate;
    w.matches.emit('update', u);
    w.clock.until(20_000);
    expect(w.seen()).toEqual(['strike:1@0', 'strike:2@10']);
  });

  it('a device without a lane: a lane number as its place still picks the lane (its own assembler); other places share the course one', () => {
    const w = wired();
    w.push(0, 'mg-x', { e: 'stroke', s: 't1', p: '5' });
    w.push(100, 'mg-x', { e: 'stroke', s: 't1', p: '6' });
    w.push(500, 'mg-x', { e: 'hole', s: 'h1', p: '5' });
    w.push(700, 'mg-x', stroke);
    w.clock.until(20_000);
    // Lane 6 and the course's own assembler each end on their own window; the hole ended lane 5.
    expect(w.seen()).toEqual(['strike:5@0', 'strike:6@100', 'hole:5@500', 'strike:tee@700', 'at_rest:6@1100', 'at_rest@1700']);
  });

  it('other games keep one assembler per table: the devices of a table share its shot', () => {
    const w = wired();
    w.push(0, 'p1-a', { e: 'cushion', s: 'c1', p: 'head' });
    w.push(600, 'p1-b', { e: 'pocket', s: 'k1', p: 'tl' });
    w.clock.until(20_000);
    expect(w.seen('p1')).toEqual(['strike@0', 'cushion@0', 'pocket@600', 'at_rest@1600']);
    // The course's lane assemblers and its own, the pool table's one.
    expect(w.list).toHaveLength(4);
  });

  it('refuses a venue with a lane on a table that is not minigolf, or a lane served twice (AR_CONFIG)', () => {
    const onPool = structuredClone(VENUE);
    onPool.tables[1]!.devices[0]!.lane = 1;
    expect(() => wired(onPool)).toThrow(/AR_CONFIG|lane only on a minigolf table/);
    const twice = structuredClone(VENUE);
    twice.tables[0]!.devices[1]!.lane = 1;
    expect(() => wired(twice)).toThrow(/lane 1 of table mg is already served by mg-l1/);
  });
});
