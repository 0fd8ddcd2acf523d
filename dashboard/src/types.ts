/**
 * What the hub sends, as the dashboard reads it. Shared types come from shared/ (types only);
 * the rest mirrors the documented API (docs/architecture.md, docs/games/*.md).
 */
import type { VenueConfig } from '../../shared/venue';
import type { DeviceInfo } from '../../shared/api/devices';
import type { DeviceEvent, DeviceStatus } from '../../shared/protocol/schema';
import type { GameSummary, PendingDecision } from '../../shared/game/engine';
import type { GameEvent } from '../../shared/game/events';

export type { VenueConfig, DeviceEvent, DeviceStatus, GameSummary, PendingDecision, GameEvent };

export interface StoredEvent {
  /** The store's row; absent on an event the hub sent live before its commit. */
  id?: number;
  hubT: number;
  link: string;
  event: DeviceEvent;
}

/** A device as the hub reports it: the hub's own type (shared/api/devices.ts), not a copy. */
export type DeviceRow = DeviceInfo;

export interface DeviceHealth extends DeviceRow {
  counters: {
    accepted: number;
    duplicates: number;
    rejected: Record<string, number>;
    lastRejection: { code: string; reason: string; link: string; at: number } | null;
  } | null;
  clock: { offsetMs: number; driftPpm: number; samples: number; errorBoundMs: number } | null;
}

export interface TableRow {
  table: string;
  match: string | null;
  summary: GameSummary | null;
}

/** A device's status (`st`), hello (`hi`) or heartbeat (`hb`), as the stream passes it on. */
export type DeviceStatusMessage = { k: 'st' | 'hi' | 'hb'; state?: string } & Partial<Omit<DeviceStatus, 'k' | 'state'>>;

export type StreamMessage =
  | { type: 'hello'; venue: VenueConfig; devices: DeviceRow[]; events: StoredEvent[]; tables?: TableRow[]; now?: number }
  | { type: 'tick'; now: number }
  | { type: 'device-events'; events: StoredEvent[] }
  | { type: 'device-status'; device: string; message: DeviceStatusMessage }
  | { type: 'rejected'; device: string | null; code: string; reason: string; link: string }
  | { type: 'match'; table: string; match: string; game: string; seq: number; summary: GameSummary; event: GameEvent }
  | { type: 'match-ended'; table: string; match: string; status: string };

export interface LiveTable {
  match: string | null;
  game?: string;
  seq?: number;
  summary: GameSummary | null;
  report?: unknown;
  /** The hub's time when it answered (ms on the hub timeline), for the page's countdowns. */
  now?: number;
  /** The match's latest events its rules refused (a sensor event it cannot place), with the device. */
  refused?: { seq: number | null; type: string; code: string; reason: string; text: string; device: string | null }[];
}

export interface MatchRecord {
  id: string;
  table: string;
  game: string;
  status: 'playing' | 'finished' | 'abandoned';
  startedAt: number;
  endedAt: number | null;
  summary: GameSummary | null;
}
