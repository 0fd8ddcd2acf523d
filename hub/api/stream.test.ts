import { describe, expect, it } from 'vitest';
import { deviceEventJson, deviceEventsMessage } from './stream';
import type { DeviceEvent } from '../../shared/protocol/schema';

const event: DeviceEvent = { v: 1, k: 'ev', d: 'gb1-a', b: '3fa9', n: 7, t: 1_234_567, e: 'goal', s: 'g1', p: 'A' };
const stored = { id: 12, hubT: 1_764_460_800_123.25, at: 1_764_460_800_120.5, link: 'serial:/dev/ttyACM0 "x"', event };

describe('device-events message', () => {
  it('carries each event text as the device sent it, and parses to the events written out', () => {
    const body = ` { "v":1, "k":"ev","d":"gb1-a","b":"3fa9","n":7,"t":1234567,"e":"goal","s":"g1","p":"A" }\t`;
    const second = { ...stored, id: 13, event: { ...event, n: 8 } };
    const text = deviceEventsMessage([deviceEventJson({ ...stored, body }), deviceEventJson({ ...second, body: JSON.stringify(second.event) })]);
    expect(text).toContain(body);
    expect(JSON.parse(text)).toEqual({ type: 'device-events', events: [stored, second] });
  });

  it('writes the event out when its text is not at hand (read back from the store) or a time is not a number', () => {
    expect(JSON.parse(deviceEventJson(stored))).toEqual(stored);
    expect(JSON.parse(deviceEventJson({ ...stored, at: Number.NaN, body: JSON.stringify(event) }))).toEqual({ ...stored, at: null });
  });
});
