/**
 * One home for each sensor kind: its descriptor says everything the rest of the project needs to
 * know about the kind, so a new kind is one entry in SENSOR_KINDS plus its firmware component
 * (docs/how-to/add-a-sensor-kind.md). From the descriptor:
 * - shared/profile.ts builds the profile schema (the union of the kinds' `schema`) and checks the
 *   wiring (`pins`, `check`);
 * - firmware/build/compile.ts compiles a sensor for the bundle (`compile`: short keys, defaults
 *   resolved) and, for a kind with its own `component`, registers that module in the bundle;
 * - the Firmata link (hub/ingest/firmata/) reads the pins the firmware would watch, with the
 *   firmware's meaning of an edge (`edge`, shared/sensors/edge.ts) on the same compiled values,
 *   or refuses what StandardFirmata cannot relay (`firmata`);
 * - the calibration (hub/calibration/) asks for its step, lowers its filters and works out its
 *   values by the methods its descriptor names (`calibration`);
 * - the simulator (sim/signals/signals.ts) puts the kind's signal on its pins when the ground
 *   truth has what it senses (`signal`).
 * Node-side (TypeBox): the firmware bundles only shared/sensors/edge.ts.
 */
import { Type, type Static, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';
import { EVENT_TYPES, ID_PATTERN } from '../protocol/wire';
import { KIND_BEAM, KIND_PIEZO, KIND_POCKET, KIND_TAG } from './edge';

/** Every default of the profile schema, in one place (the build resolves them). */
export const PROFILE_DEFAULTS = {
  debounceMs: { beam: 1, pocket: 1, piezo: 0 },
  activeLow: { beam: true, pocket: true, piezo: false },
  minWidthUs: 2000,
  stuckMs: 5000,
  captureMs: 800,
  deadMs: 30,
  silentAfter: 0,
  noisyPerS: 0,
  holdMs: 1500,
  tagWindowMs: 3000,
  minClear: 200,
  heartbeatS: 10,
};
const D = PROFILE_DEFAULTS;

// --- the options every kind shares --------------------------------------------------------------

export const SensorId = Type.String({ pattern: ID_PATTERN, description: 'sensor id, sent as `s`' });
export const PinRef = Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$', description: 'logical pin, wired per board under `boards`' });
export const Place = Type.String({ pattern: '^[a-z0-9_-]{1,16}$', description: 'place id sent as `p` (pocket, rail, goal, hole)' });
export const Ms = (max: number, description: string) => Type.Integer({ minimum: 0, maximum: max, description });

/** The options of every kind: spread them into a kind's schema. */
export const COMMON_OPTIONS = {
  id: SensorId,
  place: Type.Optional(Place),
  pin: PinRef,
  debounceMs: Type.Optional(Ms(1000, 'setWatch debounce, ms')),
};

// --- the descriptor -----------------------------------------------------------------------------

/**
 * A logical pin a sensor uses: `main` and `drop` are watched (interrupts), `analog` is read,
 * `uart` receives. `what` is the electrics on it (ESP32 pin hazards, shared/profile.ts).
 */
export interface PinUse {
  ref: string | undefined;
  role: 'main' | 'drop' | 'analog' | 'uart';
  what: 'beam' | 'piezo' | 'analog' | 'tag';
}

/** What `compile` may ask of the build. */
export interface CompileContext {
  /** Index of a logical pin in the bundle's pin list (-1 for undefined). */
  pin(ref: string | undefined): number;
  /** Index of a sensor of the profile by id (-1 when none). */
  sensorIndex(id: string): number;
  /** A tag reader part's baud rate (firmware/sensors/tag.ts controllers table). */
  tagBaud(part: string): number;
  /** The board's wiring has the I2C bus. */
  i2c: boolean;
}

/** A compiled sensor (firmware/core/config.ts SensorCfg): short keys, kind code `k`. */
export interface CompiledSensor {
  id: string;
  e: number;
  pin: number;
  p?: string;
  k: number;
  [field: string]: unknown;
}

/** A check of one sensor against the rest of its profile and its board's wiring. */
export interface CheckContext {
  board: string;
  sensors: readonly { id: string; kind: string }[];
  i2c: boolean;
  /** The profile has `ballColours` (what pocket colour sensors name). */
  ballColours: boolean;
}

export interface SensorKind<S extends TObject = TObject> {
  /** The profile's `kind`. */
  kind: string;
  /** Its code in the compiled configuration (`k`): unique, never reused. */
  code: number;
  /** The profile options (TypeBox object with `kind` as a literal): docs, validation, types. */
  schema: S;
  /**
   * What its edges mean (shared/sensors/edge.ts): `pulse` (beam), `hit` (piezo), or null when it
   * has no watched edges (a tag reader on a UART).
   */
  edge: 'pulse' | 'hit' | null;
  /** The event type its edges send (the profile's, or the kind's own), undefined when none. */
  event(s: Static<S>): string | undefined;
  /** The logical pins it uses, in wiring order. */
  pins(s: Static<S>): PinUse[];
  /** Problems beyond the schema and the pins (empty when fine). */
  check?(s: Static<S>, c: CheckContext): string[];
  /** The compiled configuration for the bundle: only the fields its component reads. */
  compile(s: Static<S>, c: CompileContext): CompiledSensor;
  /**
   * The firmware component of a kind added by descriptor: a module under firmware/ exporting
   * `component` (firmware/sensors/index.ts `Component`); the build puts it in bundles whose
   * profile has the kind. The four first kinds are wired in firmware/sensors/index.ts itself.
   */
  component?: string;
  /** What a StandardFirmata board cannot do with this sensor (empty: it reads it like the firmware). */
  firmata(s: Static<S>): string[];
  /** The calibration step and the options it tunes; absent: nothing to tune (no step). */
  calibration?: {
    instruction(s: Static<S>, n: number): string;
    /** The values the device runs with now for the options calibration touches (profile + defaults). */
    current(s: Static<S>): Record<string, number>;
    /** Raw mode: the filters lowered so bounce, noise and ringing reach the hub. */
    raw(s: Static<S>): Record<string, number>;
    /** How the hub suggests its values from the step's events (hub/calibration/suggest.ts), in order. */
    methods: readonly CalibrationMethod[];
  };
  /**
   * The signal it gives when the ground truth has what it senses (`SensorSignal`); absent: the
   * simulator gives it nothing (a tag reader: nothing in the truth names a tag).
   */
  signal?(s: Static<S>): SensorSignal;
}

/**
 * The signal a sensor gives when what it senses happens (the event its edges send, at its place),
 * as the simulator makes it (sim/signals/signals.ts, which owns the physics, the timing and the
 * noise): data only, no simulator types.
 * - `knock`: a short pulse of `widthUs` per hit (a piezo behind its comparator). The bar's noise
 *   may miss it, ring it twice or add spurious ones.
 * - `interrupt`: held as long as the ball takes to pass (a break beam), never missed; with `colour`
 *   the blocking edge carries the colour of the ball, for a colour sensor looking at it; with
 *   `drop`, the ball then crosses the sensor's `drop` pin (`pins`, role `drop`) `afterUs` after the
 *   first pulse ends, for `widthUs` (a pocket's drop beam); with `drop.colour` a colour sensor
 *   there samples the ball as it rolls past (the pool pockets: sim/signals/balls.ts).
 */
export type SensorSignal =
  | { shape: 'knock'; activeLow: boolean; widthUs: number }
  | { shape: 'interrupt'; activeLow: boolean; colour?: boolean; drop?: { afterUs: number; widthUs: number; colour?: boolean } };

/**
 * How the hub works out a kind's values from what its calibration step recorded: methods of
 * hub/calibration/suggest.ts, applied in this order (docs/calibration.md):
 * - `ringing`: `deadMs` from the longest ringing of one hit (edges `hit`);
 * - `level`: the comparator threshold from the analog peak levels (needs a pin of role `analog`);
 * - `width`: `minWidthUs` from the ball and noise pulse widths (edges `pulse`);
 * - `bounce`: `debounceMs` from the gaps inside one ball's bounce;
 * - `rattles`: `captureMs` doubled when balls dropped in came back as `rattle`.
 */
export type CalibrationMethod = 'ringing' | 'level' | 'width' | 'bounce' | 'rattles';

/** Checks a descriptor's types against its schema (no runtime work). */
export function defineKind<S extends TObject>(d: SensorKind<S>): SensorKind<S> {
  return d;
}

const where = (s: { place?: string | undefined }): string => (s.place ? ` ${s.place}` : '');
const ev = (type: string | undefined): number => (type === undefined ? -1 : EVENT_TYPES.indexOf(type as (typeof EVENT_TYPES)[number]));

// --- the kinds ----------------------------------------------------------------------------------

export const ColourOptions = Type.Object(
  {
    part: Type.Union([Type.Literal('TCS34725'), Type.Literal('TCS34727')], { description: 'colour sensor part (controllers table)' }),
    balls: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z0-9_-]{1,24}$', description: 'ball label sent as `o`' }),
          rgb: Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }), { minItems: 3, maxItems: 3, description: 'reference raw r, g, b' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 8 },
    ),
    minClear: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, description: 'clear count below which no ball is seen' })),
    channel: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 7,
        description:
          'channel of the TCA9548A I2C multiplexer (address 0x70) the part is wired to: every TCS3472x answers at 0x29, so two colour sensors on one board each need their own channel',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BeamSensor = Type.Object(
  {
    ...COMMON_OPTIONS,
    kind: Type.Literal('beam'),
    event: Type.Union([Type.Literal('goal'), Type.Literal('out'), Type.Literal('hole')]),
    activeLow: Type.Optional(Type.Boolean({ description: 'blocked when the pin reads low (default true)' })),
    minWidthUs: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, description: 'shorter pulses are noise' })),
    stuckMs: Type.Optional(Ms(600000, 'blocked longer is a stuck beam (fault)')),
    colour: Type.Optional(ColourOptions),
    tag: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'id of the tag reader lending the ball identity' })),
    tagWindowMs: Type.Optional(Ms(60000, 'a tag read this close to the pulse names the ball')),
  },
  { additionalProperties: false },
);

