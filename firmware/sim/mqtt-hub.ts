/**
 * The hub side of a scenario over a real MQTT broker: a client subscribed to one device's
 * events and status topics (every publish the device makes, in order), publishing commands on
 * its cmd topic. The first sync is left retained on the cmd topic before the device connects, so
 * it arrives right after the device subscribes, with no race against the subscription.
 */
import mqtt from 'mqtt';
import { CHANNEL_CMD, CHANNEL_EVENTS, CHANNEL_STATUS, topicFor } from '../../shared/protocol/wire';
import { FIRST_SYNC, type HubSide } from './scenario';

export interface MqttHub extends HubSide {
  close(): Promise<void>;
}

export async function mqttHub(url: string, venue: string, table: string, device: string): Promise<MqttHub> {
  const client = await mqtt.connectAsync(url, { clientId: `scenario-${venue}-${device}`, reconnectPeriod: 0 });
  const t = (ch: string): string => topicFor(venue, table, device, ch);
  const lines: string[] = [];
  client.on('message', (topic, payload) => {
    // The retained-topic clean-up at the end is no line of the device's.
    if (payload.length) lines.push(`${topic.slice(topic.lastIndexOf('/') + 1)} ${payload.toString('latin1')}`);
  });
  await client.subscribeAsync([t(CHANNEL_EVENTS), t(CHANNEL_STATUS)], { qos: 0 });
  await client.publishAsync(t(CHANNEL_CMD), JSON.stringify(FIRST_SYNC), { retain: true, qos: 1 });
  const clear = (ch: string): Promise<unknown> => client.publishAsync(t(ch), '', { retain: true, qos: 1 });
  return {
    lines: () => lines,
    command: (line) => void client.publish(t(CHANNEL_CMD), line),
    linked: () => void clear(CHANNEL_CMD),
    close: async () => {
      // The device's will (offline, retained) comes once its connection is gone: clear it after.
      const end = Date.now() + 2000;
      while (Date.now() < end && !lines.some((l) => l.startsWith(`${CHANNEL_STATUS} `) && l.includes('"state":"offline"')))
        await new Promise((r) => setTimeout(r, 20));
      await clear(CHANNEL_CMD);
      await clear(CHANNEL_STATUS);
      await client.endAsync();
    },
  };
}
