import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import { replay } from '../common/replay';
import { isShotEnd, minigolf } from './index';
import { summary } from './report';
import { Log, run } from './testkit';

/** The same events with the decide event moved to `to` (seq and t unchanged). */
function moveDecide(events: GameEvent[], to: number): GameEvent[] {
  const i = events.findIndex((e) => e.type === 'decide');
  const out = events.filter((_, k) => k !== i);
  out.splice(to, 0, events[i]!);
  return out;
}

describe('pending decisions', () => {
  const windLog = () => {
    const l = new Log().start(['ana', 'ben'], { lanes: 3 }).strike('ana').rest().hole(1);
    const id = run(l.events).open[0]!.decision.id;
    return { l, id };
  };
  it('MG-STROKE-13: a hole with no stroke since rest raises a referee decision, default "void", score provisional', () => {
    const { l, id } = windLog();
    const s = run(l.events);
    expect(s.open[0]!.decision).toMatchObject({ id, kind: 'minigolf.hole_without_stroke', default: 'void', answeredBy: 'referee', raisedAt: 3 });
    expect(summary(s).provisional).toBe(true);
    expect(s.game.players.ana!.cards[0]!.lanes[0]).toBeNull();
  });
  it('a late "stroke" answer gives exactly the state of an immediate one', () => {
    const { l, id } = windLog();
    l.decide(id, 'stroke');
    l.strike('ben').rest().strike('ben').hole(1).strike('ana').hole(2);
    const immediate = run(l.events);
    const late = run(moveDecide(l.events, l.events.length));
    expect(immediate.game.players.ana!.cards[0]!.lanes.slice(0, 2)).toEqual([2, 1]);
    expect(immediate.game.players.ben!.cards[0]!.lanes[0]).toBe(2);
    expect(late).toEqual(immediate);
    expect(summary(late).provisional).toBe(false);
  });
  it('a late "void" answer (the default) also equals the immediate one', () => {
    const { l, id } = windLog();
    l.decide(id, 'void').strike('ana').hole(1).strike('ben').hole(1);
    expect(run(moveDecide(l.events, l.events.length))).toEqual(run(l.events));
  });
  it('MG-BALL-1: a new ball mid-lane raises a decision with no default; a late "unauthorised" escalates later penalties as if immediate', () => {
    const l = new Log().start(['ana', 'ben']).strike('ana', { ball: 'b1' }).rest().strike('ana', { ball: 'b2' }).rest();
    const s = run(l.events);
    expect(s.open[0]!.decision).toMatchObject({ kind: 'minigolf.ball_change', default: null });
    l.decide(s.open[0]!.decision.id, 'unauthorised').ref('penalty', { player: 'ana', value: 'A' });
    const immediate = run(l.events);
    expect(immediate.game.players.ana!.penalties.map((p) => p.level)).toEqual(['B+2', 'D+5']);
    expect(run(moveDecide(l.events, l.events.length))).toEqual(immediate);
  });
  it('an override replaces an earlier answer and re-folds', () => {
    const { l, id } = windLog();
    l.decide(id, 'void').strike('ana').hole(1).add({ type: 'override', decision: id, answer: 'stroke', by: 'referee', who: 'Chief', why: 'video' });
    const m = replay(minigolf, l.events);
    expect(m.game.game.players.ana!.cards[0]!.lanes[0]).toBe(2);
    expect(m.corrections.map((c) => c.effect)).toEqual([`decision ${id}: void -> stroke`]);
  });
  it('an unknown decision or answer is rejected, never thrown', () => {
    const s = run(new Log().start(['ana']).decide('nope', 'x').events);
    expect(s.rejected.map((r) => r.code)).toEqual(['unknown_decision']);
  });
});