export const PocketSensor = Type.Object(
  {
    ...COMMON_OPTIONS,
    kind: Type.Literal('pocket'),
    drop: Type.Optional(PinRef),
    activeLow: Type.Optional(Type.Boolean()),
    minWidthUs: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
    stuckMs: Type.Optional(Ms(600000, 'blocked longer is a stuck beam (fault)')),
    captureMs: Type.Optional(Ms(10000, 'the drop beam must follow the jaw beam within this, else a rattle')),
    colour: Type.Optional(
      Type.Object(
        {
          channel: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 7,
              description: "channel of the TCA9548A multiplexer (0x70) the pocket's TCS3472x is on; absent: alone on the bus",
            }),
          ),
        },
        {
          additionalProperties: false,
          description:
            "a colour sensor looking at the ball in the drop path: names it from the profile's ballColours (the part is theirs). A board whose wiring has no i2c runs the pocket without it (the Espruino Pico: no room for the colour code, hardware/pool.md)",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const PiezoSensor = Type.Object(
  {
    ...COMMON_OPTIONS,
    kind: Type.Literal('piezo'),
    event: Type.Union([Type.Literal('cushion'), Type.Literal('contact'), Type.Literal('stroke')]),
    activeLow: Type.Optional(Type.Boolean({ description: 'comparator output active low (default false)' })),
    analog: Type.Optional(PinRef),
    deadMs: Type.Optional(Ms(1000, 'ringing after a hit is ignored this long')),
    silentAfter: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'silent fault after this many hits elsewhere' })),
    noisyPerS: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, description: 'noisy fault above this rate' })),
    at: Type.Optional(
      Type.Object(
        {
          x: Type.Number({ minimum: -0.5, maximum: 5, description: 'metres along the table from the short rail w (the bed at x = 0)' }),
          y: Type.Number({ minimum: -0.5, maximum: 3, description: 'metres across the table from the long rail s (the bed at y = 0)' }),
        },
        {
          additionalProperties: false,
          description:
            "where an acoustic sensor sits (shared/tables/acoustic.ts): a rail piezo at one end of its rail (`place` the rail: n, e, s, w), a slate piezo under the bed (`place` slate). The hub places each knock and click from the arrival times of a rail's two or the slate's sensors",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const TagSensor = Type.Object(
  {
    ...COMMON_OPTIONS,
    kind: Type.Literal('tag'),
    part: Type.Union([Type.Literal('RDM6300'), Type.Literal('PN532')], {
      description:
        'reader part (controllers table): RDM6300 125 kHz RFID, or PN532 13.56 MHz NFC on its UART (HSU), which also needs the UART transmit pin (BOARDS tagUartTx)',
    }),
    event: Type.Optional(Type.Union([Type.Literal('tag'), Type.Literal('stroke'), Type.Literal('hole')])),
    holdMs: Type.Optional(Ms(60000, 'the same tag again within this is the same read')),
  },
  { additionalProperties: false },
);

/** Beam and pocket compile alike (the pulse fields), in the key order bundles always had. */
function watchedBeam(s: Static<typeof BeamSensor> | Static<typeof PocketSensor>, c: CompileContext, e: string) {
  return {
    id: s.id,
    e: ev(e),
    pin: c.pin(s.pin),
    ...(s.place ? { p: s.place } : {}),
    lo: (s.activeLow ?? D.activeLow[s.kind]) ? 1 : 0,
    db: s.debounceMs ?? D.debounceMs[s.kind],
    mn: s.minWidthUs ?? D.minWidthUs,
    mx: s.stuckMs ?? D.stuckMs,
  };
}

const beamCalibration = {
  current: (s: Static<typeof BeamSensor> | Static<typeof PocketSensor>): Record<string, number> => ({
    debounceMs: s.debounceMs ?? D.debounceMs[s.kind],
    minWidthUs: s.minWidthUs ?? D.minWidthUs,
  }),
  raw: (): Record<string, number> => ({ debounceMs: 0, minWidthUs: 0 }),
};

/** A piezo's comparator gives a pulse of about this per knock (docs/firmware.md). */
const KNOCK_US = 100;

export const SENSOR_KINDS = {
  beam: defineKind({
    kind: 'beam',
    code: KIND_BEAM,
    schema: BeamSensor,
    edge: 'pulse',
    event: (s) => s.event,
    pins: (s) => [{ ref: s.pin, role: 'main', what: 'beam' }],
    check: (s, c) => {
      const problems: string[] = [];
      if (s.colour && !c.i2c) problems.push(`sensor ${s.id}: a colour sensor needs boards.${c.board}.i2c`);
      if (s.colour) {
        // One TCS3472x per bus address: a second colour sensor needs the multiplexer, on a channel of its own.
        const channelOf = (x: { id: string; kind: string }): number | undefined => (x as { colour?: { channel?: number } }).colour?.channel;
        const others = c.sensors.filter((x) => x !== s && x.kind === 'beam' && (x as { colour?: unknown }).colour !== undefined);
        if (others.length > 0 && s.colour.channel === undefined)
          problems.push(`sensor ${s.id}: ${others.length + 1} colour sensors share address 0x29: give each a multiplexer "channel"`);
        const same = others.find((x) => channelOf(x) !== undefined && channelOf(x) === s.colour!.channel);
        if (same) problems.push(`sensor ${s.id}: multiplexer channel ${s.colour.channel} is also sensor ${same.id}'s`);
      }
      if (s.tag) {
        const r = c.sensors.find((x) => x.id === s.tag);
        if (!r || r.kind !== 'tag') problems.push(`sensor ${s.id}: tag "${s.tag}" is not a tag reader of this profile`);
      }
      return problems;
    },
    compile: (s, c) => {
      const out: CompiledSensor = { ...watchedBeam(s, c, s.event), k: KIND_BEAM, tg: s.tag === undefined ? -1 : c.sensorIndex(s.tag) };
      if ((out['tg'] as number) >= 0) out['tw'] = s.tagWindowMs ?? D.tagWindowMs;
      if (s.colour) {
        out['col'] = {
          part: s.colour.part,
          o: s.colour.balls.map((b) => b.id),
          rg: s.colour.balls.flatMap((b) => {
            const [r, g, bl] = b.rgb as [number, number, number];
            const sum = r + g + bl || 1;
            return [Math.round((r * 1000) / sum), Math.round((g * 1000) / sum)];
          }),
          mc: s.colour.minClear ?? D.minClear,
          ch: s.colour.channel ?? -1,
        };
      }
      return out;
    },
    firmata: (s) => [
      ...(s.colour ? [`sensor ${s.id}: colour identification needs I2C reads, which this link does not make (remove "colour")`] : []),
      ...(s.tag ? [`sensor ${s.id}: tag identification is not available over Firmata (remove "tag")`] : []),
    ],
    calibration: {
      instruction: (s, n) => {
        if (s.event === 'goal') return `Drop a ball into goal${where(s)} ${n} times, one at a time: slow ones and one fast one.`;
        if (s.event === 'hole') return `Drop a ball into the cup${where(s)} ${n} times, one at a time.`;
        return `Pass a ball through the out-of-table beam${where(s)} ${n} times (lift it over the rail where the beam runs).`;
      },
      ...beamCalibration,
      methods: ['width', 'bounce'],
    },
    // A ball going into a goal or cup passes its beam, where a colour sensor may look at it (golf
    // billiards goal a); nothing sees the colour of a ball leaving the table.
    signal: (s) => ({ shape: 'interrupt', activeLow: s.activeLow ?? D.activeLow.beam, colour: s.event !== 'out' }),
  }),
  pocket: defineKind({
    kind: 'pocket',
    code: KIND_POCKET,
    schema: PocketSensor,
    edge: 'pulse',
    event: () => 'pocket',
    pins: (s) => [
      { ref: s.pin, role: 'main', what: 'beam' },
      { ref: s.drop, role: 'drop', what: 'beam' },
    ],
    check: (s, c) => {
      if (!s.colour) return [];
      const problems: string[] = [];
      // A board without I2C wiring runs the pocket without its colour sensor (the Pico: no room, hardware/pool.md).
      if (!c.ballColours) problems.push(`sensor ${s.id}: a pocket colour sensor needs the profile's ballColours`);
      if (s.drop === undefined) problems.push(`sensor ${s.id}: a pocket colour sensor samples while the ball drops: it needs a drop beam`);
      // One TCS3472x per bus address: several need the multiplexer, each on its own channel.
      const channelOf = (x: { id: string; kind: string }): number | undefined => (x as { colour?: { channel?: number } }).colour?.channel;
      const others = c.sensors.filter((x) => x !== s && (x as { colour?: unknown }).colour !== undefined);
      if (others.length > 0 && s.colour.channel === undefined)
        problems.push(`sensor ${s.id}: ${others.length + 1} colour sensors share address 0x29: give each a multiplexer "channel"`);
      const same = others.find((x) => channelOf(x) !== undefined && channelOf(x) === s.colour!.channel);
      if (same) problems.push(`sensor ${s.id}: multiplexer channel ${s.colour.channel} is also sensor ${same.id}'s`);
      return problems;
    },
    // `pc`: the colour sensor's multiplexer channel (-1: alone on the bus); absent without one.
    compile: (s, c) => ({
      ...watchedBeam(s, c, 'pocket'),
      k: KIND_POCKET,
      dr: c.pin(s.drop),
      cw: s.captureMs ?? D.captureMs,
      ...(s.colour && c.i2c ? { pc: s.colour.channel ?? -1 } : {}),
    }),
    // Over Firmata (no I2C reads) a pocket runs without its colour sensor, as on a board without I2C wiring.
    firmata: () => [],
    calibration: {
      instruction: (s, n) => `Roll a ball into pocket${where(s)} ${n} times, one at a time: slow ones and one fast one.`,
      current: (s) => ({ ...beamCalibration.current(s), captureMs: s.captureMs ?? D.captureMs }),
      raw: beamCalibration.raw,
      methods: ['width', 'bounce', 'rattles'],
    },
    // The ball crosses the jaw beam, then falls past the drop beam below it (and the colour sensor there, if any).
    signal: (s) => ({
      shape: 'interrupt',
      activeLow: s.activeLow ?? D.activeLow.pocket,
      drop: { afterUs: 60_000, widthUs: 15_000, ...(s.colour ? { colour: true } : {}) },
    }),
  }),
  piezo: defineKind({
    kind: 'piezo',
    code: KIND_PIEZO,
    schema: PiezoSensor,
    edge: 'hit',
    event: (s) => s.event,
    pins: (s) => [
      { ref: s.pin, role: 'main', what: 'piezo' },
      { ref: s.analog, role: 'analog', what: 'analog' },
    ],
    compile: (s, c) => ({
      id: s.id,
      e: ev(s.event),
      pin: c.pin(s.pin),
      ...(s.place ? { p: s.place } : {}),
      k: KIND_PIEZO,
      lo: (s.activeLow ?? D.activeLow.piezo) ? 1 : 0,
      db: s.debounceMs ?? D.debounceMs.piezo,
      mn: s.deadMs ?? D.deadMs,
      an: c.pin(s.analog),
      sl: s.silentAfter ?? D.silentAfter,
      nz: s.noisyPerS ?? D.noisyPerS,
    }),
    firmata: (s) => (s.analog ? [`sensor ${s.id}: the piezo magnitude (analog peak hold) is not read over Firmata (remove "analog")`] : []),
    calibration: {
      instruction: (s, n) => {
        // A bumper bus (golf billiards): every post on one input, so each post is tried.
        if (s.event === 'cushion' && s.place === 'bumper')
          return `Roll a ball into a bumper ${n} times, a second apart, a different bumper each time (the farthest from the board among them): from the softest touch you want counted to a hard shot.`;
        if (s.event === 'cushion')
          return `Roll a ball into rail${where(s)} ${n} times, a second apart: from the softest touch you want counted to a hard shot.`;
        if (s.event === 'contact') return `Click two balls together on the${where(s)} part of the bed ${n} times, a second apart: soft to firm.`;
        return `Play ${n} strokes from the tee${where(s)}, a few seconds apart: a short putt first, then harder.`;
      },
      current: (s) => ({ debounceMs: s.debounceMs ?? D.debounceMs.piezo, deadMs: s.deadMs ?? D.deadMs }),
      raw: () => ({ deadMs: 1 }),
      methods: ['ringing', 'level'],
    },
    signal: (s) => ({ shape: 'knock', activeLow: s.activeLow ?? D.activeLow.piezo, widthUs: KNOCK_US }),
  }),
  tag: defineKind({
    kind: 'tag',
    code: KIND_TAG,
    schema: TagSensor,
    edge: null,
    event: (s) => s.event,
    pins: (s) => [{ ref: s.pin, role: 'uart', what: 'tag' }],
    compile: (s, c) => ({
      id: s.id,
      e: ev(s.event),
      pin: c.pin(s.pin),
      ...(s.place ? { p: s.place } : {}),
      k: KIND_TAG,
      hold: s.holdMs ?? D.holdMs,
      baud: c.tagBaud(s.part),
    }),
    firmata: (s) => [`sensor ${s.id}: a tag reader needs a UART, which StandardFirmata does not relay`],
  }),
};

export type SensorKindName = keyof typeof SENSOR_KINDS;
type KindSchema = (typeof SENSOR_KINDS)[SensorKindName]['schema'];

/** The profile's `sensors` items: one of the kinds' schemas. */
export const SensorOptions = Type.Union(Object.values(SENSOR_KINDS).map((k) => k.schema) as TSchema[]) as unknown as TUnion<KindSchema[]>;
export type SensorOptions = Static<KindSchema>;

/** The descriptor of a sensor's kind (typed for that sensor). */
export function kindOf<S extends SensorOptions>(s: S): SensorKind<TObject> & { schema: TObject } {
  const d = (SENSOR_KINDS as Record<string, SensorKind<TObject>>)[s.kind];
  if (!d) throw new TypeError(`unknown sensor kind ${s.kind}`);
  return d;
}
