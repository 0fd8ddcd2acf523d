/**
 * The match manager: one running match per table at most, each a log of game events in the
 * store and an engine state in memory. Sensor events (through the shot assembler), people's
 * inputs and corrections all go into the same log; every rules engine is reached through the
 * registry. A restart resumes every running match from its snapshot and the events after it.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { GameEvent, PlayerSetup } from '../../shared/game/events';
import type { GameSummary, RulesEngine } from '../../shared/game/engine';
import { isCorrection } from '../../shared/game/events';
import { AutorefError } from '../../shared/errors';
import type { VenueConfig } from '../../shared/venue';
import type { EventStore, MatchRecord, MatchStatus } from '../store/types';
import { getEngine } from '../rules/registry';
import { replay, type CorrectionRecord } from '../rules/common/replay';
import { fromPortable, toPortable } from '../rules/common/plist';
import { profilesFrom, startConfig, type ProfileLookup } from './table-config';

/** Snapshot the engine state every this many events, so a restart folds only the tail. */
const SNAPSHOT_EVERY = 500;
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
}

export interface MatchUpdate {
  match: string;
  table: string;
  game: string;
  seq: number;
  summary: GameSummary;
  event: GameEvent;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A game event before the manager gives it its place (seq) and, if it has none, a time. */
export type InputEvent = DistributiveOmit<GameEvent, 'seq' | 't'> & { t?: number };

export class MatchManager extends EventEmitter<{ update: [MatchUpdate]; ended: [MatchRecord]; error: [Error] }> {
  private readonly live: Record<string, LiveMatch> = {};

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
      const tail = await this.store.gameEvents(rec.id, seq + 1);
      if (tail.some(isCorrection)) {
        // A correction after the snapshot: the snapshot is not the corrected past. Replay it all.
        const log = await this.store.gameEvents(rec.id);
        state = replay(engine, log).game;
        seq = log.length - 1;
      } else {
        for (const e of tail) {
          state = engine.reduce(state, e);
          seq = e.seq ?? seq + 1;
        }
      }
      const unnamed = await this.unnamedCaptures(rec.id, seq);
      this.live[rec.table] = { id: rec.id, table: rec.table, game: rec.game, engine, seq, state, unnamed };
      n++;
    }
    return n;
  }

  /**
   * The captures of a restored match still waiting for their ball (a pocket without one, and no
   * identify naming it since), oldest first, from the last UNNAMED_LOOKBACK events of its log.
   */
  private async unnamedCaptures(match: string, seq: number): Promise<number[]> {
    const open: number[] = [];
    for (const e of await this.store.gameEvents(match, Math.max(0, seq - UNNAMED_LOOKBACK + 1))) {
      if (e.type === 'pocket' && e.captured && e.ball === undefined) open.push(e.seq!);
      else if (e.type === 'identify') {
        const i = open.indexOf(e.ref);
        if (i >= 0) open.splice(i, 1);
      }
    }
    return open;
  }

  current(table: string): LiveMatch | undefined {
    return this.live[table];
  }

  summaryOf(table: string): GameSummary | null {
    const m = this.live[table];
    return m ? m.engine.summary(m.state) : null;
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

  start(table: string, players: PlayerSetup[], config: Record<string, unknown> | undefined, who?: string): Promise<MatchRecord> {
    return this.serial(() => this.startNow(table, players, config, who));
  }

  private async startNow(table: string, players: PlayerSetup[], config: Record<string, unknown> | undefined, who?: string): Promise<MatchRecord> {
    const t = this.venue.tables.find((x) => x.id === table);
    if (!t) throw new AutorefError('AR_NOT_FOUND', `table ${table}`);
    if (this.live[table]) throw new AutorefError('AR_MATCH_RUNNING', `table ${table} is playing match ${this.live[table]!.id}`);
    const engine = getEngine(t.game);
    if (!engine) throw new AutorefError('AR_UNKNOWN_GAME', t.game);
    const id = randomUUID();
    const rec: MatchRecord = { id, table, game: t.game, status: 'playing', startedAt: this.now(), endedAt: null, summary: null };
    await this.store.createMatch(rec);
    this.live[table] = { id, table, game: t.game, engine, seq: -1, state: engine.initial(), unnamed: [] };
    // What the table's sensors imply (a pool table without a contact sensor), under the explicit config.
    const cfg = startConfig(t, config, this.profiles);
    await this.append(table, { type: 'start', players, ...(cfg ? { config: cfg } : {}), by: 'referee', ...(who ? { who } : {}) } as InputEvent);
    return (await this.store.getMatch(id))!;
  }

  /** A person's input or a correction; validated against the game event schema by the API. */
  input(table: string, e: InputEvent): Promise<MatchUpdate> {
    if (e.type === 'start') return Promise.reject(new AutorefError('AR_BAD_REQUEST', 'start a match with POST /api/tables/:table/matches'));
    return this.serial(() => this.append(table, e));
  }

  /** A game event from the table's sensors (via the shot assembler). No match: nothing to score. */
  sensor(table: string, e: GameEvent): Promise<MatchUpdate | null> {
    return this.serial(async () => (this.live[table] ? this.append(table, e) : null));
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
    return { record, summary: engine.summary(m.game), report: engine.report(m.game), corrections: m.corrections, events: log.length };
  }

  private async append(table: string, input: InputEvent): Promise<MatchUpdate> {
    const m = this.live[table];
    if (!m) throw new AutorefError('AR_NO_MATCH', `table ${table}`);
    const event = { ...input, seq: m.seq + 1, t: input.t ?? this.now() } as GameEvent;
    // Fold first, store after: a correction's replay must include the correction itself.
    const state = isCorrection(event) ? replay(m.engine, [...(await this.store.gameEvents(m.id)), event]).game : m.engine.reduce(m.state, event);
    const summary = m.engine.summary(state);
    await this.store.appendGameEvent(m.id, event, summary);
    m.seq = event.seq!;
    m.state = state;
    if (event.type === 'pocket' && event.captured && event.ball === undefined) m.unnamed.push(event.seq!);
    if (m.seq % SNAPSHOT_EVERY === 0) await this.store.saveSnapshot(m.id, { seq: m.seq, state: toPortable(m.state) });
    const update: MatchUpdate = { match: m.id, table, game: m.game, seq: m.seq, summary, event };
    this.emit('update', update);
    if (summary.status === 'finished' || summary.status === 'abandoned') await this.finish(m, summary.status);
    return update;
  }

  private async finish(m: LiveMatch, status: Exclude<MatchStatus, 'playing'>, who?: string, why?: string): Promise<MatchRecord> {
    delete this.live[m.table];
    await this.store.saveSnapshot(m.id, { seq: m.seq, state: toPortable(m.state) });
    await this.store.updateMatch(m.id, { status, endedAt: this.now(), summary: { ...m.engine.summary(m.state), endedBy: who ?? null, endReason: why ?? null } });
    const rec = (await this.store.getMatch(m.id))!;
    this.emit('ended', rec);
    return rec;
  }
}
