/**
 * The whole chain for the automation yardstick, in virtual time: the simulated shot's physics ->
 * sensor signals with noise -> the real firmware bundle on the simulated board -> the hub's own
 * event mapping and shot assembler (hub/games/assembler.ts, with the game's catalogue options,
 * on a virtual clock: a run of a thousand shots takes seconds, not hours) -> the engine from the
 * registry. Per shot the engine's credit is compared with the truth.
 *
 * Two ways to run: `unattended` (nobody answers: after each shot, every open question with a
 * default takes it, as the hub does when its wait ends; one without a default stays open) and
 * `referee` (a referee answers every question from the truth at once). In both, a question the
 * engine is sure of (its probability at or above the venue's `askBelow`) is decided by the hub
 * at once with its default, as hub/games/defaults.ts does, and is not counted as asked.
 */
import { assemblerFor, ShotAssembler, type AssembledInput, type TimerApi } from '../../hub/games/assembler';
import type { StoredDeviceEvent } from '../../hub/store/types';
import { getEngine } from '../../hub/rules/registry';
import { gameEntry } from '../../shared/game/catalogue';
import type { PendingDecision, RulesEngine } from '../../shared/game/engine';
import { DEFAULT_ASK_BELOW, DEFAULT_CLAIM_WINDOW_S, decidedAlone } from '../../shared/venue';
import type { GameEvent } from '../../shared/game/events';
import { FirmwareTable } from '../../sim/signals/firmware';
import { signalsFor, type NoiseOptions } from '../../sim/signals/signals';
import type { EngineView, GameAdapter, PlayedShot, ShotOutcome } from './types';
import { acousticHooks } from '../../hub/tracker/hooks';
import type { TableConfig } from '../../shared/venue';
import type { AcousticLayout } from '../../shared/tables/acoustic';
import type { AcousticTable } from '../../sim/signals/waves';

export type Mode = 'unattended' | 'referee';

/** What one run counted (bench/automation.ts turns it into the reported fractions). */
export interface Tally {
  shots: number;
  /** Shots after which the engine had no open question (it decided alone). */
  decidedAlone: number;
  questions: number;
  /** Questions with no default: on an unattended table they stay open. */
  questionsNoDefault: number;
  /** Shots whose points, foul and next player, as the engine has them after defaults or answers, equal the truth. */
  shotsRight: number;
  /** Shots the engine judged right for the player it had at the table (its turn before the shot), whoever really shot. */
  judgedRight: number;
  /** Shots the engine had someone else at the table than the player who really shot. */
  turnDrift: number;
  /** Points the players really scored (minigolf: strokes). */
  truePoints: number;
  /** Points the engine credited to the player who really scored them. */
  pointsRight: number;
  /** Points the engine credited that nobody scored, or to the wrong player. */
  pointsFalse: number;
  /** Points really scored that the engine did not credit to their player. */
  pointsLost: number;
  units: number;
  unitsRight: number;
  /** Inputs the engine refused (sensor events it could not place). */
  refused: number;
  /**
   * Per question kind: how often it was asked, and how often its default differed from what a
   * referee answers from the truth (the price of leaving it to the default).
   */
  byKind: Record<string, { asked: number; defaultWrong: number; sure: number; sureWrong: number }>;
  /** Questions the engine was sure enough of to decide alone (the venue's askBelow): not asked, not counted in `questions`. */
  decidedSure: number;
  /**
   * Fouls no sensor sees that were taken as not committed and offered to a claim (docs/claims.md):
   * not asked, not counted in `questions`; `claimsNeeded` of them were fouls in truth, which an
   * unattended table lets pass and a watching opponent claims.
   */
  claimsOffered: number;
  claimsNeeded: number;
  /**
   * Captures a sensor named (pool's pocket colour sensors): sure enough to name the ball (`named`),
   * or read below the threshold and logged as a `reading` for the question's default (`read`);
   * each compared with the ball the truth put in that pocket.
   */
  identity: { named: number; namedWrong: number; read: number; readWrong: number };
  /** Up to 20 examples of shots judged wrong, for reading. */
  wrong: string[];
  /** The tracker's time per shot, ms (tables with acoustic sensors: hub/tracker). */
  tracker?: number[];
}