describe('corrections (undo / redo)', () => {
  it('a stroke ends at rest or when holed', () => {
    expect(isShotEnd({ type: 'hole', lane: '1', t: 0 })).toBe(true);
    expect(isShotEnd({ type: 'at_rest', t: 0 })).toBe(true);
    expect(isShotEnd({ type: 'strike', t: 0 })).toBe(false);
  });
  it('undo takes back the holing stroke; redo puts it back', () => {
    const l = new Log().start(['ana', 'ben']).strike('ana').rest().strike('ana').hole(1);
    const before = replay(minigolf, l.events).game;
    l.add({ type: 'undo', by: 'referee' });
    const undone = replay(minigolf, l.events).game;
    expect(undone.game.players.ana!.cards[0]!.lanes[0]).toBeNull();
    expect(undone.game.players.ana!.play!.strokes).toBe(1);
    l.add({ type: 'redo', by: 'referee' });
    expect(replay(minigolf, l.events).game).toEqual(before);
  });
  it('never throws on nonsense', () => {
    const s = run([
      { type: 'strike', t: 0 },
      { type: 'start', t: 1, players: [{ id: 'a', name: 'A' }], config: { max: 'x', groups: 5 } },
      { type: 'goal', goal: 'g', t: 2 },
    ] as GameEvent[]);
    expect(s.rejected.map((r) => r.code)).toEqual(['not_started', 'not_minigolf']);
    expect(s.game.problems).toEqual(['config.max invalid, default used', 'config.groups invalid, default used']);
  });
});

describe('purity over the whole call catalogue', () => {
  it('reduce never mutates its input state, whatever the call', () => {
    const l = new Log()
      .start(
        [
          { id: 'a', name: 'A', side: 'T' },
          { id: 'b', name: 'B', side: 'T' },
          { id: 's', name: 'S', side: 'T' },
        ],
        { lanes: 2, rounds: 2, info: { s: { substitute: true } }, federationEvent: true },
      )
      .strike('a', { ball: 'x' })
      .rest()
      .ref('boundary_not_crossed', { player: 'a' })
      .ref('place', { player: 'a', value: 'start' })
      .strike('a', { ball: 'y' })
      .rest()
      .ref('wrong_placement', { player: 'a' })
      .ref('ball_lost', { player: 'a' })
      .wait(400_000)
      .ref('ball_change', { player: 'a', value: 'lost', ball: 'z' })
      .strike('a')
      .hole(1)
      .ref('correct', { player: 'a', place: '1', value: 2 })
      .hole(1)
      .ref('warn', { player: 'b' })
      .ref('violation', { player: 'b', value: 'MG-STROKE-3' })
      .add({ type: 'clock', clock: 'stroke', phase: 'expire', player: 'b', by: 'hub' })
      .ref('interrupt', { value: 'rain' })
      .ref('resume')
      .ref('absent', { player: 'b' })
      .ref('present', { player: 'b' })
      .strike('b')
      .rest()
      .ref('substitute', { player: 'b', data: { in: 's', reason: 'health' } })
      .strike('s')
      .hole(1)
      .ref('give_up', { player: 'a' })
      .ref('score', { player: 's', place: '2', value: 3, who: 'm' })
      .ref('submit', { place: 'g1', value: 1 })
      .ref('initial', { player: 'a', value: 1, data: { by: 'player' } })
      .ref('initial', { player: 'a', value: 1, data: { by: 'marker' } })
      .ref('scoring_error_found', { player: 'a' })
      .ref('team_penalty', { place: 'T', value: 1 })
      .ref('playoff', { player: 'a', place: '1', value: 2 })
      .ref('playoff_decline', { player: 's' })
      .ref('lot', { place: 'open', data: { order: ['a', 's'] } })
      .ref('reorder', { place: 'g1', data: { order: ['s', 'a'] } })
      .strike('a')
      .rest()
      .hole(2)
      .ref('touch', { player: 'a', value: 'stroke' })
      .ref('replay_stroke', { player: 'a' })
      .ref('wind_moved', { player: 'a' })
      .ref('cancel', { why: 'storm' });
    const open = run(l.events).open.map((o) => o.decision);
    expect(open.map((d) => d.kind)).toEqual(['minigolf.ball_change', 'minigolf.ranking_after_cancel']);
    l.decide(open[1]!.id, 'rank').decide(open[0]!.id, 'unauthorised');
    let s = minigolf.initial();
    for (const e of l.events) {
      const before = JSON.stringify(s);
      const next = minigolf.reduce(s, e);
      expect(JSON.stringify(s)).toBe(before);
      expect(next.rejected.some((r) => r.code === 'internal_error')).toBe(false);
      s = next;
    }
    expect(s.game.status).toBe('abandoned');
    expect(s.game.rankingAllowed).toBe(true);
    expect(s.open).toEqual([]);
    expect(s.game.players.a!.penalties.map((p) => p.level)).toContain('B+2');
    expect(s.game.rankingAllowed).toBe(true);
  });
});
