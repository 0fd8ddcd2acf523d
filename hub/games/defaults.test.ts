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
    expect(q.default).toBe('repeat');
    expect(timers.size).toBe(1);
    timers.fireAll();
    await m.idle();
    expect(m.summaryOf('gb1')!.pending.some((p) => p.id === q.id)).toBe(false);
    const log = await store.gameEvents(m.current('gb1')!.id);
    expect(log.at(-1)).toMatchObject({ type: 'decide', decision: q.id, answer: 'repeat', by: 'hub' });
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
    expect(log.at(-1)).toMatchObject({ type: 'decide', decision: q.id, answer: 'repeat', by: 'hub' });
  });
});
