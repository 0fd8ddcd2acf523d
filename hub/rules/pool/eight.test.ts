import { describe, expect, it } from 'vitest';
import { eightBallEngine } from './index';
import { Log, run } from './testkit';
import { groupOf, isGroupCleared } from './eight';

const eight = (l: Log) => run(eightBallEngine, l.events);
/** A breaks (pockets the 1), then pockets every other solid: A has solids, all cleared, still at the table. */
function cleared(config: Record<string, unknown> = {}): Log {
  return new Log(config).break(['1']).shot({ first: '2', pockets: ['2', '3', '4', '5', '6', '7'] });
}
const noBreak = () => new Log().shot({ first: '1', cushions: ['2'] });

describe('eight-ball break (WPA)', () => {
  it('an illegal break is a foul: the opponent accepts the table or has it re-racked', () => {
    const r = eight(noBreak());
    expect(r.report.shots[0]!.fouls.map((f) => f.code)).toEqual(['illegal-break']);
    expect(r.summary.pending.map((p) => [p.kind, p.default])).toEqual([['pocket.break-foul', 'accept']]);
    const self = eight(noBreak().decide('shot-1:break-foul', 'rerack-self'));
    expect(self.report.rack.breaker).toBe('B');
    expect(self.report.rack.started).toBe(false);
    const again = eight(noBreak().decide('shot-1:break-foul', 'rerack-opponent'));
    expect(again.report.rack.breaker).toBe('A');
    expect(again.summary.turn).toBe('A');
  });

  it('an unanswered option takes its default when play goes on', () => {
    const r = eight(noBreak().shot({ first: '1', pockets: ['3'] }));
    expect(r.report.shots[1]!.shooter).toBe('B');
    expect(r.report.refLog.at(-1)!.effect).toContain('default');
  });

  it('cushion contacts without identity on the break raise a question (4-ball rule)', () => {
    const l = new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' });
    for (const b of ['2', '3', undefined, undefined]) l.add({ type: 'cushion', ...(b ? { ball: b } : {}) });
    l.rest();
    const r = eight(l);
    expect(r.summary.pending.map((p) => p.kind)).toEqual(['eight-ball.break-cushions']);
    expect(r.summary.provisional).toBe(true);
    const yes = eight(l.decide('shot-1:break-cushions', 'yes'));
    expect(yes.report.shots[0]!.legal).toBe(true);
    expect(yes.summary.turn).toBe('B');
  });

  it('a scratch on a legal break: balls stay down, table open, ball in hand behind the head string', () => {
    const r = eight(new Log().break(['3', 'cue']));
    expect(r.report.rack.balls['3']).toBe('pocketed');
    expect(r.report.rack.ballInHand).toBe('kitchen');
    expect(r.report.rack.groups).toEqual({});
    expect(r.summary.turn).toBe('B');
  });

  it('the 8 on a legal break: the breaker spots it and continues, or re-racks and breaks again', () => {
    const spot = eight(new Log().break(['8']).decide('shot-1:break-eight', 'spot'));
    expect(spot.report.rack.balls['8']).toBe('table');
    expect(spot.summary.turn).toBe('A');
    expect(spot.report.racks).toEqual([]);
    const rerack = eight(new Log().break(['8', '3']).decide('shot-1:break-eight', 'rerack'));
    expect(rerack.report.rack.balls['3']).toBe('table');
    expect(rerack.report.rack.breaker).toBe('A');
  });

  it('the 8 on a foul break: the opponent spots it with ball in hand behind the head string, or re-racks', () => {
    const r = eight(new Log().break(['8', 'cue']).decide('shot-1:break-eight-foul', 'spot'));
    expect(r.report.rack.balls['8']).toBe('table');
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('kitchen');
  });
});

