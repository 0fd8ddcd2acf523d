import { describe, expect, it } from 'vitest';
import { eightBallEngine, nineBallEngine } from './index';
import { Log, run } from './testkit';

const nine = (l: Log) => run(nineBallEngine, l.events);
const eight = (l: Log) => run(eightBallEngine, l.events);

/** Nine-ball after a legal break by A that pocketed the 2: A at the table, 1 is the lowest ball. */
function afterBreak(config: Record<string, unknown> = {}): Log {
  return new Log(config).break(['2']);
}

describe('PB lag and break', () => {
  it('PB-LAG-1: the lag result entered for both balls decides who chooses to break', () => {
    const l = new Log().ref('lag', {
      data: {
        entries: [
          { player: 'A', footCushion: true, distance: 30 },
          { player: 'B', footCushion: true, distance: 10 },
        ],
      },
    });
    const r = nine(l);
    expect(r.report.lagWinner).toBe('B');
    expect(r.summary.pending.map((p) => p.kind)).toEqual(['pocket.lag-choice']);
  });

  it('PB-LAG-2: a lag ball that never touched the foot cushion cannot win', () => {
    const l = new Log().ref('lag', {
      data: {
        entries: [
          { player: 'A', footCushion: false, distance: 1 },
          { player: 'B', footCushion: true, distance: 50 },
        ],
      },
    });
    expect(nine(l).report.lagWinner).toBe('B');
  });

  it('PB-LAG-3: the lag winner may let the opponent break', () => {
    const l = new Log().ref('lag', { player: 'A' });
    l.decide(`lag-1:choice`, 'pass');
    const r = nine(l);
    expect(r.report.rack.breaker).toBe('B');
    expect(r.summary.turn).toBe('B');
    const kept = nine(new Log().ref('lag', { player: 'A' }).decide('lag-1:choice', 'break'));
    expect(kept.report.rack.breaker).toBe('A');
  });

  it('PB-Q9 (reading: a lag without a valid ball is repeated; malformed entries are refused)', () => {
    const l = new Log().ref('lag', {
      data: {
        entries: [
          { player: 'A', footCushion: false, distance: 1 },
          { player: 'B', footCushion: false, distance: 2 },
        ],
      },
    });
    l.ref('lag', { data: { entries: [{ player: 'A' }] } }).ref('lag', { player: 'B' });
    const r = nine(l);
    expect(r.report.refLog.map((x) => x.effect)).toEqual(['PB-Q9: no valid lag ball or a tie: lag repeated', 'PB-LAG-2: B wins the lag']);
    expect(r.report.rejected.map((x) => x.code)).toEqual(['bad-value']);
    expect(r.report.lagWinner).toBe('B');
  });

  it('without a lag the configured first breaker (or the first player) breaks', () => {
    expect(nine(new Log({ firstBreaker: 'B' }).break()).report.shots[0]!.shooter).toBe('B');
    expect(nine(new Log({ firstBreaker: 'B' }).break()).report.breakerSource).toBe('config');
    expect(nine(new Log().break()).report.breakerSource).toBe('start-order');
  });

  it('PB-BREAK-1: the breaker starts with the cue ball in hand in the kitchen', () => {
    const r = nine(new Log().ref('lag', { player: 'A' }).decide('lag-1:choice', 'break'));
    expect(r.report.rack.ballInHand).toBe('kitchen');
    expect(r.summary.headline).toContain('behind the head string');
  });

  it('PB-BREAK-2: the rack starts only once the cue ball crossed the head string', () => {
    const l = new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'head' }).rest();
    const r = nine(l);
    expect(r.report.rack.started).toBe(false);
    expect(r.report.shots[0]!.notes.join(' ')).toContain('PB-BREAK-2');
    const crossed = nine(new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'foot' }).rest());
    expect(crossed.report.rack.started).toBe(true);
  });
});

