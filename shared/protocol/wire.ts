/**
 * Wire protocol v1: the constants that firmware, hub and simulator agree on.
 *
 * This file is imported by the firmware, so it must stay Espruino-safe: plain constants and
 * functions, no classes, no Map/Set, no default or rest parameters, no destructuring.
 * The full schema (types and validation) is in ./schema.ts; the prose in docs/protocol.md.
 */

export const PROTOCOL_VERSION = 1;

/** A line longer than this (bytes, without the newline) is rejected unread. */
export const MAX_LINE_BYTES = 512;

/** Message kinds, device to hub. */
export const KIND_EVENT = 'ev';
export const KIND_STATUS = 'st';
export const KIND_HEARTBEAT = 'hb';
export const KIND_HELLO = 'hi';
export const KIND_SYNC = 'sy';

/** Message kinds, hub to device. */
export const CMD_ACK = 'ack';
export const CMD_RESEND = 'rs';
export const CMD_SYNC = 'sy';
export const CMD_CONFIG = 'cfg';
export const CMD_IDENTIFY = 'id';

/** Sensor event types a device reports (field `e`). */
export const EVENT_TYPES = ['goal', 'pocket', 'rattle', 'cushion', 'contact', 'out', 'hole', 'stroke', 'tag'];

/** Topic root for MQTT: autoref/<venue>/<table>/<device>/<channel>. */
export const TOPIC_ROOT = 'autoref';
export const CHANNEL_EVENTS = 'events';
export const CHANNEL_STATUS = 'status';
export const CHANNEL_CMD = 'cmd';

/** Identifiers (device, table, venue, sensor) are short and safe in a topic level. */
export const ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,31}$';

export function topicFor(venue: string, table: string, device: string, channel: string): string {
  return TOPIC_ROOT + '/' + venue + '/' + table + '/' + device + '/' + channel;
}
