/**
 * A table without a contact sensor (the pool profile: pocket beams, rail piezos, no bed sensor).
 * Found by the simulator chain (test/chain/pool.test.ts): the engine read "no contact event" as
 * "the cue ball hit nothing" and called PB-SHOT-1 on every shot, and counted a cushion heard
 * before the contact as the rail after it. With `contactSensor: false` it asks instead.
 */
import { describe, expect, it } from 'vitest';
import { eightBallEngine, nineBallEngine } from './index';
import { Log, run } from './testkit';

const nine = (l: Log) => run(nineBallEngine, l.events);

/** Legal break by A pocketing the 2; then A plays a shot the table hears as a cushion only. */
function cushionOnly(config: Record<string, unknown>): Log {
  const l = new Log(config).break(['2']);
  return l.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', cushion: 'foot' }).rest();
}

describe('table without a contact sensor (config contactSensor: false)', () => {
  it('PB-SHOT-1: with a contact sensor (the default) a shot without a contact event is a foul, no contact', () => {
    const r = nine(cushionOnly({}));
    expect(r.summary.pending).toEqual([]);
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.code)).toEqual(['no-contact']);
  });

  it('PB-SHOT-1: without one, the first contact is asked (with a "no ball" answer), never assumed', () => {
    const l = cushionOnly({ contactSensor: false });
    const q = nine(l).summary.pending;
    expect(q.map((p) => p.kind)).toEqual(['pocket.first-contact']);
    expect(q[0]!.options.map((o) => o.value)).toEqual(['1', '3', '4', '5', '6', '7', '8', '9', 'none']);
    // It has a default, so the headline does not say a person must answer.
    expect(q[0]!.default).not.toBeNull();
    expect(nine(l).summary.headline).toMatch(/: waiting for an answer$/);
    const none = nine(l.decide(q[0]!.id, 'none'));
    expect(none.report.shots.at(-1)!.fouls.map((f) => [f.rule, f.code])).toEqual([['PB-SHOT-1', 'no-contact']]);
    expect(none.summary.turn).toBe('B');
  });

  it('PB-SHOT-1: a cushion heard may have come before the contact: the rail after it is asked, and decides', () => {
    const answered = (): Log => {
      const l = cushionOnly({ contactSensor: false });
      return l.decide(nine(l).summary.pending[0]!.id, '1');
    };
    const rail = nine(answered()).summary.pending;
    expect(rail.map((p) => p.kind)).toEqual(['pocket.rail']);
    expect(rail[0]!.id).toMatch(/^shot-\d+:rail$/);
    const yes = nine(answered().decide(rail[0]!.id, 'yes'));
    expect(yes.report.shots.at(-1)!.fouls).toEqual([]);
    expect(yes.report.rack.ballInHand).toBeNull();
    expect(yes.summary.turn).toBe('B');
    const no = nine(answered().decide(rail[0]!.id, 'no'));
    expect(no.report.shots.at(-1)!.fouls.map((f) => [f.rule, f.code])).toEqual([['PB-SHOT-1', 'no-rail']]);
    expect(no.report.rack.ballInHand).toBe('table');
  });

  it('PB-SHOT-1: on a table that scores itself the players answer, and unanswered the shot is taken as legal', () => {
    const l = cushionOnly({ contactSensor: false });
    const first = nine(l).summary.pending[0]!;
    // The lowest ball on the table (the 1: the 2 went down on the break) is the legal first ball.
    expect([first.answeredBy, first.default]).toEqual(['players', '1']);
    const rail = nine(l.decide(first.id, first.default!)).summary.pending[0]!;
    expect([rail.kind, rail.answeredBy, rail.default]).toEqual(['pocket.rail', 'players', 'yes']);
    // Where a contact sensor should have named the ball, nothing is assumed: the referee decides
    // (refereed), and at a self-refereed table, where there is none to wait for, the players.
    const sensedShot = (config: Record<string, unknown>) =>
      nine(new Log(config).break(['2']).add({ type: 'strike', ball: 'cue' }).add({ type: 'contact' }).add({ type: 'cushion', cushion: 'foot' }).rest()).summary
        .pending;
    expect(sensedShot({ refereed: true }).map((q) => [q.kind, q.answeredBy, q.default])).toEqual([['pocket.first-contact', 'referee', null]]);
    expect(sensedShot({}).map((q) => [q.kind, q.answeredBy, q.default])).toEqual([['pocket.first-contact', 'players', null]]);
  });

  it('PB-FOUL-1: a wrong first ball named by the referee is a foul; the rail is not asked (it changes nothing)', () => {
    const l = cushionOnly({ contactSensor: false });
    const r = nine(l.decide(nine(l).summary.pending[0]!.id, '4'));
    expect(r.summary.pending).toEqual([]);
    expect(r.report.shots.at(-1)!.fouls.map((f) => [f.rule, f.code])).toEqual([['PB-FOUL-1', 'wrong-first-ball']]);
  });

  it('PB-SHOT-1: an object ball pocketed makes the rail irrelevant: only the first contact (and the ball) are asked', () => {
    const l = new Log({ contactSensor: false }).break(['2']);
    l.add({ type: 'strike', ball: 'cue' }).add({ type: 'pocket', pocket: 'br', captured: true, ball: '1' }).rest();
    const r = nine(l.decide(nine(l).summary.pending[0]!.id, '1'));
    expect(r.summary.pending).toEqual([]);
    expect(r.report.shots.at(-1)!.legal).toBe(true);
    expect(r.summary.turn).toBe('A');
  });

  it('eight-ball break without a contact sensor: any ball may be hit first, nothing is asked about it', () => {
    const l = new Log({ contactSensor: false }).add({ type: 'strike', ball: 'cue' }).add({ type: 'pocket', pocket: 'bl', captured: true, ball: '3' }).rest();
    const r = run(eightBallEngine, l.events);
    expect(r.summary.pending).toEqual([]);
    expect(r.report.rack.started).toBe(true);
    expect(r.summary.turn).toBe('A');
  });
});