describe('PB legal shot and turn', () => {
  it('PB-SHOT-1: a cushion after the contact makes the shot legal; one only before it is a foul', () => {
    const legal = nine(afterBreak().shot({ first: '1', cushions: ['1'] }));
    expect(legal.report.shots[1]!.legal).toBe(true);
    const l = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'cushion', ball: 'cue', cushion: 'side' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .rest();
    const bad = nine(l);
    expect(bad.report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-SHOT-1']);
    expect(bad.report.rack.ballInHand).toBe('table');
  });

  it('PB-TURN-1: a legal shot that pockets nothing passes the inning; one that pockets a ball keeps it', () => {
    expect(nine(afterBreak().shot({ first: '1', cushions: ['1'] })).summary.turn).toBe('B');
    expect(nine(afterBreak().shot({ first: '1', pockets: ['1'] })).summary.turn).toBe('A');
  });

  it('PB-SHOT-2 / PB-Q6 (reading: jumps are legal unless the referee calls PB-FOUL-11)', () => {
    const jump = nine(afterBreak().shot({ first: '1', pockets: ['1'] }));
    expect(jump.report.shots[1]!.legal).toBe(true);
    expect(jump.summary.turn).toBe('A');
    const called = nine(
      afterBreak()
        .add({ type: 'strike', ball: 'cue' })
        .ref('foul', { value: 'jump' })
        .add({ type: 'contact', a: 'cue', b: '1' })
        .add({ type: 'pocket', ball: '1', pocket: 'c', captured: true })
        .rest(),
    );
    expect(called.report.shots[1]!.legal).toBe(false);
  });

  it('PB-Q1 (reading: disciplines are plug-ins on one general layer): the same scratch is PB-FOUL-2 in both', () => {
    const shot = (l: Log) => l.shot({ first: '1', pockets: ['1', 'cue'] });
    expect(nine(shot(afterBreak())).report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-2']);
    expect(eight(shot(new Log().break(['9']))).report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-2']);
  });

  it('PB-Q3 (reading: WPA, balls pocketed on a foul stay down; only the 9 is spotted in nine-ball)', () => {
    const r = nine(afterBreak().shot({ first: '4', pockets: ['3', '9'] }));
    expect(r.report.rack.balls['3']).toBe('pocketed');
    expect(r.report.rack.balls['9']).toBe('table');
  });

  it('PB-Q10 (reading: a break that never crosses the head string is an illegal break of the discipline)', () => {
    const l = new Log().add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'head' }).rest();
    expect(nine(l).report.shots[0]!.fouls.map((f) => f.code)).toEqual(['illegal-break']);
    expect(eight(l).summary.pending.map((p) => p.kind)).toEqual(['pocket.break-foul']);
  });
});

describe('PB fouls', () => {
  it('PB-FOUL-1: hitting a ball that is not legal first is a foul', () => {
    const r = nine(afterBreak().shot({ first: '3', pockets: ['3'] }));
    expect(r.report.shots[1]!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.balls['3']).toBe('pocketed');
  });

  it('PB-FOUL-2: a scratch is a foul even when an object ball dropped', () => {
    const r = nine(afterBreak().shot({ first: '1', pockets: ['1', 'cue'] }));
    expect(r.report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-2']);
    expect(r.report.rack.balls['cue']).toBe('table');
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('PB-FOUL-3: a ball leaving the playing area is a foul, even if it comes back', () => {
    const r = nine(afterBreak().shot({ first: '1', cushions: ['1'], off: ['4'] }));
    expect(r.report.shots[1]!.fouls.map((f) => f.rule)).toContain('PB-FOUL-3');
    expect(r.report.rack.balls['4']).toBe('off');
    const back = afterBreak().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).add({ type: 'cushion', ball: '1' });
    back.add({ type: 'off_table', ball: '5', returned: true }).rest();
    const rb = nine(back);
    expect(rb.report.shots[1]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-3']);
    expect(rb.report.rack.balls['5']).toBe('table');
  });

  it('PB-FOUL-4: in a refereed game any touch is a foul', () => {
    const l = afterBreak({ refereed: true }).add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).ref('foul', { value: 'touch' });
    const r = nine(l.add({ type: 'pocket', ball: '1', pocket: 'c', captured: true }).rest());
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-4']);
    expect(r.summary.turn).toBe('B');
  });

  it('PB-FOUL-5: unrefereed, an accidental touch without effect is not a foul; touching the cue ball is', () => {
    const ok = nine(afterBreak().ref('foul', { value: 'touch', data: { standalone: true } }));
    expect(ok.summary.turn).toBe('A');
    expect(ok.report.shots.at(-1)!.notes.join(' ')).toContain('PB-FOUL-5');
    const bad = nine(afterBreak().ref('foul', { value: 'touch', data: { standalone: true, cueBall: true } }));
    expect(bad.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-5']);
    expect(bad.summary.turn).toBe('B');
  });

  it('PB-FOUL-6: the non-shooter chooses to restore the disturbed balls or leave them', () => {
    const r = nine(afterBreak().ref('restore-choice', { player: 'B', value: 'restore' }).ref('restore-choice', { value: 'maybe' }));
    expect(r.report.refLog.at(-1)!.effect).toContain('restored');
    expect(r.report.rejected.map((x) => x.code)).toEqual(['bad-value']);
  });

  it('PB-FOUL-6 (seed 001 §5 d: "Atış yapmayan oyuncunun tercihine göre"): an accidental touch raises the choice for the non-shooter only', () => {
    // Between shots: A is to shoot, B chooses.
    const between = afterBreak().ref('foul', { value: 'touch', data: { standalone: true } });
    const q = nine(between).summary.pending;
    expect(q.map((d) => [d.kind, d.answeredBy, d.default, d.evidence])).toEqual([['pocket.touch-restore', 'players', 'leave', ['B chooses']]]);
    const answered = nine(between.decide(q[0]!.id, 'restore'));
    expect(answered.summary.pending).toEqual([]);
    expect(answered.report.refLog.at(-1)!.effect).toContain('touch-restore: restore');
    // During A's shot, which pockets the 1: A shoots on, B chooses.
    const during = afterBreak().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).ref('foul', { value: 'touch', player: 'A' });
    const r = nine(during.add({ type: 'pocket', ball: '1', pocket: 'c', captured: true }).rest());
    expect(r.report.shots.at(-1)!.fouls).toEqual([]);
    expect(r.summary.pending.map((d) => [d.kind, d.evidence[0]])).toEqual([['pocket.touch-restore', 'B chooses']]);
    expect(r.summary.turn).toBe('A');
    // The shooter's own choice is refused; with a referee no choice is raised (the seed's sentence is for unrefereed games).
    expect(nine(afterBreak().ref('restore-choice', { player: 'A', value: 'restore' })).report.rejected.map((x) => x.code)).toEqual(['not-your-choice']);
    expect(nine(afterBreak({ refereed: true }).ref('foul', { value: 'touch', data: { standalone: true } })).summary.pending).toEqual([]);
  });

  it('PB-FOUL-7 (reading PB-Q4: judged as PB-FOUL-10)', () => {
    const l = afterBreak().ref('frozen', { ball: '1', place: 'side-a' });
    l.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).add({ type: 'cushion', ball: '1', cushion: 'side-a' }).rest();
    expect(
      nine(l)
        .report.shots.at(-1)!
        .fouls.map((f) => f.rule),
    ).toEqual(['PB-FOUL-10']);
  });

  it('PB-FOUL-8: shooting without a foot on the floor is a foul', () => {
    const r = nine(
      afterBreak()
        .add({ type: 'strike', ball: 'cue' })
        .ref('foul', { value: 'foot' })
        .add({ type: 'contact', a: 'cue', b: '1' })
        .add({ type: 'pocket', ball: '1', pocket: 'c1', captured: true })
        .rest(),
    );
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-8']);
    expect(r.summary.turn).toBe('B');
  });

  it('PB-FOUL-9: a second strike before the balls are at rest is a foul', () => {
    const l = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'cushion', ball: '1' })
      .rest();
    expect(
      nine(l)
        .report.shots.at(-1)!
        .fouls.map((f) => f.rule),
    ).toEqual(['PB-FOUL-9']);
  });

  it('PB-FOUL-10: a frozen ball leaving its cushion is not a cushion contact; the cue ball reaching one is', () => {
    const foul = afterBreak().ref('frozen', { ball: '1', place: 'side-a' });
    foul.add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).rest();
    expect(
      nine(foul)
        .report.shots.at(-1)!
        .fouls.map((f) => f.code),
    ).toEqual(['no-rail']);
    const legal = afterBreak().ref('frozen', { ball: '1', place: 'side-a' });
    legal
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'cushion', ball: '1', cushion: 'side-a' })
      .add({ type: 'contact', a: '1', b: '5' })
      .add({ type: 'cushion', ball: '1', cushion: 'side-a' })
      .rest();
    expect(nine(legal).report.shots.at(-1)!.legal).toBe(true);
  });

  it('PB-Q5 (reading: another object ball must be driven to a cushion it was not already touching)', () => {
    const l = afterBreak().ref('frozen', { ball: '1', place: 'side-a' }).ref('frozen', { ball: '6', place: 'foot' });
    l.add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'contact', a: '1', b: '6' })
      .add({ type: 'cushion', ball: '6', cushion: 'foot' })
      .rest();
    expect(nine(l).report.shots.at(-1)!.legal).toBe(false);
    const ok = afterBreak().ref('frozen', { ball: '1', place: 'side-a' });
    ok.add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'contact', a: '1', b: '6' })
      .add({ type: 'cushion', ball: '6', cushion: 'foot' })
      .rest();
    expect(nine(ok).report.shots.at(-1)!.legal).toBe(true);
  });

  it('PB-FOUL-11: the referee calls an illegal jump (scoop or double contact)', () => {
    const r = nine(
      afterBreak()
        .add({ type: 'strike', ball: 'cue' })
        .add({ type: 'contact', a: 'cue', b: '1' })
        .ref('foul', { value: 'jump' })
        .add({ type: 'pocket', ball: '1', pocket: 'c', captured: true })
        .rest(),
    );
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-11']);
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('PB-FOUL-12: placing the cue ball outside the kitchen is a foul only after the referee warned', () => {
    const noWarn = new Log()
      .add({ type: 'strike', ball: 'cue' })
      .ref('foul', { value: 'kitchen' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'pocket', ball: '3', pocket: 'c', captured: true })
      .rest();
    const a = nine(noWarn);
    expect(a.report.shots[0]!.fouls).toEqual([]);
    const warned = new Log()
      .ref('kitchen-warning')
      .add({ type: 'strike', ball: 'cue' })
      .ref('foul', { value: 'kitchen' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'pocket', ball: '3', pocket: 'c', captured: true })
      .rest();
    // The first ref comes before rack 1 exists: it is refused, so warn after the rack is set up by the lag.
    const w2 = new Log().ref('lag', { player: 'A' }).decide('lag-1:choice', 'break').ref('kitchen-warning');
    w2.add({ type: 'strike', ball: 'cue' })
      .ref('foul', { value: 'kitchen' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'pocket', ball: '3', pocket: 'c', captured: true })
      .rest();
    expect(nine(warned).report.rejected.map((x) => x.code)).toContain('no-rack');
    const b = nine(w2);
    expect(b.report.shots[0]!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-12']);
    expect(b.summary.turn).toBe('B');
  });

  it('PB-FOUL-13: marking the table is a foul with the discipline penalty', () => {
    const r = nine(afterBreak().ref('foul', { value: 'marking', data: { standalone: true } }));
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-13']);
    expect(r.summary.turn).toBe('B');
    expect(r.report.rack.ballInHand).toBe('table');
  });

  it('PB-FOUL-14: measuring a gap with a tool is a foul with the discipline penalty', () => {
    const r = nine(afterBreak().ref('foul', { value: 'measuring', data: { standalone: true } }));
    expect(r.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-14']);
    expect(r.summary.turn).toBe('B');
  });

  it('PB-FOUL-15 (reading PB-Q7: waiting player fouls, balls restored, shooter continues with ball in hand)', () => {
    const l = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .ref('foul', { value: 'interfering', player: 'B' })
      .add({ type: 'pocket', ball: '1', pocket: 'c', captured: true })
      .rest();
    const r = nine(l);
    expect(r.report.shots.at(-1)!.fouls).toEqual([{ rule: 'PB-FOUL-15', code: 'interfering', by: 'B' }]);
    expect(r.summary.turn).toBe('A');
    expect(r.report.rack.ballInHand).toBe('table');
    expect(r.report.rack.balls['1']).toBe('table');
    const outOfTurn = nine(afterBreak().shot({ player: 'B', first: '1', pockets: ['1'] }));
    expect(outOfTurn.report.shots.at(-1)!.fouls[0]).toEqual({ rule: 'PB-FOUL-15', code: 'out-of-turn', by: 'B' });
    expect(outOfTurn.summary.turn).toBe('A');
  });

  it('PB-FROZEN-1: a cue ball frozen to a ball counts as hitting it when that ball moves', () => {
    const l = afterBreak().ref('frozen', { ball: '1', place: 'cue' });
    l.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: '1', cushion: 'foot' }).rest();
    const r = nine(l);
    expect(r.report.shots.at(-1)!.firstContact).toBe('1');
    expect(r.report.shots.at(-1)!.legal).toBe(true);
    const still = afterBreak().ref('frozen', { ball: '1', place: 'cue' });
    still.add({ type: 'strike', ball: 'cue' }).add({ type: 'cushion', ball: 'cue', cushion: 'foot' }).rest();
    const q = nine(still);
    expect(q.summary.pending.map((p) => p.kind)).toEqual(['pocket.frozen-moved']);
    expect(q.summary.provisional).toBe(true);
    const id = q.summary.pending[0]!.id;
    const yes = nine(still.decide(id, 'yes'));
    expect(yes.report.shots.at(-1)!.legal).toBe(true);
  });
});

