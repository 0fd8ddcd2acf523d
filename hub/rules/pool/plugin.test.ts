/**
 * Disciplines are plug-ins (PB-Q1): a third discipline, written here only against the
 * `Discipline` interface, gets the whole general layer of seed 001 (fouls, pockets, late drops,
 * interference, identities, options, racks and the match) without a line of engine code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../../shared/game/engine';
import type { Discipline, Verdict } from './discipline';
import { objectOnTable } from './discipline';
import { eightBall } from './eight';
import { makeEngine } from './index';
import { nineBall } from './nine';
import { Log, run } from './testkit';
import { GENERAL_OPTIONS } from './rack';

const BALLS = ['1', '2', '3'] as const;

/**
 * "Clear the table" (made up for this test): any ball may be hit first; the player who pockets
 * the last object ball wins the rack; after a foul the opponent may shoot or make the offender
 * shoot again (an option the discipline declares itself).
 */
const clearTable: Discipline = {
  id: 'clear-table' as GameId, // never registered: the engine is built here only
  title: 'Clear the table (test discipline)',
  objectBalls: BALLS,
  defaults: { raceTo: 2 },
  initialDisc: () => ({ groups: {}, pushOutAvailable: false }),
  legalFirst: () => 'any',
  needsRail: (isBreak) => !isBreak,
  questions: () => [],
  judge(ctx) {
    const v: Verdict = {
      fouls: [],
      continues: false,
      ballInHand: null,
      spotted: [],
      rackWinner: null,
      reason: '',
      disc: ctx.t.disc,
      option: null,
      notes: [],
      result: '',
    };
    if (ctx.fouls.length > 0) {
      v.ballInHand = 'table';
      v.option = { kind: 'foul-choice', chooser: ctx.opponent };
      v.result = 'foul: opponent chooses';
      return v;
    }
    const down = new Set(ctx.f.pocketed);
    if (objectOnTable(ctx.t, BALLS).every((b) => down.has(b))) {
      v.rackWinner = ctx.shooter;
      v.reason = 'table cleared';
      return v;
    }
    v.continues = ctx.f.pocketed.length > 0;
    return v;
  },
  options: {
    'foul-choice': {
      question: 'After the foul: shoot, or make the offender shoot again?',
      values: [
        ['shoot', 'Shoot'],
        ['pass', 'Offender shoots again'],
      ],
      def: 'shoot',
      apply: (answer, chooser, rival) => ({ kind: 'play', turn: answer === 'pass' ? rival : chooser, spot: [] }),
    },
  },
  checkCall: (call) => (call === 'frozen' || call === 'kitchen-warning' ? null : `no ${call} in this discipline`),
};

const engine = makeEngine(clearTable);
const play = (l: Log) => run(engine, l.events);
/** A breaks and pockets the 1: A shoots again with the 2 and the 3 left. */
const afterBreak = () => new Log().shot({ first: '1', cushions: ['2', '3'], pockets: ['1'] });

describe('a third discipline plugged into the general layer', () => {
  it('PB-Q1 (reading: a discipline is a plug-in): the general fouls apply unchanged (PB-FOUL-2, PB-SHOT-1, PB-FOUL-3)', () => {
    expect(
      play(afterBreak().shot({ first: '2', cushions: ['2'], pockets: ['cue'] }))
        .report.shots.at(-1)!
        .fouls.map((f) => f.rule),
    ).toEqual(['PB-FOUL-2']);
    expect(
      play(afterBreak().shot({ first: '2' }))
        .report.shots.at(-1)!
        .fouls.map((f) => f.rule),
    ).toEqual(['PB-SHOT-1']);
    const off = play(afterBreak().shot({ first: '2', cushions: ['2'], off: ['3'] }));
    expect(off.report.shots.at(-1)!.fouls.map((f) => f.rule)).toEqual(['PB-FOUL-3']);
    expect(off.report.rack.balls['3']).toBe('off');
  });

  it('PB-POCKET-1 / PB-POCKET-2 / PB-EXT-1 come from the general layer: rattle, late drop, interference', () => {
    const rattle = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '2' })
      .add({ type: 'pocket', ball: '2', pocket: 'c1', captured: false })
      .add({ type: 'cushion', ball: '2' })
      .rest();
    expect(play(rattle).report.rack.balls['2']).toBe('table');
    const late = afterBreak().shot({ first: '2', cushions: ['2'] });
    late.add({ type: 'pocket', ball: '3', pocket: 'c2', captured: true, t: late.events.at(-1)!.t + 6000 });
    expect(play(late).report.rack.balls['3']).toBe('table');
    const spectator = afterBreak()
      .add({ type: 'strike', ball: 'cue' })
      .add({ type: 'contact', a: 'cue', b: '2' })
      .ref('interference', { value: 'affected' })
      .rest();
    expect(play(spectator).summary.turn).toBe('A');
  });

  it('an unnamed capture is asked through the general identity decision, and a late identity settles it', () => {
    const l = afterBreak().add({ type: 'strike', ball: 'cue' }).add({ type: 'contact', a: 'cue', b: '2' });
    const seq = l.next;
    l.add({ type: 'pocket', pocket: 'c1', captured: true }).rest();
    expect(play(l).summary.pending.map((p) => p.kind)).toEqual(['pocket.ball-identity']);
    expect(play(l.identify(seq, '2')).summary.turn).toBe('A');
  });

  it("the discipline's own option is raised and applied by the general layer", () => {
    const l = afterBreak().shot({ first: '2', cushions: ['2'], pockets: ['cue'] });
    const r = play(l);
    expect(r.summary.pending.map((p) => [p.kind, p.default])).toEqual([['pocket.foul-choice', 'shoot']]);
    expect(r.summary.turn).toBe('B');
    expect(play(l.decide(r.summary.pending[0]!.id, 'pass')).summary.turn).toBe('A');
  });

  it('racks won and the race to N are the general layer’s: clearing the table twice wins the match', () => {
    const l = afterBreak().shot({ first: '2', pockets: ['2', '3'] });
    l.shot({ first: '1', pockets: ['1', '2', '3'] }); // B breaks rack 2 (alternate) and clears it
    const one = play(l);
    expect(one.report.racks.map((x) => [x.breaker, x.winner, x.reason])).toEqual([
      ['A', 'A', 'table cleared'],
      ['B', 'B', 'table cleared'],
    ]);
    l.shot({ first: '1', pockets: ['1', '2', '3'] });
    const done = play(l);
    expect(done.summary.status).toBe('finished');
    expect(done.summary.winner).toBe('A');
    expect(done.summary.players.map((p) => p.score)).toEqual([2, 1]);
  });
});

describe('options of the registered disciplines', () => {
  it('every option eight-ball and nine-ball declare is named in OptionKind (the list the dashboard translates)', () => {
    const src = readFileSync(new URL('./state.ts', import.meta.url), 'utf8');
    const listed = [.../export type OptionKind =([^;]*);/.exec(src)![1]!.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!);
    const declared = [...Object.keys(GENERAL_OPTIONS), ...Object.keys(eightBall.options), ...Object.keys(nineBall.options)];
    expect(declared.sort()).toEqual(listed.sort());
  });

  it('an option a discipline raises without declaring it is a programming error, not a silent no-op', () => {
    const broken = makeEngine({ ...clearTable, options: {} });
    expect(() => run(broken, afterBreak().shot({ first: '2', cushions: ['2'], pockets: ['cue'] }).events)).toThrow(/foul-choice is not declared/);
  });
});