export interface RunOptions {
  game: string;
  adapter: GameAdapter;
  /** The shots, from `adapter.play` (the same for every mode and sensor quality). */
  shots: readonly PlayedShot[];
  mode: Mode;
  noise: NoiseOptions;
  /** Seeds the sensors' noise. */
  seed: number;
  /** The venue's threshold: a question whose default is at least this probable is decided alone (DEFAULT_ASK_BELOW). */
  askBelow?: number;
  /** The engine to run instead of the registry's (base-rate learning runs it without the rates). */
  engine?: RulesEngine<unknown>;
  /** Sees every question once, with what a referee answers from the truth (base-rate learning). */
  onQuestion?: (d: PendingDecision, truth: string | null) => void;
  /** The venue takes claims (its claim window above 0, the default): a claimable foul is offered to a claim, not asked. */
  claims?: boolean;
  /** A table with acoustic sensors: the simulated table's instance (its true speeds and delays) and the layout the hub localises with (calibrated, or the profile's nominal when absent). */
  acoustic?: AcousticTable;
  layout?: AcousticLayout;
  /**
   * The tracker starts each shot from where the balls really stood (the shot's `ballsBefore`):
   * what it would read with perfect rest positions (diagnosis: how much its own rest estimates cost).
   */
  oracleRest?: boolean;
  /** Sees each shot with the game events the chain gave the engine for it (diagnosis). */
  trace?: (i: number, shot: PlayedShot, events: readonly GameEvent[]) => void;
}

/** A virtual clock for the assembler: timers run when `advance` passes their time, in time order. */
export class VirtualTimers implements TimerApi {
  private t = 0;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.t;
  }
  set(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.queue.push({ at: this.t + Math.max(0, ms), fn, id });
    return id;
  }
  clear(handle: unknown): void {
    this.queue = this.queue.filter((x) => x.id !== handle);
  }
  advance(to: number): void {
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at || a.id - b.id);
      const due = this.queue[0];
      if (!due || due.at > to) break;
      this.queue.shift();
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = Math.max(this.t, to);
  }
}

/** Points really scored in a shot (an erasure, a negative, scores none). */
const scored = (r: Record<string, number>): number => Object.values(r).reduce((a, b) => a + Math.max(0, b), 0);

/**
 * Points credited right, falsely and lost, comparing the engine's credit with the truth player by
 * player. A negative is a loss of points (4-ball's erasure): an erasure the engine missed counts as
 * points credited falsely, one it made wrongly as points lost.
 */
export function comparePoints(truth: Record<string, number>, engine: Record<string, number>): { right: number; false: number; lost: number } {
  let right = 0;
  let over = 0;
  let lost = 0;
  for (const id of new Set([...Object.keys(truth), ...Object.keys(engine)])) {
    const t = truth[id] ?? 0;
    const e = engine[id] ?? 0;
    right += Math.max(0, Math.min(t, e));
    if (e > t) over += e - t;
    if (t > e) lost += t - e;
  }
  return { right, false: over, lost };
}

const sameOutcome = (a: ShotOutcome, b: ShotOutcome): boolean =>
  a.foul === b.foul && a.next === b.next && comparePoints(a.points, b.points).false === 0 && comparePoints(a.points, b.points).lost === 0;

/** The engine's credit with its own shooter taken as the true one: how it judged the shot, whoever it thought shot. */
function asShooter(o: ShotOutcome, engineShooter: string | null, trueShooter: string | null, pointsToShooter: boolean): ShotOutcome {
  if (engineShooter === null || trueShooter === null || engineShooter === trueShooter) return o;
  const swap = (id: string | null): string | null => (id === engineShooter ? trueShooter : id === trueShooter ? engineShooter : id);
  const points = pointsToShooter ? Object.fromEntries(Object.entries(o.points).map(([k, v]) => [swap(k)!, v])) : o.points;
  return { points, foul: o.foul, next: swap(o.next) };
}

/** The sensors' names and readings of a shot's captures against the balls the truth put in each pocket. */
function countIdentities(tally: Tally, seen: readonly [string, string, boolean][], shot: PlayedShot): void {
  const left = shot.events.flatMap((e) => (e.type === 'capture' ? [`${e.place}:${e.ball}`] : []));
  for (const [pocket, ball, sure] of seen) {
    const i = left.indexOf(`${pocket}:${ball}`);
    if (i >= 0) left.splice(i, 1);
    if (sure) {
      tally.identity.named++;
      if (i < 0) tally.identity.namedWrong++;
    } else {
      tally.identity.read++;
      if (i < 0) tally.identity.readWrong++;
    }
  }
}

