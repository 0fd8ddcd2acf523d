import { describe, expect, it } from 'vitest';
import { fakeTimers } from './testkit';
import { assemblerFor, DEFAULT_ASSEMBLER, ShotAssembler, toGameEvent, type AssembledInput, type AssemblerOptions } from './assembler';
import type { StoredDeviceEvent } from '../store/types';
import type { DeviceEvent } from '../../shared/protocol/schema';

let id = 0;
function dev(at: number, fields: Partial<DeviceEvent> & Pick<DeviceEvent, 'e' | 's'>): StoredDeviceEvent {
  return { id: ++id, hubT: at, at, link: 'test', event: { v: 1, k: 'ev', d: 'gb1-a', b: 'b', n: id, t: at * 1000, ...fields } };
}

const opts: AssemblerOptions = { reorderMs: 40, restAfterMs: 1000, impliedStrike: true, shotEndsOn: [] };

function types(out: AssembledInput[]): string[] {
  return out.map((o) => (o.kind === 'event' ? o.event.type : `tag:${o.ball}`));
}

describe('shot assembly', () => {
  it('maps each device event type to its game event, leaving unknown balls out', () => {
    const g = (f: Parameters<typeof dev>[1]) => toGameEvent(dev(5, f));
    expect(g({ e: 'goal', s: 'g1', p: 'A', o: 'white' })).toEqual({ kind: 'event', event: { type: 'goal', t: 5, by: 'sensor', goal: 'A', ball: 'white' } });
    expect(g({ e: 'pocket', s: 'pk3' })).toEqual({ kind: 'event', event: { type: 'pocket', t: 5, by: 'sensor', pocket: 'pk3', captured: true } });
    expect(g({ e: 'rattle', s: 'pk3', p: '3' })).toMatchObject({ event: { type: 'pocket', pocket: '3', captured: false } });
    expect(g({ e: 'cushion', s: 'r1', p: 'N' })).toEqual({ kind: 'event', event: { type: 'cushion', t: 5, by: 'sensor', cushion: 'N' } });
    expect(g({ e: 'contact', s: 'bed' })).toEqual({ kind: 'event', event: { type: 'contact', t: 5, by: 'sensor' } });
    expect(g({ e: 'contact', s: 'bed', o: 'white+red' })).toMatchObject({ event: { a: 'white', b: 'red' } });
    expect(g({ e: 'out', s: 'o1', o: 'yellow' })).toMatchObject({ event: { type: 'off_table', ball: 'yellow' } });
    expect(g({ e: 'hole', s: 'cup', p: '7' })).toMatchObject({ event: { type: 'hole', lane: '7' } });
    expect(g({ e: 'stroke', s: 'tee', p: '7' })).toMatchObject({ event: { type: 'strike', lane: '7' } });
    expect(g({ e: 'tag', s: 'ret', o: '8' })).toEqual({ kind: 'tag', ball: '8', t: 5 });
  });

  it('a pocket colour reading names the ball at the venue threshold; below it the pocket event carries the reading, nothing guessed', () => {
    const g = (f: Parameters<typeof dev>[1], nameAt?: number) => toGameEvent(dev(5, f), undefined, nameAt);
    // At or above the threshold (0.98 unless the venue sets one): named, as a sure sensor names it.
    expect(g({ e: 'pocket', s: 'k2', p: 'tm', o: '11', c: 980 })).toEqual({
      kind: 'event',
      event: { type: 'pocket', t: 5, by: 'sensor', pocket: 'tm', captured: true, ball: '11' },
    });
    // Below: no ball, the reading with its probability (the engine's question takes it as its default).
    expect(g({ e: 'pocket', s: 'k2', p: 'tm', o: '11', c: 973 })).toEqual({
      kind: 'event',
      event: { type: 'pocket', t: 5, by: 'sensor', pocket: 'tm', captured: true, reading: { ball: '11', probability: 0.973 } },
    });
    // With its runner-up, for the engine to weigh against the balls in play.
    expect(g({ e: 'pocket', s: 'k2', p: 'tm', o: '11', c: 600, o2: '3', c2: 380 })).toMatchObject({
      event: { reading: { ball: '11', probability: 0.6, next: { ball: '3', probability: 0.38 } } },
    });
    // The venue's own threshold decides.
    expect(g({ e: 'pocket', s: 'k2', p: 'tm', o: '11', c: 973 }, 0.95)).toMatchObject({ event: { ball: '11' } });
    // Without `c` (a tag, a goal's colour, an older firmware): sure, as before.
    expect(g({ e: 'pocket', s: 'k2', p: 'tm', o: '11' })).toMatchObject({ event: { ball: '11' } });
    // An unsure goal colour names nothing and carries nothing (only the pocket event has a reading).
    expect(g({ e: 'goal', s: 'g1', p: 'A', o: 'red', c: 500 })).toEqual({ kind: 'event', event: { type: 'goal', t: 5, by: 'sensor', goal: 'A' } });
  });

  it('minigolf: a stroke or hole takes the lane of its device unless its place is already a lane number', () => {
    const g = (f: Parameters<typeof dev>[1], lane?: number) => toGameEvent(dev(5, f), lane);
    // The stock lane profile: places tee, cup and lane.
    expect(g({ e: 'stroke', s: 't1', p: 'tee' }, 3)).toMatchObject({ event: { type: 'strike', lane: '3' } });
    expect(g({ e: 'hole', s: 'h1', p: 'cup', o: '12' }, 3)).toEqual({ kind: 'event', event: { type: 'hole', t: 5, by: 'sensor', lane: '3', ball: '12' } });
    expect(g({ e: 'hole', s: 'h1' }, 3)).toMatchObject({ event: { lane: '3' } });
    expect(g({ e: 'stroke', s: 't1' }, 3)).toMatchObject({ event: { lane: '3' } });
    // A firmware built for its lane (or a course-qualified lane) keeps its place.
    expect(g({ e: 'stroke', s: 't1', p: '7' }, 3)).toMatchObject({ event: { lane: '7' } });
    expect(g({ e: 'hole', s: 'h1', p: 'B-7' }, 3)).toMatchObject({ event: { lane: 'B-7' } });
    // No lane configured: the place as before.
    expect(g({ e: 'stroke', s: 't1', p: 'tee' })).toMatchObject({ event: { lane: 'tee' } });
    expect(g({ e: 'stroke', s: 't1' })).toEqual({ kind: 'event', event: { type: 'strike', t: 5, by: 'sensor' } });
    // A ball out of the lane: the lane of its device (the out beam's place names none).
    expect(g({ e: 'out', s: 'o1', p: 'lane' }, 3)).toEqual({ kind: 'event', event: { type: 'off_table', t: 5, by: 'sensor', lane: '3' } });
    expect(g({ e: 'out', s: 'o1', p: 'lane' })).toEqual({ kind: 'event', event: { type: 'off_table', t: 5, by: 'sensor' } });
  });

  it('releases an event at a fractional time when its reorder window ends (no timer firing again at once for ever)', () => {
    // 1000.0013 <= (999.53… + (1030.0013 - 999.53…)) - 30 is false in floating point: the window
    // must be tested as the timer was set, at + reorderMs <= now.
    const clock = fakeTimers();
    const out: AssembledInput[] = [];
    const a = new ShotAssembler({ ...opts, reorderMs: 30 }, (i) => out.push(i), clock.api);
    clock.until(999.5327418905079);
    a.push(dev(1000.0013, { e: 'cushion', s: 'r1', p: '2' }));
    clock.until(1100);
    expect(types(out)).toEqual(['strike', 'cushion']);
  });

  it('puts events from several boards back in time order within the reorder window', () => {
    const clock = fakeTimers();
    const out: AssembledInput[] = [];
    const a = new ShotAssembler(opts, (i) => out.push(i), clock.api);
    a.push(dev(10, { e: 'cushion', s: 'r1', p: '2' }));
    a.push(dev(5, { e: 'contact', s: 'bed' })); // arrived late, happened first
    a.push(dev(12, { e: 'cushion', s: 'r1', p: '3' }));
    clock.advance(100);
    expect(types(out)).toEqual(['strike', 'contact', 'cushion', 'cushion']);
    expect(out.map((o) => (o.kind === 'event' ? o.event.t : 0))).toEqual([5, 5, 10, 12]);
  });

  it('ends the shot after the sensors stay silent, once, at the last event time plus the timeout', () => {
    const clock = fakeTimers();
    const out: AssembledInput[] = [];
    const a = new ShotAssembler(opts, (i) => out.push(i), clock.api);
    a.push(dev(0, { e: 'goal', s: 'g', p: 'A' }));
    clock.advance(500);
    a.push(dev(500, { e: 'cushion', s: 'r' }));
    clock.advance(5000);
    expect(types(out)).toEqual(['strike', 'goal', 'cushion', 'at_rest']);
    expect(out.at(-1)).toMatchObject({ event: { type: 'at_rest', t: 1500, by: 'hub' } });
    a.push(dev(6000, { e: 'goal', s: 'g', p: 'B' }));
    clock.advance(3000);
    expect(types(out).slice(4)).toEqual(['strike', 'goal', 'at_rest']);
  });

  it('a declared rest ends the shot without a second at_rest; a hole ends a minigolf stroke', () => {
    const clock = fakeTimers();
    const out: AssembledInput[] = [];
    const a = new ShotAssembler(opts, (i) => out.push(i), clock.api);
    a.push(dev(0, { e: 'goal', s: 'g', p: 'A' }));
    clock.advance(50);
    a.restDeclared();
    clock.advance(5000);
    expect(types(out)).toEqual(['strike', 'goal']);

    const mg: AssembledInput[] = [];
    const m = new ShotAssembler({ ...opts, impliedStrike: false, shotEndsOn: ['hole'] }, (i) => mg.push(i), clock.api);
    m.push(dev(clock.api.now(), { e: 'stroke', s: 'tee', p: '1' }));
    clock.advance(100);
    m.push(dev(clock.api.now(), { e: 'hole', s: 'cup', p: '1' }));
    clock.advance(20_000);
    expect(types(mg)).toEqual(['strike', 'hole']);
  });

  it('pool: a ball rolling silently for 3.9 s before it drops stays in its shot (no bed sensor)', () => {
    const play = (o: AssemblerOptions): string[] => {
      const clock = fakeTimers();
      const out: AssembledInput[] = [];
      const a = new ShotAssembler(o, (i) => out.push(i), clock.api);
      a.push(dev(0, { e: 'cushion', s: 'c2', p: 'foot' }));
      clock.advance(3900);
      a.push(dev(3900, { e: 'pocket', s: 'k6', p: 'br' }));
      clock.advance(o.restAfterMs + 100);
      return types(out);
    };
    for (const game of ['eight-ball', 'nine-ball']) expect(play(assemblerFor(game)), game).toEqual(['strike', 'cushion', 'pocket', 'at_rest']);
    // With the general 3 s window the drop was a shot of its own.
    expect(play(DEFAULT_ASSEMBLER)).toEqual(['strike', 'cushion', 'at_rest', 'strike', 'pocket', 'at_rest']);
  });
});