describe('eight-ball groups and play', () => {
  it('groupOf: solids 1-7, stripes 9-15, the 8 in neither', () => {
    expect(groupOf('3')).toBe('solids');
    expect(groupOf('12')).toBe('stripes');
    expect(groupOf('8')).toBeNull();
  });

  it('the table stays open after the break; the first legal pocket sets the groups', () => {
    const l = new Log().break(['1', '9']);
    expect(eight(l).report.rack.groups).toEqual({});
    const r = eight(l.shot({ first: '10', pockets: ['10'] }));
    expect(r.report.rack.groups).toEqual({ A: 'stripes', B: 'solids' });
    expect(r.summary.turn).toBe('A');
  });

  it('both groups pocketed on an open table without a call: the players say which was called', () => {
    const l = new Log().break(['1']).shot({ first: '2', pockets: ['2', '9'] });
    const r = eight(l);
    expect(r.summary.pending.map((p) => p.kind)).toEqual(['eight-ball.group']);
    const ans = eight(l.decide(r.summary.pending[0]!.id, 'stripes'));
    expect(ans.report.rack.groups).toEqual({ A: 'stripes', B: 'solids' });
  });

  it('a called ball that misses its pocket ends the inning; the table stays open', () => {
    const r = eight(
      new Log()
        .break(['1'])
        .ref('call', { ball: '2', place: 'c4' })
        .shot({ first: '2', pockets: [{ ball: '2', pocket: 'c1' }] }),
    );
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.groups).toEqual({});
    expect(r.report.rack.balls['2']).toBe('pocketed');
  });

  it('hitting an opponent ball first is a foul; hitting the 8 first on an open table is a foul (reading)', () => {
    const l = new Log()
      .break(['1'])
      .shot({ first: '2', pockets: ['2'] })
      .shot({ first: '9', pockets: ['3'] });
    expect(eight(l).report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(eight(new Log().break(['1']).shot({ first: '8', cushions: ['8'] })).report.shots.at(-1)!.legal).toBe(false);
  });

  it('isGroupCleared: with the group down the 8 is the only legal ball', () => {
    const r = eight(cleared());
    expect(r.report.rack.groups['A']).toBe('solids');
    expect(r.summary.turn).toBe('A');
    expect(eight(cleared().shot({ first: '9', cushions: ['9'] })).report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(isGroupCleared(r.s.view, 'A')).toBe(true);
    expect(isGroupCleared(r.s.view, 'B')).toBe(false);
  });

  it('the 8 legally pocketed in the called pocket wins the rack', () => {
    const r = eight(
      cleared()
        .ref('call', { ball: '8', place: 'c2' })
        .shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }] }),
    );
    expect(r.report.racks).toEqual([{ no: 1, breaker: 'A', winner: 'A', reason: '8-ball legally pocketed', shots: 3 }]);
    expect(r.summary.players.map((p) => p.score)).toEqual([1, 0]);
    expect(r.report.rack.breaker).toBe('B');
  });

  it('losing the rack: 8 in another pocket, 8 too early, 8 with a scratch, 8 off the table', () => {
    const wrong = eight(
      cleared()
        .ref('call', { ball: '8', place: 'c2' })
        .shot({ first: '8', pockets: [{ ball: '8', pocket: 'c5' }] }),
    );
    expect(wrong.report.racks[0]!.winner).toBe('B');
    const early = eight(new Log().break(['1']).shot({ first: '2', pockets: ['2', '8'] }));
    expect(early.report.racks[0]).toMatchObject({ winner: 'B', reason: '8-ball pocketed before the group was cleared' });
    const scratch = eight(
      cleared()
        .ref('call', { ball: '8', place: 'c2' })
        .shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }, 'cue'] }),
    );
    expect(scratch.report.racks[0]).toMatchObject({ winner: 'B', reason: 'foul while pocketing the 8-ball' });
    const off = eight(cleared().shot({ first: '8', off: ['8'] }));
    expect(off.report.racks[0]).toMatchObject({ winner: 'B', reason: '8-ball driven off the table' });
  });

  it('the 8 pocketed without a call, refereed: the referee says whether it was called; play waits for him', () => {
    const l = cleared({ refereed: true }).shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }] });
    const r = eight(l);
    expect(r.summary.pending.map((p) => [p.kind, p.default, p.answeredBy])).toEqual([['eight-ball.eight-call', null, 'referee']]);
    expect(r.report.racks).toEqual([]);
    expect(eight(l.decide(r.summary.pending[0]!.id, 'yes')).report.racks[0]!.winner).toBe('A');
  });

  it('the 8 pocketed without a call at a self-refereed table: the players answer, and an undisputed call stands (default yes)', () => {
    const log = (): Log => cleared().shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }] });
    const r = eight(log());
    expect(r.summary.pending.map((p) => [p.kind, p.default, p.answeredBy])).toEqual([['eight-ball.eight-call', 'yes', 'players']]);
    expect(eight(log().decide(r.summary.pending[0]!.id, 'no')).report.racks[0]!.winner).toBe('B');
    expect(eight(log().decide(r.summary.pending[0]!.id, 'yes')).report.racks[0]!.winner).toBe('A');
  });

  it('race to 2: two racks won end the match; breaks alternate', () => {
    const l = cleared({ raceTo: 2 })
      .ref('call', { ball: '8', place: 'c2' })
      .shot({ first: '8', pockets: [{ ball: '8', pocket: 'c2' }] });
    l.break(['9'])
      .shot({ first: '10', pockets: ['10', '11', '12', '13', '14', '15'] })
      .ref('concede', { player: 'B' });
    const r = eight(l);
    expect(r.report.racks.map((x) => [x.breaker, x.winner])).toEqual([
      ['A', 'A'],
      ['B', 'A'],
    ]);
    expect(r.summary.status).toBe('finished');
    expect(r.summary.winner).toBe('A');
    expect(r.summary.turn).toBeNull();
  });

  it('no three-foul rule in WPA eight-ball (General Rules 6.14 leaves eight-ball out): no rack lost, no warning', () => {
    const l = new Log().break(['1']);
    for (let i = 0; i < 3; i++) l.shot({ first: '2', pockets: ['cue'] }).shot({ first: '3', cushions: ['3'] });
    const r = eight(l);
    expect(r.report.racks).toEqual([]);
    expect(r.report.rack.consecutiveFouls['A']).toBe(3);
    expect(r.summary.turn).toBe('A');
    expect(r.summary.headline).not.toContain('two fouls');
    expect(r.report.shots.flatMap((s) => s.notes).join(' ')).not.toContain('consecutive fouls');
  });

  it('the 8 pocketed on the same shot as the last ball of the group loses the rack', () => {
    const l = new Log().break(['1']).shot({ first: '2', pockets: ['2', '3', '4', '5', '6'] });
    const r = eight(
      l.ref('call', { ball: '7', place: 'c1' }).shot({
        first: '7',
        pockets: [
          { ball: '7', pocket: 'c1' },
          { ball: '8', pocket: 'c2' },
        ],
      }),
    );
    expect(r.report.racks[0]).toMatchObject({ winner: 'B', reason: '8-ball pocketed before the group was cleared' });
  });

  it('a foul while the 8 is the legal ball does not lose the rack when the 8 stays up: ball in hand', () => {
    const r = eight(cleared().shot({ first: '8', cushions: ['8'], pockets: ['cue'] }));
    expect(r.report.racks).toEqual([]);
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-2']);
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('table');
  });
});
