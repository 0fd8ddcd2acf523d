import { describe, expect, it } from 'vitest';
import { nineBallEngine } from './index';
import { Log, run } from './testkit';
import { lowestBall } from './nine';

const nine = (l: Log) => run(nineBallEngine, l.events);

describe('nine-ball (WPA)', () => {
  it('the break must hit the 1 first: otherwise a foul and ball in hand anywhere', () => {
    const r = nine(new Log().break(['4'], '3'));
    expect(r.report.shots[0]!.fouls.map((f) => f.code)).toEqual(['wrong-first-ball']);
    expect(nine(new Log().shot({ first: '1', cushions: ['2'] })).report.shots[0]!.fouls.map((f) => f.code)).toEqual(['illegal-break']);
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('the 9 on a legal break wins the rack; on a foul break it is spotted', () => {
    expect(nine(new Log().break(['9'])).report.racks[0]).toMatchObject({ winner: 'A', reason: '9-ball pocketed on a legal break' });
    const foul = nine(new Log().break(['9', 'cue']));
    expect(foul.report.racks).toEqual([]);
    expect(foul.report.rack.balls['9']).toBe('table');
    expect(foul.report.shots[0]!.spotted).toEqual(['9']);
  });

  it('lowestBall: the lowest-numbered ball on the table is the legal target', () => {
    const l = new Log().break(['1', '2']);
    expect(lowestBall(nine(l).s.view)).toBe('3');
    expect(nine(l.shot({ first: '4', cushions: ['4'] })).report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(nine(new Log().break(['1', '2']).shot({ first: '3', cushions: ['3'] })).report.shots.at(-1)!.legal).toBe(true);
  });

  it('a combination that pockets the 9 on a legal shot wins', () => {
    const r = nine(new Log().break(['2']).shot({ first: '1', pockets: ['9'] }));
    expect(r.report.racks[0]).toMatchObject({ winner: 'A', reason: '9-ball legally pocketed' });
  });

  it('the 9 pocketed on a foul is spotted and the opponent has ball in hand', () => {
    const r = nine(new Log().break(['2']).shot({ first: '5', pockets: ['9'] }));
    expect(r.report.rack.balls['9']).toBe('table');
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('push-out after a legal break: no contact needed; the opponent plays or passes it back', () => {
    const l = new Log().break().ref('push-out').add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue' }).rest();
    const r = nine(l);
    expect(r.report.shots.at(-1)!.fouls).toEqual([]);
    expect(r.report.shots.at(-1)!.pushOut).toBe(true);
    expect(r.summary.pending.map((p) => p.kind)).toEqual(['pocket.push-out-reply']);
    const id = r.summary.pending[0]!.id;
    const pass = nine(l.decide(id, 'pass'));
    expect(pass.summary.turn).toBe('B');
    const r2 = nine(new Log().break().ref('push-out').add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue' }).rest().decide(id, 'play'));
    expect(r2.summary.turn).toBe('A');
  });

  it('push-out only on the shot after a legal break; the 9 pushed in is spotted', () => {
    const late = nine(
      new Log()
        .break(['2'])
        .shot({ first: '1', pockets: ['1'] })
        .ref('push-out'),
    );
    expect(late.report.rejected.map((x) => x.code)).toEqual(['refused']);
    const afterFoul = nine(new Log().break(['cue']).ref('push-out'));
    expect(afterFoul.report.rejected.map((x) => x.code)).toEqual(['refused']);
    const nineIn = nine(
      new Log()
        .break(['2'])
        .ref('push-out')
        .shot({ first: '9', pockets: ['9'] }),
    );
    expect(nineIn.report.rack.balls['9']).toBe('table');
    expect(nineIn.report.racks).toEqual([]);
  });

  it('object balls driven off the table stay off (only the 9 is spotted)', () => {
    const r = nine(new Log().break(['2']).shot({ first: '1', cushions: ['1'], off: ['5', '9'] }));
    expect(r.report.rack.balls['5']).toBe('off');
    expect(r.report.rack.balls['9']).toBe('table');
  });

  it('three consecutive fouls lose the rack; a warning after the second; a legal shot resets the count', () => {
    const l = new Log().break(['cue']);
    l.shot({ first: '1', cushions: ['1'] });
    l.shot({ first: '1', pockets: ['cue'] }).shot({ first: '1', cushions: ['1'] });
    const two = nine(l);
    expect(two.report.rack.consecutiveFouls['A']).toBe(2);
    expect(two.report.shots.at(-2)!.notes.join(' ')).toContain('two consecutive fouls');
    l.shot({ first: '3', cushions: ['3'] });
    const r = nine(l);
    expect(r.report.racks[0]).toMatchObject({ winner: 'B', reason: 'three consecutive fouls' });
    const reset = new Log()
      .break(['cue'])
      .shot({ first: '1', cushions: ['1'] })
      .shot({ first: '1', pockets: ['cue'] })
      .shot({ first: '1', cushions: ['1'] });
    reset
      .shot({ first: '1', cushions: ['1'] })
      .shot({ first: '1', cushions: ['1'] })
      .shot({ first: '1', pockets: ['cue'] })
      .shot({ first: '1', cushions: ['1'] });
    expect(nine(reset).report.racks).toEqual([]);
    expect(nine(reset).report.rack.consecutiveFouls['A']).toBe(1);
  });

  it('WPA 6.14: the player on two fouls is warned when he comes to the table; a third foul between shots loses the rack', () => {
    // A: scratch on the break (1), B misses, A scratches (2), B misses: A comes back on two fouls.
    const l = new Log()
      .break(['cue'])
      .shot({ first: '1', cushions: ['1'] })
      .shot({ first: '1', pockets: ['cue'] });
    const bToShoot = nine(l);
    expect(bToShoot.summary.turn).toBe('B');
    expect(bToShoot.summary.headline).not.toContain('two fouls');
    l.shot({ first: '1', cushions: ['1'] });
    const aBack = nine(l);
    expect(aBack.summary.turn).toBe('A');
    expect(aBack.summary.headline).toContain('Ayşe to shoot (on two fouls: a third foul loses the rack)');
    // Touching the cue ball before shooting is a foul between shots (PB-FOUL-5): the third.
    const r = nine(l.ref('foul', { value: 'touch', data: { standalone: true, cueBall: true } }));
    expect(r.report.racks[0]).toMatchObject({ winner: 'B', reason: 'three consecutive fouls' });
  });

  it('WPA 6.14: a standalone second foul carries the warning too', () => {
    const l = new Log()
      .break(['cue'])
      .shot({ first: '1', cushions: ['1'] })
      .ref('foul', { value: 'foot', data: { standalone: true } });
    const r = nine(l);
    expect(r.report.shots.at(-1)!.notes).toContain('warning: A is on two consecutive fouls');
    expect(r.report.rack.consecutiveFouls['A']).toBe(2);
  });

  it('winner breaks when configured', () => {
    const r = nine(new Log({ breakOrder: 'winner', raceTo: 3 }).break(['9']));
    expect(r.report.rack.breaker).toBe('A');
    const alt = nine(new Log({ raceTo: 3 }).break(['9']));
    expect(alt.report.rack.breaker).toBe('B');
  });
});
