import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/game/events';
import type { RulesEngine } from '../../../shared/game/engine';
import { initialMatch, replay, step, type MatchState } from '../common/replay';
import { fourBall, threeBall, threeCushion } from './index';
import type { CaromState } from './state';
import { highRun, innings, points } from './state';

const BALLS4 = ['W', 'Y', 'R', 'M'];
const maybeBall = (balls: string[]) => fc.option(fc.constantFrom(...balls), { nil: undefined, freq: 6 });

type Action =
  | { k: 'strike'; ball: string | undefined }
  | { k: 'contact'; a: string | undefined; b: string | undefined }
  | { k: 'cushion'; ball: string | undefined; cushion: string }
  | { k: 'out'; ball: string | undefined }
  | { k: 'rest' }
  | { k: 'foul'; code: string }
  | { k: 'decide'; pick: number }
  | { k: 'undo' }
  | { k: 'redo' }
  | { k: 'call'; call: string; player: string; value: string }
  | { k: 'clock'; clock: string; phase: 'start' | 'warn' | 'expire' | 'stop' };

function actions(balls: string[]): fc.Arbitrary<Action[]> {
  const a: fc.Arbitrary<Action> = fc.oneof(
    { weight: 3, arbitrary: maybeBall(balls).map((ball): Action => ({ k: 'strike', ball })) },
    { weight: 6, arbitrary: fc.tuple(maybeBall(balls), maybeBall(balls)).map(([x, y]): Action => ({ k: 'contact', a: x, b: x === y ? undefined : y })) },
    {
      weight: 6,
      arbitrary: fc.tuple(maybeBall(balls), fc.constantFrom('L1', 'L2', 'S1', 'S2')).map(([ball, cushion]): Action => ({ k: 'cushion', ball, cushion })),
    },
    { weight: 1, arbitrary: maybeBall(balls).map((ball): Action => ({ k: 'out', ball })) },
    { weight: 4, arbitrary: fc.constant<Action>({ k: 'rest' }) },
    { weight: 1, arbitrary: fc.constantFrom('foot', 'touch', 'push', 'wrong_ball', 'other', 'bogus').map((code): Action => ({ k: 'foul', code })) },
    { weight: 2, arbitrary: fc.nat(4).map((pick): Action => ({ k: 'decide', pick })) },
    { weight: 1, arbitrary: fc.constant<Action>({ k: 'undo' }) },
    { weight: 1, arbitrary: fc.constant<Action>({ k: 'redo' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('shot', 'timeout'), fc.constantFrom('start', 'warn', 'expire', 'stop') as fc.Arbitrary<'start' | 'warn' | 'expire' | 'stop'>)
        .map(([clock, phase]): Action => ({ k: 'clock', clock, phase })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('timeout', 'timeout_end', 'play', 'frozen', 'frozen_option', 'restore', 'opener', 'lag_winner', 'interference', 'edit_inning'),
          fc.constantFrom('A', 'B', 'C'),
          fc.constantFrom('spot', 'W', 'R', 'play_on'),
        )
        .map(([call, player, value]): Action => ({ k: 'call', call, player, value })),
    },
  );
  return fc.array(a, { maxLength: 120 });
}

const configs = fc.record({
  lag: fc.boolean(),
  ruleset: fc.constantFrom('ceb-004', 'salon-002'),
  distance: fc.constantFrom(3, 5, null),
  inningsLimit: fc.constantFrom(null, 4),
  equalizingInning: fc.boolean(),
});

/** Build a log action by action; `decide` answers an open decision of the state so far. */
function build(engine: RulesEngine<CaromState>, players: string[], config: Record<string, unknown>, acts: Action[]): GameEvent[] {
  const log: GameEvent[] = [];
  let m: MatchState<CaromState> = initialMatch(engine);
  const push = (e: Record<string, unknown>) => {
    const ev = { ...e, seq: log.length, t: log.length * 500 } as GameEvent;
    log.push(ev);
    m = step(engine, m, ev);
  };
  push({ type: 'start', players: players.map((id) => ({ id, name: id })), config });
  for (const x of acts) {
    switch (x.k) {
      case 'strike':
        push({ type: 'strike', ball: x.ball });
        break;
      case 'contact':
        push({ type: 'contact', a: x.a, b: x.b });
        break;
      case 'cushion':
        push({ type: 'cushion', ball: x.ball, cushion: x.cushion });
        break;
      case 'out':
        push({ type: 'off_table', ball: x.ball });
        break;
      case 'rest':
        push({ type: 'at_rest' });
        break;
      case 'foul':
        push({ type: 'ref', call: 'foul', value: x.code, by: 'referee' });
        break;
      case 'decide': {
        const d = m.game.core.pending[x.pick % Math.max(1, m.game.core.pending.length)];
        if (d) push({ type: 'decide', decision: d.id, answer: d.options[x.pick % d.options.length]!.value, by: 'referee' });
        break;
      }
      case 'undo':
        push({ type: 'undo', by: 'referee', why: 'test' });
        break;
      case 'redo':
        push({ type: 'redo', by: 'referee', why: 'test' });
        break;
      case 'clock':
        push({ type: 'clock', clock: x.clock, phase: x.phase, by: 'hub' });
        break;
      case 'call':
        push({
          type: 'ref',
          call: x.call,
          player: x.player,
          value: x.value,
          ball: x.value,
          by: 'referee',
          why: 'test',
          data: { inning: 1, run: 2, balls: [x.value] },
        });
        break;
    }
  }
  return log;
}

const engines: [string, RulesEngine<CaromState>, string[], string[]][] = [
  ['three-cushion', threeCushion, BALLS4.slice(0, 3), ['A', 'B']],
  ['three-ball', threeBall, BALLS4.slice(0, 3), ['A', 'B', 'C']],
  ['four-ball', fourBall, BALLS4, ['A', 'B']],
];

function checkInvariants(m: MatchState<CaromState>): void {
  const s = m.game.core;
  // reduce never throws: the engine's guard would have recorded an "internal" rejection.
  expect(s.rejected.filter((r) => r.code === 'internal')).toEqual([]);
  for (const p of s.players) {
    // No carom rule makes a score negative (4-ball erasure only returns to the inning's start).
    expect(points(p)).toBeGreaterThanOrEqual(0);
    expect(p.runs.every((r) => r >= 0)).toBe(true);
    expect(highRun(p)).toBeLessThanOrEqual(points(p));
  }
  if (s.status === 'playing') {
    // Exactly the player at the table has an open inning.
    const at = s.order[s.turn!];
    for (const p of s.players) expect(p.current !== null).toBe(p.id === at);
    // Innings stay in step: players later in the order have one inning fewer at most.
    const ns = s.order.map((id) => innings(s.players.find((p) => p.id === id)!));
    for (let i = 1; i < ns.length; i++) {
      expect(ns[i]!).toBeLessThanOrEqual(ns[i - 1]!);
      expect(ns[0]! - ns[i]!).toBeLessThanOrEqual(1);
    }
    expect(s.inning).toBe(ns[0]);
    // A running shot clock times the player at the table waiting to strike (C3-TIME-1, C3-TO-4).
    if (s.clock.running) expect([s.clock.player, s.shot, s.timeoutActive]).toEqual([at, null, false]);
  } else {
    expect(s.turn).toBeNull();
    expect(s.clock.running).toBe(false);
  }
}

describe.each(engines)('properties: %s', (_name, engine, balls, players) => {
  it('replay is deterministic: the same log twice gives equal states', () => {
    fc.assert(
      fc.property(configs, actions(balls), (cfg, acts) => {
        const log = build(engine, players, cfg, acts);
        expect(replay(engine, log)).toEqual(replay(engine, log));
      }),
      { numRuns: 60 },
    );
  });

  it('invariants: score never negative, high run ≤ points, innings and turns consistent', () => {
    fc.assert(
      fc.property(configs, actions(balls), (cfg, acts) => {
        const log = build(engine, players, cfg, acts);
        let m = initialMatch(engine);
        for (const e of log) {
          m = step(engine, m, e);
          checkInvariants(m);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('undo then redo returns the same game state', () => {
    fc.assert(
      fc.property(configs, actions(balls), (cfg, acts) => {
        const log = build(engine, players, cfg, acts);
        const t = log.length * 500;
        const undone = replay(engine, [...log, { type: 'undo', t, seq: log.length, by: 'referee' }]);
        // Only when the undo took something back (otherwise redo would put back an older undo).
        fc.pre(undone.corrections[undone.corrections.length - 1]!.effect.startsWith('took back'));
        const after = replay(engine, [...log, { type: 'undo', t, seq: log.length, by: 'referee' }, { type: 'redo', t, seq: log.length + 1, by: 'referee' }]);
        expect(after.game).toEqual(replay(engine, log).game);
      }),
      { numRuns: 60 },
    );
  });

  it('an answer given late gives the state an immediate answer gives', () => {
    fc.assert(
      fc.property(configs, actions(balls), (cfg, acts) => {
        const log = build(engine, players, cfg, acts);
        // Move every decide event to the end of the log, in order (their answers unchanged).
        const decides = log.filter((e) => e.type === 'decide');
        const corrections = log.some((e) => e.type === 'undo' || e.type === 'redo' || e.type === 'override');
        fc.pre(decides.length > 0 && !corrections);
        const late = [...log.filter((e) => e.type !== 'decide'), ...decides];
        const a = replay(engine, log).game;
        const b = replay(engine, late).game;
        // Only when each decision was still open when its answer came, in both logs.
        fc.pre(a.core.rejected.filter((r) => r.type === 'decide').length === 0 && b.core.rejected.filter((r) => r.type === 'decide').length === 0);
        expect(b.core.players).toEqual(a.core.players);
        expect(b.core.decisions).toEqual(a.core.decisions);
      }),
      { numRuns: 80 },
    );
  });
});
