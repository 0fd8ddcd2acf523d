/**
 * The event store contract. SQLite is the embedded default; other stores implement the same
 * interface and pass the same contract suite (test/contract/store.ts).
 */
import type { DeviceEvent } from '../../shared/protocol/schema';

export interface StoredDeviceEvent {
  id: number;
  /** Hub time (ms since the epoch) when the hub stored it. */
  hubT: number;
  /** When it happened, on the hub's timeline: the device's interrupt time through its clock map. */
  at: number;
  /** Link it arrived on: serial:<path>, mqtt, firmata:<port>. */
  link: string;
  event: DeviceEvent;
}

export interface AppendResult {
  /** False when (device, boot, seq) was already stored: a duplicate, dropped. */
  inserted: boolean;
  id: number;
}

export interface EventStore {
  appendDeviceEvent(event: DeviceEvent, times: { hubT: number; at: number }, link: string): AppendResult;
  /** Highest stored sequence for a device boot with every lower one present, 0 if none. */
  contiguousSeq(device: string, boot: string): number;
  recentDeviceEvents(limit: number): StoredDeviceEvent[];
  countDeviceEvents(): number;
  close(): void;
}
