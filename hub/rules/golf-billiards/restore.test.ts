import { describe, expect, it } from 'vitest';
import { Log, core, pendingIds, score } from './testkit';

/**
 * Ann (A) to play in set 1; one stroke that moves a lot: A1 into Bob's goal, B2 into Ann's goal,
 * A2 (and B3 unless `keepB3`) off the table; then `call` (a RESTORE foul) by the referee.
 */
function busyStroke(call: string, config: Record<string, unknown> = {}, keepB3 = false) {
  const l = new Log(config);
  l.open('A');
  const s = l.strike('A1');
  l.contact('A1', 'B2');
  l.goal('B2', 'goal-A');
  if (!keepB3) l.off('B3');
  l.off('A2');
  l.goal('A1', 'goal-B');
  l.ref(call);
  l.rest();
  return { c: core(l.events), s };
}

describe('golf billiards: RESTORE and goals on a foul stroke', () => {
  it('RESTORE (GB-Q3 reading: a RESTORE foul annuls the goals of its stroke): every ball the stroke moved goes back, in a goal or off the table', () => {
    const { c, s } = busyStroke('foot');
    expect(score(c)).toMatchObject({ A: 0, B: 0 });
    for (const b of ['A1', 'A2', 'B2', 'B3']) expect(c.set.balls[b]).toEqual({ side: b[0], where: 'table' });
    expect(c.set.turn).toBe('B');
    const rec = c.strokes.at(-1)!;
    expect(rec.restore).toBe(true);
    expect(rec.goals.map((g) => [g.ball, g.valid])).toEqual([
      ['B2', false],
      ['A1', false],
    ]);
    expect(rec.goals.find((g) => g.ball === 'B2')?.note).toMatch(/annulled by RESTORE/);
    // GB-FOUL-1 outside zone play re-spots nothing: A2's re-spot from the off-table is undone too.
    expect(pendingIds(c).filter((id) => id.startsWith(`set1-stroke-${s}:`))).toEqual([]);
  });

  it('RESTORE with a re-spot of the played ball (GB-FOUL-2): everything goes back, then only the played ball waits for its point', () => {
    const { c, s } = busyStroke('jump');
    expect(score(c)).toMatchObject({ A: 0, B: 0 });
    expect(
      Object.entries(c.set.balls)
        .filter(([, b]) => b.where === 'waiting')
        .map(([id]) => id),
    ).toEqual(['A1']);
    expect(pendingIds(c).filter((id) => id.startsWith(`set1-stroke-${s}:`))).toEqual([`set1-stroke-${s}:respot-A1`]);
  });

  it('GB-Q3 (reading switchable: restoreAnnulsGoals false keeps the goals of a RESTORE stroke; balls off the table are still put back)', () => {
    const { c } = busyStroke('foot', { restoreAnnulsGoals: false }, true);
    expect(c.set.balls.A1?.where).toBe('holed');
    expect(c.set.balls.B2?.where).toBe('holed');
    expect(c.set.balls.A2?.where).toBe('table');
    expect(score(c)).toMatchObject({ A: 1, B: 1 });
    expect(c.set.turn).toBe('B');
    // The default reading on the same stroke: both goals annulled.
    expect(score(busyStroke('foot', {}, true).c)).toMatchObject({ A: 0, B: 0 });
  });

  it('GB-FOUL-4 (GB-Q3 reading: only the played ball comes out of the goal; a goal by another own ball stands)', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike('A1');
    l.contact('A1', 'A2');
    l.cushion('A1');
    l.off('B2');
    l.goal('A2', 'goal-B');
    l.rest();
    l.decide(`set1-stroke-${s}:own-onto-own`, 'no');
    const c = core(l.events);
    expect(c.set.balls.A2?.where).toBe('holed');
    expect(c.set.balls.B2?.where).toBe('holed');
    expect(c.set.balls.A1?.where).toBe('waiting');
    expect(score(c)).toMatchObject({ A: 1, B: 1 });
    expect(c.set.turn).toBe('B');
  });

  it('GB-FOUL-4: when the strike did not name the ball, the players say whether the played ball scored (default yes: it comes out of the goal)', () => {
    const l = new Log();
    l.open('A');
    const s = l.strike();
    l.off('B2');
    l.goal('A3', 'goal-B');
    l.rest();
    const id = `set1-stroke-${s}:played-in-goal`;
    let c = core(l.events);
    expect(c.pending.find((p) => p.id === id)).toMatchObject({ kind: 'golf-billiards.played_in_goal', default: 'yes' });
    expect(c.set.balls.A3?.where).toBe('waiting');
    expect(score(c)).toMatchObject({ A: 0, B: 1 });
    l.decide(id, 'no');
    c = core(l.events);
    // Another ball scored: A3's goal stands and one of Ann's balls on the table is re-spotted.
    expect(c.set.balls.A3?.where).toBe('holed');
    expect(score(c)).toMatchObject({ A: 1, B: 1 });
    expect(Object.values(c.set.balls).filter((b) => b.side === 'A' && b.where === 'waiting')).toHaveLength(1);
    expect(c.set.turn).toBe('B');
  });
});