/** Feeds the shots of one game through the chain and counts against the truth. */
export function runChain(opts: RunOptions): Tally {
  const engine = opts.engine ?? (getEngine(opts.game) as RulesEngine<unknown> | undefined);
  if (!engine) throw new Error(`no engine for ${opts.game}`);
  const adapter = opts.adapter;
  const askBelow = opts.askBelow ?? DEFAULT_ASK_BELOW;
  const claims = opts.claims ?? DEFAULT_CLAIM_WINDOW_S > 0;
  const fw = new FirmwareTable({ profile: adapter.profile, device: 'bench-a', table: 'bench' });
  const timers = new VirtualTimers();
  const tally: Tally = {
    shots: 0,
    decidedAlone: 0,
    questions: 0,
    questionsNoDefault: 0,
    shotsRight: 0,
    judgedRight: 0,
    turnDrift: 0,
    truePoints: 0,
    pointsRight: 0,
    pointsFalse: 0,
    pointsLost: 0,
    units: 0,
    unitsRight: 0,
    refused: 0,
    byKind: {},
    decidedSure: 0,
    claimsOffered: 0,
    claimsNeeded: 0,
    identity: { named: 0, namedWrong: 0, read: 0, readWrong: 0 },
    wrong: [],
  };
  let state: unknown = null;
  let seq = 0;
  /** Captures logged without a ball, oldest first: a later tag read names the oldest (the hub's rule). */
  let unnamed: number[] = [];
  /** Question ids seen open in this unit. */
  let asked = new Set<string>();
  /** The shot's captures the sensors named or read: [pocket, ball, sure]; and every capture event of the shot. */
  let seen: [string, string, boolean][] = [];
  let shotCaptures: { seq: number; place: string }[] = [];
  let traced: GameEvent[] = [];
  const append = (e: GameEvent): void => {
    const ev = { ...e, seq: seq++ } as GameEvent;
    if (opts.trace) traced.push(ev);
    if (ev.type === 'pocket' && ev.captured && ev.by === 'sensor') {
      shotCaptures.push({ seq: ev.seq!, place: ev.pocket });
      if (ev.ball !== undefined) seen.push([ev.pocket, ev.ball, true]);
      else if (ev.reading) seen.push([ev.pocket, ev.reading.ball, false]);
    }
    const before = engine.rejections?.(state)?.length ?? 0;
    state = engine.reduce(state, ev);
    if ((engine.rejections?.(state)?.length ?? 0) > before) tally.refused++;
    if ((ev.type === 'pocket' && ev.captured) || ev.type === 'goal') if (ev.ball === undefined) unnamed.push(ev.seq!);
  };
  const view = (): EngineView => ({ summary: engine.summary(state), report: engine.report(state), captures: shotCaptures });
  const onInput = (x: AssembledInput): void => {
    if (x.kind === 'event') return append(x.event);
    const ref = unnamed.shift();
    if (ref !== undefined) append({ type: 'identify', ref, ball: x.ball, t: x.t, by: 'sensor' } as GameEvent);
  };
  // On a course of lanes the table's device serves lane 1, as the demo's (hub/games/wiring.ts gives its assembler the lane).
  const lane = gameEntry(opts.game).lanes ? 1 : undefined;
  // A table with acoustic sensors: the hub's localiser and tracker, as its wiring gives them (hub/tracker/hooks.ts).
  const hooks = acousticHooks(
    { id: 'bench', game: opts.game, devices: [{ id: 'bench-a', profile: adapter.profile }] } as unknown as TableConfig,
    (id) => (id === adapter.profile ? fw.profile : undefined),
    () => (state === null ? null : engine.report(state)),
    opts.layout ? () => opts.layout! : undefined,
  );
  tally.tracker = hooks ? hooks.tracker.times : [];
  // A pocket colour reading names the ball at the venue's threshold, as the hub's wiring does.
  const assembler = new ShotAssembler(
    { ...assemblerFor(opts.game), nameAt: askBelow, ...(hooks ? { acoustic: hooks } : {}) },
    onInput,
    timers,
    lane,
    lane !== undefined ? String(lane) : undefined,
  );
  const rest = assemblerFor(opts.game);

  const startUnit = (): void => {
    const { players, config } = adapter.start();
    state = engine.initial();
    seq = 0;
    unnamed = [];
    asked = new Set();
    timers.advance(timers.now() + 1000);
    append({ type: 'start', t: timers.now(), players, config, by: 'referee' } as GameEvent);
  };
  startUnit();
  let trueShooter: string | null = null;
  for (let i = 0; i < opts.shots.length; i++) {
    const before = view();
    const shot = opts.shots[i]!;
    const sig = signalsFor(adapter.table, fw.profile, shot.events, {
      noise: opts.noise,
      ...(opts.acoustic ? { acoustic: opts.acoustic } : {}),
      seed: (opts.seed + i * 7919) % 2 ** 31,
      ...(shot.colourOf ? { colourOf: shot.colourOf } : {}),
    });
    const t0 = timers.now() + 500;
    timers.advance(t0);
    if (opts.oracleRest && hooks && shot.ballsBefore)
      hooks.tracker.reset(new Map(Object.entries(shot.ballsBefore).map(([id, b]) => [id, { ...b, sd: 0.003 }])));
    seen = [];
    shotCaptures = [];
    const boardUs = fw.run.board.us;
    const fired = fw.play(sig.edges, sig.durationUs);
    // Device time to the hub's timeline: the shot's first microsecond at t0 (a synced clock).
    for (const e of fired) {
      const at = t0 + (e.t - boardUs) / 1000;
      timers.advance(Math.max(timers.now(), at));
      assembler.push({ event: e, at, link: 'bench', hubT: at } as unknown as StoredDeviceEvent);
    }
    // Quiet until the assembler declares the balls at rest (its rest window after the last event).
    timers.advance(t0 + shot.durationS * 1000 + rest.restAfterMs + rest.reorderMs + 1000);
    // Questions raised by the shot: answered by the referee from the truth, or left to their defaults.
    // Questions are counted once each, when first seen open (one still open from an earlier shot is not asked again).
    const questionsBefore = tally.questions;
    const countNew = (): void => {
      for (const d of engine.summary(state).pending) {
        if (asked.has(d.id)) continue;
        asked.add(d.id);
        const truth = adapter.answer(d, shot, view());
        opts.onQuestion?.(d, truth);
        const k = (tally.byKind[d.kind] ??= { asked: 0, defaultWrong: 0, sure: 0, sureWrong: 0 });
        // A question with no default has no default to be wrong: it waits (questionsNoDefault).
        const wrong = d.default !== null && truth !== null && truth !== d.default;
        if (claims && d.claim && d.default !== null) {
          // Taken as no foul at once (hub/games/claims.ts); the opponent claims it if it was one.
          tally.claimsOffered++;
          // A foul in truth: an answer that is the foul (another legal ball hit first is no foul).
          if (truth !== null && (d.claim.fouls ?? [d.claim.foul]).includes(truth)) tally.claimsNeeded++;
          continue;
        }
        if (decidedAlone(d, askBelow)) {
          // Decided by the hub at once, logged with its probability: nobody was asked.
          tally.decidedSure++;
          k.sure++;
          if (wrong) k.sureWrong++;
          continue;
        }
        tally.questions++;
        if (d.default === null) tally.questionsNoDefault++;
        k.asked++;
        if (wrong) k.defaultWrong++;
      }
    };
    countNew();
    // One answer at a time, reading the open questions again after each: an answer may withdraw another question.
    const tried = new Set<string>();
    for (let n = 0; n < 50; n++) {
      const d = engine.summary(state).pending.find((q) => !tried.has(q.id));
      if (!d) break;
      tried.add(d.id);
      const sure = decidedAlone(d, askBelow);
      // Attended, a claimable foul is claimed by the opponent when it happened (the same answer as a referee's).
      const person = opts.mode === 'referee' && (!sure || (claims && d.claim !== undefined));
      const answer = person ? adapter.answer(d, shot, view()) : d.default;
      if (answer === null) continue;
      timers.advance(timers.now() + 10);
      const by = person ? (claims && d.claim ? 'player' : 'referee') : 'hub';
      append({ type: 'decide', t: timers.now(), decision: d.id, answer, by, ...(sure ? { probability: d.probability } : {}) } as GameEvent);
      countNew(); // an answer may raise the next question (pool: the rail after the first contact)
    }
    if (tally.questions === questionsBefore) tally.decidedAlone++;
    opts.trace?.(i, shot, traced);
    traced = [];
    countIdentities(tally, seen, shot);
    const after = view();
    const credited = adapter.observe(before, after);
    const cmp = comparePoints(shot.truth.points, credited.points);
    tally.shots++;
    tally.truePoints += scored(shot.truth.points);
    tally.pointsRight += cmp.right;
    tally.pointsFalse += cmp.false;
    tally.pointsLost += cmp.lost;
    // Who really shot: the truth's next player after the previous shot (the first shot of a unit: the engine's, as the start gives it).
    const shooter = trueShooter ?? before.summary.turn;
    if (before.summary.turn !== shooter) tally.turnDrift++;
    if (sameOutcome(shot.truth, credited)) tally.shotsRight++;
    else if (tally.wrong.length < 20)
      tally.wrong.push(`shot ${i}: truth ${JSON.stringify(shot.truth)}; engine ${JSON.stringify(credited)}; ${after.summary.headline}`);
    if (sameOutcome(shot.truth, asShooter(credited, before.summary.turn, shooter, adapter.pointsToShooter ?? true))) tally.judgedRight++;
    trueShooter = shot.truth.next;
    if (shot.unitEnd) {
      const mine = adapter.engineResult(view());
      const cmp = comparePoints(shot.unitEnd.score, mine.score);
      tally.units++;
      if (mine.winner === shot.unitEnd.winner && cmp.false === 0 && cmp.lost === 0) tally.unitsRight++;
      trueShooter = null;
      startUnit();
    }
  }
  fw.stop();
  return tally;
}
