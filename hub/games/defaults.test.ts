import { describe, expect, it } from 'vitest';
import { MatchManager } from './matches';
import { DecisionDefaults } from './defaults';
import { SqliteStore } from '../store/sqlite';
import { DEMO_VENUE } from '../../shared/venue';

/** Timers fired by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    set: (fn: () => void) => {
      pending.set(next, fn);
      return next++;
    },
    clear: (h: unknown) => void pending.delete(h as number),
    fireAll: () => {
      const fns = [...pending.values()];
      pending.clear();
      for (const f of fns) f();
    },
    get size() {
      return pending.size;
    },
  };
}

const players = [
  { id: 'ann', name: 'Ann', side: 'A' },
  { id: 'bob', name: 'Bob', side: 'B' },
];

async function openingQuestion() {
  const store = new SqliteStore(':memory:');
  let t = 0;
  const m = new MatchManager(store, DEMO_VENUE, () => ++t);
  const timers = manualTimers();
  const d = new DecisionDefaults(m, { afterMs: 30_000, ...timers });
  await m.start('gb1', players, undefined);
  await m.sensor('gb1', { type: 'strike', t: ++t, by: 'hub' });
  await m.sensor('gb1', { type: 'at_rest', t: ++t, by: 'hub' });
  return { m, store, timers, d };
}

describe('pending decisions answered by their default when nobody answers', () => {
  it('the hub applies the default after the wait, as a logged decide event', async () => {
    const { m, store, timers } = await openingQuestion();
    const q = m.summaryOf('gb1')!.pending.find((p) => p.kind === 'golf-billiards.opening')!;
    // The most probable answer by the base rates (hub/rules/base-rates.data.ts), not the engine's "repeat".
    expect(q.default).not.toBeNull();
    expect(timers.size).toBe(1);
    timers.fireAll();
    await m.idle();
    expect(m.summaryOf('gb1')!.pending.some((p) => p.id === q.id)).toBe(false);
    const log = await store.gameEvents(m.current('gb1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'decide', decision: q.id, answer: q.default, by: 'hub' });
  });

  it('an answer from a person first cancels the default', async () => {
    const { m, store, timers } = await openingQuestion();
    const q = m.summaryOf('gb1')!.pending[0]!;
    await m.input('gb1', { type: 'decide', decision: q.id, answer: 'A', by: 'player' });
    expect(timers.size).toBe(0);
    timers.fireAll();
    await m.idle();
    const decides = (await store.gameEvents(m.current('gb1')!.id)).filter((e) => e.type === 'decide');
    expect(decides).toEqual([expect.objectContaining({ answer: 'A', by: 'player' })]);
  });
});

describe('how sure: questions decided alone, and the countdown to a default', () => {
  it('an open question carries when its default applies: the wait after it was first seen open', async () => {
    const { m } = await openingQuestion();
    const q = m.summaryOf('gb1')!.pending.find((p) => p.kind === 'golf-billiards.opening')!;
    expect(q.probability).toBeLessThan(0.98); // who stopped closest is not sensed: asked
    // The clock of this test moves one tick per reading: the countdown runs from when the question was first seen, a few ticks in.
    expect(q.defaultAt! - 30_000).toBeGreaterThan(0);
    expect(q.defaultAt! - 30_000).toBeLessThan(20);
    // Read again later: the same moment, not a new wait.
    expect(m.summaryOf('gb1')!.pending.find((p) => p.id === q.id)!.defaultAt).toBe(q.defaultAt);
  });

  it("a reading the engine is sure of (at or above the venue's askBelow) is decided by the hub at once, its probability logged (MG-STROKE-13)", async () => {
    const store = new SqliteStore(':memory:');
    let t = 0;
    // A venue that decides alone whatever is at least even odds.
    const m = new MatchManager(store, { ...DEMO_VENUE, askBelow: 0.5 }, () => (t += 10));
    const timers = manualTimers();
    const delays: number[] = [];
    new DecisionDefaults(m, { afterMs: 30_000, set: (fn, ms) => (delays.push(ms), timers.set(fn)), clear: timers.clear, now: () => t });
    await m.start('mg1', [{ id: 'ana', name: 'Ana' }], undefined);
    // The ball drops into the cup with no stroke seen: a hole in one whose stroke the sensor missed.
    await m.sensor('mg1', { type: 'hole', lane: '1', t: (t += 10), by: 'sensor' });
    const q = m.summaryOf('mg1')!.pending[0]!;
    expect(q).toMatchObject({ kind: 'minigolf.hole_without_stroke', default: 'stroke' });
    expect(q.probability).toBeGreaterThanOrEqual(0.5);
    expect(q.defaultAt).toBeLessThanOrEqual(t); // due now: nobody is asked
    expect(delays).toEqual([0]);
    timers.fireAll();
    await m.idle();
    const log = await store.gameEvents(m.current('mg1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'decide', decision: q.id, answer: 'stroke', by: 'hub', probability: q.probability });
    expect(m.summaryOf('mg1')!.pending).toEqual([]);
  });

  it('the same question at a venue that asks below 1 waits for its countdown', async () => {
    const store = new SqliteStore(':memory:');
    let t = 0;
    const m = new MatchManager(store, { ...DEMO_VENUE, askBelow: 1 }, () => (t += 10));
    const delays: number[] = [];
    const timers = manualTimers();
    new DecisionDefaults(m, { afterMs: 30_000, set: (fn, ms) => (delays.push(ms), timers.set(fn)), clear: timers.clear, now: () => t });
    await m.start('mg1', [{ id: 'ana', name: 'Ana' }], undefined);
    await m.sensor('mg1', { type: 'hole', lane: '1', t: (t += 10), by: 'sensor' });
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(29_000);
  });
});

describe('pending decisions after a restart', () => {
  it('the questions of a restored match wait for their default again', async () => {
    const { m, store, d } = await openingQuestion();
    d.close(); // the hub stops; the question is still open in the log
    const q = m.summaryOf('gb1')!.pending.find((p) => p.kind === 'golf-billiards.opening')!;
    const again = new MatchManager(store, DEMO_VENUE, () => 1000);
    await again.restore();
    const timers = manualTimers();
    const defaults = new DecisionDefaults(again, { afterMs: 30_000, ...timers });
    expect(timers.size).toBe(0); // nothing has changed since the restart: no update yet
    defaults.resume(DEMO_VENUE.tables.map((t) => t.id));
    expect(timers.size).toBe(1);
    timers.fireAll();
    await again.idle();
    const log = await store.gameEvents(again.current('gb1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'decide', decision: q.id, answer: q.default, by: 'hub' });
  });
});
