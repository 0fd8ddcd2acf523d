/**
 * Protocol v1 schemas: the one source of the TypeScript types, the JSON Schema (docs/protocol.md
 * and the validator are generated from these) for serial lines and MQTT payloads alike.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES, ID_PATTERN, PROTOCOL_VERSION } from './wire';

const Id = Type.String({ pattern: ID_PATTERN, description: 'lower-case id, 1-32 chars: a-z 0-9 _ -' });
const Version = Type.Literal(PROTOCOL_VERSION, { description: 'protocol version' });
const BootId = Type.String({ pattern: '^[0-9a-z]{1,12}$', description: 'new random id on every boot' });
const Micros = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'device time, µs since boot' });
const Seq = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'per-boot sequence, strictly increasing' });

const header = { v: Version, d: Id, b: BootId };

export const DeviceEvent = Type.Object(
  {
    ...header,
    k: Type.Literal('ev'),
    n: Seq,
    t: Micros,
    e: Type.Union(
      EVENT_TYPES.map((x) => Type.Literal(x)),
      { description: 'event type' },
    ),
    s: Type.String({ pattern: ID_PATTERN, description: 'sensor id from the table profile' }),
    p: Type.Optional(Type.String({ maxLength: 16, description: 'place: rail, pocket, goal or hole id' })),
    m: Type.Optional(Type.Number({ description: 'magnitude in sensor units, where the sensor gives one' })),
    w: Type.Optional(Type.Integer({ minimum: 0, description: 'pulse width, µs the beam stayed blocked' })),
    o: Type.Optional(Type.String({ maxLength: 24, description: 'ball identity when the sensor knows it' })),
    c: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description: 'how sure the sensor is of `o`, per mille (a colour read of a pocketed ball); absent: sure (a tag, a goal colour)',
      }),
    ),
    o2: Type.Optional(Type.String({ maxLength: 24, description: 'with `c`: the ball the sensor found next most likely' })),
    c2: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'how likely `o2` is, per mille' })),
  },
  { additionalProperties: false, description: 'a sensor event, timestamped in the interrupt' },
);
export type DeviceEvent = Static<typeof DeviceEvent>;

export const SensorFault = Type.Object(
  {
    s: Type.String({ pattern: ID_PATTERN }),
    c: Type.Union([Type.Literal('stuck'), Type.Literal('silent'), Type.Literal('noisy'), Type.Literal('absent')]),
  },
  { additionalProperties: false },
);

export const DeviceStatus = Type.Object(
  {
    ...header,
    k: Type.Literal('st'),
    t: Micros,
    state: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
    up: Type.Optional(Type.Number({ minimum: 0, description: 'uptime, s' })),
    q: Type.Optional(Type.Integer({ minimum: 0, description: 'events waiting for acknowledgement' })),
    cap: Type.Optional(Type.Integer({ minimum: 0, description: 'buffer capacity, events' })),
    lost: Type.Optional(Type.Integer({ minimum: 0, description: 'events dropped since boot (buffer full)' })),
    f: Type.Optional(Type.Array(SensorFault, { maxItems: 32, description: 'sensor faults' })),
  },
  { additionalProperties: false, description: 'status; retained on MQTT, the last will says offline' },
);
export type DeviceStatus = Static<typeof DeviceStatus>;

export const DeviceHeartbeat = Type.Object(
  {
    ...header,
    k: Type.Literal('hb'),
    t: Micros,
    up: Type.Number({ minimum: 0 }),
    q: Type.Integer({ minimum: 0 }),
    n: Type.Integer({ minimum: 0, description: 'last sequence number sent' }),
  },
  { additionalProperties: false },
);
export type DeviceHeartbeat = Static<typeof DeviceHeartbeat>;

export const DeviceHello = Type.Object(
  {
    ...header,
    k: Type.Literal('hi'),
    t: Micros,
    fw: Type.String({ maxLength: 24 }),
    board: Type.String({ maxLength: 24 }),
    prof: Type.String({ maxLength: 32 }),
    cap: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, description: 'sent once after boot and on every (re)connect' },
);
export type DeviceHello = Static<typeof DeviceHello>;

export const DeviceSyncReply = Type.Object(
  {
    ...header,
    k: Type.Literal('sy'),
    q: Type.Integer({ minimum: 0, description: 'the request id being answered' }),
    t: Micros,
  },
  { additionalProperties: false, description: 'device time when the sync request arrived' },
);
export type DeviceSyncReply = Static<typeof DeviceSyncReply>;

export const DeviceMessage = Type.Union([DeviceEvent, DeviceStatus, DeviceHeartbeat, DeviceHello, DeviceSyncReply]);
export type DeviceMessage = Static<typeof DeviceMessage>;

// Hub to device ---------------------------------------------------------------------------

export const CmdAck = Type.Object(
  { v: Version, k: Type.Literal('ack'), b: BootId, n: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, description: 'every event of boot b up to sequence n is stored' },
);
export const CmdResend = Type.Object(
  { v: Version, k: Type.Literal('rs'), b: BootId, n: Seq },
  { additionalProperties: false, description: 'send again from sequence n (a gap was seen)' },
);
export const CmdSync = Type.Object(
  { v: Version, k: Type.Literal('sy'), q: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, description: 'clock-sync request; the device answers with its time' },
);
export const CmdConfig = Type.Object(
  {
    v: Version,
    k: Type.Literal('cfg'),
    set: Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.Number(), Type.String({ maxLength: 64 }), Type.Boolean()])),
  },
  { additionalProperties: false, description: 'configuration values, e.g. "g1.debounce": 5' },
);
export const CmdIdentify = Type.Object(
  { v: Version, k: Type.Literal('id'), ms: Type.Integer({ minimum: 0, maximum: 60000 }) },
  { additionalProperties: false, description: 'blink the board LED for ms milliseconds' },
);
export const HubCommand = Type.Union([CmdAck, CmdResend, CmdSync, CmdConfig, CmdIdentify]);
export type HubCommand = Static<typeof HubCommand>;
