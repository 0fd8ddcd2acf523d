import { describe, expect, it } from 'vitest';
import { decodeDeviceMessage, decodeHubCommand, encodeLine } from './decode';
import { MAX_LINE_BYTES } from './wire';

const good = { v: 1, k: 'ev', d: 'gb1-a', b: '3fa9', n: 7, t: 1_234_567, e: 'goal', s: 'g1', p: 'A', o: 'white' };
const line = (o: object) => JSON.stringify(o);

function code(input: string | Uint8Array): string {
  const r = decodeDeviceMessage(input);
  return r.ok ? 'ok' : r.rejection.code;
}

describe('protocol v1 decoder', () => {
  it('accepts a valid event line and a valid MQTT payload (bytes)', () => {
    expect(decodeDeviceMessage(line(good))).toEqual({ ok: true, msg: good, text: line(good) });
    expect(decodeDeviceMessage(Buffer.from(line(good)))).toEqual({ ok: true, msg: good, text: line(good) });
  });

  it('accepts status, heartbeat, hello and sync replies', () => {
    expect(code(line({ v: 1, k: 'st', d: 'gb1-a', b: '3fa9', t: 5, state: 'online', up: 3.5, q: 0, cap: 64, lost: 0, f: [{ s: 'g1', c: 'stuck' }] }))).toBe(
      'ok',
    );
    expect(code(line({ v: 1, k: 'hb', d: 'gb1-a', b: '3fa9', t: 5, up: 9, q: 2, n: 40 }))).toBe('ok');
    expect(code(line({ v: 1, k: 'hi', d: 'gb1-a', b: '3fa9', t: 5, fw: '1.0.0', board: 'pico', prof: 'golf-billiards', cap: 64 }))).toBe('ok');
    expect(code(line({ v: 1, k: 'sy', d: 'gb1-a', b: '3fa9', q: 3, t: 5 }))).toBe('ok');
  });

  it('keeps microsecond times exact beyond Espruino float printing (weeks of uptime)', () => {
    const t = 1_814_400_123_457; // three weeks and a bit, in µs: 13 digits
    const r = decodeDeviceMessage(`{"v":1,"k":"ev","d":"gb1-a","b":"3fa9","n":1,"t":${t},"e":"goal","s":"g1"}`);
    expect(r.ok && r.msg.k === 'ev' && r.msg.t).toBe(t);
  });

  it('rejects what is not JSON', () => {
    expect(code('{"v":1,')).toBe('AR_NOT_JSON');
    expect(code('hello world')).toBe('AR_NOT_JSON');
    expect(code(Buffer.from([0xff, 0xfe, 0x00]))).toBe('AR_NOT_JSON');
  });

  it('rejects JSON that is not an object', () => {
    expect(code('[1,2]')).toBe('AR_NOT_OBJECT');
    expect(code('42')).toBe('AR_NOT_OBJECT');
    expect(code('null')).toBe('AR_NOT_OBJECT');
  });

  it('rejects an oversized line before parsing it', () => {
    const big = line({ ...good, o: 'x'.repeat(MAX_LINE_BYTES) });
    expect(code(big)).toBe('AR_LINE_TOO_LONG');
  });

  it('rejects an unknown or missing protocol version, naming the device', () => {
    const r = decodeDeviceMessage(line({ ...good, v: 2 }));
    expect(r).toMatchObject({ ok: false, device: 'gb1-a', rejection: { code: 'AR_PROTOCOL_VERSION' } });
    expect(code(line({ ...good, v: undefined }))).toBe('AR_PROTOCOL_VERSION');
    expect(code(line({ ...good, v: '1' }))).toBe('AR_PROTOCOL_VERSION');
  });

  it('rejects an unknown message kind', () => {
    expect(code(line({ ...good, k: 'zz' }))).toBe('AR_UNKNOWN_KIND');
  });

  it.each([
    ['sequence as a string', { n: '7' }],
    ['sequence zero', { n: 0 }],
    ['negative time', { t: -1 }],
    ['fractional time', { t: 1.5 }],
    ['unknown event type', { e: 'teleport' }],
    ['device id with capitals', { d: 'GB1' }],
    ['missing sensor', { s: undefined }],
    ['extra field', { zz: 1 }],
    ['magnitude as text', { m: 'loud' }],
  ])('rejects wrong types: %s', (_name, patch) => {
    const r = decodeDeviceMessage(line({ ...good, ...patch }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rejection.code).toBe('AR_SCHEMA');
      expect(r.rejection.reason.length).toBeGreaterThan(20);
    }
  });

  it('decodes hub commands and rejects bad ones', () => {
    expect(decodeHubCommand(encodeLine({ v: 1, k: 'ack', b: '3fa9', n: 4 }).trim())).toMatchObject({ ok: true });
    expect(decodeHubCommand('{"v":1,"k":"ack","b":"3fa9"}')).toMatchObject({ ok: false, rejection: { code: 'AR_SCHEMA' } });
    expect(decodeHubCommand('nope')).toMatchObject({ ok: false, rejection: { code: 'AR_NOT_JSON' } });
  });
});
