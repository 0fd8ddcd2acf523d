/**
 * The match manager: one running match per table at most, each a log of game events in the
 * store and an engine state in memory. Sensor events (through the shot assembler), people's
 * inputs and corrections all go into the same log; every rules engine is reached through the
 * registry. A restart resumes every running match from its snapshot and the events after it.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { GameEvent, PlayerSetup } from '../../shared/game/events';
import type { ScoreSheet } from '../../shared/game/sheets/index';
import type { GameSummary, RejectedEvent, RulesEngine } from '../../shared/game/engine';
import { rewritesPast } from '../../shared/game/events';
import { AutorefError } from '../../shared/errors';
import { DEFAULT_ASK_BELOW, DEFAULT_CLAIM_WINDOW_S, type VenueConfig } from '../../shared/venue';
import { claimRefusal, NO_CLAIMS, trackClaims, withClaims, type Claims } from '../rules/common/claims';
import { withCountdowns } from './countdowns';
import type { EventStore, MatchRecord, MatchStatus } from '../store/types';
import { getEngine } from '../rules/registry';
import { replay, type CorrectionRecord } from '../rules/common/replay';
import { fromPortable, toPortable } from '../rules/common/plist';
import { profilesFrom, startConfig, type ProfileLookup } from './table-config';

/** Snapshot the engine state every this many events, so a restart folds only the tail. */
const SNAPSHOT_EVERY = 500;
/** Refusals kept per running match for the referee panel. */
const RECENT_REFUSALS = 20;
/** How far back a restart looks for captures still waiting for a late ball identity (a rack is far shorter). */
const UNNAMED_LOOKBACK = 2000;

export interface LiveMatch {
  id: string;
  table: string;
  game: string;
  engine: RulesEngine<unknown>;
  /** Seq of the last event in the log. */
  seq: number;
  state: unknown;
  /** Unnamed captures waiting for a late identity (seq of their pocket event), oldest first. */
  unnamed: number[];
  /** What the engine has refused in this match so far (its `rejections`), to tell the new ones. */
  rejected: readonly RejectedEvent[];
  /** The latest refusals since the hub started, with their sensors (the referee panel lists them). */
  refusals: MatchRefusal[];
  /**
   * When each open question was first seen open (hub time): its countdown to the default runs
   * from there. A restart starts the countdowns again, as the defaults' timers do.
   */
  raisedT: Map<string, number>;
  /** Fouls open to a claim and the claims' course (hub/rules/common/claims.ts). */
  claims: Claims;
}

export interface MatchUpdate {
  match: string;
  table: string;
  game: string;
  seq: number;
  summary: GameSummary;
  event: GameEvent;
}

/** The device and link a sensor's game event came from (the shot assembler knows it). */
export interface SensorSource {
  device: string;
  link: string;
}

/** An event of a running match that its rules engine refused: shown to the staff, never dropped in silence. */
export interface MatchRefusal {
  match: string;
  table: string;
  game: string;
  rejection: RejectedEvent;
  /** The refused event, when it is the one just appended (a replay may also refuse an earlier one). */
  event?: GameEvent;
  /** The sensor it came from, when the refused event is the sensor's own. */
  source?: SensorSource;
}

/**
 * The rules engine refused a person's input: nothing was written. The API answers with
 * AR_RULES_REFUSED and the engine's own code, which the page translates.
 */
export class RulesRefusal extends AutorefError {
  constructor(readonly rejection: RejectedEvent) {
    super('AR_RULES_REFUSED', `${rejection.code}: ${rejection.reason}`);
  }
}

const rejectionKey = (r: RejectedEvent): string => `${r.seq ?? ''}|${r.type}|${r.code}|${r.reason}`;