describe('PB pockets, interference, penalties', () => {
  it('PB-POCKET-1: a ball that rattles out of the pocket is not pocketed', () => {
    const l = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '1' })
      .add({ type: 'pocket', ball: '1', pocket: 'c', captured: false })
      .add({ type: 'cushion', ball: '1' })
      .rest();
    const r = nine(l);
    expect(r.report.rack.balls['1']).toBe('table');
    expect(r.report.shots.at(-1)!.rattled).toEqual(['1']);
    expect(r.summary.turn).toBe('B');
  });

  it('PB-POCKET-2: a ball that drops 5 s or more after rest is put back and the player in control continues', () => {
    const l = afterBreak().shot({ first: '1', cushions: ['1'] });
    l.add({ type: 'pocket', ball: '6', pocket: 'c', captured: true, t: l.events.at(-1)!.t + 7000 });
    l.shot({ first: '1', cushions: ['1'] });
    const r = nine(l);
    expect(r.report.rack.balls['6']).toBe('table');
    expect(r.report.shots[1]!.lateDrops).toEqual([{ ball: '6', afterMs: 7000, putBack: true }]);
    expect(r.report.shots[2]!.shooter).toBe('B');
  });

  it('PB-EXT-1 (seed 001 §9 "toplar eski hallerine getirilerek atış tekrarlanır"): interference that affected the shot: balls restored, the same player replays, the shot is no foul', () => {
    const l = afterBreak().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '1' }).ref('interference', { value: 'affected' }).rest();
    const r = nine(l);
    expect(r.summary.turn).toBe('A');
    expect(r.report.shots.at(-1)!.fouls).toEqual([]);
    expect(r.report.shots.at(-1)!.result).toContain('replayed');
    // Not a foul: the record says legal, and that it counts for nothing (replayed).
    expect(r.report.shots.at(-1)).toMatchObject({ legal: true, replayed: true });
    const gone = nine(
      afterBreak()
        .shot({ first: '1', pockets: ['1'] })
        .ref('interference', { value: 'unrestorable', data: { standalone: true } }),
    );
    expect(gone.report.rack.balls['1']).toBe('table');
    expect(gone.report.rack.breaker).toBe('A');
    expect(gone.report.rack.started).toBe(false);
  });

  it('PB-PEN-1: the foul penalty comes from the discipline: ball in hand anywhere (WPA)', () => {
    const r = eight(new Log().break(['1']).shot({ first: '8', cushions: ['8'] }));
    expect(r.report.shots.at(-1)!.fouls[0]!.code).toBe('wrong-first-ball');
    expect(r.report.rack.ballInHand).toBe('table');
    expect(r.summary.turn).toBe('B');
  });

  it('PB-PEN-2: safety procedure from the discipline: a called safety ends the inning (8-ball)', () => {
    const l = new Log()
      .break(['1'])
      .shot({ first: '2', pockets: ['2'] })
      .ref('safety')
      .shot({ first: '3', pockets: ['3'] });
    const r = eight(l);
    expect(r.report.rack.balls['3']).toBe('pocketed');
    expect(r.summary.turn).toBe('B');
  });
});
