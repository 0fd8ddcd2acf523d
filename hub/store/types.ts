/**
 * The event store contract. SQLite is the embedded default; PostgreSQL serves installations
 * with several hubs. Both pass the same contract suite (test/contract/store.test.ts).
 * Append-only: nothing is updated in place except a match's status row and its latest snapshot.
 * Every method is asynchronous (PostgreSQL is across a socket); callers keep their own order.
 */
import type { DeviceEvent } from '../../shared/protocol/schema';
import type { GameEvent } from '../../shared/game/events';

export interface StoredDeviceEvent {
  id: number;
  /** Hub time (ms since the epoch) when the hub stored it. */
  hubT: number;
  /** When it happened, on the hub's timeline: the device's interrupt time through its clock map. */
  at: number;
  /** Link it arrived on: serial:<path>, mqtt, firmata:<port>. */
  link: string;
  event: DeviceEvent;
  /**
   * The event's JSON text as the device sent it, where the hub has it (freshly received, not
   * read back): kept and forwarded as is instead of written out again.
   */
  body?: string;
}

export interface AppendResult {
  /** False when (device, boot, seq) was already stored: a duplicate, dropped. */
  inserted: boolean;
  id: number;
  /** Highest sequence of that boot with every lower one stored: what the hub may acknowledge. */
  contiguous: number;
}

/** One device event to append, with its times and link (see EventStore.appendDeviceEvents). */
export interface DeviceEventAppend {
  event: DeviceEvent;
  times: { hubT: number; at: number };
  link: string;
  /** The event's JSON text as received, stored as its body; without it the store writes the event out. */
  body?: string;
}

export type MatchStatus = 'playing' | 'finished' | 'abandoned';

export interface MatchRecord {
  id: string;
  table: string;
  game: string;
  status: MatchStatus;
  startedAt: number;
  endedAt: number | null;
  /** The engine summary when it last changed (for lists and history without replay). */
  summary: unknown;
}

export interface Snapshot {
  /** Log position the state includes (the seq of the last event folded in). */
  seq: number;
  state: unknown;
}

export interface EventStore {
  appendDeviceEvent(event: DeviceEvent, times: { hubT: number; at: number }, link: string): Promise<AppendResult>;
  /**
   * The same as appendDeviceEvents, committed and answered in the caller's turn. Only stores
   * that commit synchronously have it (SQLite; not PostgreSQL, which is across a socket). The
   * ingest stores a lone event with it, so its message leaves before the link's own replies (a
   * PUBACK waits for the next tick in MQTT.js): hub/ingest/pipeline.ts.
   */
  appendDeviceEventsNow?(batch: readonly DeviceEventAppend[]): AppendResult[];
  /**
   * Group commit: appends the events in order in ONE transaction, all or none. The results are
   * those appendDeviceEvent would give one after another (a duplicate inside the batch is a
   * duplicate; `contiguous` is the value right after that event). Durable when it resolves.
   */
  appendDeviceEvents(batch: readonly DeviceEventAppend[]): Promise<AppendResult[]>;
  /** Highest stored sequence for a device boot with every lower one present, 0 if none. */
  contiguousSeq(device: string, boot: string): Promise<number>;
  /**
   * Gives up on the events missing after the contiguous sequence (the device no longer has
   * them): it moves past the gap to the end of the next stored run. Returns the new contiguous
   * sequence and how many events were skipped.
   */
  skipGap(device: string, boot: string): Promise<{ contiguous: number; skipped: number }>;
  recentDeviceEvents(limit: number): Promise<StoredDeviceEvent[]>;
  /**
   * The device events stored at hub time `hubT` or later, oldest first. Read back from the newest
   * row, so it costs what it returns: the ingest stores in arrival order, so hub times rise with
   * the row id. For picking up after a restart (hub/games/resume.ts).
   */
  deviceEventsStoredSince(hubT: number): Promise<StoredDeviceEvent[]>;
  countDeviceEvents(): Promise<number>;

  createMatch(m: MatchRecord): Promise<void>;
  updateMatch(id: string, patch: Partial<Pick<MatchRecord, 'status' | 'endedAt' | 'summary'>>): Promise<void>;
  getMatch(id: string): Promise<MatchRecord | null>;
  listMatches(filter: { table?: string; status?: MatchStatus; limit?: number }): Promise<MatchRecord[]>;
  /**
   * Appends one game event (`event.seq` is the next position of that match's log) and, in the
   * same transaction, the match's new summary.
   */
  appendGameEvent(match: string, event: GameEvent, summary?: unknown): Promise<void>;
  /** The match log from position `fromSeq` on (inclusive), in order. */
  gameEvents(match: string, fromSeq?: number): Promise<GameEvent[]>;
  saveSnapshot(match: string, s: Snapshot): Promise<void>;
  latestSnapshot(match: string): Promise<Snapshot | null>;

  /**
   * The hub's own settings that must outlive a restart: the venue PIN's salted hash and each
   * table's token (hub/api/auth.ts). Keys and values are short texts; `null`: never set.
   */
  getSetting(key: string): Promise<string | null>;
  putSetting(key: string, value: string): Promise<void>;

  close(): Promise<void>;
}