/** The rejections in `after` that `before` did not have (a replay may rebuild the list in another order). */
function newRejections(before: readonly RejectedEvent[], after: readonly RejectedEvent[]): RejectedEvent[] {
  if (after === before) return [];
  const seen = new Map<string, number>();
  for (const r of before) seen.set(rejectionKey(r), (seen.get(rejectionKey(r)) ?? 0) + 1);
  return after.filter((r) => {
    const n = seen.get(rejectionKey(r)) ?? 0;
    if (n > 0) seen.set(rejectionKey(r), n - 1);
    return n === 0;
  });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A game event before the manager gives it its place (seq) and, if it has none, a time. */
export type InputEvent = DistributiveOmit<GameEvent, 'seq' | 't'> & { t?: number };

/** A table whose match stopped taking input: an event of it could not be stored. */
export interface HaltedTable {
  table: string;
  match: string;
  error: Error;
  at: number;
}

export class MatchManager extends EventEmitter<{
  update: [MatchUpdate];
  ended: [MatchRecord];
  refused: [MatchRefusal];
  error: [Error];
  halted: [HaltedTable];
}> {
  /** By table id, which comes from request paths: null prototype, so `constructor` is no match. */
  private readonly live: Record<string, LiveMatch> = Object.create(null) as Record<string, LiveMatch>;
  /**
   * Tables whose match stopped after a store error, until the hub restarts: the log and the
   * state in memory may no longer agree (was the event stored? a second hub's event took its
   * place?), so nothing more goes into it. The restart resumes from what the store holds.
   */
  private readonly halted = new Map<string, HaltedTable>();
  /** How long an open question waits for its default (DecisionDefaults sets it); null: no default is ever applied. */
  private answerAfterMs: number | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly venue: VenueConfig,
    private readonly now: () => number,
    /** The table's device profiles, for the engine options they imply (hub/games/table-config.ts). */
    private readonly profiles: ProfileLookup = profilesFrom(),
  ) {
    super();
  }

  /** Resume every match the store says is still playing. */
  async restore(): Promise<number> {
    let n = 0;
    for (const rec of await this.store.listMatches({ status: 'playing', limit: 10_000 })) {
      const engine = getEngine(rec.game);
      if (!engine) continue;
      const snap = await this.store.latestSnapshot(rec.id);
      let state = snap ? fromPortable(snap.state) : engine.initial();
      let seq = snap ? snap.seq : -1;
      let claims: Claims | null = null;
      const tail = await this.store.gameEvents(rec.id, seq + 1);
      if (tail.some(rewritesPast)) {
        // A correction or a claim after the snapshot: the snapshot is not the corrected past. Replay it all.
        const log = await this.store.gameEvents(rec.id);
        const m = replay(engine, log);
        state = m.game;
        claims = m.claims;
        seq = log.length - 1;
      } else {
        for (const e of tail) {
          state = engine.reduce(state, e);
          seq = e.seq ?? seq + 1;
        }
      }
      const { unnamed, claims: recent } = await this.recentCourse(rec.id, seq);
      this.live[rec.table] = {
        id: rec.id,
        table: rec.table,
        game: rec.game,
        engine,
        seq,
        state,
        unnamed,
        rejected: engine.rejections?.(state) ?? [],
        refusals: [],
        raisedT: new Map(),
        claims: claims ?? recent,
      };
      n++;
    }
    return n;
  }

  /**
   * From the last UNNAMED_LOOKBACK events of a restored match's log: the captures still waiting for
   * their ball (a pocket without one, and no identify naming it since), oldest first, and the fouls
   * still open to a claim (a window lasts one shot: far shorter).
   */
  private async recentCourse(match: string, seq: number): Promise<{ unnamed: number[]; claims: Claims }> {
    const open: number[] = [];
    let claims = NO_CLAIMS;
    for (const e of await this.store.gameEvents(match, Math.max(0, seq - UNNAMED_LOOKBACK + 1))) {
      claims = trackClaims(claims, e);
      if (e.type === 'pocket' && e.captured && e.ball === undefined) open.push(e.seq!);
      else if (e.type === 'identify') {
        const i = open.indexOf(e.ref);
        if (i >= 0) open.splice(i, 1);
      }
    }
    return { unnamed: open, claims };
  }

  current(table: string): LiveMatch | undefined {
    return this.live[table];
  }

  /** Why the table's match takes no input, if it stopped after a store error. */
  haltedOn(table: string): HaltedTable | undefined {
    return this.halted.get(table);
  }

  private refuseIfHalted(table: string): void {
    const h = this.halted.get(table);
    if (h)
      throw new AutorefError(
        'AR_STORE_FAILED',
        `table ${table}: its match stopped taking input after a store error (${h.error.message}); restart the hub once the store works`,
      );
  }

  /** Stops the table's match after a store error; the error to answer with. */
  private halt(m: LiveMatch, error: Error): AutorefError {
    if (!this.halted.has(m.table)) {
      const h: HaltedTable = { table: m.table, match: m.id, error, at: this.now() };
      this.halted.set(m.table, h);
      this.emit('halted', h);
    }
    return new AutorefError('AR_STORE_FAILED', `table ${m.table}: ${error.message}; its match stopped taking input (restart the hub once the store works)`);
  }

  summaryOf(table: string): GameSummary | null {
    const m = this.live[table];
    return m ? this.view(m, m.engine.summary(m.state)) : null;
  }

  /** The venue's threshold for deciding a question alone (VenueConfig.askBelow). */
  get askBelow(): number {
    return this.venue.askBelow ?? DEFAULT_ASK_BELOW;
  }

  /** How long a foul the hub took as legal stays open to a claim (VenueConfig.claimWindowS, ms); 0: no claims, the players are asked. */
  get claimWindowMs(): number {
    return (this.venue.claimWindowS ?? DEFAULT_CLAIM_WINDOW_S) * 1000;
  }

  /** How long an open question waits for its default: the summaries' countdowns read it (hub/games/defaults.ts sets it). */
  setAnswerAfter(ms: number | null): void {
    this.answerAfterMs = ms;
  }

  /**
   * The engine's summary as the screens get it: the countdowns to its questions' defaults
   * (hub/games/countdowns.ts) and the fouls open to a claim (hub/rules/common/claims.ts).
   */
  private view(m: LiveMatch, summary: GameSummary): GameSummary {
    return withCountdowns(withClaims(summary, m.claims), m.raisedT, this.now(), this.askBelow, this.answerAfterMs, this.claimWindowMs);
  }

  /** Changes run one after another: a match log is a sequence, and the store is asynchronous. */
  private queue: Promise<unknown> = Promise.resolve();

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every change so far is stored. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** A new match; with `sheet`, one that continues from a score sheet (shared/game/sheets). */
  start(table: string, players: PlayerSetup[], config: Record<string, unknown> | undefined, who?: string, sheet?: ScoreSheet): Promise<MatchRecord> {
    return this.serial(() => this.startNow(table, players, config, who, sheet));
  }

  private async startNow(
    table: string,
    players: PlayerSetup[],
    config: Record<string, unknown> | undefined,
    who?: string,
    sheet?: ScoreSheet,
  ): Promise<MatchRecord> {
    const t = this.venue.tables.find((x) => x.id === table);
    if (!t) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    this.refuseIfHalted(table);
    if (this.live[table]) throw new AutorefError('AR_MATCH_RUNNING', `table ${table} is playing match ${this.live[table]!.id}`);
    const engine = getEngine(t.game);
    if (!engine) throw new AutorefError('AR_UNKNOWN_GAME', t.game);
    // What the table's sensors imply (its goal places, no contact sensor), under the explicit config.
    const cfg = startConfig(t, players, config, this.profiles);
    const start = {
      type: 'start',
      players,
      ...(cfg ? { config: cfg } : {}),
      ...(sheet ? { sheet } : {}),
      by: 'referee',
      ...(who ? { who } : {}),
    } as InputEvent;
    // A start the rules refuse (players the game cannot seat, a bad option, a sheet that does not fit) makes no match.
    const refused = engine.rejections?.(engine.reduce(engine.initial(), { ...start, seq: 0, t: this.now() } as GameEvent)).find((r) => r.seq === 0);
    if (refused) throw new RulesRefusal(refused);
    const id = randomUUID();
    const rec: MatchRecord = { id, table, game: t.game, status: 'playing', startedAt: this.now(), endedAt: null, summary: null };
    await this.store.createMatch(rec).catch((e: Error) => {
      throw new AutorefError('AR_STORE_FAILED', `table ${table}: the match could not be stored: ${e.message}`);
    });
    this.live[table] = {
      id,
      table,
      game: t.game,
      engine,
      seq: -1,
      state: engine.initial(),
      unnamed: [],
      rejected: [],
      refusals: [],
      raisedT: new Map(),
      claims: NO_CLAIMS,
    };
    await this.append(table, start);
    return (await this.store.getMatch(id))!;
  }

  /**
   * A person's input or a correction; validated against the game event schema by the API. One the
   * engine refuses is not written: it rejects with a RulesRefusal (the hub's own inputs, a default
   * or a clock, are logged as before, their refusal reported).
   */
  input(table: string, e: InputEvent): Promise<MatchUpdate> {
    if (e.type === 'start') return Promise.reject(new AutorefError('AR_BAD_REQUEST', 'start a match with POST /api/tables/:table/matches'));
    return this.serial(() => this.append(table, e, { refuse: e.by !== 'hub' }));
  }

  /**
   * A game event from the table's sensors (via the shot assembler). No match: nothing to score.
   * One the engine refuses stays in the log and is reported (`refused`) with its `source`.
   */
  sensor(table: string, e: GameEvent, source?: SensorSource): Promise<MatchUpdate | null> {
    return this.serial(async () => (this.live[table] ? this.append(table, e, { source }) : null));
  }

  /** A late ball identity (ball return reader) for the oldest capture whose ball was unknown. */
  tag(table: string, ball: string, t: number): Promise<MatchUpdate | null> {
    return this.serial(async () => {
      const m = this.live[table];
      const ref = m?.unnamed.shift();
      if (!m || ref === undefined) return null;
      return this.append(table, { type: 'identify', ref, ball, t, by: 'sensor' });
    });
  }

  end(table: string, status: Exclude<MatchStatus, 'playing'>, who?: string, why?: string): Promise<MatchRecord> {
    return this.serial(async () => {
      const m = this.live[table];
      if (!m) throw new AutorefError('AR_NO_MATCH', `table ${table}`);
      this.refuseIfHalted(table);
      return this.finish(m, status, who, why);
    });
  }

  /** Log, summary, report and corrections of any match (replayed from the store). */
  async details(id: string): Promise<{ record: MatchRecord; summary: GameSummary; report: unknown; corrections: CorrectionRecord[]; events: number } | null> {
    const record = await this.store.getMatch(id);
    if (!record) return null;
    const engine = getEngine(record.game);
    if (!engine) throw new AutorefError('AR_UNKNOWN_GAME', record.game);
    const log = await this.store.gameEvents(id);
    const m = replay(engine, log);
    return { record, summary: withClaims(engine.summary(m.game), m.claims), report: engine.report(m.game), corrections: m.corrections, events: log.length };
  }

  private async append(table: string, input: InputEvent, opts: { refuse?: boolean; source?: SensorSource } = {}): Promise<MatchUpdate> {
    const m = this.live[table];
    if (!m) throw new AutorefError('AR_NO_MATCH', `table ${table}`);
    this.refuseIfHalted(table);
    const event = { ...input, seq: m.seq + 1, t: input.t ?? this.now() } as GameEvent;
    // A claim too late, a dispute by the wrong player: refused, nothing written (the page says why).
    const claimRefused = event.type === 'claim' || event.type === 'dispute' ? claimRefusal(m.claims, event) : null;
    if (opts.refuse && claimRefused) throw new RulesRefusal(claimRefused);
    // Fold first, store after: a correction's replay must include the correction itself.
    let state: unknown;
    let claims: Claims;
    if (rewritesPast(event)) {
      const replayed = replay(m.engine, [...(await this.store.gameEvents(m.id)), event]);
      state = replayed.game;
      claims = replayed.claims;
    } else {
      state = m.engine.reduce(m.state, event);
      claims = trackClaims(m.claims, event);
    }
    const rejected = m.engine.rejections?.(state) ?? m.rejected;
    const fresh = newRejections(m.rejected, rejected);
    const own = fresh.find((r) => r.seq === event.seq);
    // A person's input the rules refuse changes nothing: not logged, the state as it was.
    if (opts.refuse && own) throw new RulesRefusal(own);
    const summary = m.engine.summary(state);
    // Not stored (disk full, a lost connection, a second hub's event at this place): the match
    // stops here rather than go on from a state the log may not hold.
    await this.store.appendGameEvent(m.id, event, summary).catch((e: Error) => {
      throw this.halt(m, e);
    });
    m.seq = event.seq!;
    m.state = state;
    m.claims = claims;
    m.rejected = rejected;
    for (const r of fresh) {
      const mine = r.seq === event.seq;
      const refusal: MatchRefusal = {
        match: m.id,
        table,
        game: m.game,
        rejection: r,
        ...(mine ? { event } : {}),
        ...(mine && opts.source ? { source: opts.source } : {}),
      };
      m.refusals = [...m.refusals.slice(1 - RECENT_REFUSALS), refusal];
      this.emit('refused', refusal);
    }
    if (event.type === 'pocket' && event.captured && event.ball === undefined) m.unnamed.push(event.seq!);
    // The event is stored: it counts. A snapshot that fails only means the store is failing.
    if (m.seq % SNAPSHOT_EVERY === 0) await this.store.saveSnapshot(m.id, { seq: m.seq, state: toPortable(m.state) }).catch((e: Error) => void this.halt(m, e));
    const update: MatchUpdate = { match: m.id, table, game: m.game, seq: m.seq, summary: this.view(m, summary), event };
    this.emit('update', update);
    if (summary.status === 'finished' || summary.status === 'abandoned') await this.finish(m, summary.status);
    return update;
  }

  private async finish(m: LiveMatch, status: Exclude<MatchStatus, 'playing'>, who?: string, why?: string): Promise<MatchRecord> {
    delete this.live[m.table];
    try {
      await this.store.saveSnapshot(m.id, { seq: m.seq, state: toPortable(m.state) });
      await this.store.updateMatch(m.id, {
        status,
        endedAt: this.now(),
        summary: { ...m.engine.summary(m.state), endedBy: who ?? null, endReason: why ?? null },
      });
    } catch (e) {
      // Still `playing` in the store: no new match on this table before the restart resumes it.
      throw this.halt(m, e as Error);
    }
    const rec = (await this.store.getMatch(m.id))!;
    this.emit('ended', rec);
    return rec;
  }
}
