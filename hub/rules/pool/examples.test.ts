/** The worked examples PB-EX-1..10 of the digest, played through the eight-ball engine (open table). */
import { describe, expect, it } from 'vitest';
import { eightBallEngine } from './index';
import { Log, run } from './testkit';

const eight = (l: Log) => run(eightBallEngine, l.events);
/** A legal break by A that pocketed the 1: A is at an open table (every ball but the 8 is a legal target). */
const open = () => new Log().break(['1']);
const last = (l: Log) => eight(l).report.shots.at(-1)!;

describe('worked examples', () => {
  it('PB-EX-1: A wins the lag although B stopped closer: B never touched the foot cushion', () => {
    const r = eight(
      new Log().ref('lag', {
        data: {
          entries: [
            { player: 'A', footCushion: true, distance: 12 },
            { player: 'B', footCushion: false, distance: 4 },
          ],
        },
      }),
    );
    expect(r.report.lagWinner).toBe('A');
    expect(r.summary.pending[0]!.kind).toBe('pocket.lag-choice');
    expect(r.summary.pending[0]!.options.map((o) => o.value)).toEqual(['break', 'pass']);
  });

  it('PB-EX-2: the game has started once the cue ball crossed the head string; a touch without crossing does not start it', () => {
    const started = eight(new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).add({ type: 'cushion', ball: '2' }).rest());
    expect(started.report.rack.started).toBe(true);
    const not = eight(new Log().add({ type: 'strike', ball: 'cue' }).rest());
    expect(not.report.rack.started).toBe(false);
  });

  it('PB-EX-3: legal shot, nothing pocketed: the inning passes, no foul', () => {
    const s = last(open().shot({ first: '5', cushions: ['5'] }));
    expect(s.legal).toBe(true);
    expect(s.fouls).toEqual([]);
    expect(s.next).toBe('B');
  });

  it('PB-EX-4: the only cushion came before the contact: foul, inning passes', () => {
    const l = open().add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '3' }).rest();
    const s = last(l);
    expect(s.fouls.map((f) => f.code)).toEqual(['no-rail']);
    expect(s.next).toBe('B');
  });

  it('PB-EX-5: pocket then scratch: foul although OB2 dropped on a legal contact; OB2 stays down (WPA)', () => {
    const r = eight(open().shot({ first: '2', pockets: ['2', 'cue'] }));
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-2']);
    expect(r.report.rack.balls['2']).toBe('pocketed');
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('PB-EX-6: a frozen ball that only leaves its cushion is a foul (a); the cue ball reaching a cushion makes it legal (b)', () => {
    const a = open().ref('frozen', { ball: '7', place: 'side' });
    a.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '7' }).rest();
    expect(last(a).fouls.map((f) => f.rule)).toEqual(['PB-FOUL-10']);
    const b = open().ref('frozen', { ball: '7', place: 'side' });
    b.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '7' }).add({ type: 'cushion', ball: 'cue', cushion: 'head' }).rest();
    expect(last(b).legal).toBe(true);
    expect(last(b).next).toBe('B');
  });

  it('PB-EX-7: a rattled ball is not pocketed; the shot is legal and the inning passes', () => {
    const l = open()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '4' })
      .add({ type: 'pocket', ball: '4', pocket: 'c2', captured: false })
      .add({ type: 'cushion', ball: '4' })
      .rest();
    const r = eight(l);
    expect(r.report.rack.balls['4']).toBe('table');
    expect(r.report.shots.at(-1)!.legal).toBe(true);
    expect(r.summary.turn).toBe('B');
  });

  it('PB-EX-8: OB9 drops 7 s after rest: put back, B continues; at 2 s it counts for A (PB-Q8 reading)', () => {
    const late = open().shot({ first: '5', cushions: ['5'] });
    const rest = late.events.at(-1)!.t;
    late.add({ type: 'pocket', ball: '9', pocket: 'c3', captured: true, t: rest + 7000 });
    const r7 = eight(late);
    expect(r7.report.rack.balls['9']).toBe('table');
    expect(r7.summary.turn).toBe('B');
    const soon = open().shot({ first: '5', cushions: ['5'] });
    soon.add({ type: 'pocket', ball: '9', pocket: 'c3', captured: true, t: soon.events.at(-1)!.t + 2000 });
    const r2 = eight(soon);
    expect(r2.report.rack.balls['9']).toBe('pocketed');
    expect(r2.summary.turn).toBe('A');
    expect(r2.report.rack.groups).toEqual({ A: 'stripes', B: 'solids' });
  });

  it('PB-EX-9: shooting while a ball still spins: the referee calls the foul although sensors said at rest', () => {
    const l = open()
      .add({ type: 'strike', ball: 'cue' })
      .ref('foul', { value: 'moving' })
      .add({ type: 'contact', a: 'cue', b: '3' })
      .add({ type: 'pocket', ball: '3', pocket: 'c1', captured: true })
      .rest();
    const s = last(l);
    expect(s.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-9']);
    expect(s.next).toBe('B');
  });

  it('PB-EX-10: a spectator stops OB6: balls restored, same player replays, no foul; unrestorable replays the rack', () => {
    const l = open().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '6' }).ref('interference', { value: 'affected' }).rest();
    const r = eight(l);
    expect(r.summary.turn).toBe('A');
    expect(r.report.shots.at(-1)!.fouls).toEqual([]);
    const u = open()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '6' })
      .add({ type: 'pocket', ball: '6', pocket: 'c1', captured: true })
      .ref('interference', { value: 'unrestorable' })
      .rest();
    const ru = eight(u);
    expect(ru.report.rack.balls['1']).toBe('table');
    expect(ru.report.rack.balls['6']).toBe('table');
    expect(ru.report.rack.breaker).toBe('A');
    expect(ru.summary.turn).toBe('A');
  });
});
