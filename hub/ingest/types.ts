/**
 * What the ingest deals in, for the links and readers: where a message came from and how to
 * answer its device, the events the ingest emits, and the clock that places device times.
 */
import type { Rejection } from '../../shared/errors';
import type { DeviceEvent, DeviceMessage, HubCommand } from '../../shared/protocol/schema';
import type { StoredDeviceEvent } from '../store/types';

/** Where a message came from, and how to answer the device. */
export interface Origin {
  link: string;
  /**
   * For MQTT: the device and table named by the topic; the payload must match them. The topic is
   * also who sent it: a broker with logins lets a device publish on its own topics only.
   */
  topic?: { table: string; device: string };
  /**
   * Sends a command back to the device over the same link. `written`, if the link can tell, is
   * called with the hub time at which the operating system took the bytes (serial): a clock-sync
   * request leaves then, not when it was queued behind the link's writes.
   */
  send(device: string, cmd: HubCommand, written?: (hubMs: number) => void): void;
}

/** A device event the hub has accepted and is about to store: no row id yet. */
export type SeenDeviceEvent = Omit<StoredDeviceEvent, 'id'>;

export interface IngestEvents {
  /**
   * A new event, before its commit: only a lone event the ingest knows to be new (the next of its
   * boot's contiguous sequence), so a live view shows it without waiting for the disk. Its
   * 'device-event' follows once stored, with `shown` set. Nothing is acknowledged, counted or
   * scored on this one: should the commit fail, the device sends the event again.
   */
  'device-event-seen': [SeenDeviceEvent];
  /** A new event, stored. `shown`: it went out as 'device-event-seen' before its commit. */
  'device-event': [StoredDeviceEvent, { shown: boolean }];
  /** Every message taken; a reused boot id's later runs carry the boot id they are stored under. */
  'device-message': [DeviceMessage, Origin];
  rejected: [{ device: string | undefined; rejection: Rejection; link: string }];
  'store-error': [Error];
}

/** Puts a device event on the hub's timeline (see hub/time/sync.ts). */
export interface EventClock {
  eventTime(e: DeviceEvent, arrivalMs: number): number;
}
