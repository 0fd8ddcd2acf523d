/**
 * GB-END-4 on the hub's timeline: both last balls drop in one stroke, each into a goal watched by
 * a different board, and the boards' clocks drift 0.7 % in opposite directions. The hub's clock
 * sync (hub/time/sync.ts) maps each device timestamp onto one clock, the shot assembler orders the
 * goals by that time, and the engine gives the set to the side whose last ball truly dropped first.
 * The same goals ordered by the devices' own clocks (offset only, no drift) give the wrong winner,
 * which is why the engine reads the hub-timeline `t` and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceEvent } from '../../../shared/protocol/schema';
import type { GameEvent } from '../../../shared/game/events';
import { PROTOCOL_VERSION } from '../../../shared/protocol/wire';
import { ShotAssembler, assemblerFor, type AssembledInput } from '../../games/assembler';
import type { Ingest } from '../../ingest/pipeline';
import { ClockSync } from '../../time/sync';
import { Log, core } from './testkit';

/** A board whose clock starts at `bootAtMs` (hub time) and runs (1 + drift) fast. */
interface Board {
  id: string;
  boot: string;
  bootAtMs: number;
  drift: number;
}

const deviceUs = (b: Board, hubMs: number): number => Math.round((hubMs - b.bootAtMs) * (1 + b.drift) * 1000);

/** Timers run by hand, in due order, on a clock the test moves. */
function manualTimers(start: number) {
  let now = start;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    set: (fn: () => void, ms: number) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h: unknown) => void due.delete(h as number),
    advanceTo(t: number): void {
      for (;;) {
        const first = [...due.entries()].filter(([, d]) => d.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
        if (!first) break;
        due.delete(first[0]);
        now = Math.max(now, first[1].at);
        first[1].fn();
      }
      now = t;
    },
  };
}

const GOAL_BOARD_A: Board = { id: 'gb1-a', boot: 'boota', bootAtMs: 1_000, drift: 0.007 };
const GOAL_BOARD_B: Board = { id: 'gb1-b', boot: 'bootb', bootAtMs: 40_000, drift: -0.007 };

/** Clock sync as the hub runs it: a round trip every 500 ms from t = 45 s to 75 s, 1-3 ms each. */
function syncedClock(): ClockSync {
  const sync = new ClockSync({ on: () => undefined } as unknown as Ingest, { now: () => 0 });
  for (const b of [GOAL_BOARD_A, GOAL_BOARD_B]) {
    for (let i = 0; i < 60; i++) {
      const send = 45_000 + i * 500;
      const rtt = 1 + (i % 3);
      sync.mapFor(b.id, b.boot).addSample({ hubSendMs: send, deviceUs: deviceUs(b, send + rtt / 2), hubRecvMs: send + rtt });
    }
  }
  return sync;
}

/** A goal sensed by a board at true hub time `trueMs`, with the ball colour its reader saw. */
function goalEvent(b: Board, n: number, trueMs: number, goal: string, colour: string): DeviceEvent {
  return { v: PROTOCOL_VERSION, d: b.id, b: b.boot, k: 'ev', n, t: deviceUs(b, trueMs), e: 'goal', s: 'g1', p: goal, o: colour };
}

/**
 * Ann (white, side A) and Bob (red, side B) each have one ball left; Ann strikes and both last
 * balls go in: Bob's red into goal A at `redAt`, Ann's white into goal B at `whiteAt` (true time).
 * `time` puts each device event on a timeline; the assembler turns them into the stroke.
 */
function lastStroke(redAt: number, whiteAt: number, time: (e: DeviceEvent, arrival: number) => number): GameEvent[] {
  const events: GameEvent[] = [];
  const timers = manualTimers(redAt - 50);
  const assembler = new ShotAssembler(
    assemblerFor('golf-billiards'),
    (x: AssembledInput) => {
      if (x.kind === 'event') events.push(x.event);
    },
    timers,
  );
  const red = goalEvent(GOAL_BOARD_A, 7, redAt, 'goal-A', 'red');
  const white = goalEvent(GOAL_BOARD_B, 9, whiteAt, 'goal-B', 'white');
  // Board B's message arrives first: the link order says nothing about the drop order.
  for (const [e, arrival] of [
    [white, whiteAt + 4],
    [red, redAt + 12],
  ] as const) {
    timers.advanceTo(arrival);
    assembler.push({ id: e.n, hubT: arrival, at: time(e, arrival), link: 'mqtt', event: e });
  }
  timers.advanceTo(whiteAt + 10_000);
  return events;
}

function setWinner(stroke: GameEvent[]): string | undefined {
  const l = new Log({ colours: { A: 'white', B: 'red' } });
  l.given(1, 1, 'A');
  for (const e of stroke) l.add(e as Parameters<Log['add']>[0]);
  return core(l.events).sets[0]?.winner;
}

describe('golf billiards: first drop on the hub timeline (GB-END-4)', () => {
  const sync = syncedClock();
  const onHubClock = (e: DeviceEvent, arrival: number): number => sync.eventTime(e, arrival);

  it('GB-END-4: two boards drifting apart, last balls 3 ms apart: the hub timeline orders them truly and the first drop wins the set', () => {
    // About 100 s after the sync started, 0.7 % drift has moved each board's clock ~0.4 s.
    const redFirst = lastStroke(120_000, 120_003, onHubClock);
    expect(redFirst.map((e) => e.type)).toEqual(['strike', 'goal', 'goal', 'at_rest']);
    const goals = redFirst.filter((e): e is Extract<GameEvent, { type: 'goal' }> => e.type === 'goal');
    expect(goals.map((g) => g.ball)).toEqual(['red', 'white']);
    for (const [g, truth] of [
      [goals[0]!, 120_000],
      [goals[1]!, 120_003],
    ] as const)
      expect(Math.abs(g.t - truth)).toBeLessThan(1);
    expect(setWinner(redFirst)).toBe('B');
    expect(setWinner(lastStroke(120_003, 120_000, onHubClock))).toBe('A');
  });

  it("GB-END-4: the same goals on the devices' own clocks (offset from one sync, no drift) would give the set to the wrong side", () => {
    const offsetOnly = (b: Board): ((e: DeviceEvent) => number) => {
      const send = 45_000;
      const offset = send + 0.5 - deviceUs(b, send + 0.5) / 1000;
      return (e) => e.t / 1000 + offset;
    };
    const naive = { [GOAL_BOARD_A.id]: offsetOnly(GOAL_BOARD_A), [GOAL_BOARD_B.id]: offsetOnly(GOAL_BOARD_B) };
    const stroke = lastStroke(120_000, 120_003, (e) => naive[e.d]!(e));
    expect(stroke.filter((e) => e.type === 'goal').map((e) => (e as { ball?: string }).ball)).toEqual(['white', 'red']);
    expect(setWinner(stroke)).toBe('A');
  });
});
