/**
 * The validating decoder: one raw line or payload in, a typed message or a catalogued
 * rejection out. Never throws, whatever the input.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { reject, type Rejection } from '../errors';
import { MAX_LINE_BYTES, PROTOCOL_VERSION } from './wire';
import { DeviceEvent, DeviceHeartbeat, DeviceHello, DeviceStatus, DeviceSyncReply, HubCommand, type DeviceMessage } from './schema';

const ajv = new Ajv({ allErrors: false, strict: true });

/** By message kind. A Map: `k` comes from the device, and `"k":"constructor"` must be an unknown kind. */
const byKind = new Map<string, ValidateFunction>([
  ['ev', ajv.compile(DeviceEvent)],
  ['st', ajv.compile(DeviceStatus)],
  ['hb', ajv.compile(DeviceHeartbeat)],
  ['hi', ajv.compile(DeviceHello)],
  ['sy', ajv.compile(DeviceSyncReply)],
]);
const validateCommand = ajv.compile(HubCommand);

/** `text`: the JSON text the message was decoded from, for whoever keeps or forwards it as is. */
export type Decoded<T> = { ok: true; msg: T; text: string } | { ok: false; rejection: Rejection; device?: string };

function describe(v: ValidateFunction): string {
  const e = v.errors?.[0];
  if (!e) return 'invalid';
  const where = e.instancePath || '(root)';
  if (e.keyword === 'additionalProperties') return `${where} has unknown field "${String(e.params['additionalProperty'])}"`;
  return `${where} ${e.message ?? 'invalid'}`;
}

/** Best-effort device id of a rejected object, so rejections are counted per device. */
function claimedDevice(o: Record<string, unknown>): string | undefined {
  const d = o['d'];
  return typeof d === 'string' && d.length > 0 && d.length <= 32 ? d : undefined;
}

export function decodeDeviceMessage(input: string | Uint8Array): Decoded<DeviceMessage> {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (bytes > MAX_LINE_BYTES) return { ok: false, rejection: reject('AR_LINE_TOO_LONG', `${bytes} bytes, limit ${MAX_LINE_BYTES}`) };
  const text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, rejection: reject('AR_NOT_JSON', JSON.stringify(text.slice(0, 40))) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, rejection: reject('AR_NOT_OBJECT') };
  }
  const o = parsed as Record<string, unknown>;
  const device = claimedDevice(o);
  if (o['v'] !== PROTOCOL_VERSION) {
    return { ok: false, device, rejection: reject('AR_PROTOCOL_VERSION', `v=${JSON.stringify(o['v'] ?? null)}, this hub speaks ${PROTOCOL_VERSION}`) };
  }
  const validate = typeof o['k'] === 'string' ? byKind.get(o['k']) : undefined;
  if (!validate) return { ok: false, device, rejection: reject('AR_UNKNOWN_KIND', `k=${JSON.stringify(o['k'] ?? null)}`) };
  if (!validate(o)) return { ok: false, device, rejection: reject('AR_SCHEMA', describe(validate)) };
  return { ok: true, msg: o as DeviceMessage, text };
}

export function decodeHubCommand(input: string): Decoded<HubCommand> {
  if (Buffer.byteLength(input) > MAX_LINE_BYTES) return { ok: false, rejection: reject('AR_LINE_TOO_LONG') };
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return { ok: false, rejection: reject('AR_NOT_JSON') };
  }
  if (!validateCommand(parsed)) return { ok: false, rejection: reject('AR_SCHEMA', describe(validateCommand)) };
  return { ok: true, msg: parsed as HubCommand, text: input };
}

/** Encode any protocol object as one line (newline included). */
export function encodeLine(msg: object): string {
  return JSON.stringify(msg) + '\n';
}
