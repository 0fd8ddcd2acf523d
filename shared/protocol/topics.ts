/**
 * MQTT topic layout: autoref/<venue>/<table>/<device>/<channel>.
 * Espruino-safe like wire.ts (the firmware builds its topics with topicFor).
 */
import { TOPIC_ROOT } from './wire';

export interface TopicParts {
  venue: string;
  table: string;
  device: string;
  channel: string;
}

export function parseTopic(topic: string): TopicParts | null {
  const p = topic.split('/');
  if (p.length !== 5 || p[0] !== TOPIC_ROOT) return null;
  return { venue: p[1] as string, table: p[2] as string, device: p[3] as string, channel: p[4] as string };
}

/** What the hub subscribes to for one venue: every device's events and status. */
export function venueSubscriptions(venue: string): string[] {
  return [TOPIC_ROOT + '/' + venue + '/+/+/events', TOPIC_ROOT + '/' + venue + '/+/+/status'];
}
